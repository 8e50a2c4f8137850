"""Hands on phones, whole games (issue 53's "Done when"): a whole hidden game of each kind from its
first move to its end screen, all three seats people, each on its own phone page (docs/pairing.md
"Tests"). Apart from e2e/test_phones_e2e.py so that the e2e run's two workers (`--dist loadfile`)
can play them beside the other phone tests; marker `whole_game` (minutes). The pages and the
checks are e2e/phone_pages.py's; every wait is on a page's own state (docs/testing.md)."""

import pytest

import engine
from web.i18n import t

from phone_pages import device, rtc_browser  # noqa: F401 - the fixtures (e2e/phone_pages.py)
from phone_pages import (
    barcelona_secrets,
    messages_hold_only_own_view,
    play_on_phones,
    saved,
    strasbourg_secrets,
    table_and_phones,
    the_end_on_every_phone,
)
from scripts.browser import click_and_wait
from scripts.phones import pair


@pytest.mark.whole_game
def test_a_whole_strasbourg_game_on_three_phones(device, base):  # noqa: F811 - the fixture
    """Strasbourg with hidden screens from its start to its end screen, all three seats people,
    each on its own phone (paired by the text codes): no hand-off screen ever, no seat's screen
    on the table, only its own on each phone, no choice of a seat anywhere but on its phone, and
    every message a phone got is its own seat's view."""
    table, phones = table_and_phones(device, base, "game=strasbourg&players=3&seed=5&hidden=1&botdelay=0", range(3))
    assert table.locator(".pair-seat").count() == 3
    for seat, phone in phones.items():
        pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    assert len(saved(table)["actions"]) == 0  # from the very start
    play_on_phones(table, phones, 10_000, strasbourg_secrets)
    rec = saved(table)
    assert engine.game_module("strasbourg").replay(rec).is_over
    the_end_on_every_phone(table, phones, t("app.over.title"))
    messages_hold_only_own_view(rec, phones)


@pytest.mark.whole_game
def test_a_whole_barcelona_game_on_three_phones(device, base):  # noqa: F811 - the fixture
    """Barcelona with hidden hands from its start to its end screen, all three seats people, each
    on its own phone (paired by the text codes): no hand-off screen ever, no hand on the table,
    only its own on each phone, and every message a phone got is its own seat's view."""
    table, phones = table_and_phones(device, base, "game=barcelona&players=3&seed=3&hidden=1&botdelay=0", range(3))
    assert table.locator(".pair-seat").count() == 3
    for seat, phone in phones.items():
        pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    assert len(saved(table)["actions"]) == 0  # from the very start
    play_on_phones(table, phones, 10_000, barcelona_secrets)
    rec = saved(table)
    assert engine.game_module("barcelona").replay(rec).is_over
    the_end_on_every_phone(table, phones, t("app.over.title"))
    messages_hold_only_own_view(rec, phones)

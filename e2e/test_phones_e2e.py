"""Hands on phones through real pages (docs/pairing.md): a table page and two phone pages, each in
its own browser context (its own storage, as separate devices), paired through the text codes
read from one page's DOM and typed into the other's, then whole turns of a hidden-hands game with
every person's seat on its phone: no hand-off screen, no hand of any seat on the table, no other
seat's hand on a phone; a wrong code refused; a pairing whose channel never opens says so and
pairs from a new code; a phone reloaded rejoins by pairing again and the game goes on; a whole
game of each kind with every seat a person on its own phone. The pages and the checks are
e2e/phone_pages.py's. Every wait is on a page's own state (docs/testing.md).

Chromium hides host candidates behind mDNS names (``<uuid>.local``) unless the page may use the
camera or microphone; this test browser's renderer cannot resolve them, so it is launched with
``--disable-features=WebRtcHideLocalIpsWithMdns`` and the candidates are the machine's addresses.
The mDNS form of a code is tests/web/test_remote_code.py's. No STUN/TURN server is ever asked
(``iceServers: []``), and the guard still fails on any request to another host."""

import engine
from web.i18n import t
from web.model import remote_code

from e2e_harness import load_record, near_the_end, wait_ready
from phone_pages import device, rtc_browser  # noqa: F401 - the fixtures (e2e/phone_pages.py)
from phone_pages import (
    barcelona_secrets,
    boot,
    play_on_phones,
    rec_current,
    saved,
    table_and_phones,
    the_end_on_every_phone,
)
from scripts.browser import click_and_wait, play_step, reveal
from scripts.phones import (
    PHONE,
    TABLET,
    answer_on_table,
    join,
    pair,
    retry,
    settled,
    table_code,
    wait_moves,
    wait_phone_current,
)

TURNS = 8  # seat changes played through the phones (several whole turns of each person)


def test_two_phones_play_barcelona_turns_with_hidden_hands(device, base):  # noqa: F811 - the fixture
    table = boot(device(**TABLET), f"{base}index.html?game=barcelona&players=3&seed=7&hidden=1&bots=2&botdelay=0")
    phones = {0: boot(device(**PHONE), f"{base}index.html"), 1: boot(device(**PHONE), f"{base}index.html")}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    assert table.locator(".pair-seat").count() == 2  # the people's seats; the computer's stays

    # A wrong code is refused on both sides, and a phone's code typed into another seat's field.
    click_and_wait(phones[0], '[data-action="ui:join"]')
    phones[0].fill('textarea[name="table-code"]', "not-a-code")
    click_and_wait(phones[0], '[data-action="ui:join-code"]')
    assert phones[0].locator(".message").count() == 1
    click_and_wait(phones[0], '[data-action="ui:join-leave"]')
    join(phones[0], table_code(table, 0))
    phones[0].locator("textarea.phone-code").wait_for()
    answer_on_table(table, 1, phones[0].locator("textarea.phone-code").input_value())
    assert table.locator(".message").count() == 1
    assert table.locator('.pair-seat[data-seat="1"]').get_attribute("data-status") == "offered"
    answer_on_table(table, 0, phones[0].locator("textarea.phone-code").input_value())
    if settled(table, 0):
        phones[0].wait_for_selector(".phone-bar")
    else:  # the card said "could not connect" (never silently): a new code, as a player would
        retry(table, phones[0], 0)
        pair(table, phones[0], 0)
    pair(table, phones[1], 1)
    click_and_wait(table, '[data-action="ui:phones-done"]')

    before = len(saved(table)["actions"])
    play_on_phones(table, phones, TURNS, barcelona_secrets)
    assert len(saved(table)["actions"]) > before + TURNS
    # The phones keep no game (the table holds it and its record).
    for p in phones.values():
        assert p.evaluate("window.euroStore.currentText()") in (None, "")

    # A phone reloads: the table pairs its seat again (a new code, a new secret) and the game goes on.
    table.wait_for_function("!document.body.dataset.bot")
    seat = rec_current(saved(table))
    phone = phones[seat]
    phone.reload()
    wait_ready(phone)
    table.wait_for_selector('.remote-wait [data-action="ui:phones"]')  # the table saw the phone go
    click_and_wait(table, '.remote-wait [data-action="ui:phones"]')
    table.wait_for_selector(f'.pair-seat[data-seat="{seat}"] textarea.table-code')
    pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    n = len(saved(table)["actions"])
    wait_phone_current(phone, table, seat)
    play_step(phone, tap=True)
    wait_moves(table, n)
    barcelona_secrets(table, phones)

    # The table reloads: the game and its phone seats come back (record meta), each seat pairs again.
    table.reload()
    wait_ready(table)
    table.wait_for_function("!document.body.dataset.bot")
    assert table.get_attribute("body", "data-screen") == "remote"  # not a hand-off screen
    phones[0].wait_for_selector(".join .message")  # the phones saw the table go
    phones[1].wait_for_selector(".join .message")
    click_and_wait(table, '.remote-wait [data-action="ui:phones"]')
    for seat, phone in phones.items():
        click_and_wait(phone, '[data-action="ui:join-leave"]')
        pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    play_on_phones(table, phones, 2, barcelona_secrets)


def test_the_last_turns_of_barcelona_on_phones_to_the_end(device, base):  # noqa: F811 - the fixture
    """A two-person hidden-hands Barcelona game opened near its end on the table (Import), both
    seats on phones, played to the end screen: the phones say the game is over too."""
    from engine.barcelona import bot, new_game
    from engine.core.rng import Rng

    g, r = new_game(2, seed=8), Rng(8)
    while not g.is_over:
        g.apply(bot.choose(g, r))
    table = boot(device(**TABLET), f"{base}index.html?botdelay=0")
    load_record(table, near_the_end(g, 6, knobs="hidden=1"))
    phones = {0: boot(device(**PHONE), f"{base}index.html"), 1: boot(device(**PHONE), f"{base}index.html")}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    pair(table, phones[0], 0)
    pair(table, phones[1], 1)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    play_on_phones(table, phones, 10_000, barcelona_secrets)
    assert engine.game_module("barcelona").replay(saved(table)).is_over
    the_end_on_every_phone(table, phones, t("app.over.title"))


FORGED_ANSWER_SDP = """v=0
o=- 1 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1 1 udp 2113937151 0a1b2c3d-0000-4000-8000-000000000001.local 46420 typ host generation 0
a=ice-ufrag:abcd
a=ice-pwd:abcdefghijklmnopqrstuvwx
a=fingerprint:sha-256 {fp}
a=setup:active
a=mid:0
a=sctp-port:5000
"""


def test_a_pairing_whose_channel_never_opens_says_so_and_a_new_code_pairs(device, base):  # noqa: F811 - the fixture
    """An answer to the seat's code whose channel cannot open (its one candidate an mDNS name no
    one answers: the right tag, no phone behind it): the card says the phone could not connect,
    instead of "Connecting..." for ever; New code makes a fresh code, which a real phone pairs."""
    table, phones = table_and_phones(device, base, "game=barcelona&players=2&seed=4&hidden=1&botdelay=0", [0])
    old = table_code(table, 0)
    offer = remote_code.unpack(old)
    sdp = FORGED_ANSWER_SDP.format(fp=":".join(["AB"] * 32))
    forged = remote_code.pack(remote_code.ANSWER, 0, remote_code.tag(offer["proof"]), sdp)
    answer_on_table(table, 0, forged)
    assert table.locator('.pair-seat[data-seat="0"]').get_attribute("data-status") == "connecting"
    assert not settled(table, 0)  # the page's CONNECT_MS: it says so
    assert table.locator('.pair-seat[data-seat="0"] .message').count() == 1
    click_and_wait(table, '[data-action="ui:phone-retry:0"]')
    assert table_code(table, 0) != old  # a fresh code (a new secret)
    pair(table, phones[0], 0)  # the phone shows its seat's table

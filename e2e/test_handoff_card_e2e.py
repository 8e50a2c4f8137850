"""Issue 51, taps with hidden hands: the hand-off card offers the next seat's choices that show
nothing it holds (web/model/handoff_choices.py; Strasbourg's draw, stop and pass), and one tap on
one takes the device and decides (before: "I am Ann", then the choice: two taps). Nothing else
of the game is on the card; a bid (a stack's sum) never is."""

import random

from e2e_harness import load_record
from scripts.browser import GAME_ACTION, click_and_wait, saved_record

import engine.strasbourg as S
from web.kit.seats import DEFAULT_COLOURS

META = {"hidden": True, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}}


def _handoff_at(wanted, seed=5):
    """A record whose next seat (another than the last to act) faces a decision ``wanted`` accepts."""
    g = S.new_game(3, seed)
    rng = random.Random(seed)
    last = None
    for _ in range(400):
        legal = {a.id for a in g.legal_actions()}
        if last is not None and g.current_player != last and wanted(legal):
            return dict(g.record(), meta=META)
        last = g.current_player
        draw = "draw" if "draw" in legal and rng.random() < 0.7 else None
        g.apply(draw or rng.choice(sorted(legal)))
    raise AssertionError("no such hand-off")


def test_one_tap_on_the_card_takes_the_device_and_draws(table):
    record = _handoff_at(lambda legal: {"draw", "stop"} <= legal)
    load_record(table, record)
    card = table.locator('.handoff-choices [data-action="ui:handoff-play:draw"]')
    assert card.is_visible() and card.bounding_box()["height"] >= 44
    assert table.locator(f"{GAME_ACTION}, .side, .board").count() == 0  # nothing else of the game
    n = len(record["actions"])
    click_and_wait(table, card)
    assert saved_record(table)["actions"][n:] == ["draw"]
    assert table.get_attribute("body", "data-screen") == "play"


def test_a_bid_is_never_on_the_card(table):
    record = _handoff_at(lambda legal: "pass" in legal and any(a.startswith("bid:") for a in legal))
    load_record(table, record)
    assert table.locator('.handoff-choices [data-action="ui:handoff-play:pass"]').is_visible()
    assert table.locator('[data-action^="ui:handoff-play:bid"]').count() == 0
    n = len(record["actions"])
    click_and_wait(table, '[data-action="ui:handoff-play:pass"]')
    assert saved_record(table)["actions"][n:] == ["pass"]

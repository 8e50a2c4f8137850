"""The table behind the hand-off card is drawn ahead (web/model/handoff_prep.py): what the tap on the
card then shows must be exactly what drawing it at the tap gives, and a drawing made for another
state is never used."""

import pytest

from web.screens import panels
from web.model.handoff_prep import HandoffPrep
from web.model.hints import suggest
from web.model.session import Session


def pass_and_play(game, players, seed):
    s = Session()
    s.start(
        {
            "game": game,
            "players": players,
            "names": [f"P{i}" for i in range(players)],
            "bots": [],
            "hidden": True,
            "options": {},
        },
        seed,
    )
    s.board_box = (900, 600)
    return s


def to_handoffs(s, count):
    """Play (easy bot's choices, as the person) and yield the session at ``count`` hand-off cards."""
    seen = 0
    while seen < count and not s.game.is_over:
        panels.screen(s)  # the page draws every state (banners keep up)
        if s.screen == "handoff":
            seen += 1
            yield s
            s.handoff_ok()
        elif s.screen == "play":
            aid = suggest(s.game, level="easy").id
            if not s.flow.tap(aid):
                s.flow.confirm()


def tap_card(s):
    """What web/page.run does around the tap on the card."""
    s.message, s.just_played = "", []
    s.handoff_ok()


@pytest.mark.parametrize("game, players, seed", [("barcelona", 3, 4), ("strasbourg", 4, 2)])
def test_the_prepared_table_is_the_table_drawn_at_the_tap(game, players, seed):
    prep, checked = HandoffPrep(), 0
    for s in to_handoffs(pass_and_play(game, players, seed), 4):
        card = panels.screen(s)
        prep.prepare(s, 7, panels.draw)
        assert s.screen == "handoff" and panels.screen(s) == card  # the session is as it was
        assert 'data-action="ui:handoff-ok"' in card
        tap_card(s)
        page = prep.take(s, 7)
        assert page is not None and page.html == panels.draw(s).html
        assert prep.take(s, 7) is None  # used once
        s.shown_seat = None  # back to the card for the loop
        checked += 1
    assert checked == 4


def test_a_drawing_for_another_state_is_not_used():
    s = next(to_handoffs(pass_and_play("barcelona", 3, 4), 1))
    prep = HandoffPrep()
    prep.prepare(s, 7, panels.draw)
    tap_card(s)
    assert prep.take(s, 8) is None  # a redraw happened in between (e.g. a zoom)
    s.shown_seat = None
    prep.prepare(s, 7, panels.draw)
    tap_card(s)
    s.zoom = 2.0
    assert prep.take(s, 7) is None  # zoomed since
    s.zoom, s.shown_seat = 1.0, None
    prep.prepare(s, 7, panels.draw)
    tap_card(s)
    s.message = "app.err.internal"
    assert prep.take(s, 7) is None  # the tap left a message to show
    s.message = ""
    assert prep.take(s, 7) is None  # and it is gone once looked at

"""The tray (issue 25 "A choice that is not on the visible board is a button"): the choices drawn
only on the own board or a side board (below the screen's foot in portrait) are buttons under the
board too, with their whole label; the decision bar keeps leaving drawn choices to the drawings.
The portrait check in real Chromium is e2e/test_fit.py."""

import random
import re

from web.screens import panels
from web.i18n import tr
from web.model.session import Session
from web.kit.svgkit import Region
from web.screens.table_panels import TRAY_MAX, off_board, tray

_TRAY = re.compile(r'<div class="tray"[^>]*>(.*?)</div>', re.S)
_IDS = re.compile(r'data-action="([^"]+)"')


def _session(game, seed=7):
    s = Session()
    s.start({"game": game, "players": 3, "hidden": False}, seed)
    s.flow.set_confirm(False)
    return s


def _tray_ids(html):
    m = _TRAY.search(html)
    return _IDS.findall(m.group(1)) if m else []


def _bar_ids(html):
    bar = html[html.index('<div class="bar">') : html.index('<div class="col-main"')]
    return set(_IDS.findall(bar))


def test_strasbourg_task_cards_are_tray_buttons_with_their_text():
    s = _session("strasbourg")
    legal = s.legal_actions()
    drops = [a for a in legal if a.kind == "drop"]
    assert drops, "the first decision removes task cards"
    html = panels.draw(s).html
    assert _tray_ids(html) == [a.id for a in drops]  # each card once, in the engine's order
    for a in drops:  # the whole label: the card's text
        assert tr(a.label).replace("'", "&#x27;") in html
    assert not _bar_ids(html) & {a.id for a in drops}  # not a second time in the bar


def test_every_tray_button_is_a_legal_choice_drawn_only_off_the_main_board():
    for game in ("barcelona", "strasbourg"):
        s = _session(game, seed=3)
        rng = random.Random(3)
        seen = 0
        for _ in range(60):
            if s.game.is_over:
                break
            legal = s.legal_actions()
            html = panels.draw(s).html
            got = _tray_ids(html)
            assert len(got) <= TRAY_MAX and set(got) <= {a.id for a in legal}
            board = re.search(r'<div class="col-main".*?<div class="banner-slot">', html, re.S).group(0)
            assert not set(got) & set(_IDS.findall(board)), "a tray choice is on the main board"
            seen += bool(got)
            s.flow.select(rng.choice(legal).id)
            if s.flow.selection is not None:
                s.flow.confirm()
        assert seen, f"{game}: no decision had a choice off the main board"


def test_off_board_ignores_the_main_board_and_the_other_players():
    board = Region("board", "board", "<svg/>", 740, frozenset({"a", "b"}), "", 776)
    own = Region("player:0", "own", "<svg/>", 400, frozenset({"b", "c"}))
    rival = Region("player:1", "others", "<svg/>", 400, frozenset({"d"}))
    assert off_board([board, own, rival]) == {"c"}
    assert off_board([own]) == set()  # a plain picture: its one drawing is the board


def test_too_many_off_board_choices_make_no_tray():
    from engine.core.action import Action
    from engine.core.msg import msg

    acts = [Action(f"x:{i}", msg("app.ok")) for i in range(TRAY_MAX + 1)]
    assert tray(acts, {a.id for a in acts}) == ""
    assert tray(acts[:3], {a.id for a in acts}).count("data-action=") == 3

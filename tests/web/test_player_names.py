"""Players' names (web/i18n/player_names.py): cleaned on entry and on import, isolated where shown.
Audit (issue 50, item 3): right-to-left names and control characters reordered the text around
them in scores, the log and the hand-off screen."""

import json

import pytest

from web.i18n.player_names import FSI, PDI, clean, isolate
from web.model.games import MAX_NAME
from web.screens import panels

RTL = "דנה"  # Hebrew letters: bidi class R
ARABIC = "ليلى"  # bidi class AL


def test_clean_drops_control_and_bidi_characters_and_keeps_the_limit():
    assert clean("An\u202ena\x00\n  Bo\u2069", MAX_NAME) == "Anna Bo"  # override, NUL, newline, stray PDI
    assert clean("\u200f\u061cX\u2028Y", MAX_NAME) == "X Y"  # marks dropped, a line separator is a space
    family = "👩\u200d👩\u200d👧"
    assert clean(family, MAX_NAME) == family  # ZWJ sequences stay whole
    assert clean("\x07\x1b", MAX_NAME) == ""  # nothing left: the caller's default applies
    assert len(clean("x" * 40, MAX_NAME)) == MAX_NAME


def test_isolate_wraps_right_to_left_names_only():
    assert isolate(RTL) == FSI + RTL + PDI and isolate(ARABIC) == FSI + ARABIC + PDI
    assert isolate("Ann 2") == "Ann 2"  # left to right: shown exactly as typed
    assert isolate("Zoë (host)") == "Zoë (host)"


def test_names_typed_on_the_form_are_cleaned(session):
    session.start({"game": "barcelona", "players": 3, "names": ["Ann\u202e", "\x07\x08", "Cy\n"]}, 3)
    names = list(session.game.names)
    assert names[0] == "Ann" and names[2] == "Cy"
    assert names[1] and not any(ord(c) < 32 for c in names[1])  # the default name, not an empty one


def test_an_imported_record_is_cleaned_before_it_is_played(session):
    session.start({"game": "barcelona", "players": 3, "names": ["Ann", "Bo", "Cy"]}, 3)
    session.apply(session.game.legal_actions()[0].id)
    rec = json.loads(session.save_text())
    rec["players"] = ["A\u202enn", "B\u0000o", "C\u2066y"]
    session.load_text(json.dumps(rec))
    assert list(session.game.names) == ["Ann", "Bo", "Cy"] and len(session.game.actions) == 1


def _every_occurrence_isolated(html, name):
    assert html.count(name) > 0
    return html.count(name) == html.count(FSI + name + PDI)


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_a_right_to_left_name_is_isolated_on_every_screen(session, game):
    """The table (board, scores, log, the screen-reader summary), the hand-off screen and the
    saved-games list: every occurrence of the Hebrew name sits between FSI and PDI."""
    session.start({"game": game, "players": 3, "names": [RTL, "Bo", ARABIC], "hidden": True}, 5)
    for _ in range(12):
        if session.screen == "handoff":
            html = panels.screen(session)
            assert 'class="card handoff"' in html
            assert _every_occurrence_isolated(html, RTL) or _every_occurrence_isolated(html, ARABIC)
            session.handoff_ok()
        session.apply(session.game.legal_actions()[0].id)
    html = panels.screen(session)
    assert _every_occurrence_isolated(html, RTL) and _every_occurrence_isolated(html, ARABIC)
    assert FSI + "Bo" not in html  # a left-to-right name is shown as typed
    session.saves.slot = "g1"
    session.saves.saved(True, session.saves.summary("2026-12-07T10:00:00.000Z"))
    session.choosing = True
    listed = panels.screen(session).split('class="card saved-games"')[1]
    assert _every_occurrence_isolated(listed, RTL)

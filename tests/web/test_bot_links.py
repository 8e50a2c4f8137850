"""The level of each computer seat in links (``bots=1:hard,2:easy``; plain ``bots=1`` keeps the
default level) and on the new-game form (a level select per computer seat, from spec.bots)."""

import re

import pytest

from web.screens import panels
from web.model.games import SetupError
from web.model.links import settings_from_query
from web.model.session import Session


@pytest.mark.parametrize(
    "query, bots, levels",
    [
        ("game=barcelona&players=3&bots=1:hard,2:easy", [1, 2], {1: "hard", 2: "easy"}),
        ("game=barcelona&players=3&bots=1", [1], {1: "normal"}),
        ("game=barcelona&players=4&bots=3:hard,0", [0, 3], {0: "normal", 3: "hard"}),
        ("game=strasbourg&players=5&bots=4:Hard,2:normal", [2, 4], {2: "normal", 4: "hard"}),
        ("game=strasbourg&players=3&bots=", [], {}),
    ],
)
def test_levels_from_links(query, bots, levels):
    s, _ = settings_from_query(query)
    assert s["bots"] == bots and s["levels"] == levels


@pytest.mark.parametrize(
    "query, words",
    [
        ("game=barcelona&players=3&bots=1:bogus", "'bogus' is not one of Barcelona's levels (easy, normal or hard)"),
        ("game=barcelona&players=3&bots=1:", "must list seat numbers"),
        ("game=barcelona&players=3&bots=:hard", "must list seat numbers"),
        ("game=barcelona&players=3&bots=one:hard", "must list seat numbers"),
        ("game=barcelona&players=3&bots=1,,2", "must list seat numbers"),
        ("game=barcelona&players=3&bots=1:hard:x", "is not one of"),
        ("game=barcelona&players=3&bots=1:hard,1:easy", "different seat numbers"),
        ("game=barcelona&players=3&bots=3:hard", "different seat numbers from 0 to 2"),
        ("game=barcelona&players=2&bots=0:hard,1:easy", "at least one seat must be played by a person"),
        ("game=strasbourg&players=3&bots=1:" + "x" * 70, "too long"),
    ],
)
def test_bad_level_links_say_what_is_wrong(query, words):
    with pytest.raises(SetupError) as e:
        settings_from_query(query)
    msg = str(e.value)
    assert words in msg and len(msg) < 160


def test_session_plays_the_linked_levels():
    s = Session()
    settings, seed = settings_from_query("game=strasbourg&players=3&seed=4&bots=1:hard,2:easy")
    s.start(settings, seed)
    assert s.seats.level(1) == "hard" and s.seats.level(2) == "easy" and s.seats.level(0) == "normal"


def test_form_offers_hard_for_each_computer_seat():
    s = Session()
    s.refresh_form({"game": "strasbourg", "players": "4", "kind2": "bot", "level2": "hard"})
    html = panels.screen(s)
    sel = re.search(r'<select name="level2"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'<option value="(\w+)"', sel) == ["easy", "normal", "hard"]
    assert '<option value="hard" selected>Hard</option>' in sel
    assert s.form["levels"] == {2: "hard"}

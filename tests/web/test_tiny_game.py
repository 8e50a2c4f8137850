"""Adding a game = a new engine module + a renderer, nothing else.

Tiny (fake_game.py, drawn by fake_render.py) is registered in the game registry by the ``tiny``
fixture (conftest.py) and unregistered after. Nothing in web/ names it, yet it is played here end
to end through web.model.session and web.screens.panels, the way main.py drives them: the new-game form (its
option and computer levels from its spec), start, board and button moves, a hint, undo, a
computer seat, save and load, the end screen."""

import json
import re

from engine.core import registry
from web.screens import panels
from web.model import session as web_session
from web.model.links import settings_from_query
from web.model.session import Session
from web.model.settings import settings_from_form


def clicks(html):
    return re.findall(r'data-action="([^"]+)"', html)


def test_tiny_is_not_named_in_web_code():
    from pathlib import Path

    web = Path(web_session.__file__).parent
    for p in web.glob("*.py"):
        assert "tiny" not in p.read_text().lower(), p.name


def test_tiny_unregistered_after_its_tests():
    assert "tiny" not in registry.names()


def test_tiny_end_to_end(tiny):
    s = Session()
    # the form lists Tiny with its title and counts; choosing it shows its option and levels
    html = panels.screen(s)
    assert '<option value="tiny">Tiny (2-4 players)</option>' in html
    fields = {
        "game": "tiny",
        "players": "3",
        "name0": "Ann",
        "name1": "Bo",
        "name2": "Cy",
        "colour0": "#000000",
        "colour1": "#E69F00",
        "colour2": "#56B4E9",
        "kind2": "bot",
    }
    s.refresh_form(fields)
    html = panels.screen(s)
    assert 'name="rounds" value="3" checked' in html and 'name="level2"' in html and 'name="layout"' not in html
    fields.update({"rounds": "5", "level2": "easy", "kind0": "human", "kind1": "human"})
    s.start(settings_from_form(fields), 11)
    assert s.game.options == {"rounds": 5} and s.meta["bots"] == [2] and s.meta["bot_levels"] == {"2": "easy"}

    # a board move (drawn by Tiny's renderer) and button moves under its own headings
    html = panels.screen(s)
    assert re.search(r'<rect[^>]*data-action="cell:0" class="legal"', html)
    assert "<h3>Take coins</h3>" in html and "<h3>Pass</h3>" in html
    assert clicks(html).count("cell:0") == 1
    s.apply("cell:0")
    assert s.can_undo()
    s.undo()  # undo within the turn
    assert s.game.actions == []
    s.hints.request()  # the hint: Tiny's normal bot on the masked copy
    assert s.hints.current.id == "take:3" and "Suggested: Take 3 coins" in panels.screen(s)
    s.apply("take:3")
    s.apply("pass")
    assert s.screen == "bot" and "Computer seat — thinking" in panels.screen(s)
    assert s.seats.play().id == "take:1"  # the seat's level: easy takes one coin
    assert s.screen == "play" and s.game.current_player == 0

    # save and load into a fresh session: the same game, meta and screen
    text = s.save_text()
    t = Session()
    t.load_text(text)
    assert t.game.record() == s.game.record() and t.meta == s.meta and t.screen == "play"
    assert json.loads(text)["game"] == "tiny"

    # play to the end: the end screen with winners, totals and the chart
    while not t.game.is_over:
        if t.screen == "bot":
            t.seats.play()
        else:
            t.apply("take:2" if t.game.current_player == 0 else "pass")
    html = panels.screen(t)
    assert t.screen == "over" and "Game over" in html and "Ann wins!" in html
    rows = dict(re.findall(r"<tr[^>]*><th>([^<]*)</th>(.*?)</tr>", html.split('<table class="scores">')[1]))
    assert re.findall(r">(\d+)<", rows["Total"]) == [str(x) for x in t.game.scores()]
    assert '<svg class="chart"' in html


def test_tiny_from_a_link(tiny):
    s = Session()
    settings, seed = settings_from_query("?game=tiny&players=2&seed=3&rounds=3&bots=1:easy")
    s.start(settings, seed)
    s.apply("pass")
    assert s.seats.level(1) == "easy" and s.seats.play().id == "take:1"

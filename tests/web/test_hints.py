"""Hints (web/model/hints.py) on the real engines, and their plumbing in session/panels (fake game).

The secrecy tests change what the deciding seat cannot see (other seats' hands, the bag, deck
orders, the RNG) and check that the hint does not change, i.e. it cannot reveal any of it."""

import random
import re

import pytest

import engine
from secrets_shaker import SHAKE
from web.model import hints
from web.screens import panels, table_panels

SETTINGS = {"game": "tiny", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}


def _module(name):
    try:
        m = engine.game_module(name)
    except ImportError:
        m = None
    if not hasattr(m, "new_game"):
        pytest.skip(f"{name} engine not available")
    return m


def positions(name, seed, n=60, players=3):
    """Positions along a seeded random playout (every 3rd decision)."""
    g, rng = _module(name).new_game(players, seed=seed), random.Random(seed)
    for k in range(n):
        if g.is_over:
            break
        if k % 3 == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_hint_is_a_legal_action_and_leaves_the_game_alone(name):
    for g in positions(name, 4):
        rec, legal = g.record(), [a.id for a in g.legal_actions()]
        a = hints.suggest(g)
        assert a is not None and a.id in legal and a.label
        assert g.record() == rec and [x.id for x in g.legal_actions()] == legal
        assert hints.suggest(g).id == a.id  # the same position, the same hint


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_hint_does_not_depend_on_other_seats_secrets(name):
    seen = 0
    for seed in (1, 2, 3):
        for g in positions(name, seed, n=90):
            want = hints.suggest(g).id
            for k in range(3):
                h = SHAKE[name](g, g.current_player, seed * 10 + k)
                assert h.view(g.current_player) == g.view(g.current_player)  # same for this seat
                assert hints.suggest(h).id == want
                seen += 1
    assert seen > 30


def test_barcelona_mask_keeps_the_seat_and_public_state():
    for g in positions("barcelona", 6):
        seat = g.current_player
        m = g.masked_for(seat, hints.MASK_SEED)
        assert m.view(seat) == g.view(seat)
        assert [a.id for a in m.legal_actions()] == [a.id for a in g.legal_actions()]
        assert sorted(m.bag + [c for i, p in enumerate(m.players) if i != seat for c in p.hand]) == sorted(
            g.bag + [c for i, p in enumerate(g.players) if i != seat for c in p.hand]
        )


def test_no_hint_when_over_or_unknown_game(session, tiny):
    assert hints.suggest(None) is None
    session.start(SETTINGS, 3)
    assert hints.suggest(session.game).id == "take:3"  # Tiny's bots come from its spec
    impostor = type("Impostor", (type(session.game),), {"GAME_NAME": "barcelona"})
    session.game.__class__ = impostor  # calls itself Barcelona, but is not that spec's engine
    assert hints.suggest(session.game) is None
    session.game.__class__ = impostor.__mro__[1]
    while not session.game.is_over:
        session.apply("pass")
    assert hints.suggest(session.game) is None


def test_hint_and_levels_from_the_spec(session, tiny):
    """The hint asks the default level (normal); a level names its bot in spec.bots; the bot
    runs on the seat's masked copy (never the game itself)."""
    seen = []
    import fake_game

    def spy(game, rng):
        seen.append(game)
        return fake_game.cautious(game, rng)

    fake_game.spy = spy
    from engine.core import registry
    from engine.core.registry import GameSpec

    registry.register(GameSpec(**{**tiny.__dict__, "bots": {"easy": "fake_game:spy", "normal": "fake_game:greedy"}}))
    session.start(SETTINGS, 3)
    g = session.game
    assert hints.suggest(g).id == "take:3" and hints.suggest(g, level="normal").id == "take:3"
    assert hints.suggest(g, level="easy").id == "take:1" and hints.suggest(g, level="bogus").id == "take:3"
    assert seen and seen[0] is not g and seen[0].secret[1:] == [0, 0] and g.secret[1:] != [0, 0]
    del fake_game.spy


# ----- session and panels plumbing (fake game) ---------------------------------------------------
def test_session_hint_shown_until_the_position_changes(session):
    session.start(SETTINGS, 3)
    session.suggest = lambda g, level=None: None
    with pytest.raises(ValueError, match="no hint"):
        session.hints.request()
    session.suggest = lambda g, level=None: g.legal_actions()[-1]
    session.hints.request()
    a = session.hints.current
    assert a is not None
    html = panels.screen(session)
    assert f"Suggested: {a.label}" in html
    tagged = re.findall(
        r'<[^>]*\bclass="[^"]*\bhint\b[^"]*"[^>]*data-action="([^"]+)"|'
        r'<[^>]*data-action="([^"]+)"[^>]*\bclass="[^"]*\bhint\b',
        html,
    )
    assert {x or y for x, y in tagged} - {"ui:hint"} == {a.id}
    session.apply(session.game.legal_actions()[0].id)
    assert session.hints.current is None and "Suggested:" not in panels.screen(session)


def test_hint_on_a_board_target(session):
    session.start(SETTINGS, 3)
    session.suggest = lambda g, level=None: next(a for a in g.legal_actions() if a.id.startswith("cell:"))
    session.hints.request()
    html = panels.screen(session)
    assert re.search(rf'<rect[^>]*data-action="{session.hints.current.id}"[^>]*class="legal hint"', html)


def test_hint_needs_the_play_screen(session):
    session.start(dict(SETTINGS, hidden=True), 3)
    session.suggest = lambda g, level=None: g.legal_actions()[0]
    assert session.screen == "handoff"
    with pytest.raises(ValueError):
        session.hints.request()
    session.handoff_ok()
    session.hints.request()
    session.new_game_screen()
    assert session.hints.current is None  # never shown off the play screen


def test_zoom_default_fit_width_pinch_and_drawer(session):
    session.start(SETTINGS, 3)
    session.set_zoom_to(7)
    assert session.zoom == 3.0
    session.set_zoom_to(0.1)
    assert session.zoom == 0.5
    html = panels.screen(session)
    assert 'data-zoom="0.5"' in html and "* 0.5)" in html
    session.start(SETTINGS, 4)  # a new game (or a restore) starts at fit width
    assert session.zoom == 1.0
    assert "panel-open" not in panels.screen(session)
    session.toggle_panel()
    assert "panel-open" in panels.screen(session)
    assert panels.screen(session).count('data-action="ui:panel"') == 2  # toolbar toggle + drawer close


def test_board_min_px_makes_hit_shapes_44px():
    for game in ("barcelona", "strasbourg"):
        m = __import__(f"web.boards.{game}", fromlist=["W", "HIT"])
        assert m.HIT * table_panels.board_min_px(game) / m.W >= 44
    assert table_panels.board_min_px("nope") == 0


# ----- the Hint button at the Hard level, computed in the background worker ---------------------
def test_hint_is_asked_of_the_worker_at_the_hard_level_and_matches_the_page():
    """The page posts the seat's masked copy at hints.HINT_LEVEL; while the worker computes, the
    hint box says so; the worker's answer (web/bot_worker.handle, as in the browser) becomes the
    hint, and it is the answer the same level gives in CPython on the page (same seed, budget)."""
    import json
    from web.worker import bots as bot_worker
    from web.model.hints import HINT_LEVEL
    from web.model.session import Session

    s = Session()
    s.start({"game": "barcelona", "players": 2, "names": ["Ann", "Bo"], "hidden": False}, 3)
    request = s.hints.worker_request()
    assert request["level"] == HINT_LEVEL == "hard" and request["seat"] == s.game.current_player
    key = s.position()
    assert s.hints.thinking and s.hints.current is None
    assert "Working out a suggestion" in panels.screen(s)
    reply = json.loads(bot_worker.handle(json.dumps(dict(request, iterations=6, budget_ms=30_000))))
    s.hints.answer(key, reply["action"])
    assert not s.hints.thinking and s.hints.current.id == reply["action"]
    html = panels.screen(s)
    assert "Working out" not in html and 'class="hint-text" role="status">Suggested: ' in html
    page = hints.suggest(s.game, level="hard", iterations=6)
    assert page.id == reply["action"]


def test_a_worker_hint_for_a_position_that_moved_on_is_dropped_and_a_failed_one_falls_back():
    from web.model.session import Session

    s = Session()
    s.start({"game": "barcelona", "players": 2, "names": ["Ann", "Bo"], "hidden": False}, 3)
    s.hints.worker_request()
    key = s.position()
    first = s.game.legal_actions()[0].id
    s.apply(first)  # the player moved before the answer came
    assert not s.hints.thinking
    s.hints.answer(key, first)
    assert s.hints.current is None  # stale: not shown for the new position
    s.hints.worker_request()
    s.hints.answer(s.position(), None)  # the worker could not answer: the page's own level
    assert s.hints.current is not None and s.hints.current.id == hints.suggest(s.game).id
    s.hints.worker_request()
    s.hints.answer(s.position(), "not-an-action")  # never suggests an illegal move
    assert s.hints.current is not None and s.hints.current.id == hints.suggest(s.game).id

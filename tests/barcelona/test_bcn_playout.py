"""Random playouts with invariants checked after EVERY action.

Default: 8 seeded games per player count (2, 3 and 4 players): the suite's share; the soak
(tests/contract/test_soak_short.py, bench/soak.py) plays many more random games with the same
per-game invariants (tests/support/game_checks.py). A large run:

    BARCELONA_PLAYOUTS=300 python -m pytest tests/barcelona/test_bcn_playout.py -q

Expensive checks (replay from the record, full view comparison, undo, clone) run every
``K`` actions and at the end; cheap ones after every action.
"""

import json
import os
import random

import pytest

from engine.barcelona import data as D
from engine.barcelona import replay
from engine.barcelona import new_game
from engine.core.errors import IllegalAction

from tests.support.game_checks import check_state

GAMES = int(os.environ.get("BARCELONA_PLAYOUTS", "8"))
K = 53  # expensive checks every K actions (and at the end)
MAX_ACTIONS = 2000  # a game never needs this many


def views(g):
    return [g.view(s) for s in [None, *range(g.num_players)]]


def check_views(g, vs):
    for v in vs:
        assert json.loads(json.dumps(v)) == v
        seat = v["seat"]
        for i, pb in enumerate(v["player_boards"]):
            # a running game hides other seats' hands; once it is over every hand is shown
            assert pb["hand"] == (list(g.players[i].hand) if i == seat or g.is_over else None)


def check_expensive(g, rnd):
    vs = views(g)
    check_views(g, vs)
    r = replay(json.loads(json.dumps(g.record())))
    assert views(r) == vs
    # illegal ids: IllegalAction, nothing changes
    if not g.is_over:
        for bad in ("zzz", g.legal_actions()[0].id + "x"):
            with pytest.raises(IllegalAction):
                g.apply(bad)
        assert views(g) == vs
    # undo: same seat, no chance crossed
    if g.can_undo():
        u = g.undo()
        assert u.actions == g.actions[:-1]
        assert u.current_player == g.current_player
        assert u.rng.state == g.rng.state  # no draw or shuffle undone
        assert u.mod_display == g.mod_display
        for lvl, st in g.building_stacks.items():  # no building tile revealed since
            assert not st or u.building_stacks[lvl][-1] in st
        others = [i for i in range(g.num_players) if i != g.current_player]
        assert [u.players[i].hand for i in others] == [g.players[i].hand for i in others]
    # clone: independent
    if not g.is_over:
        c = g.clone()
        c.apply(rnd.choice(c.legal_actions()).id)
        assert views(g) == vs


def _level(build_id):
    level = build_id.split(":")[2]
    return level if level == "corner" else int(level)


def play(n, seed):
    g = new_game(n, seed=seed, layout="printed" if seed % 5 == 0 else "shuffled")
    rnd = random.Random(seed * 7919 + n)
    check_state(g)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no legal action before the end"
        assert len({a.id for a in legal}) == len(legal)
        actor = g.current_player
        # prefer "doing something" over finishing early, for coverage
        pick = rnd.choice(legal)
        if pick.id == "act:done" and len(legal) > 1 and rnd.random() < 0.7:
            pick = rnd.choice(legal[:-1])
        g.apply(pick.id)
        steps += 1
        assert steps < MAX_ACTIONS
        check_state(g)
        if g.current_player != actor:
            assert not g.can_undo()
        if pick.kind == "mtake":  # a new Modernisme tile was revealed
            assert not g.can_undo()
        if pick.kind == "build" and g.building_stacks[_level(pick.id)]:
            assert not g.can_undo()  # the next building tile was revealed
        if steps % K == 0:
            check_expensive(g, rnd)
        else:
            with pytest.raises(IllegalAction):
                g.apply("bogus:1")
    check_expensive(g, rnd)
    assert g.legal_actions() == [] and g.current_player is None
    assert g.winners() and g.score_history[-1] == g.scores()
    turns = g.turn
    assert turns % n == 0, "everybody plays the same number of turns"
    return g


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts(n):
    """Random seeded playouts; invariants after every action (see the module docstring).
    RULEBOOK p.2 (72 citizens), p.7 (warehouse capacity), p.16 (equal turns at the end)."""
    ended_by_section = 0
    for seed in range(GAMES):
        g = play(n, seed)
        ended_by_section += g.cerda_scored == D.CERDA_SCORINGS
    assert ended_by_section > 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_greedy_bot_playouts(n):
    """Purposeful play (engine/barcelona/bot.py) reaches deeper positions than random play
    (tall buildings, full sections, the third Cerdà scoring): same invariants, every action."""
    from engine.barcelona import bot
    from engine.core.rng import Rng

    for seed in range(max(2, GAMES // 6)):
        g = new_game(n, seed=seed)
        r, rnd = Rng(seed), random.Random(seed)
        while not g.is_over:
            actor = g.current_player
            g.apply(bot.choose(g, r))
            check_state(g)
            if g.current_player != actor:
                assert not g.can_undo()
        check_expensive(g, rnd)
        assert g.turn % n == 0

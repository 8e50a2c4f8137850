"""Random playouts with invariants checked after EVERY action.

Default: 60 seeded games per player count (2, 3 and 4 players). The full run uses
BARCELONA_PLAYOUTS=300 (300 per count):

    BARCELONA_PLAYOUTS=300 python -m pytest tests/barcelona/test_bcn_playout.py -q

Expensive checks (replay from the record, full view comparison, undo, clone) run every
``K`` actions and at the end; cheap ones after every action.
"""
import json
import os
import random

import pytest

from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona import replay
from engine.barcelona import new_game
from engine.core.errors import IllegalAction

from .helpers import citizens_total
from engine.barcelona import actions, scoring
from engine.barcelona.decisions import RULES
from engine.core.decision import Decision

GAMES = int(os.environ.get("BARCELONA_PLAYOUTS", "60"))
K = 53                                      # expensive checks every K actions (and at the end)
MAX_ACTIONS = 2000                          # a game never needs this many


def views(g):
    return [g.view(s) for s in [None, *range(g.num_players)]]


def check_state(g):
    assert citizens_total(g) == 72
    assert len(g.bag) >= 0 and all(v >= 0 for v in g.tracks.values())
    assert all(v >= 0 for v in g.off_board.values())
    assert all(n <= D.TRACK_LENGTH for n in g.tracks.values())
    assert all(cls in D.CLASSES for st in g.citizens.values() for cls in st)
    assert all(1 <= len(st) for st in g.citizens.values())
    keep_seat = None if g.is_over or g.stack[-1].kind != "keep" else g.stack[-1].seat
    for seat, p in enumerate(g.players):
        assert p.coins >= 0 and p.cloth >= 0, (seat, p.coins, p.cloth)
        assert 0 <= p.cobbles_placed <= D.COBBLESTONES
        assert all(n >= 0 for n in p.narrow_stacks) and 0 <= p.wide <= D.WIDE_TILES
        assert all(n >= 0 for n in p.marker_stacks)
        assert 0 <= p.crosses_built <= len(D.INTERSECTION_TILE_COST)
        assert 0 <= p.passengers_placed <= len(D.PASSENGER_COST)
        assert D.CERDA_MIN <= p.cerda <= D.CERDA_MAX and 0 <= p.sagrada <= D.SAGRADA_MAX
        if seat != keep_seat:
            assert p.coins + p.cloth <= p.capacity, (seat, p.coins, p.cloth, p.capacity)
        assert p.vp == sum(p.breakdown.values())
        assert p.crosses_built == sum(1 for o in g.cross_owner.values() if o == seat)
        assert p.passengers_placed == sum(1 for o in g.passengers.values() if o == seat)
        assert p.cobbles_placed == sum(1 for o in g.pavement.values() if o == seat)
        assert p.markers_left + scoring.markers_on_board(g, seat) == sum(D.MARKER_STACKS)
        built = sum(1 for o in g.streets.values() if o == seat)
        assert built == (sum(D.NARROW_STACKS) - p.narrow_left) + (D.WIDE_TILES - p.wide)
    assert len({p.tram for p in g.players if p.tram}) == sum(1 for p in g.players if p.tram)
    if not g.is_over and g.stack[-1].kind == "act":
        check_act_offers(g, g.stack[-1])
    assert len(g.mod_display) <= D.MODERNISME_DISPLAY
    assert g.scores() == [sum(b.values()) for b in g.score_breakdown()]


def check_act_offers(g, f):
    """RULEBOOK p.6: an action is offered exactly when it can be carried out (paid for);
    the cheap _action_possible test must agree with the real option generators."""
    seat = f.seat
    offered = {a.arg for a in g.legal_actions()}
    for code, line in B.LINES_AT[f.rc]:
        key = g.action_tiles[line]
        if key in ("coins", "cloth", "cerda"):
            real = True
        elif key in ("narrow", "wide"):      # the street tiles build without a width question
            real = bool(actions.street_options(g, Decision("street", seat, width=key, left=1)))
        else:
            real = bool(RULES[key].options(g, Decision(key, seat)))
        assert actions.action_possible(g, seat, key) == real, key
        assert (code in offered) == (real and code not in f.used), (code, key)


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
        assert u.rng.state == g.rng.state            # no draw or shuffle undone
        assert u.mod_display == g.mod_display
        for lvl, st in g.building_stacks.items():   # no building tile revealed since
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
        if pick.kind == "mtake":                # a new Modernisme tile was revealed
            assert not g.can_undo()
        if pick.kind == "build" and g.building_stacks[_level(pick.id)]:
            assert not g.can_undo()             # the next building tile was revealed
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
    for seed in range(max(3, GAMES // 6)):
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

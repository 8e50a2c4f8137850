"""The solo game against Gaudí: seeded playouts with invariants after every action, and
record/replay of solo games (research/barcelona-solo.md sections as cited).

Default: 240 random games spread over the 3 difficulties x 2 rule sets, plus bot games;
BARCELONA_SOLO_PLAYOUTS=N changes the random count.
"""
import json
import os
import random

import pytest

from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona import new_game, replay, solo
from engine.barcelona import solo_data as S
from engine.core.errors import IllegalAction

from .helpers import citizens_total

GAMES = int(os.environ.get("BARCELONA_SOLO_PLAYOUTS", "240"))
G = solo.GAUDI
VARIANTS = [(d, r) for d in S.DIFFICULTIES for r in S.RULES]


def check(g, before):
    """Invariants of a solo position; ``before``: (Gaudí's VP, GR) at the previous action."""
    gp = g.players[G]
    assert citizens_total(g) == sum(D.CITIZENS.values())
    assert g.num_players == 1 and len(g.scores()) == 1 and len(g.score_breakdown()) == 1
    # Gaudí's turn: he never decides (his steps are not legal actions)
    if not g.is_over:
        assert g.current_player == 0
    # his warehouse stays empty: coins and cloth became Gaudí Rewards
    assert gp.coins == 0 and gp.cloth == 0 and gp.hand == []
    assert sorted(g.solo["deck"] + g.solo["discard"]) == list(range(len(S.CARDS)))
    assert g.solo["pawn"] in B.INTERSECTIONS
    assert 0 <= gp.cobbles_placed <= D.COBBLESTONES and gp.crosses_built <= len(D.INTERSECTION_TILE_COST)
    assert gp.passengers_placed <= len(D.PASSENGER_COST) and gp.wide >= 0 and min(gp.narrow_stacks) >= 0
    assert min(gp.marker_stacks) >= 0 and 0 <= gp.sagrada <= D.SAGRADA_MAX
    assert D.CERDA_MIN <= gp.cerda <= D.CERDA_MAX
    assert gp.mod_tiles.count(None) + sum(1 for t in gp.mod_tiles if t) == D.MODERNISME_SPACES
    assert not set(gp.services) - set(D.SERVICES)
    # his VP and GR only grow (nothing he does costs VP)
    assert gp.vp >= before[0] and g.solo["gr"] >= before[1]
    # ownership on the board: a seat or Gaudí
    assert set(g.cross_owner.values()) <= {0, G} and set(g.streets.values()) <= {0, G}
    assert sum(1 for o in g.streets.values() if o == G) == (D.WIDE_TILES - gp.wide) + (sum(D.NARROW_STACKS) - gp.narrow_left)
    assert sum(1 for o in g.cross_owner.values() if o == G) == gp.crosses_built
    assert sum(1 for o in g.passengers.values() if o == G) == gp.passengers_placed
    return gp.vp, g.solo["gr"]


def play(seed, difficulty, rules, pick):
    g = new_game(1, seed=seed, difficulty=difficulty, rules=rules)
    before = (0, 0)
    while not g.is_over:
        g.apply(pick(g))
        before = check(g, before)
        assert len(g.actions) < 2000
    return g


def test_random_solo_playouts():
    """Random human play against Gaudí at every difficulty and rule set: invariants after every
    action; every game ends (Scoring: Gaudí gets the last turn of the round); winners() says
    whether the human beat him, ties to Gaudí."""
    ended = 0
    for k in range(GAMES):
        d, r = VARIANTS[k % len(VARIANTS)]
        rng = random.Random(k)
        g = play(k, d, r, lambda g: rng.choice(g.legal_actions()))
        me, him = g.players[0].vp, g.players[G].vp
        assert g.winners() == ([0] if me > him else [])
        assert sum(g.players[G].breakdown.values()) == him == g.view(0)["gaudi"]["score"]
        assert sum(g.score_breakdown()[0].values()) == g.scores()[0]
        # his last turn came after the human's: the last Gaudí turn closes the log before the end
        assert any(e.get("gaudi") == "card" for e in g.log)
        ended += 1
    assert ended == GAMES


@pytest.mark.parametrize("difficulty,rules", VARIANTS)
def test_bot_solo_playouts(difficulty, rules):
    """Purposeful human play (the Easy bot) reaches full sections and Cerdà scorings."""
    from engine.barcelona import bot
    for seed in range(2):
        g = play(seed, difficulty, rules, lambda g: bot.choose(g, None))
        assert g.cerda_scored >= 1


def test_solo_records_replay_and_refuse_tampering():
    """A solo game is its record: the options (difficulty, rules) are in it; replay gives the same
    game (views, Gaudí included); Gaudí's card draws come from the seeded RNG."""
    rng = random.Random(5)
    g = new_game(["Ann"], seed=77, difficulty="hard", rules="2.0")
    while not g.is_over and len(g.actions) < 60:
        g.apply(rng.choice(g.legal_actions()))
    rec = json.loads(json.dumps(g.record()))
    assert rec["options"] == {"layout": "printed", "difficulty": "hard", "rules": "2.0", "sagrada_gr": "off"}
    r = replay(rec)
    assert r.view(0) == g.view(0) and r.view(None) == g.view(None)
    assert r.solo["deck"] == g.solo["deck"]
    other = new_game(["Ann"], seed=78, difficulty="hard", rules="2.0")
    assert other.solo["deck"] != g.solo["deck"] or other.bag != g.bag
    with pytest.raises(Exception):
        replay(dict(rec, options=dict(rec["options"], difficulty="brutal")))
    with pytest.raises(Exception):
        replay(dict(rec, players=["Ann", "Ben"], actions=rec["actions"][:3] + ["gaudi:turn"]))


def test_undo_never_crosses_gaudis_turn():
    """His card draws are chance: undo stops at the human's action that ended the turn."""
    g = new_game(1, seed=9)
    while g.turn == 0:
        g.apply(g.legal_actions()[-1] if g.legal_actions()[-1].id == "act:done" else g.legal_actions()[0])
    assert not g.can_undo()
    with pytest.raises(IllegalAction):
        g.undo()

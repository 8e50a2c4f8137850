"""The solo game against Gaudí: seeded playouts with invariants after every action, and
record/replay of solo games (the solo summary sections as cited).

Default: 24 random games spread over the 3 difficulties x 2 rule sets, plus bot games (the
soak plays more solo games with the same checks, tests/support/game_checks.py);
BARCELONA_SOLO_PLAYOUTS=N changes the random count (a large run: 1000).
"""

import json
import os
import random

import pytest

from engine.barcelona import new_game, replay, solo_scoring
from engine.barcelona import solo_data as S
from engine.core.errors import IllegalAction

from tests.support.game_checks import check_solo as check

GAMES = int(os.environ.get("BARCELONA_SOLO_PLAYOUTS", "24"))
G = solo_scoring.GAUDI
VARIANTS = [(d, r) for d in S.DIFFICULTIES for r in S.RULES]


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

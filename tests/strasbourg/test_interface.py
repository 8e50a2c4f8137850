"""The shared engine interface (docs/architecture.md) for Strasbourg."""
import json
import random
import time

import pytest

import engine
from engine.core.errors import IllegalAction, RecordError
from engine.strasbourg import new_game, replay
from engine.strasbourg.bots import random_policy

from .helpers import fingerprint

REQUIRED = {"game", "players", "seat", "current_player", "is_over", "scores", "log", "score_history",
            "phase", "prompt", "council", "city", "rounds", "round_marker", "player_states", "auction",
            "supply", "start_player"}


def test_view_keys_and_json_safety():
    g = new_game(4, seed=9)
    for s in [None, 0, 1, 2, 3]:
        v = g.view(s)
        assert REQUIRED <= set(v)
        assert json.loads(json.dumps(v)) == v
    v = g.view(None)
    assert len(v["city"]["cells"]) == 54 and len(v["council"]) == 8 and len(v["rounds"]) == 5
    assert [st["letter"] for st in v["rounds"][0]["steps"]] == list("ABCDEFGHI")
    with pytest.raises(IllegalAction):
        g.view(7)


def test_auction_view_shows_bids_ranking_and_rewards():
    from .helpers import at_step
    g = at_step(4, "B", [[[6]], [[5]], [[4]], [[3]]], start=0)
    g.apply("bid:1")
    a = g.view(None)["auction"]
    assert a["bids"] == [{"seat": 0, "value": 6, "cards": [6]}]
    assert a["ranking_so_far"][0]["role"] == "master" and len(a["rewards"]) == 3


def test_record_replay_and_dispatch():
    g = new_game(["A", "B", "C", "D", "E"], seed=11)
    rng = random.Random(1)
    for _ in range(60):
        g.apply(random_policy(g, rng))
    rec = json.loads(json.dumps(g.record()))
    assert fingerprint(replay(rec)) == fingerprint(g)
    assert fingerprint(engine.replay(rec)) == fingerprint(g)
    rec["actions"].append("bogus")
    with pytest.raises(RecordError):
        replay(rec)


def test_clone_is_independent_and_fast():
    g = new_game(5, seed=12)
    rng = random.Random(2)
    for _ in range(80):
        g.apply(random_policy(g, rng))
    c = g.clone()
    assert fingerprint(c) == fingerprint(g)
    before = fingerprint(g)
    while not c.is_over:
        c.apply(random_policy(c, rng))
    assert fingerprint(g) == before
    t = time.perf_counter()
    for _ in range(200):
        g.clone()
    assert time.perf_counter() - t < 1.0   # generous; deepcopy would be ~10x slower


def test_undo_within_own_plotting():
    g = new_game(3, seed=13)
    while g.st.phase == "tasks":
        g.apply("keep")
    g.apply("draw")
    g.apply("draw")
    g.apply("stop")
    assert g.can_undo()
    u = g.undo()
    assert u.st.decision.kind == "draw" and len(u.st.players[u.current_player].hand) == 2
    first = next(a for a in g.legal_actions() if a.id.startswith("put:"))
    g.apply(first)
    assert g.can_undo()   # placing a card is not a reveal


def test_masked_copy_hides_other_seats_and_keeps_the_original():
    """Bots and hints run on game.masked_for(seat, seed): the seat's own view is unchanged,
    every other seat's cards and tasks are blanks, and the original game is untouched."""
    import json
    from engine.core.rng import Rng
    from engine.strasbourg import new_game
    g, r = new_game(4, 3), Rng(3)
    for _ in range(60):
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
    seat = g.current_player
    before = json.dumps([g.view(s) for s in range(4)], sort_keys=True)
    m = g.masked_for(seat, 11)
    assert json.dumps(m.view(seat), sort_keys=True) == json.dumps(g.view(seat), sort_keys=True)
    assert json.dumps([g.view(s) for s in range(4)], sort_keys=True) == before
    for i, p in enumerate(m.st.players):
        if i != seat:
            assert set(p.deck + p.hand + [v for s in p.stacks for v in s]) <= {0}
            assert set(p.dealt + p.tasks) <= {"?"}

"""Records, replay, undo, clone and the per-seat view (docs/architecture.md interface)."""
import copy
import json
import random

import pytest

import engine
from engine.barcelona import new_game, replay
from engine.core.errors import IllegalAction, RecordError

from .helpers import set_turn


def played(n=3, seed=4, steps=60):
    g = new_game(n, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        g.apply(rnd.choice(g.legal_actions()).id)
    return g


def test_record_roundtrip_json():
    """docs/architecture.md: a record (JSON) replays to the same game, via engine.barcelona.replay
    and the dispatching engine.replay."""
    g = played()
    rec = json.loads(json.dumps(g.record()))
    h = replay(rec)
    assert h.actions == g.actions
    for s in [None, 0, 1, 2]:
        assert h.view(s) == g.view(s)
    h2 = engine.replay(rec)
    assert h2.view(None) == g.view(None)


@pytest.mark.parametrize("mutate,words", [
    (lambda r: r.update(game="strasbourg"), "not 'barcelona'"),
    (lambda r: r.update(engine="2.0.0"), "engine"),
    (lambda r: r.update(engine=1), "engine"),
    (lambda r: r.update(options={"colour": "red"}), "unknown option"),
    (lambda r: r.update(options={"layout": "spiral"}), "layout"),
    (lambda r: r["actions"].insert(3, "fly:away"), "action #4"),
    (lambda r: r.update(actions="place:0,1:WM"), "list"),
    (lambda r: r.update(actions=[1, 2]), "list"),
    (lambda r: r.update(seed=True), "seed"),
    (lambda r: r.update(seed="7"), "seed"),
    (lambda r: r.update(players=["solo"]), "players"),
    (lambda r: r.update(players="Ana"), "players"),
    (lambda r: r.pop("actions"), "missing"),
    (lambda r: r.update(cheat=1), "unknown fields"),
])
def test_tampered_records(mutate, words):
    """docs/architecture.md (records): a tampered record raises RecordError with a message
    naming the problem."""
    rec = copy.deepcopy(played(steps=10).record())
    mutate(rec)
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert words in str(e.value)


def test_record_not_a_dict_and_unknown_game():
    """docs/architecture.md: engine.replay dispatches on record["game"]; an unknown game is a
    RecordError, not a bare ValueError."""
    with pytest.raises(RecordError):
        replay(["barcelona"])
    rec = played(steps=2).record()
    rec["game"] = "chess"
    with pytest.raises(RecordError) as e:
        engine.replay(rec)
    assert "chess" in str(e.value)


def test_illegal_action_leaves_game_unchanged():
    """docs/architecture.md: illegal input raises IllegalAction (a ValueError), game unchanged."""
    g = played(steps=15)
    before = (g.view(None), [g.view(s) for s in range(3)], list(g.actions), g.rng.state)
    for bad in ("nope", "place:9,9:WW", "", "act:x", 7, None):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert isinstance(IllegalAction("x"), ValueError)
    assert before == (g.view(None), [g.view(s) for s in range(3)], list(g.actions), g.rng.state)


def test_undo_within_turn_not_across_seats():
    """docs/architecture.md + docs/barcelona.md (undo): one decision of the same seat back;
    never past another seat's decision or a draw."""
    g = new_game(2, seed=1, layout="printed")
    set_turn(g, 0, "WM")
    g.actions = []
    g.undo_floor = 0
    assert not g.can_undo()
    g = new_game(2, seed=1, layout="printed")
    first = next(a.id for a in g.legal_actions() if a.kind == "place")
    g.apply(first)
    assert g.can_undo()
    u = g.undo()
    assert u.actions == [] and u.view(0) == new_game(2, seed=1, layout="printed").view(0)
    g.apply("act:done")
    while g.current_player == 0:            # build if forced
        g.apply(g.legal_actions()[0].id)
    assert not g.can_undo()
    with pytest.raises(IllegalAction):
        g.undo()


def test_clone_is_independent():
    """docs/architecture.md: game.clone() is independent of the original."""
    g = played(steps=20)
    before = g.view(None)
    c = g.clone()
    for _ in range(30):
        if c.is_over:
            break
        c.apply(c.legal_actions()[-1].id)
    assert g.view(None) == before
    assert replay(g.record()).view(None) == before


def test_view_hides_other_hands_and_is_json():
    """RULEBOOK p.5 step 5 (hidden citizens, "do not show them to the other players") and
    docs/architecture.md: view(seat) is JSON-safe and holds no other seat's hand."""
    g = played(4, steps=33)
    for seat in [None, 0, 1, 2, 3]:
        v = g.view(seat)
        assert json.loads(json.dumps(v)) == v
        for i, pb in enumerate(v["player_boards"]):
            assert pb["hand"] == (list(g.players[i].hand) if i == seat else None)
            assert pb["hand_size"] == len(g.players[i].hand)
        text = json.dumps(v)
        assert "\"bag\"" not in text and str(g.seed) not in json.dumps(v.get("seed", ""))
    with pytest.raises(ValueError):
        g.view(4)


def test_masked_copy_keeps_the_seats_view_and_the_original():
    """Bots and hints run on game.masked_for(seat, seed): that seat's view is unchanged, the
    original game is untouched, and the copy depends only on the seat's view (two games that
    differ only in other seats' secrets give identical masked copies)."""
    import json
    from engine.barcelona import new_game
    from engine.core.rng import Rng
    g, r = new_game(3, 5), Rng(5)
    for _ in range(40):
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
    seat = g.current_player
    before = json.dumps([g.view(s) for s in range(3)], sort_keys=True)
    m = g.masked_for(seat, 7)
    assert json.dumps(m.view(seat), sort_keys=True) == json.dumps(g.view(seat), sort_keys=True)
    assert json.dumps([g.view(s) for s in range(3)], sort_keys=True) == before
    other = g.clone()
    o = next(i for i in range(3) if i != seat and other.players[i].hand)
    other.players[o].hand, other.bag[0] = [other.bag[0]] + other.players[o].hand[1:], other.players[o].hand[0]
    m2 = other.masked_for(seat, 7)
    assert [p.hand for p in m2.players] == [p.hand for p in m.players] and m2.bag == m.bag

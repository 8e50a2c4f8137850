"""Barcelona records, undo and the per-seat view (docs/architecture.md interface). Replay,
clone, illegal input, JSON-safe views and masked copies are checked for every game by the
contract suite (tests/contract)."""

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


@pytest.mark.parametrize(
    "mutate,words",
    [
        (lambda r: r.update(game="strasbourg"), "core.err.record_game"),
        (lambda r: r.update(engine="1.0.0"), "core.err.record_older"),
        (lambda r: r.update(engine="3.0.0"), "core.err.record_newer"),
        (lambda r: r.update(engine=1), "core.err.record_older"),
        (lambda r: r.update(engine="x"), "core.err.record_no_version"),
        (lambda r: r.update(options={"colour": "red"}), "core.err.unknown_option"),
        (lambda r: r.update(options={"layout": "spiral"}), "layout"),
        (lambda r: r["actions"].insert(3, "fly:away"), "core.err.record_action(number=4"),
        (lambda r: r.update(actions="place:0,1:WM"), "field=actions"),
        (lambda r: r.update(actions=[1, 2]), "field=actions"),
        (lambda r: r.update(seed=True), "seed"),
        (lambda r: r.update(seed="7"), "seed"),
        (lambda r: r.update(players=[]), "core.err.player_count"),  # 1 player is the solo game now
        (lambda r: r.update(players="Ana"), "players"),
        (lambda r: r.pop("actions"), "missing"),
        (lambda r: r.update(cheat=1), "core.err.record_extra"),
    ],
)
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
    while g.current_player == 0:  # build if forced
        g.apply(g.legal_actions()[0].id)
    assert not g.can_undo()
    with pytest.raises(IllegalAction):
        g.undo()


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

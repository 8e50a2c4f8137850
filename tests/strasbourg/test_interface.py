"""Strasbourg's side of the engine interface (docs/architecture.md): its view and undo.
Replay, clone, illegal input, JSON-safe views and masked copies are checked for every game
by the contract suite (tests/contract)."""

import json

import pytest

from engine.core.errors import IllegalAction
from engine.strasbourg import new_game

REQUIRED = {
    "game",
    "players",
    "seat",
    "current_player",
    "is_over",
    "scores",
    "log",
    "score_history",
    "phase",
    "prompt",
    "council",
    "city",
    "rounds",
    "round_marker",
    "player_states",
    "auction",
    "supply",
    "start_player",
}


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
    assert g.can_undo()  # placing a card is not a reveal


def test_a_plotting_turn_is_taken_back_until_the_next_seat_draws():
    """§ 1 密謀階段 (plotting): a seat's plotting ends with its last card on a stack, which reveals
    nothing and uses no chance, so that seat may take it back (the table's custom: until the next
    seat decides); the next seat's first decision, a blind draw, ends it."""
    g = new_game(3, seed=13)
    while g.st.phase == "tasks":
        g.apply("keep")
    seat = g.current_player
    for aid in ("draw", "draw", "stop", "put:4,new"):
        g.apply(aid)
    before = g.view(seat)
    g.apply(next(a.id for a in g.legal_actions() if a.id.startswith("put:")))  # the last card
    assert g.current_player != seat and not g.can_undo() and g.can_take_back()
    back = g.take_back()
    assert back.current_player == seat and back.view(seat) == before and back.can_undo()
    g.apply("draw")
    assert not g.can_take_back()
    with pytest.raises(IllegalAction):
        g.take_back()

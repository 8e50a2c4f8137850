"""Placing citizens, intersection owner rewards, street actions (RULEBOOK p.6, p.8)."""

from itertools import combinations

import pytest

from engine.barcelona import data as D
from engine.core.errors import IllegalAction

from tests.support.game_checks import citizens_total

from .helpers import ids, phase, position, push_frame, put, set_turn


def test_place_only_where_no_citizens():
    """RULEBOOK p.6 放置市民: stack your 2 citizens on an intersection WITHOUT citizens."""
    g = position(2)
    set_turn(g, 0, "WM")
    put(g, (0, 1), "U")
    put(g, (3, 4), "WW")
    targets = {i.split(":")[1] for i in ids(g)}
    assert "0,1" not in targets and "3,4" not in targets
    assert "0,2" in targets
    with pytest.raises(IllegalAction):
        g.apply("place:0,1:MW")
    assert citizens_total(g) == 72


def test_place_both_orders_and_top_citizen():
    """RULEBOOK p.6: the two citizens are stacked in any order you choose."""
    g = position(2)
    set_turn(g, 0, "WM")
    assert {"place:0,1:MW", "place:0,1:WM"} <= set(ids(g))
    g.apply("place:0,1:MW")  # id lists the top citizen first
    assert g.citizens[(0, 1)] == ["W", "M"]  # bottom .. top
    assert g.players[0].hand == []
    g2 = position(2)
    set_turn(g2, 0, "UU")
    assert [i for i in ids(g2) if i.startswith("place:0,1:")] == ["place:0,1:UU"]


def test_place_pays_visible_cost():
    """RULEBOOK p.6: a visible coin cost on the intersection must be paid first."""
    g = position(2)
    set_turn(g, 0, "WM")
    rc = max(D.INTERSECTION_COST, key=D.INTERSECTION_COST.get)
    cost = D.INTERSECTION_COST[rc]
    key = f"{rc[0]},{rc[1]}"
    g.players[0].coins = cost - 1
    g._legal = None
    assert not any(i.startswith(f"place:{key}:") for i in ids(g))
    g.players[0].coins = cost
    g._legal = None
    g.apply(f"place:{key}:MW")
    assert g.players[0].coins == 0


def test_intersection_tile_hides_printed_cost():
    """RULEBOOK p.8 建造交叉路口 + p.6: only a VISIBLE cost is paid; an intersection tile
    covers the printed cost (the owner gets rewards instead)."""
    g = position(2)
    rc = max(D.INTERSECTION_COST, key=D.INTERSECTION_COST.get)
    key = f"{rc[0]},{rc[1]}"
    g.cross_owner[rc] = 1
    g.players[1].crosses_built = 1
    g.players[1].coins = g.players[1].cloth = 0
    set_turn(g, 0, "WM")
    g.players[0].coins = 0
    g._legal = None
    g.apply(f"place:{key}:MW")
    assert g.players[0].coins == 0


def _owner_position(built, owner=1, placer=0):
    g = position(2)
    g.cross_owner[(0, 1)] = owner
    g.players[owner].crosses_built = built
    g.players[owner].coins = g.players[owner].cloth = 0
    g.players[owner].cobbles_placed = 6  # room in the warehouse for every reward
    set_turn(g, placer, "WM")
    return g


def test_owner_reward_one_tile_automatic():
    """RULEBOOK p.8: with 1 intersection built the owner takes 1 reward (that tile's)."""
    g = _owner_position(1)
    g.apply("place:0,1:MW")
    assert g.players[1].coins == 2  # INTERSECTION_REWARDS[0] (coin 2)
    assert g.current_player == 0 and phase(g) == "act"


@pytest.mark.parametrize("built,k", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_owner_reward_counts(built, k):
    """RULEBOOK p.8: at least 1/3/5 intersections built -> up to 1/2/3 DIFFERENT rewards,
    chosen among the owner's built tiles; the owner decides, even on another's turn."""
    g = _owner_position(built)
    g.apply("place:0,1:MW")
    assert g.current_player == 1 and phase(g) == "owner"
    expect = {"owner:" + ",".join(map(str, c)) for c in combinations(range(built), k)}
    assert set(ids(g)) == expect
    assert not g.can_undo()
    choice = sorted(expect)[-1]
    before = g.players[1].vp
    g.apply(choice)
    picked = [D.INTERSECTION_REWARDS[int(i)] for i in choice.split(":")[1].split(",")]
    vp = sum(a for r in picked for kind, a in r if kind == "vp")
    assert g.players[1].vp - before == vp
    assert g.current_player == 0 and phase(g) == "act"


def test_owner_reward_on_own_turn():
    """RULEBOOK p.8: the owner is rewarded whether it is their turn or another player's."""
    g = _owner_position(1, owner=0, placer=0)
    g.apply("place:0,1:MW")
    assert g.players[0].coins == 2


def test_no_owner_reward_on_unowned():
    """RULEBOOK p.8: rewards only come from intersections with a player's tile."""
    g = position(2)
    set_turn(g, 0, "WM")
    snapshot = [(p.coins, p.cloth, p.vp) for p in g.players]
    g.apply("place:0,1:MW")
    assert [(p.coins, p.cloth, p.vp) for p in g.players] == snapshot


def test_street_actions_each_once():
    """RULEBOOK p.6: after placing, any or all of the vertical and horizontal actions, each
    once, in any order."""
    g = position(2)
    push_frame(g, 0, "act", rc=(0, 1), used="")  # printed: v1 streets, h0 improve
    assert ids(g) == ["act:v", "act:h", "act:done"]
    g.apply("act:h")
    assert phase(g) == "improve"
    g.apply("improve:0")
    assert ids(g) == ["act:v", "act:done"]
    with pytest.raises(IllegalAction):
        g.apply("act:h")


def test_diagonal_only_on_diagonal():
    """RULEBOOK p.6: the diagonal action only if the intersection touches the diagonal street."""
    g = position(2)
    push_frame(g, 0, "act", rc=(0, 0), used="")
    assert "act:d" in ids(g)
    push_frame(g, 0, "act", rc=(0, 1), used="")
    assert "act:d" not in ids(g)
    for i in range(5):
        push_frame(g, 0, "act", rc=(i, i), used="")
        assert "act:d" in ids(g)


def test_unaffordable_action_not_offered():
    """RULEBOOK p.6: an action you cannot (or will not) pay for cannot be taken."""
    g = position(2)  # printed: h2 = public service
    g.players[0].coins = 0
    push_frame(g, 0, "act", rc=(2, 1), used="")
    assert "act:h" not in ids(g)
    g.players[0].coins = 3
    g._legal = None
    assert "act:h" in ids(g)


def test_finish_moves_on_to_building():
    """RULEBOOK p.6 steps 1-4: actions, then building, then Cerdà check, then draw 2."""
    g = position(2)
    set_turn(g, 0, "WM")
    g.apply("place:0,1:MW")
    g.apply("act:done")
    # no building possible (one occupied intersection): the turn ends, 2 citizens drawn
    assert g.current_player == 1 and len(g.players[0].hand) == 2 and g.turn == 1
    assert not g.can_undo()


def test_nowhere_to_place_returns_citizens():
    """docs/barcelona.md decision 11 (rulebook silent): with no free affordable intersection
    the citizens go back to the bag and the turn goes on to building; with an empty hand
    placing is skipped."""
    from engine.barcelona import board as B

    g = position(2)
    for i, rc in enumerate(B.INTERSECTIONS):
        if rc != (4, 4):
            put(g, rc, "WMU"[i % 3])
    set_turn(g, 0, "MU")
    g.players[0].coins = D.INTERSECTION_COST[(4, 4)] - 1
    g._legal = None
    assert ids(g) == ["place:none"]
    bag = len(g.bag)
    g.apply("place:none")
    assert len(g.bag) == bag + 2 and g.players[0].hand == []
    assert citizens_total(g) == 72
    assert phase(g) == "build" and g.current_player == 0  # building is still mandatory
    g2 = position(2)
    set_turn(g2, 0, "")
    assert ids(g2) == ["place:none"]


def test_a_turn_that_drew_citizens_is_taken_back_only_unseen():
    """RULEBOOK p.6, steps 3-4 of the turn: the turn ends by drawing 2 citizens from the bag into
    the seat's hidden hand. Nobody else learns what (the public view shows the bag's size), so the
    turn may be taken back until the next seat decides only if the seat has not seen its hand
    since (``unseen=True``: the page shows the next seat's screen); never otherwise, and undo
    within the turn stays behind the draw. Taken back, the seat decides again as before the move
    and the same move draws the same citizens (the seeded RNG comes back with it)."""
    from engine.barcelona import new_game

    g = new_game(["A", "B", "C"], 42)
    turns = unseen = 0
    while not g.is_over and turns < 6:
        actor, before = g.current_player, g.record()
        aid = g.legal_actions()[-1].id
        g.apply(aid)
        if g.current_player != actor:
            turns += 1
            assert not g.can_take_back() and not g.can_undo()
            with pytest.raises(IllegalAction):
                g.take_back()
            if aid == "act:done":  # a turn ended by "finish actions": the draw is all it reveals
                assert g.can_take_back(unseen=True)
            if not g.can_take_back(unseen=True):
                continue  # e.g. a build that ended the turn turned the next building tile up (p.12)
            unseen += 1
            back = g.take_back(unseen=True)
            assert back.record() == before and back.current_player == actor
            back.apply(aid)
            assert back.players[actor].hand == g.players[actor].hand
            g.apply(g.legal_actions()[0].id)  # the next seat decides: the chance is gone
            assert not g.can_take_back(unseen=True)
    assert turns == 6 and unseen >= 3

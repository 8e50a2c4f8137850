"""Where a piece may go and when an action may be taken, each restriction pinned (issue 50).

Found by scripts/mutation_check.py (docs/testing.md "Mutation check"): a restriction lifted,
negated or moved by one changed no rule test's verdict before these. Pages are the Barcelona
rulebook's (zh-Hans).
"""

import random

import pytest

from engine.barcelona import action_check, board_actions, new_game, tile_actions, tram_actions, turn
from engine.barcelona import data as D
from engine.core.decision import Decision

from .helpers import ids, position, set_turn

KEYS = ("coins", "cloth", "cerda", "narrow", "wide", "cobble", "cross", "improve", "mtake", "service", "tram")


def options(g, seat, key):
    """The options the action ``key`` would offer the seat now (its generator, p. 7-11)."""
    if key in ("coins", "cloth", "cerda"):
        return ["gain"]
    if key in ("narrow", "wide"):
        return board_actions.street_options(g, Decision("street", seat, width=key, left=2 if key == "narrow" else 1))
    generator = {
        "cobble": board_actions.cobble_options,
        "cross": board_actions.cross_options,
        "improve": tile_actions.improve_options,
        "mtake": tile_actions.mtake_options,
        "service": tile_actions.service_options,
        "tram": tram_actions.tram_options,
    }[key]
    return generator(g, Decision(key, seat))


def _positions(players, seed, every=4):
    g = new_game(players, seed=seed)
    rnd = random.Random(seed)
    k = 0
    while not g.is_over:
        if k % every == 0:
            yield g
        g.apply(rnd.choice(g.legal_actions()).id)
        k += 1


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 3)])
def test_an_action_is_offered_exactly_when_it_can_be_taken(players, seed):
    """Barcelona rulebook (zh-Hans), p. 6: "如果你不能或不愿意支付执行一个行动的费用，那么你就不能执行
    那个行动" - a street action is offered when, and only when, it has something to do (a space
    to build on, a tile to take, a cost that can be paid), in every position of random games."""
    for g in _positions(players, seed):
        for seat in range(players):
            for key in KEYS:
                assert action_check.action_possible(g, seat, key) == bool(options(g, seat, key)), (key, seat)


def _board(players=2):
    g = position(players)
    for p in g.players:
        p.coins = p.cloth = 0
        p.cobbles_placed = 6
    return g


# ----- p. 6: placing citizens ---------------------------------------------------------------------
def test_a_hand_of_one_citizen_places_it_alone():
    """docs/barcelona.md decision 11 (the bag ran out: the player draws what is left) with p. 6:
    the citizens drawn are placed, on an intersection without citizens."""
    g = _board()
    set_turn(g, 0, "U")
    assert {i.split(":")[2] for i in ids(g)} == {"U"}
    g.apply("place:0,1:U")
    assert g.citizens[(0, 1)] == ["U"] and g.players[0].hand == []


def test_the_label_names_a_cost_only_where_one_is_visible():
    """Barcelona rulebook (zh-Hans), p. 6: "如果所选的十字路口有可见的金币费用，你必须首先支付该费用"; the
    option says the cost where there is one, and none elsewhere."""
    g = _board()
    g.players[0].coins = 5
    set_turn(g, 0, "WM")
    labels = {a.id: a.label["key"] for a in g.legal_actions()}
    assert labels["place:0,1:WM"] == "bcn.opt.place2"
    assert labels["place:2,2:WM"] == "bcn.opt.place2_pay"
    g.cross_owner[(2, 2)] = 1  # an intersection tile covers the printed cost
    set_turn(g, 0, "WM")
    labels = {a.id: a.label["key"] for a in g.legal_actions()}
    assert labels["place:2,2:WM"] == "bcn.opt.place2"


def test_a_visible_cost_must_be_paid_in_full():
    """Barcelona rulebook (zh-Hans), p. 6: the visible cost is paid first; with 1 coin the centre
    (2 coins) is no option, a 1-coin diagonal intersection is; an intersection tile covers it."""
    g = _board()
    g.players[0].coins = 1
    set_turn(g, 0, "WM")
    assert "place:1,1:WM" in ids(g) and not any(i.startswith("place:2,2:") for i in ids(g))
    g.cross_owner[(2, 2)] = 1
    set_turn(g, 0, "WM")
    assert "place:2,2:WM" in ids(g)


def test_owner_rewards_in_gaudis_turn_name_his_intersection():
    """Solo decision 5 (docs/barcelona.md; p. 8: whoever places on your intersection, you take
    your rewards at once): when Gaudí places there and the human has a choice, the decision says
    where he placed."""
    g = new_game(1, seed=3)
    p = g.players[0]
    p.crosses_built = 3
    g.stack = g.stack[:1]
    turn.owner_reward(g, 0, gaudi_at=(2, 3))
    assert g.stack[-1].kind == "owner" and g.stack[-1].get("gaudi_at") == (2, 3)
    assert g.view(0)["prompt"]["key"] == "bcn.prompt.owner_gaudi"
    g2 = new_game(2, seed=3)
    g2.players[0].crosses_built = 3
    turn.owner_reward(g2, 0)
    assert g2.stack[-1].kind == "owner" and g2.stack[-1].get("gaudi_at") is None


# ----- p. 7: cobblestones -------------------------------------------------------------------------
def test_cobblestones_only_next_to_a_stone_and_on_the_pavement():
    """Barcelona rulebook (zh-Hans), p. 7 放置石砖: on an empty pavement space "必须至少与其他 1 个石砖
    在垂直或水平方向上相邻" - never diagonally, never off the 4 x 6 pavement; with the pavement's
    every space next to a stone taken the action cannot be taken."""
    g = _board()
    g.players[0].cobbles_placed = 0
    g.pavement = {(0, 0): None}  # a corner stone: 2 neighbours on the pavement
    got = {a.id for a in board_actions.cobble_options(g, Decision("cobble", 0))}
    assert got == {"cobble:0,1", "cobble:1,0"}
    assert action_check.action_possible(g, 0, "cobble")
    g.pavement = {(3, 5): None}  # the opposite corner
    got = {a.id for a in board_actions.cobble_options(g, Decision("cobble", 0))}
    assert got == {"cobble:2,5", "cobble:3,4"}
    g.pavement = {(r, c): None for r in range(4) for c in range(6)}
    assert not action_check.action_possible(g, 0, "cobble")
    g.pavement = {(1, 2): None}
    assert action_check.action_possible(g, 0, "cobble")
    g.players[0].cobbles_placed = D.COBBLESTONES
    assert not action_check.action_possible(g, 0, "cobble") and not board_actions.cobble_options(
        g, Decision("cobble", 0)
    )

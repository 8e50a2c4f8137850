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

from .helpers import ids, position, put, set_turn

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
    g.players[0].cobbles_placed = D.COBBLESTONES - 1  # the last cobblestone
    for free in (
        [(3, c) for c in range(6)],
        [(0, c) for c in range(6)],
        [(r, 5) for r in range(4)],
        [(r, 0) for r in range(4)],
    ):
        # one edge row or column free: reached from one side only
        g.pavement = {(r, c): None for r in range(4) for c in range(6) if (r, c) not in free}
        assert action_check.action_possible(g, 0, "cobble"), free
        assert sorted(tuple(map(int, a.id[7:].split(","))) for a in options(g, 0, "cobble")) == sorted(free)
    g.pavement = {(0, 0): None, (0, 1): None}  # two stones: neither is a free space
    assert {a.id for a in options(g, 0, "cobble")} == {"cobble:0,2", "cobble:1,0", "cobble:1,1"}
    g.pavement = {(1, 2): None}
    assert action_check.action_possible(g, 0, "cobble")
    g.players[0].cobbles_placed = D.COBBLESTONES
    assert not action_check.action_possible(g, 0, "cobble") and not board_actions.cobble_options(
        g, Decision("cobble", 0)
    )


# ----- p. 7-9: streets and Modernisme tiles -------------------------------------------------------------
@pytest.mark.parametrize("width", ["narrow", "wide"])
def test_no_street_action_once_every_space_of_its_width_is_built(width):
    """Barcelona rulebook (zh-Hans), p. 7: a wide tile only on a wide space, a narrow one only on a
    narrow space; with every such space built the action has nothing to do and is not offered
    (p. 6), though the player still holds tiles."""
    from engine.barcelona import board as B

    g = _board()
    spaces = B.SEGMENTS_OF_KIND[width]
    g.streets = {s: 1 for s in spaces[1:]}
    assert action_check.action_possible(g, 0, width)
    assert {a.id for a in options(g, 0, width)} == {f"street:{spaces[0]}"}
    g.streets[spaces[0]] = 1
    assert not action_check.action_possible(g, 0, width) and not options(g, 0, width)


def test_no_modernisme_tile_to_take_from_an_empty_display():
    """Barcelona rulebook (zh-Hans), p. 9 拿取现代主义项目: the tile comes from the display of the side
    board; with none displayed the action is not offered (p. 6)."""
    g = _board()
    g.players[0].cloth = 2
    assert action_check.action_possible(g, 0, "mtake")
    g.mod_display = []
    assert not action_check.action_possible(g, 0, "mtake") and not options(g, 0, "mtake")


def test_the_street_label_previews_the_line_as_it_stands():
    """Barcelona rulebook (zh-Hans), p. 7-8: a street scores 1 VP per narrow tile connected in its
    line, the new one included; each option says so for the line as it stands now, also after
    another tile joined the line."""
    g = _board()

    def vp_of(seg):
        f = Decision("street", 0, width="narrow", left=2)
        return next(a.label["vp"] for a in board_actions.street_options(g, f) if a.id == f"street:{seg}")

    assert vp_of("h1-1") == 1
    g.streets["h1-0"] = 1
    assert vp_of("h1-1") == 2
    g.streets["h1-2"] = 1
    assert vp_of("h1-1") == 3 and vp_of("h1-3") == 2  # h1-3 joins h1-2 only


def test_lluis_companys_offers_only_the_width_that_can_be_built():
    """Barcelona rulebook (zh-Hans), p. 19 凯旋门大道: "执行一次建造宽/窄街道行动" - the width chosen
    must be one the player can build (tiles left, a free space of that width); the narrow choice
    says whether 2 or 1 narrow tiles will be built (docs/barcelona.md decision 6)."""
    from engine.barcelona import board as B

    from .helpers import push_frame

    g = _board()

    def choices():
        push_frame(g, 0, "street_mode")
        return {a.id: a.label["key"] for a in g.legal_actions()}

    assert choices() == {"streets:wide": "bcn.opt.streets_wide", "streets:narrow": "bcn.opt.streets_narrow2"}
    g.players[0].wide = 0
    assert set(choices()) == {"streets:narrow"}
    g.players[0].wide = 1
    g.streets = {s: 1 for s in B.SEGMENTS_OF_KIND["wide"]}
    assert set(choices()) == {"streets:narrow"}
    g.streets = {s: 1 for s in B.SEGMENTS_OF_KIND["narrow"]}
    assert set(choices()) == {"streets:wide"}
    g.streets = {s: 1 for s in B.SEGMENTS_OF_KIND["narrow"][1:]}
    assert choices()["streets:narrow"] == "bcn.opt.streets_narrow1"  # one free narrow space
    g.streets = {}
    g.players[0].narrow_stacks = [0, 0]
    assert set(choices()) == {"streets:wide"}


# ----- p. 8: intersection tiles ------------------------------------------------------------------------
def test_no_sixth_intersection_tile_even_free():
    """Barcelona rulebook (zh-Hans), p. 2 (5 intersection tiles a player) and p. 19 (the Hospital
    builds one ignoring every coin cost): with 5 built there is none to place."""
    g = _board()
    g.players[0].crosses_built = 5
    assert board_actions.cross_options(g, Decision("cross", 0, free=True)) == []
    assert board_actions.cross_options(g, Decision("cross", 0)) == []
    g.players[0].crosses_built = 4
    assert board_actions.cross_options(g, Decision("cross", 0, free=True))
    # the Hospital's tile costs nothing, the centre's 2 printed coins included (p. 18)
    assert {a.label["cost"] for a in board_actions.cross_options(g, Decision("cross", 0, free=True))} == {0}


def test_the_intersection_label_lists_the_visible_bonuses():
    """Barcelona rulebook (zh-Hans), p. 8: the tile takes every adjacent bonus still visible (not
    covered by a street tile); the option says which."""
    g = _board()
    g.players[0].coins = 9
    f = Decision("cross", 0)

    def reward(rc):
        a = next(a for a in board_actions.cross_options(g, f) if a.id == f"cross:{rc[0]},{rc[1]}")
        return a.label["reward"]

    before = reward((0, 0))
    g.streets["h0-0"] = 1  # covers one of (0,0)'s two spaces
    assert reward((0, 0)) != before
    assert reward((0, 0)) == board_actions.fmt_reward(D.STREET_BONUS["v0-0"])


# ----- p. 9-11: Modernisme, services, passengers -----------------------------------------------------------
def test_a_modernisme_tile_only_on_an_empty_space():
    """Barcelona rulebook (zh-Hans), p. 9: "将其放置在玩家面板上 1 个空的现代主义项目格子上"."""
    g = _board()
    p = g.players[0]
    p.cloth = 5
    p.mod_tiles = ["coins", None, "cloth", None, None]
    spaces = {int(a.id.split("@")[1]) for a in options(g, 0, "mtake")}
    assert spaces == {1, 3, 4}


def test_a_service_only_if_its_top_tile_can_be_paid():
    """Barcelona rulebook (zh-Hans), p. 10: pay 3/2/1 coins for the top tile of a kind not yet
    owned; the option names the top tile's cost and VP."""
    g = _board()
    p = g.players[0]
    key = next(iter(g.services))
    g.services = {key: [(3, 10), (2, 6), (1, 3)]}
    p.coins = 2
    assert options(g, 0, "service") == [] and not action_check.action_possible(g, 0, "service")
    p.coins = 3
    (a,) = options(g, 0, "service")
    assert (a.label["cost"], a.label["vp"]) == (3, 10)
    g.services = {key: [(1, 3)]}
    (a,) = options(g, 0, "service")
    assert (a.label["cost"], a.label["vp"]) == (1, 3)
    p.services = [key]
    assert options(g, 0, "service") == []


def test_no_sixth_passenger_and_the_labels_name_what_is_paid():
    """Barcelona rulebook (zh-Hans), p. 11: a passenger on the tram's space if it has none, the
    leftmost of the 5, its coins or cloth paid (the station ignores the coin cost, p. 18); the
    option says what is paid and whether the line's action follows."""
    g = _board()
    p = g.players[0]
    p.tram = "h1-1"
    p.coins = p.cloth = 3
    labels = {a.id: a.label for a in tram_actions.passenger_options(g, Decision("passenger", 0, free=False))}
    assert labels["passenger:yes"]["key"] == "bcn.opt.passenger_then"
    assert "bcn.opt.free" not in str(labels["passenger:yes"])  # the first passenger costs 1 coin
    p.passengers_placed = 1  # the second costs cloth: the station does not make it free
    labels = {a.id: a.label for a in tram_actions.passenger_options(g, Decision("passenger", 0, free=True))}
    assert "bcn.opt.free" not in str(labels["passenger:yes"])
    p.passengers_placed = 2
    labels = {a.id: a.label for a in tram_actions.passenger_options(g, Decision("passenger", 0, free=True))}
    assert labels["passenger:yes"]["price"] == {"key": "bcn.opt.free"}  # 2 coins, ignored
    p.passengers_placed = 5
    assert tram_actions.passenger_options(g, Decision("passenger", 0, free=True)) == []
    p.passengers_placed = 0
    g.passengers = {"h1-1": 1}
    assert tram_actions.passenger_options(g, Decision("passenger", 0, free=False)) == []


def test_the_passengers_label_says_when_no_action_follows():
    """Barcelona rulebook (zh-Hans), p. 11: after the passenger, the action of its line may be
    taken - when it can be; the option says whether one follows."""
    g = _board()
    p = g.players[0]
    p.tram = "h1-1"  # printed layout: h1 is the cloth tile: always possible
    p.coins = 1
    f = Decision("passenger", 0, free=False)
    label = next(a.label for a in tram_actions.passenger_options(g, f) if a.id == "passenger:yes")
    assert label["key"] == "bcn.opt.passenger_then"
    p.tram = "h2-1"  # h2: the public service, which nobody can pay once the passenger is paid
    label = next(a.label for a in tram_actions.passenger_options(g, f) if a.id == "passenger:yes")
    assert label["key"] == "bcn.opt.passenger"


def test_improve_and_cobble_labels_count_from_one():
    """The options name the Modernisme space (1-5) and the pavement cell (row 1-4, column 1-6) as
    the boards print them, and the improvement's cost where the space shows one (p. 9)."""
    g = _board()
    g.players[0].coins = 5
    labels = {a.id: a.label for a in tile_actions.improve_options(g, Decision("improve", 0))}
    assert labels["improve:0"] == {"key": "bcn.opt.improve", "space": 1, "mult": D.MODERNISME_MULT_TOP[0]}
    assert labels["improve:1"]["key"] == "bcn.opt.improve_pay" and labels["improve:1"]["space"] == 2
    g.players[0].cobbles_placed = 0
    g.pavement = {(0, 0): None}
    labels = {a.id: a.label for a in board_actions.cobble_options(g, Decision("cobble", 0))}
    assert (labels["cobble:0,1"]["row"], labels["cobble:0,1"]["col"]) == (1, 2)


# ----- p. 10-11: the tram -----------------------------------------------------------------------------
def test_the_tram_is_first_placed_where_no_tram_or_passenger_is():
    """Barcelona rulebook (zh-Hans), p. 11: "将你的电车从玩家面板放置到城市中任意 1 个街道格子上，这些
    格子不能有其他电车或乘客" - built or not."""
    from engine.barcelona import board as B

    g = _board(3)
    g.players[1].tram = "h0-0"
    g.passengers = {"h0-1": 2}
    g.streets = {"h0-2": 1}
    got = {a.id[5:] for a in options(g, 0, "tram")}
    assert got == set(B.SEGMENT_IDS) - {"h0-0", "h0-1"}


# ----- p. 12-13: why nothing can be built ---------------------------------------------------------------
def test_the_finish_option_says_why_nothing_can_be_built():
    """Barcelona rulebook (zh-Hans), p. 12-13: a corner building cannot be extended; a block takes
    the levels above its own; the option that ends the actions says which condition no site meets."""
    from engine.barcelona import building

    g = _board()
    g.sites = {"t0u": {"level": "corner", "markers": [1]}}
    assert building.open_levels(g, "t0u") == () and building.open_levels(g, "t0l") == ("corner",)
    assert building.open_levels(g, "b01") == (1, 2, 3)
    g.sites["b01"] = {"level": 2, "markers": [1]}
    assert building.open_levels(g, "b01") == (3,)
    g.sites["b01"]["level"] = 3
    assert building.open_levels(g, "b01") == ()
    put(g, (0, 1), "W")  # b01's corners; (0,1) is t0u's too, (0,2) b02's: one each
    put(g, (0, 2), "W")
    assert building.buildable(g, 0) == []
    assert building.no_build_reason(g, 0) == {"items": [{"key": "bcn.why.all_built"}]}
    g.sites["b01"]["level"] = 1  # level 2 needs a middle-class citizen, level 3 three citizens
    assert building.buildable(g, 0) == []
    why = building.no_build_reason(g, 0)["items"]
    assert [(x["key"], x["level"]) for x in why] == [("bcn.why.needs_class", 2), ("bcn.why.needs_corners", 3)]


# ----- the solo game: where Gaudí goes (docs/barcelona.md, solo rules decisions 3, 7) -----------------------
def test_gaudi_places_nowhere_when_no_intersection_is_empty():
    """Solo rules decision 3 (Gaudí's turn step 2): an intersection without citizens, never his
    pawn's; with none he places nothing (his citizens go back)."""
    from engine.barcelona import board as B
    from engine.barcelona import solo_turn

    g = new_game(1, seed=1)
    pawn = g.solo["pawn"]
    for rc in B.INTERSECTIONS:
        if rc != pawn:
            g.citizens[rc] = ["W"]
    assert solo_turn.choose_intersection(g, ["W", "W"], "N") is None
    del g.citizens[(0, 0)]
    assert solo_turn.choose_intersection(g, ["W", "W"], "N") == (0, 0)


@pytest.mark.parametrize("rules", ["original", "2.0"])
def test_gaudi_looks_nearest_first_or_best_first(rules):
    """Solo rules decision 3: original rules, the nearest ring round his pawn first (steps counted
    king-wise), then his preferences; 2.0, the preferences over the whole board first. His pawn
    in a corner: the nearest ring is its 3 neighbours; a site where he can build lies 3 away."""
    from engine.barcelona import solo_turn

    g = new_game(1, seed=1, rules=rules)
    g.solo["pawn"] = (0, 4)
    g.citizens[(3, 0)] = ["W"]  # placing next to it lets him build on b20 or b30
    got = solo_turn.choose_intersection(g, ["W", "W"], "S")
    if rules == "original":
        assert got in {(0, 3), (1, 3), (1, 4)}
    else:
        assert got in {(2, 0), (2, 1), (3, 1), (4, 0), (4, 1)}


def test_gaudis_streets_and_passenger_go_on_free_spaces_next_to_his_pawn():
    """Solo rules decision 7: his streets on free spaces touching his pawn, of a width he still has
    tiles of; his passenger on a space touching it with no passenger and no tram."""
    from engine.barcelona import board as B
    from engine.barcelona import solo_actions

    g = new_game(1, seed=1)
    gaudi = g.players[1]
    rc = (2, 2)
    assert set(solo_actions._street_spaces(g, rc, "wide")) == set(B.CROSS_SEGMENTS[rc])  # all four are wide
    g.streets = {"h2-1": 0}
    assert set(solo_actions._street_spaces(g, rc, "wide")) == set(B.CROSS_SEGMENTS[rc]) - {"h2-1"}
    gaudi.wide = 0
    assert solo_actions._street_spaces(g, rc, "wide") == []
    gaudi.narrow_stacks = [0, 0]
    assert solo_actions._street_spaces(g, (1, 1), "narrow") == []
    gaudi.narrow_stacks = [1, 0]
    gaudi.wide = 0
    assert set(solo_actions._street_spaces(g, (1, 1), "narrow")) == set(B.CROSS_SEGMENTS[(1, 1)])
    g.passengers = {"h1-0": 0}
    g.players[0].tram = "v1-0"
    assert set(solo_actions._passenger_spaces(g, (1, 1))) == set(B.CROSS_SEGMENTS[(1, 1)]) - {"h1-0", "v1-0"}


# ----- appendix 2 (p. 18-19): what a service does --------------------------------------------------------
def test_the_museum_moves_the_sagrada_marker_two_steps():
    """Barcelona rulebook (zh-Hans), p. 19 加泰罗尼亚现代主义博物馆: "在圣家堂轨上前进 2 步"."""
    from .helpers import start_action

    g = _board()
    p = g.players[0]
    p.coins, p.sagrada = 3, 5  # 6 and 7 are no tile slots (data.SAGRADA_SLOTS)
    g.services = {"museum": [(3, 10)]}
    start_action(g, 0, "service")
    g.apply("service:museum")
    assert p.sagrada == 7 and g.stack[-1].kind != "stile"


@pytest.mark.parametrize("width,built", [("narrow", 2), ("wide", 1)])
def test_lluis_companys_builds_one_wide_or_two_narrow_streets(width, built):
    """Barcelona rulebook (zh-Hans), p. 19 凯旋门大道 and p. 7 建造宽/窄街道: "建造 1 个宽街道板块/2 个
    窄街道板块"."""
    from .helpers import start_action

    g = _board()
    g.players[0].coins = 3
    g.services = {"companys": [(3, 10)]}
    start_action(g, 0, "service")
    g.apply("service:companys")
    g.apply(f"streets:{width}")
    n = 0
    while g.stack[-1].kind == "street":
        g.apply(ids(g)[0])
        n += 1
    assert n == built and len(g.streets) == built


# ----- appendix 1 (p. 17-18): whose pieces count -------------------------------------------------------
def test_busy_intersections_passengers_and_bottom_markers_count_only_ones_own():
    """Barcelona rulebook (zh-Hans), p. 17: "你的交叉路口" next to at least 3 buildings, "你的乘客" next
    to at least 2, "你放置在建筑指示物堆叠底部的建筑指示物" - another player's do not count, nor a
    building that got no marker (p. 12: none is placed when the player has none left)."""
    from engine.barcelona.conditions import COUNTERS

    g = _board()
    g.sites = {
        "b01": {"level": 1, "markers": [1]},
        "b02": {"level": 1, "markers": []},  # built with no marker left
        "b12": {"level": 1, "markers": [0, 1]},
    }
    g.cross_owner = {(1, 2): 1}  # next to b01, b02, b12
    g.passengers = {"v2-0": 1}  # between b01 and b02
    assert COUNTERS["busy_cross"](g, 0) == 0 and COUNTERS["busy_cross"](g, 1) == 1
    assert COUNTERS["busy_passengers"](g, 0) == 0 and COUNTERS["busy_passengers"](g, 1) == 1
    assert COUNTERS["bottom_markers"](g, 0) == 1 and COUNTERS["bottom_markers"](g, 1) == 1


def test_narrow_and_wide_streets_and_lines_are_counted_apart():
    """Barcelona rulebook (zh-Hans), p. 17: 1 VP per own narrow street tile, 2 VP per own wide one
    (two conditions), and the longest line of own blocks - none, none."""
    from engine.barcelona.conditions import COUNTERS

    g = _board()
    g.streets = {"h0-0": 0, "h0-1": 0, "h0-2": 0, "h2-0": 0, "v1-3": 1}
    assert (COUNTERS["narrow"](g, 0), COUNTERS["wide"](g, 0)) == (3, 1)
    assert (COUNTERS["narrow"](g, 1), COUNTERS["wide"](g, 1)) == (1, 0)
    assert COUNTERS["block_line"](g, 0) == 0


def test_a_gap_breaks_a_line_of_blocks_or_streets():
    """Barcelona rulebook (zh-Hans), p. 17: "你最长且不间断的垂直或水平街区线" and "你建造的最长且不间断的
    同一条窄街道线" - a block or a street that is not one's own breaks the line; the longest unbroken
    part counts."""
    from engine.barcelona.conditions import COUNTERS

    g = _board()
    g.sites = {b: {"level": 1, "markers": [0]} for b in ("b02", "b03")}
    g.sites["b01"] = {"level": 1, "markers": [1]}
    g.sites["t0u"] = {"level": "corner", "markers": [0]}  # b00
    assert COUNTERS["block_line"](g, 0) == 2  # b00 | b02 b03
    g.streets = {"h0-0": 0, "h0-1": 1, "h0-2": 0, "h0-3": 0}
    assert COUNTERS["narrow_line"](g, 0) == 2 and COUNTERS["narrow_line"](g, 1) == 1
    assert COUNTERS["wide_line"](g, 0) == 0

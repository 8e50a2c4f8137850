"""Every action type (RULEBOOK p.7-11, appendix 2 p.18-19)."""

import pytest

from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.core.errors import IllegalAction

from .helpers import ids, phase, position, push_frame, put, start_action
from engine.barcelona import action_check, board_actions, effects


def fresh(players=2, **kw):
    g = position(players, **kw)
    for p in g.players:
        p.coins = p.cloth = 0
    return g


# ------------------------------------------------------------ goods tiles (p.7)
def test_coins_tile_gives_two_coins():
    """RULEBOOK p.7 获得金币/布匹 "获得 2 个金币"; German summary, line 13 "Erhalte die angegebene
    Menge an Münzen": the coins tile gains 2 coins, no question asked."""
    g = fresh()
    g.players[0].cobbles_placed = 2
    start_action(g, 0, "coins")
    assert phase(g) != "keep"
    assert (g.players[0].coins, g.players[0].cloth, g.players[0].vp) == (2, 0, 0)
    assert g.players[0].breakdown.get("actions") is None


def test_cloth_tile_gives_cloth_and_three_vp():
    """RULEBOOK p.7 "获得 1 个布匹和 3VP": the cloth tile gains 1 cloth and 3 VP."""
    g = fresh()
    start_action(g, 0, "cloth")
    assert (g.players[0].coins, g.players[0].cloth, g.players[0].vp) == (0, 1, 3)
    assert g.players[0].breakdown["actions"] == 3


def test_goods_overflow_returns_to_supply():
    """RULEBOOK p.7: each free warehouse slot holds 1 coin or 1 cloth; what does not fit
    goes back to the supply at once."""
    g = fresh()
    g.players[0].coins = D.WAREHOUSE_SLOTS - D.COBBLESTONES - 1  # one slot free
    start_action(g, 0, "coins")
    assert g.players[0].coins == g.players[0].capacity and phase(g) != "keep"


def test_goods_overflow_keep_choice():
    """RULEBOOK p.7: you may return any goods at any time, so with both kinds over
    capacity the player chooses what to keep."""
    g = position(2)  # 1 coin, 1 cloth
    p = g.players[0]
    p.coins = p.capacity - 1
    start_action(g, 0, "coins")
    assert phase(g) == "keep" and g.current_player == 0
    cap = p.capacity
    assert ids(g) == [f"keep:{cap - 1},1", f"keep:{cap},0"]  # 1 cloth: keep it or not
    g.apply(f"keep:{cap},0")
    assert (p.coins, p.cloth) == (cap, 0)


def test_discard_offered_only_before_an_overflowing_goods_tile():
    """RULEBOOK p.7 "在任何时候，你都可以从仓库中放回任意数量的布匹或金币至供应堆来腾出格子": goods may
    be returned at any time. The choice is offered where it matters - before a goods tile whose
    gain would not fit - and nowhere else, so no turn gains a question."""
    g = fresh()
    p = g.players[0]
    rc = (0, 0)  # printed: v0 = 2 coins, h0 = improve, d = tram
    assert g.action_tiles["v0"] == "coins"
    push_frame(g, 0, "act", rc=rc, used="")
    assert not any(i.startswith("discard:") for i in ids(g))  # empty warehouse: room
    p.coins, p.cloth = 1, p.capacity - 2  # 1 slot free, 2 coins coming
    g._legal = None
    assert {"discard:coin", "discard:cloth"} <= set(ids(g))
    g.apply("discard:cloth")
    assert p.cloth == p.capacity - 3 and phase(g) == "act"  # still choosing actions
    assert not any(i.startswith("discard:") for i in ids(g))  # now the 2 coins fit
    g.apply("act:v")
    assert p.coins == 3 and phase(g) == "act"


def test_discard_not_offered_when_the_goods_tile_is_used():
    """The same rule: once the goods tile of the intersection is taken, nothing left can overflow
    by a known amount, so the choice goes away (an overflow then asks what to keep)."""
    g = fresh()
    p = g.players[0]
    p.coins, p.cloth = 1, p.capacity - 1
    push_frame(g, 0, "act", rc=(0, 0), used="v")
    assert not any(i.startswith("discard:") for i in ids(g))


def test_capacity_grows_with_cobblestones():
    """RULEBOOK p.7 放置石砖: placing cobblestones frees warehouse slots."""
    g = position(2)
    p = g.players[0]
    for placed in range(7):
        p.cobbles_placed = placed
        assert p.capacity == D.WAREHOUSE_SLOTS - D.COBBLESTONES + placed


# ------------------------------------------------------------ cobblestone (p.7)
def test_cobblestone_adjacency_and_bonus():
    """RULEBOOK p.7: the leftmost cobblestone goes on an empty pavement space orthogonally
    next to another cobblestone; gain the covered bonus at once."""
    g = fresh()
    start_action(g, 0, "cobble")
    r, c = D.PAVEMENT_START
    expect = {
        f"cobble:{r + dr},{c + dc}"
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= r + dr < D.PAVEMENT_ROWS and 0 <= c + dc < D.PAVEMENT_COLS
    }
    assert set(ids(g)) == expect
    cell = (r, c + 1)
    bonus = D.PAVEMENT_BONUS[cell]
    before = g.players[0].vp
    g.apply(f"cobble:{r},{c + 1}")
    p = g.players[0]
    assert p.cobbles_placed == 1 and p.cobbles_left == 5
    assert p.capacity == D.WAREHOUSE_SLOTS - D.COBBLESTONES + 1
    assert g.pavement[cell] == 0
    for kind, amt in bonus:
        if kind == "coin":
            assert p.coins == amt
        if kind == "vp":
            assert p.vp - before == amt


def test_cobblestone_next_to_any_owner():
    """RULEBOOK p.7: next to ANOTHER cobblestone, whoever placed it."""
    g = fresh()
    g.pavement[(3, 5)] = 1
    start_action(g, 0, "cobble")
    assert "cobble:2,5" in ids(g) and "cobble:3,4" in ids(g) and "cobble:0,0" not in ids(g)


def test_cobblestone_none_left():
    """RULEBOOK p.7: no cobblestone left in the warehouse -> the action is impossible."""
    g = fresh()
    g.players[0].cobbles_placed = 6
    assert not action_check.action_possible(g, 0, "cobble")
    push_frame(g, 0, "act", rc=(0, 3), used="")  # printed: v3 = cobblestone
    assert "act:v" not in ids(g)


def test_cobblestone_action_bonus():
    """German summary, line 18 "Zusatzaktion": a pavement bonus may be an extra action."""
    g = fresh()
    cell = next(rc for rc, b in D.PAVEMENT_BONUS.items() if b and b[0] == ("action", "narrow"))
    g.pavement[(cell[0], cell[1] - 1) if cell[1] else (cell[0], cell[1] + 1)] = 1
    start_action(g, 0, "cobble")
    g.apply(f"cobble:{cell[0]},{cell[1]}")
    assert phase(g) == "street" and g.current_player == 0
    assert all(B.segment_kind(i.split(":")[1]) == "narrow" for i in ids(g))


def test_pavement_bonuses_are_goods_steps_or_actions():
    """German summary, line 18: the pavement bonus is coins, cloth, Cerdà or Sagrada steps or an
    extra action ("Münzen, Tuch, Schritte auf der Cerdà- oder Sagrada-Leiste, Zusatzaktion") -
    never points; every extra action is one of the action tiles."""
    kinds = {k for b in D.PAVEMENT_BONUS.values() for k, _ in b}
    assert kinds <= {"coin", "cloth", "cerda", "sagrada", "action"}
    assert {"coin", "cloth", "cerda", "sagrada", "action"} == kinds
    assert all(a in D.ACTION_TILES for b in D.PAVEMENT_BONUS.values() for k, a in b if k == "action")
    assert len(D.PAVEMENT_BONUS) == 24  # RULEBOOK p.2: 24 cobblestone tiles


# ---------------------------------------------------------------- streets (p.8)
def test_narrow_tile_builds_two_narrow_left_stack_first():
    """RULEBOOK p.7-8 "建造 1 个宽街道板块/2 个窄街道板块 … 优先从左侧的板块堆拿取"; German summary, line 14
    "Baue zwei schmale Straßen": the narrow-street tile builds 2 narrow streets (left stack
    first), which need not be connected - no choice of width."""
    g = fresh()
    start_action(g, 0, "narrow")
    assert phase(g) == "street"
    assert all(B.segment_kind(i.split(":")[1]) == "narrow" for i in ids(g))
    g.apply("street:h0-0")
    assert g.players[0].narrow_stacks == [3, 6]
    g.apply("street:v4-3")  # far away: no need to connect
    assert g.players[0].narrow_stacks == [2, 6]
    assert g.streets["h0-0"] == 0 and g.streets["v4-3"] == 0
    assert phase(g) != "street"


def test_wide_tile_builds_one_wide_on_wide_spaces():
    """German summary, line 15 "Baue eine breite Straße"; RULEBOOK p.7: wide tiles only on wide
    spaces. The wide-street tile builds exactly 1."""
    g = fresh()
    start_action(g, 0, "wide")
    segs = [i.split(":")[1] for i in ids(g)]
    assert segs and all(B.SEGMENTS[s][0] in D.WIDE_LINES for s in segs)
    g.apply(f"street:{segs[0]}")
    assert g.players[0].wide == 4 and phase(g) != "street"


def test_street_space_bonuses_are_coins_cloth_or_points():
    """German summary, line 14: a covered bonus symbol gives "Münze, Tuch, Punkte" - coins, cloth or
    points, never track steps."""
    kinds = {k for b in D.STREET_BONUS.values() for k, _ in b}
    assert kinds <= {"coin", "cloth", "vp"} and len(D.STREET_BONUS) == 40


def test_street_bonus_and_straight_line_vp_any_owner():
    """RULEBOOK p.8: gain the covered bonus; then 1 VP per narrow tile connected in a
    straight line with the new one, whoever owns them, the new one included."""
    g = fresh()
    g.streets.update({"h0-0": 1, "h0-3": 1, "v2-0": 1})  # v2-0 touches (0,2) but is another line
    start_action(g, 0, "narrow")
    g.apply("street:h0-1")
    # h0-0 + h0-1 connected; h0-3 is not (h0-2 is empty); v2-0 is not in line h0
    assert g.players[0].breakdown.get("streets") == 2
    assert g.players[1].vp == 0
    bonus = D.STREET_BONUS["h0-1"]
    for kind, amt in bonus:
        if kind == "vp":
            assert g.players[0].breakdown.get("street_bonus") == amt
    g.apply("street:h0-2")  # now h0-0..h0-3 all connected: 4 VP
    assert g.players[0].breakdown.get("streets") == 2 + 4


def test_wide_street_two_vp_per_tile():
    """RULEBOOK p.8: 2 VP per wide tile connected in the line."""
    wide = sorted(D.WIDE_LINES)[0]
    g = fresh()
    g.streets.update({f"{wide}-0": 1, f"{wide}-2": 1})
    start_action(g, 0, "wide")
    g.apply(f"street:{wide}-1")
    assert g.players[0].breakdown["streets"] == 6


def test_street_stack_empties_cerda():
    """RULEBOOK p.8: emptying a narrow stack moves you 1 on the Cerdà track, the wide
    stack 2."""
    g = fresh()
    g.players[0].narrow_stacks = [1, 1]
    start_action(g, 0, "narrow")
    g.apply("street:h0-0")
    assert g.players[0].narrow_stacks == [0, 1] and g.players[0].cerda == 1
    g.apply("street:h0-1")
    assert g.players[0].narrow_stacks == [0, 0] and g.players[0].cerda == 2
    g = fresh()
    g.players[0].wide = 1
    start_action(g, 0, "wide")
    g.apply(f"street:{sorted(D.WIDE_LINES)[0]}-0")
    assert g.players[0].wide == 0 and g.players[0].cerda == 2


def test_last_narrow_tile_builds_one():
    """RULEBOOK p.6: you do what you can; with one narrow tile left you build one."""
    g = fresh()
    g.players[0].narrow_stacks = [0, 1]
    start_action(g, 0, "narrow")
    g.apply("street:h0-0")
    assert phase(g) != "street"


def test_streets_impossible_without_tiles():
    """RULEBOOK p.6 + p.7: no street tile of that width left -> that street action cannot be taken."""
    g = fresh()
    g.players[0].narrow_stacks = [0, 0]
    assert not action_check.action_possible(g, 0, "narrow") and action_check.action_possible(g, 0, "wide")
    g.players[0].wide = 0
    assert not action_check.action_possible(g, 0, "wide")


# ---------------------------------------------------------- intersection (p.8)
def test_intersection_costs():
    """RULEBOOK p.8: pay the cost shown for the leftmost intersection tile, plus any cost
    printed on the chosen space."""
    g = fresh()
    p = g.players[0]
    for n in range(5):
        p.crosses_built = n
        for rc in B.INTERSECTIONS:
            want = D.INTERSECTION_TILE_COST[n] + D.INTERSECTION_COST.get(rc, 0)
            assert board_actions.cross_tile_cost(g, 0, rc, False) == want
    p.crosses_built = 3
    p.coins = D.INTERSECTION_TILE_COST[3]
    for seg in B.CROSS_SEGMENTS[(0, 1)]:
        g.streets[seg] = 1  # bonuses covered: only the cost changes coins
    start_action(g, 0, "cross")
    offered = {i.split(":")[1] for i in ids(g)}
    assert "0,1" in offered and "0,0" not in offered and "2,2" not in offered
    g.apply("cross:0,1")
    assert p.coins == 0 and p.crosses_built == 4 and g.cross_owner[(0, 1)] == 0


def test_intersection_adjacent_visible_bonuses_only():
    """RULEBOOK p.8: gain every adjacent bonus still visible (not covered by a street tile)."""
    g = fresh()
    g.players[0].cobbles_placed = 6
    rc = (1, 3)
    segs = B.CROSS_SEGMENTS[rc]
    covered = segs[0]
    g.streets[covered] = 1
    expect = {}
    for s in segs[1:]:
        for kind, amt in D.STREET_BONUS[s]:
            expect[kind] = expect.get(kind, 0) + amt
    start_action(g, 0, "cross")
    g.apply("cross:1,3")
    p = g.players[0]
    got = {"coin": p.coins, "cloth": p.cloth, "vp": p.vp, "cerda": p.cerda, "sagrada": p.sagrada}
    for kind in got:
        assert got[kind] == expect.get(kind, 0), kind
    assert len(segs) == 4


def test_intersection_under_citizens_pays_printed_cost():
    """RULEBOOK p.8: a tile built where citizens stand goes under them; the printed cost
    must be paid even though citizens are on it."""
    g = fresh()
    rc = (1, 1)
    put(g, rc, "WM")
    g.players[0].coins = D.INTERSECTION_COST[rc]
    start_action(g, 0, "cross")
    assert "cross:1,1" in ids(g)
    g.apply("cross:1,1")
    assert g.citizens[rc] == ["W", "M"] and g.cross_owner[rc] == 0
    assert g.players[0].coins == _bonus_coins(g, rc)  # paid to 0, then the bonuses


def _bonus_coins(g, rc):
    """The coins of the visible street bonuses next to ``rc`` (RULEBOOK p.8)."""
    return sum(a for s in B.CROSS_SEGMENTS[rc] if s not in g.streets for k, a in D.STREET_BONUS[s] if k == "coin")


def test_intersection_not_twice_and_max_five():
    """RULEBOOK p.8: only on a space without an intersection tile; 5 tiles per player (p.2)."""
    g = fresh()
    g.cross_owner[(0, 1)] = 1
    start_action(g, 0, "cross")
    assert "cross:0,1" not in ids(g)
    g.players[0].crosses_built = 5
    assert not action_check.action_possible(g, 0, "cross")


# ------------------------------------------------------------ Modernisme (p.9)
def test_improve_costs_and_without_tile():
    """RULEBOOK p.9 发展: move a bottom marker to the top paying the space's cost; allowed
    whether or not the space holds a Modernisme tile."""
    g = fresh()
    p = g.players[0]
    start_action(g, 0, "improve")
    free = [i for i in range(5) if not D.MODERNISME_IMPROVE_COST[i]]
    assert ids(g) == [f"improve:{i}" for i in free]
    p.coins = 5
    g._legal = None
    assert ids(g) == [f"improve:{i}" for i in range(5)]
    g.apply("improve:4")
    assert p.mod_top[4] and p.mod_tiles[4] is None
    assert p.coins == 5 - sum(a for _, a in D.MODERNISME_IMPROVE_COST[4])
    start_action(g, 0, "improve")
    assert "improve:4" not in ids(g)


def test_take_modernisme_cost_refill():
    """RULEBOOK p.9 拿取: one of the 4 face-up tiles onto an empty space, paying its cost;
    refill the display at once."""
    g = fresh()
    p = g.players[0]
    start_action(g, 0, "mtake")
    free = [i for i in range(5) if not D.MODERNISME_TAKE_COST[i]]
    assert {int(i.split("@")[1]) for i in ids(g)} == set(free)
    tile = g.mod_display[0]
    deck = len(g.mod_deck)
    p.cloth = 2
    g._legal = None
    g.apply(f"mtake:{tile}@4")
    assert p.mod_tiles[4] == tile and p.cloth == 0
    assert tile not in g.mod_display and len(g.mod_display) == 4 and len(g.mod_deck) == deck - 1


def test_take_modernisme_needs_empty_space():
    """RULEBOOK p.9: no empty Modernisme space -> the action cannot be taken."""
    g = fresh()
    g.players[0].mod_tiles = ["coins"] * 5
    assert not action_check.action_possible(g, 0, "mtake")


def test_modernisme_discards_reshuffled():
    """RULEBOOK p.9 / p.14: when the Modernisme deck runs out, the discards are shuffled
    into a new deck."""
    g = fresh()
    g.mod_discard = g.mod_deck
    g.mod_deck = []
    start_action(g, 0, "mtake")
    tile = g.mod_display[0]
    n = len(g.mod_discard)
    g.apply(f"mtake:{tile}@0")
    assert len(g.mod_display) == 4 and not g.mod_discard and len(g.mod_deck) == n - 1


# ------------------------------------------------------ public services (p.10)
def all_services(g):
    g.services = {k: list(D.SERVICE_TILES) for k in D.SERVICES}
    g._legal = None


def test_service_top_tile_vp_cerda_once_per_type():
    """RULEBOOK p.10: pay 3/2/1 for the top tile of a type you lack; 10/6/3 VP; Cerdà +2."""
    g = fresh(3)
    all_services(g)
    g.players[0].coins = g.players[1].coins = 3
    start_action(g, 0, "service")
    g.apply("service:museum")
    p0 = g.players[0]
    assert p0.coins == 0 and p0.breakdown["services"] == 10 and p0.cerda == 2
    assert p0.services == ["museum"] and g.services["museum"] == [(2, 6), (1, 3)]
    # the next builder of the same type pays 2 and gets 6
    start_action(g, 1, "service")
    g.apply("service:museum")
    assert g.players[1].coins == 1 and g.players[1].breakdown["services"] == 6
    # never twice the same type
    g.players[0].coins = 3
    start_action(g, 0, "service")
    assert "service:museum" not in ids(g) and "service:market" in ids(g)


def test_service_unaffordable_and_empty_stack():
    """RULEBOOK p.10: you must pay the top tile's cost; an empty stack offers nothing."""
    g = fresh(3)
    all_services(g)
    g.services["market"] = []
    g.players[0].coins = 2
    start_action(g, 0, "service")
    assert ids(g) == [] or all(i != "service:market" for i in ids(g))
    assert not action_check.action_possible(g, 0, "service")
    g.services["museum"] = [(1, 3)]
    assert action_check.action_possible(g, 0, "service")


def _service(key, coins=3, **setup):
    g = fresh(3)
    all_services(g)
    g.players[0].coins = coins
    g.players[0].cobbles_placed = 5
    for k, v in setup.items():
        setattr(g.players[0], k, v)
    start_action(g, 0, "service")
    g.apply(f"service:{key}")
    return g


def test_service_market_cloth_per_block():
    """Appendix 2 p.18 Sant Antoni: 1 cloth per block holding your building marker."""
    g = fresh(3)
    all_services(g)
    g.players[0].coins = 3
    g.players[0].cobbles_placed = 6
    g.sites = {
        "b01": {"level": 1, "markers": [1, 0]},
        "t0u": {"level": "corner", "markers": [0]},
        "t0l": {"level": "corner", "markers": [0]},
        "b23": {"level": 1, "markers": [1]},
    }
    start_action(g, 0, "service")
    g.apply("service:market")
    assert g.players[0].cloth == 2  # b01 and b00 (two corners, one block)


def test_service_station_tram_passenger_coin_free():
    """Appendix 2 p.18 Estació de França: a tram action, the passenger's coin cost ignored."""
    g = _service("station")
    assert phase(g) == "tram"
    g.apply("tram:h0-1")
    assert "passenger:yes" in ids(g)
    g.apply("passenger:yes")
    assert g.players[0].coins == 0 and g.passengers == {"h0-1": 0}


def test_service_hospital_free_intersection():
    """Appendix 2 p.18 Sant Pau: an intersection action ignoring every coin cost, the
    printed one included."""
    g = _service("hospital", crosses_built=4)
    assert phase(g) == "cross" and "cross:2,2" in ids(g)
    g.apply("cross:2,2")
    assert g.players[0].coins == _bonus_coins(g, (2, 2)) and g.cross_owner[(2, 2)] == 0


def test_service_companys_streets():
    """Appendix 2 p.19 Lluís Companys: a wide/narrow streets action."""
    g = _service("companys")
    assert phase(g) == "street_mode"


def test_service_university_cobble_anywhere():
    """Appendix 2 p.19 Universitat: a cobblestone action ignoring adjacency."""
    g = _service("university")
    assert phase(g) == "cobble"
    assert len(ids(g)) == D.PAVEMENT_ROWS * D.PAVEMENT_COLS - 1
    assert "cobble:3,5" in ids(g)


def test_service_museum_sagrada():
    """Appendix 2 p.19 Museu del Modernisme: 2 Sagrada Família steps (with their rewards)."""
    g = _service("museum")
    assert g.players[0].sagrada == 2
    assert phase(g) == "stile"  # position 2 is the level-1 slot


def test_service_pavilion_mtake_cloth_free():
    """Appendix 2 p.19 Pavelló d'Operacions: a Modernisme project ignoring the cloth cost."""
    g = _service("pavilion")
    assert phase(g) == "mtake"
    assert {int(i.split("@")[1]) for i in ids(g)} == set(range(5))
    tile = g.mod_display[0]
    g.apply(f"mtake:{tile}@4")
    assert g.players[0].cloth == 0 and g.players[0].mod_tiles[4] == tile


# ------------------------------------------------------- tram (p.10-11)
def reach(start, banned=()):
    """Independent check: segments 1 or 2 steps away, never the start."""
    one = {t for t, _ in B.SEGMENT_NEIGHBOURS[start]}
    two = {u for t in one for u, _ in B.SEGMENT_NEIGHBOURS[t]}
    return (one | two) - {start} - set(banned)


def test_tram_first_placement_anywhere_free():
    """RULEBOOK p.10-11: the first time, put the tram on any street space without another
    tram or a passenger, built or not."""
    g = fresh()
    g.players[1].tram = "h0-0"
    g.passengers["v4-3"] = 1
    g.streets["h1-1"] = 1
    start_action(g, 0, "tram")
    segs = {i.split(":")[1] for i in ids(g)}
    assert segs == set(B.SEGMENT_IDS) - {"h0-0", "v4-3"}


def test_tram_moves_one_or_two():
    """RULEBOOK p.11: move 1 or 2 spaces in any direction, turning into any street; never
    stay in place."""
    g = fresh()
    g.players[0].tram = "h0-0"
    start_action(g, 0, "tram")
    segs = {i.split(":")[1] for i in ids(g)}
    assert segs == reach("h0-0") and "h0-0" not in segs
    assert segs == {"v0-0", "h0-1", "v1-0", "v0-1", "h1-0", "h0-2", "v2-0", "h1-1", "v1-1"}


def test_tram_own_streets_free():
    """RULEBOOK p.11: moving over your own street tiles is free (not counted in the 1-2)."""
    g = fresh()
    g.players[0].tram = "h0-0"
    g.streets.update({"h0-1": 0, "h0-2": 0})
    start_action(g, 0, "tram")
    segs = {i.split(":")[1] for i in ids(g)}
    assert {"h0-3", "v3-0", "v4-0", "v3-1"} <= segs
    g2 = fresh()
    g2.players[0].tram = "h0-0"
    g2.streets.update({"h0-1": 1, "h0-2": 1})  # another player's streets cost as usual
    start_action(g2, 0, "tram")
    assert "h0-3" not in {i.split(":")[1] for i in ids(g2)}


def test_tram_passes_but_never_ends_on_another_tram():
    """RULEBOOK p.11: you may pass other trams but not end on one."""
    g = fresh()
    g.players[0].tram = "h0-0"
    g.players[1].tram = "h0-1"
    start_action(g, 0, "tram")
    segs = {i.split(":")[1] for i in ids(g)}
    assert "h0-1" not in segs and "h0-2" in segs


def test_passenger_cost_action_and_rescore():
    """RULEBOOK p.11: optionally drop your leftmost passenger on the tram's space (paying
    its cost) if none is there; take that street's action; if the space holds a street
    tile its owner scores it again as if just built."""
    g = fresh()
    g.streets.update({"h0-0": 1, "h0-1": 1})
    g.players[0].coins = 1
    start_action(g, 0, "tram")
    g.apply("tram:h0-1")
    assert ids(g) == ["passenger:yes", "passenger:no"]
    g.apply("passenger:yes")
    assert g.players[0].coins == 0 and g.players[0].passengers_placed == 1
    assert g.passengers == {"h0-1": 0}
    assert g.players[1].vp == 2  # h0-0 + h0-1, 1 VP each
    assert phase(g) == "pact"  # printed layout: h0 = improve
    g.apply("pact:yes")
    assert phase(g) == "improve"


def test_passenger_not_where_one_is_or_unaffordable():
    """RULEBOOK p.11 / Spanish rules sheet: one passenger per space; unpaid -> no passenger."""
    g = fresh()
    g.passengers["h0-1"] = 1
    g.players[0].tram = "h0-0"
    g.players[0].coins = 1
    start_action(g, 0, "tram")
    g.apply("tram:h0-1")
    assert phase(g) != "passenger"
    g = fresh()
    start_action(g, 0, "tram")
    g.apply("tram:h0-1")  # 0 coins: the first passenger costs a coin
    assert phase(g) != "passenger"


def test_passenger_costs_leftmost_first():
    """RULEBOOK p.11: the leftmost passenger, with the cost shown under it."""
    g = fresh()
    g.players[0].passengers_placed = 1
    g.players[0].cloth = 1
    g.players[0].tram = "v4-2"
    start_action(g, 0, "tram")
    g.apply("tram:v4-3")
    g.apply("passenger:yes")
    assert g.players[0].cloth == 1 - sum(a for k, a in D.PASSENGER_COST[1] if k == "cloth")
    assert g.players[0].passengers_placed == 2
    with pytest.raises(IllegalAction):
        g.apply("passenger:yes")


def test_modernisme_deck_reshuffled_as_soon_as_empty():
    """RULEBOOK p.9 ("任何时候，如果现代主义板块堆被拿空，重洗弃置的板块") and p.14 ("立即"):
    the discards become the new deck the moment the deck runs out, so tiles discarded
    LATER (e.g. a Cerdà scoring's display) are not in that deck."""
    g = fresh()
    g.mod_discard = g.mod_deck[:3]
    g.mod_deck = g.mod_deck[3:4]
    early = set(g.mod_discard)
    start_action(g, 0, "mtake")
    g.apply(f"mtake:{g.mod_display[0]}@0")
    assert not g.mod_discard and set(g.mod_deck) == early
    # a Cerdà scoring now discards the display and reveals the 3 reshuffled tiles first
    shown = list(g.mod_display)
    g.mod_discard += g.mod_display
    g.mod_display = []
    effects.refill_display(g)
    assert early <= set(g.mod_display)
    assert len(g.mod_display) == 4 and len(g.mod_deck) == 3 and not g.mod_discard
    assert set(g.mod_display) | set(g.mod_deck) == early | set(shown)


def test_effect_without_option_is_skipped():
    """docs/barcelona.md decision 5: a service's tram action with no reachable space is
    skipped; the rest of the turn goes on (RULEBOOK p.6: what cannot be done is not done)."""
    g = fresh(3)
    all_services(g)
    g.players[0].coins = 3
    g.players[1].tram = B.SEGMENT_IDS[0]
    g.passengers = {s: 2 for s in B.SEGMENT_IDS[1:]}
    start_action(g, 0, "service")
    g.apply("service:station")
    assert g.players[0].tram is None and "station" in g.players[0].services
    assert g.players[0].breakdown["services"] == 10
    assert phase(g) != "tram"

"""The printed values the rulebook states, each pinned by a scenario that plays it (issue 50).

Tests that read their expected figure from engine/barcelona/data.py follow any change of the
table; these write the rulebook's own number, so a changed value fails a test that names the
rule (not only the golden master's replays, tests/contract/test_record_fixtures.py, which say
that something changed but not which rule). Pages are the Barcelona rulebook's (zh-Hans).
The reconstructed values (RECON in data.py) are pinned in test_bcn_recon_values.py.
"""

import pytest

from engine.barcelona import data as D
from engine.core.errors import IllegalAction

from .helpers import ids, position, push_frame, put, set_turn, start_action


def _blank_board(players=4):
    """No pre-filled track, no goods, a full cobblestone row (nothing to overflow), and level
    tiles without a printed reward on top of each stack (their rewards are RECON)."""
    g = position(players)
    for p in g.players:
        p.coins = p.cloth = 0
        p.cobbles_placed = 6
    blank1 = D.BUILDING_TILES[1].index(())
    g.building_stacks = {"corner": [0, 0], 1: [blank1] * 3, 2: [0, 0], 3: [1, 1]}  # 2 and 3: coins
    return g


def _build_vp(row_bonus_left, site="b01", corners=((0, 1), (0, 2))):
    g = _blank_board()
    g.row_bonus = [row_bonus_left] * 4
    for rc in corners:
        put(g, rc, "W")
    push_frame(g, 0, "build")
    before = g.players[0].vp
    g.apply(f"build:{site}:1:{';'.join(f'{r},{c}' for r, c in corners)}")
    return g, g.players[0].vp - before


# ----- p. 12: building ------------------------------------------------------------------------
def test_first_building_in_a_row_of_blocks_scores_5_vp():
    """Barcelona rulebook (zh-Hans), p. 12, building step 2: "如果该建筑是这一行的首个建筑，将该行的
    建筑奖励板块翻面并获得 5VP" - the first building in its row turns the row's bonus tile and
    scores 5 VP. The same building with the tile already turned scores 5 VP less."""
    g, first = _build_vp(row_bonus_left=True)
    _, later = _build_vp(row_bonus_left=False)
    assert first - later == 5
    assert g.row_bonus == [False, True, True, True]  # only its own row's tile is turned


def test_the_row_bonus_is_once_per_row():
    """Barcelona rulebook (zh-Hans), p. 12 step 2 and p. 2 (4 building bonus tiles, one per row
    of blocks): the second building of a row scores no bonus; a building in another row does."""
    g = _blank_board()
    for rc in ((0, 1), (0, 2), (0, 3), (1, 3), (2, 0), (3, 0)):
        put(g, rc, "W")
    gained = []
    for site, combo in (("b01", "0,1;0,2"), ("b02", "0,3;1,3"), ("b20", "2,0;3,0")):
        push_frame(g, 0, "build")
        before, tracks = g.players[0].vp, dict(g.tracks)
        g.apply(f"build:{site}:1:{combo}")
        lowest = min(D.TRACK_VP[n] for n in g.tracks.values())  # step 4, read from the track
        gained.append(g.players[0].vp - before - lowest)
        assert g.tracks != tracks
    assert gained == [5, 0, 5]
    assert len(g.row_bonus) == 4


def test_building_levels_as_printed():
    """Barcelona rulebook (zh-Hans), p. 13 建筑类别: level 1 needs any 2 citizens and moves the
    Cerdà marker 1 forward; level 2 a middle-class citizen and 1 more, Sagrada +1, Cerdà -1;
    level 3 an upper-class citizen and 2 more, Sagrada +2, 7 VP, Cerdà -2; a corner building
    any 2 citizens of its triangle's 3 intersections, no effect."""
    assert D.LEVEL_RULES == {
        "corner": (2, None, 0, 0, 0),
        1: (2, None, 1, 0, 0),
        2: (2, "M", -1, 1, 0),
        3: (3, "U", -2, 2, 7),
    }
    g = _blank_board()
    g.sites["b01"] = {"level": 1, "markers": [1]}  # corners (0,1) (0,2) (1,1) (1,2)
    put(g, (0, 1), "U")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    assert not any(i.startswith(("build:b01:2:", "build:b01:3:")) for i in ids(g))  # no middle; 2 only
    put(g, (1, 2), "M")
    push_frame(g, 0, "build")
    assert "build:b01:2:0,2;1,2" in ids(g)  # a middle-class citizen and any other
    assert "build:b01:3:0,1;0,2;1,2" in ids(g)  # an upper-class citizen and 2 others
    assert not any(i.startswith("build:b01:3:") and i.count(";") != 2 for i in ids(g))
    put(g, (0, 1), "W")
    push_frame(g, 0, "build")
    assert not any(i.startswith("build:b01:3:") for i in ids(g))  # no upper-class citizen on top
    # a corner building: 2 citizens of its triangle's 3 intersections, the diagonal's blocks only
    g = _blank_board()
    put(g, (0, 0), "W")
    put(g, (0, 1), "W")
    put(g, (1, 0), "W")
    push_frame(g, 0, "build")
    assert sorted(i for i in ids(g) if ":corner:" in i) == ["build:t0l:corner:0,0;1,0", "build:t0u:corner:0,0;0,1"]


def _level_effects(level, tops):
    """The VP, Cerdà and Sagrada steps one building of ``level`` gives (on block b01, a corner
    building on triangle t0u)."""
    g = _blank_board()
    site = "t0u" if level == "corner" else "b01"
    corners = (((0, 0), (0, 1)) if level == "corner" else ((0, 1), (0, 2), (1, 2)))[: len(tops)]
    for rc, cls in zip(corners, tops):
        put(g, rc, cls)
    if level in (2, 3):
        g.sites["b01"] = {"level": 1, "markers": [1]}
    g.row_bonus = [False] * 4
    p = g.players[0]
    p.cerda, p.sagrada = 4, 0
    push_frame(g, 0, "build")
    vp0 = p.vp
    g.apply(f"build:{site}:{level}:{';'.join(f'{r},{c}' for r, c in corners)}")
    while g.stack and g.stack[-1].kind in ("stile", "split", "keep") and g.stack[-1].seat == 0:
        g.apply(ids(g)[0])  # a Sagrada tile's choice: its VP are not counted below
    lowest = min(D.TRACK_VP[n] for n in g.tracks.values())
    sagrada_vp = p.breakdown.get("sagrada", 0)
    return p.vp - vp0 - lowest - sagrada_vp, p.cerda - 4, p.sagrada


@pytest.mark.parametrize(
    "level,tops,vp,cerda,sagrada",
    [("corner", "WW", 0, 0, 0), (1, "WW", 0, 1, 0), (2, "MW", 0, -1, 1), (3, "UWW", 7, -2, 2)],
)
def test_each_level_gives_its_printed_effects(level, tops, vp, cerda, sagrada):
    """Barcelona rulebook (zh-Hans), p. 13: level 1 Cerdà +1; level 2 Sagrada +1 and Cerdà -1;
    level 3 Sagrada +2, 7 VP and Cerdà -2; a corner building nothing (German summary: corner
    houses give no extra effects) - on top of step 4's track VP."""
    assert _level_effects(level, tops) == (vp, cerda, sagrada)


def test_building_markers_eight_and_an_emptied_stack_moves_cerda_one():
    """Barcelona rulebook (zh-Hans), p. 2: 8 building markers per player; p. 13 step 6: the
    leftmost marker goes on the building, and emptying a stack moves the Cerdà marker 1."""
    assert sum(D.MARKER_STACKS) == 8
    g = _blank_board()
    g.row_bonus = [False] * 4
    p = g.players[0]
    p.marker_stacks = [0, 0, 0, 1, 1]
    p.cerda = 4
    put(g, (0, 1), "W")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:1:0,1;0,2")
    assert p.marker_stacks == [0, 0, 0, 0, 1]
    assert p.cerda == 4 + 1 + 1  # level 1's step and the emptied stack's


# ----- p. 7-8: street actions ---------------------------------------------------------------------
def test_goods_tiles_give_2_coins_or_1_cloth_and_3_vp():
    """Barcelona rulebook (zh-Hans), p. 7 获得金币/布匹: "获得 1 个布匹和 3VP 或者获得 2 个金币"."""
    g = _blank_board()
    p = g.players[0]
    p.cobbles_placed = 6
    start_action(g, 0, "coins")
    assert (p.coins, p.cloth) == (2, 0)
    vp = p.vp
    start_action(g, 0, "cloth")
    assert (p.coins, p.cloth, p.vp - vp) == (2, 1, 3)


def test_street_vp_one_per_narrow_two_per_wide_in_the_line():
    """Barcelona rulebook (zh-Hans), p. 7-8 建造宽/窄街道: count the tiles connected in a straight
    line with the new one, any owner's, itself included: 2 VP per wide tile, 1 per narrow one.
    Its space's bonus is counted apart (street_bonus)."""
    g = _blank_board()
    g.streets = {"h1-0": 1, "h1-1": 2, "h1-3": 1, "h2-0": 3}
    start_action(g, 0, "narrow")
    g.apply("street:h1-2")
    assert g.players[0].breakdown["streets"] == 4  # h1-0 .. h1-3: 4 narrow tiles
    g.apply("street:h3-0")
    assert g.players[0].breakdown["streets"] == 4 + 1
    start_action(g, 0, "wide")
    g.apply("street:h2-1")
    assert g.players[0].breakdown["streets"] == 5 + 2 * 2  # h2-0, h2-1: 2 wide tiles


def test_emptied_street_stacks_move_cerda_1_narrow_2_wide():
    """Barcelona rulebook (zh-Hans), p. 7: "窄街道板块堆耗尽时前进 1 步，宽街道板块堆耗尽时前进 2 步";
    p. 2: 10 narrow (two stacks, the left one first) and 5 wide tiles per player."""
    assert sum(D.NARROW_STACKS) == 10 and D.WIDE_TILES == 5
    g = _blank_board()
    p = g.players[0]
    p.narrow_stacks = [1, 1]
    p.wide = 1
    p.cerda = 0
    start_action(g, 0, "narrow")
    g.apply("street:h0-0")
    assert p.narrow_stacks == [0, 1] and p.cerda == 1
    g.apply("street:h0-1")
    assert p.narrow_stacks == [0, 0] and p.cerda == 2
    start_action(g, 0, "wide")
    g.apply("street:v2-0")
    assert p.wide == 0 and p.cerda == 4


def test_owner_rewards_one_two_three_for_one_three_five_tiles():
    """Barcelona rulebook (zh-Hans), p. 8: "如果你已经建造了至少 1/3/5 个交叉路口，就可以获得至多
    1/2/3 个奖励" (different rewards)."""
    assert D.OWNER_REWARD_COUNT == ((5, 3), (3, 2), (1, 1))
    for built, k in ((1, 1), (2, 1), (3, 2), (4, 2), (5, 3)):
        g = _blank_board()
        g.cross_owner[(0, 1)] = 1
        g.players[1].crosses_built = built
        set_turn(g, 0, "WM")
        g.apply("place:0,1:WM")
        if built <= k:  # every unlocked reward, no question
            assert g.current_player == 0
            continue
        assert g.current_player == 1
        assert {len(i.split(":")[1].split(",")) for i in ids(g)} == {k}


# ----- p. 10: public services, p. 14-15: the Cerdà track ------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_services_cost_3_2_1_coins_score_10_6_3_vp_and_2_cerda(players):
    """Barcelona rulebook (zh-Hans), p. 10 建造公用设施: pay 3/2/1 coins, 10/6/3 VP, Cerdà +2;
    p. 4 step 2: 5 of the 7 kinds, and with 2 players each stack loses its cheapest tile."""
    g = position(players)
    assert len(g.services) == 5
    key = next(iter(g.services))
    want = [(3, 10), (2, 6)] if players == 2 else [(3, 10), (2, 6), (1, 3)]
    assert g.services[key] == want
    for seat, (cost, points) in zip(range(players), want):
        p = g.players[seat]
        p.coins, p.cerda, vp = cost, 0, p.vp
        g.services = {key: g.services[key]}
        start_action(g, seat, "service")
        g.apply(f"service:{key}")
        while g.stack and g.stack[-1].seat == seat and g.stack[-1].kind not in ("build_step", "endturn"):
            g.apply(ids(g)[-1])  # the service's own effect (none of it scores VP or Cerdà here)
        assert p.coins == 0 and p.breakdown["services"] == points and p.vp - vp >= points
        assert p.cerda == 2


def test_cerda_track_top_gives_2_vp_per_step_beyond():
    """Barcelona rulebook (zh-Hans), p. 15 塞尔达轨: at the top, each further step scores 2 VP; at
    the bottom, a step back is ignored."""
    from engine.barcelona import effects

    g = _blank_board()
    p = g.players[0]
    p.cerda = D.CERDA_MAX
    effects.cerda(g, 0, 3)
    assert p.cerda == D.CERDA_MAX and p.breakdown["cerda_top"] == 6
    p.cerda = D.CERDA_MIN
    effects.cerda(g, 0, -1)
    assert p.cerda == D.CERDA_MIN


def test_cerda_multiplier_runs_from_0_to_4():
    """Barcelona rulebook (zh-Hans), p. 14: each player scores the Cerdà tile 0 to 4 times by
    their place on the Cerdà track."""
    mults = [D.cerda_multiplier(x) for x in range(D.CERDA_MIN, D.CERDA_MAX + 1)]
    assert min(mults) == 0 and max(mults) == 4 and mults == sorted(mults)


# ----- p. 6: placing citizens -----------------------------------------------------------------------
def test_citizens_go_on_an_intersection_without_citizens():
    """Barcelona rulebook (zh-Hans), p. 6 放置市民: "按任意顺序将其叠放在一个没有放置市民的十字路口"."""
    g = _blank_board()
    put(g, (0, 1), "W")
    set_turn(g, 0, "WM")
    assert not any(i.startswith("place:0,1:") for i in ids(g))
    with pytest.raises(IllegalAction):
        g.apply("place:0,1:WM")
    assert "place:0,2:WM" in ids(g) and "place:0,2:MW" in ids(g)


# ----- appendix 1 (p. 17-18): the conditions' printed VP and limits -------------------------------------
APPENDIX_VP = {
    "block_line": 2, "coins": 2, "busy_cross": 3, "cerda_mult": 2, "services": 2, "busy_passengers": 3,
    "improved": 2, "cobbles": 2, "cloth": 2, "narrow_line": 2, "wide_line": 2, "narrow": 1, "wide": 2,
    "passengers": 2, "crosses": 2, "empty_stacks": 3, "corners": 3, "modernisme": 2, "bottom_markers": 2,
}  # fmt: skip


def test_each_condition_scores_its_printed_vp():
    """Barcelona rulebook (zh-Hans), p. 17-18 附录一: the VP each condition prints per unit (2 VP a
    block of the longest line, a coin, a service...; 3 VP a busy intersection or passenger, an
    emptied marker stack, a corner building; 1 VP a narrow street), counted on the hand-built
    position of test_bcn_scoring."""
    from engine.barcelona.conditions import condition_vp

    from .test_bcn_scoring import EXPECTED, condition_position

    g = condition_position()
    assert {k: condition_vp(g, 0, k) for k in EXPECTED} == {k: APPENDIX_VP[k] * n for k, n in EXPECTED.items()}


def test_condition_limits_as_printed():
    """Barcelona rulebook (zh-Hans), p. 17: coins and cloth count "最多计 5 个"; an intersection
    counts when next to "至少 3 个建筑", a passenger when next to "至少 2 个建筑"."""
    from engine.barcelona.conditions import COUNTERS

    g = _blank_board()
    p = g.players[0]
    for coins, counted in ((4, 4), (5, 5), (6, 5)):
        p.coins = p.cloth = coins
        assert COUNTERS["coins"](g, 0) == COUNTERS["cloth"](g, 0) == counted
    # (1,2) is a corner of the sites b01, b02, t1u and b12
    g.cross_owner[(1, 2)] = 0
    g.sites = {"b01": {"level": 1, "markers": [1]}, "b02": {"level": 1, "markers": [1]}}
    assert COUNTERS["busy_cross"](g, 0) == 0
    g.sites["b12"] = {"level": 1, "markers": [1]}
    assert COUNTERS["busy_cross"](g, 0) == 1  # exactly 3 buildings, any owner's
    # h0-1 (the top edge) touches b01 only; v2-0 lies between b01 and b02
    g.passengers = {"h0-1": 0, "v2-0": 0}
    g.sites = {"b01": {"level": 1, "markers": [1]}}
    assert COUNTERS["busy_passengers"](g, 0) == 0
    g.sites["b02"] = {"level": 1, "markers": [1]}
    assert COUNTERS["busy_passengers"](g, 0) == 1  # v2-0: exactly 2 buildings

"""Building (RULEBOOK p.12-13) and the citizen tracks (p.14)."""

import pytest

from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.core.errors import IllegalAction

from tests.support.game_checks import citizens_total

from .helpers import ids, phase, position, push_frame, put, set_turn
from engine.barcelona import effects

# building tiles with no printed reward, or a known one (indices into data.BUILDING_TILES)
L1_BLANK = D.BUILDING_TILES[1].index(())


def board4(**kw):
    """4 players: no pre-filled track spaces, every track value starts at TRACK_VP[0]."""
    g = position(4, **kw)
    for p in g.players:
        p.coins = p.cloth = 0
        p.cobbles_placed = 6
    g.building_stacks = {"corner": [0, 1], 1: [L1_BLANK, L1_BLANK], 2: [0, 0], 3: [0, 0]}
    return g


def builds(g):
    return [i for i in ids(g) if i.startswith("build:")]


def test_building_is_mandatory():
    """RULEBOOK p.12: after your actions you MUST build if you can (no skip option)."""
    g = board4()
    put(g, (0, 2), "W")
    set_turn(g, 0, "MW")
    g.apply("place:0,1:WM")
    g.apply("act:done")
    assert phase(g) == "build" and g.current_player == 0
    assert all(i.startswith("build:") for i in ids(g))


def test_no_build_when_impossible():
    """RULEBOOK p.12: build only "if you can"."""
    g = board4()
    set_turn(g, 0, "MW")
    g.apply("place:0,1:WM")
    g.apply("act:done")
    assert g.current_player == 1


def test_level1_any_two_top_citizens():
    """RULEBOOK p.12 一级建筑: any 2 citizens on the block's corner intersections."""
    g = board4()
    put(g, (0, 1), "W")
    put(g, (1, 2), "U")
    push_frame(g, 0, "build")
    assert "build:b01:1:0,1;1,2" in builds(g)
    assert not any(":2:" in i for i in builds(g))  # no middle on top
    assert not any(":3:" in i for i in builds(g))  # only 2 citizens


def test_only_top_citizens_count():
    """RULEBOOK p.12: only the visible (top) citizen of each stack counts."""
    g = board4()
    put(g, (0, 1), "MW")  # middle hidden under a working citizen
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    assert "build:b01:1:0,1;0,2" in builds(g)
    assert "build:b01:2:0,1;0,2" not in builds(g)
    put(g, (0, 1), "WM")
    push_frame(g, 0, "build")
    assert "build:b01:2:0,1;0,2" in builds(g)


def test_level3_needs_upper_and_two_more():
    """RULEBOOK p.13 三级建筑: 1 upper-class citizen and 2 any (3 intersections)."""
    g = board4()
    put(g, (0, 1), "U")
    put(g, (0, 2), "W")
    put(g, (1, 2), "W")
    push_frame(g, 0, "build")
    assert "build:b01:3:0,1;0,2;1,2" in builds(g)
    put(g, (0, 1), "M")
    push_frame(g, 0, "build")
    assert not any(":3:" in i for i in builds(g))


def test_corner_uses_its_triangle():
    """RULEBOOK p.12 角落建筑: any 2 citizens, only on a triangle next to the diagonal, using
    only the 3 intersections of that triangle; diagonal blocks take no other building."""
    g = board4()
    put(g, (0, 0), "W")
    put(g, (0, 1), "W")
    push_frame(g, 0, "build")
    got = builds(g)
    assert "build:t0u:corner:0,0;0,1" in got
    assert not any(i.startswith("build:t0l") for i in got)  # (0,1) is not in t0l
    assert not any(i.startswith("build:b00") for i in got)
    g2 = board4()
    put(g2, (1, 0), "W")
    put(g2, (0, 1), "W")  # one in each triangle: no corner building
    push_frame(g2, 0, "build")
    assert not any(i.startswith("build:t0") for i in builds(g2))


def test_corner_not_extended():
    """RULEBOOK p.12: corner buildings cannot be extended."""
    g = board4()
    g.sites["t0u"] = {"level": "corner", "markers": [1]}
    put(g, (0, 0), "U")
    put(g, (0, 1), "M")
    put(g, (1, 1), "W")
    push_frame(g, 0, "build")
    assert not any(i.startswith("build:t0u") for i in builds(g))
    assert any(i.startswith("build:t0l") for i in builds(g))


@pytest.mark.parametrize("cur,allowed", [(1, {2, 3}), (2, {3}), (3, set())])
def test_extensions(cur, allowed):
    """RULEBOOK p.13 扩建: level 2 on a level 1; level 3 on a level 1 or 2."""
    g = board4()
    g.sites["b01"] = {"level": cur, "markers": [1]}
    put(g, (0, 1), "U")
    put(g, (0, 2), "M")
    put(g, (1, 2), "W")
    push_frame(g, 0, "build")
    levels = {int(i.split(":")[2]) for i in builds(g) if i.startswith("build:b01:")}
    assert levels == allowed


def test_extension_marker_on_top():
    """RULEBOOK p.13: an extension's marker goes on top of the markers already there."""
    g = board4()
    g.sites["b01"] = {"level": 1, "markers": [1]}
    put(g, (0, 1), "M")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:2:0,1;0,2")
    assert g.sites["b01"] == {"level": 2, "markers": [1, 0]}


def test_build_steps_citizens_tracks_vp_row_bonus():
    """RULEBOOK p.12-13 steps 1-4: first building in its row 5 VP; one (top) citizen
    removed per used intersection onto its track; VP = lowest visible track value."""
    g = board4()
    put(g, (0, 1), "UW")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:1:0,1;0,2")
    assert g.citizens == {(0, 1): ["U"]}
    assert g.tracks == {"W": 2, "M": 0, "U": 0}
    lowest = min(D.TRACK_VP[2], D.TRACK_VP[0], D.TRACK_VP[0])
    assert g.players[0].breakdown["buildings"] == D.FIRST_IN_ROW_VP + lowest
    assert g.row_bonus == [False, True, True, True]
    assert citizens_total(g) == 72
    # second building in the same row: no row bonus
    put(g, (1, 3), "W")
    put(g, (0, 3), "W")
    push_frame(g, 1, "build")
    g.apply("build:b02:1:0,3;1,3")
    assert g.players[1].breakdown["buildings"] == min(D.TRACK_VP[4], D.TRACK_VP[0])


def test_lowest_visible_after_placing():
    """RULEBOOK p.12 step 4: the lowest of the 3 tracks' visible values, after the
    citizens were put on the tracks."""
    g = board4()
    g.tracks = {"W": 5, "M": 9, "U": 4}
    g.bag = g.bag[: len(g.bag) - 18]  # keep the 72 accounted for
    g.row_bonus = [False] * 4
    put(g, (0, 1), "U")
    put(g, (0, 2), "U")
    push_frame(g, 0, "build")
    g.apply("build:b01:1:0,1;0,2")
    assert g.tracks["U"] == 6
    assert g.players[0].breakdown["buildings"] == min(D.TRACK_VP[5], D.TRACK_VP[9], D.TRACK_VP[6])


@pytest.mark.parametrize("level,cerda,sagrada,vp", [(1, 1, 0, 0), (2, -1, 1, 0), (3, -2, 2, 7)])
def test_level_effects(level, cerda, sagrada, vp):
    """RULEBOOK p.12-13: level 1 Cerdà +1; level 2 Sagrada +1 and Cerdà -1; level 3 Sagrada
    +2, 7 VP and Cerdà -2."""
    g = board4()
    g.row_bonus = [False] * 4
    g.building_stacks[2] = [D.BUILDING_TILES[2].index((("vp", 4),))]
    g.building_stacks[3] = [D.BUILDING_TILES[3].index((("vp", 3),))]
    g.players[0].cerda = 5
    g.players[0].marker_stacks = [2, 0, 0, 0, 0]
    put(g, (0, 1), "U")
    put(g, (0, 2), "M")
    put(g, (1, 2), "W")
    push_frame(g, 0, "build")
    combo = "0,1;0,2;1,2" if level == 3 else "0,1;0,2"
    g.apply(f"build:b01:{level}:{combo}")
    p = g.players[0]
    assert p.cerda == 5 + cerda and p.sagrada == sagrada
    tile_vp = {1: 0, 2: 4, 3: 3}[level]
    track = min(effects.track_value(g, c) for c in D.CLASSES)
    assert p.breakdown["buildings"] == track + vp + tile_vp


def test_markers_leftmost_and_cerda_on_emptying():
    """RULEBOOK p.13 step 6 (Spanish rules sheet, step 17): the leftmost marker; emptying a stack
    moves you 1 on the Cerdà track."""
    g = board4()
    g.row_bonus = [False] * 4
    p = g.players[0]
    p.marker_stacks = [0, 1, 2, 1, 1]
    p.cerda = 3
    g.sites["b01"] = {"level": 1, "markers": [1]}
    put(g, (0, 1), "M")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:2:0,1;0,2")
    assert p.marker_stacks == [0, 0, 2, 1, 1]
    assert p.cerda == 3 - 1 + 1  # level 2: -1; stack emptied: +1


def test_marker_step_after_rewards_at_track_top():
    """RULEBOOK p.13: step 5 (the building's rewards, Cerdà -2 for level 3) comes before
    step 6 (the marker, Cerdà +1 when its stack empties). At the top of the Cerdà track this
    order decides whether a step is lost for 2 VP (p.15)."""
    g = board4()
    g.row_bonus = [False] * 4
    g.building_stacks[3] = [D.BUILDING_TILES[3].index((("vp", 3),))]
    p = g.players[0]
    p.cerda = D.CERDA_MAX
    p.sagrada = D.SAGRADA_MAX  # no Sagrada tile decision in between
    p.marker_stacks = [1, 0, 0, 0, 0]
    put(g, (0, 1), "U")
    put(g, (0, 2), "M")
    put(g, (1, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:3:0,1;0,2;1,2")
    assert p.cerda == D.CERDA_MAX - 2 + 1
    assert "cerda_top" not in p.breakdown


def test_marker_step_after_rewards_at_track_bottom():
    """RULEBOOK p.13 steps 5 then 6, with p.15: a backward move at the bottom is ignored."""
    g = board4()
    g.row_bonus = [False] * 4
    p = g.players[0]
    p.cerda = D.CERDA_MIN
    p.sagrada = D.SAGRADA_MAX
    p.marker_stacks = [1, 0, 0, 0, 0]
    put(g, (0, 1), "U")
    put(g, (0, 2), "M")
    put(g, (1, 2), "W")
    push_frame(g, 0, "build")
    g.apply("build:b01:3:0,1;0,2;1,2")
    assert p.cerda == D.CERDA_MIN + 1


def test_build_without_markers():
    """RULEBOOK p.12 / Spanish rules sheet, FAQ: with no markers left you still must build; no marker
    is placed but VP and every other effect apply."""
    g = board4()
    p = g.players[0]
    p.marker_stacks = [0] * 5
    put(g, (0, 1), "W")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    assert builds(g)
    g.apply("build:b01:1:0,1;0,2")
    assert g.sites["b01"] == {"level": 1, "markers": []}
    assert p.breakdown["buildings"] > 0 and p.cerda == 1


def test_empty_building_stack_not_offered():
    """RULEBOOK p.2: a fixed number of building tiles per level; an empty stack is gone."""
    g = board4()
    g.building_stacks[1] = []
    put(g, (0, 1), "W")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    assert not any(":1:" in i for i in builds(g))


def test_build_illegal_combo_rejected():
    """RULEBOOK p.12: a building whose requirement the chosen top citizens do not meet (level 2
    without a middle-class citizen) is refused; the game is unchanged."""
    g = board4()
    put(g, (0, 1), "W")
    put(g, (0, 2), "W")
    push_frame(g, 0, "build")
    with pytest.raises(IllegalAction):
        g.apply("build:b01:2:0,1;0,2")
    assert g.sites == {}


# ------------------------------------------------------------ tracks (p.14)
def test_tracks_fill_and_spill_off_board():
    """RULEBOOK p.14 市民轨: each citizen on the leftmost empty space of its class track;
    a full section spills into the next; past the last section, off the board."""
    g = board4()
    total = D.TRACK_LENGTH
    g.tracks["W"] = D.SECTION_ENDS[0] - 1
    effects.to_track(g, "W")
    effects.to_track(g, "W")
    assert g.tracks["W"] == D.SECTION_ENDS[0] + 1  # into section 2
    g.tracks["W"] = total - 1
    effects.to_track(g, "W")
    effects.to_track(g, "W")
    assert g.tracks["W"] == total and g.off_board["W"] == 1
    assert effects.track_value(g, "W") == D.TRACK_VP_OFF_BOARD


def test_track_values_never_decrease():
    """RULEBOOK p.14: values printed along a track grow to the right (data check); 3 sections,
    each ending at its Cerdà scoring space."""
    assert len(D.TRACK_VP) == D.TRACK_LENGTH == D.SECTION_ENDS[-1]
    assert len(D.SECTION_ENDS) == D.SECTIONS == D.CERDA_SCORINGS == 3
    assert list(D.SECTION_ENDS) == sorted(set(D.SECTION_ENDS))
    assert list(D.TRACK_VP) == sorted(D.TRACK_VP)


def test_site_geometry():
    """RULEBOOK p.12: 12 ordinary blocks + 2 corner triangles on each of the 4 diagonal
    blocks; a corner triangle has 3 intersections, a block 4."""
    assert sum(1 for s in B.BUILD_SITES if s[0] == "b") == 12
    assert sum(1 for s in B.BUILD_SITES if s[0] == "t") == 8
    assert all(len(c) == 3 for s, c in B.BUILD_SITES.items() if s[0] == "t")
    assert all(len(c) == 4 for s, c in B.BUILD_SITES.items() if s[0] == "b")


def test_build_label_previews_the_building_vp():
    """RULEBOOK p.12 steps 2-4 (+7 VP for level 3, p.13): the option's label previews the VP
    the building scores (row bonus, lowest visible track value, level VP); the tile's own
    VP reward comes on top."""
    from engine.barcelona import new_game
    from engine.core.rng import Rng

    checked = 0
    for seed in range(6):
        g, r = new_game(3, seed), Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            a = legal[r.below(len(legal))]
            if a.kind == "build":
                seat = g.current_player
                level = a.id.split(":")[2]
                level = level if level == "corner" else int(level)
                tile = D.BUILDING_TILES[level][g.building_stacks[level][-1]]
                tile_vp = sum(n for k, n in tile if k == "vp")
                preview = a.label["vp"]  # "Build level 1 on ...: +{vp} VP (tile: ...)"
                before = g.players[seat].breakdown.get("buildings", 0)
                g.apply(a)
                gained = g.players[seat].breakdown.get("buildings", 0) - before
                # the tile's VP may still wait behind a choice (a warehouse overflow, say)
                assert gained in (preview, preview + tile_vp)
                checked += 1
            else:
                g.apply(a)
    assert checked > 20

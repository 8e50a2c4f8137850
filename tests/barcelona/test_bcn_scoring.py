"""Cerdà scoring, the Cerdà and Sagrada tracks, game end and the 19 conditions
(RULEBOOK p.14-18)."""

import pytest

from engine.barcelona import data as D
from engine.barcelona.conditions import COUNTERS, condition_vp

from tests.support.game_checks import citizens_total

from .helpers import ids, phase, position, push_frame
from engine.barcelona import effects, scoring


def pos_for_mult(m):
    return next(x for x in range(D.CERDA_MIN, D.CERDA_MAX + 1) if D.cerda_multiplier(x) == m)


def end_of_turn(g, seat):
    """Finish ``seat``'s turn now (no building possible on an empty board)."""
    push_frame(g, seat, "act", rc=(0, 1), used="")
    g.apply("act:done")


def filled(g, cls, n):
    """Track ``cls`` holds n citizens (taken from / returned to the bag)."""
    diff = n - g.tracks[cls]
    if diff > 0:
        for _ in range(diff):
            g.bag.remove(cls)
    else:
        g.bag += [cls] * -diff
    g.tracks[cls] = n


# ------------------------------------------------------------ Cerdà track (p.15)
def test_cerda_multiplier_range():
    """RULEBOOK p.14: 0x to 4x by position on the Cerdà track; the start gives 0x."""
    mults = {D.cerda_multiplier(x) for x in range(D.CERDA_MIN, D.CERDA_MAX + 1)}
    assert mults == {0, 1, 2, 3, 4}
    assert D.cerda_multiplier(D.CERDA_START) == 0
    seq = [D.cerda_multiplier(x) for x in range(D.CERDA_MIN, D.CERDA_MAX + 1)]
    assert seq == sorted(seq)


def test_cerda_bottom_ignored_top_two_vp():
    """RULEBOOK p.15 塞尔达轨: a backward move at the bottom is ignored; each forward step
    that cannot be taken at the top gives 2 VP."""
    g = position(2)
    p = g.players[0]
    p.cerda = D.CERDA_MIN + 1
    effects.cerda(g, 0, -3)
    assert p.cerda == D.CERDA_MIN and p.vp == 0
    p.cerda = D.CERDA_MAX - 1
    effects.cerda(g, 0, 3)
    assert p.cerda == D.CERDA_MAX and p.vp == 2 * D.CERDA_TOP_VP
    assert D.CERDA_TOP_VP == 2


# --------------------------------------------------------- Cerdà scoring (p.14)
def scoring_position():
    g = position(4)
    g.cerda_tiles = ["crosses", "wide", "narrow"]
    for seat, p in enumerate(g.players):
        p.cerda = pos_for_mult(seat + 1) if seat < 3 else pos_for_mult(0)
        g.cross_owner[(0, seat)] = seat
        p.crosses_built = 1
    g.players[3].cerda = D.CERDA_MIN  # below the start: stays there
    return g


def test_cerda_scoring_at_turn_end_multiplier_reset_display():
    """RULEBOOK p.14: at the end of a turn, if a track reached the current section's Cerdà
    space, everyone scores that section's tile x0-x4 by Cerdà position; the tile is flipped;
    after the 1st and 2nd scoring markers return to the start (those below stay); the
    Modernisme display is discarded and 4 new tiles are shown."""
    g = scoring_position()
    filled(g, "U", D.SECTION_ENDS[0])
    old_display = list(g.mod_display)
    end_of_turn(g, 0)
    per_cross = D.CONDITIONS["crosses"][0]
    assert [p.breakdown.get("cerda_scoring", 0) for p in g.players] == [per_cross * m for m in (1, 2, 3, 0)]
    assert g.cerda_scored == 1
    assert [p.cerda for p in g.players] == [D.CERDA_START] * 3 + [D.CERDA_MIN]
    assert g.mod_discard == old_display and len(g.mod_display) == 4
    assert not set(g.mod_display) & set(old_display)
    assert citizens_total(g) == 72


def test_cerda_scoring_not_before_turn_end_and_section_flipped():
    """RULEBOOK p.14: checked at the END of a turn; a flipped section never scores again,
    even when another track of it fills."""
    g = scoring_position()
    filled(g, "W", D.SECTION_ENDS[0] - 1)
    assert g.cerda_scored == 0
    filled(g, "W", D.SECTION_ENDS[0])
    assert g.cerda_scored == 0  # nothing happens mid-turn
    end_of_turn(g, 0)
    assert g.cerda_scored == 1
    before = g.scores()
    filled(g, "M", D.SECTION_ENDS[0])
    end_of_turn(g, 1)
    assert g.cerda_scored == 1 and g.scores() == before


def test_second_scoring_resets_third_does_not():
    """RULEBOOK p.14: reset only after the 1st and 2nd scorings; the 3rd ends the game (p.16)."""
    g = scoring_position()
    g.cerda_scored = 1
    filled(g, "W", D.SECTION_ENDS[1])
    end_of_turn(g, 0)
    assert g.cerda_scored == 2 and all(p.cerda <= D.CERDA_START for p in g.players)
    g = scoring_position()
    g.cerda_scored = 2
    cerdas = [p.cerda for p in g.players]
    filled(g, "W", D.SECTION_ENDS[2])
    end_of_turn(g, 0)
    assert g.cerda_scored == 3 and g.end_triggered
    assert [p.cerda for p in g.players] == cerdas
    assert "cerda_scoring" not in g.players[1].breakdown  # nobody has narrow streets


# ---------------------------------------------------------- Sagrada (p.15)
def test_sagrada_slots_and_tile_choice():
    """RULEBOOK p.15 圣家堂轨: passing a slot you choose a tile of that level from the supply
    and gain it at once; a resource mix may be split any way."""
    g = position(2)
    slot, level = min(D.SAGRADA_SLOTS.items())
    g.players[0].sagrada = slot - 1
    g.players[0].cobbles_placed = 6
    start = g.players[0].coins + g.players[0].cloth
    push_frame(g, 0, "act", rc=(0, 1), used="")
    effects.gain(g, 0, (("sagrada", 1),), "sagrada")
    g._run()
    g._legal = None
    assert phase(g) == "stile" and g.players[0].sagrada == slot
    assert ids(g) == [f"stile:{level}.{i}" for i in range(len(D.SAGRADA_TILES[level]))]
    goods = next(i for i, t in enumerate(D.SAGRADA_TILES[level]) if t[0][0] == "goods")
    g.apply(f"stile:{level}.{goods}")
    n = D.SAGRADA_TILES[level][goods][0][1]
    assert phase(g) == "split" and ids(g) == [f"split:{c},{n - c}" for c in range(n + 1)]
    g.apply(f"split:1,{n - 1}")
    assert g.players[0].coins + g.players[0].cloth == start + n
    assert goods not in g.sagrada_supply[level]
    assert g.players[0].sagrada_tiles == [[level, goods]]


def test_sagrada_taken_tiles_gone_and_track_end():
    """RULEBOOK p.15: tiles come from a shared supply; no step past the end of the track."""
    g = position(2)
    slot, level = min(D.SAGRADA_SLOTS.items())
    g.sagrada_supply[level] = []
    g.players[0].sagrada = slot - 1
    effects.sagrada_step(g, 0)
    assert g.players[0].sagrada == slot and g.stack[-1].kind != "stile"
    g.players[0].sagrada = D.SAGRADA_MAX
    effects.sagrada_step(g, 0)
    assert g.players[0].sagrada == D.SAGRADA_MAX


# ------------------------------------------------------------ game end (p.16)
@pytest.mark.parametrize("trigger_seat", [0, 1, 2])
def test_third_section_ends_after_round(trigger_seat):
    """RULEBOOK p.16: when the third section's Cerdà space is reached at a turn's end, the
    3rd tile is scored; play goes on until all have had the same number of turns."""
    g = position(3)
    g.cerda_scored = 2
    g.turn = 3 + trigger_seat
    filled(g, "W", D.SECTION_ENDS[2])
    end_of_turn(g, trigger_seat)
    assert g.end_triggered and g.cerda_scored == 3
    seat = trigger_seat
    while not g.is_over:
        seat += 1
        assert g.current_player == seat
        end_of_turn(g, seat)
    assert seat == 2 and g.turn == 6  # 2 full rounds of 3 turns
    assert g.current_player is None and g.legal_actions() == []


def test_final_scoring():
    """RULEBOOK p.16: cobblestones (rightmost visible value), passengers (rightmost
    uncovered space), each Modernisme tile's condition x its marker's multiplier."""
    g = position(2)
    p = g.players[0]
    p.cobbles_placed = 4
    p.passengers_placed = 2
    p.crosses_built = 3
    for rc in ((0, 1), (0, 2), (0, 3)):
        g.cross_owner[rc] = 0
    p.mod_tiles = ["crosses", None, "crosses", None, None]
    p.mod_top = [False, False, True, True, False]
    scoring.final_scoring(g)
    per = D.CONDITIONS["crosses"][0] * 3
    assert p.breakdown["cobbles_end"] == D.COBBLE_END_VP[4]
    assert p.breakdown["passengers_end"] == D.PASSENGER_END_VP[2]
    assert p.breakdown["modernisme_end"] == per * D.MODERNISME_MULT_BOTTOM + per * D.MODERNISME_MULT_TOP[2]
    assert g.is_over and g.scores() == [sum(b.values()) for b in g.score_breakdown()]


def test_modernisme_top_beats_bottom():
    """RULEBOOK p.9: a marker at the top always gives a higher multiplier than at the bottom."""
    assert all(t > D.MODERNISME_MULT_BOTTOM for t in D.MODERNISME_MULT_TOP)
    assert list(D.COBBLE_END_VP) == sorted(D.COBBLE_END_VP) and len(D.COBBLE_END_VP) == 7
    assert list(D.PASSENGER_END_VP) == sorted(D.PASSENGER_END_VP) and len(D.PASSENGER_END_VP) == 6


@pytest.mark.parametrize(
    "fields,winners",
    [
        ({"vp": (10, 9, 9)}, [0]),
        ({"vp": (9, 9, 5), "cerda": (1, 2, 9)}, [1]),
        ({"vp": (9, 9, 5), "cerda": (2, 2, 0), "sagrada": (3, 1, 9)}, [0]),
        ({"vp": (9, 9, 9), "cerda": (2, 2, 2), "sagrada": (1, 1, 1), "markers": (1, 2, 2)}, [1, 2]),
    ],
)
def test_tie_breaks(fields, winners):
    """RULEBOOK p.16: most VP; ties broken by Cerdà track, then Sagrada track, then building
    markers on the main board; still tied: shared victory."""
    g = position(3)
    for key, vals in fields.items():
        for seat, v in enumerate(vals):
            if key == "markers":
                for k in range(v):
                    g.sites[f"b{seat}{k + 1}"] = {"level": 1, "markers": [seat]}
            else:
                setattr(g.players[seat], key, v)
    assert scoring.winners(g) == winners


# ------------------------------------------------------- conditions (p.17-18)
def condition_position():
    g = position(2)
    g.sites = {
        "b01": {"level": 1, "markers": [0]},
        "b02": {"level": 2, "markers": [1, 0]},
        "b03": {"level": 1, "markers": [0]},
        "b12": {"level": 1, "markers": [1]},
        "b23": {"level": 1, "markers": [0]},
        "t0u": {"level": "corner", "markers": [0]},
        "t0l": {"level": "corner", "markers": [0]},
        "t1u": {"level": "corner", "markers": [0]},
        "t2u": {"level": "corner", "markers": [1]},
    }
    g.cross_owner = {(1, 2): 0, (0, 1): 0, (3, 3): 1}
    g.passengers = {"h1-1": 0, "h0-3": 0, "v4-3": 1}
    g.streets = {
        "h0-0": 0,
        "h0-1": 0,
        "h0-3": 0,
        "v0-0": 0,
        "h1-0": 1,
        "h2-0": 0,
        "h2-1": 0,
        "h2-2": 1,
        "h2-3": 0,
        "v2-0": 0,
    }
    p = g.players[0]
    p.cobbles_placed = 6
    p.coins, p.cloth = 7, 1
    p.cerda = pos_for_mult(3)
    p.services = ["museum", "market"]
    p.mod_top = [True, True, False, False, False]
    p.mod_tiles = ["coins", None, "cloth", "services", None]
    p.marker_stacks = [0, 0, 1, 1, 1]
    return g


EXPECTED = {
    "block_line": 4,  # b00 (corners), b01, b02, b03 in row 0
    "coins": 5,  # 7 coins, max 5
    "busy_cross": 1,  # (1,2) touches b01, b02, b12, t1u; (0,1) only t0u and b01
    "cerda_mult": 3,
    "services": 2,
    "busy_passengers": 1,  # h1-1 between b01 and t1u; h0-3 only b03
    "improved": 2,
    "cobbles": 6,
    "cloth": 1,
    "narrow_line": 2,  # h0-0, h0-1 (h0-3 is cut off)
    "wide_line": 2,  # h2-0, h2-1 (h2-2 is another player's)
    "narrow": 4,  # h0-0, h0-1, h0-3, v0-0
    "wide": 4,  # h2-0, h2-1, h2-3, v2-0
    "passengers": 2,
    "crosses": 2,
    "empty_stacks": 2,
    "corners": 2,  # b00 (two corners count once) and b11
    "modernisme": 3,
    "bottom_markers": 3,  # b01, b03, b23 (b02's bottom is seat 1; corners excluded)
}


def test_all_19_conditions():
    """RULEBOOK p.17-18 appendix 1: each of the 19 conditions counted on a hand-built
    position (VP per unit from data.CONDITIONS)."""
    g = condition_position()
    assert set(EXPECTED) == set(D.CONDITIONS) and len(EXPECTED) == 19
    for key, count in EXPECTED.items():
        assert COUNTERS[key](g, 0) == count, key
        assert condition_vp(g, 0, key) == D.CONDITIONS[key][0] * count


def test_conditions_for_other_seat():
    """RULEBOOK p.17-18: the same conditions count only the seat's own pieces."""
    g = condition_position()
    assert COUNTERS["crosses"](g, 1) == 1
    assert COUNTERS["corners"](g, 1) == 1
    assert COUNTERS["bottom_markers"](g, 1) == 2  # b02, b12
    assert COUNTERS["block_line"](g, 1) == 3  # b02, b12, b22 (t2u): a column
    assert COUNTERS["narrow"](g, 1) == 1 and COUNTERS["wide"](g, 1) == 1


def test_cerda_scoring_uses_condition_times_multiplier():
    """RULEBOOK p.14: each Cerdà tile scores its condition x the player's multiplier."""
    g = condition_position()
    g.cerda_tiles = ["bottom_markers", "narrow", "wide"]
    filled(g, "W", D.SECTION_ENDS[0])
    end_of_turn(g, 0)
    assert g.players[0].breakdown["cerda_scoring"] == D.CONDITIONS["bottom_markers"][0] * 3 * 3


def test_one_section_scores_per_turn_end():
    """docs/barcelona.md decision 10 (RULEBOOK p.14 speaks of "the current" Cerdà space):
    at most one section scores at the end of a turn; the next full one at the next end."""
    g = scoring_position()
    filled(g, "W", D.SECTION_ENDS[1])
    end_of_turn(g, 0)
    assert g.cerda_scored == 1
    end_of_turn(g, 1)
    assert g.cerda_scored == 2 and not g.end_triggered

"""The reconstructed component values (RECON in engine/barcelona/data.py and solo_data.py),
written out a second time (issue 50).

No rules text prints these values: the rulebook gives the mechanism, the component notes what
is known, and data.py chose the rest so that the game keeps its shape (docs/barcelona.md
"Provenance of the component values" and "Reconstructed values"). The rule tests read them
from data.py, so a value changed there by mistake changed no test's verdict; here each one is
written out. A deliberate change (an owner of the physical game correcting a value) is made in
both places, with the shape measured again (docs/barcelona.md). The values the rulebook states
are pinned by scenarios in test_bcn_printed_values.py; scripts/mutation_check.py checks that
every value is pinned (docs/testing.md "Mutation check").
"""

from engine.barcelona import data as D
from engine.barcelona import solo_data as S

# Legends for the bonus grids, one letter per printed bonus (the letters data.py writes them in).
_STREET = {(("coin", 1),): "c", (("coin", 2),): "C", (("cloth", 1),): "k", (("vp", 2),): "v", (("vp", 3),): "V"}
_PAVEMENT = {
    (("coin", 2),): "c", (("cloth", 1),): "k", (("cloth", 2),): "K", (("cerda", 1),): "e", (("cerda", 2),): "E",
    (("sagrada", 1),): "s", (("sagrada", 2),): "S", (("action", "narrow"),): "n", (("action", "wide"),): "w",
    (("action", "cross"),): "x", (("action", "improve"),): "m", (): "*",
}  # fmt: skip


def test_board_costs_lines_and_street_bonuses():
    """Main board (RECON but the wide spaces' existence, p. 7): the diagonal's costs, the two wide
    lines, each street space's bonus (coins, cloth or VP: German summary line 14)."""
    assert D.SIZE == 5
    assert D.INTERSECTION_COST == {(0, 0): 1, (1, 1): 1, (2, 2): 2, (3, 3): 1, (4, 4): 1}
    assert D.WIDE_LINES == {"h2", "v2"}
    rows = {line: "".join(_STREET[D.STREET_BONUS[f"{line}-{i}"]] for i in range(4)) for line in D._STREET_BONUS_ROWS}
    assert rows == {
        "h0": "cvkc", "h1": "vkck", "h2": "CVkV", "h3": "kcvk", "h4": "ckvc",
        "v0": "kcCv", "v1": "cvck", "v2": "VkCV", "v3": "ckvk", "v4": "vkck",
    }  # fmt: skip
    assert len(D.STREET_BONUS) == 40


def test_printed_action_layout():
    """The first game's printed action tiles (p. 4 step 1B; the tram on the diagonal: SOURCE,
    weak; the rest RECON, one action per line)."""
    assert D.PRINTED_LAYOUT == {
        "v0": "coins", "v1": "wide", "v2": "cross", "v3": "cobble", "v4": "mtake",
        "h0": "improve", "h1": "cloth", "h2": "service", "h3": "cerda", "h4": "narrow",
        "d": "tram",
    }  # fmt: skip
    assert D.ACTION_GAINS == {"coins": (("coin", 2),), "cloth": (("cloth", 1), ("vp", 3))}


def test_citizen_tracks():
    """Sections 7/7/6 with their scoring spaces, the VP on the empty spaces, the pre-filled
    spaces of 2 and 3 players (RECON; p. 4 step 1C, p. 14)."""
    assert D.SECTION_ENDS == (7, 14, 20) and D.TRACK_LENGTH == 20
    assert D.TRACK_VP == (3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 12)
    assert D.TRACK_VP_OFF_BOARD == 12
    assert D.PREFILL == {4: {"W": 0, "M": 0, "U": 0}, 3: {"W": 2, "M": 2, "U": 1}, 2: {"W": 5, "M": 5, "U": 4}}


def test_cerda_track():
    """Positions -2..10, the start at 0, the multiplier bands (RECON; p. 14-15 give 0x to 4x)."""
    assert (D.CERDA_MIN, D.CERDA_START, D.CERDA_MAX, D.CERDA_TOP_VP) == (-2, 0, 10, 2)
    bands = {x: D.cerda_multiplier(x) for x in range(-3, 12)}
    assert bands == {
        -3: 0, -2: 0, -1: 0, 0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, 10: 4, 11: 4,
    }  # fmt: skip


def test_player_board():
    """Warehouse, cobblestones, streets, intersection tiles, passengers, markers, Modernisme spaces
    (RECON values; the counts: p. 2 and the Spanish setup steps 11-17)."""
    assert (D.WAREHOUSE_SLOTS, D.START_COINS, D.START_CLOTH, D.COBBLESTONES) == (9, 1, 1, 6)
    assert D.COBBLE_END_VP == (0, 2, 5, 9, 14, 20, 27)
    assert (D.NARROW_STACKS, D.WIDE_TILES, D.NARROW_EMPTY_CERDA, D.WIDE_EMPTY_CERDA) == ((4, 6), 5, 1, 2)
    assert D.INTERSECTION_TILE_COST == (0, 1, 1, 2, 2)
    assert D.INTERSECTION_REWARDS == (
        (("coin", 2),), (("cloth", 1),), (("vp", 3),), (("cerda", 1),), (("sagrada", 1),),
    )  # fmt: skip
    assert D.OWNER_REWARD_COUNT == ((5, 3), (3, 2), (1, 1))
    assert D.PASSENGER_COST == (
        (("coin", 1),), (("cloth", 1),), (("coin", 2),), (("cloth", 2),), (("coin", 3),),
    )  # fmt: skip
    assert D.PASSENGER_END_VP == (0, 4, 9, 15, 22, 30)
    assert (D.MARKER_STACKS, D.MARKER_EMPTY_CERDA) == ((2, 2, 2, 1, 1), 1)
    assert D.MODERNISME_SPACES == 5
    assert D.MODERNISME_TAKE_COST == ((), (), (("cloth", 1),), (("cloth", 1),), (("cloth", 2),))
    assert D.MODERNISME_IMPROVE_COST == ((), (("coin", 1),), (("coin", 1),), (("coin", 2),), (("coin", 2),))
    assert (D.MODERNISME_MULT_BOTTOM, D.MODERNISME_MULT_TOP) == (1, (2, 2, 3, 3, 4))


def test_pavement():
    """The 4 x 6 pavement, its start stone and each cell's bonus (coins, cloth, Cerdà or Sagrada
    steps or an extra action: German summary line 18; which where: RECON)."""
    assert (D.PAVEMENT_ROWS, D.PAVEMENT_COLS, D.PAVEMENT_START) == (4, 6, (1, 2))
    rows = ["".join(_PAVEMENT[D.PAVEMENT_BONUS[r, c]] for c in range(6)) for r in range(4)]
    assert rows == ["scekcS", "sk*ceE", "xcSksn", "Kesmcw"]
    assert len(D.PAVEMENT_BONUS) == 24


def test_building_tiles():
    """The reward printed on each building tile (RECON; the counts p. 2: 8/12/8/7)."""
    assert D.BUILDING_TILES == {
        "corner": [()] * 8,
        1: [(("coin", 1),), (("cloth", 1),), (("vp", 2),), (("coin", 2),), (("vp", 1), ("coin", 1)),
            (("cloth", 1),), (("vp", 3),), (("coin", 1),), (("sagrada", 1),), (("vp", 2),),
            (("cloth", 1), ("coin", 1)), ()],
        2: [(("coin", 2),), (("cloth", 1), ("vp", 2)), (("vp", 4),), (("coin", 3),),
            (("cloth", 2),), (("vp", 3), ("coin", 1)), (("cerda", 1),), (("vp", 5),)],
        3: [(("vp", 3),), (("coin", 3),), (("cloth", 2),), (("vp", 5),), (("coin", 2), ("cloth", 1)),
            (("vp", 4),), (("cerda", 1), ("vp", 2))],
    }  # fmt: skip


def test_sagrada_track_and_tiles():
    """The Sagrada track's length and tile slots, each tile's reward (coins, cloth or VP: German
    summary; amounts RECON; 16 tiles, p. 2)."""
    assert (D.SAGRADA_MAX, D.SAGRADA_SLOTS) == (12, {2: 1, 5: 2, 8: 3, 11: 4})
    assert D.SAGRADA_TILES == {
        1: [(("coin", 2),), (("cloth", 1), ("coin", 1)), (("vp", 3),), (("goods", 2),)],
        2: [(("vp", 5),), (("cloth", 2),), (("goods", 3),), (("coin", 2), ("vp", 2))],
        3: [(("vp", 8),), (("coin", 2), ("vp", 4)), (("goods", 4),), (("cloth", 2), ("vp", 4))],
        4: [(("vp", 12),), (("vp", 8), ("cloth", 2)), (("goods", 4), ("vp", 5)), (("vp", 10), ("coin", 2))],
    }  # fmt: skip


def test_which_conditions_are_cerda_and_modernisme_tiles():
    """14 Cerdà tiles and 18 Modernisme tiles of the 19 conditions (p. 2); which condition is on
    which (RECON)."""
    assert D.MODERNISME_ONLY == ("coins", "cerda_mult", "improved", "cloth", "modernisme")
    assert D.CERDA_ONLY == ("block_line",)
    assert (D.MODERNISME_DISPLAY, D.CERDA_SCORINGS, D.SERVICES_USED) == (4, 3, 5)


# ----- the solo game (solo_data.py: SOURCE and RECON) ----------------------------------------------------
def test_gaudi_values():
    """Gaudí's GR values, pawn, set-up, rewards and ranks (SOURCE / RECON, solo_data.py)."""
    assert S.GR_VALUE == {"easy": 2, "normal": 3, "hard": 4}
    assert (S.PAWN_START, S.SETUP_AS_PLAYERS) == ((2, 2), 2)
    assert (S.OWNER_REWARD_GR, S.EMPTY_MODERNISME_GR, S.PAST_SAGRADA_GR) == (1, 1, 1)
    assert S.CLASS_RANK == {"U": 3, "M": 2, "W": 1}
    assert S.BONUS_WORTH == {"vp": 1, "coin": 1, "cloth": 1, "goods": 1, "cerda": 1, "sagrada": 1}
    assert S.SERVICE_ACTIONS == {
        "station": "passenger", "hospital": "cross", "companys": "streets", "university": "cobble",
        "museum": "sagrada", "pavilion": "mtake", "market": "market",
    }  # fmt: skip
    assert S.ARROW_VECTORS == {
        "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1), "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
    }  # fmt: skip


def test_gaudi_cards():
    """His 8 cards: action, front and back arrows, Modernisme slot, cobblestone priority (RECON)."""
    assert [(c["action"], c["arrow"], c["back"], c["slot"]) for c in S.CARDS] == [
        ("cobble", "N", "SE", 1), ("streets", "NE", "W", 2), ("cross", "E", "NW", 3), ("mtake", "SE", "N", 4),
        ("improve", "S", "NE", 1), ("service", "SW", "E", 2), ("passenger", "W", "S", 3), ("sagrada", "NW", "SW", 4),
    ]  # fmt: skip
    assert [c["priority"][:5] for c in S.CARDS] == [
        ("vp", "sagrada", "cerda", "coin", "cloth"), ("sagrada", "vp", "coin", "cloth", "cerda"),
        ("cerda", "vp", "sagrada", "cloth", "coin"), ("coin", "cloth", "vp", "sagrada", "cerda"),
        ("vp", "cerda", "sagrada", "coin", "cloth"), ("sagrada", "cerda", "vp", "cloth", "coin"),
        ("vp", "coin", "cloth", "sagrada", "cerda"), ("cerda", "sagrada", "vp", "coin", "cloth"),
    ]  # fmt: skip
    assert all(c["priority"][5:] == ("goods", "action", "none") for c in S.CARDS)

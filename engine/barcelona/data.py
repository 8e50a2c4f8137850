"""Every printed component value of Barcelona, in one place, with provenance.

Provenance tags (in each table's comment):
  RULEBOOK  - stated in the Barcelona rulebook (zh-Hans, the official Simplified Chinese
              edition: the authority), page given.
  SOURCE    - stated by a public source listed in docs/sources.md ('research §n').
  RECON     - reconstructed here: no public text gives the value. Chosen so the game keeps
              its shape (see docs/barcelona.md for the simulation figures). An owner of the
              physical game can correct any RECON value here; nothing else needs to change.

Rewards everywhere use one small vocabulary: a tuple of (kind, amount) pairs, kinds:
  "vp", "coin", "cloth", "cerda" (Cerdà steps), "sagrada" (Sagrada Família steps),
  "goods" (that many coins/cloth in any mix, rulebook p.15 Sagrada tiles),
  "action" (perform the named street action once; German summary, cobblestone bonuses).

Names and texts are message keys (engine/core/msg.py, catalogs locale/*/barcelona.po): the
engine speaks no language; ``N_`` marks a key for the extractor.
"""
from ..core.msg import N_

# --------------------------------------------------------------------------
# Citizens (RULEBOOK p.2: 25 working, 24 middle, 23 upper)
WORKING, MIDDLE, UPPER = "W", "M", "U"
CLASSES = (WORKING, MIDDLE, UPPER)
CLASS_NAMES = {WORKING: N_("bcn.class.W"), MIDDLE: N_("bcn.class.M"), UPPER: N_("bcn.class.U")}
CITIZENS = {WORKING: 25, MIDDLE: 24, UPPER: 23}
HAND_SIZE = 2  # RULEBOOK p.5 step 5 / p.6 step 4

# --------------------------------------------------------------------------
# Main board geometry (SOURCE: 4x4 blocks, 5+5 street lines, 25 intersections,
# one corner-to-corner diagonal through 5 intersections; RECON: it runs from the
# top-left (row 0, col 0) to the bottom-right (row 4, col 4)).
SIZE = 5  # intersections per side; rows/cols 0..4, blocks 0..3

# Which street lines are wide (RULEBOOK p.7: wide tiles only on wide spaces).
# RECON: the central avenue each way (Gran Via / Passeig de Gràcia stand-ins).
WIDE_LINES = frozenset({"h2", "v2"})

# Printed coin cost at intersections (SOURCE: the diagonal costs extra, 1 coin in
# source A's example). RECON: 1 coin on the diagonal, 2 at its centre. A built
# intersection tile covers the printed cost (RULEBOOK p.6 pays only a *visible* cost).
INTERSECTION_COST = {(0, 0): 1, (1, 1): 1, (2, 2): 2, (3, 3): 1, (4, 4): 1}

# Bonuses printed on street spaces (RULEBOOK p.7-8: covered by a street tile -> its
# builder gains it; still visible -> whoever builds an adjacent intersection gains it).
# SOURCE German summary, line 14: a covered bonus symbol is coins, cloth or points ("Münze, Tuch,
# Punkte") - no track steps. RECON: which space shows which of the three, one per space.
# Segment ids: "h{row}-{i}" joins (row,i)-(row,i+1); "v{col}-{i}" joins (i,col)-(i+1,col).
_B = {
    "c": (("coin", 1),), "C": (("coin", 2),), "k": (("cloth", 1),), "v": (("vp", 2),),
    "V": (("vp", 3),), ".": (),
}
_STREET_BONUS_ROWS = {
    # line: bonus letters for spaces 0..3
    "h0": "cvkc", "h1": "vkck", "h2": "CVkV", "h3": "kcvk", "h4": "ckvc",
    "v0": "kcCv", "v1": "cvck", "v2": "VkCV", "v3": "ckvk", "v4": "vkck",
}
STREET_BONUS = {
    f"{line}-{i}": _B[letter]
    for line, letters in _STREET_BONUS_ROWS.items() for i, letter in enumerate(letters)
}

# Street VP per connected tile in the line (RULEBOOK p.8: 1 per narrow, 2 per wide).
STREET_VP = {"narrow": 1, "wide": 2}

# Building bonus tiles: 5 VP for the first building in each row of blocks (RULEBOOK p.12).
FIRST_IN_ROW_VP = 5

# --------------------------------------------------------------------------
# Action tiles: 11, one per street line + the diagonal (SOURCE: research §1; RULEBOOK p.2
# "行动板块 11 个"). SOURCE: the German summary, lines 11-21 lists the actions printed on
# the tiles ("Folgende Aktionen werden durch die Symbole am Rand des Stadtplans dargestellt"):
# gain coins / cloth / points, build two narrow streets, build one wide street, an
# intersection, a public service, a cobblestone, take a Modernisme project, improve a
# Modernisme space, the tram; RULEBOOK p.7 gives the goods amounts (2 coins; 1 cloth and
# 3 VP); the ringbote.de review (research §1, §4) the Cerdà +2 tile. Each tile is one action:
# no tile offers a choice between two actions, and there is no Sagrada Família tile.
ACTION_TILES = (
    "coins", "cloth", "mtake", "improve", "service", "cross", "narrow", "wide", "cobble",
    "cerda", "tram",
)
ACTION_NAMES = {     # the tile's name (a message key)
    "coins": N_("bcn.action.coins"), "cloth": N_("bcn.action.cloth"), "mtake": N_("bcn.action.mtake"),
    "improve": N_("bcn.action.improve"), "service": N_("bcn.action.service"), "cross": N_("bcn.action.cross"),
    "narrow": N_("bcn.action.narrow"), "wide": N_("bcn.action.wide"), "cobble": N_("bcn.action.cobble"),
    "cerda": N_("bcn.action.cerda"), "tram": N_("bcn.action.tram"),
}
ACTION_RULES = {     # what the tile does, with the rulebook page (a message key)
    "coins": N_("bcn.action_rule.coins"), "cloth": N_("bcn.action_rule.cloth"),
    "mtake": N_("bcn.action_rule.mtake"), "improve": N_("bcn.action_rule.improve"),
    "service": N_("bcn.action_rule.service"), "cross": N_("bcn.action_rule.cross"),
    "narrow": N_("bcn.action_rule.narrow"), "wide": N_("bcn.action_rule.wide"),
    "cobble": N_("bcn.action_rule.cobble"), "cerda": N_("bcn.action_rule.cerda"),
    "tram": N_("bcn.action_rule.tram"),
}
# The gain of the two goods tiles (RULEBOOK p.7), also used to offer discarding goods before
# a gain that would not fit (p.7: goods may be returned to the supply at any time).
ACTION_GAINS = {"coins": (("coin", 2),), "cloth": (("cloth", 1), ("vp", 3))}
# The printed first-game layout (RULEBOOK p.4 step 1B mentions it). SOURCE (weak, research §1):
# the diagonal holds the tram. RECON for the rest, one distinct action per line. Keys: h0..h4
# (right edge), v0..v4 (top edge), d. A1 (the diagonal's first intersection) offers 2 coins /
# improve / tram; the goods tiles cross the Modernisme tiles that cost them (v0 coins x h0
# improve, v4 Modernisme x h1 cloth).
PRINTED_LAYOUT = {
    "v0": "coins", "v1": "wide", "v2": "cross", "v3": "cobble", "v4": "mtake",
    "h0": "improve", "h1": "cloth", "h2": "service", "h3": "cerda", "h4": "narrow",
    "d": "tram",
}

# --------------------------------------------------------------------------
# Citizen tracks (RULEBOOK p.14: 3 sections, each with a Cerdà scoring space; a section
# scores when one class track fills up to or past it - Spanish rules sheet, line 33 "se llena hasta o
# más allá del espacio marcado"). RECON: the sections hold 7, 7 and 6 spaces, each scoring
# space the section's last one (SECTION_ENDS: the track length up to it). VP printed on empty
# spaces grow along the track; building scores the lowest value visible (next empty space)
# over the 3 tracks, after the new citizens are placed (RULEBOOK p.12 steps 3-4).
SECTION_ENDS = (7, 14, 20)
SECTIONS = len(SECTION_ENDS)
TRACK_LENGTH = SECTION_ENDS[-1]
TRACK_VP = (3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 12)
TRACK_VP_OFF_BOARD = 12  # a full track shows no value; use its last one (decision)
# Spaces pre-filled in smaller games (RULEBOOK p.4 step 1C: "3" spaces with 3 players,
# "3" and "2" spaces with 2). RECON: number of leading spaces per class track.
PREFILL = {4: {"W": 0, "M": 0, "U": 0}, 3: {"W": 2, "M": 2, "U": 1}, 2: {"W": 5, "M": 5, "U": 4}}

# --------------------------------------------------------------------------
# Cerdà track (RULEBOOK p.14-15: multiplier x0..x4, bottom and top limits, 2 VP per
# step past the top, markers above the start reset after the 1st and 2nd scoring).
# RECON: positions -2..10, start 0.
CERDA_MIN, CERDA_START, CERDA_MAX = -2, 0, 10
CERDA_TOP_VP = 2


def cerda_multiplier(pos: int) -> int:
    """RECON bands: <=0 x0, 1-2 x1, 3-4 x2, 5-6 x3, 7-10 x4."""
    if pos <= 0:
        return 0
    return min(4, (pos + 1) // 2)


# --------------------------------------------------------------------------
# Player board (RULEBOOK p.4-5, Spanish rules sheet, steps 11-17).
WAREHOUSE_SLOTS = 9           # RECON: 1 coin + 1 cloth + 6 cobblestones fill it at start (Spanish rules sheet, step 15-16)
START_COINS, START_CLOTH = 1, 1
COBBLESTONES = 6
# End VP: the rightmost uncovered cobblestone space (RULEBOOK p.16). RECON values by count placed.
COBBLE_END_VP = (0, 2, 5, 9, 14, 20, 27)
NARROW_STACKS = (4, 6)        # Spanish rules sheet, step 12
WIDE_TILES = 5                # RULEBOOK p.3
NARROW_EMPTY_CERDA, WIDE_EMPTY_CERDA = 1, 2   # RULEBOOK p.8
# Intersection tiles: the cost printed under... on the tile space (RULEBOOK p.8), and the
# reward each built tile unlocks (RULEBOOK p.8: 1/2/3 different rewards for 1/3/5 built).
# RECON values.
INTERSECTION_TILE_COST = (0, 1, 1, 2, 2)
INTERSECTION_REWARDS = (
    (("coin", 2),), (("cloth", 1),), (("vp", 3),), (("cerda", 1),), (("sagrada", 1),),
)
OWNER_REWARD_COUNT = ((5, 3), (3, 2), (1, 1))   # (tiles built at least, rewards)
# Passengers: 5, leftmost first, each with a cost (RULEBOOK p.11); end VP is the rightmost
# uncovered passenger space (RULEBOOK p.16). RECON values.
PASSENGER_COST = ((("coin", 1),), (("cloth", 1),), (("coin", 2),), (("cloth", 2),), (("coin", 3),))
PASSENGER_END_VP = (0, 4, 9, 15, 22, 30)
# Building markers: 3 stacks of 2 then 2 singles (Spanish rules sheet, step 17); emptying a stack
# gives 1 Cerdà step (RULEBOOK p.13 step 6).
MARKER_STACKS = (2, 2, 2, 1, 1)
MARKER_EMPTY_CERDA = 1
# Modernisme spaces (RULEBOOK p.9, p.16): 5 spaces; taking a tile and improving the marker
# each may cost; the marker's position gives the multiplier. RECON values.
MODERNISME_SPACES = 5
MODERNISME_TAKE_COST = ((), (), (("cloth", 1),), (("cloth", 1),), (("cloth", 2),))
MODERNISME_IMPROVE_COST = ((), (("coin", 1),), (("coin", 1),), (("coin", 2),), (("coin", 2),))
MODERNISME_MULT_BOTTOM = 1
MODERNISME_MULT_TOP = (2, 2, 3, 3, 4)

# --------------------------------------------------------------------------
# Cobblestone pavement on the side board (RULEBOOK p.7: each new stone orthogonally next to
# another). SOURCE German summary, line 18: a printed start stone, and the bonuses are coins, cloth,
# Cerdà or Sagrada steps or an extra action ("Münzen, Tuch, Schritte auf der Cerdà- oder
# Sagrada-Leiste, Zusatzaktion") - no points. RECON: 4 x 6 grid (24 cells = the 24
# cobblestones, RULEBOOK p.2), the start stone in the middle; which extra actions (one of
# the action tiles, ACTION_TILES) and which amounts lie where.
PAVEMENT_ROWS, PAVEMENT_COLS = 4, 6
PAVEMENT_START = (1, 2)
_P = {
    "c": (("coin", 2),), "k": (("cloth", 1),), "K": (("cloth", 2),),
    "e": (("cerda", 1),), "E": (("cerda", 2),), "s": (("sagrada", 1),), "S": (("sagrada", 2),),
    "n": (("action", "narrow"),), "w": (("action", "wide"),), "x": (("action", "cross"),),
    "m": (("action", "improve"),), "*": (),
}
_PAVEMENT_ROWS = ("scekcS", "sk*ceE", "xcSksn", "Kesmcw")
PAVEMENT_BONUS = {
    (r, c): _P[ch] for r, row in enumerate(_PAVEMENT_ROWS) for c, ch in enumerate(row)
}

# --------------------------------------------------------------------------
# Buildings (RULEBOOK p.12-13; counts p.2: 8 corner, 12 level-1, 8 level-2, 7 level-3).
# Requirements and fixed effects are RULEBOOK; per-tile rewards (right side of the tile)
# are RECON. German summary: corner houses give no extra effects.
LEVEL_RULES = {
    # level: (citizens needed, class that must be among them or None, cerda, sagrada, vp)
    "corner": (2, None, 0, 0, 0),
    1: (2, None, +1, 0, 0),
    2: (2, MIDDLE, -1, 1, 0),
    3: (3, UPPER, -2, 2, 7),
}
BUILDING_TILES = {
    "corner": [()] * 8,
    1: [(("coin", 1),), (("cloth", 1),), (("vp", 2),), (("coin", 2),), (("vp", 1), ("coin", 1)),
        (("cloth", 1),), (("vp", 3),), (("coin", 1),), (("sagrada", 1),), (("vp", 2),),
        (("cloth", 1), ("coin", 1)), ()],
    2: [(("coin", 2),), (("cloth", 1), ("vp", 2)), (("vp", 4),), (("coin", 3),),
        (("cloth", 2),), (("vp", 3), ("coin", 1)), (("cerda", 1),), (("vp", 5),)],
    3: [(("vp", 3),), (("coin", 3),), (("cloth", 2),), (("vp", 5),), (("coin", 2), ("cloth", 1)),
        (("vp", 4),), (("cerda", 1), ("vp", 2))],
}

# --------------------------------------------------------------------------
# Sagrada Família (RULEBOOK p.15; 16 tiles sorted by level, p.2). RECON: track 0..12 on
# the player board, tile slots reached at positions 2/5/8/11 for levels 1-4, 4 tiles a level.
SAGRADA_MAX = 12
SAGRADA_SLOTS = {2: 1, 5: 2, 8: 3, 11: 4}
# SOURCE German summary: a Sagrada Família tile gives the bonuses printed on it, coins, cloth or
# points ("Erhalte die darauf angegebenen Boni (Münzen / Tuch / Punkte)"); no track steps.
# RECON: the amounts ("goods": that many coins/cloth in any mix, RULEBOOK p.15).
SAGRADA_TILES = {
    1: [(("coin", 2),), (("cloth", 1), ("coin", 1)), (("vp", 3),), (("goods", 2),)],
    2: [(("vp", 5),), (("cloth", 2),), (("goods", 3),), (("coin", 2), ("vp", 2))],
    3: [(("vp", 8),), (("coin", 2), ("vp", 4)), (("goods", 4),), (("cloth", 2), ("vp", 4))],
    4: [(("vp", 12),), (("vp", 8), ("cloth", 2)), (("goods", 4), ("vp", 5)), (("vp", 10), ("coin", 2))],
}

# --------------------------------------------------------------------------
# Public services (RULEBOOK p.10 and appendix 2 p.18-19): 7 types x 3 tiles costing 3/2/1
# coins and giving 10/6/3 VP, +2 Cerdà each; 5 types used; 2 players drop the cheapest tile.
SERVICE_TILES = ((3, 10), (2, 6), (1, 3))   # (cost, vp) top to bottom
SERVICE_CERDA = 2
SERVICES = {
    # key: (name, effect), message keys (names as printed, appendix 2 p.18-19)
    "market": (N_("bcn.service.market"), N_("bcn.service_effect.market")),
    "station": (N_("bcn.service.station"), N_("bcn.service_effect.station")),
    "hospital": (N_("bcn.service.hospital"), N_("bcn.service_effect.hospital")),
    "companys": (N_("bcn.service.companys"), N_("bcn.service_effect.companys")),
    "university": (N_("bcn.service.university"), N_("bcn.service_effect.university")),
    "museum": (N_("bcn.service.museum"), N_("bcn.service_effect.museum")),
    "pavilion": (N_("bcn.service.pavilion"), N_("bcn.service_effect.pavilion")),
}
SERVICES_USED = 5

# --------------------------------------------------------------------------
# The 19 conditions of appendix 1 (RULEBOOK p.17-18), as (VP per unit, text key).
# Which appear as Cerdà tiles (14) and as Modernisme tiles (18) is RECON: the 5
# conditions about a player's own board only are Modernisme-only, the line-of-blocks
# condition is Cerdà-only; the other 13 exist as both (and the 3 drawn Cerdà tiles
# remove their Modernisme twins, RULEBOOK p.4 step 2F).
CONDITIONS = {
    "block_line": (2, N_("bcn.cond.block_line")),
    "coins": (2, N_("bcn.cond.coins")),
    "busy_cross": (3, N_("bcn.cond.busy_cross")),
    "cerda_mult": (2, N_("bcn.cond.cerda_mult")),
    "services": (2, N_("bcn.cond.services")),
    "busy_passengers": (3, N_("bcn.cond.busy_passengers")),
    "improved": (2, N_("bcn.cond.improved")),
    "cobbles": (2, N_("bcn.cond.cobbles")),
    "cloth": (2, N_("bcn.cond.cloth")),
    "narrow_line": (2, N_("bcn.cond.narrow_line")),
    "wide_line": (2, N_("bcn.cond.wide_line")),
    "narrow": (1, N_("bcn.cond.narrow")),
    "wide": (2, N_("bcn.cond.wide")),
    "passengers": (2, N_("bcn.cond.passengers")),
    "crosses": (2, N_("bcn.cond.crosses")),
    "empty_stacks": (3, N_("bcn.cond.empty_stacks")),
    "corners": (3, N_("bcn.cond.corners")),
    "modernisme": (2, N_("bcn.cond.modernisme")),
    "bottom_markers": (2, N_("bcn.cond.bottom_markers")),
}
MODERNISME_ONLY = ("coins", "cerda_mult", "improved", "cloth", "modernisme")
CERDA_ONLY = ("block_line",)
CERDA_TILES = tuple(k for k in CONDITIONS if k not in MODERNISME_ONLY)        # 14
MODERNISME_TILES = tuple(k for k in CONDITIONS if k not in CERDA_ONLY)        # 18
MODERNISME_DISPLAY = 4
CERDA_SCORINGS = 3

# --------------------------------------------------------------------------
# Score breakdown categories (ids; their names are the keys bcn.score.<id>), in the order a
# score table lists them.
SCORE_CATEGORIES = {
    "streets": N_("bcn.score.streets"), "street_bonus": N_("bcn.score.street_bonus"),
    "cross_bonus": N_("bcn.score.cross_bonus"), "cross_rewards": N_("bcn.score.cross_rewards"),
    "cobble_bonus": N_("bcn.score.cobble_bonus"), "services": N_("bcn.score.services"),
    "buildings": N_("bcn.score.buildings"), "sagrada": N_("bcn.score.sagrada"),
    "cerda_top": N_("bcn.score.cerda_top"), "cerda_scoring": N_("bcn.score.cerda_scoring"),
    "cobbles_end": N_("bcn.score.cobbles_end"), "passengers_end": N_("bcn.score.passengers_end"),
    # i18n: score categories: short names chosen (no seed lists them); «Gaudí Rewards»: term chosen
    "modernisme_end": N_("bcn.score.modernisme_end"), "gr": N_("bcn.score.gr"),
    "gr_end": N_("bcn.score.gr_end"),
    "actions": N_("bcn.score.actions"),     # the VP of the "1 cloth + 3 VP" action tile
}

"""Every printed component value of Barcelona, in one place, with provenance.

Provenance tags (in each table's comment):
  RULEBOOK  - stated in the Barcelona rulebook (zh-Hans, the official Simplified Chinese
              edition: the authority), page given.
  SOURCE    - stated by a public source cited in research/barcelona-components.md.
  RECON     - reconstructed here: no public text gives the value. Chosen so the game keeps
              its shape (see docs/barcelona.md for the simulation figures). An owner of the
              physical game can correct any RECON value here; nothing else needs to change.

Rewards everywhere use one small vocabulary: a tuple of (kind, amount) pairs, kinds:
  "vp", "coin", "cloth", "cerda" (Cerdà steps), "sagrada" (Sagrada Família steps),
  "goods" (that many coins/cloth in any mix, rulebook p.15 Sagrada tiles),
  "action" (perform the named street action once; German summary 004, cobblestone bonuses).
"""

# --------------------------------------------------------------------------
# Citizens (RULEBOOK p.2: 25 working, 24 middle, 23 upper)
WORKING, MIDDLE, UPPER = "W", "M", "U"
CLASSES = (WORKING, MIDDLE, UPPER)
CLASS_NAMES = {WORKING: "working", MIDDLE: "middle", UPPER: "upper"}
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
# Segment ids: "h{row}-{i}" joins (row,i)-(row,i+1); "v{col}-{i}" joins (i,col)-(i+1,col).
# RECON: a mix of resources, track steps and VP, one per space, some spaces blank.
_B = {
    "c": (("coin", 1),), "C": (("coin", 2),), "k": (("cloth", 1),), "v": (("vp", 2),),
    "V": (("vp", 3),), "e": (("cerda", 1),), "s": (("sagrada", 1),), ".": (),
}
_STREET_BONUS_ROWS = {
    # line: bonus letters for spaces 0..3
    "h0": "cvke", "h1": "skcv", "h2": "CVsV", "h3": "vcek", "h4": "ekvc",
    "v0": "kcsv", "v1": "evck", "v2": "VsCV", "v3": "ckve", "v4": "vsck",
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
# Action tiles: 11, one per street line + the diagonal (SOURCE: research §1).
# RULEBOOK p.7-11 names 8 actions; SOURCE (ringbote) adds Cerdà +2; SOURCE (research)
# adds Sagrada advance. RECON: coins/cloth appears twice to make 11.
ACTION_TILES = (
    "goods", "goods", "cobble", "streets", "cross", "improve", "mtake", "service",
    "tram", "cerda", "sagrada",
)
ACTION_NAMES = {
    "goods": "Coins or cloth", "cobble": "Cobblestone", "streets": "Streets",
    "cross": "Intersection", "improve": "Improve Modernisme", "mtake": "Modernisme project",
    "service": "Public service", "tram": "Tram", "cerda": "Cerdà +2", "sagrada": "Sagrada Família +2",
}
ACTION_RULES = {
    "goods": "Gain 2 coins, or 1 cloth and 3 VP (p.7). Goods go in your warehouse; overflow returns.",
    "cobble": "Put your leftmost cobblestone on the pavement next to another; gain the space's bonus (p.7).",
    "streets": "Build 1 wide or 2 narrow streets; gain the covered bonus and 1/2 VP per tile in the line (p.8).",
    "cross": "Build your leftmost intersection tile: pay its cost and the printed cost; gain adjacent visible bonuses (p.8).",
    "improve": "Move a Modernisme marker from bottom to top, paying the space's cost (p.9).",
    "mtake": "Take a Modernisme tile from the display onto an empty space, paying its cost (p.9).",
    "service": "Build a public service you lack: pay 3/2/1 coins, gain 10/6/3 VP, Cerdà +2 and its effect (p.10).",
    "tram": "Place or move your tram 1-2 spaces (own streets free); may drop a passenger for that street's action (p.10-11).",
    "cerda": "Advance 2 steps on the Cerdà track.",
    "sagrada": "Advance 2 steps on your Sagrada Família track.",
}
# The printed first-game layout (RULEBOOK p.4 mentions it; SOURCE: the diagonal holds the
# tram, weakly). RECON for the rest. Keys: h0..h4 (right edge), v0..v4 (top edge), d.
PRINTED_LAYOUT = {
    "v0": "goods", "v1": "streets", "v2": "cross", "v3": "cobble", "v4": "mtake",
    "h0": "improve", "h1": "goods", "h2": "service", "h3": "cerda", "h4": "sagrada",
    "d": "tram",
}

# --------------------------------------------------------------------------
# Citizen tracks (RULEBOOK p.14). RECON: each class track has 3 sections of 6 spaces;
# a section's Cerdà scoring space is its last space. VP printed on empty spaces grow
# along the track; building scores the lowest value visible (next empty space) over the
# 3 tracks, after the new citizens are placed (RULEBOOK p.12 steps 3-4).
SECTION_LENGTH = 6
SECTIONS = 3
TRACK_VP = (3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12)
TRACK_VP_OFF_BOARD = 12  # a full track shows no value; use its last one (decision)
# Spaces pre-filled in smaller games (RULEBOOK p.4 step 1C: "3" spaces with 3 players,
# "3" and "2" spaces with 2). RECON: number of leading spaces per class track.
PREFILL = {4: {"W": 0, "M": 0, "U": 0}, 3: {"W": 1, "M": 1, "U": 0}, 2: {"W": 2, "M": 1, "U": 1}}

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
# Player board (RULEBOOK p.4-5, SPANISH 003 steps 11-17).
WAREHOUSE_SLOTS = 8           # RECON: 1 coin + 1 cloth + 6 cobblestones fill it at start (003 step 15-16)
START_COINS, START_CLOTH = 1, 1
COBBLESTONES = 6
# End VP: the rightmost uncovered cobblestone space (RULEBOOK p.16). RECON values by count placed.
COBBLE_END_VP = (0, 2, 5, 9, 14, 20, 27)
NARROW_STACKS = (4, 6)        # SPANISH 003 step 12
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
PASSENGER_END_VP = (0, 3, 7, 12, 18, 25)
# Building markers: 3 stacks of 2 then 2 singles (SPANISH 003 step 17); emptying a stack
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
# Cobblestone pavement on the side board (RULEBOOK p.7; German 004: a printed start stone;
# bonuses are coins, cloth, Cerdà/Sagrada steps, an extra action). RECON: 4 x 6 grid,
# start stone in the middle.
PAVEMENT_ROWS, PAVEMENT_COLS = 4, 6
PAVEMENT_START = (1, 2)
_P = {
    "c": (("coin", 2),), "k": (("cloth", 1),), "v": (("vp", 3),), "V": (("vp", 5),),
    "e": (("cerda", 1),), "E": (("cerda", 2),), "s": (("sagrada", 1),), "S": (("sagrada", 2),),
    "a": (("action", "streets"),), "x": (("action", "cross"),), "*": (),
}
_PAVEMENT_ROWS = ("vcekcV", "sk*ceE", "xcvksa", "Vesvcs")
PAVEMENT_BONUS = {
    (r, c): _P[ch] for r, row in enumerate(_PAVEMENT_ROWS) for c, ch in enumerate(row)
}

# --------------------------------------------------------------------------
# Buildings (RULEBOOK p.12-13; counts p.2: 8 corner, 12 level-1, 8 level-2, 7 level-3).
# Requirements and fixed effects are RULEBOOK; per-tile rewards (right side of the tile)
# are RECON. German 004: corner houses give no extra effects.
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
SAGRADA_TILES = {
    1: [(("coin", 2),), (("cloth", 1), ("coin", 1)), (("vp", 3),), (("goods", 2),)],
    2: [(("vp", 5),), (("cerda", 2),), (("goods", 3),), (("coin", 2), ("vp", 2))],
    3: [(("vp", 8),), (("cerda", 2), ("vp", 3)), (("goods", 4),), (("cloth", 2), ("vp", 4))],
    4: [(("vp", 12),), (("vp", 8), ("cerda", 2)), (("goods", 4), ("vp", 5)), (("vp", 10), ("coin", 2))],
}

# --------------------------------------------------------------------------
# Public services (RULEBOOK p.10 and appendix 2 p.18-19): 7 types x 3 tiles costing 3/2/1
# coins and giving 10/6/3 VP, +2 Cerdà each; 5 types used; 2 players drop the cheapest tile.
SERVICE_TILES = ((3, 10), (2, 6), (1, 3))   # (cost, vp) top to bottom
SERVICE_CERDA = 2
SERVICES = {
    # key: (name, effect)
    "market": ("Sant Antoni Market", "1 cloth per block holding your building marker"),
    "station": ("Estació de França", "a tram action, passenger coin cost ignored"),
    "hospital": ("Hospital de Sant Pau", "an intersection action ignoring every coin cost"),
    "companys": ("Passeig de Lluís Companys", "a streets action"),
    "university": ("Universitat de Barcelona", "a cobblestone action anywhere on the pavement"),
    "museum": ("Museu del Modernisme Català", "2 Sagrada Família steps"),
    "pavilion": ("Hospital de Sant Pau, Operations pavilion", "a Modernisme project, cloth cost ignored"),
}
SERVICES_USED = 5

# --------------------------------------------------------------------------
# The 19 conditions of appendix 1 (RULEBOOK p.17-18), as (VP per unit, text).
# Which appear as Cerdà tiles (14) and as Modernisme tiles (18) is RECON: the 5
# conditions about a player's own board only are Modernisme-only, the line-of-blocks
# condition is Cerdà-only; the other 13 exist as both (and the 3 drawn Cerdà tiles
# remove their Modernisme twins, RULEBOOK p.4 step 2F).
CONDITIONS = {
    "block_line": (2, "2 VP per block of yours in your longest unbroken row or column of blocks"),
    "coins": (2, "2 VP per coin in your warehouse (max 5)"),
    "busy_cross": (3, "3 VP per intersection of yours next to at least 3 buildings"),
    "cerda_mult": (2, "2 VP x your Cerdà multiplier"),
    "services": (2, "2 VP per public service you built"),
    "busy_passengers": (3, "3 VP per passenger of yours next to at least 2 buildings"),
    "improved": (2, "2 VP per Modernisme marker moved to the top"),
    "cobbles": (2, "2 VP per cobblestone you placed"),
    "cloth": (2, "2 VP per cloth in your warehouse (max 5)"),
    "narrow_line": (2, "2 VP per narrow street of yours in your longest unbroken narrow line"),
    "wide_line": (2, "2 VP per wide street of yours in your longest unbroken wide line"),
    "narrow": (1, "1 VP per narrow street of yours"),
    "wide": (2, "2 VP per wide street of yours"),
    "passengers": (2, "2 VP per passenger of yours"),
    "crosses": (2, "2 VP per intersection of yours"),
    "empty_stacks": (3, "3 VP per emptied building-marker stack"),
    "corners": (3, "3 VP per corner building of yours (one per block)"),
    "modernisme": (2, "2 VP per Modernisme tile on your board"),
    "bottom_markers": (2, "2 VP per building marker of yours at the bottom of a stack (not corners)"),
}
MODERNISME_ONLY = ("coins", "cerda_mult", "improved", "cloth", "modernisme")
CERDA_ONLY = ("block_line",)
CERDA_TILES = tuple(k for k in CONDITIONS if k not in MODERNISME_ONLY)        # 14
MODERNISME_TILES = tuple(k for k in CONDITIONS if k not in CERDA_ONLY)        # 18
MODERNISME_DISPLAY = 4
CERDA_SCORINGS = 3

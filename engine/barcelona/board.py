"""Geometry of the Eixample grid (main board), computed once at import.

Intersections are (row, col), 0..4. Street spaces (segments) are named by their
line and index: "h{row}-{i}" joins (row, i)-(row, i+1) on horizontal line h{row};
"v{col}-{i}" joins (i, col)-(i+1, col) on vertical line v{col}. Blocks are
"b{row}{col}" (0..3). The diagonal runs (0,0)-(4,4) and cuts blocks b00, b11,
b22, b33 into two corner triangles each: "t{i}u" (upper-right: corners (i,i),
(i,i+1), (i+1,i+1)) and "t{i}l" (lower-left: corners (i,i), (i+1,i), (i+1,i+1))
(RULEBOOK p.12: corner buildings use the 3 intersections of their triangle).
"""

from ..core.msg import N_, msg
from .data import SIZE, WIDE_LINES

INTERSECTIONS = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
DIAGONAL = frozenset((i, i) for i in range(SIZE))


def cross_id(rc) -> str:
    return f"{rc[0]},{rc[1]}"


def cross_label(rc) -> str:
    """Human name: columns A-E, rows 1-5 (A1 is top-left)."""
    return f"{'ABCDE'[rc[1]]}{rc[0] + 1}"


# Names computed once: ids and labels are read in every option list.
CROSS_ID = {rc: f"{rc[0]},{rc[1]}" for rc in INTERSECTIONS}
CROSS_LABEL = {rc: f"{'ABCDE'[rc[1]]}{rc[0] + 1}" for rc in INTERSECTIONS}
# The bit of each intersection in an occupancy mask (building sites test their corners at once).
CROSS_BIT = {rc: 1 << i for i, rc in enumerate(INTERSECTIONS)}
# The street lines through each intersection, as (action code, line): vertical, horizontal,
# and the diagonal's when on it (p.6: the actions of the placed intersection).
LINES_AT = {(r, c): (("v", f"v{c}"), ("h", f"h{r}")) + ((("d", "d"),) if r == c else ()) for r, c in INTERSECTIONS}
LINE_OF = {(rc, code): line for rc, lines in LINES_AT.items() for code, line in lines}


# --- street segments -------------------------------------------------------
SEGMENTS = {}  # id -> (line, index, end_a, end_b)
for _r in range(SIZE):
    for _i in range(SIZE - 1):
        SEGMENTS[f"h{_r}-{_i}"] = (f"h{_r}", _i, (_r, _i), (_r, _i + 1))
for _c in range(SIZE):
    for _i in range(SIZE - 1):
        SEGMENTS[f"v{_c}-{_i}"] = (f"v{_c}", _i, (_i, _c), (_i + 1, _c))
SEGMENT_IDS = tuple(SEGMENTS)
LINES = tuple(f"h{i}" for i in range(SIZE)) + tuple(f"v{i}" for i in range(SIZE))


SEGMENT_KIND = {s: "wide" if v[0] in WIDE_LINES else "narrow" for s, v in SEGMENTS.items()}
SEGMENTS_OF_KIND = {k: tuple(s for s in SEGMENT_IDS if SEGMENT_KIND[s] == k) for k in ("wide", "narrow")}
SEGMENT_LABEL = {s: f"{cross_label(a)}-{cross_label(b)}" for s, (_, _, a, b) in SEGMENTS.items()}
SEGMENT_INDEX = {s: i for i, s in enumerate(SEGMENT_IDS)}


def segment_kind(seg: str) -> str:
    return SEGMENT_KIND[seg]


def segment_label(seg: str) -> str:
    return SEGMENT_LABEL[seg]


LINE_SEGMENTS = {line: tuple(f"{line}-{i}" for i in range(SIZE - 1)) for line in LINES}
# segments touching each intersection (its adjacent street spaces)
CROSS_SEGMENTS = {rc: tuple(s for s, (_, _, a, b) in SEGMENTS.items() if rc in (a, b)) for rc in INTERSECTIONS}
# segments sharing an intersection with each segment, with the shared intersection
SEGMENT_NEIGHBOURS = {
    s: tuple((t, end) for end in (a, b) for t in CROSS_SEGMENTS[end] if t != s) for s, (_, _, a, b) in SEGMENTS.items()
}

# --- blocks and corner triangles -------------------------------------------
BLOCKS = {}  # "b{r}{c}" -> corner intersections (4)
for _r in range(SIZE - 1):
    for _c in range(SIZE - 1):
        BLOCKS[f"b{_r}{_c}"] = ((_r, _c), (_r, _c + 1), (_r + 1, _c), (_r + 1, _c + 1))
DIAGONAL_BLOCKS = frozenset(f"b{i}{i}" for i in range(SIZE - 1))
TRIANGLES = {}  # "t{i}u"/"t{i}l" -> corner intersections (3)
for _i in range(SIZE - 1):
    TRIANGLES[f"t{_i}u"] = ((_i, _i), (_i, _i + 1), (_i + 1, _i + 1))
    TRIANGLES[f"t{_i}l"] = ((_i, _i), (_i + 1, _i), (_i + 1, _i + 1))
# Building sites: the 12 whole blocks off the diagonal and the 8 triangles.
BUILD_SITES = {k: v for k, v in BLOCKS.items() if k not in DIAGONAL_BLOCKS}
BUILD_SITES.update(TRIANGLES)


def site_row(site: str) -> int:
    """The row of blocks a site lies in (for the first-building-in-a-row bonus)."""
    return int(site[1])


def site_block(site: str) -> str:
    """The block a site belongs to ("t2u" -> "b22")."""
    if site[0] == "b":
        return site
    return f"b{site[1]}{site[1]}"


def site_label(site: str) -> dict:
    """A building site's name, a message ("block B1", "upper corner of block A1"); the block's
    coordinates (columns A-D, rows 1-4) are not words."""
    if site[0] == "b":
        # i18n: block: zh 街区 (RULEBOOK), de «Häuserblock» (German summary); es «manzana» chosen (the Eixample's blocks; the Spanish rules sheet names none)
        return msg("bcn.site.block", block=f"{'ABCD'[int(site[2])]}{int(site[1]) + 1}")
    return msg(
        N_("bcn.site.corner_u") if site[2] == "u" else N_("bcn.site.corner_l"),
        block=f"{'ABCD'[int(site[1])]}{int(site[1]) + 1}",
    )


# Sites next to each intersection and segment (for the "next to N buildings" conditions).
CROSS_SITES = {rc: tuple(s for s, corners in BUILD_SITES.items() if rc in corners) for rc in INTERSECTIONS}
SEGMENT_SITES = {
    s: tuple(site for site, corners in BUILD_SITES.items() if a in corners and b in corners)
    for s, (_, _, a, b) in SEGMENTS.items()
}
# Each building site with its corners and their occupancy mask, in BUILD_SITES order.
SITE_MASKS = tuple((site, corners, sum(CROSS_BIT[rc] for rc in corners)) for site, corners in BUILD_SITES.items())

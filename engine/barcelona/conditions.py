"""The 19 scoring conditions of appendix 1 (RULEBOOK p.17-18).

Each function returns how many times a seat meets the condition; the VP per
unit lives in data.CONDITIONS. The same conditions serve the Cerdà scoring
tiles (times the Cerdà multiplier, p.14) and the Modernisme tiles (times the
marker's multiplier, p.16).
"""

from . import board as B
from .data import CONDITIONS, cerda_multiplier


def _longest_run(flags) -> int:
    best = run = 0
    for f in flags:
        run = run + 1 if f else 0
        best = max(best, run)
    return best


def _own_blocks(g, seat) -> set:
    """Blocks holding at least one of the seat's building markers (any position)."""
    return {B.site_block(site) for site, b in g.sites.items() if seat in b["markers"]}


# the rows and columns of blocks, each in order (block_line)
_BLOCK_LINES = tuple(tuple(f"b{i}{j}" for j in range(4)) for i in range(4)) + tuple(
    tuple(f"b{j}{i}" for j in range(4)) for i in range(4)
)
# street kind -> the segments of each line of that kind, in order (_street_line_best)
_KIND_LINES = {
    kind: tuple(segs for segs in B.LINE_SEGMENTS.values() if B.segment_kind(segs[0]) == kind)
    for kind in ("wide", "narrow")
}


def block_line(g, seat):
    """The longest run of the seat's blocks in a row or column (_longest_run of each line,
    as loops: no generator frames)."""
    own = _own_blocks(g, seat)
    best = 0
    for line in _BLOCK_LINES:
        run = 0
        for b in line:
            if b in own:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return best


def _street_line_best(g, seat, kind):
    streets = g.streets
    best = 0
    for segs in _KIND_LINES[kind]:
        run = 0
        for s in segs:
            if streets.get(s) == seat:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return best


def _buildings_next_to(g, sites) -> int:
    return sum(1 for s in sites if s in g.sites)


COUNTERS = {
    "block_line": block_line,
    "coins": lambda g, s: min(5, g.players[s].coins),
    "busy_cross": lambda g, s: sum(
        1 for rc, o in g.cross_owner.items() if o == s and _buildings_next_to(g, B.CROSS_SITES[rc]) >= 3
    ),
    "cerda_mult": lambda g, s: cerda_multiplier(g.players[s].cerda),
    "services": lambda g, s: len(g.players[s].services),
    "busy_passengers": lambda g, s: sum(
        1 for seg, o in g.passengers.items() if o == s and _buildings_next_to(g, B.SEGMENT_SITES[seg]) >= 2
    ),
    "improved": lambda g, s: sum(g.players[s].mod_top),
    "cobbles": lambda g, s: g.players[s].cobbles_placed,
    "cloth": lambda g, s: min(5, g.players[s].cloth),
    "narrow_line": lambda g, s: _street_line_best(g, s, "narrow"),
    "wide_line": lambda g, s: _street_line_best(g, s, "wide"),
    "narrow": lambda g, s: sum(1 for seg, o in g.streets.items() if o == s and B.segment_kind(seg) == "narrow"),
    "wide": lambda g, s: sum(1 for seg, o in g.streets.items() if o == s and B.segment_kind(seg) == "wide"),
    "passengers": lambda g, s: sum(1 for o in g.passengers.values() if o == s),
    "crosses": lambda g, s: sum(1 for o in g.cross_owner.values() if o == s),
    "empty_stacks": lambda g, s: sum(1 for n in g.players[s].marker_stacks if n == 0),
    "corners": lambda g, s: len(
        {B.site_block(site) for site, b in g.sites.items() if site[0] == "t" and b["markers"] and b["markers"][-1] == s}
    ),
    "modernisme": lambda g, s: sum(1 for t in g.players[s].mod_tiles if t is not None),
    "bottom_markers": lambda g, s: sum(
        1 for site, b in g.sites.items() if site[0] == "b" and b["markers"] and b["markers"][0] == s
    ),
}
assert set(COUNTERS) == set(CONDITIONS)


def condition_vp(g, seat, key) -> int:
    """VP a seat gets for one condition before any multiplier."""
    return CONDITIONS[key][0] * COUNTERS[key](g, seat)

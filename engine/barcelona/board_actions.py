"""The street actions that put a piece on the board (RULEBOOK p.7-8, appendix 2): a cobblestone
(p.7; Universitat: anywhere), streets (p.8; Lluís Companys: the choice of width first), an
intersection tile (p.8; Hospital de Sant Pau ignores every coin cost). The goods tiles (2
coins; 1 cloth and 3 VP, p.7) and the Cerdà +2 tile are plain gains (effects.start_action).

Each action is a decision kind with an options function and a ``do_`` function (tabled in
decisions.py); action_check.py says cheaply whether a seat can take it (p.6).
"""

from functools import partial

from ..core.action import Action
from ..core.msg import N_, msg
from . import board as B
from . import data as D
from .action_check import pavement_frontier
from .action_memo import memo_action
from .effects import SEATS, cerda, fmt_reward, gain, push, vp


# cobblestone (p.7; Universitat: anywhere, appendix 2)
def cobble_options(g, f):
    p = g.players[f.seat]
    if p.cobbles_left <= 0:
        return []
    if f.get("anywhere"):
        cells = [(r, c) for r in range(D.PAVEMENT_ROWS) for c in range(D.PAVEMENT_COLS) if (r, c) not in g.pavement]
    else:
        cells = sorted(pavement_frontier(g))
    return [
        memo_action(
            ("cobble", r, c),
            lambda: Action(
                # i18n: pavement: zh 人行道 (RULEBOOK); de «Marktplatz» (German summary); es «acera» chosen (the Spanish rules sheet names only «adoquín»)
                f"cobble:{r},{c}",
                msg("bcn.opt.cobble", row=r + 1, col=c + 1, reward=fmt_reward(D.PAVEMENT_BONUS[(r, c)])),
            ),
        )
        for r, c in cells
    ]


def do_cobble(g, f, a) -> None:
    g.stack.pop()
    seat = f.seat
    cell = tuple(int(x) for x in a.arg.split(","))
    g.players[seat].cobbles_placed += 1
    g.pavement[cell] = seat
    gain(g, seat, D.PAVEMENT_BONUS[cell], "cobble_bonus")


# streets (p.8)
def free_segments(g, kind):
    streets = g.streets
    return [s for s in B.SEGMENTS_OF_KIND[kind] if s not in streets]


def street_mode_options(g, f):
    p = g.players[f.seat]
    out = []
    if p.wide and free_segments(g, "wide"):
        out.append(_STREETS_WIDE)
    free = free_segments(g, "narrow")
    if p.narrow_left and free:
        n = min(2, p.narrow_left, len(free))  # decision 6: 1 when only 1 can be placed
        out.append(_STREETS_NARROW[n == 2])
    return out


_STREETS_WIDE = Action("streets:wide", msg("bcn.opt.streets_wide"))
_STREETS_NARROW = {
    True: Action("streets:narrow", msg("bcn.opt.streets_narrow2")),
    False: Action("streets:narrow", msg("bcn.opt.streets_narrow1")),
}


def do_street_mode(g, f, a) -> None:
    g.stack.pop()
    push(g, "street", f.seat, width=a.arg, left=2 if a.arg == "narrow" else 1)


def street_options(g, f):
    p = g.players[f.seat]
    if f.left <= 0 or (p.wide if f.width == "wide" else p.narrow_left) <= 0:
        return []
    # A label (computed when read) previews the VP of the line run the street would join: it
    # depends only on the built spaces of that segment's line, so the Action is memoised per
    # (width, segment, built spaces of its line as a bit mask) and made, with that snapshot, once.
    streets = g.streets
    masks = dict.fromkeys(B.LINES, 0)
    pos = _SEG_POS
    for seg in streets:
        line, bit = pos[seg]
        masks[line] |= bit
    width = f.width
    out = []
    for s, line, memo in _STREET_SLOTS[width]:
        if s in streets:
            continue
        mask = masks[line]
        a = memo.get(mask)
        if a is None:
            built = frozenset(t for t in B.LINE_SEGMENTS[line] if t in streets)
            a = memo[mask] = Action(_STREET_IDS[s], partial(_street_label, width, s, built))
        out.append(a)
    return out


_STREET_IDS = {s: f"street:{s}" for s in B.SEGMENT_IDS}  # segment -> its street action's id
_SEG_POS = {s: (line, 1 << i) for s, (line, i, _, _) in B.SEGMENTS.items()}  # segment -> (line, bit)
# width -> (segment, its line, {built mask of its line -> the street Action}) of each segment of
# that kind (at most 40 * 16 Actions; a table: no (width, segment, mask) key to build and hash)
_STREET_SLOTS = {w: tuple((s, _SEG_POS[s][0], {}) for s in B.SEGMENTS_OF_KIND[w]) for w in ("wide", "narrow")}


def _street_label(width, s, built):
    return msg(
        N_("bcn.opt.street_wide") if width == "wide" else N_("bcn.opt.street_narrow"),
        where=B.segment_label(s),
        vp=_line_vp(built, s),
        bonus=fmt_reward(D.STREET_BONUS[s]),
    )


def do_street(g, f, a) -> None:
    seat, seg = f.seat, a.arg
    p = g.players[seat]
    if f.left <= 1:
        g.stack.pop()
    else:
        g.stack[-1] = f.replace(left=f.left - 1)
    g.streets[seg] = seat
    kind = f.width
    if kind == "wide":
        p.wide -= 1
        if p.wide == 0:
            cerda(g, seat, D.WIDE_EMPTY_CERDA)
    else:
        i = 0 if p.narrow_stacks[0] else 1  # the left stack first (p.8)
        p.narrow_stacks[i] -= 1
        if p.narrow_stacks[i] == 0:
            cerda(g, seat, D.NARROW_EMPTY_CERDA)
    points = street_vp(g, seg)
    vp(g, seat, points, "streets")
    g.log_event(
        msg(
            N_("bcn.log.street_wide") if kind == "wide" else N_("bcn.log.street_narrow"),
            who=SEATS[seat],
            where=B.segment_label(seg),
            vp=points,
        ),
        seat=seat,
    )
    gain(g, seat, D.STREET_BONUS[seg], "street_bonus")


def street_vp(g, seg) -> int:
    """1 VP per narrow / 2 per wide tile connected in a straight line, any owner,
    this one included (p.8)."""
    return _line_vp(g.streets, seg)


def _line_vp(streets, seg) -> int:
    line, i, _, _ = B.SEGMENTS[seg]
    segs = B.LINE_SEGMENTS[line]
    lo = i
    while lo > 0 and segs[lo - 1] in streets:
        lo -= 1
    hi = i
    while hi < len(segs) - 1 and segs[hi + 1] in streets:
        hi += 1
    return (hi - lo + 1) * D.STREET_VP[B.segment_kind(seg)]


# intersection tile (p.8; Hospital de Sant Pau ignores every coin cost)
def cross_tile_cost(g, seat, rc, free) -> int:
    if free:
        return 0
    p = g.players[seat]
    return D.INTERSECTION_TILE_COST[p.crosses_built] + D.INTERSECTION_COST.get(rc, 0)


def cross_options(g, f):
    seat = f.seat
    p = g.players[seat]
    if p.crosses_built >= len(D.INTERSECTION_TILE_COST):
        return []
    out = []
    built = None
    owned, coins = g.cross_owner, p.coins
    # cross_tile_cost, inlined (asked per intersection)
    free, base, printed = f.get("free"), D.INTERSECTION_TILE_COST[p.crosses_built], D.INTERSECTION_COST
    for rc in B.INTERSECTIONS:
        if rc in owned:
            continue
        cost = 0 if free else base + printed.get(rc, 0)
        if cost > coins:
            continue
        if built is None:
            built = frozenset(g.streets)  # the labels (computed when read) preview this position
        out.append(Action(f"cross:{B.CROSS_ID[rc]}", partial(_cross_label, rc, cost, built)))
    return out


def _cross_label(rc, cost, built):
    gains = [x for s in B.CROSS_SEGMENTS[rc] if s not in built for x in D.STREET_BONUS[s]]
    return msg("bcn.opt.cross", where=B.cross_label(rc), cost=cost, reward=fmt_reward(gains))


def do_cross(g, f, a) -> None:
    g.stack.pop()
    seat = f.seat
    p = g.players[seat]
    rc = tuple(int(x) for x in a.arg.split(","))
    p.coins -= cross_tile_cost(g, seat, rc, f.get("free"))
    gains = [x for s in B.CROSS_SEGMENTS[rc] if s not in g.streets for x in D.STREET_BONUS[s]]
    g.cross_owner[rc] = seat
    p.crosses_built += 1
    g.log_event(msg("bcn.log.cross", who=SEATS[seat], where=B.cross_label(rc)), seat=seat)
    gain(g, seat, gains, "cross_bonus")

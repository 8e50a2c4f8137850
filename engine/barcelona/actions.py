"""The street actions (RULEBOOK p.7-11, appendix 2 for the public services): cobblestone
(p.7), streets and intersection tiles (p.8), Modernisme (p.9), public services (p.10),
tram and passengers (p.10-11). The goods tiles (2 coins; 1 cloth and 3 VP, p.7) and the
Cerdà +2 tile are plain gains (effects.start_action); returning goods to the supply
(p.7, "at any time") is offered where it can matter (``discard_options``).

Each action is a decision kind with an options function and a ``do_`` function
(tabled in decisions.py); ``action_possible`` answers "can this seat take it now"
cheaply, in agreement with the options (an unaffordable action cannot be taken, p.6).
"""
from collections import deque
from functools import partial

from ..core.action import Action
from ..core.msg import N_, msg
from . import board as B
from . import data as D
from .effects import (ACTION_MSG, COND_MSG, EFFECT_MSG, SEATS, SERVICE_MSG, cerda, cost_ok, fmt_cost,
                      fmt_reward, gain, pay, push, refill_display, start_action, vp)


_MEMO = {}


def memo_action(key, make) -> Action:
    """The Action for ``key``, made once by ``make()``: options whose id and label depend only
    on printed values (not on the position) are the same immutable object every time."""
    a = _MEMO.get(key)
    if a is None:
        a = _MEMO[key] = make()
    return a


# ----------------------------------------------------------- the actions
def action_possible(g, seat, key) -> bool:
    """Can the seat take this action now? (an unaffordable action cannot be taken,
    p.6). Cheap checks that agree with the option generators below."""
    p = g.players[seat]
    if key in ("coins", "cloth", "cerda"):
        return True
    if key == "narrow":
        return bool(p.narrow_left) and _any_free(g.streets, _NARROW)
    if key == "wide":
        return bool(p.wide) and _any_free(g.streets, _WIDE)
    if key == "cobble":
        return p.cobbles_left > 0 and _any_frontier(g.pavement)
    if key == "cross":         # an intersection whose cross_tile_cost is affordable (a loop: hot)
        n = p.crosses_built
        if n >= len(D.INTERSECTION_TILE_COST):
            return False
        budget, owned, printed = p.coins - D.INTERSECTION_TILE_COST[n], g.cross_owner, D.INTERSECTION_COST
        for rc in B.INTERSECTIONS:
            if rc not in owned and printed.get(rc, 0) <= budget:
                return True
        return False
    # the rest as loops over tables of what each space needs (cost_ok's sums): no generator frames
    if key == "improve":
        coins, cloth = p.coins, p.cloth
        for top, (need_coin, need_cloth) in zip(p.mod_top, _IMPROVE_NEEDS):
            if not top and coins >= need_coin and cloth >= need_cloth:
                return True
        return False
    if key == "mtake":
        if not g.mod_display:
            return False
        coins, cloth = p.coins, p.cloth
        for tile, (need_coin, need_cloth) in zip(p.mod_tiles, _TAKE_NEEDS):
            if tile is None and coins >= need_coin and cloth >= need_cloth:
                return True
        return False
    if key == "service":
        services, coins = p.services, p.coins
        for k, t in g.services.items():
            if t and k not in services and coins >= t[0][0]:
                return True
        return False
    if key == "tram":
        return bool(tram_targets(g, seat, first=True))
    raise ValueError(key)


_NARROW, _WIDE = B.SEGMENTS_OF_KIND["narrow"], B.SEGMENTS_OF_KIND["wide"]


def _needs(cost) -> tuple:
    """(coins, cloth) a cost needs, summed as cost_ok does."""
    return (sum(a for k, a in cost if k == "coin"), sum(a for k, a in cost if k == "cloth"))


# per Modernisme space: (coins, cloth) its improvement and its tile need (cost_ok, as tables)
_IMPROVE_NEEDS = tuple(_needs(D.MODERNISME_IMPROVE_COST[i]) for i in range(D.MODERNISME_SPACES))
_TAKE_NEEDS = tuple(_needs(D.MODERNISME_TAKE_COST[i]) for i in range(D.MODERNISME_SPACES))


def _any_free(streets, segments) -> bool:
    """bool(free_segments(...)), stopping at the first free segment (action_possible is hot)."""
    for s in segments:
        if s not in streets:
            return True
    return False


def _any_frontier(pavement) -> bool:
    """bool(pavement_frontier(g)), stopping at the first frontier cell."""
    rows, cols = D.PAVEMENT_ROWS, D.PAVEMENT_COLS
    for (r, c) in pavement:
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell not in pavement and 0 <= cell[0] < rows and 0 <= cell[1] < cols:
                return True
    return False


def pavement_frontier(g):
    """Empty pavement cells orthogonally next to a cobblestone (p.7)."""
    out = set()
    for (r, c) in g.pavement:
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell not in g.pavement and 0 <= cell[0] < D.PAVEMENT_ROWS and 0 <= cell[1] < D.PAVEMENT_COLS:
                out.add(cell)
    return out


# returning goods (p.7: "在任何时候，你都可以从仓库中放回任意数量的布匹或金币至供应堆来腾出格子")
def discard_options(g, seat, keys):
    """"Return 1 coin / 1 cloth to the supply", offered only before a goods tile among
    ``keys`` (the actions still open) whose gain would not fit the warehouse: there the
    player may want to make room first. Anywhere else discarding gains nothing (an
    overflow asks what to keep, effects.settle_warehouse), so no question is added."""
    p = g.players[seat]
    have = p.coins + p.cloth
    if not have:
        return []
    need = 0
    for key in keys:            # the largest goods gain among the open actions (a table: hot)
        n = _GOODS_GAIN.get(key, 0)
        if n > need:
            need = n
    if not need or have + need <= p.capacity:
        return []
    out = []
    if p.coins:
        # i18n: supply: es «reserva», de «Vorrat» chosen (seeds 003/004 do not name it); zh 供应堆 as seed 000 p.7
        out.append(Action("discard:coin", msg("bcn.opt.discard_coin", have=have, capacity=p.capacity)))
    if p.cloth:
        out.append(Action("discard:cloth", msg("bcn.opt.discard_cloth", have=have, capacity=p.capacity)))
    return out


# action key -> the coins and cloth its tile gives (data.ACTION_GAINS; only the goods tiles)
_GOODS_GAIN = {key: sum(a for k, a in gains if k in ("coin", "cloth")) for key, gains in D.ACTION_GAINS.items()}


def do_discard(g, seat, what) -> None:
    p = g.players[seat]
    if what == "coin":
        p.coins -= 1
    else:
        p.cloth -= 1
    g.log_event(msg(N_("bcn.log.discard_coin") if what == "coin" else N_("bcn.log.discard_cloth"), who=SEATS[seat]),
                seat=seat)


# cobblestone (p.7; Universitat: anywhere, appendix 2)
def cobble_options(g, f):
    p = g.players[f.seat]
    if p.cobbles_left <= 0:
        return []
    if f.get("anywhere"):
        cells = [(r, c) for r in range(D.PAVEMENT_ROWS) for c in range(D.PAVEMENT_COLS)
                 if (r, c) not in g.pavement]
    else:
        cells = sorted(pavement_frontier(g))
    return [memo_action(("cobble", r, c), lambda: Action(
                # i18n: pavement: zh 人行道 (seed 000); de «Marktplatz» (seed 004); es «acera» chosen (seed 003 names only «adoquín»)
                f"cobble:{r},{c}", msg("bcn.opt.cobble", row=r + 1, col=c + 1,
                                       reward=fmt_reward(D.PAVEMENT_BONUS[(r, c)]))))
            for r, c in cells]


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
        n = min(2, p.narrow_left, len(free))       # decision 6: 1 when only 1 can be placed
        out.append(_STREETS_NARROW[n == 2])
    return out


_STREETS_WIDE = Action("streets:wide", msg("bcn.opt.streets_wide"))
_STREETS_NARROW = {True: Action("streets:narrow", msg("bcn.opt.streets_narrow2")),
                   False: Action("streets:narrow", msg("bcn.opt.streets_narrow1"))}


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


_STREET_IDS = {s: f"street:{s}" for s in B.SEGMENT_IDS}     # segment -> its street action's id
_SEG_POS = {s: (line, 1 << i) for s, (line, i, _, _) in B.SEGMENTS.items()}    # segment -> (line, bit)
# width -> (segment, its line, {built mask of its line -> the street Action}) of each segment of
# that kind (at most 40 * 16 Actions; a table: no (width, segment, mask) key to build and hash)
_STREET_SLOTS = {w: tuple((s, _SEG_POS[s][0], {}) for s in B.SEGMENTS_OF_KIND[w]) for w in ("wide", "narrow")}


def _street_label(width, s, built):
    return msg(N_("bcn.opt.street_wide") if width == "wide" else N_("bcn.opt.street_narrow"), where=B.segment_label(s),
               vp=_line_vp(built, s), bonus=fmt_reward(D.STREET_BONUS[s]))


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
        i = 0 if p.narrow_stacks[0] else 1      # the left stack first (p.8)
        p.narrow_stacks[i] -= 1
        if p.narrow_stacks[i] == 0:
            cerda(g, seat, D.NARROW_EMPTY_CERDA)
    points = street_vp(g, seg)
    vp(g, seat, points, "streets")
    g.log_event(msg(N_("bcn.log.street_wide") if kind == "wide" else N_("bcn.log.street_narrow"), who=SEATS[seat],
                    where=B.segment_label(seg), vp=points), seat=seat)
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
            built = frozenset(g.streets)     # the labels (computed when read) preview this position
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


# Modernisme (p.9)
def improve_options(g, f):
    p = g.players[f.seat]
    return [memo_action(("improve", i), lambda: Action(
                f"improve:{i}", msg("bcn.opt.improve_pay", space=i + 1, mult=D.MODERNISME_MULT_TOP[i],
                                    cost=fmt_cost(D.MODERNISME_IMPROVE_COST[i]))
                if D.MODERNISME_IMPROVE_COST[i] else
                msg("bcn.opt.improve", space=i + 1, mult=D.MODERNISME_MULT_TOP[i])))
            for i in range(D.MODERNISME_SPACES)
            if not p.mod_top[i] and cost_ok(p, D.MODERNISME_IMPROVE_COST[i])]


def do_improve(g, f, a) -> None:
    g.stack.pop()
    p = g.players[f.seat]
    i = int(a.arg)
    pay(p, D.MODERNISME_IMPROVE_COST[i])
    p.mod_top[i] = True
    g.log_event(msg("bcn.log.improve", who=SEATS[f.seat], space=i + 1), seat=f.seat)


def mtake_options(g, f):
    p = g.players[f.seat]
    free = bool(f.get("free"))
    # the spaces open to this seat are the same for every tile: asked once, not per tile
    spaces = []
    coins, cloth, i = p.coins, p.cloth, -1      # cost_ok with free_cloth, from _TAKE_NEEDS
    for tile, (need_coin, need_cloth) in zip(p.mod_tiles, _TAKE_NEEDS):
        i += 1
        if tile is None and coins >= need_coin and cloth >= (0 if free else need_cloth):
            spaces.append(i)
    out = []
    for tile in g.mod_display:
        for i in spaces:
            key = ("mtake", tile, i, free)
            out.append(_MEMO.get(key) or memo_action(key, partial(_mtake_action, tile, i, free)))
    return out


def _mtake_action(tile, i, free):
    due = tuple((k, a) for k, a in D.MODERNISME_TAKE_COST[i] if not (free and k == "cloth"))
    params = dict(project=COND_MSG[tile], space=i + 1, mult=D.MODERNISME_MULT_BOTTOM,
                  top=D.MODERNISME_MULT_TOP[i])
    if due:
        return Action(f"mtake:{tile}@{i}", msg("bcn.opt.mtake_pay", cost=fmt_cost(due), **params))
    return Action(f"mtake:{tile}@{i}", msg("bcn.opt.mtake", **params))


def do_mtake(g, f, a) -> None:
    g.stack.pop()
    p = g.players[f.seat]
    tile, i = a.arg.split("@")
    i = int(i)
    pay(p, D.MODERNISME_TAKE_COST[i], free_cloth=bool(f.get("free")))
    p.mod_tiles[i] = tile
    g.mod_display.remove(tile)
    g.log_event(msg("bcn.log.mtake", who=SEATS[f.seat], project=COND_MSG[tile]), seat=f.seat)
    refill_display(g)


# public services (p.10, appendix 2)
def service_options(g, f):
    p = g.players[f.seat]
    out = []
    for key, tiles in g.services.items():
        if tiles and key not in p.services and p.coins >= tiles[0][0]:
            cost, points = tiles[0]
            out.append(memo_action(("service", key, cost, points), lambda: Action(
                f"service:{key}", msg("bcn.opt.service", service=SERVICE_MSG[key], cost=cost, vp=points,
                                      cerda=D.SERVICE_CERDA, effect=EFFECT_MSG[key]))))
    return out


def do_service(g, f, a) -> None:
    g.stack.pop()
    seat, key = f.seat, a.arg
    p = g.players[seat]
    cost, points = g.services[key].pop(0)
    p.coins -= cost
    p.services.append(key)
    vp(g, seat, points, "services")
    cerda(g, seat, D.SERVICE_CERDA)
    g.log_event(msg("bcn.log.service", who=SEATS[seat], service=SERVICE_MSG[key]), seat=seat)
    if key == "market":
        blocks = {B.site_block(s) for s, b in g.sites.items() if seat in b["markers"]}
        gain(g, seat, (("cloth", len(blocks)),), "services")
    elif key == "station":
        push(g, "tram", seat, free=True)
    elif key == "hospital":
        push(g, "cross", seat, free=True)
    elif key == "companys":        # "a wide/narrow streets action" (appendix 2): the player picks
        push(g, "street_mode", seat)
    elif key == "university":
        push(g, "cobble", seat, anywhere=True)
    elif key == "museum":
        gain(g, seat, (("sagrada", 2),), "sagrada")
    elif key == "pavilion":
        push(g, "mtake", seat, free=True)


# tram and passengers (p.10-11)
def tram_targets(g, seat, first=False):
    """Where the seat's tram may go (p.10-11); ``first``: only whether there is one (placing
    stops at the first free space)."""
    p = g.players[seat]
    others = {q.tram for i, q in enumerate(g.players) if i != seat and q.tram}
    if p.tram is None:
        passengers = g.passengers
        if first:                   # a loop, no generator frame (action_possible asks it: hot)
            for s in B.SEGMENT_IDS:
                if s not in others and s not in passengers:
                    return True
            return False
        return [s for s in B.SEGMENT_IDS if s not in others and s not in passengers]
    # Moving: any street space reached along connected spaces, without turning back, through at
    # most 2 spaces that are not the seat's own streets (p.11). Every space on such a path costs
    # >= 0, so that is "at most 2 away" with own streets at 0 and the others at 1: a 0-1
    # breadth-first search, not the walk of every path.
    start = p.tram
    streets, neighbours = g.streets, B.SEGMENT_NEIGHBOURS
    dist = {start: 0}
    queue = deque((start,))
    while queue:
        seg = queue.popleft()
        d = dist[seg]
        for nxt, _ in neighbours[seg]:
            c = d if streets.get(nxt) == seat else d + 1
            if c > 2 or dist.get(nxt, 3) <= c:
                continue
            dist[nxt] = c
            if first and nxt != start and nxt not in others:
                return True
            if c == d:
                queue.appendleft(nxt)
            else:
                queue.append(nxt)
    return [s for s in B.SEGMENT_IDS if s in dist and s != start and s not in others]


def tram_options(g, f):
    p = g.players[f.seat]
    verb = N_("bcn.opt.tram_place") if p.tram is None else N_("bcn.opt.tram_move")
    memo = _TRAM_ACTIONS[verb]      # segment -> its Action, made once (no key tuple: hot)
    out = []
    for s in tram_targets(g, f.seat):
        a = memo.get(s)
        if a is None:
            a = memo[s] = _tram_action(verb, s)
        out.append(a)
    return out


_TRAM_ACTIONS = {N_("bcn.opt.tram_place"): {}, N_("bcn.opt.tram_move"): {}}    # verb -> segment -> Action


def _tram_action(verb, s):
    return Action(f"tram:{s}", msg(verb, where=B.segment_label(s)))


def do_tram(g, f, a) -> None:
    g.stack.pop()
    seat = f.seat
    p = g.players[seat]
    p.tram = a.arg
    g.log_event(msg("bcn.log.tram", who=SEATS[seat], where=B.segment_label(a.arg)), seat=seat)
    push(g, "passenger", seat, free=bool(f.get("free")))


def passenger_options(g, f):
    p = g.players[f.seat]
    if p.tram in g.passengers or p.passengers_placed >= len(D.PASSENGER_COST):
        return []
    cost = D.PASSENGER_COST[p.passengers_placed]
    if not cost_ok(p, cost, free_coins=f.free):
        return []
    line = B.SEGMENTS[p.tram][0]
    key = g.action_tiles[line]
    due = tuple((k, a) for k, a in cost if not (f.free and k == "coin"))
    price = msg("bcn.opt.pay", cost=fmt_cost(due)) if due else msg("bcn.opt.free")
    coins, cloth = p.coins, p.cloth             # is the action possible once paid?
    pay(p, cost, free_coins=f.free)
    p.passengers_placed += 1
    can = action_possible(g, f.seat, key)
    p.coins, p.cloth = coins, cloth
    p.passengers_placed -= 1
    yes = (msg("bcn.opt.passenger_then", price=price, action=ACTION_MSG[key]) if can
           else msg("bcn.opt.passenger", price=price))
    return [Action("passenger:yes", yes), _PASSENGER_NO]


_PASSENGER_NO = Action("passenger:no", msg("bcn.opt.passenger_no"))


def do_passenger(g, f, a) -> None:
    g.stack.pop()
    if a.arg == "no":
        return
    seat = f.seat
    p = g.players[seat]
    seg = p.tram
    pay(p, D.PASSENGER_COST[p.passengers_placed], free_coins=f.free)
    p.passengers_placed += 1
    g.passengers[seg] = seat
    g.log_event(msg("bcn.log.passenger", who=SEATS[seat], where=B.segment_label(seg)), seat=seat)
    line = B.SEGMENTS[seg][0]
    key = g.action_tiles[line]
    if action_possible(g, seat, key):
        push(g, "pact", seat, key=key)
    owner = g.streets.get(seg)
    if owner is not None:   # the street scores again for its owner (p.11)
        vp(g, owner, street_vp(g, seg), "streets")


def pact_options(g, f):
    return [memo_action(("pact", f.key), lambda: Action("pact:yes", msg("bcn.opt.pact", action=ACTION_MSG[f.key]))),
            _PACT_NO] + discard_options(g, f.seat, (f.key,))


_PACT_NO = Action("pact:no", msg("bcn.opt.pact_no"))


def do_pact(g, f, a) -> None:
    if a.kind == "discard":
        do_discard(g, f.seat, a.arg)
        return
    g.stack.pop()
    if a.arg == "yes":
        start_action(g, f.seat, f.key, {})

"""Can a seat take a street action now? (RULEBOOK p.6: an unaffordable action cannot be taken.)
``action_possible`` answers it cheaply, in agreement with the option generators
(board_actions.py p.7-8, tile_actions.py p.9-10, tram_actions.py p.10-11), and holds the reach
questions it shares with them: where a cobblestone may go (``pavement_frontier``, p.7) and where
a tram may go (``tram_targets``, p.10-11).
"""

from collections import deque

from . import board as B
from . import data as D


def action_possible(g, seat, key) -> bool:
    """Can the seat take this action now? (an unaffordable action cannot be taken,
    p.6). Cheap checks that agree with the option generators (board_actions.py,
    tile_actions.py, tram_actions.py)."""
    p = g.players[seat]
    if key in ("coins", "cloth", "cerda"):
        return True
    if key == "narrow":
        return bool(p.narrow_left) and _any_free(g.streets, _NARROW)
    if key == "wide":
        return bool(p.wide) and _any_free(g.streets, _WIDE)
    if key == "cobble":
        return p.cobbles_left > 0 and _any_frontier(g.pavement)
    if key == "cross":  # an intersection whose cross_tile_cost is affordable (a loop: hot)
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
    for r, c in pavement:
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell not in pavement and 0 <= cell[0] < rows and 0 <= cell[1] < cols:
                return True
    return False


def pavement_frontier(g):
    """Empty pavement cells orthogonally next to a cobblestone (p.7)."""
    out = set()
    for r, c in g.pavement:
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell not in g.pavement and 0 <= cell[0] < D.PAVEMENT_ROWS and 0 <= cell[1] < D.PAVEMENT_COLS:
                out.add(cell)
    return out


# tram (p.10-11)
def tram_targets(g, seat, first=False):
    """Where the seat's tram may go (p.10-11); ``first``: only whether there is one (placing
    stops at the first free space)."""
    p = g.players[seat]
    others = {q.tram for i, q in enumerate(g.players) if i != seat and q.tram}
    if p.tram is None:
        passengers = g.passengers
        if first:  # a loop, no generator frame (action_possible asks it: hot)
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

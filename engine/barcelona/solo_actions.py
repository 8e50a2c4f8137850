"""Gaudí's actions (the solo summary "Gaudí's turn", the card's action): his version of
each one (``do_cobble``, ``do_streets``, ``do_cross``, ``do_mtake``, ``do_improve``,
``do_service``, ``do_passenger``, ``do_sagrada``, ``do_market``; ``possible``, ``perform``), and
his gains ("Gaudí Rewards": coins and cloth become GR; a bonus action is his version of it; his
Sagrada track gives him his VP-only tiles). Values in solo_data.py; his turn is solo_turn.py.
"""

from ..core.msg import N_, msg

from . import board as B
from . import data as D
from . import solo_data as S
from .action_check import pavement_frontier
from .board_actions import street_vp
from .effects import COND_MSG, SERVICE_MSG, cerda, refill_display, vp
from .solo_cards import _arrow, _seg_centre, clockwise, reveal
from .solo_scoring import GAUDI, is_v2
from .solo_setup import _tile_vp
from .solo_steps import _close, _log


# ------------------------------------------------------------ gains: coins and cloth are GR
def gain(g, items, why) -> None:
    """Everything he gains, at once: coins and cloth (and goods) become Gaudí Rewards (SOURCE,
    "Gaudí Rewards"); track steps move his markers; an action bonus is his own version of it."""
    for kind, amt in items:
        if kind == "vp":
            vp(g, GAUDI, amt, why)
        elif kind in ("coin", "cloth", "goods"):
            g.solo["gr"] += amt
        elif kind == "cerda":
            cerda(g, GAUDI, amt)
        elif kind == "sagrada":
            for _ in range(amt):
                sagrada_step(g)
        elif kind == "action":
            key = _own_action(amt)
            if key and possible(g, key):
                perform(g, key, _arrow(g))


def _own_action(key):
    """RECON: a bonus naming a street action is his version of it (either street tile -> streets,
    the tram tile -> passenger)."""
    if key in S.ACTIONS:
        return key
    if "street" in str(key) or key in ("narrow", "wide"):
        return "streets"
    if key == "tram":
        return "passenger"
    return None


def past_sagrada_gr(g) -> bool:
    """The optional variant (SOURCE "Gaudí Rewards"): at the end of his Sagrada track each
    further step gives him 1 GR (option ``sagrada_gr``; records without it play without)."""
    return g.options.get("sagrada_gr", "off") == "on"


def sagrada_step(g) -> None:
    """One step on his Sagrada track; reaching a slot gives him the tile lying there (SOURCE)."""
    p = g.players[GAUDI]
    if p.sagrada >= D.SAGRADA_MAX:
        if past_sagrada_gr(g):
            g.solo["gr"] += S.PAST_SAGRADA_GR
            _log(g, "sagrada", msg("bcn.gaudi.sagrada_gr", n=S.PAST_SAGRADA_GR))
        return
    p.sagrada += 1
    level = D.SAGRADA_SLOTS.get(p.sagrada)
    tiles = g.solo["sagrada_tiles"].get(str(level)) if level else None
    if tiles:
        i = tiles.pop(0)
        p.sagrada_tiles.append([level, i])
        _log(g, "sagrada", msg("bcn.gaudi.sagrada_tile", level=level, vp=_tile_vp(level, i)))
        vp(g, GAUDI, _tile_vp(level, i), "sagrada")


# --------------------------------------------------------------------------- actions
def possible(g, key) -> bool:
    p = g.players[GAUDI]
    pawn = g.solo["pawn"]
    if key == "cobble":
        return p.cobbles_left > 0 and bool(pavement_frontier(g))
    if key == "streets":
        return bool(_street_spaces(g, pawn, "wide") or _street_spaces(g, pawn, "narrow"))
    if key == "cross":
        return p.crosses_built < len(D.INTERSECTION_TILE_COST) and len(g.cross_owner) < len(B.INTERSECTIONS)
    if key == "mtake":
        return bool(g.mod_display) and None in p.mod_tiles
    if key == "improve":
        return not all(p.mod_top)
    if key == "service":
        return any(t and k not in p.services for k, t in g.services.items())
    if key == "passenger":
        return p.passengers_placed < len(D.PASSENGER_COST) and bool(_passenger_spaces(g, pawn))
    if key == "sagrada":
        return p.sagrada < D.SAGRADA_MAX or past_sagrada_gr(g)
    if key == "market":
        return True
    return False


def perform(g, key, arrow) -> None:
    _close(g)  # an action (also one a bonus gives) is a step of its own
    {
        "cobble": do_cobble,
        "streets": do_streets,
        "cross": do_cross,
        "mtake": do_mtake,
        "improve": do_improve,
        "service": do_service,
        "passenger": do_passenger,
        "sagrada": do_sagrada,
        "market": do_market,
    }[key](g, arrow)


def _bonus_rank(card, bonus):
    prio = card["priority"]
    kinds = [k for k, _ in bonus] or ["none"]
    best = min(prio.index(k) if k in prio else len(prio) for k in kinds)
    return (best, -sum(a for _, a in bonus if isinstance(a, int)))


def do_cobble(g, arrow, anywhere=False) -> None:
    """SOURCE: his leftmost cobblestone, usual adjacency, the space whose bonus ranks best on the
    card's priority list (RECON: then the bigger bonus, then reading order)."""
    _close(g)
    card = S.CARDS[g.solo["card"]]
    if anywhere:
        cells = [(r, c) for r in range(D.PAVEMENT_ROWS) for c in range(D.PAVEMENT_COLS) if (r, c) not in g.pavement]
    else:
        cells = sorted(pavement_frontier(g))
    if not cells or g.players[GAUDI].cobbles_left <= 0:
        return
    cell = min(cells, key=lambda rc: (_bonus_rank(card, D.PAVEMENT_BONUS[rc]), rc))
    g.players[GAUDI].cobbles_placed += 1
    g.pavement[cell] = GAUDI
    _log(g, "action", msg("bcn.gaudi.cobble", row=cell[0] + 1, col=cell[1] + 1), mark=f"cobble:{cell[0]},{cell[1]}")
    gain(g, D.PAVEMENT_BONUS[cell], "cobble_bonus")


def _street_spaces(g, rc, kind):
    p = g.players[GAUDI]
    left = p.wide if kind == "wide" else p.narrow_left
    if not left:
        return []
    return [s for s in B.CROSS_SEGMENTS[rc] if s not in g.streets and B.segment_kind(s) == kind]


def _by_bonus_then_arrow(g, segs, arrow):
    pawn = g.solo["pawn"]
    return sorted(segs, key=lambda s: (not D.STREET_BONUS[s], clockwise(arrow, pawn, _seg_centre(s))))


def do_streets(g, arrow) -> None:
    """SOURCE: next to his pawn, preferring spaces with a bonus, the arrow breaking ties. RECON:
    a wide street when a wide space touches the pawn, else up to 2 narrow ones there."""
    pawn = g.solo["pawn"]
    wide = _street_spaces(g, pawn, "wide")
    if wide:
        _street(g, _by_bonus_then_arrow(g, wide, arrow)[0], "wide")
        return
    for _ in range(2):
        narrow = _street_spaces(g, pawn, "narrow")
        if not narrow:
            break
        _street(g, _by_bonus_then_arrow(g, narrow, arrow)[0], "narrow")


def _street(g, seg, kind) -> None:
    _close(g)  # the second of two narrow streets is a step of its own
    p = g.players[GAUDI]
    g.streets[seg] = GAUDI
    if kind == "wide":
        p.wide -= 1
        if p.wide == 0:
            cerda(g, GAUDI, D.WIDE_EMPTY_CERDA)
    else:
        i = 0 if p.narrow_stacks[0] else 1
        p.narrow_stacks[i] -= 1
        if p.narrow_stacks[i] == 0:
            cerda(g, GAUDI, D.NARROW_EMPTY_CERDA)
    points = street_vp(g, seg)
    vp(g, GAUDI, points, "streets")
    _log(
        g,
        "action",
        msg(
            N_("bcn.gaudi.street_wide") if kind == "wide" else N_("bcn.gaudi.street_narrow"),
            where=B.segment_label(seg),
            vp=points,
        ),
        mark=f"street:{seg}",
    )
    gain(g, D.STREET_BONUS[seg], "street_bonus")


def _worth(items):
    return sum(S.BONUS_WORTH.get(k, 1) * (a if isinstance(a, int) else 1) for k, a in items)


def do_cross(g, arrow) -> None:
    """SOURCE: where the sum of the adjacent visible bonuses is highest (ties: clockwise from
    the arrow, RECON: then nearest). He pays nothing."""
    pawn = g.solo["pawn"]
    free = [rc for rc in B.INTERSECTIONS if rc not in g.cross_owner]
    if not free:
        return

    def bonus(rc):
        return [x for s in B.CROSS_SEGMENTS[rc] if s not in g.streets for x in D.STREET_BONUS[s]]

    rc = min(free, key=lambda rc: (-_worth(bonus(rc)), clockwise(arrow, pawn, rc)))
    items = bonus(rc)
    g.cross_owner[rc] = GAUDI
    g.players[GAUDI].crosses_built += 1
    _log(g, "action", msg("bcn.gaudi.cross", where=B.cross_label(rc)), mark=f"cross:{B.cross_id(rc)}")
    gain(g, items, "cross_bonus")


def do_mtake(g, arrow) -> None:
    """SOURCE: original: the display tile the card's arrow points to (RECON: the card prints a
    slot 1-4; fewer tiles: the last); 2.0: the highest-scoring tile, leftmost on a tie. On his
    rightmost empty space."""
    p = g.players[GAUDI]
    if not g.mod_display or None not in p.mod_tiles:
        return
    if is_v2(g):
        tile = max(g.mod_display, key=lambda k: (D.CONDITIONS[k][0], -g.mod_display.index(k)))
    else:
        slot = S.CARDS[g.solo["card"]]["slot"]
        tile = g.mod_display[min(slot, len(g.mod_display)) - 1]
    i = max(j for j, t in enumerate(p.mod_tiles) if t is None)
    p.mod_tiles[i] = tile
    g.mod_display.remove(tile)
    _log(g, "action", msg("bcn.gaudi.mtake", project=COND_MSG[tile], space=i + 1))
    refill_display(g)


def do_improve(g, arrow) -> None:
    """SOURCE: original: the leftmost marker still at the bottom goes up; 2.0: right to left."""
    p = g.players[GAUDI]
    spaces = [i for i in range(D.MODERNISME_SPACES) if not p.mod_top[i]]
    if not spaces:
        return
    i = spaces[-1] if is_v2(g) else spaces[0]
    p.mod_top[i] = True
    _log(g, "action", msg("bcn.gaudi.improve", space=i + 1))


def do_service(g, arrow) -> None:
    """SOURCE: the most expensive service he lacks, left to right (2.0: the leftmost one); he
    gets its VP and Cerdà steps, then reveals another card and does that action instead of the
    service's effect (2.0: he performs the service's action, his version of it)."""
    p = g.players[GAUDI]
    keys = [k for k, t in g.services.items() if t and k not in p.services]
    if not keys:
        return
    key = keys[0] if is_v2(g) else max(keys, key=lambda k: (g.services[k][0][0], -keys.index(k)))
    cost, points = g.services[key].pop(0)
    p.services.append(key)
    vp(g, GAUDI, points, "services")
    cerda(g, GAUDI, D.SERVICE_CERDA)
    _log(
        g,
        "action",
        msg("bcn.gaudi.service", service=SERVICE_MSG[key], vp=points, cerda=D.SERVICE_CERDA),
        mark=f"service:{key}",
    )
    if is_v2(g):
        then = S.SERVICE_ACTIONS.get(key)
        if key == "university":
            if p.cobbles_left > 0:
                do_cobble(g, arrow, anywhere=True)
        elif then and possible(g, then):
            perform(g, then, arrow)
    else:
        _instead(g)


def _instead(g) -> None:
    """Reveal another card and do its action instead (RECON: a card whose action is impossible,
    or another service/passenger card, is passed over, at most once round the deck)."""
    for _ in range(len(S.CARDS)):
        c = reveal(g)
        key = S.CARDS[c]["action"]
        if key not in ("service", "passenger") and possible(g, key):
            perform(g, key, _arrow(g))
            return
    _log(g, "skip", msg("bcn.gaudi.no_further"))


def _passenger_spaces(g, rc):
    trams = {q.tram for q in g.players if q.tram}
    return [s for s in B.CROSS_SEGMENTS[rc] if s not in g.passengers and s not in trams]


def do_passenger(g, arrow) -> None:
    """SOURCE: on a street next to his pawn, his own streets first, avoiding the human's (RECON:
    then empty spaces, then the human's, each clockwise from the arrow); a built street scores
    for its owner as usual; then another card's action instead of the street's (no tram)."""
    p = g.players[GAUDI]
    pawn = g.solo["pawn"]
    spaces = _passenger_spaces(g, pawn)
    if not spaces or p.passengers_placed >= len(D.PASSENGER_COST):
        return

    def rank(s):
        owner = g.streets.get(s)
        return (0 if owner == GAUDI else 1 if owner is None else 2, clockwise(arrow, pawn, _seg_centre(s)))

    seg = min(spaces, key=rank)
    p.passengers_placed += 1
    g.passengers[seg] = GAUDI
    _log(g, "action", msg("bcn.gaudi.passenger", where=B.segment_label(seg)), mark=f"tram:{seg}")
    owner = g.streets.get(seg)
    if owner is not None:
        vp(g, owner, street_vp(g, seg), "streets")
    _instead(g)


def do_sagrada(g, arrow) -> None:
    _log(g, "action", msg("bcn.gaudi.sagrada"))
    sagrada_step(g)


def do_market(g, arrow) -> None:
    blocks = {B.site_block(s) for s, b in g.sites.items() if GAUDI in b["markers"]}
    _log(g, "action", msg("bcn.gaudi.market", n=len(blocks)))
    g.solo["gr"] += len(blocks)

"""The street actions that take a tile (RULEBOOK p.9-10, appendix 2): Modernisme (p.9: improve
a space, take a project tile from the display) and the public services (p.10, appendix 2: a
service tile, its VP and Cerdà steps, then its effect).

Each action is a decision kind with an options function and a ``do_`` function (tabled in
decisions.py); action_check.py says cheaply whether a seat can take it (p.6).
"""

from functools import partial

from ..core.action import Action
from ..core.msg import msg
from . import board as B
from . import data as D
from .action_check import _TAKE_NEEDS
from .action_memo import _MEMO, memo_action
from .effects import (
    COND_MSG,
    EFFECT_MSG,
    SEATS,
    SERVICE_MSG,
    cerda,
    cost_ok,
    fmt_cost,
    gain,
    pay,
    push,
    refill_display,
    vp,
)


# Modernisme (p.9)
def improve_options(g, f):
    p = g.players[f.seat]
    return [
        memo_action(
            ("improve", i),
            lambda: Action(
                f"improve:{i}",
                msg(
                    "bcn.opt.improve_pay",
                    space=i + 1,
                    mult=D.MODERNISME_MULT_TOP[i],
                    cost=fmt_cost(D.MODERNISME_IMPROVE_COST[i]),
                )
                if D.MODERNISME_IMPROVE_COST[i]
                else msg("bcn.opt.improve", space=i + 1, mult=D.MODERNISME_MULT_TOP[i]),
            ),
        )
        for i in range(D.MODERNISME_SPACES)
        if not p.mod_top[i] and cost_ok(p, D.MODERNISME_IMPROVE_COST[i])
    ]


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
    coins, cloth, i = p.coins, p.cloth, -1  # cost_ok with free_cloth, from _TAKE_NEEDS
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
    params = dict(project=COND_MSG[tile], space=i + 1, mult=D.MODERNISME_MULT_BOTTOM, top=D.MODERNISME_MULT_TOP[i])
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
            out.append(
                memo_action(
                    ("service", key, cost, points),
                    lambda: Action(
                        f"service:{key}",
                        msg(
                            "bcn.opt.service",
                            service=SERVICE_MSG[key],
                            cost=cost,
                            vp=points,
                            cerda=D.SERVICE_CERDA,
                            effect=EFFECT_MSG[key],
                        ),
                    ),
                )
            )
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
    elif key == "companys":  # "a wide/narrow streets action" (appendix 2): the player picks
        push(g, "street_mode", seat)
    elif key == "university":
        push(g, "cobble", seat, anywhere=True)
    elif key == "museum":
        gain(g, seat, (("sagrada", 2),), "sagrada")
    elif key == "pavilion":
        push(g, "mtake", seat, free=True)

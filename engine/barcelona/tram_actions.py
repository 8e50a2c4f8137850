"""Tram and passengers (RULEBOOK p.10-11): placing or moving the tram (where it may go:
action_check.py ``tram_targets``), a passenger on its space, then the street action of its
line (``pact``), the street scoring again for its owner (p.11).

Each action is a decision kind with an options function and a ``do_`` function (tabled in
decisions.py); action_check.py says cheaply whether a seat can take it (p.6).
"""

from ..core.action import Action
from ..core.msg import N_, msg
from . import board as B
from . import data as D
from .action_check import action_possible, tram_targets
from .action_memo import memo_action
from .board_actions import street_vp
from .effects import ACTION_MSG, SEATS, cost_ok, fmt_cost, pay, push, start_action, vp
from .goods_return import discard_options, do_discard


# tram and passengers (p.10-11)
def tram_options(g, f):
    p = g.players[f.seat]
    verb = N_("bcn.opt.tram_place") if p.tram is None else N_("bcn.opt.tram_move")
    memo = _TRAM_ACTIONS[verb]  # segment -> its Action, made once (no key tuple: hot)
    out = []
    for s in tram_targets(g, f.seat):
        a = memo.get(s)
        if a is None:
            a = memo[s] = _tram_action(verb, s)
        out.append(a)
    return out


_TRAM_ACTIONS = {N_("bcn.opt.tram_place"): {}, N_("bcn.opt.tram_move"): {}}  # verb -> segment -> Action


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
    coins, cloth = p.coins, p.cloth  # is the action possible once paid?
    pay(p, cost, free_coins=f.free)
    p.passengers_placed += 1
    can = action_possible(g, f.seat, key)
    p.coins, p.cloth = coins, cloth
    p.passengers_placed -= 1
    yes = (
        msg("bcn.opt.passenger_then", price=price, action=ACTION_MSG[key])
        if can
        else msg("bcn.opt.passenger", price=price)
    )
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
    if owner is not None:  # the street scores again for its owner (p.11)
        vp(g, owner, street_vp(g, seg), "streets")


def pact_options(g, f):
    return [
        memo_action(("pact", f.key), lambda: Action("pact:yes", msg("bcn.opt.pact", action=ACTION_MSG[f.key]))),
        _PACT_NO,
    ] + discard_options(g, f.seat, (f.key,))


_PACT_NO = Action("pact:no", msg("bcn.opt.pact_no"))


def do_pact(g, f, a) -> None:
    if a.kind == "discard":
        do_discard(g, f.seat, a.arg)
        return
    g.stack.pop()
    if a.arg == "yes":
        start_action(g, f.seat, f.key, {})

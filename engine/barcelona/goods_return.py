"""Returning goods to the supply (RULEBOOK p.7, "at any time"): offered only where it can matter
(``discard_options``: before a goods tile, 2 coins or 1 cloth and 3 VP (p.7), among the actions
still open whose gain would not fit the warehouse), in the turn's choice of actions (turn.py) and
before the street action a passenger gives (tram_actions.py ``pact``).
"""

from ..core.action import Action
from ..core.msg import N_, msg
from . import data as D
from .effects import SEATS


# returning goods (p.7: "在任何时候，你都可以从仓库中放回任意数量的布匹或金币至供应堆来腾出格子")
def discard_options(g, seat, keys):
    """ "Return 1 coin / 1 cloth to the supply", offered only before a goods tile among
    ``keys`` (the actions still open) whose gain would not fit the warehouse: there the
    player may want to make room first. Anywhere else discarding gains nothing (an
    overflow asks what to keep, effects.settle_warehouse), so no question is added."""
    p = g.players[seat]
    have = p.coins + p.cloth
    if not have:
        return []
    need = 0
    for key in keys:  # the largest goods gain among the open actions (a table: hot)
        n = _GOODS_GAIN.get(key, 0)
        if n > need:
            need = n
    if not need or have + need <= p.capacity:
        return []
    out = []
    if p.coins:
        # i18n: supply: es «reserva», de «Vorrat» chosen (the Spanish and German texts do not name it); zh 供应堆 as RULEBOOK p.7
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
    g.log_event(
        msg(N_("bcn.log.discard_coin") if what == "coin" else N_("bcn.log.discard_cloth"), who=SEATS[seat]), seat=seat
    )

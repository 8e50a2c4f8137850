"""The sale of steps C, E and G (SEED § 2. 關說階段, 步驟 C/E and G; Strasbourg rulebook (zh-Hant)):
"競標第一名的玩家可以直接從屏風後面，拿出任意數量的貨物標示物賣掉，然後從供應區拿取貨物標示物上所標示
的金額總和": the winner takes any number of goods tiles from behind the screen, sells them at their
printed value (data.GOODS_VALUE) and takes the total.

The sale stands behind the seller's screen (its rule is ``screened``, decisions.py): the amounts
go to the seller's log only (``private_to``) and everyone reads SALE_OVER, the same words whatever,
and whether anything, was sold. It is one act (rules 2.4.0): the seller names every tile sold in
one option and the sale is over, so whatever is sold the table sees one action, one line and the
same game after it (docs/strasbourg.md "What a sale tells the others";
tests/contract/test_screened_choices.py). Records made before 2.4.0 sell tile by tile
(``_legal_sell_by_tile``; rulesets.py).

It is asked whenever the public tallies say the seat may hold goods (screens.may_hold_goods), with
"sell nothing" even when the screen holds nothing (rules 2.2.0).
"""

from functools import partial
from itertools import product

from ..core.action import Action
from ..core.msg import N_, items, msg
from . import data
from .screens import may_hold_goods


# The options (rules 2.4.0), each the whole sale: ``sell:<tiles>`` for each part of the goods held
# short of all of them (the tiles' guilds in data.GUILDS order, e.g. ``sell:smiths,bakers,bakers``;
# one tile: ``sell:<guild>``), ``sell-all`` whenever a tile is held, and ``end-sale`` (sell nothing).
def legal_sell(game, d):
    if not game.sells_at_once:
        return _legal_sell_by_tile(game, d)
    p = game.st.players[d.seat]
    held = [(g, p.goods[g]) for g in data.GUILDS if p.goods[g] > 0]
    if not held:
        return [_NOTHING_TO_SELL]
    everything = tuple(k for _, k in held)
    parts = sorted(
        (c for c in product(*(range(k + 1) for k in everything)) if any(c) and c != everything),
        key=lambda c: (sum(c), [-x for x in c]),
    )
    acts = [Action(sale_id(held, c), partial(_sale_label, held, c)) for c in parts]
    total = sum(k * data.GOODS_VALUE[g] for g, k in held)
    acts.append(Action("sell-all", msg("str.act.sell_all", total=total)))
    acts.append(_END_SALE)
    return acts


def sale_id(held, counts):
    """The id of selling ``counts[i]`` tiles of the guild of ``held[i]``: ``sell:`` and the tiles."""
    return "sell:" + ",".join(g for (g, _), k in zip(held, counts) for _ in range(k))


def _sale_label(held, counts):
    """The tiles sold, each in the words of a tile sold ("Sell a Smiths goods tile for 4 (1 held)")."""
    parts = [
        msg("str.act.sell", guild={"key": data.GUILD_NAMES[g]}, value=data.GOODS_VALUE[g], held=n)
        for (g, n), k in zip(held, counts)
        for _ in range(k)
    ]
    return parts[0] if len(parts) == 1 else items(parts)


_END_SALE = Action("end-sale", msg("str.act.end_sale"))
_NOTHING_TO_SELL = Action("end-sale", msg("str.act.nothing_to_sell"))  # the empty choice, asked all the same


def _sell(game, seat, guild, count):
    st = game.st
    p = st.players[seat]
    value = data.GOODS_VALUE[guild] * count
    p.goods[guild] -= count
    st.goods_supply[guild] += count
    p.coins += value
    st.coins_earned += value
    # behind the screen (SEED § 步驟 C/E "從屏風後面"): the amounts go to the seller's log only
    game.log_event(
        msg("str.log.sell", who={"seat": seat}, n=count, guild={"key": data.GUILD_NAMES[guild]}, value=value),
        seat=seat,
        private_to=seat,
    )


def _sale_over(game, seat):
    """The public line of a sale: the same words whatever (and whether anything) was sold."""
    game.log_event(msg(SALE_OVER, who={"seat": seat}), seat=seat)
    game.st.decision = None


SALE_OVER = N_("str.log.sale_over")


def do_sell(game, d, action):
    if not game.sells_at_once:
        return _do_sell_by_tile(game, d, action)
    seat = d.seat
    p = game.st.players[seat]
    kind = action.kind
    if kind == "sell-all":
        sold = dict(p.goods)
    elif kind == "sell":
        tiles = action.arg.split(",")
        sold = {g: tiles.count(g) for g in data.GUILDS}
    else:  # end-sale: nothing
        sold = {}
    for g in data.GUILDS:
        if sold.get(g):
            _sell(game, seat, g, sold[g])
    _sale_over(game, seat)


# The sale of rules before 2.4.0 (rulesets.py), kept for their records: one action per tile sold
# (``sell:<guild>``), ``sell-all`` (offered with two tiles or more) and ``end-sale``; from 2.2.0
# the sale went on until the seller stopped; before 2.2.0 it also ended with the last tile sold.
def _legal_sell_by_tile(game, d):
    p = game.st.players[d.seat]
    acts = [
        Action(
            f"sell:{g}",
            msg("str.act.sell", guild={"key": data.GUILD_NAMES[g]}, value=data.GOODS_VALUE[g], held=p.goods[g]),
        )
        for g in data.GUILDS
        if p.goods[g] > 0
    ]
    if any(p.goods[g] > 1 for g in data.GUILDS) or len(acts) > 1:
        total = sum(p.goods[g] * data.GOODS_VALUE[g] for g in data.GUILDS)
        acts.append(Action("sell-all", msg("str.act.sell_all", total=total)))
    acts.append(_END_SALE if acts else _NOTHING_TO_SELL)
    return acts


def _do_sell_by_tile(game, d, action):
    seat = d.seat
    st = game.st
    p = st.players[seat]
    if action.kind == "sell":
        _sell(game, seat, action.arg, 1)
        if game.asks_screened or any(p.goods.values()):
            return  # keep selling: the decision stays until the seller stops
    elif action.kind == "sell-all":
        for g in data.GUILDS:
            if p.goods[g]:
                _sell(game, seat, g, p.goods[g])
    _sale_over(game, seat)


# ----- starting the sale (decisions.STARTERS) -------------------------------------------
def start_sell(game, d):
    p = game.st.players[d.seat]
    # Asked whenever the seat may hold goods by the public tallies (goods stand behind the
    # screen): "any number" (Strasbourg rules (zh-Hant), steps C/E) includes none.
    ask = may_hold_goods(p) if game.asks_screened else any(p.goods.values())
    # From now on nobody else knows which of this seat's tiles are still held.
    for g in data.GUILDS:
        p.goods_unsure[g] += p.goods_sure[g]
        p.goods_sure[g] = 0
    if ask:
        return d
    _sale_over(game, d.seat)
    return None

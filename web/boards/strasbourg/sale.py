"""The sale picker: what the seller's taps on the goods rows pick, and the one legal id Sell sends.

A sale (steps C, E and G) is one act from rules 2.4.0 (engine/strasbourg/selling.py): the seller
names every tile sold in one option, ``sell:<tiles>`` (any part of the goods held short of all of
them, e.g. ``sell:smiths,bakers,bakers``), ``sell-all`` or ``end-sale``; with many tiles there are
dozens of options. So the board asks it the way the app asks every two-step choice (the table's
``ui:pick:KEY``, ``Session.pick``): each goods row of the seller's own board is a toggle whose tap
picks one more tile of its guild (and, at the most the options allow, takes them back), the pick
is UI state only (nothing reaches the engine), and the pick's panel offers Sell: the legal id
that sells exactly the tiles picked. "Sell all" and "Stop selling" stay buttons.

The page never re-implements a rule: what may be picked comes from the legal ids themselves. A
pick is allowed when some legal ``sell:<tiles>`` sells exactly those tiles, or when it is every
tile the seller holds (its own board shows them) and ``sell-all`` is legal. Records made before
2.4.0 sell tile by tile (``sell:<guild>``, one tile, and the sale goes on): their picks are the
single tiles and everything, so the same picker plays them.

Pick keys (``ui:pick:`` + key): ``sale:<tiles>`` (the tiles of a legal ``sell:<tiles>``, as
written in its id), ``sale:all`` (every tile held: ``sell-all``) and ``sale:`` (nothing picked).
"""

from collections import Counter

from engine.core.action import Action
from engine.core.msg import count, items, msg

KEY = "sale:"
ALL = "all"
SELL_ALL = "sell-all"


def tiles(aid):
    """The tiles a ``sell:<tiles>`` id sells, as a Counter {guild: n}; None for any other id."""
    kind, _, arg = str(aid).partition(":")
    if kind != "sell" or not arg:
        return None
    return Counter(arg.split(","))


def _frozen(c):
    return frozenset((g, k) for g, k in c.items() if k > 0)


class Sale:
    """The legal sale options of a decision as picks of tiles.

    ``legal``: the legal ids (or Actions); ``held``: {guild: tiles held} of the seller (its own
    view), which a pick of every tile needs (``sell-all`` names no tiles)."""

    def __init__(self, legal, held=None):
        ids = [str(getattr(a, "id", a)) for a in legal]
        self.held = Counter({g: int(k) for g, k in (held or {}).items() if k and int(k) > 0})
        self.ids = [aid for aid in ids if tiles(aid) is not None]  # the sell:<tiles> ids
        self.keys = {}  # frozen tiles -> pick key
        self.allowed = {}  # pick key -> its tiles (a Counter, guilds in the order of the id)
        for aid in self.ids:
            key = KEY + aid.partition(":")[2]
            if self.keys.setdefault(_frozen(tiles(aid)), key) == key:
                self.allowed[key] = tiles(aid)
        if SELL_ALL in ids and self.held and _frozen(self.held) not in self.keys:
            self.keys[_frozen(self.held)] = KEY + ALL
            self.allowed[KEY + ALL] = Counter(self.held)

    def __bool__(self):
        return bool(self.keys)

    def picked(self, key):
        """The tiles pick ``key`` stands for (a Counter; empty for no pick or another key)."""
        return Counter(self.allowed.get(key, ()))

    def most(self, guild):
        """The most tiles of ``guild`` any pick allows (0: the guild is not for sale)."""
        return max((c[guild] for c in self.allowed.values()), default=0)

    def key_of(self, picked):
        """The pick key of ``picked`` tiles: ``sale:`` for none, None when no option sells them."""
        if not +picked:
            return KEY
        return self.keys.get(_frozen(picked))

    def tap(self, key, guild):
        """The pick after a tap on ``guild``'s row with ``key`` picked: one more tile of it when
        an option sells that, else none of it (taken back: a tap at the most cycles to none);
        None when the row has nothing to offer (no pick with one more, none of it picked)."""
        now = self.picked(key)
        more = self.key_of(now + Counter({guild: 1}))
        if more is not None:
            return more
        if not now[guild]:
            return None
        del now[guild]
        back = self.key_of(now)
        return back if back is not None else KEY

    def stands_for(self, guild):
        """The legal ids that sell a tile of ``guild`` (the row is hinted when the hint is one)."""
        return {aid for aid in self.ids if tiles(aid)[guild]}


def pick_options(legal_actions, key):
    """The second step of a pick (``Renderer.pick_options``): (sentence, [the one Action that
    sells the tiles picked]); None for a key that is no sale pick. The Action is the legal one
    (same id), its label the sale in short ("Sell 2 Bakers tiles and 1 Smiths tile for 10")."""
    key = str(key)
    if not key.startswith(KEY):
        return None
    arg = key[len(KEY) :]
    if arg == ALL:
        acts = [a for a in legal_actions if a.id == SELL_ALL]
    elif arg:
        acts = [Action(a.id, sale_label(a.label)) for a in legal_actions if a.id == "sell:" + arg]
    else:
        acts = []
    return msg("str.ui.sale_why"), acts


def sale_label(label):
    """The label of a ``sell:<tiles>`` option in short, from the engine's own label (one "Sell a
    Smiths goods tile for 4 (1 held)" message per tile): "Sell 2 Bakers tiles and 1 Smiths tile
    for 10" (``str.ui.sell_for``). A label of another shape (a frozen 1.x engine's words) is kept."""
    parts = label.get("items") if isinstance(label, dict) and "key" not in label else [label]
    if not parts or not all(isinstance(p, dict) and p.get("key") == "str.act.sell" for p in parts):
        return label
    n, names, total = Counter(), {}, 0
    for p in parts:
        g = repr(p.get("guild"))
        n[g] += 1
        names.setdefault(g, p.get("guild"))
        total += p.get("value") or 0
    goods = [count("str.ui.sale_tiles", "str.ui.sale_tiles_pl", k, guild=names[g]) for g, k in n.items()]
    return msg("str.ui.sell_for", goods=items(goods), total=total)


def picked_text(picked, guild_name, value):
    """The words of a pick on the board: "Your sale: 2 Bakers tiles and 1 Smiths tile, for 10"
    (``guild_name(g)``: the guild's name message or words; ``value(g)``: one tile's price)."""
    goods = [count("str.ui.sale_tiles", "str.ui.sale_tiles_pl", k, guild=guild_name(g)) for g, k in picked.items() if k]
    return msg("str.ui.sale_picked", goods=items(goods), total=sum(k * value(g) for g, k in picked.items()))

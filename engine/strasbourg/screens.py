"""Behind the screens: a stand-in for another seat's coins, goods and privileges, built only from
what everyone at the table saw (used by ``StrasbourgGame.masked_for``).

SEED § 起始設置 6 puts each player's coins behind a screen, § 步驟 b the goods taken, § 步驟 C/E
sells them "從屏風後面" (from behind the screen); RESEARCH §7 adds the privileges. What the others
see is the acts: a goods tile taken from the open supply, a sale step won (the amounts sold
stay secret), a shop bought at its printed price, a privilege taken at a council or spent in
an auction. ``state.Player`` keeps those public tallies:

* ``goods_sure``: tiles taken since the seat last won a sale step, so certainly still held;
* ``goods_unsure``: tiles taken before that: each one is held or was sold, only its owner knows;
* ``privileges_seen``: privileges taken minus privileges spent (both in the open).

``determinise`` gives every other seat a possible screen: the sure tiles, a random part of the
unsure ones (the rest counted as sold), and the coins that follow from that (5 + sales - the
prices of its shops), never below 0: when the draw leaves too little money, more unsure tiles
count as sold (selling all of them is always possible, because the real game got there).
Supply counts and the coin ledger are set to match, so the copy is a legal game that
can be played on. None of it reads the real hidden amounts.
"""

from . import data
from .state import CELL_PRICE


def may_hold_goods(p):
    """Whether the public tallies leave it possible that ``p`` holds a goods tile (a sale step
    is asked then, whatever is really behind the screen)."""
    return any(p.goods_sure.values()) or any(p.goods_unsure.values())


def determinise(st, keep, rng):
    """Replace the screens of every seat but ``keep`` (None: every seat), drawing from ``rng``
    (an engine.core.rng.Rng)."""
    for s, p in enumerate(st.players):
        if s == keep:
            continue
        held = dict(p.goods_sure)
        sold = []
        for g in data.GUILDS:
            for _ in range(p.goods_unsure[g]):
                if rng.below(2):
                    held[g] += 1
                else:
                    sold.append(g)
        paid = sum(CELL_PRICE[i] for i, o in enumerate(st.shops) if o == s)
        coins = data.START_COINS + sum(data.GOODS_VALUE[g] for g in sold) - paid
        for g in sorted(data.GUILDS, key=lambda g: -data.GOODS_VALUE[g]):
            while coins < 0 and held[g] > p.goods_sure[g]:
                held[g] -= 1
                coins += data.GOODS_VALUE[g]
        p.goods = held
        p.coins = max(0, coins)  # >= 0 already unless the tallies were set by hand
        p.privileges = max(0, p.privileges_seen)
    # the supply and the ledger follow the stand-ins (conservation, tests/strasbourg/helpers.py)
    for g in data.GUILDS:
        st.goods_supply[g] = data.GOODS_PER_GUILD - sum(p.goods[g] for p in st.players)
    st.privilege_supply = data.PRIVILEGES - sum(p.privileges for p in st.players)
    st.coins_earned = sum(p.coins for p in st.players) - data.START_COINS * st.n + st.coins_paid

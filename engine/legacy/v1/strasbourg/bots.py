"""Strasbourg's computer players, one signature for every level (the registry's
``policy(game, rng) -> Action``; ``rng`` is an ``engine.core.rng.Rng``, or None for a
deterministic choice):

* ``greedy``: a one-ply heuristic (level "normal");
* ``easy_policy``: ``greedy`` that plays a random legal option one time in four (level "easy");
* ``random_action``: a uniformly random legal option (the playout tests' yardstick).

They see only what ``view(seat)`` and ``legal_actions()`` show the acting seat (no
peeking at other seats' secrets). Used by the simulation checks (docs/strasbourg.md),
the playout tests and the web's hints/computer seats. Not a strong opponent.

``greedy_policy`` / ``random_policy`` are the older names: they take a ``random.Random``
and return an action id (web/model/hints.py and some tests still call them).
"""
from . import data
from .state import CELL_PRICE, LOTS, neighbours, point_cells


def random_action(game, rng):
    acts = game.legal_actions()
    return acts[0] if rng is None else acts[rng.below(len(acts))]


def greedy(game, rng):
    ids = [a.id for a in game.legal_actions()]
    pick = _greedy_id(game, rng, ids)
    return next(a for a in game.legal_actions() if a.id == pick)


def easy_policy(game, rng):
    if rng is not None and rng.below(4) == 0:
        return random_action(game, rng)
    return greedy(game, rng)


def _coin(rng) -> bool:
    """A fair coin from either RNG kind; None (deterministic) is always False."""
    if rng is None:
        return False
    if hasattr(rng, "random"):           # random.Random (the older callers)
        return rng.random() < 0.5
    return rng.below(2) == 0


# ----- older names and signatures (id out, random.Random in) ---------------------------
def random_policy(game, rng):
    acts = game.legal_actions()
    return acts[rng.randrange(len(acts))].id


def greedy_policy(game, rng):
    return _greedy_id(game, rng, [a.id for a in game.legal_actions()])


def _shop_value(st, seat, i):
    v = 3.0 - 0.3 * CELL_PRICE[i]
    for j in neighbours(i):
        if j in st.built:
            v += st.built[j]
        elif j in LOTS:
            v += 1.0
        if st.shops[j] == seat:
            v += 0.5
    for pt in st.chapels:
        if i in point_cells(pt):
            v += 1
    return v


def _greedy_id(game, rng, ids):
    st = game.st
    d = st.decision
    kind, seat = d.kind, d.seat
    p = st.players[seat]
    if kind == "tasks":
        easy = {"council", "most_shops", "line3", "edifice_pair"}
        for t in p.dealt:
            _, k, param, _ = data.TASKS[t]
            good = k in easy or (k == "guild3" and param in ("butchers", "bakers", "shoemakers"))
            if not good and f"drop:{t}" in ids:
                return f"drop:{t}"
        keep = [t for t in p.dealt]
        if len(keep) > 2 and f"drop:{keep[-1]}" in ids:
            return f"drop:{keep[-1]}"
        return "keep"
    if kind == "draw":
        rounds_left = data.ROUNDS - st.round
        target = (len(p.deck) + len(p.hand)) // rounds_left + (1 if rounds_left > 1 else 0)
        return "draw" if len(p.hand) < target else "stop"
    if kind == "stack":
        want = 3 if len(p.hand) + sum(len(s) for s in p.stacks) >= 5 else 2
        v = max(p.hand)
        if len(p.stacks) < want:
            return f"put:{v},new"
        k = min(range(len(p.stacks)), key=lambda k: sum(p.stacks[k]))
        return f"put:{v},{k + 1}"
    if kind == "bid":
        a = st.auction
        letter, skind, guild = st.step_info()
        best = max([b["value"] for b in a["bids"]], default=0)
        stacks = sorted(((sum(s), k) for k, s in enumerate(p.stacks)))
        want = {"nobility": 1, "guild": 2 if p.coins >= 2 else 1,
                "trade": 2 if sum(p.goods.values()) >= 2 else 0,
                "election": 2 if sum(p.goods.values()) >= 1 else 1}[skind]
        remaining_auctions = sum(1 for L in "ABCDEFG" if L >= letter)
        if want == 0 or (want == 1 and len(stacks) < remaining_auctions / 2 and _coin(rng)):
            return "pass"
        for total, k in stacks:
            if total > best:
                return f"bid:{k + 1}"
        return "pass"
    if kind == "return":
        return max(ids, key=lambda i: int(i.split(":")[1]))
    if kind in ("shop", "apprentice"):
        shops = [i for i in ids if i.startswith("shop:")]
        if not shops:
            return "goods" if "goods" in ids else ids[0]
        def val(aid):
            r, c = map(int, aid.split(":")[1].split(","))
            return _shop_value(st, seat, r * data.CITY_COLS + c)
        best = max(shops, key=val)
        if kind == "apprentice" and "goods" in ids and p.coins < 3:
            return "goods"
        return best
    if kind == "sell":
        return "sell-all" if "sell-all" in ids else ids[0]
    if kind == "build":
        def bval(aid):
            r, c = map(int, aid.split(":")[1].split(","))
            i = r * data.CITY_COLS + c
            return sum((1 if st.shops[j] == seat else -0.5 if st.shops[j] is not None else 0)
                       for j in neighbours(i))
        return max(ids, key=bval)
    if kind == "chapel":
        def cval(aid):
            r, c = map(int, aid.split(":")[1].split(","))
            return sum((1 if st.shops[j] == seat else -0.5 if st.shops[j] is not None else 0.1)
                       for j in point_cells((r, c)))
        return max(ids, key=cval)
    return ids[0]

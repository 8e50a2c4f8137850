"""Strasbourg's computer players, one signature for every level (the registry's
``policy(game, rng, **kw) -> Action``; ``rng`` is an ``engine.core.rng.Rng``, or None for a
deterministic choice; extra keywords such as ``should_stop`` are accepted by every level):

* ``easy_policy`` (level "easy"): ``greedy`` that plays a random legal option one time in four;
* ``plan`` (level "normal"): a round planner. It values every step A-G still to come this
  round for its seat (seats, goods, a shop, selling, the edifice and the chapel, its task
  cards), estimates what it takes to win each from the rivals' public stack sizes, draws a
  share of its deck, forms one stack per step worth contesting (sums sized to the steps'
  thresholds) and, in each auction, bids the stack that maximises this step's gain plus what
  the remaining stacks can still win later this round (else passes);
* ``hard`` (level "hard", in bots_hard.py): determinised search (engine/core/search.py) over
  copies in which the other seats' unseen cards and the seat's own deck order are re-dealt, with
  ``plan`` playing every seat to the end of the round;
* ``greedy``: the older one-ply heuristic (its shop, sale, edifice and chapel choices are
  reused by ``plan``); ``random_action``: a uniformly random legal option (the playout tests'
  yardstick).

They see only what ``view(seat)`` and ``legal_actions()`` show the acting seat (no
peeking at other seats' secrets: other seats' cards are used only as counts). Used by the
simulation checks (docs/strasbourg.md), the playout tests and the web's hints/computer seats.

``greedy_policy`` / ``random_policy`` are the older names: they take a ``random.Random``
and return an action id (web/model/hints.py and some tests still call them).
"""

from . import data
from .state import CELL_PRICE, LOTS, neighbours, point_cells


def random_action(game, rng, **kw):
    acts = game.legal_actions()
    return acts[0] if rng is None else acts[rng.below(len(acts))]


def greedy(game, rng, **kw):
    ids = [a.id for a in game.legal_actions()]
    pick = _greedy_id(game, rng, ids)
    return next(a for a in game.legal_actions() if a.id == pick)


def easy_policy(game, rng, **kw):
    if rng is not None and rng.below(4) == 0:
        return random_action(game, rng)
    return greedy(game, rng)


def _coin(rng) -> bool:
    """A fair coin from either RNG kind; None (deterministic) is always False."""
    if rng is None:
        return False
    if hasattr(rng, "random"):  # random.Random (the older callers)
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
        # the kinds that came true most often in the simulation (bench/strasbourg_sim.py)
        easy = {"council", "edifices4", "edifice_pair", "most_shops"}
        for t in p.dealt:
            good = data.TASKS[t][1] in easy
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
        want = {
            "nobility": 1,
            "guild": 2 if p.coins >= 2 else 1,
            "trade": 2 if sum(p.goods.values()) >= 2 else 0,
            "election": 2 if sum(p.goods.values()) >= 1 else 1,
        }[skind]
        remaining_auctions = sum(1 for L in "ABCDEFG" if L >= letter)
        if want == 0 or (want == 1 and len(stacks) < remaining_auctions / 2 and _coin(rng)):
            return "pass"
        for total, k in stacks:
            if total > best:
                return f"bid:{k + 1}"
        return "pass"
    if kind == "return":
        # the highest card back under the deck (returning one never hurts this policy)
        return max((i for i in ids if i.startswith("return:")), key=lambda i: int(i.split(":")[1]))
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
            return sum((1 if st.shops[j] == seat else -0.5 if st.shops[j] is not None else 0) for j in neighbours(i))

        return max(ids, key=bval)
    if kind == "chapel":

        def cval(aid):
            r, c = map(int, aid.split(":")[1].split(","))
            return sum(
                (1 if st.shops[j] == seat else -0.5 if st.shops[j] is not None else 0.1) for j in point_cells((r, c))
            )

        return max(ids, key=cval)
    return ids[0]


# ===== level "normal": the round planner =====================================================
from . import scoring  # noqa: E402
from .state import CELL_GUILD, GUILD_CELLS  # noqa: E402

# Tables (speed only; the same values as point_cells): the cells around each white chapel point,
# and for each cell the white points it touches, in data.WHITE_POINTS order.
_WHITE_CELLS = tuple((pt, tuple(point_cells(pt))) for pt in data.WHITE_POINTS)
_LOT_SET = frozenset(LOTS)
_WHITE_OF_CELL = tuple(tuple(pt for pt, cells in _WHITE_CELLS if i in cells) for i in range(len(CELL_GUILD)))

COIN_VP = 0.4  # a coin's worth in VP: coins only buy shops
MEAN_CARD = 3.5  # the mean influence card (1-6, four of each)
AUCTION_STEPS = 7  # A-G are auctions; H and I are not


def _rounds_left(st):
    return data.ROUNDS - st.round


def _seat_value(st, seat, council_seat):
    """A council seat: 1 VP per council phase while held (this round's included)."""
    if st.council[council_seat] == seat:
        return 0.0
    return 0.7 * _rounds_left(st) + 0.3


def _task_kinds(p):
    return [data.TASKS[t] for t in p.tasks + p.dealt]


def _shop_worth(st, seat, i, parish=None, tasks=None):
    """A shop on cell i: its VP, edifice and parish prospects, and the seat's task cards.
    ``parish``: the parish cells, ``tasks``: ``_task_kinds`` of the seat, if the caller has them."""
    if parish is None:
        parish = scoring.parish_cells(st)
    v = 1.0
    for j in neighbours(i):
        if j in st.built:
            v += st.built[j]
        elif j in _LOT_SET:
            v += 1.2 * _rounds_left(st) / data.ROUNDS + 0.5
        if st.shops[j] == seat:
            v += 0.3
    if i in parish:
        v += 1
    else:
        v += 0.2 * sum(1 for pt in _WHITE_OF_CELL[i] if pt not in st.chapels)
    for _, kind, param, pts in _task_kinds(st.players[seat]) if tasks is None else tasks:
        if kind == "guild3" and param == CELL_GUILD[i]:
            v += pts / 3.0
        elif kind in ("most_shops", "line3", "diag3", "guilds5"):
            v += pts / 6.0
        elif kind == "parish3" and i in parish:
            v += pts / 3.0
    return v - COIN_VP * CELL_PRICE[i]


def _best_shop(st, seat, guild, coins):
    cells = [i for i in GUILD_CELLS.get(guild, ()) if st.shops[i] is None and CELL_PRICE[i] <= coins]
    if not cells:
        return 0.0
    parish = scoring.parish_cells(st)
    tasks = _task_kinds(st.players[seat])
    return max(_shop_worth(st, seat, i, parish, tasks) for i in cells)


def _goods_worth(guild):
    return COIN_VP * data.GOODS_VALUE[guild]


def _edifice_worth(st, seat):
    """Building this round's edifice next to as many own shops as possible."""
    value = st.edifices[st.round] if st.round < len(st.edifices) else 0
    best = 0
    for lot in LOTS:
        if lot in st.built:
            continue
        best = max(best, sum(1 for j in neighbours(lot) if st.shops[j] == seat))
    return value * (best + 0.3)


def _chapel_worth(st, seat):
    best = 0
    for pt, cells in _WHITE_CELLS:
        if pt in st.chapels:
            continue
        best = max(best, sum(1 for j in cells if st.shops[j] == seat))
    return best + 0.3


def _sale_worth(p):
    return COIN_VP * sum(p.goods[g] * data.GOODS_VALUE[g] for g in data.GUILDS)


def step_values(st, seat, letter, kind, guild):
    """What each winning rank of a step is worth to ``seat`` (VP equivalents), best first."""
    p = st.players[seat]
    if kind == "nobility":
        return [
            _seat_value(st, seat, "nobility") + _edifice_worth(st, seat),
            _seat_value(st, seat, "church") + _chapel_worth(st, seat),
        ]
    if kind == "guild":
        shop = max(0.0, _best_shop(st, seat, guild, p.coins))
        master = _seat_value(st, seat, guild) + _goods_worth(guild) + shop
        journeyman = _goods_worth(guild) + shop
        apprentice = max(_goods_worth(guild), shop)
        return [master, apprentice] if st.n == 3 else [master, journeyman, apprentice]
    if kind == "trade":
        return [_sale_worth(p) + (0.5 if letter == "C" else 0.0)]  # goods still to come sell at E/G
    return [_sale_worth(p) + _seat_value(st, seat, "merchants")]


def _rival_stacks(st, seat):
    """Estimated bids of each rival's stacks (public sizes x the mean card), or what an
    unplotted rival will likely plot."""
    out = []
    for o, q in enumerate(st.players):
        if o == seat:
            continue
        if q.stacks:
            out.append(sorted((MEAN_CARD * len(s) for s in q.stacks), reverse=True))
        elif st.phase == "plot" and o in st.plot_order:
            cards = len(q.deck) / max(1, _rounds_left(st))
            out.append([MEAN_CARD * cards / 2, MEAN_CARD * cards / 3])
        else:
            out.append([])
    return out


def _thresholds(st, seat, ranks, auction=None, pool=None):
    """Estimated bid needed for each winning rank of a step. ``pool``: the sorted rival
    estimates of a step without its auction (``_open_pool``), if the caller has them."""
    if pool is None and auction is not None:
        known = sorted((b["value"] for b in auction["bids"]), reverse=True)
        waiting = [o for o in auction["order"][1:] + auction["deferred"] if o != seat]
        est = [max((MEAN_CARD * len(s) for s in st.players[o].stacks), default=0) * 0.8 for o in waiting]
        pool = sorted(known + est, reverse=True)
    elif pool is None:
        pool = _open_pool(st, seat)
    return [(pool[r] + 0.5 if r < len(pool) else 0.5) for r in range(ranks)]


def _open_pool(st, seat):
    return sorted((x[0] * 0.7 for x in _rival_stacks(st, seat) if x), reverse=True)


def _gain(values, thresholds, bid):
    """The value of the best rank ``bid`` is expected to reach (0 if none)."""
    for v, t in zip(values, thresholds):
        if bid >= t:
            return v
    return 0.0


def _future_steps(st, seat, first):
    """[(values, thresholds)] of the auctions from step index ``first`` to G this round."""
    board = data.board_steps(data.ROUND_BOARDS[st.boards[st.round]])
    out = []
    pool = _open_pool(st, seat)  # the same for every step (the state does not change here)
    for letter, kind, guild in board[first:AUCTION_STEPS]:
        vals = step_values(st, seat, letter, kind, guild)
        out.append((vals, _thresholds(st, seat, len(vals), pool=pool)))
    return out


def _assign(steps, sums):
    """Greedy: the most valuable steps first, each with the smallest stack that wins it."""
    left = sorted(sums)
    total = 0.0
    for vals, ths in sorted(steps, key=lambda s: -s[0][0]):
        for v, t in zip(vals, ths):
            k = next((j for j, x in enumerate(left) if x >= t), None)
            if k is not None and v > 0.2:
                total += v
                left.pop(k)
                break
    return total


def _stack_targets(st, seat):
    """Stacks to form this round: the thresholds of the steps worth a stack, best first."""
    steps = _future_steps(st, seat, 0)
    worth = sorted(((vals[0], ths[0]) for vals, ths in steps if vals[0] > 0.8), reverse=True)
    return [t for _, t in worth[:4]] or [MEAN_CARD * 2]


def _plan_draw(st, seat):
    p = st.players[seat]
    rounds_left = _rounds_left(st)
    cards = len(p.deck) + len(p.hand)
    share = cards / rounds_left
    want = sum(_stack_targets(st, seat))
    target = (
        min(cards, max(round(share), min(round(want / MEAN_CARD), round(share * 1.5)))) if rounds_left > 1 else cards
    )
    return "draw" if len(p.hand) < target else "stop"


def _plan_stack(st, seat, ids):
    p = st.players[seat]
    targets = _stack_targets(st, seat)
    m = max(1, min(len(targets), len(p.hand) + len(p.stacks)))
    v = max(p.hand)
    if len(p.stacks) < m:
        return f"put:{v},new"
    total = sum(p.hand) + sum(sum(s) for s in p.stacks)
    weights = targets[:m] + [0] * (len(p.stacks) - m)
    norm = sum(weights) or 1
    deficit = [total * w / norm - sum(s) for w, s in zip(weights, p.stacks)]
    k = max(range(len(p.stacks)), key=lambda j: deficit[j])
    return f"put:{v},{k + 1}"


def _plan_bid(st, seat, ids):
    p = st.players[seat]
    a = st.auction
    letter, kind, guild = st.step_info()
    vals = step_values(st, seat, letter, kind, guild)
    ths = _thresholds(st, seat, len(vals), auction=a)
    later = _future_steps(st, seat, st.step + 1)
    sums = [sum(s) for s in p.stacks]
    best_id, best = "pass", _assign(later, sums)
    for k, x in sorted(enumerate(sums), key=lambda kx: kx[1]):
        rest = sums[:k] + sums[k + 1 :]
        val = _gain(vals, ths, x) + _assign(later, rest)
        if val > best + 0.05 and f"bid:{k + 1}" in ids:
            best_id, best = f"bid:{k + 1}", val
    return best_id


def _plan_shop(st, seat, ids, kind):
    shops = [i for i in ids if i.startswith("shop:")]
    p = st.players[seat]

    def cell(aid):
        r, c = map(int, aid.split(":")[1].split(","))
        return r * data.CITY_COLS + c

    parish, tasks = scoring.parish_cells(st), _task_kinds(p)
    best = max(shops, key=lambda aid: _shop_worth(st, seat, cell(aid), parish, tasks), default=None)
    worth = _shop_worth(st, seat, cell(best), parish, tasks) if best else -1.0
    if kind == "apprentice" and "goods" in ids and worth < _goods_worth(st.decision.guild) + 0.3:
        return "goods"
    if best is None or worth < 0.3:
        return "goods" if "goods" in ids else "no-shop"
    del p
    return best


def _plan_id(game, rng, ids):
    st = game.st
    d = st.decision
    kind, seat = d.kind, d.seat
    if kind == "draw":
        return _plan_draw(st, seat)
    if kind == "stack":
        return _plan_stack(st, seat, ids)
    if kind == "bid":
        return _plan_bid(st, seat, ids)
    if kind in ("shop", "apprentice"):
        return _plan_shop(st, seat, ids, kind)
    if kind == "build":

        def bval(aid):
            r, c = map(int, aid.split(":")[1].split(","))
            i = r * data.CITY_COLS + c
            return sum((1 if st.shops[j] == seat else -0.6 if st.shops[j] is not None else 0.1) for j in neighbours(i))

        return max(ids, key=bval)
    return _greedy_id(game, rng, ids)


def plan(game, rng=None, **kw):
    """Level "normal": the round planner (see the module docstring)."""
    acts = game.legal_actions()
    pick = _plan_id(game, rng, [a.id for a in acts])
    return next((a for a in acts if a.id == pick), acts[0])

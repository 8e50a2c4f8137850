"""The effects kernel: what every chapter of the rules does to a player or the supply.

Gains resolve in printed order as queued ``gain`` frames (RULEBOOK p.6 "finish one action
before the next"); VP are booked by category for the score breakdown; the tracks are
Cerdà (p.15), Sagrada Família (p.15, with its tiles) and the citizen tracks (p.14); the
warehouse (p.7) keeps goods within capacity; citizens are drawn from the bag (p.6 step 4)
and the Modernisme display refilled (p.9, p.14). ``start_action`` begins any action a
street, a passenger, a bonus or a service grants (p.6-11). Every function takes the game
``g`` first; the decisions they push are listed in decisions.py.
"""

from ..core.action import Action
from ..core.decision import Decision
from ..core.msg import count, items as msg_items, msg, seat
from . import data as D

# Shared messages (never changed once made): log entries and labels point at these rather than
# making new dicts, so a long game's log holds fewer objects (the garbage collector scans them).
SEATS = tuple(seat(i) for i in range(8))
ACTION_MSG = {k: msg(v) for k, v in D.ACTION_NAMES.items()}
CLASS_MSG = {k: msg(v) for k, v in D.CLASS_NAMES.items()}
COND_MSG = {k: msg(v[1]) for k, v in D.CONDITIONS.items()}
SERVICE_MSG = {k: msg(v[0]) for k, v in D.SERVICES.items()}
EFFECT_MSG = {k: msg(v[1]) for k, v in D.SERVICES.items()}


_new, _set = object.__new__, object.__setattr__
_FMT_CACHE = {}
_COST_CACHE = {}

# One counted phrase per reward kind: "+2 coins", "+1 Cerdà" (a gain) and "2 coins" (a cost).
_GAIN = {  # counted-phrase templates (n filled in)
    # i18n: VP: zh VP (RULEBOOK); es «PV» (puntos de victoria, Spanish rules sheet); de «SP» (Siegpunkte) chosen, the German summary says Punkte/Siegpunkte
    "vp": count("bcn.gain.vp", "bcn.gain.vp_pl", 0),
    "coin": count("bcn.gain.coin", "bcn.gain.coins", 0),
    "cloth": count("bcn.gain.cloth", "bcn.gain.cloth_pl", 0),
    "cerda": count("bcn.gain.cerda", "bcn.gain.cerda_pl", 0),
    "sagrada": count("bcn.gain.sagrada", "bcn.gain.sagrada_pl", 0),
    "goods": count("bcn.gain.goods", "bcn.gain.goods_pl", 0),
}
_COST = {"coin": count("bcn.cost.coin", "bcn.cost.coins", 0), "cloth": count("bcn.cost.cloth", "bcn.cost.cloth_pl", 0)}


def fmt_reward(items) -> dict:
    """A reward tuple as a message, e.g. "+2 coins and +1 Cerdà" (memoised: labels are hot;
    the message is shared, never changed)."""
    items = tuple(items)
    m = _FMT_CACHE.get(items)
    if m is None:
        m = _FMT_CACHE[items] = format_reward(items)
    return m


def format_reward(items) -> dict:
    if not items:
        return msg("bcn.gain.nothing")
    parts = []
    for kind, amt in items:
        if kind == "action":
            parts.append(msg("bcn.gain.action", action=ACTION_MSG[amt]))
        else:
            parts.append(dict(_GAIN[kind], n=amt))
    return parts[0] if len(parts) == 1 else msg_items(parts)


def fmt_cost(items) -> dict:
    """A cost tuple (coins and cloth) as a message: "1 coin and 2 cloth"."""
    items = tuple(items)
    m = _COST_CACHE.get(items)
    if m is None:
        parts = [dict(_COST[k], n=a) for k, a in items]
        m = _COST_CACHE[items] = (
            msg("bcn.gain.nothing") if not parts else parts[0] if len(parts) == 1 else msg_items(parts)
        )
    return m


def citizens_msg(code) -> dict:
    """Citizens by class code, top first ("upper/working"), a message."""
    if len(code) == 2:
        return msg("bcn.citizens2", top=CLASS_MSG[code[0]], under=CLASS_MSG[code[1]])
    return CLASS_MSG[code[0]]


def cost_ok(p, cost, free_coins=False, free_cloth=False) -> bool:
    need_coin = need_cloth = 0  # one loop, no generator frames (the Modernisme checks: hot)
    for k, a in cost:
        if k == "coin":
            need_coin += a
        elif k == "cloth":
            need_cloth += a
    if free_coins:
        need_coin = 0
    if free_cloth:
        need_cloth = 0
    return p.coins >= need_coin and p.cloth >= need_cloth


def pay(p, cost, free_coins=False, free_cloth=False) -> None:
    for k, a in cost:
        if k == "coin" and not free_coins:
            p.coins -= a
        elif k == "cloth" and not free_cloth:
            p.cloth -= a


def draw(g, k, rng=None) -> list:
    """Draw up to k citizens at random from the bag (RULEBOOK p.6 step 4). ``rng``: the set-up's
    precomputed draws (draws.Draws) instead of the game's Rng."""
    out = []
    bag, below = g.bag, (rng or g.rng).below
    for _ in range(min(k, len(bag))):
        i = below(len(bag))
        bag[i], bag[-1] = bag[-1], bag[i]
        out.append(bag.pop())
    return out


def refill_display(g) -> None:
    """Fill the Modernisme display to 4. Whenever the deck runs out, the discards are
    shuffled into a new deck at once (p.9 and p.14: "任何时候…立即"), not only when the
    next tile is needed."""
    while len(g.mod_display) < D.MODERNISME_DISPLAY:
        reshuffle_discards(g)
        if not g.mod_deck:
            break
        g.mod_display.append(g.mod_deck.pop())
    reshuffle_discards(g)
    g.barrier()


def reshuffle_discards(g) -> None:
    if not g.mod_deck and g.mod_discard:
        g.mod_deck = g.mod_discard
        g.mod_discard = []
        g.rng.shuffle(g.mod_deck)


# ---------------------------------------------------------- frame engine
def push(g, kind, seat, **facts) -> None:
    """Put a frame (a Decision: a decision kind of decisions.RULES, or an automatic one of
    decisions.AUTOMATIC) on top of the stack: it resolves before everything below it."""
    facts["kind"] = kind  # Decision(kind, seat, **facts), without a second call (hot)
    facts["seat"] = seat
    d = _new(Decision)
    _set(d, "__dict__", facts)
    g.stack.append(d)


def vp(g, seat, amount, category) -> None:
    if amount:
        p = g.players[seat]
        p.vp += amount
        p.breakdown[category] = p.breakdown.get(category, 0) + amount


def gain(g, seat, items, category) -> None:
    """Queue rewards for a seat, resolved in printed order."""
    flat = []
    for kind, amt in items:
        if kind == "sagrada":
            flat += [("sagrada", 1)] * amt
        else:
            flat.append((kind, amt))
    if flat:
        push(g, "gain", seat, items=flat, cat=category)


def run_gain(g, frame) -> None:
    """The queued rewards in printed order. One that raises a decision (warehouse, goods mix,
    Sagrada tile, an action) leaves the rest queued below that decision; the others resolve
    here in a row, with no frame per reward (the same order as one frame each: hot)."""
    seat, items = frame.seat, frame.items
    stack = g.stack
    p = g.players[seat]
    last = len(items) - 1
    for i, (kind, amt) in enumerate(items):
        depth = len(stack)
        if kind == "vp":
            vp(g, seat, amt, frame.cat)
        elif kind in ("coin", "cloth"):
            if kind == "coin":
                p.coins += amt
            else:
                p.cloth += amt
            # Goods gained together go into the warehouse together, then one "keep" if it
            # overflows (p.7); before 2.3.0 each kind settled on its own, so a reward of coins
            # and cloth could ask "Warehouse full" twice in a row (rulesets.py).
            if not (g.settle_once and _more_goods(items, i + 1)):
                settle_warehouse(g, seat)
        elif kind == "cerda":
            cerda(g, seat, amt)
        elif kind == "sagrada":
            sagrada_step(g, seat)
        elif kind == "goods":
            push(g, "split", seat, n=amt)
        elif kind == "action":
            start_action(g, seat, amt, {})
        if len(stack) != depth:  # a decision came up: the rest waits below it
            if i < last:
                rest = _new(Decision)
                _set(rest, "__dict__", {"items": items[i + 1 :], "cat": frame.cat, "kind": "gain", "seat": seat})
                stack.insert(depth, rest)
            return


def _more_goods(items, start) -> bool:
    """Whether coins or cloth come later in this reward before anything that could ask a
    question (VP and Cerdà steps in between touch no goods)."""
    for kind, _ in items[start:]:
        if kind in ("coin", "cloth"):
            return True
        if kind not in ("vp", "cerda"):
            return False
    return False


def settle_warehouse(g, seat) -> None:
    """Goods over capacity return to the supply (p.7); with both kinds over
    capacity the player chooses what to keep (discarding is allowed any time)."""
    p = g.players[seat]
    cap = p.capacity
    if p.coins + p.cloth <= cap:
        return
    if p.coins == 0 or p.cloth == 0:
        p.coins, p.cloth = min(p.coins, cap), min(p.cloth, cap)
        return
    push(g, "keep", seat)


def cerda(g, seat, steps) -> None:
    """Cerdà track: clamp at the bottom; 2 VP per step past the top (p.15)."""
    p = g.players[seat]
    target = p.cerda + steps
    if target > D.CERDA_MAX:
        vp(g, seat, (target - D.CERDA_MAX) * D.CERDA_TOP_VP, "cerda_top")
        target = D.CERDA_MAX
    p.cerda = max(D.CERDA_MIN, target)


def sagrada_step(g, seat) -> None:
    """One Sagrada step; passing a slot lets you choose a tile of its level (p.15)."""
    p = g.players[seat]
    if p.sagrada >= D.SAGRADA_MAX:
        return
    p.sagrada += 1
    level = D.SAGRADA_SLOTS.get(p.sagrada)
    if level and g.sagrada_supply[level]:
        push(g, "stile", seat, level=level)


def start_action(g, seat, key, flags) -> None:
    """Begin one action (street, passenger, bonus or service effect). The goods tiles and
    Cerdà +2 are plain gains (p.7; data.ACTION_GAINS); the narrow-street tile builds 2 narrow
    streets, the wide-street tile 1 wide street (p.8; a second narrow street that cannot be
    placed is skipped, docs/barcelona.md decision 6)."""
    if key == "cerda":
        cerda(g, seat, 2)
    elif key in D.ACTION_GAINS:
        gain(g, seat, D.ACTION_GAINS[key], "actions")
    elif key == "narrow":
        push(g, "street", seat, width="narrow", left=2)
    elif key == "wide":
        push(g, "street", seat, width="wide", left=1)
    else:
        push(g, key, seat, **flags)


def keep_options(g, f):
    p = g.players[f.seat]
    cap = p.capacity
    out = []
    for coins in range(max(0, cap - p.cloth), min(cap, p.coins) + 1):
        key = (coins, cap - coins)
        a = _KEEP.get(key)
        if a is None:
            a = _KEEP[key] = Action(
                f"keep:{coins},{cap - coins}",
                msg(
                    "bcn.opt.keep",
                    coins=count("bcn.n.coin", "bcn.n.coins", coins),
                    cloth=count("bcn.n.cloth", "bcn.n.cloth_pl", cap - coins),
                ),
            )
        out.append(a)
    return out


_KEEP = {}  # (coins, cloth) -> the keep Action (its id and label depend only on the numbers)


def do_keep(g, f, a) -> None:
    g.stack.pop()
    p = g.players[f.seat]
    p.coins, p.cloth = (int(x) for x in a.arg.split(","))


def split_options(g, f):
    n = f.n
    return [
        Action(
            f"split:{c},{n - c}",
            msg(
                "bcn.opt.split",
                coins=count("bcn.n.coin", "bcn.n.coins", c),
                cloth=count("bcn.n.cloth", "bcn.n.cloth_pl", n - c),
            ),
        )
        for c in range(n + 1)
    ]


def do_split(g, f, a) -> None:
    g.stack.pop()
    c, k = (int(x) for x in a.arg.split(","))
    gain(g, f.seat, (("coin", c), ("cloth", k)), "sagrada")


# Sagrada Família tiles (p.15)
def sagrada_reward(lvl, i):
    """A tile's reward as gained: "if you gain several kinds of resources from the tile,
    you may take them in any combination" (p.15), so printed coins and cloth together
    become that many goods in any mix."""
    items = D.SAGRADA_TILES[lvl][i]
    kinds = {k for k, _ in items}
    if not {"coin", "cloth"} <= kinds:
        return tuple(items)
    n = sum(a for k, a in items if k in ("coin", "cloth"))
    out, mixed = [], False
    for k, a in items:
        if k not in ("coin", "cloth"):
            out.append((k, a))
        elif not mixed:
            out.append(("goods", n))
            mixed = True
    return tuple(out)


def stile_options(g, f):
    lvl = f.level
    out = []
    for i in g.sagrada_supply[lvl]:
        a = _STILE.get((lvl, i))
        if a is None:
            a = _STILE[lvl, i] = Action(
                f"stile:{lvl}.{i}", msg("bcn.opt.stile", level=lvl, reward=fmt_reward(sagrada_reward(lvl, i)))
            )
        out.append(a)
    return out


_STILE = {}  # (level, tile) -> the Action (printed values only)


def do_stile(g, f, a) -> None:
    g.stack.pop()
    lvl, i = (int(x) for x in a.arg.split("."))
    g.sagrada_supply[lvl].remove(i)
    g.players[f.seat].sagrada_tiles.append([lvl, i])
    gain(g, f.seat, sagrada_reward(lvl, i), "sagrada")


def to_track(g, cls) -> None:
    """Fill the class track left to right, spilling past the last section off the board (p.14)."""
    if g.tracks[cls] < D.TRACK_LENGTH:
        g.tracks[cls] += 1
    else:
        g.off_board[cls] += 1


def track_value(g, cls) -> int:
    return track_value_at(g.tracks[cls])


def track_value_at(n) -> int:
    """The VP of a class track filled up to ``n`` (table.py draws it for past states too)."""
    return D.TRACK_VP[n] if n < len(D.TRACK_VP) else D.TRACK_VP_OFF_BOARD

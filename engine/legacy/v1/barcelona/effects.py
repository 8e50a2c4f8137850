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
from ..core.words import count
from . import data as D


_FMT_CACHE = {}


def fmt_reward(items) -> str:
    """Words for a reward tuple, e.g. '+2 coin, +1 Cerdà' (memoised: labels are hot)."""
    items = tuple(items)
    text = _FMT_CACHE.get(items)
    if text is None:
        text = _FMT_CACHE[items] = format_reward(items)
    return text


def format_reward(items) -> str:
    if not items:
        return "nothing"
    names = {"vp": "VP", "coin": "coin", "cloth": "cloth", "cerda": "Cerdà", "sagrada": "Sagrada"}
    parts = []
    for kind, amt in items:
        if kind == "action":
            parts.append(f"{D.ACTION_NAMES[amt]} action")
        elif kind == "goods":
            parts.append(f"+{amt} coins/cloth in any mix")
        else:
            parts.append(f"+{amt} {names[kind]}")
    return ", ".join(parts)


def cost_ok(p, cost, free_coins=False, free_cloth=False) -> bool:
    need_coin = sum(a for k, a in cost if k == "coin") if not free_coins else 0
    need_cloth = sum(a for k, a in cost if k == "cloth") if not free_cloth else 0
    return p.coins >= need_coin and p.cloth >= need_cloth


def pay(p, cost, free_coins=False, free_cloth=False) -> None:
    for k, a in cost:
        if k == "coin" and not free_coins:
            p.coins -= a
        elif k == "cloth" and not free_cloth:
            p.cloth -= a


def draw(g, k) -> list:
    """Draw up to k citizens at random from the bag (RULEBOOK p.6 step 4)."""
    out = []
    for _ in range(min(k, len(g.bag))):
        i = g.rng.below(len(g.bag))
        g.bag[i], g.bag[-1] = g.bag[-1], g.bag[i]
        out.append(g.bag.pop())
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
    g.stack.append(Decision(kind, seat, **facts))


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
    seat, items = frame.seat, frame.items
    kind, amt = items[0]
    if len(items) > 1:
        push(g, "gain", seat, items=items[1:], cat=frame.cat)
    p = g.players[seat]
    if kind == "vp":
        vp(g, seat, amt, frame.cat)
    elif kind in ("coin", "cloth"):
        if kind == "coin":
            p.coins += amt
        else:
            p.cloth += amt
        settle_warehouse(g, seat)
    elif kind == "cerda":
        cerda(g, seat, amt)
    elif kind == "sagrada":
        sagrada_step(g, seat)
    elif kind == "goods":
        push(g, "split", seat, n=amt)
    elif kind == "action":
        start_action(g, seat, amt, {})


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
        vp(g, seat, (target - D.CERDA_MAX) * D.CERDA_TOP_VP, "Cerdà track top")
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
    """Begin one action (street, passenger, bonus or service effect)."""
    if key == "cerda":
        cerda(g, seat, 2)
    elif key == "sagrada":
        gain(g, seat, (("sagrada", 2),), "Sagrada")
    elif key == "streets":
        push(g, "street_mode", seat)
    else:
        push(g, key, seat, **flags)


def keep_options(g, f):
    p = g.players[f.seat]
    cap = p.capacity
    out = []
    for coins in range(max(0, cap - p.cloth), min(cap, p.coins) + 1):
        out.append(Action(f"keep:{coins},{cap - coins}",
                          f"Warehouse full: keep {count(coins, 'coin')} and {cap - coins} cloth"))
    return out


def do_keep(g, f, a) -> None:
    g.stack.pop()
    p = g.players[f.seat]
    p.coins, p.cloth = (int(x) for x in a.arg.split(","))


def split_options(g, f):
    n = f.n
    return [Action(f"split:{c},{n - c}", f"Take {count(c, 'coin')} and {n - c} cloth") for c in range(n + 1)]


def do_split(g, f, a) -> None:
    g.stack.pop()
    c, k = (int(x) for x in a.arg.split(","))
    gain(g, f.seat, (("coin", c), ("cloth", k)), "Sagrada")


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
    return [Action(f"stile:{lvl}.{i}", f"Sagrada Família level {lvl} tile: {fmt_reward(sagrada_reward(lvl, i))}")
            for i in g.sagrada_supply[lvl]]


def do_stile(g, f, a) -> None:
    g.stack.pop()
    lvl, i = (int(x) for x in a.arg.split("."))
    g.sagrada_supply[lvl].remove(i)
    g.players[f.seat].sagrada_tiles.append([lvl, i])
    gain(g, f.seat, sagrada_reward(lvl, i), "Sagrada")


def to_track(g, cls) -> None:
    """Fill the class track left to right, spilling past the last section off the board (p.14)."""
    if g.tracks[cls] < D.SECTION_LENGTH * D.SECTIONS:
        g.tracks[cls] += 1
    else:
        g.off_board[cls] += 1


def track_value(g, cls) -> int:
    n = g.tracks[cls]
    return D.TRACK_VP[n] if n < len(D.TRACK_VP) else D.TRACK_VP_OFF_BOARD

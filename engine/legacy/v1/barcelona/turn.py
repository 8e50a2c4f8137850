"""The turn (RULEBOOK p.6-8): placing citizens, the intersection owner's rewards, the
street actions of the placed intersection, and the end of the turn (p.6 steps 3-4:
Cerdà check, draw 2 citizens, next player).

A turn is three frames on the game's stack (engine/core/decision.py ``Decision``s):
``place`` (a decision), then ``build_step`` and ``endturn`` (automatic, below it).
"""
from itertools import combinations

from ..core.action import Action
from . import board as B
from . import data as D
from . import building
from .actions import action_possible
from .effects import draw, fmt_reward, gain, push, start_action
from .scoring import cerda_scoring, final_scoring


_PLACE_CACHE = {}


def place_action(rc, code, cost, acts) -> Action:
    """The place action for citizens ``code`` (top first) on ``rc``, whose street actions
    are ``acts`` (a preview for the label); memoised."""
    key = (rc, code, cost, acts)
    a = _PLACE_CACHE.get(key)
    if a is None:
        lab = f"Place on {B.cross_label(rc)}"
        if len(code) == 2:
            lab += f" ({D.CLASS_NAMES[code[0]]} on top of {D.CLASS_NAMES[code[1]]})"
        if cost:
            lab += f", pay {cost} coin"
        lab += f": {acts}"
        a = _PLACE_CACHE[key] = Action(f"place:{B.cross_id(rc)}:{code}", lab)
    return a


# ------------------------------------------------------------- the turn
def begin_turn(g, seat) -> None:
    push(g, "endturn", seat)
    push(g, "build_step", seat)
    push(g, "place", seat)


def place_options(g, f):
    """Stack your citizens, in the order you choose, on an intersection without
    citizens, paying its visible cost (p.6)."""
    p = g.players[f.seat]
    hand = p.hand
    if not hand:
        return [Action("place:none", "No citizens in hand: skip to building")]
    codes = sorted({hand[-1] + hand[0], hand[0] + hand[-1]}) if len(hand) == 2 else [hand[0]]
    out = []
    citizens, coins = g.citizens, p.coins
    for rc in B.INTERSECTIONS:
        if rc in citizens:
            continue
        cost = cross_cost(g, rc)
        if cost > coins:
            continue
        acts = g._cross_acts[rc]
        for code in codes:
            out.append(place_action(rc, code, cost, acts))
    if not out:
        out.append(Action("place:none", "No intersection available: return citizens to the bag"))
    return out


def cross_cost(g, rc) -> int:
    """The printed cost is visible until an intersection tile covers it."""
    return 0 if rc in g.cross_owner else D.INTERSECTION_COST.get(rc, 0)


def do_place(g, f, a) -> None:
    seat = f.seat
    p = g.players[seat]
    g.stack.pop()
    if a.arg == "none":
        g.bag += p.hand
        p.hand = []
        g.log_event(f"{p.name} places no citizens", seat=seat)
        return
    where, code = a.arg.split(":")
    rc = tuple(int(x) for x in where.split(","))
    p.coins -= cross_cost(g, rc)
    order = list(reversed(code))                # bottom .. top
    g.citizens[rc] = order
    p.hand = []
    g.log_event(f"{p.name} places {'/'.join(D.CLASS_NAMES[c] for c in code)} on {B.cross_label(rc)}",
                   seat=seat)
    push(g, "act", seat, rc=rc, used="")
    owner = g.cross_owner.get(rc)
    if owner is not None:
        owner_reward(g, owner)


def owner_reward(g, owner) -> None:
    """The owner of the intersection takes up to 1/2/3 different rewards of the
    tiles they built (p.8)."""
    built = g.players[owner].crosses_built
    k = next(r for need, r in D.OWNER_REWARD_COUNT if built >= need)
    if built <= k:
        items = [x for i in range(built) for x in D.INTERSECTION_REWARDS[i]]
        g.log_event(f"{g.players[owner].name} takes intersection rewards: {fmt_reward(items)}",
                       seat=owner)
        gain(g, owner, items, "intersection rewards")
    else:
        push(g, "owner", owner, k=k)


def owner_options(g, f):
    built = g.players[f.seat].crosses_built
    out = []
    for combo in combinations(range(built), f.k):
        items = [x for i in combo for x in D.INTERSECTION_REWARDS[i]]
        out.append(Action("owner:" + ",".join(map(str, combo)),
                          f"Intersection rewards: {fmt_reward(items)}"))
    return out


def do_owner(g, f, a) -> None:
    g.stack.pop()
    items = [x for i in a.arg.split(",") for x in D.INTERSECTION_REWARDS[int(i)]]
    g.log_event(f"{g.players[f.seat].name} takes intersection rewards: {fmt_reward(items)}",
                   seat=f.seat)
    gain(g, f.seat, items, "intersection rewards")


def lines_at(g, rc):
    r, c = rc
    out = [("v", f"v{c}"), ("h", f"h{r}")]
    if rc in B.DIAGONAL:
        out.append(("d", "d"))
    return out


def act_options(g, f):
    """Any or all of the vertical, horizontal and diagonal actions, each once, in
    any order; an unaffordable action cannot be taken (p.6)."""
    seat = f.seat
    out = []
    names = {"v": "Vertical", "h": "Horizontal", "d": "Diagonal"}
    for code, line in lines_at(g, f.rc):
        if code in f.used:
            continue
        key = g.action_tiles[line]
        if action_possible(g, seat, key):
            out.append(Action(f"act:{code}", f"{names[code]} street: {D.ACTION_NAMES[key]}"))
    # When nothing can be built, the option says why (the label is only computed when read).
    out.append(Action("act:done", lambda: (
        "Finish actions and build" if not (why := building.no_build_reason(g, seat))
        else f"Finish actions (no building possible: {why})")))
    return out


def do_act(g, f, a) -> None:
    if a.arg == "done":
        g.stack.pop()
        return
    g.stack[-1] = f.replace(used=f.used + a.arg)
    line = dict(lines_at(g, f.rc))[a.arg]
    key = g.action_tiles[line]
    g.log_event(f"{g.players[f.seat].name}: {D.ACTION_NAMES[key]}", seat=f.seat)
    start_action(g, f.seat, key, {})


# --------------------------------------------------------- end of turn
def run_endturn(g, f) -> None:
    """Steps 3-4 of the turn (p.6): Cerdà check, then draw 2 citizens."""
    seat = f.seat
    s = g.cerda_scored
    # a section that fills scores even in the last round after the bag ran out
    # (docs/barcelona.md decision 11); after the third there is nothing left to score
    if s < D.CERDA_SCORINGS and any(g.tracks[c] >= D.SECTION_LENGTH * (s + 1) for c in D.CLASSES):
        cerda_scoring(g)
    p = g.players[seat]
    p.hand = draw(g, D.HAND_SIZE)
    g.barrier()
    if len(p.hand) < D.HAND_SIZE and not g.end_triggered:
        # Decision: an exhausted bag ends the game like the third section (docs/barcelona.md)
        g.end_triggered = True
        g.log_event("The bag of citizens is empty: the game ends after this round")
    g.turn += 1
    g.score_history.append(g.scores())
    if g.end_triggered and seat == g.num_players - 1:
        final_scoring(g)
        return
    begin_turn(g, (seat + 1) % g.num_players)

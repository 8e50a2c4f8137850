"""The turn (RULEBOOK p.6-8): placing citizens, the intersection owner's rewards, the
street actions of the placed intersection, and the end of the turn (p.6 steps 3-4:
Cerdà check, draw 2 citizens, next player).

A turn is three frames on the game's stack (engine/core/decision.py ``Decision``s):
``place`` (a decision), then ``build_step`` and ``endturn`` (automatic, below it).
"""

from functools import partial
from itertools import combinations

from ..core.action import Action
from ..core.decision import Decision
from ..core.msg import N_, msg
from . import board as B
from . import data as D
from . import building
from . import solo_turn
from .action_check import action_possible
from .effects import ACTION_MSG, SEATS, citizens_msg, draw, fmt_reward, gain, push, start_action
from .goods_return import discard_options, do_discard
from .scoring import cerda_scoring, final_scoring
from .solo_scoring import GAUDI
from .solo_setup import reward_at_once


def place_action(rc, code, cost, acts) -> Action:
    """The place action for citizens ``code`` (top first) on ``rc``, whose street actions
    are ``acts`` (action tile keys: a preview for the label, computed only when read);
    place_slots memoises it."""
    aid = _PLACE_IDS.get((rc, code))
    if aid is None:
        aid = _PLACE_IDS[rc, code] = f"place:{B.CROSS_ID[rc]}:{code}"
    return Action(aid, partial(_place_label, rc, code, cost, acts))


_PLACE_IDS = {}  # (rc, code) -> the place action's id (a few hundred at most)


def _place_label(rc, code, cost, acts):
    where, what = B.CROSS_LABEL[rc], acts_msg(acts)
    if len(code) == 2:
        top, under = msg(D.CLASS_NAMES[code[0]]), msg(D.CLASS_NAMES[code[1]])
        if cost:
            return msg("bcn.opt.place2_pay", where=where, top=top, under=under, cost=cost, acts=what)
        return msg("bcn.opt.place2", where=where, top=top, under=under, acts=what)
    if cost:
        return msg("bcn.opt.place_pay", where=where, cost=cost, acts=what)
    return msg("bcn.opt.place", where=where, acts=what)


def acts_msg(acts) -> dict:
    """The street actions of an intersection ("2 coins / Tram"), a message."""
    names = [ACTION_MSG[k] for k in acts]
    if len(names) == 3:
        return msg("bcn.acts3", a=names[0], b=names[1], c=names[2])
    return msg("bcn.acts2", a=names[0], b=names[1])


_SLOT_CACHE = {}


def place_slots(g):
    """Per intersection: (rc, printed cost, memo free, memo paying the printed cost), the memos
    {hand: its place Actions}; the labels preview the street actions, so the memo is per
    (intersection, actions) and shared by every game and clone (Actions are immutable)."""
    slots = g.__dict__.get("_place_slots")
    if slots is None:
        out = []
        for rc in B.INTERSECTIONS:
            key = (rc, g._cross_acts[rc])
            slot = _SLOT_CACHE.get(key)
            if slot is None:
                if len(_SLOT_CACHE) > 20000:  # many shuffled layouts: start afresh
                    _SLOT_CACHE.clear()
                slot = _SLOT_CACHE[key] = (rc, D.INTERSECTION_COST.get(rc, 0), {}, {})
            out.append(slot)
        slots = g._place_slots = tuple(out)
    return slots


# ------------------------------------------------------------- the turn
def begin_turn(g, seat) -> None:
    """push endturn, build_step, place: the three frames of a turn (pushed in this order)."""
    g.stack += _TURN_FRAMES[seat]


# A turn's frames per seat: Decisions are immutable, so these few serve every turn of every game.
_TURN_FRAMES = tuple((Decision("endturn", s), Decision("build_step", s), Decision("place", s)) for s in range(8))


def place_options(g, f):
    """Stack your citizens, in the order you choose, on an intersection without
    citizens, paying its visible cost (p.6)."""
    p = g.players[f.seat]
    hand = p.hand
    if not hand:
        return [_PLACE_NONE_HAND]
    # the options per intersection depend on the hand as a set of orders: "ab" and "ba" share them
    key = (hand[0] + hand[1] if hand[0] <= hand[1] else hand[1] + hand[0]) if len(hand) == 2 else "".join(hand)
    codes = None
    out = []
    citizens, owned, coins = g.citizens, g.cross_owner, p.coins
    for rc, printed, memo0, memo_paid in place_slots(g):
        if rc in citizens:
            continue
        memo, cost = memo0, 0
        if printed and rc not in owned:  # the printed cost is visible (cross_cost, inlined: hot)
            if printed > coins:
                continue
            memo, cost = memo_paid, printed
        acts = memo.get(key)
        if acts is None:
            if codes is None:
                codes = sorted({hand[-1] + hand[0], hand[0] + hand[-1]}) if len(hand) == 2 else [hand[0]]
            acts = memo[key] = tuple([place_action(rc, code, cost, g._cross_acts[rc]) for code in codes])
        out += acts
    if not out:
        out.append(_PLACE_NONE_ROOM)
    return out


_PLACE_NONE_HAND = Action("place:none", msg("bcn.opt.place_none_hand"))
_PLACE_NONE_ROOM = Action("place:none", msg("bcn.opt.place_none_room"))


def cross_cost(g, rc) -> int:
    """The printed cost is visible until an intersection tile covers it."""
    return 0 if rc in g.cross_owner else D.INTERSECTION_COST.get(rc, 0)


def do_place(g, f, a) -> None:
    seat = f.seat
    p = g.players[seat]
    g.stack.pop()
    aid = a.id  # "place:none" or "place:r,c:code" (no .arg property calls: hot)
    if aid == "place:none":
        g.bag += p.hand
        p.hand = []
        g.log_event(msg("bcn.log.place_none", who=SEATS[seat]), seat=seat)
        return
    parsed = _PLACE_ARGS.get(aid)
    if parsed is None:
        where, code = a.arg.split(":")
        parsed = _PLACE_ARGS[aid] = (tuple(int(x) for x in where.split(",")), code, citizens_msg(code))
    rc, code, names = parsed
    if rc not in g.cross_owner:  # cross_cost, inlined: the printed cost until a tile covers it
        p.coins -= D.INTERSECTION_COST.get(rc, 0)
    order = list(reversed(code))  # bottom .. top
    g.citizens[rc] = order
    p.hand = []
    g.log_event(msg("bcn.log.place", who=SEATS[seat], citizens=names, where=B.CROSS_LABEL[rc]), seat=seat)
    push(g, "act", seat, rc=rc, used="")
    owner = g.cross_owner.get(rc)
    if owner is not None:
        if owner == GAUDI and g.solo is not None:
            solo_turn.owner_reward(g)  # Gaudí's intersection: his reward (solo_turn.py)
        else:
            owner_reward(g, owner)


_PLACE_ARGS = {}  # "place:r,c:code" -> ((r, c), code, class names): ids are parsed once


def run_final(g, f) -> None:
    """The final scoring, once what the last turn still owed is settled (run_endturn)."""
    final_scoring(g)


def owner_reward(g, owner, gaudi_at=None) -> None:
    """The owner of the intersection takes up to 1/2/3 different rewards of the
    tiles they built (p.8). ``gaudi_at``: the intersection where Gaudí placed, in his turn
    (the solo game: the prompt and the log line say so)."""
    built = g.players[owner].crosses_built
    k = next(r for need, r in D.OWNER_REWARD_COUNT if built >= need)
    if built <= k:
        items = [x for i in range(built) for x in D.INTERSECTION_REWARDS[i]]
        g.log_event(_owner_msg(owner, items, gaudi_at), seat=owner)
        gain(g, owner, items, "cross_rewards")
    elif gaudi_at is None:
        push(g, "owner", owner, k=k)
    else:
        push(g, "owner", owner, k=k, gaudi_at=gaudi_at)


def _owner_msg(owner, items, gaudi_at) -> dict:
    if gaudi_at is None:
        return msg("bcn.log.owner", who=SEATS[owner], reward=fmt_reward(items))
    return msg("bcn.log.owner_gaudi", who=SEATS[owner], where=B.CROSS_LABEL[gaudi_at], reward=fmt_reward(items))


def owner_options(g, f):
    built = g.players[f.seat].crosses_built
    out = []
    for combo in combinations(range(built), f.k):
        items = [x for i in combo for x in D.INTERSECTION_REWARDS[i]]
        out.append(Action("owner:" + ",".join(map(str, combo)), msg("bcn.opt.owner", reward=fmt_reward(items))))
    return out


def do_owner(g, f, a) -> None:
    g.stack.pop()
    items = [x for i in a.arg.split(",") for x in D.INTERSECTION_REWARDS[int(i)]]
    g.log_event(_owner_msg(f.seat, items, f.get("gaudi_at")), seat=f.seat)
    gain(g, f.seat, items, "cross_rewards")


_ACT_NAMES = {"v": N_("bcn.opt.act_v"), "h": N_("bcn.opt.act_h"), "d": N_("bcn.opt.act_d")}
_ACT_CACHE = {}


def _act_action(code, key) -> Action:
    a = _ACT_CACHE.get((code, key))
    if a is None:
        a = _ACT_CACHE[code, key] = Action(f"act:{code}", msg(_ACT_NAMES[code], action=ACTION_MSG[key]))
    return a


def act_options(g, f):
    """Any or all of the vertical, horizontal and diagonal actions, each once, in
    any order; an unaffordable action cannot be taken (p.6)."""
    seat = f.seat
    out = []
    goods = None  # the open goods tiles: only they may want a discard first
    used, tiles = f.used, g.action_tiles
    for code, line in B.LINES_AT[f.rc]:
        if code in used:
            continue
        key = tiles[line]
        if key in _ALWAYS or action_possible(g, seat, key):
            out.append(_ACT_TABLE[code][key])
            if key in _GOODS_KEYS:
                goods = (goods or ()) + (key,)
    # goods may be returned at any time (p.7): offered before a goods tile that would overflow
    if goods is not None:
        out += discard_options(g, seat, goods)
    # When nothing can be built, the option says why (the label is only computed when read).
    out.append(Action("act:done", partial(_done_label, g, seat)))
    return out


# code -> tile key -> its act Action, all made at import (_act_action: the same Actions)
_ACT_TABLE = {code: {key: _act_action(code, key) for key in ACTION_MSG} for code in _ACT_NAMES}

# The tiles action_possible always allows (the goods and Cerdà tiles), and the goods tiles:
# act_options asks neither action_possible nor discard_options more than it must (hot).
_ALWAYS = frozenset(("coins", "cloth", "cerda"))
_GOODS_KEYS = frozenset(k for k, gains in D.ACTION_GAINS.items() if any(x in ("coin", "cloth") for x, _ in gains))


def _done_label(g, seat):
    """The "Finish" label, read from the game when shown (as the lambda it replaces did)."""
    why = building.no_build_reason(g, seat)
    return msg("bcn.opt.done") if not why else msg("bcn.opt.done_why", why=why)


def do_act(g, f, a) -> None:
    aid = a.id  # "act:v|h|d", "act:done" or "discard:coin|cloth" (no .kind/.arg calls: hot)
    if aid[0] == "d":
        do_discard(g, f.seat, a.arg)
        return
    if aid == "act:done":
        g.stack.pop()
        return
    code = aid[4:]
    g.stack[-1] = f.replace(used=f.used + code)
    line = B.LINE_OF[f.rc, code]
    key = g.action_tiles[line]
    g.log_event(msg("bcn.log.act", who=SEATS[f.seat], action=ACTION_MSG[key]), seat=f.seat)
    start_action(g, f.seat, key, {})


# --------------------------------------------------------- end of turn
def run_endturn(g, f) -> None:
    """Steps 3-4 of the turn (p.6): Cerdà check, then draw 2 citizens."""
    seat = f.seat
    s = g.cerda_scored
    # a section that fills scores even in the last round after the bag ran out
    # (docs/barcelona.md decision 11); after the third there is nothing left to score
    if s < D.CERDA_SCORINGS:
        end, tracks = D.SECTION_ENDS[s], g.tracks
        for c in D.CLASSES:  # any(...) without a generator frame (every turn)
            if tracks[c] >= end:
                cerda_scoring(g)
                break
    p = g.players[seat]
    p.hand = draw(g, D.HAND_SIZE)
    # Into the mover's hidden hand only (the public view shows the bag's size, which any draw
    # of two changes alike): a page that has not shown the mover's view since may take it back.
    g.barrier(own=True)
    if len(p.hand) < D.HAND_SIZE and not g.end_triggered:
        # Decision: an exhausted bag ends the game like the third section (docs/barcelona.md)
        g.end_triggered = True
        g.log_event(msg("bcn.log.bag_empty"))
    g.turn += 1
    if g.solo is not None:
        # The solo game: Gaudí's turn follows the human's, inside this step (solo_turn.py); the
        # round (human, Gaudí) is complete after it.
        if reward_at_once(g):
            # He may place on the human's intersection: their owner rewards come at once (000
            # line 144), a decision of the human inside his turn; the rest of his turn and of the
            # round wait below it (docs/barcelona.md, solo decision 5).
            push(g, "round_end", seat)
            push(g, "gaudi_rest", seat, gr=g.solo["gr"])
            rc = solo_turn.gaudi_start(g)
            if rc is not None:
                owner_reward(g, seat, rc)
            return
        solo_turn.gaudi_turn(g)
    end_round(g, seat)


def run_gaudi_rest(g, f) -> None:
    """The rest of Gaudí's turn, once the human's owner rewards are settled (solo_turn.py)."""
    solo_turn.gaudi_finish(g, f.gr)


def run_round_end(g, f) -> None:
    end_round(g, f.seat)


def end_round(g, seat) -> None:
    """After the turn (and in the solo game Gaudí's turn): scores noted, the game's end or the
    next player's turn."""
    if g.solo is not None:
        g.solo["history"].append(g.players[GAUDI].vp)
    n = len(g.names)  # g.num_players and g.scores(), inlined (every turn)
    g.score_history.append([p.vp for p in g.players[:n]])
    if g.end_triggered and seat == n - 1:
        if g.solo is not None and g.solo["owed"]:
            # Gaudí placed on the human's intersection in the last round: there is no next
            # turn to take the owner rewards in (p.8), so they come before the final scoring
            # (docs/barcelona.md, solo decision "owner rewards in the last round").
            g.solo["owed"] = False
            push(g, "final", seat)
            owner_reward(g, seat)  # at once, or an "owner" decision above "final"
            return
        final_scoring(g)
        return
    g.stack += _TURN_FRAMES[(seat + 1) % n]  # begin_turn, inlined
    if g.solo is not None and g.solo["owed"]:
        g.solo["owed"] = False  # he placed on the human's intersection (p.8)
        owner_reward(g, seat)

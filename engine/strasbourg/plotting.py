"""Task-card choice (before round 1) and the plotting phase (密謀階段).

SEED § 遊戲回合 ("第一輪開始前"): each player looks at the 5 task cards dealt, keeps
1-5 of them and removes the rest from the game. Kept cards are secret.
  Decision ``tasks``: ``drop:<task id>`` (while 2+ remain; the last one is kept
  automatically) or ``keep``.

SEED § 1. 密謀階段: from the start player clockwise, each player draws influence
cards one at a time from the top of their own deck, and may stop at any point;
every drawn card must go into this round's face-down stacks (any number of
stacks, each of 1+ cards). Stack sizes are public, values secret. The phase is
simultaneous at the table; here it is one private decision per seat in turn.
  Decision ``draw``:  ``draw`` | ``stop``.
  Decision ``stack``: ``put:<value>,<k>`` (onto stack k, 1-based, made this round)
                      | ``put:<value>,new`` | ``rest:<k>|new`` (all remaining cards).
The seat's plotting ends when its last drawn card is on a stack; the stacks cannot
change after that (SEED: "不可以再變更其中的內容").
"""

from functools import partial

from ..core.action import Action, memo_action, memo_lookup
from ..core.decision import Decision
from ..core.msg import N_, count, msg
from . import data

# A player in a message is written {"seat": i}, the value of engine.core.msg.seat(i): log entries
# and labels are made on every move of every playout (bench/strasbourg_speed.py), so without a call;
# the most frequent entries are dict literals too, their keys named once here for the extractor.
_YOU_DRAW, _PLOTS, _PLOTS_NONE = N_("str.log.you_draw"), N_("str.log.plots"), N_("str.log.plots_none")
_PLOTS_NONE_TEXT = tuple({"key": _PLOTS_NONE, "who": {"seat": s}} for s in range(8))  # messages: shared
_YOU_DRAW_TEXT = {v: {"key": _YOU_DRAW, "value": v} for v in set(data.DECK)}  # shared: never changed
_STACKS = tuple(count("str.n.stack", "str.n.stacks", k) for k in range(len(data.DECK) + 1))

# Whole option lists that depend only on a few numbers (the deck and hand sizes; the cards in
# hand and the stack totals), made once and shared by every game: the kept options are read
# only (legal_actions hands out copies). Bounded like engine.core.action's memo.
OPTION_LISTS: dict = {}


def memo_list(key, make):
    acts = OPTION_LISTS.get(key)
    if acts is None:
        if len(OPTION_LISTS) > 20000:
            OPTION_LISTS.clear()
        acts = OPTION_LISTS[key] = make()
    return acts


# ----- task cards -----------------------------------------------------------
def legal_tasks(game, d):
    dealt = game.st.players[d.seat].dealt
    n = game.st.n
    key = (tuple(dealt), n)
    acts = _TASK_LISTS.get(key)
    if acts is None:
        if len(_TASK_LISTS) > 5000:  # bounded, and apart from OPTION_LISTS: five dealt of 25
            _TASK_LISTS.clear()  # cards are many, and a miss costs no more than before
        acts = _TASK_LISTS[key] = _task_options(dealt, n)
    return acts


_TASK_LISTS: dict = {}


def _task_options(dealt, n):
    acts = []
    if len(dealt) > 1:
        get = memo_lookup  # memo_action's lookup inline: no partial made when warm (hot)
        for t in dealt:
            acts.append(
                get(("strasbourg", "drop", t, n))
                or memo_action(("strasbourg", "drop", t, n), partial(_drop_action, t, n))
            )
    acts.append(Action("keep", partial(_keep_label, tuple(dealt))))
    return acts


def _drop_action(t, n):
    return Action(f"drop:{t}", msg("str.act.drop", task=data.task_text(t, n)))


def _keep_label(dealt):
    return msg("str.act.keep", cards=count("str.n.task_card", "str.n.task_cards", len(dealt)), ids=", ".join(dealt))


def do_tasks(game, d, action):
    seat = d.seat
    st = game.st
    p = st.players[seat]
    if action.kind == "drop":
        p.dealt.remove(action.arg)
        if len(p.dealt) > 1:
            return  # the last card is kept automatically
    p.tasks = p.dealt[:]
    p.dealt = []
    game.log_event(msg("str.log.keep_ids", who={"seat": seat}, ids=", ".join(p.tasks)), seat=seat, private_to=seat)
    game.log_event(
        msg("str.log.keep", who={"seat": seat}, cards=count("str.n.task_card", "str.n.task_cards", len(p.tasks))),
        seat=seat,
    )
    st.plot_order.pop(0)
    st.decision = None


# ----- plotting ---------------------------------------------------------------
def legal_draw(game, d):
    p = game.st.players[d.seat]
    deck, hand = len(p.deck), len(p.hand)
    try:
        return _DRAW_LISTS[deck][hand]  # a table: no key to build or hash (40 draws a game)
    except IndexError:
        key = ("draw", deck, hand)
        return OPTION_LISTS.get(key) or memo_list(key, partial(_draw_options, deck, hand))


def _draw_options(deck, hand):
    return [
        memo_action(
            ("strasbourg", "draw", deck, hand), lambda: Action("draw", msg("str.act.draw", deck=deck, hand=hand))
        ),
        memo_action(
            ("strasbourg", "stop", hand),
            lambda: Action("stop", msg("str.act.stop", cards=count("str.n.card", "str.n.cards", hand))),
        ),
    ]


# [deck size][hand size] -> the draw options, made at import for the 24-card deck (deck + hand
# never exceed it); bigger counts (a test's position) go to OPTION_LISTS.
_DRAW_LISTS = tuple(
    tuple(_draw_options(deck, hand) for hand in range(len(data.DECK) + 1 - deck))
    for deck in range(1, len(data.DECK) + 1)
)
_DRAW_LISTS = ((),) + _DRAW_LISTS  # deck 0: never a draw decision (IndexError: made on demand)


def do_draw(game, d, action):
    seat = d.seat
    st = game.st
    p = st.players[seat]
    if action.id == "draw":
        v = p.deck.pop()
        p.hand.append(v)
        game._barrier_pending = True  # game.barrier(), inline (hot)
        text = _YOU_DRAW_TEXT.get(v) or {"key": _YOU_DRAW, "value": v}
        game.log.append(
            {"n": len(game.actions), "seat": seat, "text": text, "private_to": seat}
        )  # game.log_event(..., private_to=seat), inline
        if p.deck:
            return  # draw again or stop: the decision stays (next_plot_decision would set it again)
    st.plot_stage = "stack"
    st.decision = None


def legal_stack(game, d):
    p = game.st.players[d.seat]
    key = ("stack", tuple(sorted(p.hand)), tuple(map(sum, p.stacks)))
    return OPTION_LISTS.get(key) or memo_list(key, partial(_stack_options, key[1], key[2]))


def _stack_options(hand, sums):
    acts = []
    values = sorted(set(hand), reverse=True)
    for v in values:
        for k, t in enumerate(sums):
            acts.append(
                memo_action(
                    ("strasbourg", "put", v, k, t),
                    lambda: Action(f"put:{v},{k + 1}", msg("str.act.put", value=v, stack=k + 1, total=t)),
                )
            )
        acts.append(
            memo_action(("strasbourg", "put", v), lambda: Action(f"put:{v},new", msg("str.act.put_new", value=v)))
        )
    n = len(hand)
    if n > 1:
        total = sum(hand)
        for k in range(len(sums)):
            acts.append(
                memo_action(
                    ("strasbourg", "rest", k, n, total),
                    lambda: Action(f"rest:{k + 1}", msg("str.act.rest", n=n, stack=k + 1, total=total)),
                )
            )
        acts.append(
            memo_action(
                ("strasbourg", "rest", n, total), lambda: Action("rest:new", msg("str.act.rest_new", n=n, total=total))
            )
        )
    return acts


def do_stack(game, d, action):
    st = game.st
    p = st.players[d.seat]
    kind, _, arg = action.id.partition(":")
    if kind == "put":
        v, k = arg.split(",")
        cards = [int(v)]
        p.hand.remove(cards[0])
    else:
        k = arg
        cards = p.hand[:]
        p.hand.clear()
    if k == "new":
        p.stacks.append(cards)
    else:
        p.stacks[int(k) - 1].extend(cards)
    st.decision = None


# One draw and one stack decision per seat: Decisions are immutable, so shared by every round.
_DRAW = tuple(Decision("draw", s) for s in range(8))
_STACK = tuple(Decision("stack", s) for s in range(8))


_PLOTS_TEXT: dict = {}  # (seat, stack sizes) -> the public line of a seat's plotting, shared


def _plots_text(seat, sizes):
    if len(_PLOTS_TEXT) > 5000:
        _PLOTS_TEXT.clear()
    text = _PLOTS_TEXT[seat, sizes] = {
        "key": _PLOTS,
        "who": {"seat": seat},
        "sizes": ", ".join(map(str, sizes)),
        "stacks": _STACKS[len(sizes)],
    }
    return text


def finish_player(game):
    st = game.st
    st.plot_order.pop(0)
    st.plot_stage = "draw"
    st.decision = None


def next_plot_decision(game):
    """Set the next plotting decision, or move on to lobbying when all are done."""
    st = game.st
    while st.plot_order:
        seat = st.plot_order[0]
        p = st.players[seat]
        if st.plot_stage == "draw":
            if p.deck:
                st.decision = _DRAW[seat]
                return
            st.plot_stage = "stack"
        if len(p.hand) == 1 and not p.stacks:
            p.stacks.append([p.hand.pop()])  # one card: only one way to stack it
        if not p.hand:
            # game.log_event(..., seat=seat), inline: once per seat and round of every playout
            if p.stacks:
                key = (seat, tuple(map(len, p.stacks)))
                text = _PLOTS_TEXT.get(key) or _plots_text(*key)
                game.log.append({"n": len(game.actions), "seat": seat, "text": text})
            else:
                game.log.append({"n": len(game.actions), "seat": seat, "text": _PLOTS_NONE_TEXT[seat]})
            finish_player(game)
            continue
        st.decision = _STACK[seat]
        return
    st.phase = "lobby"
    st.step = 0
    st.step_open = False

"""One lobbying auction (steps A-G), SEED § 2. 關說階段.

* From the start player clockwise, each player chooses once (decision ``bid``):
  ``bid:<k>`` reveal stack k (bid = sum of its cards), ``pass`` (reveal nothing),
  or ``privilege`` (spend a privilege tile: "跳過", decide again in the next lap).
* Next lap: the deferring players, starting from the one nearest the start
  player, choose again; they may defer again while they have privileges.
* Ranking: bidders (not passers) by bid, highest first; ties go to the player
  nearest the start player (SEED: "出價平手的玩家則以靠近起始玩家的順序排名").
* The start-player marker passes to the first-ranked player; if all pass it stays.
* Winners (the top 1, 2 or 3 depending on the step) carry out the step effect in
  rank order (lobbying.py). A winner's stack leaves the game.
* A bidder who did not win MAY put one card of the revealed stack on the bottom
  of their deck (SEED "則可以從這疊關說卡中挑出1張卡放回牌庫底": "可以" = may), so the
  decision ``return`` offers ``return:<value>`` for each value in the stack and
  ``no-return`` (keep all: the whole stack leaves the game).

Product decisions (seed silent): a player with no stack left passes
automatically; a spent privilege goes back to the general supply.
"""

from functools import partial

from ..core.action import Action, memo_action, memo_lookup
from ..core.decision import Decision
from ..core.msg import N_, count, msg
from . import data, lobbying
from .plotting import OPTION_LISTS, memo_list
from .state import CLOCKWISE

# A player in a message is written {"seat": i}, the value of engine.core.msg.seat(i): log entries
# and labels are made on every move of every playout (bench/strasbourg_speed.py), so without a call;
# the most frequent entries are dict literals too, their keys named once here for the extractor.
_NO_STACK, _REVEAL, _PASS_LOG, _PRIVILEGE_LOG, _ALL_PASS = (
    N_("str.log.no_stack"),
    N_("str.log.reveal"),
    N_("str.log.pass"),
    N_("str.log.privilege"),
    N_("str.log.all_pass"),
)
_RANK = N_("str.log.rank")
# The messages that name only a seat, one per seat, made once: a message is data that nobody
# changes (the view hands it out as it is), so every log entry of its kind shares it.
_NO_STACK_TEXT = tuple({"key": _NO_STACK, "who": {"seat": s}} for s in range(8))
_PASS_TEXT = tuple({"key": _PASS_LOG, "who": {"seat": s}} for s in range(8))
_ALL_PASS_TEXT = {
    (letter, s): {"key": _ALL_PASS, "step": letter, "start": {"seat": s}}
    for letter in data.STEP_LETTERS
    for s in range(8)
}  # made once: messages never change
_PRIVILEGE_TEXT = tuple({"key": _PRIVILEGE_LOG, "who": {"seat": s}} for s in range(8))


def winners_count(kind, n):
    """How many ranks win: A 2; guild 3 (2 with 3 players); trade/election 1."""
    if kind == "nobility":
        return 2
    if kind == "guild":
        return 2 if n == 3 else 3
    return 1


def start_auction(game, letter, kind, guild):
    st = game.st
    st.auction = {
        "letter": letter,
        "kind": kind,
        "guild": guild,
        "start": st.start_player,
        "order": list(CLOCKWISE[st.n][st.start_player]),
        "deferred": [],
        "passed": [],
        "bids": [],
        "lap": 1,
    }  # order: st.clockwise_from(st.start_player), inline


def next_auction_decision(game):
    """Set the next ``bid`` decision or resolve the auction when everyone chose."""
    st = game.st
    a = st.auction
    players = st.players
    order = a["order"]
    passed, log, n_act = a["passed"], game.log, len(game.actions)  # both unchanged in here
    while True:
        while order:
            seat = order[0]
            if players[seat].stacks:
                st.decision = _BID[seat]
                return
            del order[0]
            passed.append(seat)
            # game.log_event(..., seat=seat), inline: most seats of a random playout have no stack
            log.append({"n": n_act, "seat": seat, "text": _NO_STACK_TEXT[seat]})
        if a["deferred"]:
            start, n = a["start"], st.n
            order = a["order"] = sorted(a["deferred"], key=lambda s: (s - start) % n)
            a["deferred"] = []
            a["lap"] += 1
            continue
        resolve(game)
        return


def all_pass(game, letter, kind, guild):
    """start_auction, next_auction_decision and resolve in one, for an auction in which no seat
    has a stack: every seat passes, in order, and nobody wins. The same log and last auction."""
    st = game.st
    start = st.start_player
    order = list(CLOCKWISE[st.n][start])  # st.clockwise_from(start)
    log, n_act = game.log, len(game.actions)
    for seat in order:
        log.append({"n": n_act, "seat": seat, "text": _NO_STACK_TEXT[seat]})
    log.append({"n": n_act, "seat": None, "text": _ALL_PASS_TEXT[letter, start]})
    st.last_auction = {
        "letter": letter,
        "kind": kind,
        "guild": guild,
        "start": start,
        "order": [],
        "deferred": [],
        "passed": order,
        "bids": [],
        "lap": 1,
        "ranking": [],
    }


# The bid decision of each seat: a Decision is immutable, so one per seat serves every auction.
_BID = tuple(Decision("bid", s) for s in range(8))


def legal_bid(game, d):
    p = game.st.players[d.seat]
    stacks = p.stacks
    key = ("bid", tuple(map(sum, stacks)), tuple(map(len, stacks)), p.privileges)
    return OPTION_LISTS.get(key) or memo_list(key, partial(_bid_options, *key[1:]))


def _bid_options(sums, sizes, privileges):
    get = memo_lookup
    acts = [get(("strasbourg", "bid", k, t, n)) or _bid_action(k, t, n) for k, (t, n) in enumerate(zip(sums, sizes))]
    acts.append(_PASS)
    if privileges > 0:
        n = privileges
        acts.append(
            memo_action(("strasbourg", "privilege", n), lambda: Action("privilege", msg("str.act.privilege", n=n)))
        )
    return acts


_PASS = Action("pass", msg("str.act.pass"))


def _bid_action(k, total, n):
    return memo_action(
        ("strasbourg", "bid", k, total, n),
        lambda: Action(
            f"bid:{k + 1}", msg("str.act.bid", stack=k + 1, total=total, cards=count("str.n.card", "str.n.cards", n))
        ),
    )


def do_bid(game, d, action):
    seat = d.seat
    st = game.st
    a = st.auction
    p = st.players[seat]
    del a["order"][0]
    aid = action.id
    # the log entries are game.log_event(..., seat=seat), inline (a bid is a playout's most frequent act)
    if aid[0] == "b":  # bid:<k>
        cards = p.stacks.pop(int(aid[4:]) - 1)
        total = sum(cards)
        a["bids"].append({"seat": seat, "value": total, "cards": cards})
        game._barrier_pending = True  # game.barrier(), inline
        key = (seat, tuple(cards))
        text = _REVEAL_TEXT.get(key) or _reveal_text(seat, key[1], total)
        game.log.append({"n": len(game.actions), "seat": seat, "text": text})
    elif aid == "pass":
        a["passed"].append(seat)
        game.log.append({"n": len(game.actions), "seat": seat, "text": _PASS_TEXT[seat]})
    else:
        p.privileges -= 1
        p.privileges_seen -= 1  # spent in the open (SEED "使用掉一張特權狀")
        st.privilege_supply += 1
        a["deferred"].append(seat)
        game.log.append({"n": len(game.actions), "seat": seat, "text": _PRIVILEGE_TEXT[seat]})
    st.decision = None


_REVEAL_TEXT: dict = {}  # (seat, cards) -> the line of a revealed stack, shared (never changed)


def _reveal_text(seat, cards, total):
    if len(_REVEAL_TEXT) > 5000:
        _REVEAL_TEXT.clear()
    text = _REVEAL_TEXT[seat, cards] = {
        "key": _REVEAL,
        "who": {"seat": seat},
        "cards": "+".join(map(str, cards)),
        "total": total,
    }
    return text


def rank(bids, start, n):
    """Bids sorted by value, ties to the player nearest the start player."""
    return sorted(bids, key=lambda b: (-b["value"], (b["seat"] - start) % n))


def resolve(game):
    """Rank, pass the start-player marker, queue the step effects and returns."""
    st = game.st
    a = st.auction
    if not a["bids"]:  # everybody passed (most auctions of a playout): nobody wins, nothing queued
        a["ranking"] = []
        game.log.append(
            {
                "n": len(game.actions),
                "seat": None,  # game.log_event(...), inline
                "text": _ALL_PASS_TEXT[a["letter"], st.start_player],
            }
        )
        st.last_auction = a
        st.auction = None
        st.decision = None
        return
    ranking = rank(a["bids"], a["start"], st.n)
    wins = winners_count(a["kind"], st.n)
    roles = lobbying.roles(a["kind"], st.n)
    a["ranking"] = [
        {"seat": b["seat"], "value": b["value"], "role": roles[i] if i < wins else None} for i, b in enumerate(ranking)
    ]
    letter = a["letter"]
    st.start_player = ranking[0]["seat"]
    summary = {
        "items": [
            {"key": _RANK, "rank": i + 1, "who": {"seat": b["seat"]}, "value": b["value"]}
            for i, b in enumerate(ranking)
        ]
    }  # items([...]) of str.log.rank messages
    game.log_event(msg("str.log.ranking", step=letter, ranking=summary, start={"seat": st.start_player}))
    for i, b in enumerate(ranking[:wins]):
        st.queue.extend(lobbying.effects(a["kind"], a["guild"], letter, b["seat"], roles[i]))
    for b in ranking:
        st.players[b["seat"]].spent.extend(b["cards"])
    for b in ranking[wins:]:
        st.queue.append(Decision("return", b["seat"], values=tuple(sorted(set(b["cards"]), reverse=True))))
    st.last_auction = a
    st.auction = None
    st.decision = None


# ----- card return ------------------------------------------------------------
def start_return(game, d):
    """The queued return of a losing bidder: always a choice, since returning is optional
    (one value to return, or none)."""
    return d


def legal_return(game, d):
    return [Action(f"return:{v}", msg("str.act.return", value=v)) for v in d.values] + [_NO_RETURN]


_NO_RETURN = Action("no-return", msg("str.act.no_return"))


def do_return(game, d, action):
    if action.kind == "no-return":
        game.log_event(msg("str.log.no_return", who={"seat": d.seat}), seat=d.seat)
        game.st.decision = None
        return
    return_card(game, d.seat, int(action.arg))


def return_card(game, seat, value):
    p = game.st.players[seat]
    p.spent.remove(value)
    p.deck.insert(0, value)
    game.log_event(msg("str.log.return", who={"seat": seat}, value=value), seat=seat)
    game.st.decision = None

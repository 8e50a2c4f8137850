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
* A bidder who did not win may put one card of the revealed stack on the bottom
  of their deck (decision ``return``: ``return:<value>``); the rest leave the game.

Product decisions (seed silent): a player with no stack left passes
automatically; a spent privilege goes back to the general supply; returning a card
is never harmful, so it is automatic when the stack holds only one distinct value.
"""
from ..core.action import Action
from ..core.decision import Decision
from ..core.words import count
from . import lobbying


def winners_count(kind, n):
    """How many ranks win: A 2; guild 3 (2 with 3 players); trade/election 1."""
    if kind == "nobility":
        return 2
    if kind == "guild":
        return 2 if n == 3 else 3
    return 1


def start_auction(game, letter, kind, guild):
    st = game.st
    st.auction = {"letter": letter, "kind": kind, "guild": guild, "start": st.start_player,
                  "order": st.clockwise_from(st.start_player), "deferred": [], "passed": [],
                  "bids": [], "lap": 1}


def next_auction_decision(game):
    """Set the next ``bid`` decision or resolve the auction when everyone chose."""
    st = game.st
    a = st.auction
    while True:
        while a["order"]:
            seat = a["order"][0]
            if not st.players[seat].stacks:
                a["order"].pop(0)
                a["passed"].append(seat)
                game.log_event(f"{game.names[seat]} has no stack left and passes", seat=seat)
                continue
            st.decision = Decision("bid", seat)
            return
        if a["deferred"]:
            a["order"] = sorted(a["deferred"], key=lambda s: (s - a["start"]) % st.n)
            a["deferred"] = []
            a["lap"] += 1
            continue
        resolve(game)
        return


def legal_bid(game, d):
    p = game.st.players[d.seat]
    acts = [Action(f"bid:{k + 1}", f"Reveal stack {k + 1}: bid {sum(s)} ({count(len(s), 'card')})")
            for k, s in enumerate(p.stacks)]
    acts.append(Action("pass", "Pass (reveal nothing)"))
    if p.privileges > 0:
        acts.append(Action("privilege", f"Use a privilege to decide after the others ({p.privileges} held)"))
    return acts


def do_bid(game, d, action):
    seat = d.seat
    st = game.st
    a = st.auction
    p = st.players[seat]
    a["order"].pop(0)
    name = game.names[seat]
    if action.kind == "bid":
        cards = p.stacks.pop(int(action.arg) - 1)
        a["bids"].append({"seat": seat, "value": sum(cards), "cards": cards})
        game.barrier()
        game.log_event(f"{name} reveals {'+'.join(map(str, cards))} = {sum(cards)}", seat=seat)
    elif action.kind == "pass":
        a["passed"].append(seat)
        game.log_event(f"{name} passes", seat=seat)
    else:
        p.privileges -= 1
        st.privilege_supply += 1
        a["deferred"].append(seat)
        game.log_event(f"{name} uses a privilege to decide later", seat=seat)
    st.decision = None


def rank(bids, start, n):
    """Bids sorted by value, ties to the player nearest the start player."""
    return sorted(bids, key=lambda b: (-b["value"], (b["seat"] - start) % n))


def resolve(game):
    """Rank, pass the start-player marker, queue the step effects and returns."""
    st = game.st
    a = st.auction
    ranking = rank(a["bids"], a["start"], st.n)
    wins = winners_count(a["kind"], st.n)
    roles = lobbying.roles(a["kind"], st.n)
    a["ranking"] = [{"seat": b["seat"], "value": b["value"],
                     "role": roles[i] if i < wins else None} for i, b in enumerate(ranking)]
    letter = a["letter"]
    if ranking:
        st.start_player = ranking[0]["seat"]
        summary = "; ".join(f"{i + 1}. {game.names[b['seat']]} ({b['value']})" for i, b in enumerate(ranking))
        game.log_event(f"Step {letter} ranking: {summary}. {game.names[st.start_player]} takes the start-player marker")
    else:
        game.log_event(f"Step {letter}: everyone passes; the start player stays {game.names[st.start_player]}")
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
    """The queued return of a losing bidder: a decision only when there is a choice."""
    if len(d.values) > 1:
        return d
    return_card(game, d.seat, d.values[0])
    return None


def legal_return(game, d):
    return [Action(f"return:{v}", f"Put a {v} from your revealed stack on the bottom of your deck")
            for v in d.values]


def do_return(game, d, action):
    return_card(game, d.seat, int(action.arg))


def return_card(game, seat, value):
    p = game.st.players[seat]
    p.spent.remove(value)
    p.deck.insert(0, value)
    game.log_event(f"{game.names[seat]} puts a {value} on the bottom of their deck", seat=seat)
    game.st.decision = None

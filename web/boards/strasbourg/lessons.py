"""Strasbourg's tutorial lessons (web/kit/lesson_kit.py says what a lesson is; the positions are in
lesson_positions.py, found by scripts/find_lesson_positions.py). Checks read the engine's view and
state before and after the reader's move; nothing here re-implements a rule."""

from web.kit.lesson_kit import Lesson, after_move, best, decision, is_, kind_is, prefix


def phase(game):
    return str(game.view(None).get("phase", ""))


def sxb_total(game, seat):
    return sum((game.view(seat).get("score_breakdown") or [{}] * (seat + 1))[seat].values())


def stack_value(before, aid):
    if not aid.startswith("bid:"):
        return -1
    stacks = before.st.players[before.current_player].stacks
    return sum(stacks[int(aid[4:]) - 1])


def strongest_bid(before, aid, after):
    values = [stack_value(before, a.id) for a in before.legal_actions()]
    return stack_value(before, aid) == max(values) >= 0


def council_seats(game, seat):
    """The council seats ``seat`` holds or has won (a won seat waits in the engine's queue of
    step effects while an earlier winner decides: the engine already ranked the bids)."""
    st = game.st
    held = {name for name, holder in st.council.items() if holder == seat}
    won = {d.get("council") for d in st.queue if d.kind == "seat" and d.seat == seat}
    return held | won


def wins_council_seat(before, aid, after):
    seat = before.current_player
    return len(council_seats(after, seat)) > len(council_seats(before, seat))


def seat_at_stake(game):
    """The last bid of a step that gives council seats, where one of the reader's stacks wins a
    seat and another does not (the choice is the stack, not only bid or pass)."""
    if not (last_to_bid(game) and game.st.auction["kind"] in ("nobility", "guild", "election")):
        return False
    got = {
        wins_council_seat(game, a.id, after_move(game, a.id)) for a in game.legal_actions() if a.id.startswith("bid:")
    }
    return got == {True, False}


def last_to_bid(game):
    """A bid that closes its auction: the seat to choose is the last one (the engine ranks the
    bids as soon as it is made)."""
    a = game.st.auction
    return decision(game) == "bid" and a is not None and a["order"] == [game.current_player] and not a["deferred"]


def ranks_first(game, seat):
    last = game.st.last_auction
    return bool(last and last.get("ranking") and last["ranking"][0]["seat"] == seat)


def cheapest_win(before, aid, after):
    """The move wins the step (ranks first, a tie going to the seat nearer the start player: the
    engine ranked it) with the smallest stack that does."""
    seat = before.current_player
    if not (ranks_first(after, seat) and closes(before, after)):
        return False
    wins = []
    for a in before.legal_actions():
        if a.id.startswith("bid:"):
            g = after_move(before, a.id)
            if ranks_first(g, seat) and closes(before, g):
                wins.append(stack_value(before, a.id))
    return stack_value(before, aid) == min(wins)


def closes(before, after):
    """The move closed the auction open in ``before`` (the engine ranked its bids)."""
    letter = (before.st.auction or {}).get("letter")
    last = after.st.last_auction or {}
    return letter is not None and last.get("letter") == letter


def tie_matters(game):
    """The last bid of an auction where one of the reader's stacks equals the best bid so far: the
    tie goes to the seat nearer the start player (the engine's ranking says who that is)."""
    if not last_to_bid(game):
        return False
    best_so_far = max((b["value"] for b in game.st.auction["bids"]), default=None)
    return best_so_far is not None and any(stack_value(game, a.id) == best_so_far for a in game.legal_actions())


def step_is(letter, *kinds):
    return lambda g: phase(g) == f"lobbying-{letter}" and decision(g) in kinds


LESSONS = [
    Lesson("sxb.tasks", "strasbourg", "task cards", kind_is("tasks"), prefix("drop:"), focus="player:{seat}"),
    Lesson("sxb.plot.draw", "strasbourg", "plotting", kind_is("draw"), is_("draw"), focus="player:{seat}"),
    Lesson(
        "sxb.plot.stack", "strasbourg", "plotting", kind_is("stack"), prefix("rest:new", "put:"), focus="player:{seat}"
    ),
    Lesson("sxb.bid", "strasbourg", "bidding and ties", step_is("B", "bid"), strongest_bid, focus="auction"),
    Lesson(
        "sxb.privilege",
        "strasbourg",
        "privileges",
        lambda g: decision(g) == "bid" and any(a.id == "privilege" for a in g.legal_actions()),
        is_("privilege"),
        focus="auction",
    ),
    Lesson("sxb.tie", "strasbourg", "bidding and ties", tie_matters, cheapest_win, focus="auction"),
    Lesson("sxb.return", "strasbourg", "bidding and ties", kind_is("return"), prefix("return:"), focus="auction"),
    Lesson("sxb.step.A", "strasbourg", "step A", step_is("A", "bid"), strongest_bid, focus="auction"),
    Lesson("sxb.step.B", "strasbourg", "step B", step_is("B", "shop", "apprentice"), prefix("shop:")),
    Lesson("sxb.step.C", "strasbourg", "step C", step_is("C", "sell"), prefix("sell"), focus="player:{seat}"),
    Lesson("sxb.step.D", "strasbourg", "step D", step_is("D", "shop", "apprentice"), prefix("shop:")),
    Lesson("sxb.step.E", "strasbourg", "step E", step_is("E", "bid"), strongest_bid, focus="auction"),
    Lesson("sxb.step.F", "strasbourg", "step F", step_is("F", "shop", "apprentice"), prefix("shop:")),
    Lesson("sxb.step.G", "strasbourg", "step G", step_is("G", "bid"), strongest_bid, focus="council"),
    Lesson("sxb.council", "strasbourg", "council", seat_at_stake, wins_council_seat, focus="auction"),
    Lesson("sxb.step.H", "strasbourg", "step H", step_is("H", "build"), best(sxb_total)),
    Lesson("sxb.step.I", "strasbourg", "step I", step_is("I", "chapel"), best(sxb_total)),
    Lesson(
        "sxb.end",
        "strasbourg",
        "end scoring",
        lambda g: g.view(None).get("round") == 5 and decision(g) in ("build", "chapel"),
        best(sxb_total),
    ),
]

"""Tutorial lessons (issue 10): each lesson is data: a position (a record and a step, found by
scripts/find_lesson_positions.py and stored in web/embed_lesson_positions.py), message keys for its
text, task and hint (tutorial domain: locale/*/LC_MESSAGES/tutorial.po), the region to show and a
success check over the reader's move.

A lesson asks for ONE decision: the reader plays one legal action on the live board and
``check(before, action_id, after)`` says whether it does what the task asks; otherwise the page
shows the hint and "Try again". A lesson may then STEP ON (``then``): when the right move leaves
the same seat a follow-up decision that completes it (the street tile taken, now where its wide
street goes), the board stays live for it, the engine's prompt saying what to do, and "Well done"
comes once the follow-ups are made (each judged by its own check, the hint again otherwise). Checks read the engine's view/state of the games before and after
(the engine decided what the move did; nothing here re-implements a rule). A check must accept
some legal move of the position and reject another (tests/web/test_tutorial_lessons.py; the
finder looks for such positions).

``where(game)``: the position suits the lesson (used by the finder only).
"""
from dataclasses import dataclass, field
from typing import Callable

from engine.barcelona import board as _bcn_board


@dataclass(frozen=True)
class Lesson:
    id: str                    # also the key stem: tut.<id>.title / .text / .task / .hint
    game: str
    area: str                  # the rulebook area it covers (docs, tests)
    where: Callable            # game -> bool: the kind of position the lesson needs
    check: Callable            # (before, action id, after) -> bool
    focus: str = "board"       # region shown (web/embed_board.FOCUS)
    marks: dict = field(default_factory=dict)
    then: tuple = ()           # (decision kind, check) of each follow-up the lesson steps on to

    @property
    def position(self):
        from .embed_lesson_positions import POSITIONS
        return POSITIONS.get(self.id)

    @property
    def record(self):
        return self.position["record"]

    @property
    def step(self):
        return len(self.position["record"]["actions"])

    def key(self, part):
        return f"tut.{self.id}.{part}"

    def stage_check(self, stage):
        """The check of the ``stage``-th decision (0: the lesson's own)."""
        return self.check if stage == 0 else self.then[stage - 1][1]

    def steps_on(self, stage, seat, game):
        """After ``stage`` judged-right decisions: does the lesson go on to its next follow-up here
        (the same seat to decide, and the decision the follow-up is about)?"""
        if stage > len(self.then) or game.is_over or game.current_player != seat:
            return False
        return decision(game) == self.then[stage - 1][0]


def decision(game):
    return game.view(None).get("decision")


def seat_of(game):
    return game.current_player


# ----- generic checks ---------------------------------------------------------------------------
def best(metric):
    """The move reaches the highest ``metric(after, seat)`` any legal move reaches (ties accepted)."""
    def check(before, aid, after):
        seat = before.current_player
        top = max(_after(before, a.id, metric, seat) for a in before.legal_actions())
        return metric(after, seat) >= top
    check.metric = metric
    return check


def _after(game, aid, metric, seat):
    g = game.clone()
    g.apply(aid)
    return metric(g, seat)


def discriminates(check, game):
    """(a move the check accepts, a move it rejects) at ``game``, or None (the finder's test)."""
    good = bad = None
    for a in game.legal_actions():
        g = game.clone()
        g.apply(a.id)
        if check(game, a.id, g):
            good = good or a.id
        else:
            bad = bad or a.id
        if good and bad:
            return good, bad
    return None


def prefix(*starts):
    def check(before, aid, after):
        return aid.startswith(starts)
    return check


def any_move(before, aid, after):
    """A follow-up whose every legal move completes the action taught (the engine offered it)."""
    return True


def is_(aid_wanted):
    def check(before, aid, after):
        return aid == aid_wanted
    return check


# ----- Barcelona -------------------------------------------------------------------------------------
def pb(game, seat):
    return game.view(seat)["player_boards"][seat]


def bcn_vp(game, seat):
    return game.view(seat)["scores"][seat]


def act_tile(game, aid):
    """The action tile of the street that ``act:v|h|d`` takes at the intersection being used."""
    if not aid.startswith("act:") or aid == "act:done":
        return None
    frame = game.stack[-1]
    for code, line in _bcn_board.LINES_AT[frame.rc]:
        if code == aid[4:]:
            return game.action_tiles[line]
    return None


def street_lesson(tile):
    def where(game):
        if decision(game) != "act":
            return False
        tiles = [act_tile(game, a.id) for a in game.legal_actions()]
        return tile in tiles and any(t not in (None, tile) for t in tiles)

    def check(before, aid, after):
        return act_tile(before, aid) == tile
    return where, check


def _level(aid):
    """build:SITE:LEVEL:... -> the level (a corner building counts as 1), else -1."""
    if not aid.startswith("build:"):
        return -1
    part = aid.split(":")[2]
    return int(part) if part.isdigit() else 1


def build_level(before, aid, after):
    return _level(aid) == max(_level(a.id) for a in before.legal_actions())


def track_floor(game, seat):
    """The lowest value visible on the three citizen tracks (the view's ``next_value``): what a
    building scores from the tracks once its citizens moved onto them (p.13 step 4)."""
    return min(game.view(seat)["tracks"]["next_value"].values())


def tracks_matter(game):
    """A build decision where the citizens moved decide what the tracks pay, and the highest
    level does not always pay the most from them (not the same lesson as bcn.build)."""
    if decision(game) != "build":
        return False
    seat = game.current_player
    legal = [a.id for a in game.legal_actions()]
    floors = {aid: track_floor(_after_move(game, aid), seat) for aid in legal}
    highest = max(_level(aid) for aid in legal)
    return len(set(floors.values())) > 1 and any(
        floors[aid] < max(floors.values()) for aid in legal if _level(aid) == highest)


def kind_is(*kinds):
    return lambda game: decision(game) in kinds


STREET_TILES = ("coins", "cloth", "wide", "narrow", "cross", "cobble", "improve", "mtake", "service", "cerda", "tram")
# The tiles whose action asks one more decision of the same seat (where the street goes, which
# intersection, which cobblestone...): their lesson steps on to it, so the reader completes it.
STEP_ON = {"wide": "street", "narrow": "street", "cross": "cross", "cobble": "cobble", "improve": "improve",
           "mtake": "mtake", "service": "service", "tram": "tram"}

_BCN = [
    Lesson("bcn.place", "barcelona", "placement and costs", kind_is("place"),
           lambda b, aid, a: pb(a, b.current_player)["coins"] >= pb(b, b.current_player)["coins"]),
]
for _tile in STREET_TILES:
    _w, _c = street_lesson(_tile)
    _then = ((STEP_ON[_tile], any_move),) if _tile in STEP_ON else ()
    _BCN.append(Lesson(f"bcn.street.{_tile}", "barcelona", f"street action: {_tile}", _w, _c, then=_then))
def placed_on(aid):
    """place:R,C:XX -> (R, C), else None."""
    if not aid.startswith("place:") or aid == "place:none":
        return None
    return tuple(int(v) for v in aid.split(":")[1].split(","))


def owned_by_other(before, aid, after):
    """The citizens went on an intersection another player owns (its tile covers the printed
    cost; the engine then gives that owner a reward)."""
    owner = before.cross_owner.get(placed_on(aid))
    return owner is not None and owner != before.current_player


def opponent_tile_free(game):
    return decision(game) == "place" and any(owned_by_other(game, a.id, None) for a in game.legal_actions())


def owner_choice(game):
    """The owner picks rewards, and every pick is settled at once (no full warehouse to sort out
    first: its VP would come only after that follow-up)."""
    if decision(game) != "owner":
        return False
    seat = game.current_player
    return all(_after_move(game, a.id).current_player != seat for a in game.legal_actions())


def _after_move(game, aid):
    g = game.clone()
    g.apply(aid)
    return g


_BCN += [
    Lesson("bcn.cross", "barcelona", "intersections and owner rewards", kind_is("cross"),
           best(lambda g, s: pb(g, s)["coins"] + pb(g, s)["cloth"])),
    Lesson("bcn.owner.place", "barcelona", "intersections and owner rewards", opponent_tile_free,
           owned_by_other),
    Lesson("bcn.owner", "barcelona", "intersections and owner rewards", owner_choice, best(bcn_vp)),
    Lesson("bcn.build", "barcelona", "building and levels", kind_is("build"), build_level),
    Lesson("bcn.tracks", "barcelona", "tracks and Cerdà scoring", tracks_matter, best(track_floor),
           focus="tracks"),
    Lesson("bcn.cerda", "barcelona", "tracks and Cerdà scoring", kind_is("cobble"),
           best(lambda g, s: pb(g, s)["cerda"] * 100 + bcn_vp(g, s)), focus="pavement"),
    Lesson("bcn.modernisme", "barcelona", "Modernisme", kind_is("improve", "mtake"),
           best(lambda g, s: g.view(s)["modernisme_preview"][s] if "modernisme_preview" in g.view(s) else 0),
           focus="player:{seat}"),
    Lesson("bcn.services", "barcelona", "public services", kind_is("service"), best(bcn_vp), focus="services"),
    Lesson("bcn.sagrada", "barcelona", "Sagrada Família", kind_is("stile"),
           best(lambda g, s: bcn_vp(g, s) * 10 + pb(g, s)["coins"] + pb(g, s)["cloth"]), focus="sagrada"),
    Lesson("bcn.tram", "barcelona", "tram and passengers", kind_is("passenger"), is_("passenger:yes")),
    Lesson("bcn.end", "barcelona", "the end",
           lambda g: g.view(None).get("end_triggered") and decision(g) == "build", build_level),
]


# ----- Strasbourg ------------------------------------------------------------------------------------
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
    seat = game.current_player
    got = {wins_council_seat(game, a.id, _after_move(game, a.id)) for a in game.legal_actions()
           if a.id.startswith("bid:")}
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
            g = _after_move(before, a.id)
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


_SXB = [
    Lesson("sxb.tasks", "strasbourg", "task cards", kind_is("tasks"), prefix("drop:"), focus="player:{seat}"),
    Lesson("sxb.plot.draw", "strasbourg", "plotting", kind_is("draw"), is_("draw"), focus="player:{seat}"),
    Lesson("sxb.plot.stack", "strasbourg", "plotting", kind_is("stack"), prefix("rest:new", "put:"),
           focus="player:{seat}"),
    Lesson("sxb.bid", "strasbourg", "bidding and ties", step_is("B", "bid"), strongest_bid, focus="auction"),
    Lesson("sxb.privilege", "strasbourg", "privileges",
           lambda g: decision(g) == "bid" and any(a.id == "privilege" for a in g.legal_actions()),
           is_("privilege"), focus="auction"),
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
    Lesson("sxb.end", "strasbourg", "end scoring",
           lambda g: g.view(None).get("round") == 5 and decision(g) in ("build", "chapel"), best(sxb_total)),
]

LESSONS = {"barcelona": _BCN, "strasbourg": _SXB}
BY_ID = {lesson.id: lesson for lessons in LESSONS.values() for lesson in lessons}


def by_id(lesson_id):
    """The lesson with a stored position, else None."""
    lesson = BY_ID.get(str(lesson_id))
    return lesson if lesson is not None and lesson.position is not None else None


def focus_of(lesson):
    """The lesson's region, with {seat} = the seat to act."""
    if "{seat}" not in lesson.focus:
        return lesson.focus
    return lesson.focus.replace("{seat}", str(lesson.position["seat"]))

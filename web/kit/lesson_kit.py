"""What a tutorial lesson is, and the checks lessons of any game share. Each game's
lessons live in its renderer package (``Renderer.lessons``: web/boards/<game>/lessons.py, with
the positions in lesson_positions.py beside it); web/embed/lessons.py finds them through the
registry. A lesson is data: a position (a record and a step, found by
scripts/find_lesson_positions.py and stored in the game's lesson_positions.py), message keys for its
text, task and hint (tutorial domain: locale/*/LC_MESSAGES/tutorial.po), the region to show and a
success check over the reader's move.

A lesson asks for ONE decision: the reader plays one legal action on the live board and
``check(before, action_id, after)`` says whether it does what the task asks; otherwise the page
shows the hint and "Try again". A lesson may then STEP ON (``then``): when the right move leaves
the same seat a follow-up decision that completes it (the street tile taken, now where its wide
street goes), the board stays live for it, the engine's prompt saying what to do, and "Well done"
comes once the follow-ups are made (each judged by its own check, the hint again otherwise). Checks read the engine's view/state of the games before and after
(the engine decided what the move did; nothing here re-implements a rule). A check must accept
some legal move of the position and reject another (tests/web/test_tutorial.py; the
finder looks for such positions).

``where(game)``: the position suits the lesson (used by the finder only).
"""

from dataclasses import dataclass, field
from typing import Callable

from web.base import renderer


@dataclass(frozen=True)
class Lesson:
    id: str  # also the key stem: tut.<id>.title / .text / .task / .hint
    game: str
    area: str  # the rulebook area it covers (docs, tests)
    where: Callable  # game -> bool: the kind of position the lesson needs
    check: Callable  # (before, action id, after) -> bool
    focus: str = "board"  # region shown (web/embed_board.FOCUS)
    marks: dict = field(default_factory=dict)
    then: tuple = ()  # (decision kind, check) of each follow-up the lesson steps on to

    @property
    def position(self):
        return positions(self.game).get(self.id)

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


def positions(game):
    """lesson id -> {"record", "seat"} of a game's stored positions ({} when it has no lessons)."""
    mod = renderer.module(renderer.of(game).lesson_positions)
    return mod.POSITIONS if mod is not None else {}


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


def kind_is(*kinds):
    return lambda game: decision(game) in kinds


def after_move(game, aid):
    g = game.clone()
    g.apply(aid)
    return g

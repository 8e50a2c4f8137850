"""Why a move: one line that says what a suggested move gains, by the evaluation the game's
computer levels use (issue 51: "hints say what to do, never why"). Each game's ``explain``
(GameSpec.explain) values every option the way its bots do and hands the figures here; this
module only words them, as messages (the engine speaks no language).

The line has up to two parts: what the move changes for the seat (``gains``: a game's own
message, "+4 VP and Sagrada +1"; ``turn``: measured after the rest of the turn played on as the
computer would), and how it compares with the next best option by the evaluation, rounded to
whole VP ("about 3 VP better than the next best move"). A difference under half a VP is "about
as good as": the evaluation is an estimate, and a smaller figure would claim more than it knows.
"""

from .msg import count, msg

CLOSE = 0.5  # VP: below this the best and the next best are "about as good"


def line(gains, values, chosen, turn=False):
    """The why line of option ``chosen`` (an index into ``values``, each option's evaluation in
    VP) with its ``gains`` (a message, or None when it changes nothing at once). None when
    there is nothing to say (no gain and no option better or worse than another)."""
    others = [v for i, v in enumerate(values) if i != chosen]
    compare = None
    if not others:
        compare = msg("core.why.only")
    else:
        margin = values[chosen] - max(others)
        if margin >= CLOSE:
            compare = count("core.why.better", "core.why.better_pl", round(margin))
        elif margin > -CLOSE and max(others) - min(values) >= CLOSE:
            compare = msg("core.why.close")
    now = None
    if gains is not None:
        now = msg("core.why.turn", gains=gains) if turn else msg("core.why.now", gains=gains)
    if now is None and compare is None:
        return None
    what = now or compare if now is None or compare is None else msg("core.why.both", now=now, compare=compare)
    return msg("core.why.line", what=what)

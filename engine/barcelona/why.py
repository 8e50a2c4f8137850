"""Why a move (GameSpec.explain, engine/core/why.py) in Barcelona, by the Normal level's own
evaluation (bot.plan): a placement is valued by its whole turn played on greedily
(``bot._turn_values``), any other option by the position right after it (``bot.evaluate``, as
``bot.choose``). What it gains is the seat's coins, cloth, VP and tracks after it (after the
greedy turn for a placement), in the log's words."""

from ..core import why
from . import bot
from .game import BarcelonaGame, _public_values


def explain(g, action):
    """The why line of ``action`` (an Action or id legal in ``g``) for the deciding seat, or None.
    ``g`` should be the seat's masked copy (the caller's job: web/model/hints.py)."""
    seat = g.current_player
    legal = g.legal_actions()
    aid = getattr(action, "id", action)
    ids = [a.id for a in legal]
    if seat is None or aid not in ids:
        return None
    placing = ids[0].startswith("place:")
    if placing:
        found = {a.id: (v, a) for v, a in bot._turn_values(g, None)}
        values = [found[i][0] for i in ids]
        h = g.clone()
        h.apply(aid)
        bot._finish_turn_greedily(h, seat, g.turn, None)
    else:
        values = []
        h = None
        for a in legal:
            c = g.clone()
            c.apply(a)
            values.append(bot.evaluate(c, seat))
            if a.id == aid:
                h = c
    k = 5 * seat
    before = _public_values(g.players)[k : k + 5]
    after = _public_values(h.players)[k : k + 5]
    delta = tuple(a - b for a, b in zip(after, before))
    gains = BarcelonaGame._delta_text(delta) if any(delta) else None
    return why.line(gains, values, ids.index(aid), turn=placing)

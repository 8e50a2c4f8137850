"""Why a move (GameSpec.explain, engine/core/why.py) in Strasbourg: each option valued by the
seat's final score as it would stand right after it (``scoring.breakdown`` with the seat's own
task cards, which the seat knows: council prestige, shops, parishes, privileges, edifices,
tasks), the figure the bots' shop and task worths are parts of (engine/strasbourg/bots.py).
Bids, stacks and passes change no score at once: for them the line says nothing, rather than a
comparison the evaluation cannot back."""

from ..core import why
from ..core.msg import count
from .scoring import breakdown


def _value(game, seat):
    st = game.st
    if st.final is not None:
        return sum(st.final[seat].values())
    return sum(breakdown(st, seat, with_tasks=True).values())


def explain(game, action):
    """The why line of ``action`` for the deciding seat, or None (``game``: the seat's masked copy)."""
    seat = game.current_player
    legal = game.legal_actions()
    aid = getattr(action, "id", action)
    ids = [a.id for a in legal]
    if seat is None or aid not in ids:
        return None
    now = _value(game, seat)
    values = []
    for a in legal:
        h = game.clone()
        h.apply(a)
        values.append(_value(h, seat))
    chosen = ids.index(aid)
    gain = values[chosen] - now
    if not gain and max(values) == min(values):
        return None
    sign = "+" if gain > 0 else "−"
    gains = count("str.why.vp", "str.why.vp_pl", abs(gain), sign=sign) if gain else None
    return why.line(gains, values, chosen)

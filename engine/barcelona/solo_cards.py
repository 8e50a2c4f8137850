"""Gaudí's deck and his card's arrow (the solo summary "Gaudí's turn"): revealing the
top card (an empty deck is reshuffled from the revealed ones, SOURCE, step 4), the direction the
revealed card gives (its arrow; with the 2.0 rules its back) and the tie-break "the card's arrow,
turning clockwise" (SOURCE, Gaudí's turn step 2), in exact arithmetic.
"""

from fractions import Fraction

from ..core.msg import msg

from . import board as B
from . import solo_data as S
from .solo_scoring import is_v2
from .solo_steps import _close, _log


# ---------------------------------------------------------------- directions (exact arithmetic)
def _pseudo_angle(dr, dc):
    """A number in [0, 4) growing with the clockwise angle from north (exact, no floats, so
    CPython and Pyodide order ties alike)."""
    x, y = Fraction(dc), Fraction(-dr)
    if x >= 0 and y > 0:
        return x / (x + y)
    if x > 0 and y <= 0:
        return 1 + (-y) / (x - y)
    if x <= 0 and y < 0:
        return 2 + (-x) / (-x - y)
    return 3 + y / (y - x)


def clockwise(arrow, origin, point):
    """(turn from the arrow, clockwise, in [0, 4); distance²) of ``point`` seen from ``origin``:
    the tie-break "the card's arrow, turning clockwise" (SOURCE, Gaudí's turn step 2)."""
    dr, dc = point[0] - origin[0], point[1] - origin[1]
    if dr == 0 and dc == 0:
        return (Fraction(0), 0)
    a = _pseudo_angle(*S.ARROW_VECTORS[arrow])
    return ((_pseudo_angle(dr, dc) - a) % 4, dr * dr + dc * dc)


def _centre(points):
    n = len(points)
    return (Fraction(sum(p[0] for p in points), n), Fraction(sum(p[1] for p in points), n))


def _seg_centre(seg):
    _, _, a, b = B.SEGMENTS[seg]
    return _centre((a, b))


# -------------------------------------------------------------------------- the deck
def _arrow(g):
    c = g.solo["card"]
    if c is None:
        return "N"
    card = S.CARDS[c]
    return card["back"] if is_v2(g) else card["arrow"]


def reveal(g):
    """The top card; an empty deck is reshuffled from the revealed ones (SOURCE, step 4)."""
    s = g.solo
    _close(g)
    if not s["deck"]:
        s["deck"], s["discard"] = s["discard"], []
        g.rng.shuffle(s["deck"])
    c = s["deck"].pop()
    s["discard"].append(c)
    s["card"] = c
    g.barrier()
    card = S.CARDS[c]
    action = S.ACTION_NAMES[card["action"]]
    arrow = S.ARROW_WORDS[card["back"] if is_v2(g) else card["arrow"]]
    _log(g, "card", msg("bcn.gaudi.reveal", card=c + 1, action=msg(action), arrow=msg(arrow)), card=c)
    return c

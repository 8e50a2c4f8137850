"""The ``arrows`` highlight of the renderers (web/base/renderer.py): a move played and a better one,
ringed and named where their ids point, an arrow from the one to the other (the game review's
turning points, docs/review-screen.md). Each renderer adds it to its overlay, after the last-move
marks and the notes of web/kit/svgkit.py's RenderContext."""

import math

from web.i18n import t
from web.kit.svgkit import FONT_FLOOR, SELECTED, esc, num, rect, text, text_width

PLAYED_INK = "#b3261e"  # the move played: a dashed red ring (its label says it, not the colour alone)


def arrow_marks(ctx) -> str:
    """The ``arrows`` highlight: [(seat, played id, better id)], a move played and the better one
    (the game review's turning points). Each place an id points at (through the game's targets,
    like a last move) gets a ring and a word: the move played dashed with "Played", the better one
    solid blue with "Better"; when both lie in this drawing, an arrow runs from the one to the
    other (like python-chess's ``arrows=``). Ids with no place here draw nothing (the review says
    both moves in words too)."""
    out = []
    for seat, played, better in ctx.arrows:
        a, b = ctx._where(played, seat), ctx._where(better, seat)
        if a is not None and b is not None and a != b:
            out.append(_arrow(a, b))
        if a is not None:
            out.append(_ring(a, "played", played, t("app.review.board_played"), PLAYED_INK, "8 5", b == a))
        if b is not None:
            out.append(_ring(b, "better", better, t("app.review.board_better"), SELECTED, "", False))
    return "".join(out)


RING_R = 30


def _ring(pos, kind, aid, word, ink, dash, shifted) -> str:
    x, y = pos
    size = max(14.0, FONT_FLOOR[-1])
    dy = RING_R + size + 4 if not shifted else -RING_R - 8  # the same place for both: words apart
    w = text_width(word, size, "700") + 12
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<g class="review-mark {kind}" data-review="{kind}" data-id="{esc(aid)}" aria-hidden="true">'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{RING_R}" fill="none" stroke="#fff" stroke-width="9"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{RING_R}" fill="none" stroke="{ink}" stroke-width="5"{dash_attr}/>'
        + rect(x - w / 2, y + dy - size, w, size * 1.35, "#fff", ink, 2, 5)
        + text(x, y + dy, word, size=size, weight="700", fill=ink)
        + "</g>"
    )


def _arrow(a, b) -> str:
    """From the ring of ``a`` to the ring of ``b``, its head at ``b``'s ring."""
    (x1, y1), (x2, y2) = a, b
    d = math.hypot(x2 - x1, y2 - y1) or 1
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    sx, sy = x1 + ux * RING_R, y1 + uy * RING_R
    ex, ey = x2 - ux * (RING_R + 4), y2 - uy * (RING_R + 4)
    hx, hy = ex - ux * 18, ey - uy * 18  # the head's base
    px, py = -uy * 11, ux * 11
    head = f"{num(ex)},{num(ey)} {num(hx + px)},{num(hy + py)} {num(hx - px)},{num(hy - py)}"
    line = f'M{num(sx)} {num(sy)}L{num(hx)} {num(hy)}'
    return (
        f'<g class="review-arrow" aria-hidden="true">'
        f'<path d="{line}" stroke="#fff" stroke-width="11" fill="none" stroke-linecap="round"/>'
        f'<path d="{line}" stroke="{SELECTED}" stroke-width="6" fill="none" stroke-linecap="round"/>'
        f'<polygon points="{head}" fill="{SELECTED}" stroke="#fff" stroke-width="2"/></g>'
    )

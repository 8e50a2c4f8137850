"""The table as regions (docs/architecture.md "Page layout"): what panels.py lays out.

A renderer that declares ``regions`` (web/base/renderer.py) gives the page one region per board
(main board, own board, side boards, other players); one that declares only ``render`` (e.g. a
test game) becomes one "board" region, shown the old way (fit the width, never below 44 px
targets).
"""

import dataclasses
import pickle
import re

from web.i18n import fingerprint, t
from web.kit.svgkit import Region, hit_box

_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def table_regions(session, view, legal, **highlights):
    """(regions, legacy): the regions of the view for the page; ``legacy`` is True when they
    come from a plain ``render`` (one picture, scaled to fit)."""
    rend = session.renderer(view["game"])
    if rend is None:
        return [], False
    if rend.regions is None:
        svg, drawn = session.board(view, legal, **highlights)
        if not svg:
            return [], True
        m = _VIEWBOX.search(svg)
        w, h = (float(m.group(1)), float(m.group(2))) if m else (0, 0)
        return [Region("board", "board", svg, w, frozenset(drawn), t("app.region.board"), h)], True
    # The turn flow's selected move and last-move marks, unless the caller gave its own.
    extra = {**session.flow.highlights(view), **{k: v for k, v in highlights.items() if v is not None}}
    extra = {k: v for k, v in extra.items() if v is not None}
    extra["colours"] = list(session.meta["colours"])
    box = getattr(session, "board_box", None)  # the board box main.py measured (None: no page)
    if "scale" in extra:
        return LIVE.draw(rend.regions, view, legal, extra), False
    extra["scale"] = board_scale(box, rend.board_viewbox)
    regions = LIVE.draw(rend.regions, view, legal, extra)
    if getattr(session, "narrow", False) and not getattr(session, "whole_board", False) and legal:
        regions = focus_regions(regions, box, lambda s: LIVE.draw(rend.regions, view, legal, {**extra, "scale": s}))
    return regions, False


# ----- a phone's board: the part that holds the decision's choices (docs/architecture.md "Page layout")
FOCUS_MARGIN = 14  # viewBox units around the targets' hit shapes
_VIEWBOX_ATTR = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
_HIT = re.compile(r'<(?:rect|circle|polygon) class="hit"[^>]*>')


def target_boxes(svg):
    """(x0, y0, x1, y1) of every hit shape in a drawing (the targets' tap areas), in its units."""
    return [b for b in (hit_box(m.group(0)) for m in _HIT.finditer(svg or "")) if b is not None]


def focus_box(boxes, size, box, step=0.05):
    """(x, y, w, h, scale): the part of a ``size`` = (W, H) drawing a board box of ``box`` CSS px
    shows so that every target of ``boxes`` is in it, at the largest scale (<= 1, rounded down to
    ``step``) that holds them all; the part grows to fill the box at that scale (centred on the
    targets, inside the drawing). None when that is no closer than the whole drawing."""
    if not boxes or not box or min(box) <= 0:
        return None
    W, H = size
    x0 = max(0.0, min(b[0] for b in boxes) - FOCUS_MARGIN)
    y0 = max(0.0, min(b[1] for b in boxes) - FOCUS_MARGIN)
    x1 = min(W, max(b[2] for b in boxes) + FOCUS_MARGIN)
    y1 = min(H, max(b[3] for b in boxes) + FOCUS_MARGIN)
    whole = min(box[0] / W, box[1] / H)
    s = min(1.0, box[0] / max(1.0, x1 - x0), box[1] / max(1.0, y1 - y0))
    s = max(step, int(s / step + 1e-9) * step)
    if s <= whole + 1e-9:
        return None
    w, h = min(W, box[0] / s), min(H, box[1] / s)
    x = min(max(0.0, (x0 + x1 - w) / 2), W - w)
    y = min(max(0.0, (y0 + y1 - h) / 2), H - h)
    return round(x, 1), round(y, 1), round(w, 1), round(h, 1), s


def focus_regions(regions, box, draw):
    """The main board shown around the decision's choices (a phone: its whole width would draw
    text and tap areas too small): its targets' part of the drawing, drawn for the scale that
    part is shown at (``draw(scale)`` -> regions), its viewBox narrowed to it. The renderer draws
    as always; only the scale it draws for and the part shown change."""
    board = next((r for r in regions if r.place == "board"), None)
    if board is None or not board.drawn:
        return regions
    size = (board.width, board.height or board.width)
    got = focus_box(target_boxes(board.svg), size, box)
    if got is None:
        return regions
    x, y, w, h, s = got
    regions = list(draw(None if s >= 1 else s))
    out = []
    for r in regions:
        if r.place == "board":
            svg = _VIEWBOX_ATTR.sub(f'viewBox="{x:g} {y:g} {w:g} {h:g}"', r.svg, count=1)
            r = dataclasses.replace(r, svg=svg, width=w, height=h)
        out.append(r)
    return out


def board_scale(box, viewbox, step=0.05):
    """The scale (CSS px per viewBox unit) the page shows the main board at when it fits the
    board box ``box`` = (width, height) CSS px (main.py measures it; docs/architecture.md "Page
    layout"), rounded DOWN to ``step`` so the renderer's text floor (12 / scale units) is never
    below 12 CSS px and a few px of resizing draws nothing new. None (= 1 or more: drawn as
    always) when the box or the board's size is unknown, or the board fits at scale >= 1."""
    if not box or not viewbox or min(box) <= 0:
        return None
    s = min(box[0] / viewbox[0], box[1] / viewbox[1])
    if s >= 1:
        return None
    return max(step, int(s / step) * step)


class LiveTable:
    """The last table drawn with its targets, kept for the redraw that asks for it again.

    Why: closing History, leaving Help or the drawer's screens, or a History tap while a computer
    seat thinks redraws the live table exactly as it was a moment ago (same view, options and
    highlights), and drawing it is most of a tap's cost (issue 9: a tap redraws in <= 100 ms
    while a computer thinks). Drawing is a pure function of its arguments and the words
    (``i18n.fingerprint``), so equal arguments give the earlier drawing. Static tables (History)
    have their own per-region memo (web/kit/region_memo.py); this one entry covers the live screen.

    The inputs are kept as a pickled copy (views are plain data; a copy, because a later view
    may share lists with the game that move on), and compared by value, never by identity."""

    def __init__(self):
        self.inputs = None  # the copy of (fn, words, view, options, highlights) last drawn
        self.regions = ()
        self.older = (None, ())  # the one drawn before it (a phone's whole board beside its close-up)
        self.hits = self.misses = 0  # read by tests

    def draw(self, fn, view, legal, extra):
        if not legal:  # a static table (History, a finished game): the region memo's, not ours to keep
            return list(fn(view, legal, **extra))
        inputs = (
            getattr(fn, "__module__", ""),
            getattr(fn, "__qualname__", ""),
            fingerprint(),
            view,
            [(a.id, a.label) for a in legal],
            extra,
        )
        if inputs == self.inputs:
            self.hits += 1
            return list(self.regions)
        if self.older[0] is not None and inputs == self.older[0]:  # a phone draws a table twice (focus_regions)
            self.hits += 1
            self.older, (self.inputs, self.regions) = (self.inputs, self.regions), self.older
            return list(self.regions)
        self.misses += 1
        regions = list(fn(view, legal, **extra))
        self.older = (self.inputs, self.regions)
        try:
            self.inputs, self.regions = pickle.loads(pickle.dumps(inputs, pickle.HIGHEST_PROTOCOL)), tuple(regions)
        except Exception:  # an input that is not plain data (a test's fake): nothing is kept
            self.inputs, self.regions = None, ()
        return regions

    def clear(self):
        self.inputs, self.regions = None, ()
        self.older = (None, ())


LIVE = LiveTable()


def drawn_ids(regions):
    """Every action id drawn in some region (the others become buttons)."""
    out = set()
    for r in regions:
        out |= set(r.drawn)
    return out


def pick_choices(session, view, legal):
    """The two-step choice: (sentence, [Action]) of the legal actions at the place picked on the
    board (``session.pick``), from the renderer's ``pick_options``; None when nothing is picked."""
    key = session.pick
    if key is None:
        return None
    rend = session.renderer(view["game"])
    fn = rend.pick_options if rend is not None else None
    if fn is None:
        return None
    got = fn(legal, key)
    return got if got and got[1] else None

"""The table as regions (docs/architecture.md "Page layout"): what panels.py lays out.

A renderer that declares ``regions`` (web/base/renderer.py) gives the page one region per board
(main board, own board, side boards, other players); one that declares only ``render`` (e.g. a
test game) becomes one "board" region, shown the old way (fit the width, never below 44 px
targets).
"""

import dataclasses
import math
import pickle
import re

from web.i18n import fingerprint, t
from web.kit import svgkit
from web.kit.svgkit import TAP_PX, Region, hit_box

_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def table_regions(session, view, legal, **highlights):
    """(regions, legacy): the regions of the view for the page; ``legacy`` is True when they
    come from a plain ``render`` (one picture, scaled to fit)."""
    rend = session.renderer(view["game"])
    had_switch = getattr(session, "board_parts", None) is not None
    session.board_parts = None  # (part shown, parts, choices elsewhere) when focus_regions splits them
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
    regions, extra["scale"] = drawn_for_its_height(
        regions,
        box,
        rend.board_viewbox,
        extra["scale"],
        lambda s: list(rend.regions(view, legal, **{**extra, "scale": s})),
    )
    if getattr(session, "narrow", False) and not getattr(session, "whole_board", False) and legal:
        key = tuple(a.id for a in legal)
        if getattr(session, "part_of", (None, 0))[0] != key:  # a new decision shows its first part
            session.part_of, session.part_away = (key, 0), None
        # The Hint shows the part that holds its target, until the player steps on with the switch
        # (Session.next_board_part: part_away). Each drawing looks again: a refit's box may cut
        # the board into other parts.
        hint = extra.get("hint")
        session.part_hint = hint
        steer = hint is not None and hint != getattr(session, "part_away", None)
        regions, session.board_parts = focus_regions(
            regions,
            box,
            lambda s: LIVE.draw(rend.regions, view, legal, {**extra, "scale": s}),
            session.part_of[1],
            to_hint=steer,
            room=0 if had_switch else SWITCH_PX,
        )
        if steer and session.board_parts:
            session.part_of = (key, session.board_parts[0])
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


def target_sizes(svg):
    """{action id: (x0, y0, x1, y1)}: the box of each target's hit shapes (its tap area), in units."""
    out = {}
    marks = list(_ACTION.finditer(svg or ""))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(svg)
        boxes = target_boxes(svg[m.end() : end])
        if boxes:
            b = out.get(m.group(1), boxes[0])
            for x in boxes:
                b = (min(b[0], x[0]), min(b[1], x[1]), max(b[2], x[2]), max(b[3], x[3]))
            out[m.group(1)] = b
    return out


def part_plan(targets, size, box, need, step=0.05):
    """Choices spread wider than a close-up at scale ``need`` (the smallest at which their tap
    areas are 44 CSS px) can show: [(x, y, w, h, s, ids)], the parts of the drawing to show one
    at a time at that scale, the first holding most of the choices, each next one most of those
    left (a one-tap switch steps through them, docs/architecture.md "Page layout")."""
    W, H = size
    s = min(1.0, math.ceil(need / step - 1e-9) * step)
    w, h = min(W, box[0] / s), min(H, box[1] / s)
    left, parts = dict(targets), []
    while left and len(parts) < PARTS_MAX:
        xs = sorted({min(max(0.0, b[0] - FOCUS_MARGIN), W - w) for b in left.values()})
        ys = sorted({min(max(0.0, b[1] - FOCUS_MARGIN), H - h) for b in left.values()})
        best = (0, None, None)
        for x in xs:
            col = [(a, b) for a, b in left.items() if x <= b[0] and b[2] <= x + w]
            if len(col) <= best[0]:
                continue
            for y in ys:
                ids = [a for a, b in col if y <= b[1] and b[3] <= y + h]
                if len(ids) > best[0]:
                    best = (len(ids), (x, y), ids)
        if best[2] is None:  # a target larger than the part: none is held whole
            return []
        ids = best[2]
        x0, y0 = min(left[a][0] for a in ids), min(left[a][1] for a in ids)
        x1, y1 = max(left[a][2] for a in ids), max(left[a][3] for a in ids)
        x = min(max(0.0, (x0 + x1 - w) / 2), W - w)
        y = min(max(0.0, (y0 + y1 - h) / 2), H - h)
        x, y, pw, ph = _uncut(targets, ids, (x, y, x + w, y + h))
        parts.append((round(x, 1), round(y, 1), round(pw, 1), round(ph, 1), s, frozenset(ids)))
        for a in ids:
            left.pop(a)
    return parts if not left else []


def _uncut(targets, ids, part):
    """(x, y, w, h): ``part`` = (x0, y0, x1, y1) narrowed so that it cuts no target in two (a sliver
    of another part's target at its edge would be too small to tap); the part's own ``ids`` stay
    whole inside. A narrower part is shown at the same scale or larger (the box fits it)."""
    x0, y0, x1, y1 = part
    for a, b in targets.items():
        if a in ids or b[2] <= x0 or b[0] >= x1 or b[3] <= y0 or b[1] >= y1:
            continue  # the part's own, or wholly outside
        if x0 <= b[0] and b[2] <= x1 and y0 <= b[1] and b[3] <= y1:
            continue  # wholly inside: tappable there too
        edges = [(x1 - b[0], "x1", b[0]), (b[2] - x0, "x0", b[2]), (y1 - b[1], "y1", b[1]), (b[3] - y0, "y0", b[3])]
        for _, edge, v in sorted(e for e in edges if e[0] > 0):
            trial = {"x0": x0, "y0": y0, "x1": x1, "y1": y1, edge: v}
            if all(
                trial["x0"] <= targets[i][0]
                and targets[i][2] <= trial["x1"]
                and trial["y0"] <= targets[i][1]
                and targets[i][3] <= trial["y1"]
                for i in ids
            ):
                x0, y0, x1, y1 = trial["x0"], trial["y0"], trial["x1"], trial["y1"]
                break
    return x0, y0, x1 - x0, y1 - y0


PARTS_MAX = 6  # more parts than this: the whole board (and its tap floor) as before
_ACTION = re.compile(r'data-action="([^"]+)"')


# The height (CSS px) the board's box gives up to the tray when the part switch shows in it.
SWITCH_PX = 64


def focus_regions(regions, box, draw, part=0, to_hint=False, room=0):
    """The main board shown around the decision's choices (a phone: its whole width would draw
    text and tap areas too small): its targets' part of the drawing, drawn for the scale that
    part is shown at (``draw(scale)`` -> regions), its viewBox narrowed to it. The renderer draws
    as always; only the scale it draws for and the part shown change. Choices too spread for one
    close-up with 44 px tap areas (``part_plan``) are shown ``part`` by part (``to_hint``: the
    part that holds the hinted target instead); the other parts' targets, outside the part shown,
    leave the keyboard's reach (``off_part``). ``room``: the height the box will give up to the
    switch if it is not on screen yet: the parts are planned for the box they will be shown in
    (planned for the whole box, a box that then lost the switch's height could need too many
    parts, show the whole board without the switch, and grow again: a refit without end).
    Returns (regions, None or (part shown, parts, choices in the other parts))."""
    board = next((r for r in regions if r.place == "board"), None)
    if board is None or not board.drawn:
        return regions, None
    size = (board.width, board.height or board.width)
    targets = target_sizes(board.svg)
    got = focus_box([b for b in targets.values()], size, box)
    parts = None
    if targets and box and min(box) > 0:
        scale = got[4] if got else min(box[0] / size[0], box[1] / size[1])
        least = min(min(b[2] - b[0], b[3] - b[1]) for b in targets.values())  # units, drawn below TAP_SCALE
        need = TAP_PX / max(1.0, least)
        if scale * least < TAP_PX - 0.5 and need <= 1:
            plan = part_plan(targets, size, (box[0], max(1, box[1] - room)), need)
            if plan:  # one part: a closer close-up than focus_box's; more: the switch steps through them
                k = part % len(plan)
                hinted = hinted_ids(board.svg) if to_hint else set()
                k = next((i for i, p in enumerate(plan) if hinted & p[5]), k)
                x, y, w, h, s, ids = plan[k]
                got = (x, y, w, h, s)
                parts = (k, len(plan), len(targets) - len(ids)) if len(plan) > 1 else None
                shown = ids
    if got is None:
        return regions, None
    x, y, w, h, s = got
    regions = list(draw(None if s >= 1 else s))
    out = []
    for r in regions:
        if r.place == "board":
            svg = _VIEWBOX_ATTR.sub(f'viewBox="{x:g} {y:g} {w:g} {h:g}" data-crop="1"', r.svg, count=1)
            if parts:
                svg = off_part(svg, shown)
            r = dataclasses.replace(r, svg=svg, width=w, height=h)
        out.append(r)
    return out, parts


_TARGET = re.compile(r'<g class="(legal[^"]*)" data-action="([^"]+)" tabindex="0"')


def hinted_ids(svg):
    """The action ids of the targets a drawing marks as the Hint's (class ``hint``)."""
    return {m.group(2) for m in _TARGET.finditer(svg or "") if "hint" in m.group(1).split()}


def off_part(svg, shown):
    """The drawing with every target but those of ``shown`` (the part on screen) out of the
    keyboard's reach: class ``off-part``, tabindex -1 and hidden from screen readers. They lie
    outside the viewBox, so Tab or an arrow key would otherwise land on a target nobody sees;
    the tray's switch (ui:board-part) is the way to them."""

    def one(m):
        if m.group(2) in shown:
            return m.group(0)
        return f'<g class="{m.group(1)} off-part" data-action="{m.group(2)}" tabindex="-1" aria-hidden="true"'

    return _TARGET.sub(one, svg)


def drawn_for_its_height(regions, box, viewbox, scale, draw):
    """(regions, scale): the board as drawn, unless it came out taller than its usual size
    (``viewbox``) by more than its box has room for at ``scale``: its box would show it smaller
    than it was drawn for (text under 12 px), so it is drawn again at its usual size
    (svgkit.no_growth). A board may grow with its font floor where its box has the room (a
    legend whose boxes take more rows on a phone's whole board, svgkit.may_grow);
    growing by the real height instead would shrink the scale, raise the floor and grow it again."""
    board = next((r for r in regions if r.place == "board"), None)
    if board is None or not board.height or not viewbox:
        return regions, scale
    real = board_scale(box, (viewbox[0], board.height))
    if real is None or (scale is not None and real >= scale):
        return regions, scale
    with svgkit.no_growth():
        return draw(scale), scale


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

"""The table as regions (TABLE.md / docs/architecture.md "Page layout"): what panels.py lays out.

A renderer package with ``render_regions(view, legal, colours=None, *, hint, selected, lastmove,
marks) -> [web.svgkit.Region]`` gives the page one region per board (main board, own board, side
boards, other players); a renderer with only ``render`` (e.g. a test game) becomes one
"board" region, shown the old way (fit the width, never below 44 px targets).
"""
import inspect
import re

from .svgkit import Region

_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def table_regions(session, view, legal, **highlights):
    """(regions, legacy): the regions of the view for the page; ``legacy`` is True when they
    come from a plain ``render`` (one picture, scaled to fit)."""
    module = session.renderer(view["game"])
    if module is None:
        return [], False
    fn = getattr(module, "render_regions", None)
    if fn is None:
        svg, drawn = session.board(view, legal, **highlights)
        if not svg:
            return [], True
        m = _VIEWBOX.search(svg)
        w, h = (float(m.group(1)), float(m.group(2))) if m else (0, 0)
        from .i18n import t
        return [Region("board", "board", svg, w, frozenset(drawn), t("app.region.board"), h)], True
    params = inspect.signature(fn).parameters
    # The turn flow's selected move and last-move marks, unless the caller gave its own.
    turn = session.turn_highlights(view) if hasattr(session, "turn_highlights") else {}
    highlights = {**turn, **{k: v for k, v in highlights.items() if v is not None}}
    extra = {k: v for k, v in highlights.items() if v is not None and k in params}
    if "colours" in params:
        extra["colours"] = list(session.meta["colours"])
    return list(fn(view, legal, **extra)), False


def drawn_ids(regions):
    """Every action id drawn in some region (the others become buttons)."""
    out = set()
    for r in regions:
        out |= set(r.drawn)
    return out


def pick_choices(session, view, legal):
    """The two-step choice: (sentence, [Action]) of the legal actions at the place picked on the
    board (``session.pick``), from the renderer's ``pick_options``; None when nothing is picked."""
    key = getattr(session, "pick", None)
    if key is None:
        return None
    module = session.renderer(view["game"])
    fn = getattr(module, "pick_options", None) if module is not None else None
    if fn is None:
        return None
    got = fn(legal, key)
    return got if got and got[1] else None

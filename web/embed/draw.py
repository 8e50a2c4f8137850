"""Tutorial boards drawn (web/embed/board.py reads the parameters and drives the live boards):
a position (record + step) replayed, the view drawn by the game's renderer (web/base/renderer.py) whole
or focused on one region (or cropped to part of the main board), notes and the last turn marked,
and where a board wider than the screen opens (``spot``). Pure Python, CPython-testable."""

import re

from engine import versions
from engine.core.errors import RecordError
from web.base import renderer as R
from web.model.limits import quote


def _t(key, **params):
    """The page's words (web/i18n/__init__.py), in the language the board's parameters activated."""
    from web.i18n import t

    return t(key, **params)


# ----- positions -----------------------------------------------------------------------------------
def position(record, step):
    """(game after ``step`` actions, [seat that made each of those actions]). Replays one action at
    a time so every id is checked by the engine (a tampered record stops with its message)."""
    versions.check_record(record)
    game = versions.load(dict(record, actions=[]))
    actors = []
    for aid in record["actions"][:step]:
        actors.append(game.current_player)
        game.apply(aid)
    return game, actors


def last_turn(game, actors):
    """{seat: [ids]} of the newest run of actions by one seat (the last turn), minus the ids whose
    kind names a secret (the game's SECRET_ID_KINDS)."""
    if not actors:
        return {}
    seat = actors[-1]
    if seat is None or seat < 0:
        return {}
    k = len(actors) - 1
    while k > 0 and actors[k - 1] == seat:
        k -= 1
    help_mod = R.module(R.of(game.GAME_NAME).help)
    secret = help_mod.SECRET_ID_KINDS if help_mod is not None else ()
    ids = [a for a in game.actions[k:] if a.split(":", 1)[0] not in secret]
    return {seat: ids} if ids else {}


def viewer(game):
    """The seat whose view a tutorial shows: the one to act (its hand is the lesson's subject);
    the public view at the end."""
    return None if game.is_over else game.current_player


# ----- drawing -----------------------------------------------------------------------------------
_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
_ANY_VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')


def regions(game, legal=(), focus=None, marks=None, lastmove=None, hint=None, selected=None, arrows=None):
    """The renderer's regions for the tutorial view (marks/lastmove/arrows as the renderer takes them)."""
    view = game.view(viewer(game))
    return R.draw_regions(
        R.of(game.GAME_NAME),
        view,
        list(legal),
        marks=marks or None,
        lastmove=lastmove or None,
        hint=hint,
        selected=selected,
        arrows=arrows or None,
    )


def board_svg(
    game, legal=(), focus=None, marks=None, lastmove=None, hint=None, legible=True, selected=None, arrows=None
):
    """(svg, ids drawn): the focused region (cropped for a part of the main board), or the
    whole table composed like the app's History. The static board and the live one call this with
    the same focus, so they are the same size (the page does not jump when a board goes live).
    ``legible``: the svg is never drawn narrower than its viewBox (see ``sized``). ``selected``:
    the live board's pick (``ui:pick:KEY``), drawn as the app draws it. ``arrows``: a turning point's
    two moves (web/embed/turning.py), the renderers' keyword."""
    rend = R.of(game.GAME_NAME)
    if focus is None:
        view = game.view(viewer(game))
        svg, drawn = R.draw(
            rend,
            view,
            list(legal),
            marks=marks or None,
            lastmove=lastmove or None,
            hint=hint,
            selected=selected,
            arrows=arrows or None,
        )
        return sized(svg, None, legible), drawn
    name = "board" if is_crop(game.GAME_NAME, focus) else focus
    regs = regions(game, legal, marks=marks, lastmove=lastmove, hint=hint, selected=selected, arrows=arrows)
    region = next((r for r in regs if r.name == name), None)
    if region is None:
        raise RecordError(_t("app.err.board_focus_step", focus=quote(focus, 30)))
    svg = region.svg
    if name != focus:
        box = with_notes(rend.crop(focus), svg)
        svg, width = crop(svg, box), max(320, box[2] * 2)
    else:
        width = region.width * 1.3
    # never blown up past ~1.3x its size (a 400-unit side board on a wide page); narrower is fine
    return sized(svg, width, legible), set(region.drawn)


def is_crop(game_name, focus):
    """A focus the renderer crops out of the main board (Renderer.crop): the main board's picture
    with a narrower viewBox."""
    crop = R.of(game_name).crop
    return bool(focus) and crop is not None and crop(focus) is not None


def viewbox(svg):
    """(x, y, w, h) of an svg's first viewBox."""
    m = _ANY_VIEWBOX.search(svg)
    return tuple(float(v) for v in m.group(1).split()) if m else (0.0, 0.0, 0.0, 0.0)


def sized(svg, max_width=None, legible=True):
    """The svg with its CSS width bounds. The renderers' contract (render_*/layout.py): at a scale
    >= 1 (1 viewBox unit >= 1 CSS px) every text is >= 12 px and every target >= 44 px. So the svg
    is never narrower than its viewBox: on a narrow screen (a 390 px phone and the 740-unit main
    board) the board's own box scrolls sideways (embed-board.js: overflow-x auto), not the page."""
    style = []
    if max_width is not None:
        style.append(f"max-width:{max_width:g}px")
    if legible:
        style.append(f"min-width:{viewbox(svg)[2]:g}px")
    if not style:
        return svg
    return svg.replace("<svg ", f'<svg style="{";".join(style)}" ', 1)


_NOTE = re.compile(
    r'<g class="note"[^>]*>.*?<circle cx="([-0-9.]+)" cy="([-0-9.]+)".*?'
    r'<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"',
    re.S,
)
NOTE_MARGIN = 8


def with_notes(box, svg):
    """``box`` grown to hold every note drawn in ``svg`` (its dot and its text box): a note the
    author put on a cropped block or line is never cut by the crop."""
    x0, y0, w, h = box
    x1, y1 = x0 + w, y0 + h
    for m in _NOTE.finditer(svg):
        cx, cy, rx, ry, rw, rh = (float(v) for v in m.groups())
        x0, y0 = min(x0, cx - NOTE_MARGIN, rx - NOTE_MARGIN), min(y0, cy - NOTE_MARGIN, ry - NOTE_MARGIN)
        x1, y1 = max(x1, cx + NOTE_MARGIN, rx + rw + NOTE_MARGIN), max(y1, cy + NOTE_MARGIN, ry + rh + NOTE_MARGIN)
    return x0, y0, x1 - x0, y1 - y0


def crop(svg, box):
    """The same SVG showing only ``box`` (its viewBox narrowed; the background and text stay)."""
    x, y, w, h = (round(v, 1) for v in box)
    x, y = max(0, x), max(0, y)
    return _VIEWBOX.sub(f'viewBox="{x:g} {y:g} {w:g} {h:g}"', svg, count=1)


# ----- where a board opens (a phone shows part of a wide board: issue 10) --------------------------
_TARGET = re.compile(
    r'<g class="legal[^"]*" data-action="([^"]*)".*?<(?:rect class="hit" x="([-0-9.]+)" '
    r'y="[-0-9.]+" width="([0-9.]+)"|circle class="hit" cx="([-0-9.]+)")',
    re.S,
)
_DOT = {kind: re.compile(rf'<g class="{kind}"[^>]*>.*?<circle cx="([-0-9.]+)"', re.S) for kind in ("note", "lastmove")}


def target_xs(svg):
    """{action id: x of its tap area's centre} of the targets drawn in ``svg`` (viewBox units)."""
    out = {}
    for m in _TARGET.finditer(svg):
        aid, rx, rw, cx = m.groups()
        out.setdefault(aid, float(cx) if cx is not None else float(rx) + float(rw) / 2)
    return out


def _middle(xs):
    return round((min(xs) + max(xs)) / 2, 1) if xs else None


def spot(game, spec, svg):
    """The x (viewBox units) the board's scrolling box opens centred on when the board is wider
    than the screen (embed-board.js; text stays >= 12 px, so a 740-unit board scrolls on a phone):
    a lesson's place: the targets of the move its task asks for (the hinted target), else every
    target of the decision; otherwise (and for a lesson whose move has no place on this board) the
    first note (``mark``), else the last turn's marks, of ``svg``. None: nothing to steer to."""
    from web.embed import lessons as embed_lessons

    lesson = embed_lessons.by_id(spec["lesson"]) if spec.get("lesson") else None
    if lesson is not None and not game.is_over:
        legal = list(game.legal_actions())
        drawn = target_xs(board_svg(game, legal, spec.get("focus"))[0])
        right = []
        for a in legal:
            after = game.clone()
            after.apply(a.id)
            if a.id in drawn and lesson.check(game, a.id, after):
                right.append(drawn[a.id])
        got = _middle(right) if right else _middle(list(drawn.values()))
        if got is None:  # the moves are buttons here (a bid, a sale...): where they point at
            got = _anchored(game, spec.get("focus"), lesson, legal)
        if got is not None:
            return got
    notes = [float(m.group(1)) for m in _DOT["note"].finditer(svg)]
    got = notes[0] if notes else _middle([float(m.group(1)) for m in _DOT["lastmove"].finditer(svg)])
    if got is None and lesson is not None:  # every lesson opens somewhere: its region's middle
        x, _, w, _ = viewbox(svg)
        got = round(x + w / 2, 1)
    return got


_NOTE_AT = re.compile(r'<g class="note" data-mark="([^"]*)">.*?<circle cx="([-0-9.]+)"', re.S)


def _anchored(game, focus, lesson, legal):
    """The middle of the places the renderer anchors the lesson's right moves at (a stack for
    ``bid:2``, the deck for ``return:3``, a goods row for ``sell:...``: where a note on that id
    would point), else of every legal move's; None when the region draws none of them."""
    from html import unescape

    right = []
    for a in legal:
        after = game.clone()
        after.apply(a.id)
        if lesson.check(game, a.id, after):
            right.append(a.id)
    for ids in (right, [a.id for a in legal]):
        svg = board_svg(game, (), focus, {aid: "." for aid in ids})[0]
        xs = [float(m.group(2)) for m in _NOTE_AT.finditer(svg) if unescape(m.group(1)) in ids]
        if xs:
            return _middle(xs)
    return None

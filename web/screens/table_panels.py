"""The table's layout (pure Python HTML; docs/architecture.md "Page layout"): the regions the
renderer drew placed on the page (main board box, side column, drawer), the inspector and the
two-step pick. ``Page`` is one screen's drawing: which region drawings the page keeps, which it got."""

import math


from web.base import renderer
from web.model.a11y import board_text
from web.i18n import t, tn, tr
from web.screens.decision_panels import act_button
from web.kit.html_kit import button, esc, mark, seat_letter
from web.kit.regions import drawn_ids
from web.i18n.player_names import isolate
from web.screens.score_panels import seat_letters, with_rival


class Page:
    """One screen's region drawings. ``keep``: {region name: drawing} the page shows already (only
    a page that patches, web/morph.js): a region whose drawing is that one is sent as a
    placeholder, <svg data-keep="NAME"></svg>, that morph.js fills with the node it holds, so a tap
    does not make the browser parse and compare ~150 KB of unchanged SVG again (issue 9: taps redraw
    in <= 100 ms while a computer thinks). ``sent``: every region's drawing of this screen,
    placeholders or not (what the page shows once it is applied)."""

    def __init__(self, keep=None):
        self.keep = dict(keep or {})
        self.sent = {}

    def svg(self, r):
        """A region's drawing, or the placeholder for the one the page shows already."""
        self.sent[r.name] = r.svg
        if self.keep.get(r.name) == r.svg:
            return f'<svg data-keep="{esc(r.name)}"></svg>'
        return r.svg


def text_panel(s, view, regions, legal):
    """ "Board as text" (ui:board-text): the table's state in words, under the decision bar."""
    if not getattr(s, "text_open", False):
        return ""
    return board_text(view, regions, legal)


# Choices drawn only off the main board (on the own board or a side board) are buttons in the tray
# as well, up to this many: the tray shows under the board where those boards are not beside it
# (portrait, narrow screens; style.css), so every choice is in reach with the whole board in sight.
# More than this: no tray (side boards with more than SIDE_FIRST choices lead their column).
TRAY_MAX = 12


SIDE_FIRST = 8  # more choices than this on side boards: those boards lead their column


def off_board(regions):
    """The ids drawn only off the main board (the own board, a side board: below the screen's foot
    in portrait, perhaps scrolled away in the side column)."""
    board = drawn_ids([r for r in regions if r.place == "board"])
    if not board and len(regions) == 1:  # a plain picture: the one drawing is the board
        return set()
    return drawn_ids([r for r in regions if r.place != "others"]) - board


def tray(legal, off, hint=None, selected=None, parts=None, picks=(), picked=None, second=""):
    """The tray under the board (portrait and narrow screens; hidden where the side column shows
    those boards): a button for each choice drawn only off the main board, with its whole label
    (e.g. a task card's text), at most TRAY_MAX of them; and on a phone whose board shows its
    choices part by part (``parts`` = (part, parts, choices elsewhere), kit.regions.part_plan)
    the one-tap switch to the next part. More than TRAY_MAX: the renderer's ``picks`` (its
    ``tray_picks``: e.g. which card, then which stack), each a ui:pick:KEY; once one is picked,
    ``second`` (its pick_panel: which stack, and Cancel) takes their place, so the chooser lies
    under the board and never over it."""
    acts = [a for a in legal if a.id in off]
    first = ""
    if len(acts) > TRAY_MAX:
        acts, first = [], second or "".join(pick_button(k, label, ids, hint, k == picked) for k, label, ids in picks)
    switch = part_switch(parts) if parts else ""
    if not acts and not switch and not first:
        return ""
    return (
        f'<div class="tray" role="group" aria-label="{esc(t("app.tray.label"))}">{switch}{first}'
        + "".join(act_button(a, hint, selected) for a in acts)
        + "</div>"
    )


def pick_button(key, label, ids, hint=None, on=False):
    """A tray's first step (ui:pick:KEY): the choices it stands for are in data-stands-for
    (tests/support/table_fit.py counts them reachable through it), hinted when the hint is one;
    picked (``on``), its second step floats above it (page.core.place_pick)."""
    cls = "btn act tray-pick" + (" hint" if hint is not None and hint.id in ids else "") + (" selected" if on else "")
    return (
        f'<button type="button" class="{cls}" data-action="ui:pick:{esc(key)}" aria-pressed="{str(on).lower()}" '
        f'data-stands-for="{esc(" ".join(ids))}">{esc(tr(label))}</button>'
    )


def part_switch(parts):
    """ui:board-part: the board's next part of this decision's choices (their count said)."""
    k, n, rest = parts
    return (
        f'<button type="button" class="btn part-switch" data-action="ui:board-part">'
        f'<span aria-hidden="true">⇆</span> {esc(tn("app.board.other_part", "app.board.other_parts", rest))} ({k + 1}/{n})'
        "</button>"
    )


# ----- the table: regions laid out in columns (docs/architecture.md "Page layout"; CSS in style.css) ---------------------------------
def score_strip(view, colours):
    """Every player's score and whose turn it is, at a glance: one row of seat tokens, names and
    scores, the seat to play marked (a frame and a triangle, not colour alone; aria-current).
    Landscape: it heads the side column and stays there while the column scrolls (style.css), so
    the scores never lie ~3,000 px down the page under the boards (issue 51). Portrait and phones:
    a copy of it (.strip-top, table_layout) sticks under the decision bar, one row."""
    names, colours, _, totals = with_rival(view, [], colours)
    if not names:
        return ""
    letters, turn = seat_letters(view), view.get("current_player")
    items = []
    for i, name in enumerate(names):
        now = i == turn
        score = totals[i] if i < len(totals) else ""
        cur = ' class="turn" aria-current="true"' if now else ""
        arrow = '<span class="strip-turn" aria-hidden="true">▶</span>' if now else ""
        items.append(
            f"<li{cur}>{arrow}{mark(i, colours[i % len(colours)], seat_letter(letters, i))}"
            f'<span class="strip-name">{esc(isolate(name))}</span><b class="strip-score">{esc(score)}</b></li>'
        )
    return f'<ol class="score-strip" aria-label="{esc(t("app.scores.title"))}">{"".join(items)}</ol>'


def table_layout(
    s, regions, legacy, decision, side, drawer_open=False, cls_extra="", page=None, banner="", tray_html="", strip=""
):
    """The table fits the screen (docs/architecture.md "Page layout"): the decision bar across the
    top keeps one height (what does not fit in it lies over the board, never pushes it down);
    under it the main board fills its box (its SVG is the box's size, the drawing fitted inside:
    zoom 1 = Fit shows all of it, + and pinch enlarge it inside the scrolling box). Landscape:
    a side column on the right holds the "own" region first, then the "side" regions and the
    aside (other players in a collapsible section, scores, log). Portrait / narrow: own and side
    regions follow the board in one scrolling column; the aside is the drawer (ui:panel).
    Regions other than the main board are shown at their viewBox width (scale 1) where there is
    room; the main board is drawn for the scale it is shown at (regions.board_scale)."""
    board = [r for r in regions if r.place == "board"]
    own = [r for r in regions if r.place == "own"]
    sides = [r for r in regions if r.place == "side"]
    others = [r for r in regions if r.place == "others"]
    cls = "layout table" + cls_extra + ("" if board else " no-board")
    if drawer_open:
        cls += " panel-open"
    aspect = ""
    if board and not legacy:  # the board's height per width: the portrait column sizes its box by it
        aspect = f' style="--aspect:{(board[0].height or board[0].width) / max(1, board[0].width):.4f}"'
    if legacy:
        main = board_area(board[0].svg, s.zoom, board_min_px(s.game.GAME_NAME if s.game else "")) if board else ""
    else:
        main = "".join(board_region(r, s.zoom, page) for r in board)
    # Too many choices off the main board for the bar: the side boards holding them
    # come first in their column, before the own board.
    lead = []
    if len(drawn_ids(sides)) > SIDE_FIRST:
        lead, sides = [r for r in sides if r.drawn], [r for r in sides if not r.drawn]
    right = "".join(region_html(r, page) for r in lead) + "".join(region_html(r, page) for r in own)
    if sides:
        right += '<div class="regions">' + "".join(region_html(r, page) for r in sides) + "</div>"
    close = button("ui:panel", t("app.close"), cls="btn drawer-close", title=t("app.drawer.close_tip"))
    rivals = ""
    if others:
        rivals = (
            f'<details class="others" open><summary>{esc(t("app.drawer.others"))}</summary><div class="regions">'
            + "".join(region_html(r, page) for r in others)
            + "</div></details>"
        )
    return (
        f'<div class="{cls}"><div class="bar">{decision}</div>{_strip_top(strip)}'
        f'<div class="col-main"{aspect}>{main}'
        f'<div class="banner-slot">{banner}</div></div>{tray_html}'
        f'<div class="col-side">{strip}{right}<aside class="side">{close}{rivals}{"".join(side)}</aside></div></div>'
        f'{fresh_style(s, regions)}'
    )


def _strip_top(strip):
    """The score strip's copy under the bar (portrait, phones), or an empty stand-in: every table
    screen (History's too) keeps one shape, so morph.js patches it and the board's box stays."""
    return strip.replace("score-strip", "score-strip strip-top", 1) if strip else '<ol class="strip-top" hidden></ol>'


def region_html(r, page=None):
    """A side / own / others region: its viewBox width in px (scale 1) where there is room, the
    width of its column where there is not (a phone)."""
    w = max(1, r.width)
    return (
        f'<section class="region region-{esc(r.place)}" data-region="{esc(r.name)}" '
        f'aria-label="{esc(tr(r.title) if r.title else r.name)}" style="flex-basis:{w:g}px;'
        f'max-width:{w * 1.25:g}px;--w:{w:g}px">{(page or Page()).svg(r)}</section>'
    )


def board_region(r, zoom, page=None):
    """The main board: a box filling the room under the decision bar; its SVG fills the box at zoom 1 and is ``zoom`` times the box
    when zoomed (the box scrolls)."""
    w, h = max(1, r.width), max(1, r.height or r.width)
    return (
        f'<section class="board-area"><div class="board-scroll">'
        f'<div class="board fit region region-board" data-region="{esc(r.name)}" data-zoom="{zoom:g}" '
        f'data-size="{w:g} {h:g}" style="{board_size(f"{w:g} {h:g}", zoom)}">{(page or Page()).svg(r)}</div></div></section>'
    )


def board_size(size, zoom):
    """The main board's style at ``zoom``; ``size`` is its data-size ("W H" viewBox px, or "area
    MIN" for a plain picture). main.py restyles the board in place with it on a zoom tap (no
    re-render of the screen), so this is the one place the zoomed size is worked out."""
    a, b = size.split()
    if a == "area":
        return f"width:calc(max(100%, {b}px) * {zoom:g})"
    return f"width:{100 * zoom:g}%;height:{100 * zoom:g}%"


def inspector(s):
    """The inspector: the full text of the element tapped last (its data-info), plays nothing."""
    if not getattr(s, "inspecting", ""):
        return ""
    lines = "".join(f"<p>{esc(x)}</p>" for x in s.inspecting.split("\n") if x.strip())
    return (
        f'<section class="inspector" role="status" aria-live="polite">{lines}'
        f'{button("ui:inspect-close", t("app.close"), cls="btn inspector-close")}</section>'
    )


def pick_panel(choice, hint=None, back=()):
    """Second step of a two-step board choice: the legal actions at the picked place. ``back``:
    the ids its Cancel brings back in reach (a tray's other first steps: data-stands-for)."""
    if not choice:
        return ""
    sentence, acts = choice
    hinted = hint.id if hint is not None else None
    cancel = button("ui:pick-cancel", t("app.cancel"), cls="btn")
    if back:
        cancel = cancel.replace(
            ' data-action="ui:pick-cancel"', f' data-action="ui:pick-cancel" data-stands-for="{esc(" ".join(back))}"', 1
        )
    return (
        f'<section class="pick" aria-label="{esc(t("app.pick.choose"))}"><p class="why">{esc(tr(sentence))}</p><div class="group">'
        + "".join(button(a.id, tr(a.label), cls="btn act pick-btn" + (" hint" if a.id == hinted else "")) for a in acts)
        + cancel
        + "</div></section>"
    )


def board_area(svg, zoom, min_px=0):
    """A plain ``render`` picture (renderers without regions): zoom 1 = fit the width of the
    board area, never so narrow that tap targets drop below 44 CSS px (then it scrolls)."""
    if not svg:
        return ""
    return (
        f'<section class="board-area"><div class="board-scroll">'
        f'<div class="board" data-zoom="{zoom:g}" data-size="area {min_px}" '
        f'style="{board_size(f"area {min_px}", zoom)}">{svg}</div></div></section>'
    )


_MIN_PX = {}


def board_min_px(game, tap=44):
    """The board width (CSS px) at which the renderer's smallest hit shape (HIT viewBox units in
    a W-unit-wide viewBox) is ``tap`` px; 0 when the renderer does not say."""
    if game not in _MIN_PX:
        try:
            r = renderer.of(game)
        except (ImportError, ValueError):  # ValueError: no such game registered
            r = None
        # +1: rounding never lands at 43.9
        _MIN_PX[game] = math.ceil(r.width * tap / r.hit) + 1 if r is not None and r.hit else 0
    return _MIN_PX[game]


def fresh_style(s, regions=None):
    """The move just made animates once (a short pop of its last-move mark), never on later redraws
    and never under prefers-reduced-motion (style.css ``turn flow``). Only a mark the table draws
    (``regions``): the id of a move the viewer may not see (a computer's sale behind its screen)
    never reaches the page, not even in a selector."""
    played = getattr(s, "just_played", None) or []
    if regions is not None:
        drawn = "".join(r.svg for r in regions)
        played = [(seat, aid) for seat, aid in played if f'data-seat="{int(seat)}" data-last="{esc(aid)}"' in drawn]
    if not played:  # an empty one all the same: the screen keeps one shape, so morph.js patches
        return '<style class="fresh"></style>'  # it in place (a changed child count rebuilds)
    sel = ",".join(f'.board .lastmove[data-seat="{int(seat)}"][data-last="{_css_str(aid)}"]' for seat, aid in played)
    return f'<style class="fresh">@media (prefers-reduced-motion: no-preference) {{{sel}{{animation: tf-pop .28s ease-out}}}}</style>'


def _css_str(x):
    return str(x).replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")

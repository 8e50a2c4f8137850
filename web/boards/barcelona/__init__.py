"""Barcelona table as one SVG: a pure function of the view (no js imports; CPython-testable).

``render(view, legal_actions, *, colours=None, hint=None, selected=None, lastmove=None, marks=None)
-> (svg_markup, ids_drawn)``

  view           ``game.view(seat)``; only what it holds is drawn (``hand`` only when the view gives
                 it, i.e. to its own seat). All text goes through ``esc`` (names are user input).
  legal_actions  the Actions to offer: each one with a board place becomes a clickable group
                 ``<g class="legal" data-action=ID>`` with a tooltip and a hit shape >= HIT units;
                 the ids drawn are returned (the others are panel buttons).
  colours        seat colours (default ``web.kit.seats.DEFAULT_COLOURS``).
  hint           an action id suggested to the player: its group gets class ``hint``.
  selected       an action id chosen but not yet confirmed: its group gets class ``selected``
                 (a solid blue frame) and ``aria-pressed="true"``.
  lastmove       {seat: [action id, ...]}: each seat's last move, marked at the element the id
                 points at by a small seat token (colour + shape + letter), ``<g class="lastmove">``.
  marks          {element: note}: tutorial notes, a callout ``<g class="note" data-mark=...>`` on the
                 element. An element is an action id of the game (legal or not; improve/mtake/stile
                 point at the viewer's own board) or a region: tracks, cerda, services, sagrada,
                 pavement, scores, display, seat:N (that player's board).
  Ids the board has no place for (panel choices, regions not drawn) are ignored.

``render_regions(view, legal_actions, colours=None, *, hint, selected, lastmove, marks, scale)
-> [web.kit.svgkit.Region]``: the same table as regions the page lays out (docs/architecture.md "Page layout"): "board" (main
board, 740 units wide), "own" (the viewing seat's board, else the current player's), "side"
regions (tracks, cerda, services, sagrada, display, pavement, stacks; the ones holding a target
first), "others" (player:N). Every font >= 12 units, every hit shape >= 44, every element a
player may ask about has data-info (the page's inspector). Two different citizens: the
intersection is split in two targets, one per order (board._orders). A site with several ways to
build: one ``ui:pick:site:SITE`` target; ``pick_options(legal, "site:SITE")`` lists its ``build:``
actions for the pick. ``render`` stacks the regions
into one SVG (history, tests, tutorials).

Modules: layout (coordinates and sizes), words, glyphs, targets (the one reader of id formats),
board (main board), side (side boards), players (player boards), gaudi (the solo opponent), help
(player aid, turn-flow words), crop (tutorial focuses on part of the main board), lessons and
lesson_positions (tutorial lessons), words_v1 (the 1.x engine's English). ``RENDERER`` declares
all of it to the rest of web/ (web/base/renderer.py).
"""

from engine.core.msg import N_
from web.i18n import fingerprint, t, tr
from web.base.renderer import Renderer
from web.kit.region_memo import RegionMemo, Tracked
from web.kit.svg_document import document, render_from_regions, stack_regions
from web.kit.arrows import arrow_marks
from web.kit.svgkit import Region, RenderContext, font_floor

from . import crop, layout as L, targets
from .words import action_groups, upper_sentence
from .board import draw_main_board
from .glyphs import CSS
from .players import draw_player
from . import gaudi
from .side import (
    draw_cerda_track,
    draw_mod_display,
    draw_pavement,
    draw_sagrada_supply,
    draw_services,
    draw_stacks,
    draw_tracks,
)

W, HIT = L.W, L.HIT  # read by the page (table_panels.board_min_px, legacy sizing)
BOARD_VIEWBOX = (L.BOARD_W, L.BOARD_H + 4)  # the main board region's size (the page fits it to its box)
BG = "#f4f1ea"

# side regions: name -> (heading key, drawing function)
SIDES = {
    "tracks": (N_("bcn.ui.tracks"), draw_tracks),
    "cerda": (N_("bcn.ui.cerda_track"), draw_cerda_track),
    "services": (N_("bcn.ui.services"), draw_services),
    "sagrada": (N_("bcn.ui.sagrada_tiles"), draw_sagrada_supply),
    "display": (N_("bcn.ui.display"), draw_mod_display),
    "pavement": (N_("bcn.ui.pavement"), draw_pavement),
    "stacks": (N_("bcn.ui.stacks"), draw_stacks),
}


def __getattr__(name):
    """ACTION_GROUPS (read by the registry-driven panels): the headings in the active language."""
    if name == "ACTION_GROUPS":
        return action_groups()
    raise AttributeError(name)


# Static drawings (History steps, read-only boards) kept for the views that come back.
MEMO = RegionMemo()


def _region(ctx, name, place, heading, draw, width, scale=None):
    """Draw one region with its own anchors (last-move marks and notes land inside it); a static
    table (no targets, no highlights) reuses an earlier equal drawing (web/kit/region_memo.py)."""
    if ctx.memo_key is not None:
        return MEMO.draw(
            name,
            ctx.memo_key + (heading, width, font_floor(scale).units),
            ctx.source,
            ctx.view,
            lambda: _draw_region(ctx, name, place, heading, draw, width, scale),
        )
    return _draw_region(ctx, name, place, heading, draw, width, scale)


def _draw_region(ctx, name, place, heading, draw, width, scale=None):
    ctx.anchors = {}
    before = set(ctx.drawn)
    with font_floor(scale):  # the marks and notes of the overlay too
        body, h = draw()
        body += ctx.overlay() + arrow_marks(ctx)  # a review's move played and the better one
    h = int(h) + 4
    svg = document("bcn", width, h, t("bcn.ui.region_title", heading=heading), CSS, BG, [body])
    return Region(name, place, svg, width, frozenset(ctx.drawn - before), heading, h)


def render_regions(
    view: dict,
    legal_actions,
    colours=None,
    *,
    hint=None,
    selected=None,
    lastmove=None,
    marks=None,
    arrows=None,
    scale=None,
):
    """The table as regions. ``scale``: CSS px per viewBox unit the page shows the main board at
    (None = 1 or more); below 1 its text is drawn larger (>= 12 / scale units, svgkit.font_floor)
    and the words under the street-action pictures are left to the inspector."""
    static = not legal_actions and not (hint or selected or lastmove or marks or arrows)
    source = view
    if static:  # every region then reads the view through one that records what it reads
        view = Tracked(view)
    ctx = RenderContext(
        view,
        legal_actions,
        colours,
        targets=targets,
        width=L.BOARD_W,
        hit=HIT,
        hint=hint,
        selected=selected,
        lastmove=lastmove,
        marks=marks,
        arrows=arrows,
    )
    ctx.raw = {a.id: a.label for a in (legal_actions or [])}  # the labels as messages (their numbers)
    gaudi.prepare(ctx)  # the solo game: Gaudí's name and colour
    # What every static drawing also depends on: the words, and what the context took from the view.
    ctx.source = source
    ctx.memo_key = (
        (
            fingerprint(),
            tuple(ctx.names),
            tuple(ctx.colours),
            tuple(sorted(ctx.letters.items())),
            ctx.seat,
            view.get("current_player"),
        )
        if static
        else None
    )
    out = [
        _region(
            ctx, "board", "board", t("bcn.ui.main_board"), lambda: (draw_main_board(ctx), L.BOARD_H), L.BOARD_W, scale
        )
    ]
    # The drawings read the view through ctx.view, never through these names (the memo sees
    # only what is read through ctx.view).
    pbs = view.get("player_boards", [])
    own = view.get("seat")
    if own is None:
        own = view.get("current_player")
    if own is not None and 0 <= own < len(pbs):
        out.append(
            _region(
                ctx,
                "player:" + str(own),
                "own",
                t("bcn.ui.board_of", name=ctx.name(own)),
                lambda: _player(ctx, own, ctx.view["player_boards"][own]),
                L.PLAYER_W,
            )
        )
    auto = view.get("gaudi")
    if auto:  # the solo game: Gaudí's card and last turn first among the side regions
        out.append(_region(ctx, "gaudi", "side", ctx.name(auto["seat"]), lambda: gaudi.draw_card(ctx), L.SIDE_W))
    sides = [_region(ctx, name, "side", t(head), lambda d=d: d(ctx), L.SIDE_W) for name, (head, d) in SIDES.items()]
    sides.sort(key=lambda r: not r.drawn)  # the boards holding a target come first
    out.extend(sides)
    if auto:
        out.append(
            _region(
                ctx,
                "player:" + str(auto["seat"]),
                "others",
                t("bcn.ui.board_of", name=ctx.name(auto["seat"])),
                lambda: _player(ctx, auto["seat"], ctx.view["gaudi"]["board"]),
                L.PLAYER_W,
            )
        )
    for i in range(len(pbs)):
        if i != own:
            out.append(
                _region(
                    ctx,
                    "player:" + str(i),
                    "others",
                    t("bcn.ui.board_of", name=ctx.name(i)),
                    lambda i=i: _player(ctx, i, ctx.view["player_boards"][i]),
                    L.PLAYER_W,
                )
            )
    return out


def _player(ctx, i, p):
    body, h = draw_player(ctx, i, p)
    return f'<g class="pboard" data-seat="{i}">{body}</g>', h


def _stacked(view, regions):
    """The main board on the left, the other regions in a column at its right."""
    names = list(view.get("players") or [])
    return stack_regions("bcn", regions, t("bcn.ui.table_title", prompt=tr(view.get("prompt"), names)), CSS, BG)


render = render_from_regions(render_regions, _stacked)


def pick_options(legal_actions, key):
    """The second step of a building site with several ways to build ("site:<site>"): (which one,
    its ``build:`` actions). The board draws the two orders of two different citizens as two
    targets (board._orders); an intersection key still lists its ``place:`` actions."""
    if str(key).startswith("site:"):
        return t("bcn.ui.build_which_why"), targets.at_place(legal_actions, key)
    return upper_sentence(), targets.at_place(legal_actions, key)


# The declared interface (web/base/renderer.py): what the rest of web/ reads of this package.
RENDERER = Renderer(
    render=render,
    regions=render_regions,
    pick_options=pick_options,
    action_groups=action_groups,
    board_viewbox=BOARD_VIEWBOX,
    width=W,
    hit=HIT,
    help=__name__ + ".help",
    automaton_letter=N_("bcn.ui.gaudi_letter"),
    focus=("tracks", "cerda", "services", "sagrada", "display", "pavement", "stacks"),
    focus_aliases={"scores": "stacks"},
    crop=crop.crop_box,
    crop_help=crop.HELP,
    lessons=__name__ + ".lessons",
    lesson_positions=__name__ + ".lesson_positions",
    legacy_words=__name__ + ".words_v1",
)

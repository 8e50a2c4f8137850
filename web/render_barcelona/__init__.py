"""Barcelona table as one SVG: a pure function of the view (no js imports; CPython-testable).

``render(view, legal_actions, *, colours=None, hint=None, selected=None, lastmove=None, marks=None)
-> (svg_markup, ids_drawn)``

  view           ``game.view(seat)``; only what it holds is drawn (``hand`` only when the view gives
                 it, i.e. to its own seat). All text goes through ``esc`` (names are user input).
  legal_actions  the Actions to offer: each one with a board place becomes a clickable group
                 ``<g class="legal" data-action=ID>`` with a tooltip and a hit shape >= HIT units;
                 the ids drawn are returned (the others are panel buttons).
  colours        seat colours (default ``web.seats.DEFAULT_COLOURS``).
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

Modules: layout (coordinates and sizes), words, glyphs, targets (the one reader of id formats),
board (main board), side (tracks, supplies, side board), players (player boards).

Layout (viewBox 1600 wide, height from the player count):
  left   main board (Eixample grid, action tiles, row bonus tiles), citizen tracks,
         Cerdà track, public services and Sagrada Família supply;
  right  side board (cobblestone pavement, scores, building stacks, Modernisme display
         with a tile x space matrix while a project is being chosen), then one board per player.
"""
from web.svgkit import RenderContext, document

from . import layout as L, targets
from .words import ACTION_GROUPS  # noqa: F401 (the registry-driven panels read it from the package)
from .board import draw_main_board
from .glyphs import CSS
from .players import draw_player
from .side import draw_cerda_track, draw_services, draw_sagrada_supply, draw_side, draw_tracks

W, HIT = L.W, L.HIT           # read by the page (panels.board_min_px)


def render(view: dict, legal_actions, colours=None, *, hint=None, selected=None, lastmove=None, marks=None):
    """SVG markup for the whole table, and the ids of the legal actions drawn on it."""
    ctx = RenderContext(view, legal_actions, colours, targets=targets, width=W, hit=HIT,
                        hint=hint, selected=selected, lastmove=lastmove, marks=marks)
    parts = [draw_main_board(ctx)]
    tx, ty = L.TRACKS[:2]
    t, y = draw_tracks(ctx, tx, ty)
    parts.append(t)
    c, y = draw_cerda_track(ctx, tx, y + L.GAP)
    parts.append(c)
    s, left_h = draw_services(ctx, tx, y + L.GAP, L.SERVICES_W)
    parts.append(s)
    g, _ = draw_sagrada_supply(ctx, L.SAGRADA_X, y + L.GAP, L.SAGRADA_W)
    parts.append(g)
    sd, y = draw_side(ctx, L.SIDE_X, 8)
    parts.append(sd)
    pbs = view.get("player_boards", [])
    ph, pw = L.PLAYER_H, W - L.SIDE_X - 8
    for i, p in enumerate(pbs):
        parts.append(f'<g class="pboard" data-seat="{i}">'
                     + draw_player(ctx, i, p, L.SIDE_X, y + L.GAP + i * (ph + L.PLAYER_GAP), pw, ph) + "</g>")
    right_h = y + L.GAP + len(pbs) * (ph + L.PLAYER_GAP)
    parts.append(ctx.overlay())
    h = int(max(left_h, right_h) + 10)
    return (document("bcn", W, h, f"Barcelona board. {view.get('prompt', '')}", CSS, "#f4f1ea", parts),
            set(ctx.drawn))

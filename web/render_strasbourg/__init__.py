"""Strasbourg table as one SVG: a pure function of the view (no js imports; CPython-testable).

``render(view, legal_actions, *, colours=None, hint=None, selected=None, lastmove=None, marks=None)
-> (svg_markup, ids_drawn)``

  view           ``game.view(seat)``; only what it holds is drawn. Hand, stack values, deck make-up
                 and task cards come from the view's own-seat keys and are drawn on the viewer's
                 board only (``view['seat']``); other seats show counts. All text is escaped.
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
                 element. An element is an action id of the game (legal or not; sell/draw/put/bid/
                 drop/return point at the viewer's own board) or a region: status, city, rounds,
                 council, prestige, auction, supply, seat:N (that player's board).
  Ids the table has no place for (panel choices, elements not drawn now) are ignored.

Modules: layout (coordinates and sizes), words, glyphs, targets (the one reader of id formats),
board (status line, city), side (round boards, council, prestige, auction), players.

Layout (viewBox 1200 wide, height from the player count and the viewer's own board):
  top      status line (round, step, start player / game over);
  left     the 9 x 6 city with a legend that doubles as the goods supply;
  right    the 5 round boards with the round/step marker, the council (8 seats), prestige;
  middle   the auction: step, stake (what each rank gets), bids in bidding order, ranking;
  bottom   the player boards, the viewer's own first.
"""
from web.svgkit import RenderContext, document

from . import layout as L, targets
from .words import ACTION_GROUPS  # noqa: F401 (the registry-driven panels read it from the package)
from .board import draw_city, draw_status
from .glyphs import BG, CSS, FALLBACK_GUILD_COLOUR
from .players import draw_player
from .side import draw_auction, draw_council, draw_prestige, draw_rounds

W, HIT = L.W, L.HIT           # read by the page (panels.board_min_px)


class Ctx(RenderContext):
    """Per-render state plus the guild colours and names of the view."""

    def __init__(self, view, legal_actions, colours, **kw):
        super().__init__(view, legal_actions, colours, targets=targets, width=W, hit=HIT, **kw)
        self.guilds = {g.get("key"): g for g in view.get("guilds") or []}

    def gcolour(self, guild):
        g = self.guilds.get(guild)
        return (g or {}).get("colour") or FALLBACK_GUILD_COLOUR.get(guild, "#9a9a9a")

    def gname(self, guild):
        g = self.guilds.get(guild)
        return (g or {}).get("name") or str(guild).capitalize()


def render(view: dict, legal_actions, colours=None, *, hint=None, selected=None, lastmove=None, marks=None):
    """SVG markup for the whole table, and the ids of the legal actions drawn on it."""
    ctx = Ctx(view, legal_actions, colours, hint=hint, selected=selected, lastmove=lastmove, marks=marks)
    m, gap = L.MARGIN, L.GAP
    parts = [draw_status(ctx, m, m, W - 2 * m)]
    cx, cy0, cw = L.CITY
    city, cy = draw_city(ctx, cx, cy0, cw)
    parts.append(city)
    rx, rw = L.RIGHT_X, W - L.RIGHT_X - m
    r, y = draw_rounds(ctx, rx, cy0, rw)
    parts.append(r)
    c, y = draw_council(ctx, rx, y + gap, rw)
    parts.append(c)
    p, y = draw_prestige(ctx, rx, y + gap, rw)
    parts.append(p)
    a, y = draw_auction(ctx, m, max(cy, y) + gap, W - 2 * m)
    parts.append(a)
    pss = view.get("player_states") or []
    order = list(range(len(pss)))
    seat = view.get("seat")
    if seat is not None and 0 <= seat < len(pss):
        order.remove(seat)
        order.insert(0, seat)
    for i in order:
        b, y = draw_player(ctx, i, pss[i], m, y + gap, W - 2 * m)
        parts.append(b)
    parts.append(ctx.overlay())
    h = int(y + 10)
    return (document("sxb", W, h, f"Strasbourg table. {view.get('prompt', '')}", CSS, BG, parts),
            set(ctx.drawn))

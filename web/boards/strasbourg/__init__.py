"""The Strasbourg table as SVG regions: pure functions of the view (no js imports; CPython-testable).

``render_regions(view, legal_actions, colours=None, *, hint=None, selected=None, lastmove=None,
marks=None) -> [web.kit.svgkit.Region]`` (the region contract: docs/architecture.md "Page layout")

  "board"     place board, BOARD_W wide: status line, the 9 x 6 city, the guild legend (= goods
              supply, with the apprentice's goods target) and the key of its pictures;
  "rounds", "council", "prestige", "auction", "supply"
              place side, SIDE_W wide: the round boards with the legend of their marks (N/C, $,
              $+M, Ed, Ch), the council, the prestige track, the auction table (the stake, bids in
              bidding order, ranking and what each rank gets; before the auctions the plotting
              summary; at the end the final scoring), the supply;
  "player:N"  the viewer's own board (place own; hand, stack values, deck make-up, task cards from
              the view's own-seat keys only) and the other seats' public boards (place others).

  view           ``game.view(seat)``; only what it holds is drawn. All text is escaped.
  legal_actions  the Actions to offer: each with a board place becomes a clickable group
                 ``<g class="legal" data-action=ID>`` drawn as an outline over the element (never a
                 fill that hides it) with a hit shape >= HIT units; ``Region.drawn`` lists them.
  colours        seat colours (default ``web.kit.seats.DEFAULT_COLOURS``).
  hint, selected, lastmove, marks: as in ``web.kit.svgkit.RenderContext`` (suggested move, chosen but
                 unconfirmed move, each seat's last move, tutorial notes on elements or regions:
                 status, city, rounds, council, prestige, auction, supply, seat:N).
  Every element a player may ask about carries ``data-info`` (its full description) for the
  page's inspector; nothing is cut with an ellipsis, no font is below 12 units.

``render(...) -> (svg, ids drawn)``: the same regions composed into one SVG W units wide (history,
tutorials): the city, the auction and the own board on the left, the other regions on the right.

Modules: layout (sizes), words, glyphs, targets (the one reader of id formats), board (the city),
side (the side boards), players (the player boards), sale (the sale picker: the seller's goods rows
pick the tiles, ``pick_options`` offers the one legal id that sells them), help (player aid, turn-flow words), lessons
and lesson_positions (tutorial lessons), words_v1 (the 1.x engine's English). ``RENDERER``
declares all of it to the rest of web/ (web/base/renderer.py).
"""

import math

from web.kit import svgkit
from web.i18n import fingerprint, t, tr
from web.i18n.player_names import isolate
from web.kit.region_memo import RegionMemo, Tracked
from web.base.renderer import Renderer
from web.kit.svg_document import document, render_from_regions
from web.kit.arrows import arrow_marks
from web.kit.svgkit import Region, RenderContext

from . import layout as L, targets
from . import sale, stacking
from .words import ACTION_GROUPS
from .board import draw_board, status_line
from .glyphs import BG, CSS, FALLBACK_GUILD_COLOUR, rect, text, wrap
from .players import draw_other, draw_own
from .side import draw_auction, draw_council, draw_prestige, draw_rounds, draw_supply

W, HIT = L.W, L.HIT  # read by the page (table_panels.board_min_px) for the composed table
BOARD_VIEWBOX = (L.BOARD_W, L.BOARD_H)  # the city region's usual size (the page fits it to its box)
NOTE_SIZE = 15  # tutorial notes: >= 13 CSS px even in the composed table


class Ctx(RenderContext):
    """Per-region render state plus the guild colours and names of the view."""

    def __init__(self, view, legal_actions, colours, width, **kw):
        super().__init__(view, legal_actions, colours, targets=targets, width=width, hit=HIT, **kw)
        self.guilds = {g.get("key"): g for g in view.get("guilds") or []}

    def gcolour(self, guild):
        g = self.guilds.get(guild)
        return (g or {}).get("colour") or FALLBACK_GUILD_COLOUR.get(guild, "#9a9a9a")

    def gname(self, guild):
        g = self.guilds.get(guild)
        name = (g or {}).get("name")
        return tr(name, self.names) if name else str(guild)

    def overlay(self) -> str:
        """Last-move markers (svgkit's) and tutorial notes sized for a region at scale 1."""
        out = []
        placed = {}
        marked = set()  # (seat, place): a seat's several moves at one place (draws) are one token
        for seat, ids in sorted(self.lastmove.items()):
            for aid in ids:
                pos = self._where(aid, seat)
                if pos is None or (seat, pos) in marked:
                    continue
                marked.add((seat, pos))
                k = placed.get(pos, 0)
                placed[pos] = k + 1
                if (targets.anchor_key(aid, seat) or ("",))[0] == "deck":
                    # on the pile itself, side by side: above-right it covered the deck's words
                    # (issue 51: markers overlap text)
                    out.append(_last_marker(self, seat, aid, pos[0] + k * 30, pos[1] - 4))
                else:
                    out.append(_last_marker(self, seat, aid, pos[0] + 22 + k * 30, pos[1] - 22))
        for element, note in self.marks.items():
            pos = self._where(element, self.seat if self.seat is not None else self.view.get("current_player"))
            if pos is not None:
                out.append(_callout(self, element, note, *pos))
        out.append(arrow_marks(self))  # a review's move played and the better one
        return "".join(out)


def _last_marker(ctx, seat, aid, x, y):
    """A seat's last move: its seat token (colour + shape + letter, letter >= 12 units) on a white ring."""
    title = svgkit.title(t("str.ui.last_move_of", who=ctx.name(seat)))
    return (
        f'<g class="lastmove" data-seat="{int(seat)}" data-last="{svgkit.esc(aid)}">{title}'
        f'<circle cx="{svgkit.num(x)}" cy="{svgkit.num(y)}" r="16" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'
        + svgkit.seat_mark(ctx, seat, x, y, 12)
        + "</g>"
    )


def _callout(ctx, element, note, x, y):
    """A tutorial note: a dot on the element, a leader line and a box with the text, inside the region."""
    size = NOTE_SIZE
    rows = wrap(note, min(300, ctx.width - 40), size, True)[:4]
    bw = 16 + max(len(s) for s in rows) * size * 0.62
    bh = 10 + 1.25 * size * len(rows)
    bx = x + 34 if x + 34 + bw <= ctx.width - 4 else max(4, x - 34 - bw)
    by = max(4, y - 34 - bh)
    ex, ey = (bx if bx > x else bx + bw), by + bh
    body = [
        f'<circle cx="{svgkit.num(x)}" cy="{svgkit.num(y)}" r="7" fill="{svgkit.SELECTED}" stroke="#fff" '
        f'stroke-width="2"/>',
        f'<path d="M{svgkit.num(x)} {svgkit.num(y)}L{svgkit.num(ex)} {svgkit.num(ey)}" '
        f'stroke="{svgkit.SELECTED}" stroke-width="3"/>',
        rect(bx, by, bw, bh, svgkit.NOTE_FILL, svgkit.SELECTED, 2.5, 8),
    ]
    for i, s in enumerate(rows):
        body.append(
            text(bx + 8, by + 4 + size * (1 + 1.25 * i) - size * 0.15, s, size=size, anchor="start", weight="700")
        )
    return f'<g class="note" data-mark="{svgkit.esc(element)}">{svgkit.title(note)}{"".join(body)}</g>'


# Static drawings (History steps, read-only boards) kept for the views that come back.
MEMO = RegionMemo()


def _region(name, place, title, width, draw, view, legal, colours, kw, scale=None):
    """One region, drawn on its own context; a static table (no targets, no highlights) reuses an
    earlier equal drawing (web/kit/region_memo.py: the view is read through one that records what
    the drawing reads)."""
    if legal or any(kw.values()):
        return _draw_region(name, place, title, width, draw, view, legal, colours, kw, scale)
    tracked = Tracked(view)
    common = (fingerprint(), title, width, tuple(colours or ()), svgkit.font_floor(scale).units, svgkit.may_grow())
    return MEMO.draw(
        name,
        common,
        view,
        tracked,
        lambda: _draw_region(name, place, title, width, draw, tracked, legal, colours, kw, scale),
    )


def _draw_region(name, place, title, width, draw, view, legal, colours, kw, scale=None):
    ctx = Ctx(view, legal, colours, width, **kw)
    with svgkit.font_floor(scale):  # the marks and notes of the overlay too
        body, h = draw(ctx)
        over = ctx.overlay()
    h = int(math.ceil(h))
    svg = document("sxb", width, h, f"{title}. {tr(view.get('prompt'), ctx.names)}", CSS, BG, [body, over])
    return Region(name=name, place=place, svg=svg, width=width, drawn=frozenset(ctx.drawn), title=title, height=h)


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
    """The table as regions (see the module docstring), in page order within each place.
    ``scale``: CSS px per viewBox unit the page shows the city at (None = 1 or more); below 1 its
    text is drawn larger (>= 12 / scale units, svgkit.font_floor)."""
    legal = list(legal_actions or [])
    kw = dict(hint=hint, selected=selected, lastmove=lastmove, marks=marks, arrows=arrows)
    out = [_region("board", "board", t("str.ui.city"), L.BOARD_W, draw_board, view, legal, colours, kw, scale)]
    pss = view.get("player_states") or []
    seat = view.get("seat")
    if seat is not None and 0 <= seat < len(pss):
        out.append(
            _region(
                "player:" + str(seat),
                "own",
                t("str.ui.you", who=pss[seat].get("name") or _name(view, seat)),
                L.SIDE_W,
                lambda c: draw_own(c, seat, c.view["player_states"][seat]),
                view,
                legal,
                colours,
                kw,
            )
        )
    if view.get("is_over"):
        auction_title = t("str.ui.final_scoring")
    elif view.get("auction") or str(view.get("phase", "")).startswith("lobbying"):
        auction_title = t("str.ui.auction")
    else:
        auction_title = t("str.ui.this_round")
    for name, title, draw in (
        ("auction", auction_title, draw_auction),
        ("rounds", t("str.ui.round_boards"), draw_rounds),
        ("council", t("str.ui.council"), draw_council),
        ("prestige", t("str.ui.prestige_track"), draw_prestige),
        ("supply", t("str.ui.supply"), draw_supply),
    ):
        out.append(_region(name, "side", title, L.SIDE_W, draw, view, legal, colours, kw))
    for i, ps in enumerate(pss):
        if i != seat:
            out.append(
                _region(
                    "player:" + str(i),
                    "others",
                    ps.get("name") or _name(view, i),
                    L.SIDE_W,
                    lambda c, i=i: draw_other(c, i, c.view["player_states"][i]),
                    view,
                    legal,
                    colours,
                    kw,
                )
            )
    return out


_SEAT = "core.seat"  # "Seat {n}": the app's catalog (no player name given)


def _name(view, s):
    names = view.get("players") or []
    return isolate(names[s]) if 0 <= s < len(names) else t(_SEAT, n=s + 1)


def _two_columns(view, regions):
    """The city, the auction and the own board on the left, the other regions on the right."""
    by = {r.name: r for r in regions}
    left = [by["board"], by["auction"]] + [r for r in regions if r.place == "own"]
    right = [r for r in regions if r not in left]
    parts, heights = [], []
    for x, col in ((0, left), (L.BOARD_W + L.COL_GAP, right)):
        y = 0
        for r in col:
            h = r.height
            parts.append(r.svg.replace("<svg ", f'<svg x="{x}" y="{y}" width="{r.width}" height="{h}" ', 1))
            y += h + L.COL_GAP
        heights.append(y)
    h = max(heights)
    return document("sxb", W, h, t("str.ui.table", status=status_line(view, lambda s: _name(view, s))), CSS, BG, parts)


render = render_from_regions(render_regions, _two_columns)


def pick_options(legal_actions, key):
    """The second step of a pick: a sale's tiles (sale.py) or a card's stack (stacking.py)."""
    return sale.pick_options(legal_actions, key) or stacking.pick_options(legal_actions, key)


def _action_groups():
    return dict(ACTION_GROUPS)


# The declared interface (web/base/renderer.py): what the rest of web/ reads of this package.
RENDERER = Renderer(
    render=render,
    regions=render_regions,
    pick_options=pick_options,
    tray_picks=stacking.tray_picks,
    action_groups=_action_groups,
    board_viewbox=BOARD_VIEWBOX,
    width=W,
    hit=HIT,
    help=__name__ + ".help",
    focus=("auction", "rounds", "council", "prestige", "supply"),
    focus_aliases={"city": "board", "plotting": "auction"},
    lessons=__name__ + ".lessons",
    lesson_positions=__name__ + ".lesson_positions",
    legacy_words=__name__ + ".words_v1",
)

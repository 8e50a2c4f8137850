"""SVG building blocks shared by the game renderers (pure Python, no js imports).

Both renderers draw seats the same way (colour + shape + letter from ``web.kit.seats``, so colour is
never the only cue), escape every text, and wrap each legal target in the same clickable group:
highlight + visual + an invisible hit shape big enough to tap. What a render highlights besides
the legal targets (the suggested move, the selected move, each seat's last move, tutorial notes)
is given to ``RenderContext`` as arguments and drawn here, identically for every game.
"""

import math
import re
from dataclasses import dataclass
from html import escape

from web.kit.seats import DEFAULT_COLOURS, SEAT_SHAPES, letter, needs_white_text
from web.i18n import t, tr
from web.i18n.player_names import isolate
from web.kit.names import accessible_name

INK, MUTED, LINE, PAPER = "#1d1d1d", "#5d5a55", "#8a8170", "#fffdf8"
SELECTED = "#0072B2"  # Okabe-Ito blue: the selected move (the hint is orange, see style.css)
NOTE_FILL = "#fffbe6"
# --euro-cjk: the CJK fonts (scripts/cjk_font.py, web/style.css), first: a generic family listed
# before them draws boxes for Chinese characters on Linux instead of falling through.
FONTS = "var(--euro-cjk,system-ui),system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"


@dataclass(frozen=True)
class Region:
    """One drawing of the table shown on its own on the page (see /docs/architecture.md, "Page
    layout"): the page gives it its own box at a scale >= 1, so a region keeps its viewBox narrow
    enough for its column and every font-size >= 12 units.

    place: "board" (the main board, width <= 740), "own" (the deciding seat's board, <= 400),
    "side" (public side boards, <= 400), "others" (other seats' boards, <= 400)."""

    name: str
    place: str
    svg: str
    width: float
    drawn: frozenset = frozenset()
    title: str = ""
    height: float = 0


PLACE_MAX_WIDTH = {"board": 740, "own": 400, "side": 400, "others": 400}


def info(s) -> str:
    """The ``data-info`` attribute: the full description a tap shows in the inspector panel."""
    return f' data-info="{esc(s)}"' if s else ""


def inert(s, body, cls="info") -> str:
    """A non-target element a player may ask about: tooltip for mouse users, data-info for a tap."""
    return f'<g class="{cls}"{info(s)}>{title(s)}{body}</g>'


_ESCAPED = {}  # text -> its escaped form: a table escapes the same labels on every redraw


def esc(x) -> str:
    if type(x) is not str:
        return escape(str(x), quote=True)
    e = _ESCAPED.get(x)
    if e is None:
        if len(_ESCAPED) > 8192:  # bounded: log lines and names come and go
            _ESCAPED.clear()
        e = _ESCAPED[x] = escape(x, quote=True)
    return e


def num(v) -> str:
    """Compact number for coordinates: a float to one decimal, without a trailing ".0"
    (called ~3,500 times per drawn table: kept to one format and one slice)."""
    if isinstance(v, float):
        s = f"{v:.1f}"
        return s[:-2] if s[-1] == "0" else s
    return str(v)


# The smallest font-size (viewBox units) drawn now: 12 when a region is shown at a scale >= 1;
# 12 / scale while a board shown smaller is drawn (``font_floor``), so its text stays >= 12 CSS px.
FONT_FLOOR = [12.0]


class font_floor:
    """``with font_floor(scale):`` every ``text`` drawn inside is >= 12 / scale units (>= 12 CSS px
    once the drawing is shown at ``scale`` CSS px per unit); a scale >= 1 changes nothing."""

    def __init__(self, scale):
        self.units = 12.0 / min(1.0, max(0.25, scale or 1.0))

    def __enter__(self):
        FONT_FLOOR.append(self.units)
        return self.units

    def __exit__(self, *exc):
        FONT_FLOOR.pop()


GROW = [True]


class no_growth:
    """``with no_growth():`` a drawing keeps its usual size: what would take more rows at a high
    font floor (a legend of boxes) stays in its one row, squeezed (kit.regions.
    drawn_for_its_height: a board box too short in height for the grown drawing)."""

    def __enter__(self):
        GROW.append(False)

    def __exit__(self, *exc):
        GROW.pop()


def may_grow() -> bool:
    return GROW[-1]


def floor() -> float:
    """The font floor in force (units); > 12 while a board shown below scale 1 is drawn."""
    return FONT_FLOOR[-1]


# Average advance of a glyph per font-size unit (the sans-serif fonts the page uses, Latin text):
# an estimate, to decide when a label needs squeezing into its box.
GLYPH_W = {"normal": 0.58, "700": 0.64, "bold": 0.64}


def text_width(s, size=14, weight="normal") -> float:
    return len(str(s)) * float(size) * GLYPH_W.get(str(weight), 0.58)


def text(x, y, s, size=14, anchor="middle", weight="normal", fill=None, extra="", max_w=None) -> str:
    """``max_w``: the room the label has (units); a longer one (a long word in another language)
    is squeezed to it with textLength, never drawn below the font floor nor past its box."""
    f = f' style="fill:{fill}"' if fill else ""
    if float(size) < FONT_FLOOR[-1]:
        size = FONT_FLOOR[-1]
    if max_w is not None and text_width(s, size, weight) > max_w:
        extra += f' textLength="{num(max(1, max_w))}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" text-anchor="{anchor}" '
        f'font-weight="{weight}"{f}{extra}>{esc(s)}</text>'
    )


def title(s) -> str:
    return f"<title>{esc(s)}</title>"


def tip(s, body) -> str:
    """An inert group with a tooltip."""
    return f"<g>{title(s)}{body}</g>"


def trunc(s, n) -> str:
    s = str(s)
    return s if len(s) <= n else s[: n - 1] + "…"


def rect(x, y, w, h, fill="none", stroke=LINE, sw=1.5, rx=6, extra="") -> str:
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{num(sw)}"{extra}/>'
    )


def panel(x, y, w, h, head=None, fill=PAPER, sub=None, head_size=16, head_dy=22) -> str:
    """A rounded board panel with an optional heading (left) and sub-heading (right)."""
    out = rect(x, y, w, h, fill, LINE, 1.5, 10)
    if head:
        out += text(x + 12, y + head_dy, head, size=head_size, anchor="start", weight="700")
    if sub:
        out += text(x + w - 12, y + head_dy, sub, size=14, anchor="end", fill=MUTED)
    return out


# ---------------------------------------------------------------- highlights and tap areas
def hl_rect(x, y, w, h, rx=8) -> str:
    """The filled highlight under a legal target (styled by ``css``)."""
    return f'<rect class="hl" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}"/>'


def hl_outline(x, y, w, h, rx=6) -> str:
    """An outline-only highlight, for targets whose content must stay readable under it."""
    return f'<rect class="hlo" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}"/>'


def tap_floor(hit=0, room=0) -> float:
    """The smallest hit size (units) drawn now: ``hit``, and never under 44 CSS px at the scale the
    drawing is made for (a board shown below scale 1 draws its tap areas larger, as its text),
    down to TAP_SCALE: below it (a phone's overview, which + zooms) they would crowd each other.
    ``room``: the units a target has to itself (the spacing to its nearest possible neighbour
    target, less a gap): it keeps 44 px down to the scale at which that is full (a phone's board
    at its whole width: intersections of a grid far apart)."""
    lowest = min(TAP_SCALE, TAP_PX / room) if room else TAP_SCALE
    return max(hit, math.ceil(min(floor(), 12.0 / lowest) * TAP_PX / 12.0))  # whole units: never rounded below


TAP_PX = 44  # the smallest tap target, CSS px
TAP_SCALE = 0.7  # the smallest scale that keeps it: the page's boards from 700 px wide


def hit_rect(cx, cy, w, h, hit) -> str:
    """Invisible tap area centred on (cx, cy), at least ``hit`` units (and 44 CSS px) each way."""
    hit = tap_floor(hit)
    w, h = max(w, hit), max(h, hit)
    return f'<rect class="hit" x="{num(cx - w / 2)}" y="{num(cy - h / 2)}" width="{num(w)}" height="{num(h)}"/>'


def hit_circle(cx, cy, r, hit, room=0) -> str:
    hit = tap_floor(hit, room)
    return f'<circle class="hit" cx="{num(cx)}" cy="{num(cy)}" r="{num(max(r, hit / 2))}"/>'


def css(root, fonts=FONTS, hl_width=3, hl_dash="7 4", hl_hover=5, outline=False) -> str:
    """The board's own style sheet, scoped by the root class (``bcn``, ``sxb``)."""
    r = "." + root
    out = (
        f"{r} text{{font-family:{fonts};fill:{INK}}}"
        f"{r} .legal{{cursor:pointer}}"
        f"{r} .legal .hl{{fill:#fff1a0;stroke:{INK};stroke-width:{hl_width};stroke-dasharray:{hl_dash}}}"
    )
    if outline:
        out += f"{r} .legal .hlo{{fill:none;stroke:{INK};stroke-width:3;stroke-dasharray:{hl_dash}}}"
    out += f"{r} .legal:hover .hl,{r} .legal:focus .hl{{fill:#ffe14d;stroke-width:{hl_hover}}}"
    if outline:
        out += f"{r} .legal:hover .hlo,{r} .legal:focus .hlo{{stroke-width:5}}"
    out += (
        f"{r} [data-info]{{cursor:pointer}}"
        f"{r} .hit{{fill:#fff;fill-opacity:0;stroke:none}}"
        # the selected move (preview before confirming): a solid blue frame on its tap area
        f"{r} .legal.selected .hit{{fill:{SELECTED};fill-opacity:.18;stroke:{SELECTED};stroke-width:6}}"
        # keyboard focus: a thick dark ring on the tap area (>= 3:1 on every board colour),
        # drawn by the hit shape itself so it follows circles and polygons
        f"{r} .legal:focus{{outline:none}}"
        f"{r} .legal:focus-visible .hit{{stroke:{INK};stroke-width:6;stroke-opacity:1;"
        f"fill:#fff;fill-opacity:.25}}"
    )
    return out


_NUMS = re.compile(r'(x|y|width|height|cx|cy|r|points)="([^"]*)"')


def hit_box(hit):
    """(x0, y0, x1, y1) of a hit shape's markup (rect, circle or polygon), else None."""
    a = dict(_NUMS.findall(hit or ""))
    try:
        if "cx" in a:
            cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
            return cx - r, cy - r, cx + r, cy + r
        if "width" in a:
            x, y = float(a["x"]), float(a["y"])
            return x, y, x + float(a["width"]), y + float(a["height"])
        if "points" in a:
            pts = [float(v) for v in re.split(r"[ ,]+", a["points"].strip())]
            xs, ys = pts[0::2], pts[1::2]
            return min(xs), min(ys), max(xs), max(ys)
    except (KeyError, ValueError, IndexError):
        return None
    return None


def selected_badge(hit) -> str:
    """The non-colour cue of the selected target: a white disc with a tick at the top-right
    corner of its tap area (the blue frame alone would be a colour cue)."""
    box = hit_box(hit)
    if box is None:
        return ""
    x, y = box[2] - 12, box[1] + 12
    return (
        f'<g class="sel-badge" aria-hidden="true"><circle cx="{num(x)}" cy="{num(y)}" r="11" fill="#fff" '
        f'stroke="{INK}" stroke-width="2"/><path d="M{num(x - 5)} {num(y)}l4 4l7 -8" fill="none" '
        f'stroke="{INK}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></g>'
    )


# ---------------------------------------------------------------- render state
class RenderContext:
    """Per-render state: legal ids and labels (and where each points, through the game's
    ``targets`` parser), ids drawn so far, seat colours and names, and the highlight arguments
    of ``render``. Drawing code registers the position of every place an id can point at
    (``anchor``), so last moves and notes land on the element whether or not it is legal now."""

    def __init__(
        self,
        view,
        legal_actions,
        colours,
        *,
        targets=None,
        width=1000,
        hit=52,
        hint=None,
        selected=None,
        lastmove=None,
        marks=None,
        arrows=None,
    ):
        self.view = view
        legal_actions = list(legal_actions or [])
        self.names = list(view.get("players") or [])
        # labels are engine messages: translated once here, in the active language (web/i18n/__init__.py)
        self.legal = {a.id: tr(a.label, self.names) for a in legal_actions}
        self.drawn = set()
        cols = list(colours or DEFAULT_COLOURS)
        self.colours = [cols[i % len(cols)] for i in range(max(len(self.names), 1))]
        self.seat = view.get("seat")
        self.width, self.hit = width, hit
        self.targets = targets
        # the legal ids by the board place they point at (see the game's targets.py)
        self.at = targets.index(legal_actions, view.get("current_player")) if targets else {}
        self.hint, self.selected = hint, selected
        self.lastmove = {int(s): list(ids or []) for s, ids in (lastmove or {}).items()}
        self.marks = dict(marks or {})
        self.arrows = [(int(a[0]), str(a[1]), str(a[2])) for a in (arrows or ())]
        self.anchors = {}
        self.letters = {}

    # ---- seats
    def letter(self, seat):
        """The letter on a seat's tokens: A, B, ... (web/kit/seats.py), or a game's own letter for a
        non-player seat (a solo game's automaton, set by the renderer in ``letters``)."""
        return self.letters.get(int(seat)) or letter(seat)

    def colour(self, seat):
        return self.colours[int(seat) % len(self.colours)]

    def ink(self, seat):
        return "#ffffff" if needs_white_text(self.colour(seat)) else INK

    def name(self, seat):
        seat = int(seat)
        if 0 <= seat < len(self.names):
            return isolate(self.names[seat])  # a right-to-left name reorders nothing around it
        from web.i18n import t

        return t("core.seat", n=seat + 1)

    # ---- legal targets
    def legal_at(self, *key):
        """The one legal id pointing at this place (the first one when several), or None."""
        opts = self.at.get(key)
        return opts[0][1] if opts else None

    def options_at(self, *key):
        """[(option, id)] of the legal ids pointing at this place (e.g. both citizen orders)."""
        return list(self.at.get(key, ()))

    def target(self, aid, visual, hit, label=None, info_text=None) -> str:
        """A clickable group for a legal id (drawn once); anything else stays inert. The
        suggested (``hint``) and ``selected`` ids get those classes on the group. ``info_text``:
        the full description of what the target gives (``data-info``; the preview shows it)."""
        if aid not in self.legal or aid in self.drawn:
            return visual
        self.drawn.add(aid)
        return self.ui_target(aid, visual, hit, label or self.legal[aid], info_text)

    def ui_target(self, aid, visual, hit, label, info_text=None, stands_for=(), name=None) -> str:
        """A clickable group for any ``data-action`` (engine id or ``ui:`` step, e.g. the
        intersection pick of a two-step choice, hinted when the hint is one of ``stands_for``).
        ``name``: the accessible name when the label alone says it all (else label + description)."""
        chosen = aid == self.selected
        cls = (
            "legal" + (" hint" if aid == self.hint or self.hint in stands_for else "") + (" selected" if chosen else "")
        )
        pressed = ' aria-pressed="true"' if chosen else ""
        # The selection is never shown by colour alone: a tick badge at the hit shape's corner.
        # The drawing's own words (abbreviations, "Inter-/section") are hidden from screen readers:
        # the accessible name says it in full.
        cue = selected_badge(hit) if chosen else ""
        return (
            f'<g class="{cls}" data-action="{esc(aid)}" tabindex="0" role="button"{pressed} '
            f'aria-label="{esc(name or accessible_name(label, info_text, visual))}"{info(info_text)}>'
            f'{title(label)}<g aria-hidden="true">{visual}</g>{hit}{cue}</g>'
        )

    # ---- places and overlays
    def anchor(self, key, x, y):
        """Register where a place is drawn (first registration wins)."""
        self.anchors.setdefault(key, (x, y))

    def _where(self, element, seat):
        if self.targets is None:
            return None
        key = self.targets.anchor_key(element, seat)
        return self.anchors.get(key) if key is not None else None

    def overlay(self) -> str:
        """Last-move markers and tutorial notes, drawn over everything else."""
        out = []
        placed = {}
        for seat, ids in sorted(self.lastmove.items()):
            for aid in ids:
                pos = self._where(aid, seat)
                if pos is None:
                    continue
                k = placed.get(pos, 0)
                placed[pos] = k + 1
                out.append(last_marker(self, seat, aid, pos[0] + 22 + k * 24, pos[1] - 22))
        for element, note in self.marks.items():
            seat = self.view.get("current_player")
            pos = self._where(element, self.seat if self.seat is not None else seat)
            if pos is not None:
                out.append(callout(self, element, note, *pos))
        return "".join(out)


def last_marker(ctx, seat, aid, x, y) -> str:
    """A seat's last move: its seat token (colour + shape + letter) on a white ring."""
    return (
        f'<g class="lastmove" data-seat="{int(seat)}" data-last="{esc(aid)}">'
        f'{title(t("app.board.last_move_of", name=ctx.name(seat)))}'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="17" fill="#fff" stroke="{INK}" stroke-width="2"/>'
        + seat_mark(ctx, seat, x, y, 12)
        + "</g>"
    )  # r 12: the letter is 12.6 units (>= 12 px)


def callout(ctx, element, note, x, y) -> str:
    """A tutorial note: a dot on the element, a leader line and a box with the text, placed
    above-right of the element (left when it would leave the board). Text is at least 13 CSS px
    at the page's 1024 px board width, and never below 12 units (a region shown at scale >= 1,
    e.g. the 740-unit main board of a tutorial, keeps it >= 12 CSS px)."""
    size = max(12, math.ceil(13 * ctx.width / 1024))
    words, lines, cur = str(note).split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > 26:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w).strip()
    lines.append(cur)
    lines = lines[:4]
    bw = 16 + 0.56 * size * max(len(s) for s in lines)
    bh = 10 + 1.25 * size * len(lines)
    bx, by = x + 34, y - 34 - bh
    if bx + bw > ctx.width - 4:
        bx = x - 34 - bw
    by = max(4, by)
    ex, ey = (bx if bx > x else bx + bw), by + bh
    body = [
        f'<circle cx="{num(x)}" cy="{num(y)}" r="7" fill="{SELECTED}" stroke="#fff" stroke-width="2"/>',
        f'<path d="M{num(x)} {num(y)}L{num(ex)} {num(ey)}" stroke="{SELECTED}" stroke-width="3"/>',
        rect(bx, by, bw, bh, NOTE_FILL, SELECTED, 2.5, 8),
    ]
    for i, s in enumerate(lines):
        body.append(
            text(bx + 8, by + 4 + size * (1 + 1.25 * i) - size * 0.15, s, size=size, anchor="start", weight="700")
        )
    return f'<g class="note" data-mark="{esc(element)}">{title(note)}{"".join(body)}</g>'


def shape_body(shape, x, y, r, attrs) -> str:
    """A seat's shape (circle, square, triangle, diamond, hexagon) centred on (x, y), radius ~r;
    ``attrs`` are the SVG attributes (fill, stroke). Boards and the side panels share it."""
    n = num
    if shape == "circle":
        return f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" {attrs}/>'
    if shape == "square":
        return f'<rect x="{n(x - r * 0.9)}" y="{n(y - r * 0.9)}" width="{n(r * 1.8)}" height="{n(r * 1.8)}" rx="2" {attrs}/>'
    if shape == "triangle":
        return (
            f'<polygon points="{n(x)},{n(y - r * 1.15)} {n(x + r * 1.2)},{n(y + r * 0.9)} '
            f'{n(x - r * 1.2)},{n(y + r * 0.9)}" {attrs}/>'
        )
    if shape == "diamond":
        return (
            f'<polygon points="{n(x)},{n(y - r * 1.2)} {n(x + r * 1.2)},{n(y)} {n(x)},{n(y + r * 1.2)} '
            f'{n(x - r * 1.2)},{n(y)}" {attrs}/>'
        )
    return (
        f'<polygon points="{n(x - r * 0.55)},{n(y - r)} {n(x + r * 0.55)},{n(y - r)} {n(x + r * 1.1)},{n(y)} '
        f'{n(x + r * 0.55)},{n(y + r)} {n(x - r * 0.55)},{n(y + r)} {n(x - r * 1.1)},{n(y)}" {attrs}/>'
    )


def seat_mark(ctx, seat, x, y, r=11) -> str:
    """Seat token: colour + shape + letter."""
    seat = int(seat)
    fill, ink = ctx.colour(seat), ctx.ink(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    body = shape_body(shape, x, y, r, f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.5"')
    dy = r * 0.38 if shape != "triangle" else r * 0.5
    return body + text(x, y + dy, ctx.letter(seat), size=num(r * 1.05), weight="700", fill=ink)

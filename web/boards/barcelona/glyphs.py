"""Barcelona's pictures: citizens, reward icons, action pictograms, trams, and the colours
they use. Each function returns markup centred on (x, y)."""
from web.kit import svgkit
from web.i18n import t as _t
from web.kit.svgkit import num as _n, text

from . import layout as L
from .words import ACTION_SHORT, ACTION_TILE_WORDS, tile_words
from .words_v1 import TILE_WORDS as V1_TILE_WORDS

INK, MUTED, LINE, PAPER = svgkit.INK, svgkit.MUTED, svgkit.LINE, svgkit.PAPER
BOARD_BG, STREET_BG, BLOCK = "#efe7d6", "#f7f3ea", "#d9ceb4"
CLASS_FILL = {"W": "#c8a27a", "M": "#a9b4bf", "U": "#4a3b63"}
CLASS_INK = {"W": "#1d1d1d", "M": "#1d1d1d", "U": "#ffffff"}
ACTIVE = "#D55E00"            # the active intersection and its action tiles
DASH53 = ' stroke-dasharray="5 3"'

# Targets are outlines (class hlo): the printed bonuses and the player's pieces stay visible.
CSS = svgkit.css("bcn", outline=True) + ".bcn .legal .hl{fill:none}"
hl_rect = svgkit.hl_outline
MIN_FONT = L.MIN_FONT


def _fs(size):
    """A font size, never below the region minimum (12 units = 12 CSS px at scale >= 1)."""
    return _n(max(MIN_FONT, float(size)))
panel = svgkit.panel          # heading 16 units at +22: Barcelona's panel style is svgkit's default


def hit_rect(cx, cy, w, h) -> str:
    return svgkit.hit_rect(cx, cy, w, h, L.HIT)


def hit_circle(cx, cy, r, room=0) -> str:
    return svgkit.hit_circle(cx, cy, r, L.HIT, room)


def hl_circle(cx, cy, r) -> str:
    """An outline ring around a round target (intersections)."""
    return f'<circle class="hlo" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="none"/>'


def hl_poly(points) -> str:
    return f'<polygon class="hlo" points="{points}" fill="none"/>'


def citizen(x, y, cls, r=15) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{CLASS_FILL.get(cls, "#9e9e9e")}" stroke="#1d1d1d" stroke-width="1.5"/>'
            + text(x, y + max(r * 0.4, 4.3), cls, size=_fs(r * 1.1), weight="700", fill=CLASS_INK.get(cls, "#000")))


def icon(kind, amount, x, y, s=13, room=None) -> str:
    """A reward icon centred on (x, y), size ~2s, with its amount inside; ``room``: the width it
    has (an action's word that would not fit it whole goes on the tile's two lines)."""
    a = "" if amount in (None, "") else str(amount)
    st = 'stroke="#1d1d1d" stroke-width="1.2"'
    if kind == "coin":
        g = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s)}" fill="#f2c230" {st}/>'
        t = text(x, y + 4.4, a, size=_fs(s * 1.15), weight="700")
    elif kind == "cloth":
        g = (f'<path d="M{_n(x - s)} {_n(y - s * .8)}h{_n(2 * s)}v{_n(1.6 * s)}h{_n(-2 * s)}z" fill="#a23b3b" {st}/>'
             f'<path d="M{_n(x - s)} {_n(y - s * .3)}h{_n(2 * s)}" stroke="#e8b4b4" stroke-width="1"/>')
        t = text(x, y + s * 0.5, a, size=_fs(s * 1.1), weight="700", fill="#fff")
    elif kind == "vp":
        pts = " ".join(f"{_n(x + s * 1.05 * dx)},{_n(y + s * 1.05 * dy)}" for dx, dy in
                       ((0, -1), (.95, -.31), (.59, .81), (-.59, .81), (-.95, -.31)))
        g = f'<polygon points="{pts}" fill="#3d3d3d" {st}/>'
        t = text(x, y + s * 0.45, a, size=_fs(s * 1.05), weight="700", fill="#fff")
    elif kind == "cerda":
        g = (f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" rx="3" '
             f'fill="#2f6f8f" {st}/>')
        t = text(x, y + s * 0.45, f"C{a}", size=_fs(s * 0.95), weight="700", fill="#fff")
    elif kind == "sagrada":
        g = (f'<polygon points="{_n(x)},{_n(y - s * 1.25)} {_n(x + s)},{_n(y + s * .9)} {_n(x - s)},{_n(y + s * .9)}" '
             f'fill="#b08d57" {st}/>')
        t = text(x, y + s * 0.7, f"S{a}", size=_fs(s * 0.85), weight="700")
    elif kind == "goods":
        g = (f'<circle cx="{_n(x - s * .35)}" cy="{_n(y)}" r="{_n(s * .8)}" fill="#f2c230" {st}/>'
             f'<rect x="{_n(x)}" y="{_n(y - s * .7)}" width="{_n(s * 1.1)}" height="{_n(s * 1.4)}" fill="#a23b3b" {st}/>')
        t = text(x, y + s * 0.4, a, size=_fs(s * 1.0), weight="700", fill="#fff")
    elif kind == "action":
        short = ACTION_SHORT.get(amount) or V1_TILE_WORDS.get(amount)   # a 1.x bonus action ("streets")
        word = (_t(short) if short else str(amount)).split()[0]
        bw = max(s * 2.8, len(word) * 7.4 + 6)
        if svgkit.floor() > MIN_FONT:  # drawn at a phone's floor the word ran out of its box ("Kreuzu")
            bw = max(bw, svgkit.text_width(word, svgkit.floor(), "700") * 1.1 + 6)
        fs = max(float(_fs(s * 0.75)), svgkit.floor())
        if room and bw > room and amount in ACTION_TILE_WORDS:  # "Kreuzung" past a pavement space
            rows = tile_words(amount)[:2]
            bw, bh = room, fs * 1.1 * len(rows) + 4
            g = (f'<rect x="{_n(x - bw / 2)}" y="{_n(y - bh / 2)}" width="{_n(bw)}" height="{_n(bh)}" rx="3" '
                 f'fill="#fff" {st}/>')
            y0 = y - bh / 2 + 2 + fs * 0.85
            t = "".join(text(x, y0 + i * fs * 1.1, wd, size=fs, weight="700", max_w=room - 4) for i, wd in enumerate(rows))
            return g + t
        g = (f'<rect x="{_n(x - bw / 2)}" y="{_n(y - s * .8)}" width="{_n(bw)}" height="{_n(max(s * 1.6, 16))}" rx="3" '
             f'fill="#fff" {st}/>')
        t = text(x, y + 4.2, word, size=_fs(s * 0.75), weight="700")
    else:
        g, t = "", text(x, y, f"{a} {kind}", size=_fs(s))
    return g + t


def reward_icons(items, x, y, s=11, gap=None, room=None) -> str:
    """A row of reward icons centred on x; ``room``: the width of the row (shared by its icons)."""
    items = [tuple(i) for i in items]
    if not items:
        return ""
    gap = gap or s * 2.4
    x0 = x - gap * (len(items) - 1) / 2
    each = room / len(items) if room else None
    return "".join(icon(k, a, x0 + i * gap, y, s, each) for i, (k, a) in enumerate(items))


def action_glyph(key, x, y, s=14) -> str:
    """A pictogram for a street action."""
    if key == "coins":
        return icon("coin", 2, x, y, s * .85)
    if key == "cloth":
        return icon("cloth", 1, x - s * .95, y, s * .8) + icon("vp", 3, x + s * .95, y, s * .8)
    if key == "cobble":
        return "".join(f'<rect x="{_n(x - s + dx * s)}" y="{_n(y - s * .9 + dy * s * .9)}" width="{_n(s * .95)}" '
                       f'height="{_n(s * .85)}" rx="2" fill="#9a9a9a" stroke="#1d1d1d"/>'
                       for dx in (0, 1) for dy in (0, 1))
    if key == "narrow":        # two narrow street tiles
        return "".join(f'<rect x="{_n(x - s * 1.3)}" y="{_n(y + dy * s)}" width="{_n(s * 2.6)}" height="{_n(s * .55)}" '
                       f'fill="{STREET_BG}" stroke="#1d1d1d"/>' for dy in (-.75, .2))
    if key == "wide":          # one wide street tile with its centre line
        return (f'<rect x="{_n(x - s * 1.3)}" y="{_n(y - s * .6)}" width="{_n(s * 2.6)}" height="{_n(s * 1.2)}" '
                f'fill="{STREET_BG}" stroke="#1d1d1d" stroke-width="1.5"/><path d="M{_n(x - s)} {_n(y)}h{_n(2 * s)}" '
                f'stroke="#1d1d1d" stroke-dasharray="4 3"/>')
    if key == "cross":
        return (f'<path d="M{_n(x - s * 1.2)} {_n(y)}h{_n(2.4 * s)}M{_n(x)} {_n(y - s * 1.1)}v{_n(2.2 * s)}" '
                f'stroke="#8a8170" stroke-width="6"/><rect x="{_n(x - s * .55)}" y="{_n(y - s * .55)}" '
                f'width="{_n(s * 1.1)}" height="{_n(s * 1.1)}" rx="2" fill="#fff" stroke="#1d1d1d"/>')
    if key == "improve":
        return (f'<rect x="{_n(x - s * .8)}" y="{_n(y - s)}" width="{_n(s * 1.6)}" height="{_n(s * 2)}" rx="3" '
                f'fill="#e3d3ef" stroke="#1d1d1d"/><path d="M{_n(x)} {_n(y + s * .6)}v{_n(-s * 1.2)}'
                f'm-5 5l5-5l5 5" stroke="#1d1d1d" stroke-width="2.5" fill="none"/>')
    if key == "mtake":
        return (f'<rect x="{_n(x - s * .8)}" y="{_n(y - s)}" width="{_n(s * 1.6)}" height="{_n(s * 2)}" rx="3" '
                f'fill="#e3d3ef" stroke="#1d1d1d"/>' + text(x, y + s * .4, "M", size=_fs(s * 1.1), weight="700"))
    if key == "service":
        return (f'<path d="M{_n(x - s)} {_n(y + s * .8)}h{_n(2 * s)}v{_n(-s)}l{_n(-s)} {_n(-s * .8)}'
                f'l{_n(-s)} {_n(s * .8)}z" fill="#cfe3d2" stroke="#1d1d1d"/>'
                + text(x, y + s * .6, "+", size=_fs(s * 1.1), weight="700"))
    if key == "tram":
        return tram_glyph(x, y, "#fff", s * 1.1)
    if key == "cerda":
        return icon("cerda", "", x, y, s)
    return ""


def tram_glyph(x, y, fill, s=14, letter="") -> str:
    return (f'<rect x="{_n(x - s)}" y="{_n(y - s * .6)}" width="{_n(2 * s)}" height="{_n(s * 1.2)}" rx="{_n(s * .35)}" '
            f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.5"/>'
            f'<rect x="{_n(x - s * .75)}" y="{_n(y - s * .4)}" width="{_n(s * .6)}" height="{_n(s * .45)}" fill="#e8f4ff" stroke="#1d1d1d" stroke-width=".8"/>'
            f'<rect x="{_n(x + s * .15)}" y="{_n(y - s * .4)}" width="{_n(s * .6)}" height="{_n(s * .45)}" fill="#e8f4ff" stroke="#1d1d1d" stroke-width=".8"/>'
            f'<path d="M{_n(x - s * .3)} {_n(y - s * .6)}l{_n(s * .3)} {_n(-s * .45)}l{_n(s * .3)} {_n(s * .45)}" '
            f'stroke="#1d1d1d" fill="none"/>'
            + (text(x, y + 4.5, letter, size=_fs(s * .55), weight="700") if letter else ""))


def zone(x, y, w, h, tooltip) -> str:
    """An invisible rectangle carrying a tooltip (mouse) and data-info (tap) over small marks."""
    return (f'<rect class="zone" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="#fff" '
            f'fill-opacity="0"{svgkit.info(tooltip)}>{svgkit.title(tooltip)}</rect>')

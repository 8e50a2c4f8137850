"""Strasbourg's pictures: coins, influence cards (face up, face down, piles), edifices, chapels,
and the colours and panel style they use."""
import math
import re

from web.kit import svgkit
from web.kit.svgkit import esc, num as _n, rect, text

from . import layout as L

INK, MUTED, LINE, PAPER = svgkit.INK, svgkit.MUTED, svgkit.LINE, svgkit.PAPER
BG = "#f4f1ea"
LOT_FILL, EDIFICE_FILL = "#d7d3cc", "#8c6a4f"
CARD_BACK = "#2f4b7c"
FALLBACK_GUILD_COLOUR = {"smiths": "#5b6770", "vintners": "#7b3f8c", "shoemakers": "#3f8c4a",
                         "butchers": "#b8332e", "bakers": "#d9a63a"}
SEAT_CHIP = {"nobility": ("#c9a227", "N"), "church": ("#f2f2f2", "C"), "merchants": ("#7a8a99", "M")}
HL_CHIP = "#fff1a0"

CSS = svgkit.css("sxb", fonts=svgkit.FONTS.replace("Roboto,", "Roboto,'DejaVu Sans',"),
                 hl_width=2.5, hl_dash="6 3", hl_hover=4, outline=True) + ".sxb .done{opacity:.45}"
tip = svgkit.tip
hl_outline = svgkit.hl_outline


def hl_rect(x, y, w, h, rx=6) -> str:
    return svgkit.hl_rect(x, y, w, h, rx)


def hit_rect(cx, cy, w, h) -> str:
    return svgkit.hit_rect(cx, cy, w, h, L.HIT)


def hit_circle(cx, cy, r) -> str:
    return svgkit.hit_circle(cx, cy, r, L.HIT)


def panel(x, y, w, h, head=None, fill=PAPER, sub=None) -> str:
    return svgkit.panel(x, y, w, h, head, fill, sub, head_size=18, head_dy=24)


def tint(colour, f=0.68):
    """Mix a #rrggbb colour with white (f = share of white), for dark-on-light fills."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except (ValueError, TypeError, IndexError):
        return "#e8e8e8"
    r, g, b = (round(c + (255 - c) * f) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def coin(x, y, amount, r=11) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#f2c230" stroke="#1d1d1d" stroke-width="1.2"/>'
            + text(x, y + r * 0.42, amount, size=r * 1.15, weight="700"))


def card(x, y, value, w=24, h=34, cls="sx-card") -> str:
    """A face-up influence card (top-left corner at x, y); cls "sx-choice" for a value to choose."""
    return (f'<g class="{cls}" data-value="{esc(value)}">' + rect(x, y, w, h, "#ffffff", INK, 1.4, 4)
            + text(x + w / 2, y + h / 2 + w * 0.3, value, size=w * 0.78, weight="700") + "</g>")


def card_back(x, y, w=24, h=34) -> str:
    return (rect(x, y, w, h, CARD_BACK, INK, 1.4, 4)
            + f'<path d="M{_n(x + 4)} {_n(y + 4)}l{_n(w - 8)} {_n(h - 8)}M{_n(x + w - 4)} {_n(y + 4)}'
              f'l{_n(8 - w)} {_n(h - 8)}" stroke="#8fa6cc" stroke-width="1.2"/>')


def card_pile(x, y, count, w=24, h=34) -> str:
    """A face-down stack of ``count`` cards: offset backs, count written beside."""
    out = []
    k = min(max(count, 1), 4)
    for i in range(k):
        out.append(card_back(x + i * 3, y - i * 3, w, h) if count else
                   rect(x, y, w, h, "none", LINE, 1.2, 4, ' stroke-dasharray="3 2"'))
    return "".join(out)


def edifice_glyph(x, y, value, s=26) -> str:
    """A large building centred on (x, y) with its value (None: the picture alone)."""
    return (f'<path d="M{_n(x - s)} {_n(y + s * .8)}v{_n(-s * 1.05)}l{_n(s)} {_n(-s * .7)}l{_n(s)} {_n(s * .7)}'
            f'v{_n(s * 1.05)}z" fill="{EDIFICE_FILL}" stroke="#1d1d1d" stroke-width="1.5"/>'
            + f'<circle cx="{_n(x)}" cy="{_n(y + s * .28)}" r="{_n(s * .48)}" fill="#fff" stroke="#1d1d1d"/>'
            + (text(x, y + s * .28 + s * .2, value, size=s * .6, weight="700") if value is not None else ""))


def chapel_glyph(x, y, s=13) -> str:
    return (f'<path d="M{_n(x - s * .75)} {_n(y + s * .85)}v{_n(-s * .95)}l{_n(s * .75)} {_n(-s * .6)}'
            f'l{_n(s * .75)} {_n(s * .6)}v{_n(s * .95)}z" fill="#4a3b63" stroke="#fff" stroke-width="1.5"/>'
            f'<path d="M{_n(x)} {_n(y - s * .75)}v{_n(-s * .6)}M{_n(x - s * .25)} {_n(y - s * 1.1)}h{_n(s * .5)}" '
            f'stroke="#1d1d1d" stroke-width="2"/>')




# ---------------------------------------------------------------- text that fits (no "…" anywhere)
def _em(ch, bold):
    """A character's width in em: CJK and full-width forms are a whole em (Chinese has no spaces
    to break at either: wrap breaks between any two of them)."""
    return 1.0 if ch >= "\u2e80" else (0.68 if bold else 0.6)


WIDE = 1.1  # the most a system sans font draws wider than text_w (DejaVu Sans, measured in Chromium)


def text_w(s, size, bold=False) -> float:
    """A generous estimate of a text's width in viewBox units (system sans fonts), at the size
    ``text`` will draw it (never below the font floor, svgkit.font_floor)."""
    s, size = str(s), max(size, svgkit.floor())
    if s.isascii():
        return len(s) * size * (0.68 if bold else 0.6)
    return size * sum(_em(ch, bold) for ch in s)


def line_in(x, y, s, room, size=13, weight="normal", fill=None) -> str:
    """A left-aligned label that never leaves its frame: ``room`` units wide from ``x``; one that
    ``text_w`` (with the WIDE margin) says may be longer is drawn smaller, down to the font floor,
    and only below that squeezed to ``room`` (textLength): never clipped, never below the floor (issue 51: "Warenplättchen" ran into
    its legend box's edge: text_w 109, drawn about 120 by DejaVu Sans, Linux's fallback)."""
    extra = ""
    wide = text_w(s, size, weight == "700") * WIDE
    if wide > room:  # a smaller font first, down to the floor; only then squeezed
        size = max(svgkit.floor(), math.floor(size * room / wide * 10) / 10)
        if text_w(s, size, weight == "700") * WIDE > room:
            extra = f' textLength="{svgkit.num(max(1, room))}" lengthAdjust="spacingAndGlyphs"'
    return svgkit.text(x, y, s, size=size, anchor="start", weight=weight, fill=fill, extra=extra)


def fit(s, width, size, bold=False) -> str:
    """The longest start of ``s`` that fits ``width`` (no ellipsis: the element's data-info
    holds the full text)."""
    s, size = str(s), max(size, svgkit.floor())
    if s.isascii():
        n = max(1, int(width / (size * (0.68 if bold else 0.6))))
        return s if len(s) <= n else s[:n].rstrip()
    used, k = 0.0, 0
    for k, ch in enumerate(s):
        used += _em(ch, bold) * size
        if used > width:
            return s[:max(k, 1)].rstrip()
    return s


_TOKENS = re.compile(r"\s+|[\u2e80-\uffff]|[^\s\u2e80-\uffff]+")


def wrap(s, width, size, bold=False) -> list:
    """``s`` broken into lines that fit ``width`` (a word longer than a line is cut by fit): at
    spaces, and between any two CJK characters."""
    lines, cur, space = [], "", False
    for w in _TOKENS.findall(str(s)):
        if w.isspace():
            space = True
            continue
        cand = cur + (" " if space and cur else "") + w
        space = False
        if cur and text_w(cand, size, bold) > width:
            lines.append(cur)
            cur = w
        else:
            cur = cand
    lines.append(cur)
    return [fit(x, width, size, bold) for x in lines]


SOFT_HYPHEN = "\u00ad"  # where a catalog allows a long word to break ("Bau\u00adplatz")


def cell_word(cx, cy, s, room, size, fill=None) -> str:
    """A word centred on (cx, cy) in ``room`` units: one line when it fits at the font floor
    (squeezed by no more than a fifth), else two lines broken at its soft hyphen or space (at a
    phone's floor German "Bauplatz" ran out of its cell: "Baupla"), each squeezed to ``room``
    only if still wider."""
    whole = str(s).replace(SOFT_HYPHEN, "")
    size = max(size, svgkit.floor())

    def one(part, dy):
        squeeze = text_w(part, size) * WIDE > room
        extra = f' textLength="{svgkit.num(room)}" lengthAdjust="spacingAndGlyphs"' if squeeze else ""
        return svgkit.text(cx, cy + size * 0.35 + dy, part, size=size, fill=fill, extra=extra)

    if text_w(whole, size) * WIDE * 0.8 <= room or not re.search(f"[{SOFT_HYPHEN} ]", str(s)):
        return one(whole, 0)
    head, sep, tail = re.split(f"([{SOFT_HYPHEN} ])", str(s), maxsplit=1)
    head, tail = head + ("-" if sep == SOFT_HYPHEN else ""), tail.replace(SOFT_HYPHEN, "")
    if max(text_w(head, size), text_w(tail, size)) * WIDE * 0.8 > room:
        return ""  # a thumbnail of the board (a phone's tray full of choices): its data-info says it
    lh = size * 1.05
    return one(head, -lh / 2) + one(tail, lh / 2)


def lines(x, y, rows, size=13, lh=None, **kw) -> str:
    """Several text lines from baseline y, ``lh`` apart."""
    lh = lh or round(size * 1.3)
    return "".join(text(x, y + k * lh, s, size=size, **kw) for k, s in enumerate(rows))


def info(desc, body, cls="") -> str:
    """An inert element a tap explains: the page's inspector shows ``data-info`` (full text)."""
    c = f' class="info {cls}"' if cls else ' class="info"'
    e = esc(desc)
    return f'<g{c} data-info="{e}"><title>{e}</title>{body}</g>'

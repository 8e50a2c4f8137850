"""Barcelona board as one SVG: a pure function of the view (no js imports; CPython-testable).

``render(view, legal_actions, colours=None) -> (svg_markup, ids_drawn)``

Layout (viewBox 1600 wide, height from the player count):
  left   main board (Eixample grid, action tiles, row bonus tiles), citizen tracks,
         Cerdà track, public services and Sagrada Família supply;
  right  side board (cobblestone pavement, scores, building stacks, Modernisme display
         with a tile x space matrix while a project is being chosen), then one board per player.

Touch targets: the app shows the board at up to 1024 CSS px wide for a 1600-unit viewBox,
so 1 unit = 0.64 px and 44 px = 68.75 units. Every clickable element gets an invisible hit
shape of at least 70 x 70 units (``HIT``), larger than its visible mark where needed.

Only what the view holds is drawn; ``hand`` is drawn only when the view gives it (the
engine gives it to its own seat only). All text goes through ``esc`` (names are user input).
"""
from engine.barcelona import data as D

from .svgkit import (SEAT_LETTERS, RenderContext, esc, num as _n, seat_mark, text,
                     title, trunc as _trunc)
from . import svgkit

HIT = 70                      # min hit size in viewBox units (>= 68.75 = 44 CSS px at 1024 px)
W = 1600

INK, MUTED, LINE = "#1d1d1d", "#5d5a55", "#8a8170"
PAPER, BOARD_BG, STREET_BG, BLOCK = "#fffdf8", "#efe7d6", "#f7f3ea", "#d9ceb4"
HL_FILL, HL_STROKE = "#fff1a0", "#1d1d1d"

CLASS_FILL = {"W": "#c8a27a", "M": "#a9b4bf", "U": "#4a3b63"}
CLASS_INK = {"W": "#1d1d1d", "M": "#1d1d1d", "U": "#ffffff"}
CLASS_WORD = {"W": "working", "M": "middle", "U": "upper"}

# Grid geometry of the main board.
GX, GY, GS = 120, 140, 170          # first intersection, spacing
NARROW_W, WIDE_W = 22, 40           # street widths

ACTION_SHORT = {
    "goods": "Coins / cloth", "cobble": "Cobble", "streets": "Streets", "cross": "Intersect.",
    "improve": "Improve", "mtake": "Modernisme", "service": "Service", "tram": "Tram",
    "cerda": "Cerdà +2", "sagrada": "Sagrada +2",
}
COND_SHORT = {
    "block_line": "Block line", "coins": "Coins", "busy_cross": "Busy crossings",
    "cerda_mult": "Cerdà ×", "services": "Services", "busy_passengers": "Busy passengers",
    "improved": "Improved", "cobbles": "Cobblestones", "cloth": "Cloth",
    "narrow_line": "Narrow line", "wide_line": "Wide line", "narrow": "Narrow streets",
    "wide": "Wide streets", "passengers": "Passengers", "crosses": "Intersections",
    "empty_stacks": "Empty stacks", "corners": "Corners", "modernisme": "Modernisme",
    "bottom_markers": "Bottom markers",
}
REWARD_WORD = {"vp": "VP", "coin": "coin", "cloth": "cloth", "cerda": "Cerdà", "sagrada": "Sagrada",
               "goods": "coins/cloth", "action": "action"}

DASH53 = ' stroke-dasharray="5 3"'
CSS = (
    ".bcn text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;fill:#1d1d1d}"
    ".bcn .legal{cursor:pointer}"
    ".bcn .legal .hl{fill:#fff1a0;stroke:#1d1d1d;stroke-width:3;stroke-dasharray:7 4}"
    ".bcn .legal:hover .hl,.bcn .legal:focus .hl{fill:#ffe14d;stroke-width:5}"
    ".bcn .hit{fill:#fff;fill-opacity:0;stroke:none}"
)


def fmt_reward(items) -> str:
    parts = []
    for k, a in items:
        if k == "action":
            parts.append(f"{D.ACTION_NAMES.get(a, a)} action")
        else:
            parts.append(f"{a} {REWARD_WORD.get(k, k)}")
    return ", ".join(parts) or "nothing"


# ---------------------------------------------------------------- small glyphs
def hl_rect(x, y, w, h, rx=8) -> str:
    return f'<rect class="hl" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{rx}"/>'


def hit_rect(cx, cy, w, h) -> str:
    return svgkit.hit_rect(cx, cy, w, h, HIT)


def hit_circle(cx, cy, r) -> str:
    return svgkit.hit_circle(cx, cy, r, HIT)


def citizen(x, y, cls, r=15) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{CLASS_FILL[cls]}" stroke="#1d1d1d" stroke-width="1.5"/>'
            + text(x, y + r * 0.4, cls, size=_n(r * 1.1), weight="700", fill=CLASS_INK[cls]))


def icon(kind, amount, x, y, s=13) -> str:
    """A reward icon centred on (x, y), size ~2s, with its amount inside."""
    a = "" if amount in (None, "") else str(amount)
    st = 'stroke="#1d1d1d" stroke-width="1.2"'
    if kind == "coin":
        g = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s)}" fill="#f2c230" {st}/>'
        t = text(x, y + s * 0.42, a, size=_n(s * 1.15), weight="700")
    elif kind == "cloth":
        g = (f'<path d="M{_n(x - s)} {_n(y - s * .8)}h{_n(2 * s)}v{_n(1.6 * s)}h{_n(-2 * s)}z" fill="#a23b3b" {st}/>'
             f'<path d="M{_n(x - s)} {_n(y - s * .3)}h{_n(2 * s)}" stroke="#e8b4b4" stroke-width="1"/>')
        t = text(x, y + s * 0.5, a, size=_n(s * 1.1), weight="700", fill="#fff")
    elif kind == "vp":
        pts = " ".join(f"{_n(x + s * 1.05 * dx)},{_n(y + s * 1.05 * dy)}" for dx, dy in
                       ((0, -1), (.95, -.31), (.59, .81), (-.59, .81), (-.95, -.31)))
        g = f'<polygon points="{pts}" fill="#3d3d3d" {st}/>'
        t = text(x, y + s * 0.45, a, size=_n(s * 1.05), weight="700", fill="#fff")
    elif kind == "cerda":
        g = (f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" rx="3" '
             f'fill="#2f6f8f" {st}/>')
        t = text(x, y + s * 0.45, f"C{a}", size=_n(s * 0.95), weight="700", fill="#fff")
    elif kind == "sagrada":
        g = (f'<polygon points="{_n(x)},{_n(y - s * 1.25)} {_n(x + s)},{_n(y + s * .9)} {_n(x - s)},{_n(y + s * .9)}" '
             f'fill="#b08d57" {st}/>')
        t = text(x, y + s * 0.7, f"S{a}", size=_n(s * 0.85), weight="700")
    elif kind == "goods":
        g = (f'<circle cx="{_n(x - s * .35)}" cy="{_n(y)}" r="{_n(s * .8)}" fill="#f2c230" {st}/>'
             f'<rect x="{_n(x)}" y="{_n(y - s * .7)}" width="{_n(s * 1.1)}" height="{_n(s * 1.4)}" fill="#a23b3b" {st}/>')
        t = text(x, y + s * 0.4, a, size=_n(s * 1.0), weight="700", fill="#fff")
    elif kind == "action":
        g = (f'<rect x="{_n(x - s * 1.4)}" y="{_n(y - s * .8)}" width="{_n(s * 2.8)}" height="{_n(s * 1.6)}" rx="3" '
             f'fill="#fff" {st}/>')
        t = text(x, y + s * 0.35, ACTION_SHORT.get(amount, str(amount))[:6], size=_n(s * 0.75), weight="700")
    else:
        g, t = "", text(x, y, f"{a} {kind}", size=_n(s))
    return g + t


def reward_icons(items, x, y, s=11, gap=None) -> str:
    """A row of reward icons centred on x."""
    items = [tuple(i) for i in items]
    if not items:
        return ""
    gap = gap or s * 2.4
    x0 = x - gap * (len(items) - 1) / 2
    return "".join(icon(k, a, x0 + i * gap, y, s) for i, (k, a) in enumerate(items))


def action_glyph(key, x, y, s=14) -> str:
    """A pictogram for a street action."""
    if key == "goods":
        return icon("coin", 2, x - s * .9, y, s * .8) + icon("cloth", 1, x + s * .9, y, s * .8)
    if key == "cobble":
        return "".join(f'<rect x="{_n(x - s + dx * s)}" y="{_n(y - s * .9 + dy * s * .9)}" width="{_n(s * .95)}" '
                       f'height="{_n(s * .85)}" rx="2" fill="#9a9a9a" stroke="#1d1d1d"/>'
                       for dx in (0, 1) for dy in (0, 1))
    if key == "streets":
        return (f'<rect x="{_n(x - s * 1.3)}" y="{_n(y - s * .45)}" width="{_n(s * 2.6)}" height="{_n(s * .9)}" '
                f'fill="{STREET_BG}" stroke="#1d1d1d"/><path d="M{_n(x - s)} {_n(y)}h{_n(2 * s)}" '
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
                f'fill="#e3d3ef" stroke="#1d1d1d"/>' + text(x, y + s * .4, "M", size=_n(s * 1.1), weight="700"))
    if key == "service":
        return (f'<path d="M{_n(x - s)} {_n(y + s * .8)}h{_n(2 * s)}v{_n(-s)}l{_n(-s)} {_n(-s * .8)}'
                f'l{_n(-s)} {_n(s * .8)}z" fill="#cfe3d2" stroke="#1d1d1d"/>'
                + text(x, y + s * .6, "+", size=_n(s * 1.1), weight="700"))
    if key == "tram":
        return tram_glyph(x, y, "#fff", s * 1.1)
    if key == "cerda":
        return icon("cerda", "+2", x, y, s)
    if key == "sagrada":
        return icon("sagrada", "+2", x, y, s)
    return ""


def tram_glyph(x, y, fill, s=14, letter="") -> str:
    return (f'<rect x="{_n(x - s)}" y="{_n(y - s * .6)}" width="{_n(2 * s)}" height="{_n(s * 1.2)}" rx="{_n(s * .35)}" '
            f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.5"/>'
            f'<rect x="{_n(x - s * .75)}" y="{_n(y - s * .4)}" width="{_n(s * .6)}" height="{_n(s * .45)}" fill="#e8f4ff" stroke="#1d1d1d" stroke-width=".8"/>'
            f'<rect x="{_n(x + s * .15)}" y="{_n(y - s * .4)}" width="{_n(s * .6)}" height="{_n(s * .45)}" fill="#e8f4ff" stroke="#1d1d1d" stroke-width=".8"/>'
            f'<path d="M{_n(x - s * .3)} {_n(y - s * .6)}l{_n(s * .3)} {_n(-s * .45)}l{_n(s * .3)} {_n(s * .45)}" '
            f'stroke="#1d1d1d" fill="none"/>'
            + (text(x, y + s * .55, letter, size=_n(s * .55), weight="700") if letter else ""))


def panel(x, y, w, h, head=None, fill=PAPER) -> str:
    out = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="10" fill="{fill}" '
           f'stroke="{LINE}" stroke-width="1.5"/>')
    if head:
        out += text(x + 12, y + 22, head, size=16, anchor="start", weight="700")
    return out


# ---------------------------------------------------------------- main board
def gxy(r, c):
    return GX + c * GS, GY + r * GS


def _parse_rc(s):
    r, c = s.split(",")
    return int(r), int(c)


def _seg_geom(seg):
    """(x1, y1, x2, y2, horizontal) of a street segment id."""
    line, i = seg.split("-")
    k, i = int(line[1:]), int(i)
    if line[0] == "h":
        (x1, y1), (x2, y2) = gxy(k, i), gxy(k, i + 1)
        return x1, y1, x2, y2, True
    (x1, y1), (x2, y2) = gxy(i, k), gxy(i + 1, k)
    return x1, y1, x2, y2, False


def _half(line, wide):
    return (WIDE_W if line in wide else NARROW_W) / 2


def _block_rect(r, c, wide):
    """Inner rectangle of block (r, c) between its four streets."""
    x0, y0 = gxy(r, c)
    x1, y1 = gxy(r + 1, c + 1)
    return (x0 + _half(f"v{c}", wide) + 7, y0 + _half(f"h{r}", wide) + 7,
            x1 - _half(f"v{c + 1}", wide) - 7, y1 - _half(f"h{r + 1}", wide) - 7)


def site_polygon(site, wide):
    """Chamfered (octagonal) block or one of the triangles cut by the diagonal."""
    ch = 26
    if site[0] == "b":
        r, c = int(site[1]), int(site[2])
        a, b, e, d = _block_rect(r, c, wide)
        return [(a + ch, b), (e - ch, b), (e, b + ch), (e, d - ch), (e - ch, d), (a + ch, d), (a, d - ch), (a, b + ch)]
    i = int(site[1])
    a, b, e, d = _block_rect(i, i, wide)
    g = 22   # half the diagonal avenue, measured along the block edge
    if site[2] == "u":
        return [(a + g + 8, b), (e - ch, b), (e, b + ch), (e, d - g - 8)]
    return [(a, b + g + 8), (e - g - 8, d), (a + ch, d), (a, d - ch)]


def _poly(pts):
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def _centroid(pts):
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def draw_main_board(ctx) -> str:
    v = ctx.view
    bd = v["board"]
    wide = set(bd.get("wide_lines", []))
    out = [panel(8, 8, 948, 952, fill=BOARD_BG)]
    # the diagonal avenue (no street spaces; it cuts 4 blocks into corner triangles)
    ex, ey = gxy(4, 4)
    out.append(f'<path d="M{GX - 40} {GY - 40}L{ex + 52} {ey + 52}" stroke="{STREET_BG}" stroke-width="34" '
               f'stroke-linecap="round"/><path d="M{GX - 40} {GY - 40}L{ex + 52} {ey + 52}" stroke="{LINE}" '
               f'stroke-width="1.5" stroke-dasharray="10 8"/>')
    # street lines (the gaps between blocks) as pale roads
    for k in range(5):
        for line, (x1, y1), (x2, y2) in ((f"h{k}", gxy(k, 0), gxy(k, 4)), (f"v{k}", gxy(0, k), gxy(4, k))):
            w = WIDE_W if line in wide else NARROW_W
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{STREET_BG}" '
                       f'stroke-width="{w + 10}" stroke-linecap="round"/>')
    # blocks and corner triangles, with buildings
    sites = bd.get("sites", {})
    build_by_site = {}
    for aid in ctx.legal:
        if aid.startswith("build:"):
            build_by_site.setdefault(aid.split(":")[1], []).append(aid)
    for r in range(4):
        for c in range(4):
            keys = [f"t{r}u", f"t{r}l"] if r == c else [f"b{r}{c}"]
            for site in keys:
                out.append(draw_site(ctx, site, site_polygon(site, wide), sites.get(site),
                                     build_by_site.get(site, [])))
    # street spaces
    streets = bd.get("streets", {})
    passengers = bd.get("passengers", {})
    trams = {seg: int(s) for s, seg in bd.get("trams", {}).items() if seg}
    bonus = bd.get("street_bonus", {})
    for seg in bonus:
        out.append(draw_segment(ctx, seg, seg.split("-")[0] in wide, streets.get(seg), bonus[seg],
                                passengers.get(seg), trams.get(seg)))
    # intersections
    costs = bd.get("intersection_cost", {})
    owners = bd.get("cross_owner", {})
    cits = bd.get("citizens", {})
    place = {}
    for aid in ctx.legal:
        if aid.startswith("place:") and aid.count(":") == 2:
            _, rc, code = aid.split(":")
            place.setdefault(rc, []).append((code, aid))
    active = bd.get("active_cross")
    for r in range(5):
        for c in range(5):
            key = f"{r},{c}"
            out.append(draw_cross(ctx, r, c, costs.get(key, 0), owners.get(key), cits.get(key, []),
                                  place.get(key, []), active == key))
    out.append(draw_action_tiles(ctx, active))
    out.append(draw_row_bonus(ctx))
    # column / row names as in the action labels (A-E, 1-5)
    for c in range(5):
        out.append(text(GX + c * GS, GY + 4 * GS + 56, "ABCDE"[c], size=15, fill=MUTED, weight="700"))
    for r in range(5):
        out.append(text(86, GY + r * GS + 5, str(r + 1), size=15, fill=MUTED, weight="700", anchor="end"))
    return "".join(out)


def draw_site(ctx, site, pts, built, build_ids) -> str:
    poly = _poly(pts)
    cx, cy = _centroid(pts)
    tri = site[0] == "t"
    if tri:                # the centroid of the triangle's three block corners
        if site[2] == "u":
            a, b, e, d = pts[0][0] - 30, pts[0][1], pts[2][0], pts[3][1] + 30
            cx, cy = (a + 2 * e) / 3 + 4, (2 * b + d) / 3 - 2
        else:
            a, b, e, d = pts[0][0], pts[0][1] - 30, pts[1][0] + 30, pts[1][1]
            cx, cy = (2 * a + e) / 3 - 4, (b + 2 * d) / 3 + 2
    fill = BLOCK
    out = [f'<polygon points="{poly}" fill="{fill}" stroke="{LINE}" stroke-width="1.5"/>']
    if built:
        lvl = built.get("level")
        label = "corner" if lvl == "corner" else f"L{lvl}"
        floors = 1 if lvl == "corner" else int(lvl)
        bw = 34 if tri else 44
        bh = 12 + floors * 10
        out.append(f'<rect x="{_n(cx - bw / 2)}" y="{_n(cy - bh + 6)}" width="{bw}" height="{bh}" rx="3" '
                   f'fill="#f3e6cf" stroke="#1d1d1d" stroke-width="1.5">{title(f"{site_label(site)}: {label} building")}</rect>')
        for f in range(floors):
            out.append(f'<path d="M{_n(cx - bw / 2 + 6)} {_n(cy + 6 - 8 - f * 10)}h{bw - 12}" stroke="#8a8170"/>')
        if not tri:
            out.append(text(cx, cy + 22, label, size=12, weight="700"))
        markers = built.get("markers", [])
        mx = cx - bw / 2 - 12 if tri and site[2] == "l" else cx + bw / 2 + 12
        for j, s in enumerate(markers):
            out.append(seat_mark(ctx, s, mx, cy + 2 - j * 10, r=9))
        if len(markers) > 1:
            out.append(text(mx + 14, cy - 6, f"×{len(markers)}", size=11, anchor="start"))
    if build_ids:
        aid = build_ids[0]
        more = len(build_ids) - 1
        vis = f'<polygon class="hl" points="{poly}" fill-opacity=".75"/>'
        badge = ""
        if more:
            badge = (f'<rect x="{_n(cx - 36)}" y="{_n(cy - 46)}" width="72" height="18" rx="9" fill="#1d1d1d"/>'
                     + text(cx, cy - 33, f"+{more} in panel", size=11, fill="#fff", weight="700"))
        tag = _build_tag(aid)
        vis += (f'<rect x="{_n(cx - 30)}" y="{_n(cy - 14)}" width="60" height="24" rx="5" fill="#fff" stroke="#1d1d1d"/>'
                + text(cx, cy + 3, tag, size=13, weight="700") + badge)
        hit = f'<polygon class="hit" points="{poly}"/>'
        out.append(ctx.target(aid, vis, hit))
    return "".join(out)


def _build_tag(aid):
    lvl = aid.split(":")[2]
    return "Corner" if lvl == "corner" else f"Build L{lvl}"


def site_label(site):
    if site[0] == "b":
        return f"block {'ABCD'[int(site[2])]}{int(site[1]) + 1}"
    half = "upper" if site[2] == "u" else "lower"
    return f"{half} corner of block {'ABCD'[int(site[1])]}{int(site[1]) + 1}"


def draw_segment(ctx, seg, is_wide, owner, bonus, passenger, tram) -> str:
    x1, y1, x2, y2, horiz = _seg_geom(seg)
    w = WIDE_W if is_wide else NARROW_W
    pad = 33                         # leave the intersection plaza free
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    L = GS - 2 * pad
    if horiz:
        rx, ry, rw, rh = x1 + pad, y1 - w / 2, L, w
    else:
        rx, ry, rw, rh = x1 - w / 2, y1 + pad, w, L
    out = []
    kind = "wide" if is_wide else "narrow"
    if owner is None:
        out.append(f'<rect x="{_n(rx)}" y="{_n(ry)}" width="{_n(rw)}" height="{_n(rh)}" rx="4" fill="#fff" '
                   f'stroke="{LINE}" stroke-width="1.2" stroke-dasharray="{"0" if is_wide else "5 3"}"/>')
        if bonus:
            out.append(f'<g>{title(f"{kind} street space, bonus: {fmt_reward(bonus)}")}'
                       f'{reward_icons(bonus, mx, my, s=9 if not is_wide else 11)}</g>')
    else:
        col, ink = ctx.colour(owner), ctx.ink(owner)
        out.append(f'<rect x="{_n(rx)}" y="{_n(ry)}" width="{_n(rw)}" height="{_n(rh)}" rx="4" fill="{col}" '
                   f'stroke="#1d1d1d" stroke-width="1.5">{title(f"{kind} street of {_pname(ctx, owner)}")}</rect>')
        out.append(text(mx, my + (5 if is_wide else 4), SEAT_LETTERS[int(owner) % 5], size=14 if is_wide else 12,
                        weight="700", fill=ink))
    # passenger (square, owner colour) and tram (owner colour), offset along the street
    off = 38
    px, py = (mx - off, my) if horiz else (mx, my - off)
    tx, ty = (mx + off, my) if horiz else (mx, my + off)
    if passenger is not None:
        out.append(f'<rect x="{_n(px - 8)}" y="{_n(py - 8)}" width="16" height="16" fill="{ctx.colour(passenger)}" '
                   f'stroke="#1d1d1d" stroke-width="1.5">{title(f"passenger of {_pname(ctx, passenger)}")}</rect>'
                   + text(px, py + 4, SEAT_LETTERS[int(passenger) % 5], size=10, weight="700", fill=ctx.ink(passenger)))
    if tram is not None:
        out.append(f'<g>{title(f"tram of {_pname(ctx, tram)}")}{tram_glyph(tx, ty, ctx.colour(tram), 13, SEAT_LETTERS[tram % 5])}</g>')
    for prefix in ("street", "tram"):
        aid = f"{prefix}:{seg}"
        if aid in ctx.legal:
            vis = hl_rect(rx - 4, ry - 4, rw + 8, rh + 8, 6)
            if prefix == "tram":
                vis += tram_glyph(tx, ty, "#fff", 12)
            else:
                vis += reward_icons(bonus, mx, my, s=9 if not is_wide else 11)
            hw, hh = (L - 6, HIT) if horiz else (HIT, L - 6)
            out.append(ctx.target(aid, vis, hit_rect(mx, my, hw, hh)))
    return "".join(out)


def _pname(ctx, seat):
    names = ctx.view.get("players", [])
    seat = int(seat)
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def draw_cross(ctx, r, c, cost, owner, stack, place, active) -> str:
    x, y = gxy(r, c)
    diag = r == c
    out = [f'<circle cx="{x}" cy="{y}" r="27" fill="{STREET_BG}" stroke="{LINE}" stroke-width="{2.5 if diag else 1.2}"/>']
    name = f"{'ABCDE'[c]}{r + 1}"
    if owner is not None:
        out.append(f'<rect x="{x - 22}" y="{y - 22}" width="44" height="44" rx="7" fill="{ctx.colour(owner)}" '
                   f'stroke="#1d1d1d" stroke-width="2">{title(f"intersection {name}: tile of {_pname(ctx, owner)}")}</rect>')
        out.append(text(x - 14, y - 9, SEAT_LETTERS[int(owner) % 5], size=11, weight="700", fill=ctx.ink(owner)))
    elif cost:
        out.append(f'<g>{title(f"intersection {name}: costs {cost} coin to use")}{icon("coin", cost, x + 20, y - 20, 10)}</g>')
    if stack:
        top = stack[-1]
        if len(stack) > 1:
            out.append(citizen(x + 5, y + 5, stack[-2], 15))
        out.append(f'<g>{title(f"{name}: citizens (top first) " + ", ".join(CLASS_WORD.get(k, k) for k in reversed(stack)))}'
                   f'{citizen(x, y, top, 15)}</g>')
        if len(stack) > 1:
            out.append(f'<circle cx="{x + 17}" cy="{y + 17}" r="9" fill="#1d1d1d"/>'
                       + text(x + 17, y + 21, str(len(stack)), size=11, weight="700", fill="#fff"))
    if active:
        out.append(f'<circle cx="{x}" cy="{y}" r="36" fill="none" stroke="#D55E00" stroke-width="5" '
                   f'stroke-dasharray="9 5">{title(f"{name}: the current player acts here")}</circle>')
    # place targets: one per citizen order (two side by side when the order matters)
    place = sorted(place)
    pay = 0 if owner is not None else cost
    if place:
        offs = [0] if len(place) == 1 else [-35, 35]
        for (code, aid), dx in zip(place, offs):
            cx = x + dx
            vis = hl_rect(cx - 31, y - 36, 62, 72, 10)
            if len(code) == 2:
                vis += citizen(cx + 4, y + 10, code[1], 12) + citizen(cx - 2, y - 6, code[0], 14)
            else:
                vis += citizen(cx, y, code[0], 14)
            if pay:
                vis += icon("coin", pay, cx + 20, y - 25, 9)
            out.append(ctx.target(aid, vis, hit_rect(cx, y, HIT, 76)))
    aid = f"cross:{r},{c}"
    if aid in ctx.legal:
        vis = (f'<circle class="hl" cx="{x}" cy="{y}" r="30"/>'
               f'<rect x="{x - 16}" y="{y - 16}" width="32" height="32" rx="5" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
               + text(x, y + 5, "+", size=20, weight="700"))
        out.append(ctx.target(aid, vis, hit_circle(x, y, 38)))
    return "".join(out)


def _tile_pos(line):
    if line == "d":
        x, y = gxy(4, 4)
        return x + 72, y + 92
    k = int(line[1:])
    if line[0] == "v":
        return GX + k * GS, 62
    return 910, GY + k * GS


def draw_action_tiles(ctx, active) -> str:
    tiles = ctx.view["board"].get("action_tiles", {})
    act_line = {}
    if active:
        r, c = _parse_rc(active)
        act_line = {"v": f"v{c}", "h": f"h{r}"}
        if r == c:
            act_line["d"] = "d"
    by_line = {ln: code for code, ln in act_line.items()}
    out = []
    for line, key in tiles.items():
        x, y = _tile_pos(line)
        s = 76
        name = D.ACTION_NAMES.get(key, key)
        rule = D.ACTION_RULES.get(key, "")
        where = "diagonal" if line == "d" else f"{'row' if line[0] == 'h' else 'column'} {(int(line[1:]) + 1) if line[0] == 'h' else 'ABCDE'[int(line[1:])]}"
        ring = ' stroke="#D55E00" stroke-width="4"' if line in by_line else ' stroke="#1d1d1d" stroke-width="1.5"'
        body = (f'<rect x="{_n(x - s / 2)}" y="{_n(y - s / 2)}" width="{s}" height="{s}" rx="9" fill="#fffaf0"{ring}/>'
                + action_glyph(key, x, y - 8, 14)
                + text(x, y + 28, ACTION_SHORT.get(key, key), size=12 if len(ACTION_SHORT.get(key, key)) < 10 else 10.5,
                       weight="700"))
        code = by_line.get(line)
        aid = f"act:{code}" if code else None
        if aid and aid in ctx.legal:
            vis = hl_rect(x - s / 2 - 3, y - s / 2 - 3, s + 6, s + 6, 11) + body
            out.append(ctx.target(aid, vis, hit_rect(x, y, 84, 84), f"{ctx.legal[aid]} — {rule}"))
        else:
            out.append(f'<g>{title(f"{name} ({where}): {rule}")}{body}</g>')
    return "".join(out)


def draw_row_bonus(ctx) -> str:
    rb = ctx.view["board"].get("row_bonus", [])
    out = []
    for r, avail in enumerate(rb):
        y = GY + r * GS + GS / 2
        x = 50
        if avail:
            out.append(f'<g>{title(f"First building in block row {r + 1}: {D.FIRST_IN_ROW_VP} VP")}'
                       f'<rect x="{x - 30}" y="{_n(y - 34)}" width="60" height="68" rx="8" fill="#fffaf0" stroke="#1d1d1d" stroke-width="1.5"/>'
                       f'{icon("vp", D.FIRST_IN_ROW_VP, x, y - 8, 14)}{text(x, y + 24, "1st bldg", size=11)}</g>')
        else:
            out.append(f'<g>{title(f"Block row {r + 1}: first-building bonus taken")}'
                       f'<rect x="{x - 30}" y="{_n(y - 34)}" width="60" height="68" rx="8" fill="none" stroke="{LINE}" '
                       f'stroke-dasharray="5 4"/>{text(x, y + 5, "taken", size=11, fill=MUTED)}</g>')
    return "".join(out)


# ---------------------------------------------------------------- tracks
def draw_tracks(ctx, x0, y0) -> tuple:
    v = ctx.view
    tr = v.get("tracks", {})
    counts, off = tr.get("counts", {}), tr.get("off_board", {})
    values = tr.get("values", list(D.TRACK_VP))
    sec = tr.get("section_length", D.SECTION_LENGTH)
    nxt = tr.get("next_value", {})
    n = len(values)
    cw = 37
    lx = x0 + 112
    tiles = tr.get("cerda_tiles", [])
    out = [panel(x0, y0, 948, 222, "Citizen tracks")]
    legend = "Building scores the lowest next value of the 3 tracks (outlined). A full section triggers its Cerdà scoring."
    out.append(text(x0 + 150, y0 + 22, legend, size=12, anchor="start", fill=MUTED))
    # Cerdà scoring tiles above the sections
    ty = y0 + 34
    for i in range(n // sec):
        sx = lx + i * sec * cw
        t = tiles[i] if i < len(tiles) else None
        if t:
            scored = t.get("scored")
            fill = "#d8d8d8" if scored else "#dcecf5"
            vpu = D.CONDITIONS.get(t["key"], (0, ""))[0]
            lab = COND_SHORT.get(t["key"], t["key"])
            tip = f"Cerdà scoring {i + 1}{' (scored)' if scored else ''}: {t.get('text', '')} × your Cerdà multiplier"
            out.append(f'<g>{title(tip)}<rect x="{_n(sx + 2)}" y="{ty}" width="{sec * cw - 4}" height="30" rx="6" '
                       f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.2"{DASH53 if scored else ""}/>'
                       + text(sx + sec * cw / 2, ty + 20, f"{i + 1}. {lab}" + (" — scored" if scored else f": {vpu} VP each"),
                              size=13, weight="700", fill=MUTED if scored else INK) + '</g>')
    for j, cls in enumerate(D.CLASSES):
        y = ty + 44 + j * 44
        filled = counts.get(cls, 0)
        out.append(citizen(x0 + 30, y + 18, cls, 14)
                   + text(x0 + 50, y + 16, CLASS_WORD[cls], size=13, anchor="start")
                   + text(x0 + 50, y + 31, f"{filled} placed", size=10, anchor="start", fill=MUTED))
        for k in range(n):
            x = lx + k * cw
            last = (k + 1) % sec == 0
            out.append(f'<rect x="{x}" y="{y}" width="{cw - 3}" height="36" rx="4" fill="{"#fff" if k >= filled else "#eee6d5"}" '
                       f'stroke="{"#1d1d1d" if last else LINE}" stroke-width="{2 if last else 1}"/>')
            if k < filled:
                out.append(citizen(x + cw / 2 - 1.5, y + 18, cls, 12))
            else:
                is_next = k == filled
                out.append(text(x + cw / 2 - 1.5, y + 24, str(values[k]), size=14 if is_next else 12,
                                weight="700" if is_next else "normal", fill=INK if is_next else MUTED))
                if is_next:
                    out.append(f'<rect x="{x - 1}" y="{y - 1}" width="{cw - 1}" height="38" rx="5" fill="none" '
                               f'stroke="#D55E00" stroke-width="3"><title>next {CLASS_WORD[cls]} value: {nxt.get(cls, values[k])} VP</title></rect>')
        extra = off.get(cls, 0)
        ex = lx + n * cw + 8
        out.append(text(ex, y + 16, f"next {nxt.get(cls, '')}", size=12, anchor="start", weight="700"))
        if extra:
            out.append(text(ex, y + 32, f"+{extra} off", size=11, anchor="start", fill=MUTED))
    return "".join(out), y0 + 222


def draw_cerda_track(ctx, x0, y0) -> tuple:
    v = ctx.view
    pbs = v.get("player_boards", [])
    lo, hi = D.CERDA_MIN, D.CERDA_MAX
    n = hi - lo + 1
    cw = 50
    lx = x0 + 100
    out = [panel(x0, y0, 948, 104, "Cerdà track")]
    out.append(text(x0 + 12, y0 + 42, "multiplier", size=12, anchor="start", fill=MUTED))
    band_fill = ["#f1f1f1", "#e1eef5", "#c9e2ef", "#a9d0e6", "#86bddb"]
    y = y0 + 30
    for k in range(n):
        pos = lo + k
        m = D.cerda_multiplier(pos)
        x = lx + k * cw
        out.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="50" fill="{band_fill[m]}" stroke="{LINE}"/>'
                   + text(x + cw / 2 - 1, y + 14, str(pos), size=12, fill=MUTED))
        if k == 0 or D.cerda_multiplier(pos - 1) != m:
            out.append(text(x + 3, y + 64, f"×{m}", size=13, anchor="start", weight="700"))
    out.append(text(lx + n * cw + 6, y + 20, "past top:", size=11, anchor="start", fill=MUTED)
               + text(lx + n * cw + 6, y + 36, f"{D.CERDA_TOP_VP} VP/step", size=11, anchor="start", fill=MUTED))
    # markers: several players on one position stack sideways
    at = {}
    for i, p in enumerate(pbs):
        at.setdefault(max(lo, min(hi, p.get("cerda", 0))), []).append(i)
    for pos, seats in at.items():
        x = lx + (pos - lo) * cw + cw / 2 - 1
        for j, s in enumerate(seats):
            dx = (j - (len(seats) - 1) / 2) * 15
            tip = f"{_pname(ctx, s)}: Cerdà {pbs[s].get('cerda')} (×{pbs[s].get('cerda_multiplier')})"
            out.append(f'<g>{title(tip)}'
                       f'{seat_mark(ctx, s, x + dx, y + 34 - (j % 2) * 4, 9)}</g>')
    return "".join(out), y0 + 104


def draw_services(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    svcs = side.get("services", {})
    out = [panel(x0, y0, w, 172, "Public services")]
    cw = (w - 20) / max(1, len(svcs))
    for i, (key, s) in enumerate(svcs.items()):
        x = x0 + 10 + i * cw
        y = y0 + 32
        tiles = s.get("tiles", [])
        tip = f"{s.get('name', key)}: {s.get('effect', '')}"
        body = [f'<rect x="{_n(x + 3)}" y="{y}" width="{_n(cw - 6)}" height="132" rx="8" fill="#eef5ee" stroke="#1d1d1d" stroke-width="1.2"/>']
        words = str(s.get("name", key)).replace("Hospital de Sant Pau, Operations pavilion", "Sant Pau pavilion").split()
        lines, cur = [], ""
        for wd in words:
            if len(cur) + len(wd) + 1 > 13 and cur:
                lines.append(cur)
                cur = wd
            else:
                cur = (cur + " " + wd).strip()
        lines.append(cur)
        for li, ln in enumerate(lines[:3]):
            body.append(text(x + cw / 2, y + 18 + li * 14, ln, size=12, weight="700"))
        if tiles:
            cost, vp = tiles[0]
            body.append(icon("coin", cost, x + cw / 2 - 22, y + 66, 13) + icon("vp", vp, x + cw / 2 + 22, y + 66, 14))
            body.append(text(x + cw / 2, y + 96, f"{len(tiles)} left · Cerdà +{D.SERVICE_CERDA}", size=11, fill=MUTED))
        else:
            body.append(text(x + cw / 2, y + 70, "sold out", size=12, fill=MUTED))
        eff = str(s.get("effect", ""))
        body.append(text(x + cw / 2, y + 112, eff[:18] + ("…" if len(eff) > 18 else ""), size=10, fill=MUTED))
        body.append(text(x + cw / 2, y + 125, eff[18:36] + ("…" if len(eff) > 36 else ""), size=10, fill=MUTED))
        vis = "".join(body)
        aid = f"service:{key}"
        if aid in ctx.legal:
            vis = hl_rect(x, y - 3, cw, 138) + vis
            out.append(ctx.target(aid, vis, hit_rect(x + cw / 2, y + 66, cw - 4, 134), f"{ctx.legal[aid]}"))
        else:
            out.append(f"<g>{title(tip)}{vis}</g>")
    return "".join(out), y0 + 172


def _stile_items(aid):
    lvl, i = aid[6:].split(".")
    try:
        return [list(x) for x in D.SAGRADA_TILES[int(lvl)][int(i)]]
    except (KeyError, IndexError, ValueError):
        return None


def draw_sagrada_supply(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    sup = side.get("sagrada_supply", {})
    out = [panel(x0, y0, w, 172, "Sagrada Família tiles")]
    rows = sorted(sup.items(), key=lambda kv: int(kv[0]))
    reach = {lvl: pos for pos, lvl in D.SAGRADA_SLOTS.items()}
    stile = {}
    for aid in ctx.legal:
        if aid.startswith("stile:"):
            lvl, i = aid[6:].split(".")
            stile.setdefault(lvl, []).append(aid)
    for j, (lvl, tiles) in enumerate(rows):
        y = y0 + 48 + j * 36
        out.append(text(x0 + 12, y + 5, f"L{lvl} @{reach.get(int(lvl), '?')}", size=12, anchor="start", weight="700"))
        ids = stile.get(lvl, [])
        step = min(70, (w - 80) / 4)
        for k, items in enumerate(tiles):
            x = x0 + 100 + k * step
            body = (f'<rect x="{_n(x - step / 2 + 3)}" y="{y - 15}" width="{_n(step - 6)}" height="30" rx="5" fill="#f4ead8" '
                    f'stroke="#1d1d1d" stroke-width="1"/>' + reward_icons(items, x, y, 8, 21))
            # match a legal "stile:<level>.<index>" to this tile by its printed rewards
            aid = next((s for s in ids if _stile_items(s) == [list(x) for x in items]), None)
            if aid:
                ids.remove(aid)
            if aid:
                out.append(ctx.target(aid, hl_rect(x - step / 2, y - 17, step, 34, 6) + body,
                                      hit_rect(x, y, step - 2, HIT)))
            else:
                out.append(f'<g>{title(f"Sagrada level {lvl}: {fmt_reward(items)}")}{body}</g>')
    return "".join(out), y0 + 172


# ---------------------------------------------------------------- side board
def draw_side(ctx, x0, y0) -> tuple:
    v = ctx.view
    side = v.get("side", {})
    w = W - x0 - 8
    rows, cols = side.get("pavement_size", [D.PAVEMENT_ROWS, D.PAVEMENT_COLS])
    cell = 70
    out = [panel(x0, y0, w, 66 + rows * cell, "Cobblestone pavement")]
    pav = side.get("pavement", {})
    pb = side.get("pavement_bonus", {})
    px0, py0 = x0 + 12, y0 + 34
    for r in range(rows):
        for c in range(cols):
            key = f"{r},{c}"
            x, y = px0 + c * cell, py0 + r * cell
            cxm, cym = x + cell / 2, y + cell / 2
            bonus = pb.get(key, [])
            if key in pav:
                s = pav[key]
                if s is None:
                    body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#9a9a9a" '
                            f'stroke="#1d1d1d" stroke-width="1.5"><title>start stone</title></rect>'
                            + text(cxm, cym + 5, "start", size=12, fill="#fff", weight="700"))
                else:
                    body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#b5b5b5" '
                            f'stroke="#1d1d1d" stroke-width="1.5"><title>cobblestone of {esc(_pname(ctx, s))}</title></rect>'
                            + seat_mark(ctx, s, cxm, cym, 13))
                out.append(body)
                continue
            body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#fff" '
                    f'stroke="{LINE}" stroke-width="1.2"/>' + reward_icons(bonus, cxm, cym, 13))
            aid = f"cobble:{r},{c}"
            if aid in ctx.legal:
                out.append(ctx.target(aid, hl_rect(x + 1, y + 1, cell - 2, cell - 2) + body, hit_rect(cxm, cym, cell, cell)))
            else:
                out.append(f'<g>{title(f"pavement {r + 1}-{c + 1}: {fmt_reward(bonus)}")}{body}</g>')
    # scores + building stacks at the right of the pavement
    sx = px0 + cols * cell + 14
    out.append(text(sx, y0 + 22, "Scores", size=16, anchor="start", weight="700"))
    order = sorted(range(len(v.get("players", []))), key=lambda i: -v.get("scores", [0] * 9)[i])
    for k, i in enumerate(order):
        y = y0 + 44 + k * 26
        cur = v.get("current_player") == i
        out.append(seat_mark(ctx, i, sx + 10, y, 9)
                   + text(sx + 26, y + 5, _trunc(_pname(ctx, i), 10), size=13, anchor="start",
                          weight="700" if cur else "normal")
                   + text(W - 20, y + 5, f"{v.get('scores', [0] * 9)[i]} VP", size=13, anchor="end", weight="700"))
    by = y0 + 44 + 4 * 26 + 6
    out.append(text(sx, by, "Building stacks", size=13, anchor="start", weight="700"))
    tops, counts = side.get("building_tops", {}), side.get("building_counts", {})
    for k, lvl in enumerate(("corner", "1", "2", "3")):
        y = by + 22 + k * 26
        req = D.LEVEL_RULES["corner" if lvl == "corner" else int(lvl)]
        need = f"{req[0]} cit." + (f", 1 {CLASS_WORD[req[1]]}" if req[1] else "")
        top = tops.get(lvl)
        out.append(f'<g>{title(f"{lvl} stack: {counts.get(lvl, 0)} left; needs {need}; top tile: {fmt_reward(top or [])}")}'
                   + text(sx, y + 4, ("Corner" if lvl == "corner" else f"L{lvl}") + f" ×{counts.get(lvl, 0)}",
                          size=12, anchor="start")
                   + (reward_icons(top, W - 56, y, 8, 19) if top else "") + "</g>")
    out.append(text(sx, by + 22 + 4 * 26, f"Bag: {v.get('bag_size', 0)} citizens", size=12, anchor="start", fill=MUTED))
    y1 = y0 + 66 + rows * cell
    m, y2 = draw_mod_display(ctx, x0, y1 + 10, w)
    out.append(m)
    return "".join(out), y2


def draw_mod_display(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    disp = side.get("mod_display", [])
    mt = {}
    for aid in ctx.legal:
        if aid.startswith("mtake:"):
            tile, sp = aid[6:].split("@")
            mt[(tile, int(sp))] = aid
    rowh = 72
    h = 44 + max(1, len(disp)) * rowh
    out = [panel(x0, y0, w, h, f"Modernisme display (deck {side.get('mod_deck_size', 0)})")]
    if mt:
        out.append(text(x0 + w - 12, y0 + 22, "choose a project and your space 1-5 →", size=12, anchor="end",
                        fill=MUTED))
    cardw = w - 24 - 5 * HIT if mt else w - 24
    for j, t in enumerate(disp):
        y = y0 + 34 + j * rowh
        key = t.get("key", "")
        vpu = D.CONDITIONS.get(key, (0, ""))[0]
        out.append(f'<g>{title(t.get("text", key))}<rect x="{x0 + 12}" y="{y}" width="{_n(cardw)}" height="{rowh - 8}" '
                   f'rx="8" fill="#efe3f6" stroke="#1d1d1d" stroke-width="1.2"/>'
                   + text(x0 + 24, y + 24, COND_SHORT.get(key, key), size=15, anchor="start", weight="700")
                   + text(x0 + 24, y + 46, f"{vpu} VP each × marker" if mt else _trunc(t.get("text", ""), 68) + " × marker",
                          size=12, anchor="start", fill=MUTED) + "</g>")
        for sp in range(D.MODERNISME_SPACES):
            aid = mt.get((key, sp))
            if not aid:
                continue
            x = x0 + 12 + cardw + HIT / 2 + sp * HIT
            cost = D.MODERNISME_TAKE_COST[sp]
            vis = (hl_rect(x - HIT / 2 + 3, y, HIT - 6, rowh - 8)
                   + text(x, y + 22, f"→ {sp + 1}", size=15, weight="700")
                   + (reward_icons(cost, x, y + 44, 9) if cost else text(x, y + 48, "free", size=11, fill=MUTED)))
            out.append(ctx.target(aid, vis, hit_rect(x, y + (rowh - 8) / 2, HIT, rowh)))
    return "".join(out), y0 + h


# ---------------------------------------------------------------- player boards
def draw_player(ctx, i, p, x0, y0, w, h) -> str:
    v = ctx.view
    cur = v.get("current_player") == i
    mine = v.get("seat") == i
    col = ctx.colour(i)
    out = [f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="10" fill="{PAPER}" stroke="{"#1d1d1d" if cur else LINE}" '
           f'stroke-width="{4 if cur else 1.5}"/>',
           f'<rect x="{x0}" y="{y0}" width="10" height="{h}" rx="4" fill="{col}"/>']
    out.append(seat_mark(ctx, i, x0 + 30, y0 + 20, 12))
    name = _trunc(p.get("name", _pname(ctx, i)), 16)
    out.append(text(x0 + 50, y0 + 26, name, size=16, anchor="start", weight="700"))
    hdr = f"{p.get('vp', 0)} VP · Cerdà {p.get('cerda', 0)} (×{p.get('cerda_multiplier', 0)}) · Sagrada {p.get('sagrada', 0)}"
    out.append(text(x0 + 210, y0 + 26, hdr, size=13, anchor="start"))
    if cur:
        out.append(f'<rect x="{x0 + w - 96}" y="{y0 + 8}" width="86" height="24" rx="12" fill="#1d1d1d"/>'
                   + text(x0 + w - 53, y0 + 25, "▶ to play", size=13, weight="700", fill="#fff"))
    # Modernisme spaces (improve targets)
    mx0, my0 = x0 + 18, y0 + 36
    tiles, top = p.get("mod_tiles", []), p.get("mod_top", [])
    out.append(text(mx0, my0 + 4, "Modernisme", size=12, anchor="start", fill=MUTED, weight="700"))
    for k in range(D.MODERNISME_SPACES):
        x = mx0 + k * 72
        y = my0 + 10
        t = tiles[k] if k < len(tiles) else None
        up = bool(top[k]) if k < len(top) else False
        mult = D.MODERNISME_MULT_TOP[k] if up else D.MODERNISME_MULT_BOTTOM
        body = [f'<rect x="{x}" y="{y}" width="68" height="76" rx="6" fill="{"#efe3f6" if t else "#fff"}" '
                f'stroke="#1d1d1d" stroke-width="1"/>',
                f'<path d="M{x + 3} {y + 21}h62M{x + 3} {y + 55}h62" stroke="{LINE}" stroke-dasharray="3 2"/>']
        # marker track: top (improved, x2/x3) and bottom (x1); the cube shows where the marker is
        body.append(text(x + 22, y + 15, f"×{D.MODERNISME_MULT_TOP[k]}", size=11, anchor="start",
                         weight="700" if up else "normal", fill=INK if up else MUTED))
        body.append(text(x + 22, y + 70, f"×{D.MODERNISME_MULT_BOTTOM}", size=11, anchor="start",
                         weight="normal" if up else "700", fill=MUTED if up else INK))
        my = y + 5 if up else y + 59
        body.append(f'<rect x="{x + 5}" y="{my}" width="12" height="12" fill="{col}" stroke="#1d1d1d"/>')
        icost = D.MODERNISME_IMPROVE_COST[k]
        if not up and icost:
            body.append(icon(icost[0][0], icost[0][1], x + 56, y + 11, 7.5))
        if t:
            lab = COND_SHORT.get(t, t)
            words = lab.split()
            body.append(text(x + 34, y + 36, words[0][:10], size=11, weight="700"))
            if len(words) > 1:
                body.append(text(x + 34, y + 49, " ".join(words[1:])[:10], size=11, weight="700"))
            pv = (v.get("modernisme_preview") or [])
            tip = f"space {k + 1}: {D.CONDITIONS.get(t, (0, t))[1]} × {mult}"
            if mine and k < len(pv):
                tip += f" (now {pv[k]} VP before ×)"
        else:
            cost = D.MODERNISME_TAKE_COST[k]
            body.append(text(x + 34, y + 36, "empty", size=11, fill=MUTED))
            if cost:
                body.append(reward_icons(cost, x + 34, y + 46, 6.5))
            tip = f"space {k + 1}: empty; taking a project here costs {fmt_reward(cost) if cost else 'nothing'}"
        tip += f"; improving costs {fmt_reward(icost) if icost else 'nothing'}" if not up else "; improved"
        vis = "".join(body)
        aid = f"improve:{k}"
        if cur and aid in ctx.legal:     # the decision is the current player's, on their own board
            out.append(ctx.target(aid, hl_rect(x - 2, y - 2, 72, 80, 7) + vis, hit_rect(x + 34, y + 38, 72, 80)))
        else:
            out.append(f"<g>{title(tip)}{vis}</g>")
    # warehouse
    wx, wy = x0 + 390, y0 + 66
    out.append(text(wx, wy - 4, "Warehouse", size=12, anchor="start", fill=MUTED, weight="700"))
    coins, cloth, cob = p.get("coins", 0), p.get("cloth", 0), p.get("cobbles_left", 0)
    cap = p.get("capacity", D.WAREHOUSE_SLOTS - cob)
    slots = ["coin"] * coins + ["cloth"] * cloth
    slots += [""] * max(0, cap - len(slots))
    slots += ["cobble"] * cob
    sw = 26
    wtip = f"warehouse: {coins} coins, {cloth} cloth, {cob} cobblestones left (capacity {cap})"
    cells = []
    for k, s in enumerate(slots[: max(D.WAREHOUSE_SLOTS, len(slots))]):
        x = wx + k * sw
        cells.append(f'<rect x="{x}" y="{wy}" width="{sw - 2}" height="26" rx="3" fill="#fff" stroke="{LINE}"/>')
        if s == "coin":
            cells.append(icon("coin", "", x + 12, wy + 13, 9))
        elif s == "cloth":
            cells.append(icon("cloth", "", x + 12, wy + 13, 9))
        elif s == "cobble":
            cells.append(f'<rect x="{x + 3}" y="{wy + 3}" width="{sw - 8}" height="20" rx="3" fill="#9a9a9a" stroke="#1d1d1d"/>')
    out.append(f"<g>{title(wtip)}{''.join(cells)}</g>")
    # hand: only when the view gives it (own seat); others show the public count only
    hand = p.get("hand")
    if mine and hand is not None:
        hs = [text(wx, wy + 50, "Your hand:" if hand else "Your hand: empty", size=12, anchor="start", weight="700")]
        for k, cls in enumerate(hand):
            hs.append(citizen(wx + 90 + k * 30, wy + 45, cls, 13))
        out.append(f'<g class="hand">{title("your citizens in hand (only you see them)")}{"".join(hs)}</g>')
    else:
        out.append(text(wx, wy + 50, f"Hand: {p.get('hand_size', 0)} hidden", size=12, anchor="start", fill=MUTED))
    # streets + intersection tiles
    ns = p.get("narrow_stacks", [])
    out.append(f'<g>{title("street tiles left: narrow stacks and wide stack")}'
               + text(wx, wy + 72, f"Streets: narrow {'+'.join(str(n) for n in ns)} · wide {p.get('wide', 0)}",
                      size=12, anchor="start") + "</g>")
    # row 3: intersection tiles, markers, passengers, sagrada, services
    ry = y0 + 156
    costs = p.get("cross_costs", list(D.INTERSECTION_TILE_COST))
    built = p.get("crosses_built", 0)
    out.append(text(x0 + 18, ry + 4, "Intersection tiles", size=11, anchor="start", fill=MUTED, weight="700"))
    for k, cst in enumerate(costs):
        x = x0 + 18 + k * 24
        if k >= built:
            out.append(f'<rect x="{x}" y="{ry + 10}" width="22" height="22" rx="4" fill="{col}" stroke="#1d1d1d"/>'
                       + text(x + 11, ry + 26, str(cst), size=11, weight="700", fill=ctx.ink(i)))
        else:
            out.append(f'<rect x="{x}" y="{ry + 10}" width="22" height="22" rx="4" fill="none" stroke="{LINE}" '
                       f'stroke-dasharray="3 2"/>')
    nxtc = costs[built] if built < len(costs) else "-"
    ctip = f"intersection tiles: {built} built; next costs {nxtc} coin + printed cost"
    out.append(f'<rect x="{x0 + 16}" y="{ry - 8}" width="132" height="44" fill="#fff" fill-opacity="0">'
               f'{title(ctip)}</rect>')
    mk = p.get("marker_stacks", [])
    mx = x0 + 150
    out.append(text(mx, ry + 4, "Markers", size=11, anchor="start", fill=MUTED, weight="700"))
    for k, n in enumerate(mk):
        x = mx + 10 + k * 20
        for m in range(n):
            out.append(f'<circle cx="{x}" cy="{ry + 24 - m * 6}" r="8" fill="{col}" stroke="#1d1d1d"/>')
        if not n:
            out.append(f'<circle cx="{x}" cy="{ry + 24}" r="8" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
    out.append(f'<rect x="{mx}" y="{ry - 8}" width="112" height="44" fill="#fff" fill-opacity="0">'
               f'{title(f"building markers left: {sum(mk)} (emptying a stack: Cerdà +1)")}</rect>')
    px = x0 + 262
    placed = p.get("passengers_placed", 0)
    out.append(text(px, ry + 4, "Passengers", size=11, anchor="start", fill=MUTED, weight="700"))
    for k, cost in enumerate(D.PASSENGER_COST):
        x = px + k * 22
        if k >= placed:
            out.append(f'<rect x="{x}" y="{ry + 12}" width="20" height="20" fill="{col}" stroke="#1d1d1d"/>'
                       + text(x + 10, ry + 26, str(cost[0][1]) + ("¢" if cost[0][0] == "coin" else "c"), size=9,
                              weight="700", fill=ctx.ink(i)))
        else:
            out.append(f'<rect x="{x}" y="{ry + 12}" width="20" height="20" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
    tram = p.get("tram")
    nxtp = fmt_reward(D.PASSENGER_COST[placed]) if placed < len(D.PASSENGER_COST) else "-"
    ptip = f"passengers placed: {placed}; next costs {nxtp}; tram: {tram or 'not on the board'}"
    out.append(f'<rect x="{px}" y="{ry - 8}" width="120" height="44" fill="#fff" fill-opacity="0">'
               f'{title(ptip)}</rect>')
    # Sagrada track 0..12 with tile slots
    sx = x0 + 384
    sg = p.get("sagrada", 0)
    out.append(text(sx, ry + 4, "Sagrada Família", size=11, anchor="start", fill=MUTED, weight="700"))
    for k in range(D.SAGRADA_MAX + 1):
        x = sx + k * 14
        slot = D.SAGRADA_SLOTS.get(k)
        fill = "#b08d57" if k <= sg and k else ("#f4ead8" if slot else "#fff")
        out.append(f'<rect x="{x}" y="{ry + 12}" width="12" height="20" rx="2" fill="{fill}" stroke="{"#1d1d1d" if slot else LINE}"/>')
        if slot:
            out.append(text(x + 6.5, ry + 27, str(slot), size=10, weight="700"))
    sgtip = f"Sagrada Família {sg}/{D.SAGRADA_MAX}; tiles taken: " + (", ".join(f"L{a}" for a, _ in p.get("sagrada_tiles", [])) or "none")
    out.append(f'<rect x="{sx}" y="{ry - 8}" width="{14 * 13}" height="56" fill="#fff" fill-opacity="0">'
               f'{title(sgtip)}</rect>')
    st = p.get("sagrada_tiles", [])
    if st:
        out.append(text(sx + 14 * 13 + 4, ry + 27, f"{len(st)} tile{'s' if len(st) > 1 else ''}", size=10, anchor="start"))
    # services built
    svs = p.get("services", [])
    sv_names = {k: s.get("name", k) for k, s in ctx.view.get("side", {}).get("services", {}).items()}
    label = "Services: " + (", ".join(_trunc(sv_names.get(k, D.SERVICES.get(k, (k,))[0]), 18) for k in svs) or "none")
    out.append(text(x0 + 18, y0 + h - 8, label, size=11, anchor="start"))
    return "".join(out)


# ---------------------------------------------------------------- entry point
def render(view: dict, legal_actions, colours=None):
    """SVG markup for the whole table, and the ids of the legal actions drawn on it."""
    ctx = RenderContext(view, list(legal_actions or []), colours)
    parts = [draw_main_board(ctx)]
    t, y = draw_tracks(ctx, 8, 972)
    parts.append(t)
    c, y = draw_cerda_track(ctx, 8, y + 10)
    parts.append(c)
    s, y3 = draw_services(ctx, 8, y + 10, 560)
    parts.append(s)
    g, _ = draw_sagrada_supply(ctx, 578, y + 10, 378)
    parts.append(g)
    left_h = y3
    sd, y = draw_side(ctx, 972, 8)
    parts.append(sd)
    pbs = view.get("player_boards", [])
    ph = 210
    for i, p in enumerate(pbs):
        parts.append(f'<g class="pboard" data-seat="{i}">'
                     + draw_player(ctx, i, p, 972, y + 10 + i * (ph + 8), W - 972 - 8, ph) + "</g>")
    right_h = y + 10 + len(pbs) * (ph + 8)
    h = int(max(left_h, right_h) + 10)
    prompt = view.get("prompt", "")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" class="bcn" viewBox="0 0 {W} {h}" '
           f'preserveAspectRatio="xMidYMin meet" role="img" aria-label="Barcelona board. {esc(prompt)}">'
           f'<style>{CSS}</style><rect width="{W}" height="{h}" fill="#f4f1ea"/>'
           + "".join(parts) + "</svg>")
    return svg, set(ctx.drawn)


# Action kind -> heading of its group of buttons in the side panel (web/panels.actions_panel):
# one table per game, so no internal word ("act", "keep") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here.
ACTION_GROUPS = {
    "place": "Place a citizen", "owner": "Intersection rewards", "act": "Street actions",
    "goods": "Coins or cloth", "keep": "Warehouse full", "split": "Coins and cloth",
    "cobble": "Cobblestone", "streets": "Which streets", "street": "Build a street",
    "cross": "Intersection tile", "improve": "Improve a Modernisme space", "mtake": "Modernisme card",
    "service": "Public service", "tram": "Tram", "passenger": "Passenger", "pact": "The street's action",
    "stile": "Sagrada Família tile", "build": "Build",
}

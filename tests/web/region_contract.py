"""Test helper shared by the renderer tests: the region layout contract (docs/architecture.md "Page layout") of one
``web.kit.svgkit.Region``: viewBox width within its place's limit, every font-size >= 12 units (>= 12
CSS px once shown at scale 1), no text cut with an ellipsis, every hit shape >= 44 units, no two
targets' hit shapes overlapping. A board drawn for a smaller scale (``render_regions(...,
scale=s)``, the page fits it to the screen): every font-size >= 12 / s units, so the text is
still >= 12 CSS px as rendered (``check_region(region, legal, scale=s)``); its hit shapes are
then 44 units = 44 s CSS px (the e2e fit test measures them in the page)."""

import math
import re
import xml.etree.ElementTree as ET

from web.kit.svgkit import PLACE_MAX_WIDTH, TAP_SCALE

SVG = "{http://www.w3.org/2000/svg}"
MIN_FONT, MIN_HIT = 12, 44
_FS = re.compile(r"font-size\s*:\s*([0-9.]+)")


def _cls(el):
    return (el.get("class") or "").split()


def hit_shapes(root):
    """[(action id, shape)] of every hit shape inside a data-action group."""
    out = []
    for g in root.iter():
        aid = g.get("data-action")
        if aid is None:
            continue
        for h in g.iter():
            if "hit" in _cls(h):
                out.append((aid, h))
    return out


def _shape(h):
    """('circle', cx, cy, r), ('rect', x0, y0, x1, y1) or ('poly', points) (convex)."""
    tag = h.tag.replace(SVG, "")
    if tag == "circle":
        return ("circle", float(h.get("cx")), float(h.get("cy")), float(h.get("r")))
    if tag == "rect":
        x, y = float(h.get("x", 0)), float(h.get("y", 0))
        return ("rect", x, y, x + float(h.get("width")), y + float(h.get("height")))
    return ("poly", [tuple(map(float, p.split(","))) for p in h.get("points").split()])


def _points(s):
    if s[0] == "poly":
        return s[1]
    if s[0] == "rect":
        return [(s[1], s[2]), (s[3], s[2]), (s[3], s[4]), (s[1], s[4])]
    return [(s[1] + s[3] * math.cos(k * math.pi / 16), s[2] + s[3] * math.sin(k * math.pi / 16)) for k in range(32)]


def _sat(pa, pb, eps=0.01):
    """Separating-axis test of two convex polygons: True when their interiors intersect."""
    for poly in (pa, pb):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            ax, ay = y1 - y2, x2 - x1
            n = math.hypot(ax, ay) or 1
            pra = [(x * ax + y * ay) / n for x, y in pa]
            prb = [(x * ax + y * ay) / n for x, y in pb]
            if min(max(pra), max(prb)) - max(min(pra), min(prb)) <= eps:
                return False
    return True


def _size(s):
    if s[0] == "circle":
        return 2 * s[3], 2 * s[3]
    if s[0] == "poly":
        xs, ys = [p[0] for p in s[1]], [p[1] for p in s[1]]
        return max(xs) - min(xs), max(ys) - min(ys)
    return s[3] - s[1], s[4] - s[2]


def overlap(a, b, eps=0.01):
    if "poly" in (a[0], b[0]):
        return _sat(_points(a), _points(b), eps)
    if a[0] == "rect" and b[0] == "rect":
        return min(a[3], b[3]) - max(a[1], b[1]) > eps and min(a[4], b[4]) - max(a[2], b[2]) > eps
    if a[0] == "circle" and b[0] == "circle":
        return math.hypot(a[1] - b[1], a[2] - b[2]) < a[3] + b[3] - eps
    c, r = (a, b) if a[0] == "circle" else (b, a)
    nx, ny = min(max(c[1], r[1]), r[3]), min(max(c[2], r[2]), r[4])
    return math.hypot(c[1] - nx, c[2] - ny) < c[3] - eps


def check_region(region, legal=None, scale=None):
    """Assert the contract for one region; returns its parsed root. ``legal``: id -> label;
    ``scale``: the scale (< 1) the region was drawn for."""
    min_font = MIN_FONT / scale if scale else MIN_FONT
    # tap areas >= 44 CSS px at the scale drawn for, down to the page's smallest (svgkit.TAP_SCALE)
    min_hit = MIN_HIT / max(scale, TAP_SCALE) if scale else MIN_HIT
    where = f"region {region.name}"
    assert region.place in PLACE_MAX_WIDTH, where
    assert 0 < region.width <= PLACE_MAX_WIDTH[region.place], f"{where}: width {region.width}"
    root = ET.fromstring(region.svg)
    vb = root.get("viewBox").split()
    assert float(vb[2]) == region.width, where
    for el in root.iter():
        fs = el.get("font-size")
        sizes = [float(fs)] if fs is not None else []
        sizes += [float(m) for m in _FS.findall(el.get("style") or "")]
        for s in sizes:
            assert s >= min_font - 1e-6, f"{where}: font-size {s} on {el.tag} {''.join(el.itertext())!r}"
        if el.tag == SVG + "text":
            t = "".join(el.itertext())
            assert "…" not in t and "..." not in t, f"{where}: cut text {t!r}"
    shapes = []
    for aid, h in hit_shapes(root):
        s = _shape(h)
        w, hh = _size(s)
        assert w >= min_hit - 1e-6 and hh >= min_hit - 1e-6, f"{where}: hit of {aid} is {w:.0f}x{hh:.0f}"
        shapes.append((aid, s))
    for i, (a, sa) in enumerate(shapes):
        for b, sb in shapes[i + 1 :]:
            assert a == b or not overlap(sa, sb), f"{where}: hit areas of {a} and {b} overlap"
    if legal is not None:
        ids = {g.get("data-action") for g in root.iter() if g.get("data-action") is not None}
        for aid in ids:
            assert aid.startswith("ui:") or aid in legal, f"{where}: {aid} is not legal"
        assert set(region.drawn) <= set(legal), where
    return root


def check_regions(regions, legal=None, scale=None):
    """``scale``: the scale the "board" region was drawn for (the others are drawn for 1)."""
    names = [r.name for r in regions]
    assert len(names) == len(set(names)), f"region names repeat: {names}"
    assert sum(r.place == "board" for r in regions) <= 1
    return [check_region(r, legal, scale if r.place == "board" else None) for r in regions]

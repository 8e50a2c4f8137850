"""Barcelona's main board: the Eixample grid with its blocks, street spaces, intersections,
action tiles and first-in-row bonus tiles."""
from engine.barcelona import data as D
from web.svgkit import num as _n, seat_mark, letter, text, title

from . import layout as L
from .glyphs import (ACTIVE, BLOCK, BOARD_BG, LINE, MUTED, STREET_BG, action_glyph, citizen, hit_circle,
                     hit_rect, hl_rect, icon, panel, reward_icons, tram_glyph)
from .layout import GS, GX, GY, NARROW_W, WIDE_W, gxy
from .words import ACTION_SHORT, CLASS_WORD, cross_name, fmt_reward, site_label


def _poly(pts):
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def draw_main_board(ctx) -> str:
    v = ctx.view
    bd = v["board"]
    wide = set(bd.get("wide_lines", []))
    out = [panel(*L.MAIN, fill=BOARD_BG)]
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
    for r in range(4):
        for c in range(4):
            keys = [f"t{r}u", f"t{r}l"] if r == c else [f"b{r}{c}"]
            for site in keys:
                out.append(draw_site(ctx, site, L.site_polygon(site, wide), sites.get(site)))
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
    active = bd.get("active_cross")
    for r in range(5):
        for c in range(5):
            key = f"{r},{c}"
            out.append(draw_cross(ctx, r, c, costs.get(key, 0), owners.get(key), cits.get(key, []), active == key))
    out.append(draw_action_tiles(ctx, active))
    out.append(draw_row_bonus(ctx))
    # column / row names as in the action labels (A-E, 1-5)
    for c in range(5):
        out.append(text(GX + c * GS, GY + 4 * GS + 56, "ABCDE"[c], size=15, fill=MUTED, weight="700"))
    for r in range(5):
        out.append(text(86, GY + r * GS + 5, str(r + 1), size=15, fill=MUTED, weight="700", anchor="end"))
    return "".join(out)


def draw_site(ctx, site, pts, built) -> str:
    poly = _poly(pts)
    cx, cy = L.site_centre(site, pts)
    ctx.anchor(("site", site), cx, cy)
    tri = site[0] == "t"
    out = [f'<polygon points="{poly}" fill="{BLOCK}" stroke="{LINE}" stroke-width="1.5"/>']
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
    builds = ctx.options_at("build", site)       # [(level, id)]: one target per site
    if builds:
        lvl, aid = builds[0]
        more = len(builds) - 1
        vis = f'<polygon class="hl" points="{poly}" fill-opacity=".75"/>'
        badge = ""
        if more:       # the other levels for this site stay in the panel
            badge = (f'<rect x="{_n(cx - 36)}" y="{_n(cy - 46)}" width="72" height="18" rx="9" fill="#1d1d1d"/>'
                     + text(cx, cy - 33, f"+{more} in panel", size=11, fill="#fff", weight="700"))
        tag = "Corner" if lvl == "corner" else f"Build L{lvl}"
        vis += (f'<rect x="{_n(cx - 30)}" y="{_n(cy - 14)}" width="60" height="24" rx="5" fill="#fff" stroke="#1d1d1d"/>'
                + text(cx, cy + 3, tag, size=13, weight="700") + badge)
        hit = f'<polygon class="hit" points="{poly}"/>'
        out.append(ctx.target(aid, vis, hit))
    return "".join(out)


def draw_segment(ctx, seg, is_wide, owner, bonus, passenger, tram) -> str:
    rx, ry, rw, rh = L.street_rect(seg, is_wide)
    horiz = L.seg_geom(seg)[4]
    mx, my = L.seg_mid(seg)
    px, py = L.passenger_pos(seg)
    tx, ty = L.tram_pos(seg)
    ctx.anchor(("street", seg), mx, my)
    ctx.anchor(("tram", seg), tx, ty)
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
                   f'stroke="#1d1d1d" stroke-width="1.5">{title(f"{kind} street of {ctx.name(owner)}")}</rect>')
        out.append(text(mx, my + (5 if is_wide else 4), letter(owner), size=14 if is_wide else 12,
                        weight="700", fill=ink))
    # passenger (square, owner colour) and tram (owner colour), offset along the street
    if passenger is not None:
        out.append(f'<rect x="{_n(px - 8)}" y="{_n(py - 8)}" width="16" height="16" fill="{ctx.colour(passenger)}" '
                   f'stroke="#1d1d1d" stroke-width="1.5">{title(f"passenger of {ctx.name(passenger)}")}</rect>'
                   + text(px, py + 4, letter(passenger), size=10, weight="700", fill=ctx.ink(passenger)))
    if tram is not None:
        out.append(f'<g>{title(f"tram of {ctx.name(tram)}")}{tram_glyph(tx, ty, ctx.colour(tram), 13, letter(tram))}</g>')
    for kind_ in ("street", "tram"):
        aid = ctx.legal_at(kind_, seg)
        if aid:
            vis = hl_rect(rx - 4, ry - 4, rw + 8, rh + 8, 6)
            if kind_ == "tram":
                vis += tram_glyph(tx, ty, "#fff", 12)
            else:
                vis += reward_icons(bonus, mx, my, s=9 if not is_wide else 11)
            length = GS - 2 * L.STREET_PAD
            hw, hh = (length - 6, L.HIT) if horiz else (L.HIT, length - 6)
            out.append(ctx.target(aid, vis, hit_rect(mx, my, hw, hh)))
    return "".join(out)


def draw_cross(ctx, r, c, cost, owner, stack, active) -> str:
    x, y = gxy(r, c)
    key = f"{r},{c}"
    ctx.anchor(("cross", key), x, y)
    diag = r == c
    out = [f'<circle cx="{x}" cy="{y}" r="{L.CROSS_R}" fill="{STREET_BG}" stroke="{LINE}" '
           f'stroke-width="{2.5 if diag else 1.2}"/>']
    name = cross_name(r, c)
    if owner is not None:
        out.append(f'<rect x="{x - 22}" y="{y - 22}" width="44" height="44" rx="7" fill="{ctx.colour(owner)}" '
                   f'stroke="#1d1d1d" stroke-width="2">{title(f"intersection {name}: tile of {ctx.name(owner)}")}</rect>')
        out.append(text(x - 14, y - 9, letter(owner), size=11, weight="700", fill=ctx.ink(owner)))
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
        out.append(f'<circle cx="{x}" cy="{y}" r="36" fill="none" stroke="{ACTIVE}" stroke-width="5" '
                   f'stroke-dasharray="9 5">{title(f"{name}: the current player acts here")}</circle>')
    # place targets: one per citizen order (two side by side when the order matters)
    place = sorted(ctx.options_at("place", key))
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
            out.append(ctx.target(aid, vis, hit_rect(cx, y, L.HIT, 76)))
    aid = ctx.legal_at("cross", key)
    if aid:
        vis = (f'<circle class="hl" cx="{x}" cy="{y}" r="30"/>'
               f'<rect x="{x - 16}" y="{y - 16}" width="32" height="32" rx="5" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
               + text(x, y + 5, "+", size=20, weight="700"))
        out.append(ctx.target(aid, vis, hit_circle(x, y, 38)))
    return "".join(out)


def draw_action_tiles(ctx, active) -> str:
    tiles = ctx.view["board"].get("action_tiles", {})
    act_line = {}
    if active:
        r, c = (int(k) for k in active.split(","))
        act_line = {"v": f"v{c}", "h": f"h{r}"}
        if r == c:
            act_line["d"] = "d"
    by_line = {ln: code for code, ln in act_line.items()}
    out = []
    s = L.ACTION_TILE
    for line, key in tiles.items():
        x, y = L.tile_pos(line)
        name = D.ACTION_NAMES.get(key, key)
        rule = D.ACTION_RULES.get(key, "")
        where = "diagonal" if line == "d" else f"{'row' if line[0] == 'h' else 'column'} {(int(line[1:]) + 1) if line[0] == 'h' else 'ABCDE'[int(line[1:])]}"
        ring = f' stroke="{ACTIVE}" stroke-width="4"' if line in by_line else ' stroke="#1d1d1d" stroke-width="1.5"'
        body = (f'<rect x="{_n(x - s / 2)}" y="{_n(y - s / 2)}" width="{s}" height="{s}" rx="9" fill="#fffaf0"{ring}/>'
                + action_glyph(key, x, y - 8, 14)
                + text(x, y + 28, ACTION_SHORT.get(key, key), size=12 if len(ACTION_SHORT.get(key, key)) < 10 else 10.5,
                       weight="700"))
        code = by_line.get(line)
        if code:
            ctx.anchor(("act", code), x, y)
        aid = ctx.legal_at("act", code) if code else None
        if aid:
            vis = hl_rect(x - s / 2 - 3, y - s / 2 - 3, s + 6, s + 6, 11) + body
            out.append(ctx.target(aid, vis, hit_rect(x, y, 84, 84), f"{ctx.legal[aid]} — {rule}"))
        else:
            out.append(f'<g>{title(f"{name} ({where}): {rule}")}{body}</g>')
    return "".join(out)


def draw_row_bonus(ctx) -> str:
    rb = ctx.view["board"].get("row_bonus", [])
    out = []
    x = L.ROW_BONUS_X
    for r, avail in enumerate(rb):
        y = GY + r * GS + GS / 2
        if avail:
            out.append(f'<g>{title(f"First building in block row {r + 1}: {D.FIRST_IN_ROW_VP} VP")}'
                       f'<rect x="{x - 30}" y="{_n(y - 34)}" width="60" height="68" rx="8" fill="#fffaf0" stroke="#1d1d1d" stroke-width="1.5"/>'
                       f'{icon("vp", D.FIRST_IN_ROW_VP, x, y - 8, 14)}{text(x, y + 24, "1st bldg", size=11)}</g>')
        else:
            out.append(f'<g>{title(f"Block row {r + 1}: first-building bonus taken")}'
                       f'<rect x="{x - 30}" y="{_n(y - 34)}" width="60" height="68" rx="8" fill="none" stroke="{LINE}" '
                       f'stroke-dasharray="5 4"/>{text(x, y + 5, "taken", size=11, fill=MUTED)}</g>')
    return "".join(out)

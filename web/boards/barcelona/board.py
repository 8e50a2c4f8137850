"""Barcelona's main board: the Eixample grid with its blocks, street spaces, intersections,
action tiles and first-in-row bonus tiles."""

from engine.barcelona import data as D

from web.i18n import t, tn
from web.kit.svgkit import SELECTED, floor, inert, num as _n, seat_mark, tap_floor, text, text_width, title

from . import layout as L, targets
from .glyphs import (
    ACTIVE,
    BLOCK,
    CLASS_FILL,
    CLASS_INK,
    BOARD_BG,
    LINE,
    MUTED,
    STREET_BG,
    action_glyph,
    citizen,
    hit_circle,
    hit_rect,
    hl_circle,
    hl_poly,
    hl_rect,
    icon,
    panel,
    reward_icons,
    tram_glyph,
)
from .layout import GS, GX, GY, NARROW_W, WIDE_W, gxy
from .gaudi import draw_pawn
from .words import upper_sentence, action_name, action_rule, class_word, cross_name, fmt_reward, site_label, tile_words

# Two lines of words fit under a street action's smaller picture up to this font floor (units):
# last baseline y - 10 + 1.97 f plus its descent inside the tile's lower half (33 units).
TILE_WORDS_MAX_FLOOR = 18.5
# ... and while each line fits the tile's width squeezed to no less than this of its own width.
TILE_SQUEEZE = 0.8


def _building(lvl) -> str:
    """A building's kind in words ("corner building", "L2 building")."""
    return t("bcn.ui.building_corner") if lvl == "corner" else t("bcn.ui.building_level", level=lvl)


def _poly(pts):
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def draw_main_board(ctx) -> str:
    v = ctx.view
    bd = v["board"]
    wide = set(bd.get("wide_lines", []))
    out = [panel(*L.MAIN, fill=BOARD_BG)]
    # the diagonal avenue (no street spaces; it cuts 4 blocks into corner triangles)
    ex, ey = gxy(4, 4)
    out.append(
        f'<path d="M{GX - 30} {GY - 30}L{ex + 40} {ey + 40}" stroke="{STREET_BG}" stroke-width="26" '
        f'stroke-linecap="round"/><path d="M{GX - 30} {GY - 30}L{ex + 40} {ey + 40}" stroke="{LINE}" '
        f'stroke-width="1.5" stroke-dasharray="10 8"/>'
    )
    # street lines (the gaps between blocks) as pale roads
    for k in range(5):
        for line, (x1, y1), (x2, y2) in ((f"h{k}", gxy(k, 0), gxy(k, 4)), (f"v{k}", gxy(0, k), gxy(4, k))):
            w = WIDE_W if line in wide else NARROW_W
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{STREET_BG}" '
                f'stroke-width="{w + 8}" stroke-linecap="round"/>'
            )
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
        out.append(
            draw_segment(
                ctx, seg, seg.split("-")[0] in wide, streets.get(seg), bonus[seg], passengers.get(seg), trams.get(seg)
            )
        )
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
    out.append(draw_pawn(ctx))  # the solo game: Gaudí's pawn
    # column / row names as in the action labels (A-E, 1-5)
    for c in range(5):
        out.append(text(GX + c * GS, GY + 4 * GS + 48, "ABCDE"[c], size=15, fill=MUTED, weight="700"))
    for r in range(5):
        out.append(text(GX - 27, GY + r * GS + 5, str(r + 1), size=15, fill=MUTED, weight="700", anchor="end"))
    return "".join(out)


def draw_site(ctx, site, pts, built) -> str:
    poly = _poly(pts)
    cx, cy = L.site_centre(site, pts)
    ctx.anchor(("site", site), cx, cy)
    tri = site[0] == "t"
    out = [f'<polygon points="{poly}" fill="{BLOCK}" stroke="{LINE}" stroke-width="1.5"/>']
    if built:
        lvl = built.get("level")
        label = t("bcn.ui.corner_tag") if lvl == "corner" else t("bcn.ui.level_tag", level=lvl)
        floors = 1 if lvl == "corner" else int(lvl)
        bw = 30 if tri else 40
        bh = 10 + floors * 8
        markers = built.get("markers", [])
        who = ", ".join(ctx.name(m) for m in markers) or t("bcn.ui.nobody")
        where, kind = site_label(site), _building(lvl)
        desc = t("bcn.ui.site_desc", site=where, building=kind, who=who)
        tip = title(t("bcn.ui.site_title", site=where, building=kind))
        body = [
            f'<rect x="{_n(cx - bw / 2)}" y="{_n(cy - bh + 4)}" width="{bw}" height="{bh}" rx="3" '
            f'fill="#f3e6cf" stroke="#1d1d1d" stroke-width="1.5">{tip}</rect>'
        ]
        for f in range(floors):
            body.append(f'<path d="M{_n(cx - bw / 2 + 5)} {_n(cy + 4 - 7 - f * 8)}h{bw - 10}" stroke="#8a8170"/>')
        if not tri:
            body.append(text(cx, cy + 20, label, size=12, weight="700"))
        mx = cx - bw / 2 - 14 if tri and site[2] == "l" else cx + bw / 2 + 14
        for j, s in enumerate(markers[-2:]):
            body.append(seat_mark(ctx, s, mx, cy - 4 - j * 14, r=11.5))
        if len(markers) > 2:
            body.append(text(mx, cy + 22, f"×{len(markers)}", size=12, weight="700"))
        out.append(inert(desc, "".join(body)))
    builds = ctx.options_at("build", site)  # [(level, id)]: one target per way to build
    if len(builds) == 2 and builds[0][0] != builds[1][0] and not tri:
        out.append(_site_ways(ctx, poly, cx, cy, builds))
    elif builds:
        lvl, aid = builds[0]
        more = len(builds) - 1
        label = ctx.legal[aid]
        tag = _build_tag(ctx, lvl, aid)
        tw = 8 + 7.2 * len(tag) * max(12.5, floor()) / 12.5
        vis = hl_poly(poly)
        vis += (
            f'<rect x="{_n(cx - tw / 2)}" y="{_n(cy - 12)}" width="{_n(tw)}" height="22" rx="5" fill="#fff" '
            f'stroke="#1d1d1d"/>' + text(cx, cy + 4, tag, size=12.5, weight="700")
        )
        if more:  # the other levels / intersections for this site stay in the panel
            vis += f'<rect x="{_n(cx - 30)}" y="{_n(cy + 12)}" width="60" height="18" rx="9" fill="#1d1d1d"/>' + text(
                cx, cy + 25.5, t("bcn.ui.more", n=more), size=12, fill="#fff", weight="700"
            )
        info = label + (" " + tn("bcn.ui.other_ways", "bcn.ui.other_ways_pl", more) if more else "")
        hit = f'<polygon class="hit" points="{poly}"/>'
        if more:  # several ways to build here: a tap asks which (pick_options), never plays the first
            for _, a in builds:
                ctx.drawn.add(a)
            info = " | ".join(ctx.legal[a] for _, a in builds)
            what = t("bcn.ui.build_which", site=site_label(site))
            out.append(
                ctx.ui_target(
                    targets.pick_id(targets.site_key(site)),
                    vis,
                    hit,
                    what,
                    info_text=info,
                    stands_for={a for _, a in builds},
                )
            )
        else:
            out.append(ctx.target(aid, vis, hit, info_text=info))
    return "".join(out)


def _build_tag(ctx, lvl, aid) -> str:
    """A way to build's tag: its level and, when the label previews it, the points (+N VP)."""
    raw = getattr(ctx, "raw", {}).get(aid)
    vp = raw.get("vp") if isinstance(raw, dict) else None
    if lvl == "corner":
        return t("bcn.ui.build_tag_corner") if vp is None else t("bcn.ui.build_tag_corner_vp", vp=vp)
    return t("bcn.ui.build_tag", level=lvl) if vp is None else t("bcn.ui.build_tag_vp", level=lvl, vp=vp)


def _site_ways(ctx, poly, cx, cy, builds) -> str:
    """Two ways to build on one site, at two levels (the common case: the same corners make a
    level 1 or a level 2): the site split in an upper and a lower target, one tag each, so one
    tap builds either. Each half's tap area is >= 44 CSS px at the scale the board is drawn for
    (the two halves span at most the block and half of each street beside it). Three or more
    ways, two at one level (other corners), or a triangle of the diagonal (its block's other
    triangle would share the halves' room) keep the site's pick (``pick_options``)."""
    size = tap_floor(L.HIT)
    wide = max(size, GS - WIDE_W - 8)
    ring = hl_poly(poly).replace("<polygon ", '<polygon pointer-events="none" ', 1)
    out = []
    for i, (lvl, aid) in enumerate(builds):
        tag = _build_tag(ctx, lvl, aid)
        tw = 8 + 7.2 * len(tag) * max(12.5, floor()) / 12.5
        th = max(22.0, floor() * 1.75)
        side = -1 if i == 0 else 1
        ty = cy + side * (th / 2 + 2)  # the tag's centre: the first way above the middle
        vis = (ring if i == 0 else "") + (
            f'<rect x="{_n(cx - tw / 2)}" y="{_n(ty - th / 2)}" width="{_n(tw)}" height="{_n(th)}" rx="5" '
            f'fill="#fff" stroke="#1d1d1d"/>' + text(cx, ty + max(12.5, floor()) * 0.36, tag, size=12.5, weight="700")
        )
        out.append(ctx.target(aid, vis, hit_rect(cx, cy + side * size / 2, wide, size), info_text=ctx.legal[aid]))
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
    isz = 10.5
    if owner is None:
        what = t("bcn.ui.bonus", reward=fmt_reward(bonus)) if bonus else t("bcn.ui.no_bonus")
        desc = t("bcn.ui.wide_space", seg=seg, what=what) if is_wide else t("bcn.ui.narrow_space", seg=seg, what=what)
        out.append(
            inert(
                desc,
                f'<rect x="{_n(rx)}" y="{_n(ry)}" width="{_n(rw)}" height="{_n(rh)}" rx="4" fill="#fff" '
                f'stroke="{LINE}" stroke-width="1.2" stroke-dasharray="{"0" if is_wide else "5 3"}"/>'
                + (reward_icons(bonus, mx, my, s=isz) if bonus else ""),
            )
        )
    else:
        col, ink = ctx.colour(owner), ctx.ink(owner)
        out.append(
            inert(
                t("bcn.ui.wide_street_of", name=ctx.name(owner))
                if is_wide
                else t("bcn.ui.narrow_street_of", name=ctx.name(owner)),
                f'<rect x="{_n(rx)}" y="{_n(ry)}" width="{_n(rw)}" height="{_n(rh)}" rx="4" fill="{col}" '
                f'stroke="#1d1d1d" stroke-width="1.5"/>'
                + text(mx, my + 4.5, ctx.letter(owner), size=13, weight="700", fill=ink),
            )
        )
    # passenger (square, owner colour) and tram (owner colour), offset along the street
    if passenger is not None:
        out.append(
            inert(
                t("bcn.ui.passenger_of", name=ctx.name(passenger)),
                f'<rect x="{_n(px - 9)}" y="{_n(py - 9)}" width="18" height="18" fill="{ctx.colour(passenger)}" '
                f'stroke="#1d1d1d" stroke-width="1.5"/>'
                + text(px, py + 4.5, ctx.letter(passenger), size=12, weight="700", fill=ctx.ink(passenger)),
            )
        )
    if tram is not None:
        out.append(
            inert(t("bcn.ui.tram_of", name=ctx.name(tram)), tram_glyph(tx, ty, ctx.colour(tram), 13, ctx.letter(tram)))
        )
    for kind_ in ("street", "tram"):
        aid = ctx.legal_at(kind_, seg)
        if aid:
            # an outline only: the bonus and any pieces under it stay visible
            vis = hl_rect(rx - 3, ry - 3, rw + 6, rh + 6, 6)
            # short of the crossing street's tap area, however large the scale makes both
            length = min(GS - 2 * L.STREET_PAD - 4, GS - tap_floor(L.HIT) - 2)
            hw, hh = (length, L.HIT) if horiz else (L.HIT, length)
            out.append(ctx.target(aid, vis, hit_rect(mx, my, hw, hh), info_text=ctx.legal[aid]))
    return "".join(out)


def draw_cross(ctx, r, c, cost, owner, stack, active) -> str:
    x, y = gxy(r, c)
    key = f"{r},{c}"
    ctx.anchor(("cross", key), x, y)
    diag = r == c
    name = cross_name(r, c)
    desc = [t("bcn.ui.cross_diag", name=name) if diag else t("bcn.ui.cross", name=name)]
    body = [
        f'<circle cx="{x}" cy="{y}" r="{L.CROSS_R}" fill="{STREET_BG}" stroke="{LINE}" '
        f'stroke-width="{2.5 if diag else 1.2}"/>'
    ]
    if owner is not None:
        desc.append(t("bcn.ui.cross_tile_of", owner=ctx.name(owner)))
        tip = title(t("bcn.ui.cross_tile_title", name=name, owner=ctx.name(owner)))
        body.append(
            f'<rect x="{x - 19}" y="{y - 19}" width="38" height="38" rx="6" fill="{ctx.colour(owner)}" '
            f'stroke="#1d1d1d" stroke-width="2">{tip}</rect>'
        )
        if not stack:
            body.append(text(x, y + 4.5, ctx.letter(owner), size=13, weight="700", fill=ctx.ink(owner)))
    elif cost:
        desc.append(tn("bcn.ui.cross_cost", "bcn.ui.cross_cost_pl", cost))
        body.append(icon("coin", cost, x + 18, y - 18, 9))
    if stack:
        top = stack[-1]
        if len(stack) > 1:
            body.append(citizen(x + 5, y + 5, stack[-2], 13))
        who = ", ".join(class_word(k) for k in reversed(stack))
        tip = title(t("bcn.ui.citizens_title", name=name, who=who))
        body.append(f"<g>{tip}{citizen(x, y, top, 13)}</g>")
        desc.append(t("bcn.ui.citizens", who=who))
        if len(stack) > 1:
            body.append(
                f'<circle cx="{x + 17}" cy="{y + 17}" r="9" fill="#1d1d1d"/>'
                + text(x + 17, y + 21.5, str(len(stack)), size=12, weight="700", fill="#fff")
            )
    if active:
        tip = title(t("bcn.ui.acts_here_title", name=name))
        body.append(
            f'<circle cx="{x}" cy="{y}" r="30" fill="none" stroke="{ACTIVE}" stroke-width="5" '
            f'stroke-dasharray="9 5">{tip}</circle>'
        )
        desc.append(t("bcn.ui.acts_here"))
    lines = _line_actions(ctx, r, c)
    if lines:
        desc.append(t("bcn.ui.street_actions", actions=", ".join(lines)))
    place = sorted(ctx.options_at("place", key))
    aid = ctx.legal_at("cross", key)
    pick = targets.pick_id(key)
    out = []
    if pick in ctx.legal:  # the hand-off card: the intersection alone, whatever the seat holds
        hit = hit_circle(x, y, 24, room=L.GS - 8)
        label = t("bcn.ui.place_here", name=name)
        return "".join(body) + ctx.target(pick, hl_circle(x, y, 27), hit, label, info_text="; ".join(desc))
    if not place and not aid:
        return inert("; ".join(desc), "".join(body))
    out.append("".join(body))
    if len(place) > 1 and ctx.selected == pick:  # picked (the hand-off card's tap): the orders next
        out.append(SELECTED_RING.format(x=_n(x), y=_n(y), r=_n(max(25.0, floor() * 1.7) + 9)))
    if place:
        info = "; ".join(desc) + ". " + " | ".join(ctx.legal[a] for _, a in place)
        if len(place) == 1:
            # one citizen order: the tap area keeps 44 px down to a phone's whole board (the next
            # intersection is GS away; a placement has no other target on the board)
            hit = hit_circle(x, y, 24, room=L.GS - 8)
            out.append(ctx.target(place[0][1], hl_circle(x, y, 27), hit, info_text=info))
        else:
            out.append(_orders(ctx, x, y, place, "; ".join(desc), cost if owner is None else 0))
    if aid:
        vis = hl_circle(x, y, 27) + (
            f'<rect x="{x - 12}" y="{y - 12}" width="24" height="24" rx="4" fill="#fff" '
            f'stroke="#1d1d1d" stroke-width="1.5"/>' + text(x, y + 6, "+", size=17, weight="700")
        )
        out.append(ctx.target(aid, vis, hit_circle(x, y, 24), info_text="; ".join(desc) + ". " + ctx.legal[aid]))
    return "".join(out)


# The intersection picked for its two orders (Session.handoff_pick): a solid ring in the selection's
# colour round both halves; it takes no tap (page.core.place_pick floats the orders beside it).
SELECTED_RING = (
    '<circle class="picked" cx="{x}" cy="{y}" r="{r}" fill="none" stroke="' + SELECTED + '" stroke-width="6" '
    'pointer-events="none"/>'
)


def _orders(ctx, x, y, place, where, cost=0) -> str:
    """Two different citizens in hand: the intersection is split in two halves, one target per
    order, each half in the colour and letter of the citizen that goes on top. One tap places them
    in that order; each half's tap area is >= 44 CSS px at the scale the board is drawn for."""
    size = tap_floor(L.HIT)
    rad = max(25.0, floor() * 1.7)
    out = []
    for i, (code, aid) in enumerate(place[:2]):
        side = -1 if i == 0 else 1
        top = code[0]
        half = (
            f'<path d="M{_n(x)} {_n(y - rad)}A{_n(rad)} {_n(rad)} 0 0 {0 if side < 0 else 1} {_n(x)} {_n(y + rad)}Z" '
            f'fill="{CLASS_FILL.get(top, "#9e9e9e")}" stroke="#1d1d1d" stroke-width="1.5"/>'
            + text(
                x + side * rad * 0.48,
                y + floor() * 0.36,
                top,
                size=floor() * 1.1,
                weight="700",
                fill=CLASS_INK.get(top, "#000"),
            )
        )
        # the ring round both halves and the printed cost (hidden by the halves) on the last one
        # (the ring passes over the other half: it must not take that half's taps)
        ring = hl_circle(x, y, rad + 3).replace("<circle ", '<circle pointer-events="none" ', 1)
        vis = half + (
            (ring + (icon("coin", cost, x + rad * 0.75, y - rad * 0.75, 9) if cost else "")) if i == 1 else ""
        )
        if aid in ctx.legal and aid not in ctx.drawn:
            ctx.drawn.add(aid)
            # named by its label (place, cost, order, street actions), not by the letter drawn on it
            out.append(
                ctx.ui_target(
                    aid,
                    vis,
                    hit_rect(x + side * size / 2, y, size, size),
                    ctx.legal[aid],
                    info_text=f"{where}. {ctx.legal[aid]}. {upper_sentence()}",
                    name=ctx.legal[aid] + ". " + where,
                )
            )
    return "".join(out)


def _line_actions(ctx, r, c):
    """The street actions reachable from intersection (r, c): its column, row and diagonal tiles."""
    tiles = ctx.view["board"].get("action_tiles", {})
    lines = [f"v{c}", f"h{r}"] + (["d"] if r == c else [])
    return [action_name(tiles[ln]) for ln in lines if ln in tiles]


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
        name = action_name(key)
        rule = action_rule(key)
        where = (
            t("bcn.ui.diagonal")
            if line == "d"
            else t("bcn.ui.row", n=int(line[1:]) + 1)
            if line[0] == "h"
            else t("bcn.ui.column", c="ABCDE"[int(line[1:])])
        )
        ring = f' stroke="{ACTIVE}" stroke-width="4"' if line in by_line else ' stroke="#1d1d1d" stroke-width="1.5"'
        words = tile_words(key)
        f = floor()
        two = len(words) > 1 and f > 13  # shown small: a smaller picture higher up, two lines of words under it
        body = (
            f'<rect x="{_n(x - s / 2)}" y="{_n(y - s / 2)}" width="{s}" height="{s}" rx="9" fill="#fffaf0"{ring}/>'
            + (action_glyph(key, x, y - 21, 8) if two else action_glyph(key, x, y - 14, 11))
        )
        if two and f > TILE_WORDS_MAX_FLOOR:  # a phone's overview: the picture only, the words in the inspector
            words = []
        if f > 13 and any(text_width(wd, f, "700") * TILE_SQUEEZE > s - 6 for wd in words):
            words = []  # a line squeezed past reading (German "Pflaster-", "2 Münzen" at 360x780): likewise
        for i, wd in enumerate(words):
            if two:  # lines of the floor's size, squeezed to the tile's width (never below the floor)
                body += text(x, y - 10 + f * 0.95 + i * f * 1.02, wd, size=f, weight="700", max_w=s - 6)
            else:  # squeezed to the tile's width too: drawn at a phone's floor, "Improve" ran past the tile
                body += text(x, y + (12 if len(words) > 1 else 20) + i * 13, wd, size=12, weight="700", max_w=s - 6)
        code = by_line.get(line)
        if code:
            ctx.anchor(("act", code), x, y)
        aid = ctx.legal_at("act", code) if code else None
        desc = t("bcn.ui.tile_desc", name=name, where=where, rule=rule)
        if aid:
            vis = hl_rect(x - s / 2 - 3, y - s / 2 - 3, s + 6, s + 6, 11) + body
            out.append(ctx.target(aid, vis, hit_rect(x, y, s, s), f"{ctx.legal[aid]} — {rule}", info_text=desc))
        else:
            out.append(inert(desc, body))
    return "".join(out)


def draw_row_bonus(ctx) -> str:
    rb = ctx.view["board"].get("row_bonus", [])
    out = []
    x = L.ROW_BONUS_X
    for r, avail in enumerate(rb):
        y = GY + r * GS + GS / 2
        if avail:
            out.append(
                inert(
                    t("bcn.ui.row_bonus", row=r + 1, vp=D.FIRST_IN_ROW_VP),
                    f'<rect x="{x - 26}" y="{_n(y - 30)}" width="52" height="60" rx="8" fill="#fffaf0" '
                    f'stroke="#1d1d1d" stroke-width="1.5"/>{icon("vp", D.FIRST_IN_ROW_VP, x, y - 9, 12)}'
                    + text(x, y + 22, t("bcn.ui.first"), size=12),
                )
            )
        else:
            out.append(
                inert(
                    t("bcn.ui.row_bonus_taken", row=r + 1),
                    f'<rect x="{x - 26}" y="{_n(y - 30)}" width="52" height="60" rx="8" fill="none" stroke="{LINE}" '
                    f'stroke-dasharray="5 4"/>' + text(x, y + 5, t("bcn.ui.taken"), size=12, fill=MUTED),
                )
            )
    return "".join(out)

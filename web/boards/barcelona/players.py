"""Barcelona's player boards, each its own region 400 units wide (layout.PLAYER_W): header,
Modernisme spaces (improve targets), warehouse, hand, street tiles, intersection tiles, building
markers, passengers, Sagrada Família track and services, in rows. ``draw_player`` composes one
board at the origin from the row functions below and returns (markup, height)."""

from engine.barcelona import data as D
from web.i18n import t, tn
from web.kit.svgkit import esc, inert, seat_mark, text

from . import layout as L
from .glyphs import INK, LINE, MUTED, PAPER, citizen, hit_rect, hl_rect, icon, reward_icons, zone
from .side import wrap
from .words import class_word, cond_lines, cond_text, fmt_cost, service_name

W, P = L.PLAYER_W, L.PAD


def draw_player(ctx, i, p) -> tuple:
    cur = ctx.view.get("current_player") == i
    ctx.anchor(("seat", i), 22, 22)
    rows = [
        _modernisme(ctx, i, p, P, 66, cur),
        _warehouse(ctx, i, p, P, 178),
        _cross_tiles(ctx, i, p, P, 290),
        _markers(ctx, i, p, 156, 290),
        _passengers(ctx, i, p, 268, 290),
        _sagrada(ctx, i, p, P, 350),
    ]
    sv, h = _services(ctx, p, P, 414)
    return _frame(ctx, i, p, h, cur) + "".join(rows) + sv, h


def _frame(ctx, i, p, h, cur) -> str:
    """Board outline (thick for the current player), seat colour strip, name, VP / Cerdà / Sagrada."""
    col = ctx.colour(i)
    out = [
        f'<rect x="1" y="1" width="{W - 2}" height="{h - 2}" rx="10" fill="{PAPER}" '
        f'stroke="{"#1d1d1d" if cur else LINE}" stroke-width="{3 if cur else 1.5}"/>',
        f'<rect x="1" y="1" width="{W - 2}" height="8" rx="4" fill="{col}"/>',
        seat_mark(ctx, i, 24, 28, 12),
    ]
    name = ctx.name(i)  # the view's players, and Gaudí's translated name (gaudi.prepare)
    out.append(text(44, 33, name, size=16 if len(name) <= 20 else 13, anchor="start", weight="700"))
    hdr = t(
        "bcn.ui.header",
        vp=p.get("vp", 0),
        cerda=p.get("cerda", 0),
        m=p.get("cerda_multiplier", 0),
        sagrada=p.get("sagrada", 0),
    )
    out.append(text(P + 4, 54, hdr, size=13, anchor="start"))
    if cur:
        out.append(
            f'<rect x="{W - 96}" y="14" width="86" height="24" rx="12" fill="#1d1d1d"/>'
            + text(W - 53, 31, t("bcn.ui.to_play"), size=13, weight="700", fill="#fff")
        )
    return "".join(out)


def _modernisme(ctx, i, p, mx0, my0, cur) -> str:
    """The 5 Modernisme spaces with their marker track (top x2/x3 once improved, bottom x1)."""
    v = ctx.view
    mine = v.get("seat") == i
    col = ctx.colour(i)
    sw, sh = L.MOD_SPACE_W, L.MOD_SPACE_H
    out = [text(mx0, my0 + 4, t("bcn.ui.mod_spaces"), size=12, anchor="start", fill=MUTED, weight="700")]
    tiles, top = p.get("mod_tiles", []), p.get("mod_top", [])
    for k in range(D.MODERNISME_SPACES):
        x = mx0 + k * L.MOD_SPACE
        y = my0 + 12
        ctx.anchor(("modspace", i, k), x + sw / 2, y + sh / 2)
        tile = tiles[k] if k < len(tiles) else None
        up = bool(top[k]) if k < len(top) else False
        mult = D.MODERNISME_MULT_TOP[k] if up else D.MODERNISME_MULT_BOTTOM
        body = [
            f'<rect x="{x}" y="{y}" width="{sw}" height="{sh}" rx="6" fill="{"#efe3f6" if tile else "#fff"}" '
            f'stroke="#1d1d1d" stroke-width="1"/>',
            f'<path d="M{x + 3} {y + 22}h{sw - 6}M{x + 3} {y + sh - 22}h{sw - 6}" stroke="{LINE}" stroke-dasharray="3 2"/>',
        ]
        # marker track: top (improved, x2/x3) and bottom (x1); the cube shows where the marker is
        body.append(
            text(
                x + 20,
                y + 16,
                f"×{D.MODERNISME_MULT_TOP[k]}",
                size=12,
                anchor="start",
                weight="700" if up else "normal",
                fill=INK if up else MUTED,
            )
        )
        body.append(
            text(
                x + 20,
                y + sh - 6,
                f"×{D.MODERNISME_MULT_BOTTOM}",
                size=12,
                anchor="start",
                weight="normal" if up else "700",
                fill=MUTED if up else INK,
            )
        )
        my = y + 5 if up else y + sh - 17
        body.append(f'<rect x="{x + 4}" y="{my}" width="12" height="12" fill="{col}" stroke="#1d1d1d"/>')
        icost = D.MODERNISME_IMPROVE_COST[k]
        if not up and icost:
            body.append(icon(icost[0][0], icost[0][1], x + sw - 13, y + 11, 8))
        if tile:
            for li, ln in enumerate(cond_lines(tile)):
                body.append(text(x + sw / 2, y + 39 + li * 14, ln, size=12, weight="700"))
            pv = v.get("modernisme_preview") or []
            if mine and k < len(pv):
                tip = t("bcn.ui.space_tile_now", n=k + 1, cond=cond_text(tile), mult=mult, vp=pv[k])
            else:
                tip = t("bcn.ui.space_tile", n=k + 1, cond=cond_text(tile), mult=mult)
        else:
            cost = D.MODERNISME_TAKE_COST[k]
            body.append(text(x + sw / 2, y + 40, t("bcn.ui.empty"), size=12, fill=MUTED))
            if cost:
                body.append(reward_icons(cost, x + sw / 2, y + 53, 8, 20))
            tip = t("bcn.ui.space_empty", n=k + 1, cost=fmt_cost(cost))
        tip += t("bcn.ui.improve_costs", cost=fmt_cost(icost)) if not up else t("bcn.ui.improved")
        vis = "".join(body)
        aid = ctx.legal_at("improve", k) if cur else None  # the decision is the current player's, on their own board
        if aid:
            out.append(
                ctx.target(
                    aid,
                    hl_rect(x - 2, y - 2, sw + 4, sh + 4, 7) + vis,
                    hit_rect(x + sw / 2, y + sh / 2, sw, sh),
                    info_text=tip,
                )
            )
        else:
            out.append(inert(tip, vis))
    return "".join(out)


def _warehouse(ctx, i, p, wx, wy) -> str:
    """Warehouse slots (coins, cloth, free, cobblestones), then the hand and the street tiles."""
    out = [text(wx, wy + 4, t("bcn.ui.warehouse"), size=12, anchor="start", fill=MUTED, weight="700")]
    coins, cloth, cob = p.get("coins", 0), p.get("cloth", 0), p.get("cobbles_left", 0)
    cap = p.get("capacity", D.WAREHOUSE_SLOTS - cob)
    slots = ["coin"] * coins + ["cloth"] * cloth
    slots += [""] * max(0, cap - len(slots))
    slots += ["cobble"] * cob
    n = max(D.WAREHOUSE_SLOTS, len(slots))
    sw = min(L.WAREHOUSE_SLOT, (W - 2 * P) / n)
    wtip = t("bcn.ui.warehouse_tip", coins=coins, cloth=cloth, free=cap - coins - cloth, cob=cob, cap=cap)
    cells = []
    y = wy + 12
    for k, s in enumerate(slots[:n]):
        x = wx + k * sw
        cells.append(f'<rect x="{x}" y="{y}" width="{sw - 3}" height="30" rx="4" fill="#fff" stroke="{LINE}"/>')
        if s in ("coin", "cloth"):
            cells.append(icon(s, "", x + sw / 2 - 1.5, y + 15, 10))
        elif s == "cobble":
            cells.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{sw - 9}" height="24" rx="3" fill="#9a9a9a" stroke="#1d1d1d"/>'
            )
    out.append(inert(wtip, "".join(cells)))
    # hand: only when the view gives it (own seat); others show the public count only
    hand = p.get("hand")
    hy = wy + 64
    if hand is not None:  # the own seat's hand, or every hand once the game is over
        own = ctx.view.get("seat") == i and not ctx.view.get("is_over")
        head = (
            (t("bcn.ui.your_hand") if hand else t("bcn.ui.your_hand_empty"))
            if own
            else (t("bcn.ui.hand") if hand else t("bcn.ui.hand_empty"))
        )
        hs = [text(wx, hy + 5, head, size=13, anchor="start", weight="700")]
        for k, cls in enumerate(hand):
            hs.append(citizen(wx + 96 + k * 30, hy, cls, 13))
        words = ", ".join(class_word(c) for c in hand) or t("bcn.ui.none")
        about = t("bcn.ui.hand_own") if own else t("bcn.ui.hand_end")
        out.append(
            f'<g class="hand" data-info="{esc(about)}: {esc(words)}"><title>{esc(about)}</title>{"".join(hs)}</g>'
        )
    else:
        out.append(
            text(wx, hy + 5, t("bcn.ui.hand_hidden", n=p.get("hand_size", 0)), size=13, anchor="start", fill=MUTED)
        )
    ns = p.get("narrow_stacks", [])
    out.append(
        inert(
            t("bcn.ui.streets_left_tip"),
            text(
                wx,
                hy + 32,
                t("bcn.ui.streets_left", narrow="+".join(str(n) for n in ns), wide=p.get("wide", 0)),
                size=13,
                anchor="start",
            ),
        )
    )
    return "".join(out)


def _cross_tiles(ctx, i, p, x0, ry) -> str:
    col = ctx.colour(i)
    costs = p.get("cross_costs", list(D.INTERSECTION_TILE_COST))
    built = p.get("crosses_built", 0)
    out = [text(x0, ry + 4, t("bcn.ui.intersections"), size=12, anchor="start", fill=MUTED, weight="700")]
    for k, cst in enumerate(costs):
        x = x0 + k * 27
        if k >= built:
            out.append(
                f'<rect x="{x}" y="{ry + 12}" width="25" height="25" rx="4" fill="{col}" stroke="#1d1d1d"/>'
                + text(x + 12.5, ry + 29, str(cst), size=12, weight="700", fill=ctx.ink(i))
            )
        else:
            out.append(
                f'<rect x="{x}" y="{ry + 12}" width="25" height="25" rx="4" fill="none" stroke="{LINE}" '
                f'stroke-dasharray="3 2"/>'
            )
    nxtc = costs[built] if built < len(costs) else "-"
    out.append(zone(x0 - 2, ry - 8, 140, 50, t("bcn.ui.cross_tiles_tip", n=built, cost=nxtc)))
    return "".join(out)


def _markers(ctx, i, p, mx, ry) -> str:
    col = ctx.colour(i)
    mk = p.get("marker_stacks", [])
    out = [text(mx, ry + 4, t("bcn.ui.markers"), size=12, anchor="start", fill=MUTED, weight="700")]
    for k, n in enumerate(mk):
        x = mx + 10 + k * 20
        for m in range(n):
            out.append(f'<circle cx="{x}" cy="{ry + 30 - m * 5}" r="8" fill="{col}" stroke="#1d1d1d"/>')
        if not n:
            out.append(f'<circle cx="{x}" cy="{ry + 30}" r="8" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
    out.append(zone(mx, ry - 8, 104, 50, t("bcn.ui.markers_tip", n=sum(mk), stacks=", ".join(str(n) for n in mk))))
    return "".join(out)


def _passengers(ctx, i, p, px, ry) -> str:
    col = ctx.colour(i)
    placed = p.get("passengers_placed", 0)
    out = [text(px, ry + 4, t("bcn.ui.passengers"), size=12, anchor="start", fill=MUTED, weight="700")]
    for k, cost in enumerate(D.PASSENGER_COST):
        x = px + k * 24
        if k >= placed:
            out.append(
                f'<rect x="{x}" y="{ry + 12}" width="22" height="25" fill="{col}" stroke="#1d1d1d"/>'
                + text(
                    x + 11,
                    ry + 29,
                    (
                        t("bcn.ui.cost_coin", n=cost[0][1])
                        if cost[0][0] == "coin"
                        else t("bcn.ui.cost_cloth", n=cost[0][1])
                    ),
                    size=12,
                    weight="700",
                    fill=ctx.ink(i),
                )
            )
        else:
            out.append(
                f'<rect x="{x}" y="{ry + 12}" width="22" height="25" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>'
            )
    tram = p.get("tram")
    nxtp = fmt_cost(D.PASSENGER_COST[placed]) if placed < len(D.PASSENGER_COST) else "-"
    out.append(
        zone(
            px,
            ry - 8,
            W - P - px,
            50,
            t("bcn.ui.passengers_tip", n=placed, cost=nxtp, tram=tram)
            if tram
            else t("bcn.ui.passengers_tip_no_tram", n=placed, cost=nxtp),
        )
    )
    return "".join(out)


def _sagrada(ctx, i, p, sx, ry) -> str:
    """The Sagrada Família track 0..12 with its tile slots."""
    step = L.SAGRADA_STEP
    sg = p.get("sagrada", 0)
    ctx.anchor(("sagrada", i), sx + step * 6.5, ry + 26)
    taken = p.get("sagrada_tiles", [])
    head = t("bcn.ui.sagrada_head", n=sg, max=D.SAGRADA_MAX) + (
        " · " + tn("bcn.ui.tiles", "bcn.ui.tiles_pl", len(taken)) if taken else ""
    )
    out = [text(sx, ry + 4, head, size=12, anchor="start", fill=MUTED, weight="700")]
    for k in range(D.SAGRADA_MAX + 1):
        x = sx + k * step
        slot = D.SAGRADA_SLOTS.get(k)
        fill = "#b08d57" if k <= sg and k else ("#f4ead8" if slot else "#fff")
        out.append(
            f'<rect x="{x}" y="{ry + 12}" width="{step - 3}" height="26" rx="3" fill="{fill}" '
            f'stroke="{"#1d1d1d" if slot else LINE}"/>'
        )
        out.append(
            text(
                x + step / 2 - 1.5,
                ry + 30,
                t("bcn.ui.level_tag", level=slot) if slot else str(k),
                size=12,
                weight="700" if slot else "normal",
                fill=INK if slot else MUTED,
            )
        )
    sgtip = t(
        "bcn.ui.sagrada_tip",
        n=sg,
        max=D.SAGRADA_MAX,
        tiles=", ".join(t("bcn.ui.level_tag", level=a) for a, _ in taken) or t("bcn.ui.none"),
    )
    out.append(zone(sx, ry - 8, step * 13, 52, sgtip))
    return "".join(out)


def _services(ctx, p, x, y) -> tuple:
    svs = p.get("services", [])
    label = t("bcn.ui.services_of", names=", ".join(service_name(k) for k in svs) or t("bcn.ui.none"))
    lines = wrap(label, 54)
    body = "".join(text(x, y + i * 16, ln, size=12.5, anchor="start") for i, ln in enumerate(lines))
    return inert(label, body), y + 16 * (len(lines) - 1) + 14

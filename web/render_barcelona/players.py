"""Barcelona's player boards: header, Modernisme spaces (improve targets), warehouse, hand,
street tiles, intersection tiles, building markers, passengers, Sagrada Família track and
services. ``draw_player`` composes one board from the row functions below; each row takes
the board's top-left corner and finds its place through ``layout``."""
from engine.barcelona import data as D
from web.svgkit import seat_mark, text, title, trunc as _trunc

from . import layout as L
from .glyphs import INK, LINE, MUTED, PAPER, citizen, hit_rect, hl_rect, icon, reward_icons, zone
from .words import COND_SHORT, fmt_cost


def draw_player(ctx, i, p, x0, y0, w, h) -> str:
    cur = ctx.view.get("current_player") == i
    ctx.anchor(("seat", i), x0 + L.PB_MARK[0], y0 + L.PB_MARK[1])
    out = [_frame(ctx, i, p, x0, y0, w, h, cur),
           _modernisme(ctx, i, p, x0 + L.PB_MOD[0], y0 + L.PB_MOD[1], cur),
           _warehouse(ctx, i, p, x0 + L.PB_WAREHOUSE[0], y0 + L.PB_WAREHOUSE[1]),
           _cross_tiles(ctx, i, p, x0 + L.PB_CROSS_X, y0 + L.PB_ROW3),
           _markers(ctx, i, p, x0 + L.PB_MARKERS_X, y0 + L.PB_ROW3),
           _passengers(ctx, i, p, x0 + L.PB_PASSENGERS_X, y0 + L.PB_ROW3),
           _sagrada(ctx, i, p, x0 + L.PB_SAGRADA_X, y0 + L.PB_ROW3),
           _services(ctx, p, x0 + 18, y0 + h - 8)]
    return "".join(out)


def _frame(ctx, i, p, x0, y0, w, h, cur) -> str:
    """Board outline (thick for the current player), seat colour strip, name, VP / Cerdà / Sagrada."""
    col = ctx.colour(i)
    out = [f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="10" fill="{PAPER}" stroke="{"#1d1d1d" if cur else LINE}" '
           f'stroke-width="{4 if cur else 1.5}"/>',
           f'<rect x="{x0}" y="{y0}" width="10" height="{h}" rx="4" fill="{col}"/>',
           seat_mark(ctx, i, x0 + L.PB_MARK[0], y0 + L.PB_MARK[1], 12)]
    name = _trunc(p.get("name", ctx.name(i)), 16)
    out.append(text(x0 + L.PB_NAME[0], y0 + L.PB_NAME[1], name, size=16, anchor="start", weight="700"))
    hdr = f"{p.get('vp', 0)} VP · Cerdà {p.get('cerda', 0)} (×{p.get('cerda_multiplier', 0)}) · Sagrada {p.get('sagrada', 0)}"
    out.append(text(x0 + L.PB_STATS[0], y0 + L.PB_STATS[1], hdr, size=13, anchor="start"))
    if cur:
        out.append(f'<rect x="{x0 + w - 96}" y="{y0 + 8}" width="86" height="24" rx="12" fill="#1d1d1d"/>'
                   + text(x0 + w - 53, y0 + 25, "▶ to play", size=13, weight="700", fill="#fff"))
    return "".join(out)


def _modernisme(ctx, i, p, mx0, my0, cur) -> str:
    """The 5 Modernisme spaces with their marker track (top x2/x3 once improved, bottom x1)."""
    v = ctx.view
    mine = v.get("seat") == i
    col = ctx.colour(i)
    sw, sh = L.MOD_SPACE_W, L.MOD_SPACE_H
    out = [text(mx0, my0 + 4, "Modernisme", size=12, anchor="start", fill=MUTED, weight="700")]
    tiles, top = p.get("mod_tiles", []), p.get("mod_top", [])
    for k in range(D.MODERNISME_SPACES):
        x = mx0 + k * L.MOD_SPACE
        y = my0 + 10
        ctx.anchor(("modspace", i, k), x + sw / 2, y + sh / 2)
        t = tiles[k] if k < len(tiles) else None
        up = bool(top[k]) if k < len(top) else False
        mult = D.MODERNISME_MULT_TOP[k] if up else D.MODERNISME_MULT_BOTTOM
        body = [f'<rect x="{x}" y="{y}" width="{sw}" height="{sh}" rx="6" fill="{"#efe3f6" if t else "#fff"}" '
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
            words = COND_SHORT.get(t, t).split()
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
            tip = f"space {k + 1}: empty; taking a project here costs {fmt_cost(cost) if cost else 'nothing'}"
        tip += f"; improving costs {fmt_cost(icost) if icost else 'nothing'}" if not up else "; improved"
        vis = "".join(body)
        aid = ctx.legal_at("improve", k) if cur else None   # the decision is the current player's, on their own board
        if aid:
            out.append(ctx.target(aid, hl_rect(x - 2, y - 2, sw + 4, sh + 4, 7) + vis,
                                  hit_rect(x + sw / 2, y + 38, sw + 4, sh + 4)))
        else:
            out.append(f"<g>{title(tip)}{vis}</g>")
    return "".join(out)


def _warehouse(ctx, i, p, wx, wy) -> str:
    """Warehouse slots (coins, cloth, free, cobblestones), then the hand and the street tiles."""
    out = [text(wx, wy - 4, "Warehouse", size=12, anchor="start", fill=MUTED, weight="700")]
    coins, cloth, cob = p.get("coins", 0), p.get("cloth", 0), p.get("cobbles_left", 0)
    cap = p.get("capacity", D.WAREHOUSE_SLOTS - cob)
    slots = ["coin"] * coins + ["cloth"] * cloth
    slots += [""] * max(0, cap - len(slots))
    slots += ["cobble"] * cob
    sw = L.WAREHOUSE_SLOT
    wtip = f"warehouse: {coins} coins, {cloth} cloth, {cob} cobblestones left (capacity {cap})"
    cells = []
    for k, s in enumerate(slots[: max(D.WAREHOUSE_SLOTS, len(slots))]):
        x = wx + k * sw
        cells.append(f'<rect x="{x}" y="{wy}" width="{sw - 2}" height="26" rx="3" fill="#fff" stroke="{LINE}"/>')
        if s in ("coin", "cloth"):
            cells.append(icon(s, "", x + 12, wy + 13, 9))
        elif s == "cobble":
            cells.append(f'<rect x="{x + 3}" y="{wy + 3}" width="{sw - 8}" height="20" rx="3" fill="#9a9a9a" stroke="#1d1d1d"/>')
    out.append(f"<g>{title(wtip)}{''.join(cells)}</g>")
    # hand: only when the view gives it (own seat); others show the public count only
    hand = p.get("hand")
    if ctx.view.get("seat") == i and hand is not None:
        hs = [text(wx, wy + 50, "Your hand:" if hand else "Your hand: empty", size=12, anchor="start", weight="700")]
        for k, cls in enumerate(hand):
            hs.append(citizen(wx + 90 + k * 30, wy + 45, cls, 13))
        out.append(f'<g class="hand">{title("your citizens in hand (only you see them)")}{"".join(hs)}</g>')
    else:
        out.append(text(wx, wy + 50, f"Hand: {p.get('hand_size', 0)} hidden", size=12, anchor="start", fill=MUTED))
    ns = p.get("narrow_stacks", [])
    out.append(f'<g>{title("street tiles left: narrow stacks and wide stack")}'
               + text(wx, wy + 72, f"Streets: narrow {'+'.join(str(n) for n in ns)} · wide {p.get('wide', 0)}",
                      size=12, anchor="start") + "</g>")
    return "".join(out)


def _cross_tiles(ctx, i, p, x0, ry) -> str:
    col = ctx.colour(i)
    costs = p.get("cross_costs", list(D.INTERSECTION_TILE_COST))
    built = p.get("crosses_built", 0)
    out = [text(x0, ry + 4, "Intersection tiles", size=11, anchor="start", fill=MUTED, weight="700")]
    for k, cst in enumerate(costs):
        x = x0 + k * 24
        if k >= built:
            out.append(f'<rect x="{x}" y="{ry + 10}" width="22" height="22" rx="4" fill="{col}" stroke="#1d1d1d"/>'
                       + text(x + 11, ry + 26, str(cst), size=11, weight="700", fill=ctx.ink(i)))
        else:
            out.append(f'<rect x="{x}" y="{ry + 10}" width="22" height="22" rx="4" fill="none" stroke="{LINE}" '
                       f'stroke-dasharray="3 2"/>')
    nxtc = costs[built] if built < len(costs) else "-"
    out.append(zone(x0 - 2, ry - 8, 132, 44,
                    f"intersection tiles: {built} built; next costs {nxtc} coin + printed cost"))
    return "".join(out)


def _markers(ctx, i, p, mx, ry) -> str:
    col = ctx.colour(i)
    mk = p.get("marker_stacks", [])
    out = [text(mx, ry + 4, "Markers", size=11, anchor="start", fill=MUTED, weight="700")]
    for k, n in enumerate(mk):
        x = mx + 10 + k * 20
        for m in range(n):
            out.append(f'<circle cx="{x}" cy="{ry + 24 - m * 6}" r="8" fill="{col}" stroke="#1d1d1d"/>')
        if not n:
            out.append(f'<circle cx="{x}" cy="{ry + 24}" r="8" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
    out.append(zone(mx, ry - 8, 112, 44, f"building markers left: {sum(mk)} (emptying a stack: Cerdà +1)"))
    return "".join(out)


def _passengers(ctx, i, p, px, ry) -> str:
    col = ctx.colour(i)
    placed = p.get("passengers_placed", 0)
    out = [text(px, ry + 4, "Passengers", size=11, anchor="start", fill=MUTED, weight="700")]
    for k, cost in enumerate(D.PASSENGER_COST):
        x = px + k * 22
        if k >= placed:
            out.append(f'<rect x="{x}" y="{ry + 12}" width="20" height="20" fill="{col}" stroke="#1d1d1d"/>'
                       + text(x + 10, ry + 26, str(cost[0][1]) + ("¢" if cost[0][0] == "coin" else "c"), size=9,
                              weight="700", fill=ctx.ink(i)))
        else:
            out.append(f'<rect x="{x}" y="{ry + 12}" width="20" height="20" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
    tram = p.get("tram")
    nxtp = fmt_cost(D.PASSENGER_COST[placed]) if placed < len(D.PASSENGER_COST) else "-"
    out.append(zone(px, ry - 8, 120, 44,
                    f"passengers placed: {placed}; next costs {nxtp}; tram: {tram or 'not on the board'}"))
    return "".join(out)


def _sagrada(ctx, i, p, sx, ry) -> str:
    """The Sagrada Família track 0..12 with its tile slots."""
    step = L.SAGRADA_STEP
    sg = p.get("sagrada", 0)
    ctx.anchor(("sagrada", i), sx + step * 6.5, ry + 22)
    out = [text(sx, ry + 4, "Sagrada Família", size=11, anchor="start", fill=MUTED, weight="700")]
    for k in range(D.SAGRADA_MAX + 1):
        x = sx + k * step
        slot = D.SAGRADA_SLOTS.get(k)
        fill = "#b08d57" if k <= sg and k else ("#f4ead8" if slot else "#fff")
        out.append(f'<rect x="{x}" y="{ry + 12}" width="12" height="20" rx="2" fill="{fill}" stroke="{"#1d1d1d" if slot else LINE}"/>')
        if slot:
            out.append(text(x + 6.5, ry + 27, str(slot), size=10, weight="700"))
    taken = p.get("sagrada_tiles", [])
    sgtip = f"Sagrada Família {sg}/{D.SAGRADA_MAX}; tiles taken: " + (", ".join(f"L{a}" for a, _ in taken) or "none")
    out.append(zone(sx, ry - 8, step * 13, 56, sgtip))
    if taken:
        out.append(text(sx + step * 13 + 4, ry + 27, f"{len(taken)} tile{'s' if len(taken) > 1 else ''}", size=10,
                        anchor="start"))
    return "".join(out)


def _services(ctx, p, x, y) -> str:
    svs = p.get("services", [])
    sv_names = {k: s.get("name", k) for k, s in ctx.view.get("side", {}).get("services", {}).items()}
    label = "Services: " + (", ".join(_trunc(sv_names.get(k, D.SERVICES.get(k, (k,))[0]), 18) for k in svs) or "none")
    return text(x, y, label, size=11, anchor="start")

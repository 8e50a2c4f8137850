"""Strasbourg's main board region: the status line and the city (guild areas, prices, shops, lots
and edifices, white points and chapels, parishes) with its guild legend, which doubles as the goods
supply, and a key of its pictures. Every cell and point has a ``data-info`` description."""
from web.svgkit import num as _n, seat_mark, text

from . import layout as L
from .glyphs import (INK, LINE, LOT_FILL, MUTED, chapel_glyph, coin, edifice_glyph, fit, hit_circle, hit_rect,
                     hl_outline, info, rect, tint as _tint)
from .layout import CS, HIT
from .words import GUILD_ABBR

_STEPS4 = ((-1, 0, "above"), (1, 0, "below"), (0, -1, "left"), (0, 1, "right"))


def draw_board(ctx):
    """The whole board region. Returns (markup, height)."""
    w = L.BOARD_W
    out = [_status(ctx, L.M, w - 2 * L.M)]
    city, y = _city(ctx)
    out.append(city)
    legend, y = _legend(ctx, y + 10)
    out.append(legend)
    out.append(_key(ctx, y + 8))
    return "".join(out), y + 40


def status_line(v, name):
    if v.get("is_over"):
        win = [name(s) for s in v.get("winners") or []]
        return "Game over" + (f": {'winner' if len(win) == 1 else 'winners'} {', '.join(win)}" if win else "")
    phase = v.get("phase", "")
    if phase == "tasks":
        return "Before round 1: choosing task cards"
    if phase == "plotting":
        return f"Round {v.get('round', 1)} of 5: plotting (draw cards, form face-down stacks)"
    rm = v.get("round_marker") or {}
    step, lab = rm.get("step", ""), ""
    for rb in v.get("rounds") or []:
        if rb.get("round") == rm.get("round"):
            lab = next((st.get("label", "") for st in rb.get("steps", []) if st.get("letter") == step), "")
    return f"Round {rm.get('round', v.get('round', 1))} of 5, step {step}: {lab}"


def _status(ctx, x, w):
    v = ctx.view
    ctx.anchor(("region", "status"), x + 60, 24)
    s = status_line(v, ctx.name)
    out = [info(s, text(x, 26, fit(s, w, 17, True), size=17, anchor="start", weight="700"))]
    sp = v.get("start_player")
    if sp is not None and not v.get("is_over"):
        out.append(info(f"Start player: {ctx.name(sp)} (bids first; wins ties)",
                        seat_mark(ctx, sp, x + 11, 46, 12)
                        + text(x + 30, 52, fit(f"Start player: {ctx.name(sp)}", 300, 14), size=14,
                               anchor="start")))
    out.append(text(x + w, 52, "tap a lot, a step or a seat to read it", size=13, anchor="end", fill=MUTED))
    return "".join(out)


def _cell_word(ctx, cell):
    """A short description of a cell, for its neighbours' data-info."""
    if cell is None:
        return None
    if cell.get("lot"):
        e = cell.get("edifice")
        return "an empty lot" if e is None else f"the {e}-point edifice"
    owner = cell.get("owner")
    g = ctx.gname(cell.get("guild"))
    return f"{g} shop of {ctx.name(owner)}" if owner is not None else f"free {g} lot ({cell.get('price')} coins)"


def _describe(ctx, cell, cells, r, c):
    if cell.get("lot"):
        e = cell.get("edifice")
        if e is None:
            d = f"Empty lot, row {r + 1}, column {c + 1}: no guild; the Nobility may build an edifice here."
        else:
            d = (f"Edifice worth {e}, row {r + 1}, column {c + 1}: at the end every shop next to it "
                 f"(up, down, left, right) scores {e} VP.")
    else:
        owner = cell.get("owner")
        d = (f"{ctx.gname(cell.get('guild'))} lot, row {r + 1}, column {c + 1}, price {cell.get('price')} coins: "
             + (f"shop of {ctx.name(owner)}." if owner is not None else "free."))
    if cell.get("parish"):
        d += " In a parish: a shop here scores 1 more VP at the end."
    nb = [f"{where}: {_cell_word(ctx, cells.get((r + dr, c + dc)))}" for dr, dc, where in _STEPS4
          if cells.get((r + dr, c + dc)) is not None]
    return d + " Neighbours: " + "; ".join(nb) + "."


def _city(ctx):
    """The 9 x 6 grid, its borders, targets and white points. Returns (markup, bottom y)."""
    v = ctx.view
    city = v.get("city") or {}
    rows, cols = city.get("rows", 6), city.get("cols", 9)
    cells = {(c.get("r"), c.get("c")): c for c in city.get("cells") or []}
    gx, gy = L.GRID
    ctx.anchor(("region", "city"), gx + 60, gy - 10)
    out = []
    for c in range(cols):
        out.append(text(gx + c * CS + CS / 2, gy - 7, c + 1, size=13, fill=MUTED, weight="700"))
    for r in range(rows):
        out.append(text(gx - 13, gy + r * CS + CS / 2 + 5, r + 1, size=13, fill=MUTED, weight="700"))
    out.append('<defs><pattern id="sx-parish" width="10" height="10" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><path d="M0 0v10" stroke="#4a3b63" stroke-width="2" '
               'stroke-opacity=".35"/></pattern></defs>')
    targets = []
    for (r, c), cell in sorted(cells.items()):
        x, y = gx + c * CS, gy + r * CS
        vis = _cell(ctx, cell, x, y)
        desc = _describe(ctx, cell, cells, r, c)
        rc = f"{r},{c}"
        ctx.anchor(("cell", rc), x + CS / 2, y + CS / 2)
        aid = ctx.legal_at("shop", rc) or ctx.legal_at("build", rc)
        if aid:
            # an outline and corner marks: the price, the owner and the edifice stay visible
            mark = hl_outline(x + 4, y + 4, CS - 8, CS - 8, 8)
            targets.append(info(desc, ctx.target(aid, mark, hit_rect(x + CS / 2, y + CS / 2, CS - 4, CS - 4))))
            out.append(vis)
        else:
            out.append(info(desc, vis))
    # guild-area borders: thick lines where the guild changes
    for (r, c), cell in cells.items():
        g = cell.get("guild") or "lot"
        right, below = cells.get((r, c + 1)), cells.get((r + 1, c))
        if right is not None and (right.get("guild") or "lot") != g:
            out.append(f'<path d="M{gx + (c + 1) * CS} {gy + r * CS}v{CS}" stroke="{INK}" stroke-width="3.5"/>')
        if below is not None and (below.get("guild") or "lot") != g:
            out.append(f'<path d="M{gx + c * CS} {gy + (r + 1) * CS}h{CS}" stroke="{INK}" stroke-width="3.5"/>')
    out.append(f'<rect x="{gx}" y="{gy}" width="{cols * CS}" height="{rows * CS}" fill="none" stroke="{INK}" '
               f'stroke-width="3.5"/>')
    out.extend(targets)   # targets over the borders
    for p in city.get("white_points") or []:
        out.append(_point(ctx, p, gx, gy))
    return "".join(out), gy + rows * CS


def _cell(ctx, cell, x, y):
    guild, body = cell.get("guild"), []
    if cell.get("lot"):
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{LOT_FILL}"/>')
        if cell.get("edifice") is None:
            body.append(text(x + CS / 2, y + CS / 2 + 5, "lot", size=14, fill=MUTED))
        else:
            body.append(edifice_glyph(x + CS / 2, y + CS / 2 - 4, cell["edifice"], 22))
    else:
        col = cell.get("colour") or ctx.gcolour(guild)
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{_tint(col)}"/>')
        body.append(f'<rect x="{x + 3}" y="{y + CS - 8}" width="{CS - 6}" height="5" fill="{col}"/>')
        # price at the top centre, guild letters at the bottom: the corners stay free for white points
        body.append(text(x + CS / 2, y + CS - 13, GUILD_ABBR.get(guild, str(guild)[:2]), size=13,
                         fill=MUTED, weight="700"))
        body.append(coin(x + CS / 2, y + 17, cell.get("price", ""), 12))
        if cell.get("owner") is not None:
            body.append(seat_mark(ctx, cell["owner"], x + CS / 2, y + 40, 12))
    if cell.get("parish"):
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="url(#sx-parish)"/>')
    body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="none" stroke="{LINE}" stroke-width=".8"/>')
    return "".join(body)


def _point(ctx, p, gx, gy):
    r, c = p.get("r"), p.get("c")
    x, y = gx + c * CS, gy + r * CS
    where = f"where rows {r}/{r + 1} and columns {c}/{c + 1} meet"
    ctx.anchor(("point", f"{r},{c}"), x, y)
    aid = ctx.legal_at("chapel", f"{r},{c}")
    if p.get("chapel"):
        return info(f"Chapel {where}: the cells around it are a parish (a shop there scores 1 more VP).",
                    f'<circle cx="{x}" cy="{y}" r="17" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
                    + chapel_glyph(x, y + 1, 13))
    dot = f'<circle cx="{x}" cy="{y}" r="8" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'
    desc = (f"White point {where}: the Church may place a chapel here; its (up to 4) cells become a parish.")
    if aid:
        ring = f'<circle class="hlo" cx="{x}" cy="{y}" r="19"/>'
        return info(desc, dot + ctx.target(aid, ring, hit_circle(x, y, HIT / 2)))
    return info(desc, dot)


def _legend(ctx, y):
    """The guild legend (name, letters, goods left, sale value) = the goods supply, with the
    apprentice's "take goods" target. Returns (markup, bottom y)."""
    v = ctx.view
    # The goods left are shown only when the view has them (at the end): during play they would
    # tell what the others sold from behind their screens.
    goods_supply = (v.get("supply") or {}).get("goods")
    app_guild = (v.get("last_auction") or {}).get("guild")
    guilds = v.get("guilds") or []
    lw = (L.BOARD_W - 2 * L.M + 8) / max(len(guilds), 1)
    ctx.anchor(("region", "supply"), L.M + 60, y + 20)
    out = []
    for k, g in enumerate(guilds):
        key = g.get("key")
        x, bw = L.M + k * lw, lw - 8
        col = g.get("colour") or ctx.gcolour(key)
        left, val = (goods_supply or {}).get(key, 0), g.get("goods_value", "")
        name = f"{g.get('name', key)} {GUILD_ABBR.get(key, '')}"
        body = (rect(x, y, bw, L.LEGEND_H, _tint(col), INK, 1.2, 6)
                + f'<rect x="{_n(x)}" y="{y}" width="9" height="{L.LEGEND_H}" rx="3" fill="{col}"/>'
                + text(x + 16, y + 20, fit(name, bw - 20, 13, True), size=13, anchor="start", weight="700")
                + text(x + 16, y + 39, f"goods left: {left}" if goods_supply is not None else "goods tiles",
                       size=13, anchor="start")
                + text(x + 16, y + 57, f"sells for {val}", size=13, anchor="start"))
        desc = (f"{g.get('name', key)} ({GUILD_ABBR.get(key, '')}): "
                + (f"{left} goods tiles in the supply; " if goods_supply is not None else "")
                + f"one sells for {val} coins at a trade step.")
        if key == app_guild:
            ctx.anchor(("goods",), x + bw / 2, y + L.LEGEND_H / 2)
        aid = ctx.legal_at("goods", None) if key == app_guild else None
        if aid:
            out.append(info(desc, body + ctx.target(aid, hl_outline(x - 3, y - 3, bw + 6, L.LEGEND_H + 6, 8),
                                                    hit_rect(x + bw / 2, y + L.LEGEND_H / 2, bw, L.LEGEND_H))))
        else:
            out.append(info(desc, body))
    return "".join(out), y + L.LEGEND_H


def _key(ctx, y):
    """The pictures of the city, explained."""
    x = L.M
    parts = [
        (edifice_glyph(x + 12, y + 10, None, 12), "edifice", "Edifice: every shop next to it scores its value."),
        (f'<circle cx="{x + 12}" cy="{y + 9}" r="7" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>',
         "white point", "White point: where the Church may place a chapel."),
        (chapel_glyph(x + 12, y + 10, 10), "chapel", "Chapel: the cells around it are a parish."),
        (f'<rect x="{x + 3}" y="{y}" width="18" height="18" fill="url(#sx-parish)" stroke="{LINE}"/>',
         "parish: shop +1 VP", "Parish (hatched): a shop here scores 1 more VP at the end."),
        (coin(x + 12, y + 9, "5", 11), "shop price", "Coin: the price of the lot in coins."),
    ]
    out, dx = [], 0
    for pic, word, desc in parts:
        out.append(info(desc, f'<g transform="translate({_n(dx)} 0)">{pic}</g>'
                        + text(x + 30 + dx, y + 14, word, size=13, anchor="start")))
        dx += 36 + len(word) * 7.3
    return "".join(out)

"""Strasbourg's main board: the status line and the city (guild areas, prices, shops, lots and
edifices, white points and chapels, parishes) with its legend, which doubles as the goods supply."""
from web.svgkit import num as _n, seat_mark, text, trunc as _trunc

from . import layout as L
from .glyphs import (HL_CHIP, INK, LINE, LOT_FILL, MUTED, PAPER, chapel_glyph, coin, edifice_glyph, hit_circle,
                     hit_rect, hl_outline, hl_rect, panel, rect, tint as _tint, tip)
from .layout import CS, HIT
from .words import GUILD_ABBR


def draw_status(ctx, x, y, w) -> str:
    v = ctx.view
    rm = v.get("round_marker") or {}
    ctx.anchor(("region", "status"), x + 60, y + 20)
    out = [rect(x, y, w, L.STATUS_H, PAPER, LINE, 1.5, 10)]
    if v.get("is_over"):
        win = [ctx.name(s) for s in v.get("winners") or []]
        s = "Game over" + (f" · winner{'s' if len(win) > 1 else ''}: {', '.join(win)}" if win else "")
    else:
        phase = v.get("phase", "")
        if phase == "tasks":
            s = "Before round 1 · choosing task cards"
        elif phase == "plotting":
            s = f"Round {v.get('round', 1)} of 5 · plotting (draw cards, form face-down stacks)"
        else:
            step = rm.get("step", "")
            lab = ""
            for rb in v.get("rounds") or []:
                if rb.get("round") == rm.get("round"):
                    lab = next((st.get("label", "") for st in rb.get("steps", []) if st.get("letter") == step), "")
            s = f"Round {rm.get('round', v.get('round', 1))} of 5 · step {step}: {lab}"
    out.append(text(x + 14, y + 27, s, size=18, anchor="start", weight="700"))
    sp = v.get("start_player")
    if sp is not None and not v.get("is_over"):
        out.append(tip("start-player marker", text(x + w - 44, y + 26, f"Start player: {_trunc(ctx.name(sp), 16)}",
                                                   size=15, anchor="end") + seat_mark(ctx, sp, x + w - 24, y + 20, 11)))
    return "".join(out)


def draw_city(ctx, x0, y0, w):
    """The 9 x 6 city, its legend (goods supply) and returns (markup, bottom y)."""
    v = ctx.view
    city = v.get("city") or {}
    rows, cols = city.get("rows", 6), city.get("cols", 9)
    cells = {(c.get("r"), c.get("c")): c for c in city.get("cells") or []}
    gx, gy = x0 + L.CITY_GRID[0], y0 + L.CITY_GRID[1]
    h_grid = rows * CS
    ctx.anchor(("region", "city"), x0 + 90, y0 + 16)
    out = [None]   # panel placeholder
    out.append(text(x0 + 12, y0 + 24, "City of Strasbourg", size=18, anchor="start", weight="700"))
    out.append(text(x0 + w - 12, y0 + 24, "shop price in the coin · family members are shops", size=13,
                    anchor="end", fill=MUTED))
    for c in range(cols):
        out.append(text(gx + c * CS + CS / 2, gy - 8, c + 1, size=14, fill=MUTED, weight="700"))
    for r in range(rows):
        out.append(text(gx - 14, gy + r * CS + CS / 2 + 5, r + 1, size=14, fill=MUTED, weight="700"))
    out.append('<defs><pattern id="sx-parish" width="10" height="10" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><path d="M0 0v10" stroke="#4a3b63" stroke-width="2" '
               'stroke-opacity=".35"/></pattern></defs>')
    targets = []
    for (r, c), cell in sorted(cells.items()):
        x, y = gx + c * CS, gy + r * CS
        guild, lot = cell.get("guild"), cell.get("lot")
        owner, edifice, parish = cell.get("owner"), cell.get("edifice"), cell.get("parish")
        body = []
        if lot:
            body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{LOT_FILL}"/>')
            if edifice is None:
                body.append(text(x + CS / 2, y + CS / 2 + 5, "empty lot", size=13, fill=MUTED))
                desc = f"empty lot (row {r + 1}, column {c + 1}): an edifice can be built here"
            else:
                body.append(edifice_glyph(x + CS / 2, y + CS / 2 - 4, edifice, 24))
                desc = (f"edifice worth {edifice} (row {r + 1}, column {c + 1}): each orthogonally adjacent "
                        f"shop scores {edifice} at the end")
        else:
            col = cell.get("colour") or ctx.gcolour(guild)
            body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{_tint(col)}"/>')
            body.append(f'<rect x="{x + 3}" y="{y + CS - 9}" width="{CS - 6}" height="6" fill="{col}"/>')
            # price at the top centre, guild letters at the bottom centre: the corners stay free for
            # the white points (chapel targets)
            body.append(text(x + CS / 2, y + CS - 13, GUILD_ABBR.get(guild, str(guild)[:2]), size=12,
                             fill=MUTED, weight="700"))
            body.append(coin(x + CS / 2, y + 15, cell.get("price", ""), 11))
            desc = f"{ctx.gname(guild)} (row {r + 1}, column {c + 1}), price {cell.get('price')}"
            if owner is not None:
                body.append(seat_mark(ctx, owner, x + CS / 2, y + CS / 2 + 2, 15))
                desc += f": shop of {ctx.name(owner)}"
            else:
                desc += ": empty"
        if parish:
            body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="url(#sx-parish)"/>')
            desc += "; in a parish (a shop here scores 1 more VP)"
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="none" stroke="{LINE}" stroke-width=".8"/>')
        vis = "".join(body)
        rc = f"{r},{c}"
        ctx.anchor(("cell", rc), x + CS / 2, y + CS / 2)
        shop, build = ctx.legal_at("shop", rc), ctx.legal_at("build", rc)
        for aid in (shop, build):
            if aid:
                word = f"buy · {cell.get('price')}" if aid == shop else "build here"
                hv = (vis + hl_outline(x + 4, y + 4, CS - 8, CS - 8, 8)
                      + f'<rect x="{x + 8}" y="{y + CS / 2 - 12}" width="{CS - 16}" height="24" rx="12" '
                        f'fill="{HL_CHIP}" stroke="#1d1d1d"/>' + text(x + CS / 2, y + CS / 2 + 5, word, size=13,
                                                                   weight="700"))
                targets.append(ctx.target(aid, hv, hit_rect(x + CS / 2, y + CS / 2, CS, CS)))
                break
        else:
            out.append(tip(desc, vis))
    # guild-area borders: thick lines where the guild changes
    for (r, c), cell in cells.items():
        g = cell.get("guild") or "lot"
        right, below = cells.get((r, c + 1)), cells.get((r + 1, c))
        if right is not None and (right.get("guild") or "lot") != g:
            x = gx + (c + 1) * CS
            out.append(f'<path d="M{x} {gy + r * CS}v{CS}" stroke="{INK}" stroke-width="3.5"/>')
        if below is not None and (below.get("guild") or "lot") != g:
            y = gy + (r + 1) * CS
            out.append(f'<path d="M{gx + c * CS} {y}h{CS}" stroke="{INK}" stroke-width="3.5"/>')
    out.append(f'<rect x="{gx}" y="{gy}" width="{cols * CS}" height="{h_grid}" fill="none" stroke="{INK}" '
               f'stroke-width="3.5"/>')
    out.extend(targets)   # targets over the borders
    # white points and chapels
    for p in city.get("white_points") or []:
        r, c = p.get("r"), p.get("c")
        x, y = gx + c * CS, gy + r * CS
        ctx.anchor(("point", f"{r},{c}"), x, y)
        aid = ctx.legal_at("chapel", f"{r},{c}")
        if p.get("chapel"):
            out.append(tip(f"chapel where rows {r}/{r + 1} and columns {c}/{c + 1} meet: its cells are a parish",
                           f'<circle cx="{x}" cy="{y}" r="17" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
                           + chapel_glyph(x, y + 1, 13)))
        elif aid:
            vis = (f'<circle class="hl" cx="{x}" cy="{y}" r="17"/>'
                   f'<circle cx="{x}" cy="{y}" r="7" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>')
            out.append(ctx.target(aid, vis, hit_circle(x, y, HIT / 2)))
        else:
            out.append(tip(f"white point (rows {r}/{r + 1}, columns {c}/{c + 1}): a chapel may be placed here",
                           f'<circle cx="{x}" cy="{y}" r="8" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'))
    # legend = guild names, goods value and goods supply (apprentice "goods" target)
    ly = gy + h_grid + 16
    ctx.anchor(("region", "supply"), x0 + 60, ly + 26)
    supply = (v.get("supply") or {})
    goods_supply = supply.get("goods") or {}
    lw = (cols * CS + 36) / 5
    app_guild = (v.get("last_auction") or {}).get("guild")
    for k, g in enumerate(v.get("guilds") or []):
        key = g.get("key")
        x = x0 + 8 + k * lw
        col = g.get("colour") or ctx.gcolour(key)
        body = (rect(x, ly, lw - 8, 52, _tint(col), INK, 1.2, 6)
                + f'<rect x="{_n(x)}" y="{ly}" width="10" height="52" rx="3" fill="{col}"/>'
                + text(x + 18, ly + 20, f"{g.get('name', key)} ({GUILD_ABBR.get(key, '')})", size=14,
                       anchor="start", weight="700")
                + text(x + 18, ly + 42, f"{goods_supply.get(key, 0)} goods left · sell {g.get('goods_value', '')}",
                       size=13, anchor="start"))
        desc = (f"{g.get('name', key)}: {goods_supply.get(key, 0)} goods tiles in the supply; "
                f"one sells for {g.get('goods_value', '')} coins")
        if key == app_guild:
            ctx.anchor(("goods",), x + (lw - 8) / 2, ly + 26)
        if ctx.legal_at("goods", None) and key == app_guild:
            body = (rect(x, ly, lw - 8, 52, _tint(col), INK, 1.2, 6)
                    + f'<rect x="{_n(x)}" y="{ly}" width="10" height="52" rx="3" fill="{col}"/>'
                    + text(x + 18, ly + 20, f"{g.get('name', key)} ({GUILD_ABBR.get(key, '')})", size=14,
                           anchor="start", weight="700")
                    + text(x + 18, ly + 42, f"▶ take 1 of {goods_supply.get(key, 0)}", size=14, anchor="start",
                           weight="700"))
            out.append(ctx.target("goods", hl_rect(x - 3, ly - 3, lw - 2, 58) + body,
                                  hit_rect(x + (lw - 8) / 2, ly + 26, lw - 8, 58)))
        else:
            out.append(tip(desc, body))
    ly2 = ly + 74
    eds = supply.get("edifices") or []
    legend = (f"Supply: {supply.get('privileges', 0)} privileges · {supply.get('chapels', 0)} chapels · "
              f"edifices to come: {', '.join(str(e) for e in eds) or 'none'}")
    out.append(text(x0 + 12, ly2, legend, size=14, anchor="start"))
    key = (edifice_glyph(x0 + w - 262, ly2 - 6, "e", 10) + text(x0 + w - 248, ly2, "edifice", size=13, anchor="start")
           + f'<circle cx="{x0 + w - 180}" cy="{ly2 - 5}" r="6" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'
           + text(x0 + w - 170, ly2, "white point", size=13, anchor="start")
           + f'<rect x="{x0 + w - 82}" y="{ly2 - 14}" width="18" height="18" fill="url(#sx-parish)" stroke="{LINE}"/>'
           + text(x0 + w - 60, ly2, "parish", size=13, anchor="start"))
    out.append(key)
    bottom = ly2 + 16
    out[0] = panel(x0, y0, w, bottom - y0)
    return "".join(out), bottom



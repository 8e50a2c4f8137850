"""Strasbourg's main board region: the status line and the city (guild areas, prices, shops, lots
and edifices, white points and chapels, parishes) with its guild legend, which doubles as the goods
supply, and a key of its pictures. Every cell and point has a ``data-info`` description."""

from engine.core.msg import N_
from web.i18n import join, t, tn, tr
from web.kit.svgkit import floor, may_grow, num as _n, seat_mark, text

from . import layout as L
from .glyphs import (
    INK,
    WIDE,
    LINE,
    LOT_FILL,
    MUTED,
    chapel_glyph,
    coin,
    edifice_glyph,
    cell_word,
    line_in,
    hit_circle,
    hit_rect,
    hl_outline,
    info,
    rect,
    text_w,
    tint as _tint,
    wrap,
)
from .layout import CS, HIT
from .words import GUILD_ABBR

_STEPS4 = (
    (-1, 0, N_("str.ui.above")),
    (1, 0, N_("str.ui.below")),
    (0, -1, N_("str.ui.left")),
    (0, 1, N_("str.ui.right")),
)


def draw_board(ctx):
    """The whole board region. Returns (markup, height). Kept at its usual size (svgkit.no_growth)
    it is drawn again in its tightest form where the whole status line and the legend's lines
    would make it taller than that: a thumbnail of the board (a phone's tray full of choices, the
    board shown at scale ~0.3) keeps the old one-line status and one row of legend boxes, squeezed."""
    markup, h = _board(ctx, tight=False)
    if not may_grow() and h > L.BOARD_H:
        markup, h = _board(ctx, tight=True)
    return markup, h


def _board(ctx, tight):
    w = L.BOARD_W
    status, dy = _status(ctx, L.M, w - 2 * L.M, tight)
    out = [status]
    city, y = _city(ctx, dy)
    out.append(city)
    legend, y = _legend(ctx, y + 10, tight)
    out.append(legend)
    key, bottom = _key(ctx, y + 8)
    out.append(key)
    return "".join(out), bottom if key else y + 4


def status_line(v, name):
    if v.get("is_over"):
        win = [name(s) for s in v.get("winners") or []]
        if not win:
            return t("str.ui.game_over")
        return tn("str.ui.game_over_winner", "str.ui.game_over_winners", len(win), who=join(win))
    phase = v.get("phase", "")
    if phase == "tasks":
        return t("str.ui.status_tasks")
    if phase == "plotting":
        return t("str.ui.status_plotting", round=v.get("round", 1))
    rm = v.get("round_marker") or {}
    step, lab = rm.get("step", ""), ""
    for rb in v.get("rounds") or []:
        if rb.get("round") == rm.get("round"):
            lab = next((tr(st.get("label", "")) for st in rb.get("steps", []) if st.get("letter") == step), "")
    return t("str.ui.status_step", round=rm.get("round", v.get("round", 1)), step=step, what=lab)


def _status(ctx, x, w, tight=False):
    """The status line, whole: on as many lines as it takes at the font floor (at a phone's floor
    German ran past the board: "Planung (Karten ziehen, verd"), then the start player. Returns
    (markup, how much lower than usual the city starts)."""
    v = ctx.view
    ctx.anchor(("region", "status"), x + 60, 24)
    s = status_line(v, ctx.name)
    rows = [s] if tight else _rows(s, w, 17, True)
    f = max(17.0, floor())
    lh, top = round(f * 1.15), 26 if tight else max(26, round(f * 0.85))  # (a tall first line starts lower)
    dy = top - 26 + (len(rows) - 1) * lh
    out = [info(s, "".join(_line(x, top + k * lh, r, w, 17, "700") for k, r in enumerate(rows)))]
    sp = v.get("start_player")
    end = x
    if sp is not None and not v.get("is_over"):
        who = t("str.ui.start_player", who=ctx.name(sp))
        end = x + 30 + min(300, text_w(who, 14))
        out.append(
            info(
                t("str.ui.start_player_info", who=ctx.name(sp)),
                seat_mark(ctx, sp, x + 11, 46 + dy, 12) + _line(x + 30, 52 + dy, who, w - 30, 14),
            )
        )
    tip = t("str.ui.tap_hint")
    if end + 12 + text_w(tip, 13) <= x + w:  # drawn large (a phone's floor) it ran into the start player
        out.append(text(x + w, 52 + dy, tip, size=13, anchor="end", fill=MUTED))
    # at a high floor the column numbers over the city need room under the start player's line
    return "".join(out), dy + (0 if tight else max(0, round(floor() * 0.97 - 19)))


def _rows(s, w, size, bold=False):
    """``s`` on one line if it fits ``w`` squeezed to no less than SQUEEZE of its width (as wide
    as a system font may draw it, WIDE), else wrapped at spaces (and between CJK characters) into
    lines that fit unsqueezed: no word is cut."""
    if text_w(s, size, bold) * WIDE * SQUEEZE <= w:
        return [s]
    return wrap(s, w / WIDE, size, bold)


SQUEEZE = 0.8  # the least a line is squeezed (textLength) before it takes another line


def _line(x, y, s, w, size, weight="normal"):
    """One line of words in ``w`` units, squeezed to it if need be (``_rows`` keeps that mild)."""
    return line_in(x, y, s, w, size, weight)


def _cell_word(ctx, cell):
    """A short description of a cell, for its neighbours' data-info."""
    if cell is None:
        return None
    if cell.get("lot"):
        e = cell.get("edifice")
        return t("str.ui.an_empty_lot") if e is None else t("str.ui.the_edifice", value=e)
    owner = cell.get("owner")
    g = ctx.gname(cell.get("guild"))
    return (
        t("str.ui.shop_of", guild=g, who=ctx.name(owner))
        if owner is not None
        else t("str.ui.free_lot", guild=g, price=cell.get("price"))
    )


def _describe(ctx, cell, cells, r, c):
    if cell.get("lot"):
        e = cell.get("edifice")
        if e is None:
            d = t("str.ui.lot_info", row=r + 1, col=c + 1)
        else:
            d = t("str.ui.edifice_info", value=e, row=r + 1, col=c + 1)
    else:
        owner = cell.get("owner")
        d = t(
            "str.ui.cell_info",
            guild=ctx.gname(cell.get("guild")),
            row=r + 1,
            col=c + 1,
            price=cell.get("price"),
            state=t("str.ui.cell_shop_of", who=ctx.name(owner)) if owner is not None else t("str.ui.cell_free"),
        )
    if cell.get("parish"):
        d += " " + t("str.ui.in_parish")
    nb = [
        f"{t(where)}: {_cell_word(ctx, cells.get((r + dr, c + dc)))}"
        for dr, dc, where in _STEPS4
        if cells.get((r + dr, c + dc)) is not None
    ]
    return d + " " + t("str.ui.neighbours", list="; ".join(nb))


def _city(ctx, dy=0):
    """The 9 x 6 grid (``dy`` lower than usual under a status line of more lines), its borders,
    targets and white points. Returns (markup, bottom y)."""
    v = ctx.view
    city = v.get("city") or {}
    rows, cols = city.get("rows", 6), city.get("cols", 9)
    cells = {(c.get("r"), c.get("c")): c for c in city.get("cells") or []}
    gx, gy = L.GRID[0], L.GRID[1] + dy
    ctx.anchor(("region", "city"), gx + 60, gy - 10)
    out = []
    for c in range(cols):
        out.append(text(gx + c * CS + CS / 2, gy - 7, c + 1, size=13, fill=MUTED, weight="700"))
    for r in range(rows):
        out.append(text(gx - 13, gy + r * CS + CS / 2 + 5, r + 1, size=13, fill=MUTED, weight="700"))
    out.append(
        '<defs><pattern id="sx-parish" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><path d="M0 0v10" stroke="#4a3b63" stroke-width="2" '
        'stroke-opacity=".35"/></pattern></defs>'
    )
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
    out.append(
        f'<rect x="{gx}" y="{gy}" width="{cols * CS}" height="{rows * CS}" fill="none" stroke="{INK}" '
        f'stroke-width="3.5"/>'
    )
    out.extend(targets)  # targets over the borders
    for p in city.get("white_points") or []:
        out.append(_point(ctx, p, gx, gy))
    return "".join(out), gy + rows * CS


def _cell(ctx, cell, x, y):
    guild, body = cell.get("guild"), []
    if cell.get("lot"):
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{LOT_FILL}"/>')
        if cell.get("edifice") is None:
            body.append(cell_word(x + CS / 2, y + CS / 2, t("str.ui.lot"), CS - 4, 14, MUTED))
        else:
            body.append(edifice_glyph(x + CS / 2, y + CS / 2 - 4, cell["edifice"], 22))
    else:
        col = cell.get("colour") or ctx.gcolour(guild)
        body.append(f'<rect x="{x}" y="{y}" width="{CS}" height="{CS}" fill="{_tint(col)}"/>')
        body.append(f'<rect x="{x + 3}" y="{y + CS - 8}" width="{CS - 6}" height="5" fill="{col}"/>')
        # price at the top centre, guild letters at the bottom: the corners stay free for white points
        mark = GUILD_ABBR.get(guild, str(guild)[:2])
        # (on a thumbnail of the board, its font floor ~48 units, "Me" ran past its cell)
        squeeze = text_w(mark, 13, True) * WIDE > CS - 6
        fit_in = f' textLength="{CS - 6}" lengthAdjust="spacingAndGlyphs"' if squeeze else ""
        body.append(text(x + CS / 2, y + CS - 13, mark, size=13, fill=MUTED, weight="700", extra=fit_in))
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
    where = t("str.ui.where", r0=r, r1=r + 1, c0=c, c1=c + 1)
    ctx.anchor(("point", f"{r},{c}"), x, y)
    aid = ctx.legal_at("chapel", f"{r},{c}")
    if p.get("chapel"):
        return info(
            t("str.ui.chapel_info", where=where),
            f'<circle cx="{x}" cy="{y}" r="17" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
            + chapel_glyph(x, y + 1, 13),
        )
    dot = f'<circle cx="{x}" cy="{y}" r="8" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'
    desc = t("str.ui.point_info", where=where)
    if aid:
        ring = f'<circle class="hlo" cx="{x}" cy="{y}" r="19"/>'
        return info(desc, dot + ctx.target(aid, ring, hit_circle(x, y, HIT / 2)))
    return info(desc, dot)


def _legend(ctx, y, tight=False):
    """The guild legend (name, letters, goods left, sale value) = the goods supply, with the
    apprentice's "take goods" target. Returns (markup, bottom y)."""
    v = ctx.view
    # The goods left are shown only when the view has them (at the end): during play they would
    # tell what the others sold from behind their screens.
    goods_supply = (v.get("supply") or {}).get("goods")
    app_guild = (v.get("last_auction") or {}).get("guild")
    guilds = v.get("guilds") or []
    names = [tr(g.get("name", g.get("key"))) for g in guilds]
    cols, lw, f = legend_grid([f"{n} {GUILD_ABBR.get(g.get('key'), '')}" for n, g in zip(names, guilds)], tight)
    bh = L.LEGEND_H * f
    compact = f == 0  # one line a guild (legend_grid: no room for more rows of whole boxes)
    if compact:
        bh, y = round(floor() * 1.1 + 3), y - 6  # (and 6 units closer to the city)
    rows = -(-len(guilds) // cols)
    ctx.anchor(("region", "supply"), L.M + 60, y + 20)
    out = []
    for k, g in enumerate(guilds):
        key = g.get("key")
        x, bw = L.M + (k % cols) * lw, lw - 8
        gap = 4 if compact else 8
        top = y + (k // cols) * (bh + gap)
        col = g.get("colour") or ctx.gcolour(key)
        left, val = (goods_supply or {}).get(key, 0), g.get("goods_value", "")
        gname = names[k]
        name = f"{gname} {GUILD_ABBR.get(key, '')}"
        if compact:  # the name and its letters, the sale value at the right (all of it in data-info)
            vw = text_w(val, 13, True)
            room = bw - 28 - vw
            # (a thumbnail of the board, a phone's tray full of choices: the letters alone)
            short = name if text_w(name, 13) * WIDE * 0.75 <= room else GUILD_ABBR.get(key, "")
            lines = line_in(x + 16, top + bh / 2 + floor() * 0.35, short, room) + text(
                x + bw - 6, top + bh / 2 + floor() * 0.35, val, size=13, anchor="end", weight="700"
            )
        else:
            lines = (
                line_in(x + 16, top + 20 * f, name, bw - 20, weight="700")
                + line_in(
                    x + 16,
                    top + 39 * f,
                    t("str.ui.goods_left", n=left) if goods_supply is not None else t("str.ui.goods_tiles"),
                    bw - 22,
                )
                + line_in(x + 16, top + 57 * f, t("str.ui.sells_for", value=val), bw - 22)
            )
        body = (
            rect(x, top, bw, bh, _tint(col), INK, 1.2, 6)
            + f'<rect x="{_n(x)}" y="{_n(top)}" width="9" height="{_n(bh)}" rx="3" fill="{col}"/>'
            + lines
        )
        desc = (
            f"{gname} ({GUILD_ABBR.get(key, '')}): "
            + (t("str.ui.goods_in_supply", n=left) + " " if goods_supply is not None else "")
            + t("str.ui.one_sells_for", value=val)
        )
        if key == app_guild:
            ctx.anchor(("goods",), x + bw / 2, top + bh / 2)
        aid = ctx.legal_at("goods", None) if key == app_guild else None
        if aid:
            out.append(
                info(
                    desc,
                    body
                    + ctx.target(
                        aid,
                        hl_outline(x - 3, top - 3, bw + 6, bh + 6, 8),
                        hit_rect(x + bw / 2, top + bh / 2, bw, bh),
                    ),
                )
            )
        else:
            out.append(info(desc, body))
    return "".join(out), y + rows * bh + (rows - 1) * (4 if compact else 8)


def legend_grid(titles, tight=False):
    """(columns, column pitch, line scale; 0 = one line a guild) of the guild legend: one row of boxes while every
    guild's title ("Shoemakers Sh") fits its box whole at the font floor (line_in draws it at 13
    or smaller, never below the floor: 12, or ~24 units on a phone's whole board, shown at scale
    ~0.5), else fewer columns in more rows; the boxes and their line spacing grow with the font."""
    f = max(13.0, floor()) / 13
    if not may_grow():  # a box too short for more rows (kit.regions.drawn_for_its_height)
        n = max(len(titles), 1)
        lw = (L.BOARD_W - 2 * L.M + 8) / n
        if tight:  # (draw_board's tightest form: one row, squeezed)
            return n, lw, 1.0
        fits = all(text_w(s, floor(), True) * WIDE * SQUEEZE <= lw - 8 - 20 for s in titles)
        if fits and f <= 1.2:  # (three lines a box at a higher floor would run into each other)
            return n, lw, 1.0  # one row of boxes, squeezed a little at most
        # else one line a guild, three to a row: a name squeezed to half ("Schmiede Sc" at
        # 360x780) was no longer readable (f = 0: _legend's compact boxes)
        return 3, (L.BOARD_W - 2 * L.M + 8) / 3, 0
    for cols in range(max(len(titles), 1), 0, -1):
        lw = (L.BOARD_W - 2 * L.M + 8) / cols
        if all(text_w(s, floor(), True) * WIDE <= lw - 8 - 20 for s in titles):
            return cols, lw, f
    return 1, L.BOARD_W - 2 * L.M + 8, f


def _key(ctx, y):
    """The pictures of the city, explained."""
    x = L.M
    parts = [
        (edifice_glyph(x + 12, y + 10, None, 12), t("str.ui.key_edifice"), t("str.ui.key_edifice_info")),
        (
            f'<circle cx="{x + 12}" cy="{y + 9}" r="7" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>',
            t("str.ui.key_point"),
            t("str.ui.key_point_info"),
        ),
        (chapel_glyph(x + 12, y + 10, 10), t("str.ui.key_chapel"), t("str.ui.key_chapel_info")),
        (
            f'<rect x="{x + 3}" y="{y}" width="18" height="18" fill="url(#sx-parish)" stroke="{LINE}"/>',
            t("str.ui.key_parish"),
            t("str.ui.key_parish_info"),
        ),
        (coin(x + 12, y + 9, "5", 11), t("str.ui.key_price"), t("str.ui.key_price_info")),
    ]
    # One row, its words squeezed by a fifth at most, else as many rows as they take at the font
    # floor (on a phone's whole board one row ran past the board's edge: "Pfarrei: Laden +" cut).
    room, lh = L.BOARD_W - 2 * L.M, round(max(20.0, floor() * 1.25))
    wides = [30 + text_w(word, 13) * WIDE for _p, word, _d in parts]
    fixed = 36 * len(parts) - 6  # the pictures and the gaps
    words = sum(wides) - 30 * len(parts)
    k = (room - fixed) / words if fixed + words * SQUEEZE <= room < fixed + words else 1.0
    rows = 1 if fixed + words * k <= room + 0.01 else 2  # (or more)
    if not may_grow() and (rows > 1 or y + lh + 12 > L.BOARD_H):
        # a box too short for a taller board (kit.regions.drawn_for_its_height): each picture says
        # what it is when tapped (data-info; Help's player aid has coins, edifices, chapels), so
        # the key stands down
        return "", y
    out, dx, dy = [], 0, 0
    for (pic, word, desc), wide in zip(parts, wides):
        wide = (wide - 30) * k + 30
        if dx and dx + wide > room + 0.01:
            dx, dy = 0, dy + lh
        squeeze = f' textLength="{_n(wide - 30)}" lengthAdjust="spacingAndGlyphs"' if k < 1 else ""
        out.append(
            info(
                desc,
                f'<g transform="translate({_n(dx)} {_n(dy)})">{pic}</g>'
                + text(x + 30 + dx, y + dy + 14, word, size=13, anchor="start", extra=squeeze),
            )
        )
        dx += wide + 6
    return "".join(out), y + dy + 32

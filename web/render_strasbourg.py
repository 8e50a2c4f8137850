"""Strasbourg table as one SVG: a pure function of the view (no js imports; CPython-testable).

``render(view, legal_actions, colours=None) -> (svg_markup, ids_drawn)``

Layout (viewBox 1200 wide, height from the player count and the viewer's own board):
  top      status line (round, step, start player / game over);
  left     the 9 x 6 city (guild areas, prices, shops, lots / edifices, white points / chapels,
           parishes) with a legend that doubles as the goods supply;
  right    the 5 round boards with the round/step marker, the council (8 seats), prestige;
  middle   the auction: step, stake (what each rank gets), bids in bidding order, ranking;
  bottom   the player boards, the viewer's own first (hand, stack values, tasks only there).

Touch targets: the app shows the board at up to 1024 CSS px wide for a 1200-unit viewBox, so
1 unit = 1024 / 1200 = 0.853 px and 44 px = 51.6 units. Every clickable element gets an
invisible hit shape of at least 52 x 52 units (``HIT``), larger than its visible mark where
needed (white points: a circle of radius 26; cells are 80 units anyway).

Only what the view holds is drawn. Hand, stack values, deck make-up and task cards come from
the view's own-seat keys and are drawn on the viewer's board only (``view['seat']``); other
seats show counts. All text goes through ``esc`` (names are user input).
"""
from .svgkit import (RenderContext, esc, num as _n, seat_mark, text,
                     title, trunc as _trunc)
from . import svgkit

HIT = 52                      # min hit size in viewBox units (>= 51.6 = 44 CSS px at 1024 px for W 1200)
W = 1200

INK, MUTED, LINE = "#1d1d1d", "#5d5a55", "#8a8170"
PAPER, BG = "#fffdf8", "#f4f1ea"
LOT_FILL, EDIFICE_FILL = "#d7d3cc", "#8c6a4f"
CARD_BACK = "#2f4b7c"
GUILD_ABBR = {"smiths": "Sm", "vintners": "Vi", "shoemakers": "Sh", "butchers": "Bu", "bakers": "Ba"}
FALLBACK_GUILD_COLOUR = {"smiths": "#5b6770", "vintners": "#7b3f8c", "shoemakers": "#3f8c4a",
                         "butchers": "#b8332e", "bakers": "#d9a63a"}
SEAT_CHIP = {"nobility": ("#c9a227", "N"), "church": ("#f2f2f2", "C"), "merchants": ("#7a8a99", "M")}
KIND_MARK = {"nobility": "N/C", "trade": "$", "election": "$+M", "edifice": "Ed", "chapel": "Ch"}
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
ROLE_WORD = {"master": "Master", "journeyman": "Journeyman", "apprentice": "Apprentice",
             "nobility": "Nobility seat", "church": "Church seat", "seller": "sells goods"}

CSS = (
    ".sxb text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;fill:#1d1d1d}"
    ".sxb .legal{cursor:pointer}"
    ".sxb .legal .hl{fill:#fff1a0;stroke:#1d1d1d;stroke-width:2.5;stroke-dasharray:6 3}"
    ".sxb .legal .hlo{fill:none;stroke:#1d1d1d;stroke-width:3;stroke-dasharray:6 3}"
    ".sxb .legal:hover .hl,.sxb .legal:focus .hl{fill:#ffe14d;stroke-width:4}"
    ".sxb .legal:hover .hlo,.sxb .legal:focus .hlo{stroke-width:5}"
    ".sxb .hit{fill:#fff;fill-opacity:0;stroke:none}"
)


def tip(s, body) -> str:
    """An inert group with a tooltip."""
    return f"<g>{title(s)}{body}</g>"


def rect(x, y, w, h, fill="none", stroke=LINE, sw=1.5, rx=6, extra="") -> str:
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{_n(sw)}"{extra}/>')


def _tint(colour, f=0.68):
    """Mix a #rrggbb colour with white (f = share of white), for dark-on-light fills."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except (ValueError, TypeError, IndexError):
        return "#e8e8e8"
    r, g, b = (round(c + (255 - c) * f) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _ord(i):
    return ORDINAL[i] if i < len(ORDINAL) else f"{i + 1}th"


class Ctx(RenderContext):
    """Per-render state plus the guild colours and names of the view."""

    def __init__(self, view, legal_actions, colours):
        super().__init__(view, legal_actions, colours)
        self.guilds = {g.get("key"): g for g in view.get("guilds") or []}

    def gcolour(self, guild):
        g = self.guilds.get(guild)
        return (g or {}).get("colour") or FALLBACK_GUILD_COLOUR.get(guild, "#9a9a9a")

    def gname(self, guild):
        g = self.guilds.get(guild)
        return (g or {}).get("name") or str(guild).capitalize()


# ---------------------------------------------------------------- small glyphs
def hl_rect(x, y, w, h, rx=6) -> str:
    return f'<rect class="hl" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}"/>'


def hl_outline(x, y, w, h, rx=6) -> str:
    return f'<rect class="hlo" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}"/>'


def hit_rect(cx, cy, w, h) -> str:
    return svgkit.hit_rect(cx, cy, w, h, HIT)


def hit_circle(cx, cy, r) -> str:
    return svgkit.hit_circle(cx, cy, r, HIT)


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
    """A large building centred on (x, y) with its value."""
    return (f'<path d="M{_n(x - s)} {_n(y + s * .8)}v{_n(-s * 1.05)}l{_n(s)} {_n(-s * .7)}l{_n(s)} {_n(s * .7)}'
            f'v{_n(s * 1.05)}z" fill="{EDIFICE_FILL}" stroke="#1d1d1d" stroke-width="1.5"/>'
            + f'<circle cx="{_n(x)}" cy="{_n(y + s * .28)}" r="{_n(s * .48)}" fill="#fff" stroke="#1d1d1d"/>'
            + text(x, y + s * .28 + s * .2, value, size=s * .6, weight="700"))


def chapel_glyph(x, y, s=13) -> str:
    return (f'<path d="M{_n(x - s * .75)} {_n(y + s * .85)}v{_n(-s * .95)}l{_n(s * .75)} {_n(-s * .6)}'
            f'l{_n(s * .75)} {_n(s * .6)}v{_n(s * .95)}z" fill="#4a3b63" stroke="#fff" stroke-width="1.5"/>'
            f'<path d="M{_n(x)} {_n(y - s * .75)}v{_n(-s * .6)}M{_n(x - s * .25)} {_n(y - s * 1.1)}h{_n(s * .5)}" '
            f'stroke="#1d1d1d" stroke-width="2"/>')


def panel(x, y, w, h, head=None, fill=PAPER, sub=None) -> str:
    out = rect(x, y, w, h, fill, LINE, 1.5, 10)
    if head:
        out += text(x + 12, y + 24, head, size=18, anchor="start", weight="700")
    if sub:
        out += text(x + w - 12, y + 24, sub, size=14, anchor="end", fill=MUTED)
    return out


def _parse_rc(s):
    r, c = s.split(",")
    return int(r), int(c)


# ---------------------------------------------------------------- status line
def draw_status(ctx, x, y, w) -> str:
    v = ctx.view
    rm = v.get("round_marker") or {}
    out = [rect(x, y, w, 40, PAPER, LINE, 1.5, 10)]
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


# ---------------------------------------------------------------- city
CS = 80   # cell size


def draw_city(ctx, x0, y0, w):
    """The 9 x 6 city, its legend (goods supply) and returns (markup, bottom y)."""
    v = ctx.view
    city = v.get("city") or {}
    rows, cols = city.get("rows", 6), city.get("cols", 9)
    cells = {(c.get("r"), c.get("c")): c for c in city.get("cells") or []}
    gx, gy = x0 + 36, y0 + 58
    h_grid = rows * CS
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
        for aid in (f"shop:{rc}", f"build:{rc}"):
            if aid in ctx.legal:
                word = f"buy · {cell.get('price')}" if aid.startswith("shop") else "build here"
                hv = (vis + hl_outline(x + 4, y + 4, CS - 8, CS - 8, 8)
                      + f'<rect x="{x + 8}" y="{y + CS / 2 - 12}" width="{CS - 16}" height="24" rx="12" '
                        f'fill="#fff1a0" stroke="#1d1d1d"/>' + text(x + CS / 2, y + CS / 2 + 5, word, size=13,
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
        aid = f"chapel:{r},{c}"
        if p.get("chapel"):
            out.append(tip(f"chapel where rows {r}/{r + 1} and columns {c}/{c + 1} meet: its cells are a parish",
                           f'<circle cx="{x}" cy="{y}" r="17" fill="#fff" stroke="#1d1d1d" stroke-width="1.5"/>'
                           + chapel_glyph(x, y + 1, 13)))
        elif aid in ctx.legal:
            vis = (f'<circle class="hl" cx="{x}" cy="{y}" r="17"/>'
                   f'<circle cx="{x}" cy="{y}" r="7" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>')
            out.append(ctx.target(aid, vis, hit_circle(x, y, HIT / 2)))
        else:
            out.append(tip(f"white point (rows {r}/{r + 1}, columns {c}/{c + 1}): a chapel may be placed here",
                           f'<circle cx="{x}" cy="{y}" r="8" fill="#fff" stroke="#1d1d1d" stroke-width="2"/>'))
    # legend = guild names, goods value and goods supply (apprentice "goods" target)
    ly = gy + h_grid + 16
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
        if "goods" in ctx.legal and key == app_guild:
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


# ---------------------------------------------------------------- round boards
def draw_rounds(ctx, x0, y0, w):
    v = ctx.view
    rm = v.get("round_marker") or {}
    cur_round, cur_step, active = rm.get("round", 1), rm.get("step", "A"), rm.get("active")
    over = v.get("is_over")
    boards = v.get("rounds") or []
    rowh, sw = 44, 30
    h = 40 + len(boards) * rowh + 6
    out = [panel(x0, y0, w, h, "Round boards", sub="steps A–I, edifice")]
    for i, rb in enumerate(boards):
        rnd = rb.get("round", i + 1)
        y = y0 + 36 + i * rowh
        is_cur = rnd == cur_round and not over
        past_round = over or rnd < cur_round
        out.append(text(x0 + 12, y + 27, f"R{rnd}", size=16, anchor="start", weight="700" if is_cur else "normal",
                        fill=INK if is_cur else MUTED))
        for j, st in enumerate(rb.get("steps") or []):
            x = x0 + 42 + j * (sw + 1)
            letter, kind, guild = st.get("letter", ""), st.get("kind", ""), st.get("guild")
            here = is_cur and active and letter == cur_step
            done = past_round or (is_cur and active and letter < cur_step)
            fill = _tint(ctx.gcolour(guild), 0.45) if guild else ("#efe7d6" if kind in ("trade", "election")
                                                                  else "#e4dff0")
            op = ' opacity="0.45"' if done else ""
            body = (rect(x, y + 4, sw, 36, fill, INK if here else LINE, 3.5 if here else 1, 4)
                    + text(x + sw / 2, y + 20, letter, size=14, weight="700")
                    + text(x + sw / 2, y + 35, GUILD_ABBR.get(guild, "") if guild else KIND_MARK.get(kind, ""),
                           size=11 if kind != "election" else 10))
            lab = st.get("label", kind)
            out.append(f'<g{op}>{title(f"round {rnd}, step {letter}: {lab}")}{body}</g>')
            if here:
                out.append(f'<path d="M{_n(x + sw / 2 - 6)} {y - 3}h12l-6 7z" fill="{INK}"/>')
        ex = x0 + 42 + 9 * (sw + 1) + 4
        built = rb.get("edifice_built")
        ed = edifice_glyph(ex + 20, y + 22, rb.get("edifice", "?"), 15)
        state = "built" if built else "not built yet"
        op = ' opacity="0.45"' if built else ""
        ev = rb.get("edifice")
        out.append(f'<g{op}>{title(f"round {rnd} edifice worth {ev} ({state})")}{ed}</g>')
        if is_cur:
            out.append(rect(x0 + 6, y + 1, w - 12, rowh - 2, "none", INK, 1.5, 6, ' stroke-dasharray="4 3"'))
    return "".join(out), y0 + h


# ---------------------------------------------------------------- council
def draw_council(ctx, x0, y0, w):
    v = ctx.view
    seats = v.get("council") or []
    cw, chh = (w - 24) / 2, 42
    h = 40 + ((len(seats) + 1) // 2) * chh + 6
    out = [panel(x0, y0, w, h, "Council", sub="1 VP per seat at each council")]
    for k, s in enumerate(seats):
        x = x0 + 12 + (k % 2) * (cw + 0)
        y = y0 + 36 + (k // 2) * chh
        key, owner = s.get("seat"), s.get("owner")
        if s.get("guild"):
            fill, letter = ctx.gcolour(s["guild"]), GUILD_ABBR.get(s["guild"], "")
            chip = (rect(x + 4, y + 5, 34, 30, _tint(fill, .3), INK, 1.2, 5)
                    + text(x + 21, y + 26, letter, size=14, weight="700"))
        else:
            fill, letter = SEAT_CHIP.get(key, ("#ddd", "?"))
            chip = rect(x + 4, y + 5, 34, 30, fill, INK, 1.2, 5) + text(x + 21, y + 26, letter, size=15, weight="700")
        label = s.get("label", key)
        label = "Merchants" if key == "merchants" else label
        body = [rect(x, y + 2, cw - 6, chh - 4, "#fff", LINE, 1, 6), chip,
                text(x + 44, y + 19, label, size=14, anchor="start", weight="700")]
        if owner is None:
            body.append(text(x + 44, y + 35, "empty", size=13, anchor="start", fill=MUTED))
            desc = f"{s.get('label', key)} seat: empty"
        else:
            body.append(seat_mark(ctx, owner, x + cw - 24, y + chh / 2, 11))
            body.append(text(x + 44, y + 35, _trunc(ctx.name(owner), 16), size=13, anchor="start"))
            desc = f"{s.get('label', key)} seat: {ctx.name(owner)}"
        out.append(tip(desc, "".join(body)))
    return "".join(out), y0 + h


# ---------------------------------------------------------------- prestige
def draw_prestige(ctx, x0, y0, w):
    v = ctx.view
    scores = v.get("scores") or []
    over = v.get("is_over")
    rowh = 28
    h = 40 + len(scores) * rowh + 6
    out = [panel(x0, y0, w, h, "Final score" if over else "Prestige track")]
    lo = min([0] + list(scores))
    hi = max([10] + list(scores))
    bx, bw = x0 + 180, w - 250
    for i, s in enumerate(scores):
        y = y0 + 36 + i * rowh
        cur = v.get("current_player") == i
        bar = (s - lo) / (hi - lo) * bw if hi > lo else 0
        body = (seat_mark(ctx, i, x0 + 24, y + 13, 10)
                + text(x0 + 42, y + 19, _trunc(ctx.name(i), 14), size=14, anchor="start",
                       weight="700" if cur else "normal")
                + rect(bx, y + 5, bw, 16, "#f0ebe0", LINE, .8, 3)
                + (f'<rect x="{_n(bx)}" y="{y + 5}" width="{_n(max(bar, 2))}" height="16" rx="3" '
                   f'fill="{ctx.colour(i)}" stroke="#1d1d1d" stroke-width=".8"/>')
                + text(x0 + w - 12, y + 19, f"{s} VP", size=14, anchor="end", weight="700"))
        wins = " (winner)" if over and i in (v.get("winners") or []) else ""
        out.append(tip(f"{ctx.name(i)}: {s} VP{wins}", body))
    return "".join(out), y0 + h


# ---------------------------------------------------------------- auction
def _order(start, n):
    return [(start + i) % n for i in range(n)] if n else []


def draw_auction(ctx, x0, y0, w):
    v = ctx.view
    n = len(ctx.names)
    a = v.get("auction")
    resolved = False
    phase = v.get("phase", "")
    if a is None and phase.startswith("lobbying") and v.get("last_auction"):
        a, resolved = v.get("last_auction"), True
    if a is None:
        return draw_plotting(ctx, x0, y0, w)
    letter, kind, guild = a.get("letter", ""), a.get("kind", ""), a.get("guild")
    what = {"nobility": "Nobility & Church auction", "guild": f"{ctx.gname(guild)} guild auction",
            "trade": "trade auction", "election": "trade auction + Merchants seat"}.get(kind, kind)
    head = f"Step {letter}: {what}" + (" · result" if resolved else f" · lap {a.get('lap', 1)}")
    ranking = a.get("ranking") if resolved else a.get("ranking_so_far")
    ranking = ranking or []
    bids = {b.get("seat"): b for b in a.get("bids") or []}
    passed, deferred = set(a.get("passed") or []), set(a.get("deferred") or [])
    rank_of = {r.get("seat"): (i, r.get("role")) for i, r in enumerate(ranking)}
    ret_ids = [aid for aid in ctx.legal if aid.startswith("return:")]
    rowh = 44
    left_w = 420
    rows = _order(a.get("start_player", 0), n)
    h_table = 68 + len(rows) * rowh
    h_left = 40 + 24 * len(a.get("rewards") or []) + 60 + (110 if ret_ids else 0)
    h = max(h_table, h_left) + 14
    out = [panel(x0, y0, w, h, head)]
    if guild:
        out.append(rect(x0 + 12, y0 + 34, 30, 8, ctx.gcolour(guild), "none", 0, 2))
    # left: the stake
    ly = y0 + 58
    out.append(text(x0 + 12, ly, "What each rank gets:", size=14, anchor="start", weight="700", fill=MUTED))
    for i, r in enumerate(a.get("rewards") or []):
        out.append(text(x0 + 12, ly + 24 + i * 24, r, size=14, anchor="start"))
    ly += 24 * len(a.get("rewards") or []) + 30
    note = ("Ties: the player nearer the start player ranks higher. "
            if not resolved else "The stacks of ranked players leave the game.")
    out.append(text(x0 + 12, ly, note, size=12, anchor="start", fill=MUTED))
    out.append(text(x0 + 12, ly + 18, "Start player this step: " + _trunc(ctx.name(a.get("start_player", 0)), 18),
                    size=12, anchor="start", fill=MUTED))
    if ret_ids:
        ry = ly + 34
        out.append(text(x0 + 12, ry + 14, "Put one card of your revealed stack under your deck:", size=14,
                        anchor="start", weight="700"))
        for k, aid in enumerate(sorted(ret_ids, key=lambda s: -int(s.split(":")[1]))):
            val = aid.split(":")[1]
            x = x0 + 20 + k * 60
            vis = hl_rect(x - 4, ry + 24, 52, 64, 6) + card(x + 4, ry + 32, val, 36, 48, "sx-choice")
            out.append(ctx.target(aid, vis, hit_rect(x + 22, ry + 56, 56, 64)))
    # right: the bids in bidding order
    tx = x0 + left_w
    out.append(f'<path d="M{tx - 12} {y0 + 36}v{h - 48}" stroke="{LINE}"/>')
    cols = (tx, tx + 170, tx + 420, tx + 575)
    for cx, lab in zip(cols, ("Bidding order", "Revealed bid", "Stacks left", "Rank → gets")):
        out.append(text(cx, y0 + 58, lab, size=13, anchor="start", weight="700", fill=MUTED))
    for k, s in enumerate(rows):
        y = y0 + 68 + k * rowh
        ps = (v.get("player_states") or [{}] * n)[s] if s < len(v.get("player_states") or []) else {}
        cur = v.get("current_player") == s and not resolved
        if cur:
            out.append(rect(tx - 6, y, w - left_w - 6 + 0, rowh - 4, "#fff6cc", INK, 1.5, 6))
        out.append(seat_mark(ctx, s, tx + 12, y + 20, 10))
        out.append(text(tx + 28, y + 26, _trunc(ctx.name(s), 14), size=14, anchor="start",
                        weight="700" if cur else "normal"))
        bx = cols[1]
        b = bids.get(s)
        if b is not None:
            cs = b.get("cards") or []
            for j, cv in enumerate(cs[:8]):
                out.append(card(bx + j * 22, y + 4, cv, 20, 30))
            more = "…" if len(cs) > 8 else ""
            out.append(text(bx + min(len(cs), 8) * 22 + 6, y + 26, f"{more}= {b.get('value', sum(cs))}", size=16,
                            anchor="start", weight="700"))
            desc = f"{ctx.name(s)} revealed {'+'.join(str(c) for c in cs)} = {b.get('value')}"
        elif s in passed:
            out.append(text(bx, y + 26, "passed", size=14, anchor="start", fill=MUTED))
            desc = f"{ctx.name(s)} passed"
        elif s in deferred:
            out.append(text(bx, y + 26, "privilege: decides later", size=14, anchor="start"))
            desc = f"{ctx.name(s)} used a privilege and decides in the next lap"
        elif cur:
            out.append(text(bx, y + 26, "▶ deciding now", size=14, anchor="start", weight="700"))
            desc = f"{ctx.name(s)} is deciding"
        else:
            out.append(text(bx, y + 26, "waiting", size=14, anchor="start", fill=MUTED))
            desc = f"{ctx.name(s)} has not decided yet"
        stacks = ps.get("stacks") or []
        sx = cols[2]
        if stacks:
            if s == ctx.seat and all("total" in st for st in stacks):
                lab = "totals " + ", ".join(str(st["total"]) for st in stacks)
            else:
                lab = f"{len(stacks)} ({'/'.join(str(st.get('cards', 0)) for st in stacks)} cards)"
        else:
            lab = "none"
        out.append(text(sx, y + 26, lab, size=14, anchor="start"))
        ri = rank_of.get(s)
        if ri is not None:
            i, role = ri
            rl = f"{_ord(i)} → {ROLE_WORD.get(role, role)}" if role else f"{_ord(i)} → nothing"
            out.append(text(cols[3], y + 26, rl, size=14, anchor="start", weight="700" if role else "normal"))
        out.append(f'<rect x="{tx}" y="{y}" width="{w - left_w - 12}" height="{rowh - 4}" fill="#fff" '
                   f'fill-opacity="0">{title(desc)}</rect>')
    return "".join(out), y0 + h


def draw_plotting(ctx, x0, y0, w):
    """No auction yet: the plotting (or task choice) summary of every seat."""
    v = ctx.view
    n = len(ctx.names)
    phase = v.get("phase", "")
    rowh = 34
    rows = _order(v.get("start_player", 0) or 0, n)
    h = 70 + len(rows) * rowh
    head = "Task cards" if phase == "tasks" else ("Game over" if v.get("is_over") else
                                                    f"Round {v.get('round', 1)}: plotting")
    sub = ("each player keeps 1-5 task cards (secret until the end)" if phase == "tasks" else
           "each player draws cards and forms face-down stacks; next: step A" if not v.get("is_over") else "")
    if v.get("is_over"):
        return draw_final(ctx, x0, y0, w)
    out = [panel(x0, y0, w, h, head, sub=sub)]
    pss = v.get("player_states") or []
    for k, s in enumerate(rows):
        y = y0 + 40 + k * rowh
        ps = pss[s] if s < len(pss) else {}
        cur = v.get("current_player") == s
        if cur:
            out.append(rect(x0 + 8, y, w - 16, rowh - 2, "#fff6cc", INK, 1.5, 6))
        out.append(seat_mark(ctx, s, x0 + 26, y + 16, 10))
        out.append(text(x0 + 44, y + 22, _trunc(ctx.name(s), 16), size=14, anchor="start",
                        weight="700" if cur else "normal"))
        if phase == "tasks":
            st = (f"kept {ps.get('task_count', 0)} task card(s)" if ps.get("tasks_chosen")
                  else ("▶ choosing task cards" if cur else "will choose task cards"))
        elif v.get("is_over"):
            st = ""
        else:
            stacks = ps.get("stacks") or []
            drawn = ps.get("hand_size", 0)
            st = f"{len(stacks)} stack(s) of {'/'.join(str(x.get('cards', 0)) for x in stacks) or '0'} card(s)"
            if drawn:
                st += f" · {drawn} drawn card(s) not yet stacked"
            if cur:
                st = "▶ " + st
        out.append(text(x0 + 220, y + 22, st, size=14, anchor="start"))
    return "".join(out), y0 + h


CATEGORY_WORD = {"council": "Council", "shops": "Shops", "parishes": "Parishes", "privileges": "Privileges",
                 "edifices": "Edifices", "tasks": "Task cards"}


def draw_final(ctx, x0, y0, w):
    """Game over: the final score breakdown, one row per seat, winners marked."""
    v = ctx.view
    bd = v.get("score_breakdown") or []
    scores = v.get("scores") or []
    winners = set(v.get("winners") or [])
    cats = []
    for row in bd:
        for k in row:
            if k not in cats:
                cats.append(k)
    rowh = 32
    h = 76 + len(bd) * rowh
    out = [panel(x0, y0, w, h, "Final scoring", sub="ties: most shops in the city wins")]
    cx0, cw = x0 + 240, (w - 240 - 120) / max(len(cats), 1)
    for j, k in enumerate(cats):
        out.append(text(cx0 + j * cw + cw / 2, y0 + 56, CATEGORY_WORD.get(k, str(k).capitalize()), size=14,
                        weight="700", fill=MUTED))
    out.append(text(x0 + w - 60, y0 + 56, "Total", size=14, weight="700"))
    for i, row in enumerate(bd):
        y = y0 + 66 + i * rowh
        win = i in winners
        if win:
            out.append(rect(x0 + 8, y, w - 16, rowh - 2, "#fff6cc", INK, 1.5, 6))
        out.append(seat_mark(ctx, i, x0 + 26, y + 15, 10))
        out.append(text(x0 + 44, y + 21, _trunc(ctx.name(i), 18) + ("  ★ winner" if win else ""), size=14,
                        anchor="start", weight="700" if win else "normal"))
        for j, k in enumerate(cats):
            out.append(text(cx0 + j * cw + cw / 2, y + 21, row.get(k, 0), size=15))
        tot = scores[i] if i < len(scores) else sum(row.values())
        out.append(text(x0 + w - 60, y + 21, tot, size=16, weight="700"))
    return "".join(out), y0 + h


# ---------------------------------------------------------------- player boards
def _goods_row(ctx, i, ps, x, y, own):
    """The 5 goods counters (sell targets on the viewer's own board). Returns markup."""
    out = []
    goods = ps.get("goods") or {}
    keys = [g.get("key") for g in ctx.view.get("guilds") or []] or list(goods)
    gw = 58
    for k, key in enumerate(keys):
        gx = x + k * (gw + 4)
        col = ctx.gcolour(key)
        cnt = goods.get(key, 0)
        body = (rect(gx, y, gw, 40, _tint(col, .55) if cnt else "#f7f5f0", INK if cnt else LINE, 1.2, 5)
                + f'<rect x="{gx}" y="{y}" width="8" height="40" rx="3" fill="{col}"/>'
                + text(gx + 33, y + 17, GUILD_ABBR.get(key, key[:2]), size=12, fill=MUTED if not cnt else INK)
                + text(gx + 33, y + 35, cnt, size=16, weight="700", fill=MUTED if not cnt else INK))
        aid = f"sell:{key}"
        if own and aid in ctx.legal:
            val = (ctx.guilds.get(key) or {}).get("goods_value", "")
            body = (rect(gx, y, gw, 40, _tint(col, .55), INK, 1.2, 5)
                    + f'<rect x="{gx}" y="{y}" width="8" height="40" rx="3" fill="{col}"/>'
                    + text(gx + 33, y + 17, f"sell {val}", size=12, weight="700")
                    + text(gx + 33, y + 35, f"{GUILD_ABBR.get(key, key[:2])} {cnt}", size=15, weight="700"))
            out.append(ctx.target(aid, hl_rect(gx - 3, y - 3, gw + 6, 46) + body,
                                  hit_rect(gx + gw / 2, y + 20, gw + 4, HIT)))
        else:
            out.append(tip(f"{ctx.name(i)}: {cnt} {ctx.gname(key)} goods", body))
    return "".join(out), x + len(keys) * (gw + 4)


def draw_player(ctx, i, ps, x0, y0, w):
    """One player's board; the viewer's own board adds hand, stack values, deck make-up and tasks."""
    v = ctx.view
    own = ctx.seat == i
    cur = v.get("current_player") == i
    col = ctx.colour(i)
    out = []
    # header
    out.append(seat_mark(ctx, i, x0 + 30, y0 + 22, 12))
    label = _trunc(ps.get("name") or ctx.name(i), 18) + (" (you)" if own else "")
    out.append(text(x0 + 50, y0 + 28, label, size=17, anchor="start", weight="700"))
    stats = [(f"{ps.get('prestige', 0)} prestige", "prestige track (council points)"),
             (f"{ps.get('coins', 0)} coins", "coins"),
             (f"{ps.get('privileges', 0)} privileges", "privilege tiles (1 VP each at the end; skip a bid)"),
             (f"{ps.get('family_supply', 0)} family left", "family members not on the board"),
             (f"shops {ps.get('shops', 0)}", "shops in the city"),
             (f"council {ps.get('council_seats', 0)}", "council seats held")]
    sx = x0 + 290
    for s, d in stats:
        out.append(tip(f"{ctx.name(i)}: {s} ({d})", text(sx, y0 + 28, s, size=15, anchor="start",
                                                         weight="700" if s.endswith("prestige") else "normal")))
        sx += 22 + 8.2 * len(s)
    if cur and not v.get("is_over"):
        out.append(f'<rect x="{x0 + w - 100}" y="{y0 + 9}" width="88" height="26" rx="13" fill="#1d1d1d"/>'
                   + text(x0 + w - 56, y0 + 27, "▶ to play", size=14, weight="700", fill="#fff"))
    # line 2: goods, deck, hand, stacks, tasks
    y = y0 + 44
    out.append(text(x0 + 22, y + 25, "Goods", size=13, anchor="start", fill=MUTED, weight="700"))
    g, gx = _goods_row(ctx, i, ps, x0 + 70, y, own)
    out.append(g)
    dx = gx + 20
    deck = ps.get("deck_size", 0)
    deck_vis = card_pile(dx, y + 6, deck, 26, 34) + text(dx + 40, y + 20, f"deck {deck}", size=14, anchor="start",
                                                         weight="700")
    deck_vis += text(dx + 40, y + 37, f"{ps.get('spent_cards', 0)} spent", size=12, anchor="start", fill=MUTED)
    if own and "draw" in ctx.legal:
        out.append(ctx.target("draw", hl_rect(dx - 6, y - 6, 112, 52) + deck_vis,
                              hit_rect(dx + 50, y + 20, 112, HIT)))
    else:
        out.append(tip(f"{ctx.name(i)}: {deck} cards in the deck, {ps.get('spent_cards', 0)} out of the game",
                       deck_vis))
    hx = dx + 130
    stacks = ps.get("stacks") or []
    if not own:
        hs = ps.get("hand_size", 0)
        out.append(tip(f"{ctx.name(i)}: {hs} drawn card(s) not yet on a stack (hidden)",
                       text(hx, y + 20, f"hand {hs}", size=14, anchor="start", weight="700")
                       + text(hx, y + 37, "hidden", size=12, anchor="start", fill=MUTED)))
        sx = hx + 80
        out.append(text(sx, y + 20, "Stacks", size=13, anchor="start", fill=MUTED, weight="700"))
        for k, st in enumerate(stacks[:8]):
            px = sx + 56 + k * 64
            out.append(tip(f"{ctx.name(i)}: stack {k + 1}, {st.get('cards', 0)} face-down card(s)",
                           card_pile(px, y + 6, st.get("cards", 0), 22, 30)
                           + text(px + 38, y + 28, f"×{st.get('cards', 0)}", size=13, anchor="start")))
        if not stacks:
            out.append(text(sx + 56, y + 20, "none", size=13, anchor="start", fill=MUTED))
        tcount = ps.get("task_count", 0)
        tx = x0 + w - 12
        out.append(tip(f"{ctx.name(i)} keeps {tcount} task card(s) (secret until the end)",
                       text(tx, y + 20, f"{tcount} task card(s)", size=14, anchor="end")))
        h = 96
        if v.get("is_over") and ps.get("tasks"):     # the engine shows them to everyone once the game is over
            ty = y0 + 98
            out.append(text(x0 + 22, ty + 4, "Task cards", size=13, anchor="start", fill=MUTED, weight="700"))
            for k, t in enumerate(ps["tasks"]):
                out.append(_task_line(x0 + 126, ty + k * 22, t, w - 146, v.get("is_over")))
            h = 98 + 22 * len(ps["tasks"]) + 8
        frame = (rect(x0, y0, w, h, PAPER, INK if cur else LINE, 3.5 if cur else 1.5, 10)
                 + f'<rect x="{x0}" y="{y0}" width="10" height="{h}" rx="4" fill="{col}"/>')
        return f'<g class="pboard" data-seat="{i}">{frame}{"".join(out)}</g>', y0 + h
    # ---- the viewer's own board: secrets of this seat only (from the view's own-seat keys)
    secret = []
    counts = ps.get("deck_counts")
    if counts:
        mk = "  ".join(f"{k}×{c}" for k, c in sorted(counts.items(), key=lambda kv: int(kv[0])))
        secret.append(text(hx, y + 20, "Your deck holds", size=13, anchor="start", fill=MUTED, weight="700"))
        secret.append(text(hx, y + 38, mk, size=14, anchor="start"))
    ty = y + 58
    hand = ps.get("hand")
    if hand is not None and (hand or v.get("decision") in ("draw", "stack") and cur):
        secret.append(text(x0 + 22, ty + 26, "Your hand", size=13, anchor="start", fill=MUTED, weight="700"))
        for k, cv in enumerate(hand[:24]):
            secret.append(card(x0 + 126 + k * 34, ty + 4, cv, 30, 42))
        if not hand:
            secret.append(text(x0 + 126, ty + 26, "no card drawn yet", size=14, anchor="start", fill=MUTED))
        ty += 56
    # stacks: values and totals; bid / put / rest targets
    puts = {}
    for aid in ctx.legal:
        if aid.startswith("put:"):
            val, k = aid[4:].split(",")
            puts.setdefault(k, []).append((int(val), aid))
        elif aid.startswith("rest:"):
            puts.setdefault(aid[5:], []).append((None, aid))
    stacking = bool(puts)
    if stacks or stacking:
        secret.append(text(x0 + 22, ty + 36, "Your stacks", size=13, anchor="start", fill=MUTED, weight="700"))
        if stacking:
            secret.append(text(x0 + 600, ty + 12, "tap a card value to put it on that stack; "
                               "“all here” puts every drawn card there", size=13, anchor="start", fill=MUTED))
            ty += 16
    rows = [(str(k + 1), st) for k, st in enumerate(stacks)] + ([("new", None)] if stacking else [])
    for k, st in rows:
        sy = ty + 4
        vis = []
        if st is None:
            vis.append(text(x0 + 126, sy + 32, "new stack", size=15, anchor="start", weight="700"))
            desc = "a new stack"
        else:
            vals = st.get("values")
            vis.append(text(x0 + 126, sy + 32, f"Stack {k}", size=15, anchor="start", weight="700"))
            if vals is not None:
                for j, cv in enumerate(vals[:12]):
                    vis.append(card(x0 + 200 + j * 28, sy + 10, cv, 26, 36))
                vis.append(text(x0 + 204 + min(len(vals), 12) * 28, sy + 34, f"= {st.get('total', sum(vals))}",
                                size=18, anchor="start", weight="700"))
                desc = f"your stack {k}: {'+'.join(str(x) for x in vals)} = {st.get('total', sum(vals))}"
            else:
                vis.append(card_pile(x0 + 200, sy + 12, st.get("cards", 0)))
                desc = f"your stack {k}: {st.get('cards', 0)} cards"
        aid = f"bid:{k}"
        body = "".join(vis)
        if aid in ctx.legal:
            row_w = 590
            secret.append(ctx.target(aid, hl_rect(x0 + 116, sy, row_w - 116, 54) + body
                                     + text(x0 + row_w - 10, sy + 33, "reveal", size=14, anchor="end",
                                            weight="700"),
                                     hit_rect(x0 + 116 + (row_w - 116) / 2, sy + 27, row_w - 116, 56)))
        else:
            secret.append(tip(desc, body))
        # stacking chips for this stack
        for j, (val, paid) in enumerate(sorted(puts.get(k, []), key=lambda t: (t[0] is None, -(t[0] or 0)))):
            cx = x0 + 600 + j * 58
            if val is None:
                chip = (hl_rect(cx, sy + 1, 96, 52) + text(cx + 48, sy + 33, "all here", size=15, weight="700"))
                secret.append(ctx.target(paid, chip, hit_rect(cx + 48, sy + 27, 96, 54)))
            else:
                chip = hl_rect(cx, sy + 1, 54, 52) + card(cx + 12, sy + 7, val, 30, 40, "sx-choice")
                secret.append(ctx.target(paid, chip, hit_rect(cx + 27, sy + 27, 56, 56)))
        ty += 58
    if not stacks and not stacking:
        secret.append(text(x0 + 22, ty + 22, "Your stacks", size=13, anchor="start", fill=MUTED, weight="700"))
        secret.append(text(x0 + 126, ty + 22, "none", size=14, anchor="start", fill=MUTED))
        ty += 34
    # tasks: kept (own) or dealt (while choosing, with drop targets)
    dealt = ps.get("dealt")
    tasks = ps.get("tasks") or []
    if dealt:
        secret.append(text(x0 + 22, ty + 22, "Your dealt task cards (remove the ones you do not want)", size=13,
                           anchor="start", fill=MUTED, weight="700"))
        ty += 32
        for t in dealt:
            aid = f"drop:{t.get('id')}"
            line = (rect(x0 + 104, ty, 680, 48, "#fff", LINE, 1, 6)
                    + text(x0 + 116, ty + 30, t.get("text", t.get("id")), size=15, anchor="start"))
            if aid in ctx.legal:
                line = (hl_rect(x0 + 104, ty, 780, 48) + text(x0 + 116, ty + 30, t.get("text", t.get("id")),
                                                               size=15, anchor="start")
                        + text(x0 + 874, ty + 30, "remove ✕", size=14, anchor="end", weight="700"))
                secret.append(ctx.target(aid, line, hit_rect(x0 + 494, ty + 24, 780, HIT)))
            else:
                secret.append(tip(t.get("text", ""), line))
            ty += 54
    elif tasks:
        secret.append(text(x0 + 22, ty + 18, "Your task cards (secret)", size=13, anchor="start", fill=MUTED,
                           weight="700"))
        ty += 28
        for t in tasks:
            secret.append(_task_line(x0 + 126, ty, t, w - 146, v.get("is_over")))
            ty += 22
        ty += 6
    else:
        secret.append(text(x0 + w - 12, y + 20, f"{ps.get('task_count', 0)} task card(s)", size=14, anchor="end"))
    h = ty - y0 + 8
    frame = (rect(x0, y0, w, h, "#fffef6", INK if cur else LINE, 3.5 if cur else 2, 10)
             + f'<rect x="{x0}" y="{y0}" width="10" height="{h}" rx="4" fill="{col}"/>')
    return (f'<g class="pboard own" data-seat="{i}">{frame}{"".join(out)}'
            f'<g class="secret">{"".join(secret)}</g></g>'), y0 + h


def _task_line(x, y, t, w, over=False):
    if over:
        mark = {True: f"✓ +{t.get('points', '')} VP", False: "✗ failed: −3 VP"}.get(t.get("fulfilled_now"), "")
    else:
        mark = {True: "✓ done now", False: "✗ not yet"}.get(t.get("fulfilled_now"), "")
    return tip(t.get("text", t.get("id", "")),
               text(x, y + 16, _trunc(t.get("text", t.get("id", "")), 90), size=14, anchor="start")
               + (text(x + w, y + 16, mark, size=13, anchor="end",
                       fill="#1f6f3a" if t.get("fulfilled_now") else MUTED, weight="700") if mark else ""))


# ---------------------------------------------------------------- entry point
def render(view: dict, legal_actions, colours=None):
    """SVG markup for the whole table, and the ids of the legal actions drawn on it."""
    ctx = Ctx(view, list(legal_actions or []), colours)
    parts = [draw_status(ctx, 8, 8, W - 16)]
    city, cy = draw_city(ctx, 8, 56, 800)
    parts.append(city)
    rx, rw = 816, W - 816 - 8
    r, y = draw_rounds(ctx, rx, 56, rw)
    parts.append(r)
    c, y = draw_council(ctx, rx, y + 8, rw)
    parts.append(c)
    p, y = draw_prestige(ctx, rx, y + 8, rw)
    parts.append(p)
    a, y = draw_auction(ctx, 8, max(cy, y) + 8, W - 16)
    parts.append(a)
    pss = view.get("player_states") or []
    order = list(range(len(pss)))
    seat = view.get("seat")
    if seat is not None and 0 <= seat < len(pss):
        order.remove(seat)
        order.insert(0, seat)
    for i in order:
        b, y = draw_player(ctx, i, pss[i], 8, y + 8, W - 16)
        parts.append(b)
    h = int(y + 10)
    prompt = view.get("prompt", "")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" class="sxb" viewBox="0 0 {W} {h}" '
           f'preserveAspectRatio="xMidYMin meet" role="img" aria-label="Strasbourg table. {esc(prompt)}">'
           f'<style>{CSS}</style><rect width="{W}" height="{h}" fill="{BG}"/>'
           + "".join(parts) + "</svg>")
    return svg, set(ctx.drawn)


# Action kind -> heading of its group of buttons in the side panel (web/panels.actions_panel):
# one table per game, so no internal word ("keep", "no-shop") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here.
ACTION_GROUPS = {
    "drop": "Remove a task", "keep": "Keep your tasks", "draw": "Draw cards", "stop": "Stop drawing",
    "put": "Put a card on a stack", "rest": "Put the remaining cards", "bid": "Bid", "pass": "Pass",
    "privilege": "Privilege", "return": "Return a card to your deck", "build": "Build an edifice",
    "chapel": "Place a chapel", "shop": "Buy a shop", "no-shop": "No shop", "goods": "Goods tile",
    "sell": "Sell goods", "sell-all": "Sell all goods", "end-sale": "Stop selling",
}

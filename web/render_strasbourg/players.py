"""Strasbourg's player boards: header and counts for every seat; the viewer's own board adds the
hand, stack values, deck make-up and task cards (from the view's own-seat keys only), with the
draw / stack / bid / sell / drop targets."""
from web.svgkit import seat_mark, text, trunc as _trunc

from . import layout as L
from .glyphs import INK, LINE, MUTED, PAPER, card, card_pile, hit_rect, hl_rect, rect, tint as _tint, tip
from .layout import HIT
from .words import GUILD_ABBR


def _goods_row(ctx, i, ps, x, y, own):
    """The 5 goods counters (sell targets on the viewer's own board). Returns markup."""
    out = []
    goods = ps.get("goods") or {}
    keys = [g.get("key") for g in ctx.view.get("guilds") or []] or list(goods)
    gw = L.GOODS_W
    for k, key in enumerate(keys):
        gx = x + k * (gw + 4)
        col = ctx.gcolour(key)
        cnt = goods.get(key, 0)
        body = (rect(gx, y, gw, 40, _tint(col, .55) if cnt else "#f7f5f0", INK if cnt else LINE, 1.2, 5)
                + f'<rect x="{gx}" y="{y}" width="8" height="40" rx="3" fill="{col}"/>'
                + text(gx + 33, y + 17, GUILD_ABBR.get(key, key[:2]), size=12, fill=MUTED if not cnt else INK)
                + text(gx + 33, y + 35, cnt, size=16, weight="700", fill=MUTED if not cnt else INK))
        ctx.anchor(("goodsrow", i, key), gx + gw / 2, y + 20)
        aid = ctx.legal_at("sell", key) if own else None
        if aid:
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
    """One player's board; the viewer's own board adds hand, stack values, deck make-up and tasks.
    Returns (markup, bottom y)."""
    own = ctx.seat == i
    cur = ctx.view.get("current_player") == i
    ctx.anchor(("seat", i), x0 + L.PB_MARK[0], y0 + L.PB_MARK[1])
    y = y0 + L.PB_LINE2          # line 2: goods, deck, hand, stacks, tasks
    out = [_header(ctx, i, ps, x0, y0, w, own, cur),
           text(x0 + 22, y + 25, "Goods", size=13, anchor="start", fill=MUTED, weight="700")]
    g, gx = _goods_row(ctx, i, ps, x0 + L.PB_GOODS_X, y, own)
    out.append(g)
    dx = gx + 20
    out.append(_deck(ctx, i, ps, dx, y, own))
    if not own:
        body, h = _public_rest(ctx, i, ps, x0, y0, w, dx + 130, y)
        out.append(body)
        return f'<g class="pboard" data-seat="{i}">{_frame(ctx, i, x0, y0, w, h, cur)}{"".join(out)}</g>', y0 + h
    secret, ty = _own_rest(ctx, i, ps, x0, w, dx + 130, y, cur)
    h = ty - y0 + 8
    return (f'<g class="pboard own" data-seat="{i}">{_frame(ctx, i, x0, y0, w, h, cur, own=True)}{"".join(out)}'
            f'<g class="secret">{secret}</g></g>'), y0 + h


def _frame(ctx, i, x0, y0, w, h, cur, own=False):
    """Outline (thick for the current player; the viewer's own board on whiter paper) + seat colour strip."""
    line = 2 if own else 1.5
    return (rect(x0, y0, w, h, "#fffef6" if own else PAPER, INK if cur else LINE, 3.5 if cur else line, 10)
            + f'<rect x="{x0}" y="{y0}" width="10" height="{h}" rx="4" fill="{ctx.colour(i)}"/>')


def _header(ctx, i, ps, x0, y0, w, own, cur):
    """Seat token, name, the public counts, and the "to play" badge."""
    out = [seat_mark(ctx, i, x0 + L.PB_MARK[0], y0 + L.PB_MARK[1], 12)]
    label = _trunc(ps.get("name") or ctx.name(i), 18) + (" (you)" if own else "")
    out.append(text(x0 + L.PB_NAME[0], y0 + L.PB_NAME[1], label, size=17, anchor="start", weight="700"))
    stats = [(f"{ps.get('prestige', 0)} prestige", "prestige track (council points)"),
             (f"{ps.get('coins', 0)} coins", "coins"),
             (f"{ps.get('privileges', 0)} privileges", "privilege tiles (1 VP each at the end; skip a bid)"),
             (f"{ps.get('family_supply', 0)} family left", "family members not on the board"),
             (f"shops {ps.get('shops', 0)}", "shops in the city"),
             (f"council {ps.get('council_seats', 0)}", "council seats held")]
    sx = x0 + L.PB_STATS_X
    for s, d in stats:
        out.append(tip(f"{ctx.name(i)}: {s} ({d})", text(sx, y0 + L.PB_NAME[1], s, size=15, anchor="start",
                                                         weight="700" if s.endswith("prestige") else "normal")))
        sx += 22 + 8.2 * len(s)
    if cur and not ctx.view.get("is_over"):
        out.append(f'<rect x="{x0 + w - 100}" y="{y0 + 9}" width="88" height="26" rx="13" fill="#1d1d1d"/>'
                   + text(x0 + w - 56, y0 + 27, "▶ to play", size=14, weight="700", fill="#fff"))
    return "".join(out)


def _deck(ctx, i, ps, dx, y, own):
    """The deck pile (the draw target on the viewer's own board) and the spent count."""
    deck = ps.get("deck_size", 0)
    deck_vis = card_pile(dx, y + 6, deck, 26, 34) + text(dx + 40, y + 20, f"deck {deck}", size=14, anchor="start",
                                                         weight="700")
    deck_vis += text(dx + 40, y + 37, f"{ps.get('spent_cards', 0)} spent", size=12, anchor="start", fill=MUTED)
    ctx.anchor(("deck", i), dx + 13, y + 23)
    draw = ctx.legal_at("draw", None) if own else None
    if draw:
        return ctx.target(draw, hl_rect(dx - 6, y - 6, 112, 52) + deck_vis, hit_rect(dx + 50, y + 20, 112, HIT))
    return tip(f"{ctx.name(i)}: {deck} cards in the deck, {ps.get('spent_cards', 0)} out of the game", deck_vis)


def _public_rest(ctx, i, ps, x0, y0, w, hx, y):
    """Another seat's board: hand and stack counts, task count (task texts once the game is over).
    Returns (markup, board height)."""
    v = ctx.view
    out = []
    stacks = ps.get("stacks") or []
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
            out.append(_task_line(x0 + L.PB_CONTENT_X, ty + k * 22, t, w - 146, v.get("is_over")))
        h = 98 + 22 * len(ps["tasks"]) + 8
    return "".join(out), h


def _own_rest(ctx, i, ps, x0, w, hx, y, cur):
    """The viewer's own board: secrets of this seat only (from the view's own-seat keys): deck
    make-up, hand, stack values with the bid / put / rest targets, task cards with drop targets.
    Returns (markup, bottom y)."""
    v = ctx.view
    stacks = ps.get("stacks") or []
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
            secret.append(card(x0 + L.PB_CONTENT_X + k * 34, ty + 4, cv, 30, 42))
        if not hand:
            secret.append(text(x0 + L.PB_CONTENT_X, ty + 26, "no card drawn yet", size=14, anchor="start", fill=MUTED))
        ty += 56
    # stacks: values and totals; bid / put / rest targets
    puts = {where: opts for (kind, where), opts in ctx.at.items() if kind == "put"}   # stack -> [(value, id)]
    stacking = bool(puts)
    if stacks or stacking:
        secret.append(text(x0 + 22, ty + 36, "Your stacks", size=13, anchor="start", fill=MUTED, weight="700"))
        if stacking:
            secret.append(text(x0 + L.CHIP_X, ty + 12, "tap a card value to put it on that stack; "
                               "“all here” puts every drawn card there", size=13, anchor="start", fill=MUTED))
            ty += 16
    rows = [(str(k + 1), st) for k, st in enumerate(stacks)] + ([("new", None)] if stacking else [])
    for k, st in rows:
        sy = ty + 4
        vis = []
        if st is None:
            vis.append(text(x0 + L.PB_CONTENT_X, sy + 32, "new stack", size=15, anchor="start", weight="700"))
            desc = "a new stack"
        else:
            vals = st.get("values")
            vis.append(text(x0 + L.PB_CONTENT_X, sy + 32, f"Stack {k}", size=15, anchor="start", weight="700"))
            if vals is not None:
                for j, cv in enumerate(vals[:12]):
                    vis.append(card(x0 + 200 + j * 28, sy + 10, cv, 26, 36))
                vis.append(text(x0 + 204 + min(len(vals), 12) * 28, sy + 34, f"= {st.get('total', sum(vals))}",
                                size=18, anchor="start", weight="700"))
                desc = f"your stack {k}: {'+'.join(str(x) for x in vals)} = {st.get('total', sum(vals))}"
            else:
                vis.append(card_pile(x0 + 200, sy + 12, st.get("cards", 0)))
                desc = f"your stack {k}: {st.get('cards', 0)} cards"
        ctx.anchor(("stack", i, k), x0 + 160, sy + 27)
        aid = ctx.legal_at("bid", k)
        body = "".join(vis)
        if aid:
            row_w = L.STACK_ROW_W
            secret.append(ctx.target(aid, hl_rect(x0 + 116, sy, row_w - 116, 54) + body
                                     + text(x0 + row_w - 10, sy + 33, "reveal", size=14, anchor="end",
                                            weight="700"),
                                     hit_rect(x0 + 116 + (row_w - 116) / 2, sy + 27, row_w - 116, 56)))
        else:
            secret.append(tip(desc, body))
        # stacking chips for this stack
        for j, (val, paid) in enumerate(sorted(puts.get(k, []), key=lambda t: (t[0] is None, -(t[0] or 0)))):
            cx = x0 + L.CHIP_X + j * 58
            if val is None:
                chip = (hl_rect(cx, sy + 1, 96, 52) + text(cx + 48, sy + 33, "all here", size=15, weight="700"))
                secret.append(ctx.target(paid, chip, hit_rect(cx + 48, sy + 27, 96, 54)))
            else:
                chip = hl_rect(cx, sy + 1, 54, 52) + card(cx + 12, sy + 7, val, 30, 40, "sx-choice")
                secret.append(ctx.target(paid, chip, hit_rect(cx + 27, sy + 27, 56, 56)))
        ty += 58
    if not stacks and not stacking:
        secret.append(text(x0 + 22, ty + 22, "Your stacks", size=13, anchor="start", fill=MUTED, weight="700"))
        secret.append(text(x0 + L.PB_CONTENT_X, ty + 22, "none", size=14, anchor="start", fill=MUTED))
        ty += 34
    # tasks: kept (own) or dealt (while choosing, with drop targets)
    dealt = ps.get("dealt")
    tasks = ps.get("tasks") or []
    if dealt:
        secret.append(text(x0 + 22, ty + 22, "Your dealt task cards (remove the ones you do not want)", size=13,
                           anchor="start", fill=MUTED, weight="700"))
        ty += 32
        for t in dealt:
            ctx.anchor(("task", i, str(t.get("id"))), x0 + 140, ty + 24)
            aid = ctx.legal_at("drop", str(t.get("id")))
            line = (rect(x0 + 104, ty, 680, 48, "#fff", LINE, 1, 6)
                    + text(x0 + 116, ty + 30, t.get("text", t.get("id")), size=15, anchor="start"))
            if aid:
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
            secret.append(_task_line(x0 + L.PB_CONTENT_X, ty, t, w - 146, v.get("is_over")))
            ty += 22
        ty += 6
    else:
        secret.append(text(x0 + w - 12, y + 20, f"{ps.get('task_count', 0)} task card(s)", size=14, anchor="end"))
    return "".join(secret), ty


def _task_line(x, y, t, w, over=False):
    if over:
        mark = {True: f"✓ +{t.get('points', '')} VP", False: "✗ failed: −3 VP"}.get(t.get("fulfilled_now"), "")
    else:
        mark = {True: "✓ done now", False: "✗ not yet"}.get(t.get("fulfilled_now"), "")
    return tip(t.get("text", t.get("id", "")),
               text(x, y + 16, _trunc(t.get("text", t.get("id", "")), 90), size=14, anchor="start")
               + (text(x + w, y + 16, mark, size=13, anchor="end",
                       fill="#1f6f3a" if t.get("fulfilled_now") else MUTED, weight="700") if mark else ""))



"""Strasbourg's player boards, each a region SIDE_W wide: the viewer's own board (hand, stack values,
deck make-up and task cards, from the view's own-seat keys only, with the draw / stack / bid /
return / sell / drop targets) and every other seat's public board (counts only).
While the game runs another seat's coins, goods and privileges stand behind its screen
(``screened``); the end screen shows them. Each returns (markup, height)."""

from web.i18n import t, tn, tr
from web.kit.svgkit import SELECTED, esc, seat_mark, text

from . import layout as L
from .glyphs import (
    INK,
    LINE,
    MUTED,
    WIDE,
    card,
    card_pile,
    fit,
    hit_rect,
    hl_outline,
    info,
    line_in,
    lines,
    rect,
    text_w,
    tint as _tint,
    wrap,
)
from .sale import KEY as SALE_KEY, Sale, picked_text
from .words import GUILD_ABBR, STAT_INFO

W = L.SIDE_W
IN = W - 2 * L.M


def _label(y, s):
    return text(L.M, y, s, size=14, anchor="start", fill=MUTED, weight="700")


def screened(ctx, i):
    """Is seat ``i``'s screen up on this view? Coins, goods and privileges stand behind each
    player's screen (SEED § 起始設置 6) until the game ends; only their owner sees them. Decided
    from the viewer and the phase, not from the keys present, so a view that carried another
    seat's amounts would still draw its screen."""
    return i != ctx.view.get("seat") and not ctx.view.get("is_over")


def _header(ctx, i, ps, own, cur):
    """Seat token, name, the "to play" badge and the public counts (2 lines of 3). Returns (markup, y)."""
    out = [seat_mark(ctx, i, L.M + 12, 22, 12)]
    badge = cur and not ctx.view.get("is_over")
    name = ps.get("name") or ctx.name(i)
    name = t("str.ui.you", who=name) if own else name
    out.append(
        info(
            t("str.ui.seat_info", who=name, n=i + 1),
            text(
                L.M + 32, 28, fit(name, IN - 32 - (96 if badge else 0), 17, True), size=17, anchor="start", weight="700"
            ),
        )
    )
    if badge:
        out.append(
            f'<rect x="{W - L.M - 88}" y="10" width="88" height="26" rx="13" fill="#1d1d1d"/>'
            + text(W - L.M - 44, 28, "▶ " + t("str.ui.to_play"), size=14, weight="700", fill="#fff")
        )
    if screened(ctx, i):
        stats = [
            ("prestige", t("str.ui.st_prestige", n=ps.get("prestige", 0))),
            ("family", t("str.ui.st_family", n=ps.get("family_supply", 0))),
            ("shops", t("str.ui.st_shops", n=ps.get("shops", 0))),
            ("council", t("str.ui.st_council", n=ps.get("council_seats", 0))),
            ("deck", t("str.ui.st_deck", n=ps.get("deck_size", 0))),
        ]
    else:
        stats = [
            ("prestige", t("str.ui.st_prestige", n=ps.get("prestige", 0))),
            ("coins", t("str.ui.st_coins", n=ps.get("coins", 0))),
            ("privileges", t("str.ui.st_privileges", n=ps.get("privileges", 0))),
            ("family", t("str.ui.st_family", n=ps.get("family_supply", 0))),
            ("shops", t("str.ui.st_shops", n=ps.get("shops", 0))),
            ("council", t("str.ui.st_council", n=ps.get("council_seats", 0))),
        ]
    cw = IN / 3
    for k, (key, s) in enumerate(stats):
        x, y = L.M + (k % 3) * cw, 56 + (k // 3) * 22
        out.append(
            info(
                f"{ctx.name(i)}: {s}. {STAT_INFO[key]}",
                text(x, y, fit(s, cw - 6, 15, k == 0), size=15, anchor="start", weight="700" if k == 0 else "normal"),
            )
        )
    return "".join(out), 84


def _screen(ctx, i, y):
    """Another seat's screen while the game runs: its coins, goods and privileges are behind it.
    Same height as the goods row it stands for. Returns (markup, bottom y)."""
    h = 64
    body = (
        rect(L.M, y + 4, IN, h, "#5a4a3a", INK, 1.2, 6)
        + "".join(
            f'<rect x="{L.M + 8 + k * (IN - 16) / 4:.1f}" y="{y + 10}" width="{(IN - 16) / 4 - 6:.1f}" '
            f'height="{h - 12}" rx="3" fill="#6e5b48"/>'
            for k in range(4)
        )
        + text(L.M + IN / 2, y + 31, t("str.ui.screen"), size=16, weight="700", fill="#fff")
        + text(L.M + IN / 2, y + 53, t("str.ui.screen_hidden"), size=14, fill="#fff")
    )
    return info(t("str.ui.screen_info", who=ctx.name(i)), f'<g class="screen">{body}</g>'), y + h + 8


def _goods_row(ctx, i, ps, y, own):
    """The 5 goods counters; at the viewer's own sale each is a toggle of the sale picker (sale.py).
    Returns (markup, bottom y)."""
    out = [_label(y + 14, t("str.ui.goods"))]
    y += 22
    goods = ps.get("goods") or {}
    keys = [g.get("key") for g in ctx.view.get("guilds") or []] or list(goods)
    gw, gap = L.GOODS_W, L.GOODS_GAP
    sale = Sale(ctx.legal, goods) if own and ctx.view.get("current_player") == i else None
    key = _sale_key(ctx, sale)
    picked = sale.picked(key) if sale else {}
    for k, key_g in enumerate(keys):
        gx = L.M + k * (gw + gap)
        col = ctx.gcolour(key_g)
        cnt = goods.get(key_g, 0)
        for_sale = bool(sale) and sale.most(key_g) > 0
        n = picked.get(key_g, 0)
        val = (ctx.guilds.get(key_g) or {}).get("goods_value", "")
        abbr = GUILD_ABBR.get(key_g, key_g[:2])
        top = t("str.ui.sell_n", value=val) if for_sale else abbr
        bottom = f"✓ {n}/{cnt}" if n else f"{abbr} {cnt}" if for_sale else cnt
        body = (
            rect(gx, y, gw, 46, _tint(col, 0.55) if cnt else "#f7f5f0", INK if cnt else LINE, 1.2, 5)
            + f'<rect x="{gx}" y="{y}" width="8" height="46" rx="3" fill="{col}"/>'
            + text(
                gx + 38, y + 19, top, size=13, weight="700" if for_sale else "normal", fill=MUTED if not cnt else INK
            )
            + text(gx + 38, y + 39, bottom, size=16, weight="700", fill=MUTED if not cnt else INK)
        )
        if n:  # picked: a thick frame besides the tick and count (never colour alone)
            body += rect(gx - 1, y - 1, gw + 2, 48, "none", SELECTED, 3, 6)
        ctx.anchor(("goodsrow", i, key_g), gx + gw / 2, y + 23)
        desc = t("str.ui.goods_info", who=ctx.name(i), n=cnt, guild=ctx.gname(key_g), value=val)
        nxt = sale.tap(key, key_g) if for_sale else None
        if nxt is not None:
            if sale.picked(nxt).get(key_g, 0) > n:
                label = t("str.ui.sale_more", guild=ctx.gname(key_g), n=n, held=cnt)
            else:  # at the most the options allow: the tap takes them back
                label = t("str.ui.sale_back", guild=ctx.gname(key_g), n=n, held=cnt)
            target = ctx.ui_target(
                "ui:pick:" + nxt,
                hl_outline(gx - 3, y - 3, gw + 6, 52),
                hit_rect(gx + gw / 2, y + 23, gw, 48),
                label,
                info_text=desc,
                stands_for=sale.stands_for(key_g),
            )
            body += f'<g data-sale="{esc(key_g)}">{target}</g>'
        out.append(info(desc, body))
    y += 50
    if sale:  # every sale option is reached through the picker (Sell in the pick's panel)
        ctx.drawn.update(sale.ids)
        if picked:
            words = tr(picked_text(picked, ctx.gname, lambda g: (ctx.guilds.get(g) or {}).get("goods_value", 0)))
        else:
            words = t("str.ui.sale_hint")
        rows = wrap(words, IN, 14, bool(picked))
        out.append(lines(L.M, y + 14, rows, 14, lh=18, anchor="start", weight="700" if picked else "normal"))
        y += 18 * len(rows) + 4
    return "".join(out), y


def _sale_key(ctx, sale):
    """The sale pick on show (``selected`` is ``ui:pick:sale:...`` while one is picked), if the
    options allow it; else ``sale:`` (nothing picked)."""
    sel = str(ctx.selected or "")
    key = sel[len("ui:pick:") :] if sel.startswith("ui:pick:" + SALE_KEY) else SALE_KEY
    return key if sale and key in sale.allowed else SALE_KEY


def _deck(ctx, i, ps, y, own):
    """The deck pile (the draw target on the viewer's own board), spent cards and, for the owner,
    the deck's make-up. Returns (markup, bottom y)."""
    deck, spent = ps.get("deck_size", 0), ps.get("spent_cards", 0)
    x = L.M + 4
    vis = (
        card_pile(x + 6, y + 8, deck, 26, 34)
        + text(x + 46, y + 24, t("str.ui.deck_n", n=deck), size=15, anchor="start", weight="700")
        + text(x + 46, y + 42, t("str.ui.spent_n", n=spent), size=13, anchor="start", fill=MUTED)
    )
    ctx.anchor(("deck", i), x + 19, y + 25)
    desc = t("str.ui.deck_info", who=ctx.name(i), deck=deck, spent=spent)
    draw = ctx.legal_at("draw", None) if own else None
    if draw:
        vis += ctx.target(draw, hl_outline(x - 4, y, 130, 50, 8), hit_rect(x + 61, y + 25, 130, 50))
    out = [info(desc, vis)]
    counts = ps.get("deck_counts") if own else None
    bottom = y + 56
    if counts:
        mk = "  ".join(f"{k}×{c}" for k, c in sorted(counts.items(), key=lambda kv: int(kv[0])))
        # the make-up's column starts after the deck's own words ("Nachziehstapel 22" is wider
        # than "Deck 22"), and goes under them when the row has no room left (issue 51: the two
        # ran into each other in German)
        hx = max(
            x + 140,
            x
            + 46
            + WIDE * max(text_w(t("str.ui.deck_n", n=deck), 15, True), text_w(t("str.ui.spent_n", n=spent), 13))
            + 12,
        )
        hy = y
        # (and where its words would be squeezed by more than a fifth: "Dein Nachziehstapel enthält")
        if W - L.M - hx < max(120, text_w(t("str.ui.deck_holds"), 13, True) * WIDE * 0.8):
            hx, hy, bottom = x + 4, y + 54, y + 56 + 46
        room = W - L.M - hx
        out.append(
            info(
                t("str.ui.deck_holds_info", values=mk),
                line_in(hx, hy + 22, t("str.ui.deck_holds"), room, fill=MUTED, weight="700")
                + text(hx, hy + 42, fit(mk, room, 14), size=14, anchor="start"),
            )
        )
    return "".join(out), bottom


def draw_own(ctx, i, ps):
    """The viewer's own board. Returns (markup, height)."""
    v = ctx.view
    cur = v.get("current_player") == i
    ctx.anchor(("seat", i), L.M + 12, 22)
    head, y = _header(ctx, i, ps, True, cur)
    goods, y = _goods_row(ctx, i, ps, y, True)
    deck, y = _deck(ctx, i, ps, y + 6, True)
    secret = []
    hand = ps.get("hand")
    if hand is not None and (hand or v.get("decision") in ("draw", "stack") and cur):
        secret.append(_label(y + 16, t("str.ui.your_hand", n=len(hand))))
        y += 24
        per = IN // 34
        for k, cv in enumerate(hand):
            secret.append(card(L.M + (k % per) * 34, y + (k // per) * 46, cv, 30, 42))
        if not hand:
            secret.append(text(L.M, y + 20, t("str.ui.no_card_drawn"), size=14, anchor="start", fill=MUTED))
        y += 46 * max(1, (len(hand) + per - 1) // per) + 4
    s, y = _stacks(ctx, i, ps, y)
    secret.append(s)
    s, y = _returns(ctx, y)
    secret.append(s)
    s, y = _tasks(ctx, i, ps, y, True)
    secret.append(s)
    h = y + 8
    frame = rect(1, 1, W - 2, h - 2, "#fffef6", INK if cur else LINE, 3 if cur else 2, 10)
    strip = f'<rect x="1" y="1" width="8" height="{h - 2}" rx="4" fill="{ctx.colour(i)}"/>'
    return (
        f'<g class="pboard own" data-seat="{i}">{frame}{strip}{head}{goods}{deck}'
        f'<g class="secret">{"".join(secret)}</g></g>'
    ), h


def _stacks(ctx, i, ps, y):
    """Stack rows (values, total; the bid target) with the put / rest chips under each."""
    stacks = ps.get("stacks") or []
    puts = {where: opts for (kind, where), opts in ctx.at.items() if kind == "put"}  # stack -> [(value, id)]
    out = []
    if not stacks and not puts:
        out.append(_label(y + 16, t("str.ui.your_stacks_none")))
        return "".join(out), y + 26
    out.append(_label(y + 16, t("str.ui.your_stacks")))
    y += 24
    if puts:
        hint = wrap(t("str.ui.put_hint"), IN, 13)
        out.append(lines(L.M, y + 12, hint, 13, lh=17, anchor="start", fill=MUTED))
        y += 17 * len(hint) + 4
    rows = [(str(k + 1), st) for k, st in enumerate(stacks)] + ([("new", None)] if puts else [])
    for k, st in rows:
        vis = [rect(L.M, y, IN, 48, "#fff", LINE, 1, 6)]
        if st is None:
            vis.append(text(L.M + 10, y + 30, t("str.ui.new_stack"), size=15, anchor="start", weight="700"))
            desc = t("str.ui.new_stack_info")
        else:
            vals = st.get("values")
            vis.append(text(L.M + 10, y + 30, t("str.ui.stack_n", n=k), size=15, anchor="start", weight="700"))
            if vals is not None:
                n = min(len(vals), 9)
                for j, cv in enumerate(vals[:n]):
                    vis.append(card(L.M + 80 + j * 26, y + 7, cv, 24, 34))
                tot = f"= {st.get('total', sum(vals))}" + (f" ({len(vals)})" if len(vals) > n else "")
                vis.append(text(W - L.M - 8, y + 31, tot, size=17, anchor="end", weight="700"))
                desc = t(
                    "str.ui.your_stack_values",
                    n=k,
                    cards="+".join(str(x) for x in vals),
                    total=st.get("total", sum(vals)),
                )
            else:
                vis.append(card_pile(L.M + 84, y + 10, st.get("cards", 0), 22, 30))
                desc = t("str.ui.your_stack_cards", n=k, cards=tn("str.n.card", "str.n.cards", st.get("cards", 0)))
        ctx.anchor(("stack", i, k), L.M + 40, y + 24)
        aid = ctx.legal_at("bid", k)
        body = "".join(vis)
        if aid:
            body += ctx.target(aid, hl_outline(L.M - 2, y - 2, IN + 4, 52), hit_rect(W / 2, y + 24, IN, 50))
            desc += ": " + t("str.ui.tap_to_bid")
        out.append(info(desc, body))
        y += 54
        chips = sorted(puts.get(k, []), key=lambda t: (t[0] is None, -(t[0] or 0)))
        if chips:
            x = L.M
            for val, paid in chips:
                if val is None:
                    cw = max(56, W - L.M - x) if x + 56 <= W - L.M else 56
                    chip = rect(x, y, cw, 48, "#fff", LINE, 1, 6) + text(
                        x + cw / 2, y + 30, t("str.ui.all"), size=15, weight="700"
                    )
                    out.append(ctx.target(paid, chip + hl_outline(x, y, cw, 48), hit_rect(x + cw / 2, y + 24, cw, 48)))
                    x += cw + L.CHIP_GAP
                else:
                    chip = card(x + 9, y + 4, val, 30, 40, "sx-choice") + hl_outline(x, y, L.CHIP_W, 48)
                    out.append(ctx.target(paid, chip, hit_rect(x + L.CHIP_W / 2, y + 24, L.CHIP_W, 48)))
                    x += L.CHIP_W + L.CHIP_GAP
            y += 56
    return "".join(out), y


def _returns(ctx, y):
    """After losing an auction: which card of the revealed stack goes under the deck."""
    ret = ctx.options_at("return", None)  # [(card value, id)]
    if not ret:
        return "", y
    out = []
    rows = wrap(t("str.ui.return_head"), IN, 14, True)
    out.append(lines(L.M, y + 16, rows, 14, lh=18, anchor="start", weight="700"))
    y += 18 * len(rows) + 6
    for k, (val, aid) in enumerate(sorted(ret, key=lambda t: -t[0])):
        x = L.M + k * 56
        vis = card(x + 6, y + 4, val, 40, 52, "sx-choice") + hl_outline(x, y, 52, 60)
        out.append(ctx.target(aid, vis, hit_rect(x + 26, y + 30, 52, 60)))
    return "".join(out), y + 68


def _task_status(task, over):
    done = task.get("fulfilled_now")
    if done is None:
        return ""
    if over:
        return "✓ " + t("str.ui.task_done", n=task.get("points", "")) if done else "✗ " + t("str.ui.task_failed")
    return "✓ " + t("str.ui.task_done_now") if done else "✗ " + t("str.ui.task_not_yet")


def _tasks(ctx, i, ps, y, own):
    """Task cards: dealt (with remove targets), kept (own), or revealed at the end."""
    v = ctx.view
    over = v.get("is_over")
    dealt = ps.get("dealt") if own else None
    # another seat's task texts only once the game is over (the engine then shows them to all)
    tasks = (ps.get("tasks") or []) if own or over else []
    out = []
    if dealt:
        rows = wrap(t("str.ui.dealt_head"), IN, 14, True)
        out.append(lines(L.M, y + 16, rows, 14, lh=18, anchor="start", fill=MUTED, weight="700"))
        y += 18 * len(rows) + 6
        for task in dealt:
            tid, txt = str(task.get("id")), tr(task.get("text", task.get("id")), ctx.names)
            tl = wrap(txt, IN - 96, 14)
            h = max(48, 18 * len(tl) + 14)
            ctx.anchor(("task", i, tid), L.M + 40, y + 24)
            aid = ctx.legal_at("drop", tid)
            body = rect(L.M, y, IN, h, "#fff", LINE, 1, 6) + lines(L.M + 10, y + 21, tl, 14, lh=18, anchor="start")
            if aid:
                body += text(
                    W - L.M - 10, y + 21, t("str.ui.remove") + " ✕", size=14, anchor="end", weight="700"
                ) + ctx.target(aid, hl_outline(L.M - 2, y - 2, IN + 4, h + 4), hit_rect(W / 2, y + h / 2, IN, h))
            out.append(info(t("str.ui.task_card", text=txt), body))
            y += h + 6
        return "".join(out), y
    if not tasks:
        n = ps.get("task_count", 0)
        out.append(
            info(
                t("str.ui.keeps_tasks_info", who=ctx.name(i), cards=tn("str.n.task_card", "str.n.task_cards", n)),
                _label(y + 16, t("str.ui.tasks_secret_n", n=n)),
            )
        )
        return "".join(out), y + 26
    out.append(_label(y + 16, t("str.ui.task_cards_secret") if own and not over else t("str.ui.task_cards")))
    y += 24
    for task in tasks:
        txt = tr(task.get("text", task.get("id", "")), ctx.names)
        tl = wrap(txt, IN, 14)
        mark = _task_status(task, over)
        body = lines(L.M, y + 14, tl, 14, lh=18, anchor="start")
        y2 = y + 18 * len(tl)
        if mark:
            body += text(
                L.M + 12,
                y2 + 12,
                mark,
                size=13,
                anchor="start",
                weight="700",
                fill="#1f6f3a" if task.get("fulfilled_now") else MUTED,
            )
        out.append(info(t("str.ui.task_card", text=txt) + (f": {mark}" if mark else ""), body))
        y = y2 + (20 if mark else 2) + 6
    return "".join(out), y


def draw_other(ctx, i, ps):
    """Another seat's public board. Returns (markup, height)."""
    v = ctx.view
    cur = v.get("current_player") == i
    ctx.anchor(("seat", i), L.M + 12, 22)
    head, y = _header(ctx, i, ps, False, cur)
    goods, y = _screen(ctx, i, y) if screened(ctx, i) else _goods_row(ctx, i, ps, y, False)
    deck, y = _deck(ctx, i, ps, y + 6, False)
    out = [head, goods, deck]
    stacks = ps.get("stacks") or []
    hs = ps.get("hand_size", 0)
    x = L.M + 150
    sd = "/".join(str(st.get("cards", 0)) for st in stacks)
    out.append(
        info(
            t(
                "str.ui.other_cards_info",
                who=ctx.name(i),
                hand=tn("str.n.card", "str.n.cards", hs),
                stacks=tn("str.n.stack", "str.n.stacks", len(stacks)),
                sizes=sd or "0",
            ),
            text(x, y - 34, t("str.ui.hand_hidden", n=hs), size=14, anchor="start")
            + text(
                x,
                y - 14,
                t("str.ui.stacks_sizes", n=len(stacks), sizes=sd) if stacks else t("str.ui.stacks_n", n=0),
                size=14,
                anchor="start",
            ),
        )
    )
    tasks, y = _tasks(ctx, i, ps, y, False)
    out.append(tasks)
    h = y + 8
    frame = rect(1, 1, W - 2, h - 2, "#fffdf8", INK if cur else LINE, 3 if cur else 1.5, 10)
    strip = f'<rect x="1" y="1" width="8" height="{h - 2}" rx="4" fill="{ctx.colour(i)}"/>'
    return f'<g class="pboard" data-seat="{i}">{frame}{strip}{"".join(out)}</g>', h

"""Strasbourg's boards beside and below the city: round boards, council, prestige track, and the
auction table (or, between auctions, the plotting summary; at the end, the final scoring).
Each returns (markup, bottom y)."""
from web.svgkit import num as _n, seat_mark, text, title, trunc as _trunc

from . import layout as L
from .glyphs import INK, LINE, MUTED, SEAT_CHIP, card, edifice_glyph, hit_rect, hl_rect, panel, rect, tint as _tint, tip
from .words import CATEGORY_WORD, GUILD_ABBR, KIND_MARK, ROLE_WORD, ordinal as _ord


def draw_rounds(ctx, x0, y0, w):
    v = ctx.view
    rm = v.get("round_marker") or {}
    cur_round, cur_step, active = rm.get("round", 1), rm.get("step", "A"), rm.get("active")
    over = v.get("is_over")
    boards = v.get("rounds") or []
    rowh, sw = L.ROUND_ROW_H, L.STEP_W
    h = 40 + len(boards) * rowh + 6
    ctx.anchor(("region", "rounds"), x0 + 60, y0 + 16)
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


def draw_council(ctx, x0, y0, w):
    v = ctx.view
    seats = v.get("council") or []
    cw, chh = (w - 24) / 2, L.COUNCIL_ROW_H
    h = 40 + ((len(seats) + 1) // 2) * chh + 6
    ctx.anchor(("region", "council"), x0 + 60, y0 + 16)
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


def draw_prestige(ctx, x0, y0, w):
    v = ctx.view
    scores = v.get("scores") or []
    over = v.get("is_over")
    rowh = L.PRESTIGE_ROW_H
    h = 40 + len(scores) * rowh + 6
    ctx.anchor(("region", "prestige"), x0 + 60, y0 + 16)
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
    ret_ids = ctx.options_at("return", None)      # [(card value, id)]
    rowh, left_w = L.AUCTION_ROW_H, L.AUCTION_LEFT_W
    rows = _order(a.get("start_player", 0), n)
    h_table = 68 + len(rows) * rowh
    h_left = 40 + 24 * len(a.get("rewards") or []) + 60 + (110 if ret_ids else 0)
    h = max(h_table, h_left) + 14
    ctx.anchor(("region", "auction"), x0 + 60, y0 + 16)
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
        for k, (val, aid) in enumerate(sorted(ret_ids, key=lambda t: -t[0])):
            x = x0 + 20 + k * 60
            vis = hl_rect(x - 4, ry + 24, 52, 64, 6) + card(x + 4, ry + 32, val, 36, 48, "sx-choice")
            out.append(ctx.target(aid, vis, hit_rect(x + 22, ry + 56, 56, 64)))
    # right: the bids in bidding order
    tx = x0 + left_w
    out.append(f'<path d="M{tx - 12} {y0 + 36}v{h - 48}" stroke="{LINE}"/>')
    cols = tuple(tx + dx for dx in L.AUCTION_COLS)
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
    ctx.anchor(("region", "auction"), x0 + 60, y0 + 16)
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
    ctx.anchor(("region", "auction"), x0 + 60, y0 + 16)
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



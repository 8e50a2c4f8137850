"""Strasbourg's side boards, each its own region SIDE_W wide: round boards (with the legend of
their marks), council, prestige track, the auction table (or, between auctions, the plotting
summary; at the end, the final scoring) and the supply. Each returns (markup, height)."""

from engine.strasbourg.lobbying import reward_text
from engine.strasbourg.data import GUILD_NAMES
from engine.strasbourg.view import KIND_TEXT, step_label

from web.i18n import t, tn, tr
from web.kit.svgkit import num as _n, seat_mark, text

from . import layout as L
from .glyphs import (
    INK,
    LINE,
    MUTED,
    SEAT_CHIP,
    card,
    edifice_glyph,
    fit,
    info,
    lines,
    rect,
    text_w,
    tint as _tint,
    wrap,
)
from .words import (
    ABBREVIATIONS,
    CATEGORY_WORD,
    COUNCIL_INFO,
    COUNCIL_RULE,
    GUILD_ABBR,
    KIND_MARK,
    ROLE_WORD,
    STEP_INFO,
    ordinal as _ord,
)

W = L.SIDE_W
IN = W - 2 * L.M  # inner width


def _head(x, y, s, sub=None):
    out = text(x, y, s, size=17, anchor="start", weight="700")
    if sub:
        out += text(W - L.M, y, sub, size=13, anchor="end", fill=MUTED)
    return out


def step_info(ctx, rnd, st):
    kind = st.get("kind", "")
    d = t(
        "str.ui.step_info",
        round=rnd,
        step=st.get("letter", ""),
        what=tr(st.get("label", kind), ctx.names),
        info=STEP_INFO.get(kind, ""),
    )
    if kind in ("nobility", "guild", "trade", "election"):
        d += " " + t("str.ui.rewards", rewards="; ".join(tr(r) for r in reward_text(kind, max(len(ctx.names), 3))))
    return d


def draw_rounds(ctx):
    v = ctx.view
    rm = v.get("round_marker") or {}
    cur_round, cur_step, active = rm.get("round", 1), rm.get("step", "A"), rm.get("active")
    over = v.get("is_over")
    boards = v.get("rounds") or []
    rowh, sw = L.ROUND_ROW_H, L.STEP_W
    ctx.anchor(("region", "rounds"), 60, 20)
    out = [_head(L.M, 26, t("str.ui.round_boards"), t("str.ui.round_boards_sub"))]
    y0 = 40
    for i, rb in enumerate(boards):
        rnd = rb.get("round", i + 1)
        y = y0 + i * rowh
        is_cur = rnd == cur_round and not over
        past_round = over or rnd < cur_round
        if is_cur:
            out.append(rect(L.M - 6, y, IN + 12, rowh - 2, "#fff6cc", INK, 1.5, 6))
        out.append(
            text(
                L.M + 2,
                y + 29,
                t("str.ui.round_short", round=rnd),
                size=15,
                anchor="start",
                weight="700" if is_cur else "normal",
                fill=INK if is_cur else MUTED,
            )
        )
        for j, st in enumerate(rb.get("steps") or []):
            x = L.STEP_X + j * (sw + 2)
            letter, kind, guild = st.get("letter", ""), st.get("kind", ""), st.get("guild")
            here = is_cur and active and letter == cur_step
            done = past_round or (is_cur and active and letter < cur_step)
            fill = (
                _tint(ctx.gcolour(guild), 0.45)
                if guild
                else ("#efe7d6" if kind in ("trade", "election") else "#e4dff0")
            )
            body = (
                rect(x, y + 4, sw, L.STEP_H, fill, INK if here else LINE, 3.5 if here else 1, 4)
                + text(x + sw / 2, y + 20, letter, size=14, weight="700")
                + text(x + sw / 2, y + 37, GUILD_ABBR.get(guild, "") if guild else KIND_MARK.get(kind, ""), size=12)
            )
            op = "done" if done else ""
            out.append(info(step_info(ctx, rnd, st) + (" " + t("str.ui.done") if done else ""), body, cls=op))
            if here:
                out.append(f'<path d="M{_n(x + sw / 2 - 6)} {y}h12l-6 7z" fill="{INK}"/>')
        ex = L.STEP_X + 9 * (sw + 2) + 22
        ev, built = rb.get("edifice", "?"), rb.get("edifice_built")
        out.append(
            info(
                t("str.ui.round_edifice_built", round=rnd, value=ev)
                if built
                else t("str.ui.round_edifice", round=rnd, value=ev),
                edifice_glyph(ex, y + 22, ev, 20),
                cls="done" if built else "",
            )
        )
    y = y0 + len(boards) * rowh + 18
    for mark, what in ABBREVIATIONS:
        what = t(what)
        out.append(info(f"{mark}: {what}", text(L.M, y, mark, size=13, anchor="start", weight="700")))
        if text_w(mark, 13, True) > 54:  # a long mark gets its own line
            y += 17
        rows = wrap(what, IN - 58, 13)
        out.append(lines(L.M + 58, y, rows, 13, anchor="start"))
        y += 17 * len(rows) + 3
    return "".join(out), y


def draw_council(ctx):
    v = ctx.view
    seats = v.get("council") or []
    cw, chh = (IN + 6) / 2, 46
    ctx.anchor(("region", "council"), 60, 20)
    rule = t(COUNCIL_RULE)
    out = [info(rule, _head(L.M, 26, t("str.ui.council"), t("str.ui.council_sub")))]
    for k, s in enumerate(seats):
        x = L.M + (k % 2) * cw
        y = 38 + (k // 2) * chh
        key, owner = s.get("seat"), s.get("owner")
        if s.get("guild"):
            fill = ctx.gcolour(s["guild"])
            chip = rect(x + 4, y + 6, 34, 30, _tint(fill, 0.3), INK, 1.2, 5) + text(
                x + 21, y + 26, GUILD_ABBR.get(s["guild"], ""), size=14, weight="700"
            )
            what = t("str.ui.council_guild", guild=tr(s.get("label", key), ctx.names))
        else:
            fill, letter = SEAT_CHIP.get(key, ("#ddd", "?"))
            chip = rect(x + 4, y + 6, 34, 30, fill, INK, 1.2, 5) + text(x + 21, y + 26, letter, size=15, weight="700")
            what = COUNCIL_INFO.get(key, "")
        label = t("str.ui.merchants") if key == "merchants" else tr(s.get("label", key), ctx.names)
        body = [
            rect(x, y + 2, cw - 6, chh - 4, "#fff", LINE, 1, 6),
            chip,
            text(x + 44, y + 19, label, size=14, anchor="start", weight="700"),
        ]
        if owner is None:
            holder = t("str.ui.empty")
            body.append(text(x + 44, y + 36, holder, size=13, anchor="start", fill=MUTED))
        else:
            body.append(seat_mark(ctx, owner, x + cw - 24, y + chh / 2, 12))
            body.append(text(x + 44, y + 36, fit(ctx.name(owner), cw - 84, 13), size=13, anchor="start"))
            holder = t("str.ui.held_by", who=ctx.name(owner))
        out.append(
            info(
                t(
                    "str.ui.council_seat_info",
                    council=tr(s.get("label", key), ctx.names),
                    holder=holder,
                    what=what,
                    rule=rule,
                ),
                "".join(body),
            )
        )
    return "".join(out), 38 + ((len(seats) + 1) // 2) * chh + 8


def draw_prestige(ctx):
    v = ctx.view
    scores = v.get("scores") or []
    over = v.get("is_over")
    rowh = 30
    ctx.anchor(("region", "prestige"), 60, 20)
    out = [_head(L.M, 26, t("str.ui.final_score") if over else t("str.ui.prestige_track"), t("str.ui.vp"))]
    lo, hi = min([0] + list(scores)), max([10] + list(scores))
    bx, bw = L.M + 170, IN - 230
    for i, s in enumerate(scores):
        y = 38 + i * rowh
        cur = v.get("current_player") == i
        bar = (s - lo) / (hi - lo) * bw if hi > lo else 0
        body = (
            seat_mark(ctx, i, L.M + 11, y + 13, 12)
            + text(
                L.M + 26,
                y + 18,
                fit(ctx.name(i), 140, 14, cur),
                size=14,
                anchor="start",
                weight="700" if cur else "normal",
            )
            + rect(bx, y + 5, bw, 16, "#f0ebe0", LINE, 0.8, 3)
            + (
                f'<rect x="{_n(bx)}" y="{y + 5}" width="{_n(max(bar, 2))}" height="16" rx="3" '
                f'fill="{ctx.colour(i)}" stroke="#1d1d1d" stroke-width=".8"/>'
            )
            + text(W - L.M, y + 18, t("str.ui.n_vp", n=s), size=14, anchor="end", weight="700")
        )
        if over and i in (v.get("winners") or []):
            desc = t("str.ui.prestige_winner", who=ctx.name(i), n=s)
        elif over:
            desc = t("str.ui.prestige_final", who=ctx.name(i), n=s)
        else:
            desc = t("str.ui.prestige_so_far", who=ctx.name(i), n=s)
        out.append(info(desc, body))
    return "".join(out), 38 + len(scores) * rowh + 6


def draw_supply(ctx):
    v = ctx.view
    supply = v.get("supply") or {}
    eds = supply.get("edifices") or []
    out = [_head(L.M, 26, t("str.ui.supply"))]
    items = [
        (t("str.ui.supply_privileges", n=supply.get("privileges", 0)), t("str.ui.supply_privileges_info")),
        (t("str.ui.supply_chapels", n=supply.get("chapels", 0)), t("str.ui.supply_chapels_info")),
        (t("str.ui.supply_edifices", values=", ".join(str(e) for e in eds) or "–"), t("str.ui.supply_edifices_info")),
    ]
    y = 50
    for s, d in items:
        out.append(info(d, text(L.M, y, s, size=14, anchor="start")))
        y += 22
    return "".join(out), y


def _order(start, n):
    return [(start + i) % n for i in range(n)] if n else []


def draw_auction(ctx):
    """The auction of the current step (or its result while the winners act); before the first
    auction of a round the plotting summary, at the end the final scoring."""
    v = ctx.view
    a = v.get("auction")
    resolved = False
    if a is None and v.get("phase", "").startswith("lobbying") and v.get("last_auction"):
        a, resolved = v.get("last_auction"), True
    if v.get("is_over"):
        return draw_final(ctx)
    if a is None:
        return draw_plotting(ctx)
    n = len(ctx.names)
    letter, kind, guild = a.get("letter", ""), a.get("kind", ""), a.get("guild")
    if kind in KIND_TEXT and (guild is None or guild in GUILD_NAMES):  # "Nobility auction", "Smiths guild auction"
        what = tr(step_label(kind, guild), ctx.names)
    elif guild in GUILD_NAMES:
        what = tr(step_label("trade", guild), ctx.names)
    else:  # a step or guild today's data does not know (an older or newer record): shown by its id
        what = str(guild or kind)
    ctx.anchor(("region", "auction"), 60, 20)
    head = wrap(t("str.ui.step_head", step=letter, what=what), IN - 70, 17, True)
    out = [
        _head(L.M, 26, head[0], t("str.ui.result") if resolved else t("str.ui.lap", n=a.get("lap", 1))),
        lines(L.M, 48, head[1:], 17, lh=22, anchor="start", weight="700"),
    ]
    y = 26 + 22 * len(head)
    if guild:
        out.append(rect(L.M, y - 15, 40, 6, ctx.gcolour(guild), "none", 0, 2))
    y += 14
    out.append(text(L.M, y, t("str.ui.rank_gets"), size=14, anchor="start", weight="700", fill=MUTED))
    for r in a.get("rewards") or []:
        rows = wrap(tr(r, ctx.names), IN, 13)
        out.append(lines(L.M, y + 20, rows, 13, lh=17, anchor="start"))
        y += 17 * len(rows) + 3
    y += 30
    out.append(text(L.M, y, t("str.ui.bidding_order"), size=14, anchor="start", weight="700", fill=MUTED))
    out.append(text(W - L.M, y, t("str.ui.rank_arrow"), size=13, anchor="end", fill=MUTED))
    ranking = (a.get("ranking") if resolved else a.get("ranking_so_far")) or []
    bids = {b.get("seat"): b for b in a.get("bids") or []}
    passed, deferred = set(a.get("passed") or []), set(a.get("deferred") or [])
    rank_of = {r.get("seat"): (i, r.get("role")) for i, r in enumerate(ranking)}
    pss = v.get("player_states") or []
    rowh = 56
    y += 8
    for s in _order(a.get("start_player", 0), n):
        ps = pss[s] if s < len(pss) else {}
        cur = v.get("current_player") == s and not resolved
        row = [
            rect(
                L.M - 4, y, IN + 8, rowh - 4, "#fff6cc" if cur else "#fff", INK if cur else LINE, 1.5 if cur else 0.8, 6
            )
        ]
        row.append(seat_mark(ctx, s, L.M + 11, y + 16, 12))
        ri = rank_of.get(s)
        rank_s = ""
        if ri is not None:
            i, role = ri
            gets = (ROLE_WORD[role] if role in ROLE_WORD else role) if role else t("str.ui.nothing")
            rank_s = f"{_ord(i)} → {gets}"
            row.append(text(W - L.M, y + 21, rank_s, size=14, anchor="end", weight="700" if role else "normal"))
        name_w = IN - 30 - (text_w(rank_s, 14, True) + 10 if rank_s else 0)
        row.append(
            text(
                L.M + 26,
                y + 21,
                fit(ctx.name(s), name_w, 14, cur),
                size=14,
                anchor="start",
                weight="700" if cur else "normal",
            )
        )
        b = bids.get(s)
        by = y + 26
        if b is not None:
            cs = b.get("cards") or []
            k = min(len(cs), 11)
            for j, cv in enumerate(cs[:k]):
                row.append(card(L.M + 26 + j * 20, by, cv, 18, 22))
            more = " (" + tn("str.n.card", "str.n.cards", len(cs)) + ")" if len(cs) > k else ""
            row.append(
                text(
                    L.M + 32 + k * 20,
                    by + 17,
                    f"= {b.get('value', sum(cs))}{more}",
                    size=15,
                    anchor="start",
                    weight="700",
                )
            )
            desc = t("str.ui.revealed", who=ctx.name(s), cards="+".join(str(c) for c in cs), total=b.get("value"))
        else:
            who = ctx.name(s)
            if s in passed:
                st, desc = t("str.ui.passed"), t("str.ui.passed_info", who=who)
            elif s in deferred:
                st, desc = t("str.ui.deferred"), t("str.ui.deferred_info", who=who)
            elif cur:
                st, desc = "▶ " + t("str.ui.deciding"), t("str.ui.deciding_info", who=who)
            else:
                st, desc = t("str.ui.waiting"), t("str.ui.waiting_info", who=who)
            row.append(
                text(
                    L.M + 26,
                    by + 17,
                    st,
                    size=14,
                    anchor="start",
                    fill=INK if cur else MUTED,
                    weight="700" if cur else "normal",
                )
            )
        stacks = ps.get("stacks") or []
        left = tn("str.ui.stacks_left", "str.ui.stacks_left_pl", len(stacks))
        if b is None:
            row.append(text(W - L.M, by + 17, left, size=13, anchor="end", fill=MUTED))
        if rank_s:
            desc += "; " + t("str.ui.ranks", rank=rank_s)
        desc += "; " + t(
            "str.ui.left_cards", left=left, sizes="/".join(str(st.get("cards", 0)) for st in stacks) or "0"
        )
        out.append(info(desc, "".join(row)))
        y += rowh
    note = t("str.ui.note_resolved") if resolved else t("str.ui.note_ties")
    note = wrap(note, IN, 13)
    out.append(lines(L.M, y + 14, note, 13, lh=17, anchor="start", fill=MUTED))
    return "".join(out), y + 17 * len(note) + 8


def draw_plotting(ctx):
    """No auction yet: the plotting (or task choice) summary of every seat."""
    v = ctx.view
    n = len(ctx.names)
    phase = v.get("phase", "")
    ctx.anchor(("region", "auction"), 60, 20)
    head = t("str.ui.task_cards") if phase == "tasks" else t("str.ui.round_plotting", round=v.get("round", 1))
    sub = t("str.ui.tasks_sub") if phase == "tasks" else t("str.ui.plotting_sub")
    out = [_head(L.M, 26, head)]
    subl = wrap(sub, IN, 13)
    out.append(lines(L.M, 46, subl, 13, anchor="start", fill=MUTED))
    y = 46 + 17 * len(subl)
    pss = v.get("player_states") or []
    rowh = 48
    for s in _order(v.get("start_player", 0) or 0, n):
        ps = pss[s] if s < len(pss) else {}
        cur = v.get("current_player") == s
        row = [
            rect(
                L.M - 4, y, IN + 8, rowh - 4, "#fff6cc" if cur else "#fff", INK if cur else LINE, 1.5 if cur else 0.8, 6
            ),
            seat_mark(ctx, s, L.M + 11, y + 15, 12),
            text(
                L.M + 26,
                y + 20,
                fit(ctx.name(s), IN - 30, 14, cur),
                size=14,
                anchor="start",
                weight="700" if cur else "normal",
            ),
        ]
        if phase == "tasks":
            st = (
                t("str.ui.kept_tasks", cards=tn("str.n.task_card", "str.n.task_cards", ps.get("task_count", 0)))
                if ps.get("tasks_chosen")
                else ("▶ " + t("str.ui.choosing_tasks") if cur else t("str.ui.will_choose_tasks"))
            )
        else:
            stacks = ps.get("stacks") or []
            st = t(
                "str.ui.stacks_summary",
                stacks=tn("str.n.stack", "str.n.stacks", len(stacks)),
                sizes="/".join(str(x.get("cards", 0)) for x in stacks) or "0",
            )
            if ps.get("hand_size", 0):
                st += "; " + t("str.ui.drawn_not_stacked", n=ps["hand_size"])
            if cur:
                st = "▶ " + st
        row.append(text(L.M + 26, y + 38, fit(st, IN - 30, 13), size=13, anchor="start"))
        out.append(info(f"{ctx.name(s)}: {st.lstrip('▶ ')}", "".join(row)))
        y += rowh
    return "".join(out), y + 4


def draw_final(ctx):
    """Game over: the final score breakdown, one row per category, one column per seat."""
    v = ctx.view
    bd = v.get("score_breakdown") or []
    scores = v.get("scores") or []
    winners = set(v.get("winners") or [])
    cats = []
    for row in bd:
        for k in row:
            if k not in cats:
                cats.append(k)
    ctx.anchor(("region", "auction"), 60, 20)
    out = [
        _head(L.M, 26, t("str.ui.final_scoring")),
        text(L.M, 46, t("str.ui.final_ties"), size=13, anchor="start", fill=MUTED),
    ]
    n = len(bd)
    lw = 112
    cw = (IN - lw) / max(n, 1)
    y = 60
    for i in range(n):
        cx = L.M + lw + i * cw + cw / 2
        if i in winners:
            out.append(rect(cx - cw / 2 + 2, y, cw - 4, 40 + 24 * (len(cats) + 1), "#fff6cc", INK, 1.5, 6))
        total = scores[i] if i < len(scores) else ""
        desc = (
            t("str.ui.final_winner", who=ctx.name(i), n=total)
            if i in winners
            else t("str.ui.final_seat", who=ctx.name(i), n=total)
        )
        out.append(
            info(
                desc,
                seat_mark(ctx, i, cx, y + 16, 12)
                + (text(cx, y + 38, "★ " + t("str.ui.wins"), size=12, weight="700") if i in winners else ""),
            )
        )
    y += 46
    for k in cats + ["total"]:
        word = t("str.ui.total") if k == "total" else CATEGORY_WORD[k] if k in CATEGORY_WORD else str(k)
        vals = [scores[i] if k == "total" and i < len(scores) else bd[i].get(k, 0) for i in range(n)]
        body = [text(L.M, y + 17, word, size=14, anchor="start", weight="700" if k == "total" else "normal")]
        for i, val in enumerate(vals):
            body.append(
                text(
                    L.M + lw + i * cw + cw / 2,
                    y + 17,
                    val,
                    size=15 if k == "total" else 14,
                    weight="700" if k == "total" else "normal",
                )
            )
        out.append(info(f"{word}: " + ", ".join(f"{ctx.name(i)} {val}" for i, val in enumerate(vals)), "".join(body)))
        y += 24
    return "".join(out), y + 10

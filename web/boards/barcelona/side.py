"""Barcelona's side boards, each drawn as its own region 400 units wide (layout.SIDE_W) at the
origin: citizen tracks, Cerdà track, public services, Sagrada Família supply, Modernisme display,
cobblestone pavement, building stacks (with scores and the bag). Each returns (markup, height).
Text is >= 12 units; what does not fit in words is in each element's data-info (tap: inspector)."""

from engine.barcelona import data as D
from web.i18n import t, tr
from web.kit.svgkit import inert, num as _n, seat_mark, text

from . import layout as L
from .glyphs import CLASS_FILL, DASH53, INK, LINE, MUTED, citizen, hit_rect, hl_rect, icon, panel, reward_icons
from .words import class_word, cond_short, cond_text, fmt_reward

W, P = L.SIDE_W, L.PAD


def wrap(s, chars):
    """Greedy word wrap to lines of at most ``chars`` characters (no word is ever cut). CJK text
    (no spaces between words) counts double and may break between any two characters."""
    s = str(s)
    if any("\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in s):
        out, cur = [], ""
        for ch in s:
            if len(cur) * 2 + 2 > chars and cur:
                out.append(cur)
                cur = ""
            cur += ch
        return out + ([cur] if cur.strip() else [])
    lines, cur = [], ""
    for wd in s.split():
        if cur and len(cur) + 1 + len(wd) > chars:
            lines.append(cur)
            cur = wd
        else:
            cur = (cur + " " + wd).strip()
    if cur:
        lines.append(cur)
    return lines


def draw_tracks(ctx) -> tuple:
    v = ctx.view
    trk = v.get("tracks", {})
    counts, off = trk.get("counts", {}), trk.get("off_board", {})
    values = trk.get("values", list(D.TRACK_VP))
    ends = list(trk.get("section_ends", D.SECTION_ENDS))  # the track length up to each scoring space
    nxt = trk.get("next_value", {})
    n = len(values)
    lx = 40
    cw = (W - lx - P) / n
    tiles = trk.get("cerda_tiles", [])
    ctx.anchor(("region", "tracks"), 60, 12)
    out = []
    ty = 32
    for i, end in enumerate(ends):
        start = ends[i - 1] if i else 0
        sec = end - start
        sx = lx + start * cw
        tile = tiles[i] if i < len(tiles) else None
        if not tile:
            continue
        scored = tile.get("scored")
        vpu = D.CONDITIONS.get(tile["key"], (0, ""))[0]
        lab = cond_short(tile["key"])
        cond = tr(tile.get("text"), ctx.names) if tile.get("text") else cond_text(tile["key"])
        desc = (
            t("bcn.ui.cerda_scoring_done", n=i + 1, cond=cond)
            if scored
            else t("bcn.ui.cerda_scoring", n=i + 1, cond=cond)
        )
        out.append(
            inert(
                desc,
                f'<rect x="{_n(sx + 2)}" y="{ty}" width="{_n(sec * cw - 4)}" height="40" rx="6" '
                f'fill="{"#d8d8d8" if scored else "#dcecf5"}" stroke="#1d1d1d" stroke-width="1.2"'
                f'{DASH53 if scored else ""}/>'
                + text(
                    sx + sec * cw / 2,
                    ty + 16,
                    lab,
                    size=12,
                    weight="700" if len(lab) <= 12 else "normal",
                    fill=MUTED if scored else INK,
                    max_w=sec * cw - 10,
                )
                + text(
                    sx + sec * cw / 2,
                    ty + 32,
                    t("bcn.ui.scored") if scored else t("bcn.ui.vp_each", vp=vpu),
                    size=12,
                    fill=MUTED,
                ),
            )
        )
    y0 = ty + 50
    for j, cls in enumerate(D.CLASSES):
        y = y0 + j * 46
        filled = counts.get(cls, 0)
        cells = [citizen(20, y + 17, cls, 13)]
        for k in range(n):
            x = lx + k * cw
            last = (k + 1) in ends
            cells.append(
                f'<rect x="{_n(x)}" y="{y}" width="{_n(cw - 2)}" height="34" rx="3" '
                f'fill="{CLASS_FILL[cls] if k < filled else "#fff"}" '
                f'stroke="{"#1d1d1d" if last else LINE}" stroke-width="{2 if last else 1}"/>'
            )
            if k >= filled:
                is_next = k == filled
                cells.append(
                    text(
                        x + cw / 2 - 1,
                        y + 22,
                        str(values[k]),
                        size=13 if is_next else 12,
                        weight="700" if is_next else "normal",
                        fill=INK if is_next else MUTED,
                    )
                )
                if is_next:
                    cells.append(
                        f'<rect x="{_n(x - 1)}" y="{y - 1}" width="{_n(cw)}" height="36" rx="4" fill="none" '
                        f'stroke="#D55E00" stroke-width="3"/>'
                    )
        desc = (
            t("bcn.ui.track_desc_off", cls=class_word(cls), n=filled, off=off.get(cls), vp=nxt.get(cls, "?"))
            if off.get(cls)
            else t("bcn.ui.track_desc", cls=class_word(cls), n=filled, vp=nxt.get(cls, "?"))
        )
        out.append(inert(desc, "".join(cells)))
    h = y0 + 3 * 46 + 4
    return panel(0, 0, W, h, t("bcn.ui.tracks")) + "".join(out), h


def draw_cerda_track(ctx) -> tuple:
    pbs = list(ctx.view.get("player_boards", []))
    if ctx.view.get("gaudi"):  # the solo game: Gaudí's Cerdà marker too
        pbs.append(ctx.view["gaudi"]["board"])
    lo, hi = D.CERDA_MIN, D.CERDA_MAX
    n = hi - lo + 1
    cw = (W - 2 * P) / n
    ctx.anchor(("region", "cerda"), 50, 12)
    band_fill = ["#f1f1f1", "#e1eef5", "#c9e2ef", "#a9d0e6", "#86bddb"]
    at = {}
    for i, p in enumerate(pbs):
        at.setdefault(max(lo, min(hi, p.get("cerda", 0))), []).append(i)
    stack = max((len(s) for s in at.values()), default=1)
    y = 54
    ch = 30 + 26 * stack
    out = [text(W - P, 22, t("bcn.ui.cerda_top", vp=D.CERDA_TOP_VP), size=12, anchor="end", fill=MUTED)]
    for k in range(n):
        pos = lo + k
        m = D.cerda_multiplier(pos)
        x = P + k * cw
        out.append(
            inert(
                t("bcn.ui.cerda_pos", pos=pos, m=m),
                f'<rect x="{_n(x)}" y="{y}" width="{_n(cw - 2)}" height="{ch}" fill="{band_fill[m]}" stroke="{LINE}"/>'
                + text(x + cw / 2 - 1, y + 16, str(pos), size=12, fill=MUTED),
            )
        )
        if k == 0 or D.cerda_multiplier(pos - 1) != m:
            out.append(text(x + 2, y - 6, f"×{m}", size=13, anchor="start", weight="700"))
    for pos, seats in at.items():
        x = P + (pos - lo) * cw + cw / 2 - 1
        for j, s in enumerate(seats):
            tip = t("bcn.ui.cerda_of", name=ctx.name(s), pos=pbs[s].get("cerda"), m=pbs[s].get("cerda_multiplier"))
            out.append(inert(tip, seat_mark(ctx, s, x, y + 36 + j * 26, 11.5)))
    h = y + ch + 8
    return panel(0, 0, W, h, t("bcn.ui.cerda_track")) + "".join(out), h


def draw_services(ctx) -> tuple:
    side = ctx.view.get("side", {})
    svcs = list(side.get("services", {}).items())
    ctx.anchor(("region", "services"), 60, 12)
    cols = 2
    cw = (W - 2 * P - 8) / cols
    chh = 112
    out = []
    for i, (key, s) in enumerate(svcs):
        x = P + (i % cols) * (cw + 8)
        y = 32 + (i // cols) * (chh + 8)
        ctx.anchor(("service", key), x + cw / 2, y + chh / 2)
        tiles = s.get("tiles", [])
        name, eff = tr(s.get("name", key), ctx.names), tr(s.get("effect", ""), ctx.names)
        body = [
            f'<rect x="{_n(x)}" y="{y}" width="{_n(cw)}" height="{chh}" rx="8" fill="#eef5ee" stroke="#1d1d1d" '
            f'stroke-width="1.2"/>'
        ]
        for li, ln in enumerate(wrap(name, 22)[:2]):
            body.append(text(x + 8, y + 17 + li * 15, ln, size=12.5, weight="700", anchor="start"))
        if tiles:
            cost, vp = tiles[0]
            body.append(
                icon("coin", cost, x + 20, y + 53, 11)
                + icon("vp", vp, x + 48, y + 53, 12)
                + text(x + 66, y + 58, t("bcn.ui.left", n=len(tiles)), size=12, anchor="start", fill=MUTED)
            )
        else:
            body.append(text(x + 8, y + 58, t("bcn.ui.sold_out"), size=12, anchor="start", fill=MUTED))
        for li, ln in enumerate(wrap(eff, 26)[:3]):
            body.append(text(x + 8, y + 80 + li * 14, ln, size=12, anchor="start", fill=MUTED))
        desc = t(
            "bcn.ui.service_desc",
            name=name,
            cost=tiles[0][0] if tiles else "-",
            vp=tiles[0][1] if tiles else "-",
            cerda=D.SERVICE_CERDA,
            effect=eff,
            n=len(tiles),
        )
        vis = "".join(body)
        aid = ctx.legal_at("service", key)
        if aid:
            vis = hl_rect(x - 2, y - 2, cw + 4, chh + 4) + vis
            out.append(ctx.target(aid, vis, hit_rect(x + cw / 2, y + chh / 2, cw, chh), ctx.legal[aid], info_text=desc))
        else:
            out.append(inert(desc, vis))
    h = 32 + ((len(svcs) + cols - 1) // cols) * (chh + 8) + 2
    return panel(0, 0, W, h, t("bcn.ui.services")) + "".join(out), h


def draw_sagrada_supply(ctx) -> tuple:
    side = ctx.view.get("side", {})
    sup = side.get("sagrada_supply", {})
    ctx.anchor(("region", "sagrada"), 60, 12)
    rows = sorted(sup.items(), key=lambda kv: int(kv[0]))
    reach = {lvl: pos for pos, lvl in D.SAGRADA_SLOTS.items()}
    out = []
    step = (W - 64 - P) / 4
    rh = 52
    for j, (lvl, tiles) in enumerate(rows):
        y = 34 + j * rh
        cy = y + (rh - 6) / 2
        out.append(
            inert(
                t("bcn.ui.sagrada_level", level=lvl, step=reach.get(int(lvl), "?")),
                text(P, cy - 2, t("bcn.ui.level_tag", level=lvl), size=14, anchor="start", weight="700")
                + text(P, cy + 14, t("bcn.ui.step", n=reach.get(int(lvl), "?")), size=12, anchor="start", fill=MUTED),
            )
        )
        opts = ctx.options_at("stile", lvl)  # [(index in the printed tiles, id)]
        for k, items in enumerate(tiles):
            x = 64 + k * step + step / 2
            body = (
                f'<rect x="{_n(x - step / 2 + 3)}" y="{y}" width="{_n(step - 6)}" height="{rh - 6}" rx="6" '
                f'fill="#f4ead8" stroke="#1d1d1d" stroke-width="1"/>' + reward_icons(items, x, cy, 11, 26)
            )
            desc = t("bcn.ui.sagrada_tile", level=lvl, reward=fmt_reward(items))
            # the view lists the tiles left; match a legal tile to this one by its printed rewards
            aid = next((a for i, a in opts if _printed(lvl, i) == [list(x) for x in items]), None)
            if aid:
                opts = [o for o in opts if o[1] != aid]
                out.append(
                    ctx.target(
                        aid,
                        hl_rect(x - step / 2 + 1, y - 2, step - 2, rh - 2, 6) + body,
                        hit_rect(x, cy, step - 4, L.HIT),
                        info_text=desc,
                    )
                )
            else:
                out.append(inert(desc, body))
    h = 34 + max(1, len(rows)) * rh + 4
    return panel(0, 0, W, h, t("bcn.ui.sagrada_tiles")) + "".join(out), h


def _printed(lvl, i):
    try:
        return [list(x) for x in D.SAGRADA_TILES[int(lvl)][int(i)]]
    except (KeyError, IndexError, ValueError):
        return None


def draw_pavement(ctx) -> tuple:
    side = ctx.view.get("side", {})
    rows, cols = side.get("pavement_size", [D.PAVEMENT_ROWS, D.PAVEMENT_COLS])
    cell = min(L.PAVEMENT_CELL, (W - 2 * P) / cols)
    ctx.anchor(("region", "pavement"), 80, 12)
    pav = side.get("pavement", {})
    pb = side.get("pavement_bonus", {})
    px0 = (W - cols * cell) / 2
    py0 = 34
    out = []
    for r in range(rows):
        for c in range(cols):
            key = f"{r},{c}"
            x, y = px0 + c * cell, py0 + r * cell
            cxm, cym = x + cell / 2, y + cell / 2
            ctx.anchor(("pavement", key), cxm, cym)
            bonus = pb.get(key, [])
            if key in pav:
                s = pav[key]
                if s is None:
                    out.append(
                        inert(
                            t("bcn.ui.start_stone"),
                            f'<rect x="{_n(x + 3)}" y="{_n(y + 3)}" width="{_n(cell - 6)}" height="{_n(cell - 6)}" rx="6" '
                            f'fill="#9a9a9a" stroke="#1d1d1d" stroke-width="1.5"/>'
                            + text(cxm, cym + 5, t("bcn.ui.start"), size=12, fill="#fff", weight="700"),
                        )
                    )
                else:
                    out.append(
                        inert(
                            t("bcn.ui.cobble_of", name=ctx.name(s)),
                            f'<rect x="{_n(x + 3)}" y="{_n(y + 3)}" width="{_n(cell - 6)}" height="{_n(cell - 6)}" rx="6" '
                            f'fill="#b5b5b5" stroke="#1d1d1d" stroke-width="1.5"/>' + seat_mark(ctx, s, cxm, cym, 13),
                        )
                    )
                continue
            body = (
                f'<rect x="{_n(x + 3)}" y="{_n(y + 3)}" width="{_n(cell - 6)}" height="{_n(cell - 6)}" rx="6" fill="#fff" '
                f'stroke="{LINE}" stroke-width="1.2"/>' + reward_icons(bonus, cxm, cym, 12, room=cell - 6)
            )
            desc = t("bcn.ui.pavement_space", row=r + 1, col=c + 1, reward=fmt_reward(bonus))
            aid = ctx.legal_at("cobble", key)
            if aid:
                out.append(
                    ctx.target(
                        aid,
                        hl_rect(x + 1, y + 1, cell - 2, cell - 2) + body,
                        hit_rect(cxm, cym, cell, cell),
                        info_text=desc,
                    )
                )
            else:
                out.append(inert(desc, body))
    h = py0 + rows * cell + 8
    return panel(0, 0, W, h, t("bcn.ui.pavement")) + "".join(out), h


def draw_stacks(ctx) -> tuple:
    """Scores, the building stacks (count, requirement, top tile) and the bag."""
    v = ctx.view
    side = v.get("side", {})
    ctx.anchor(("region", "scores"), 40, 12)
    out = []
    scores = v.get("scores", [0] * 9)
    order = sorted(range(len(v.get("players", []))), key=lambda i: -scores[i])
    for k, i in enumerate(order):
        y = 42 + k * 26
        cur = v.get("current_player") == i
        out.append(
            inert(
                t("bcn.ui.score_to_play", name=ctx.name(i), vp=scores[i])
                if cur
                else t("bcn.ui.score", name=ctx.name(i), vp=scores[i]),
                seat_mark(ctx, i, P + 12, y, 11.5)
                + text(P + 30, y + 5, ctx.name(i), size=13, anchor="start", weight="700" if cur else "normal")
                + text(W - P, y + 5, t("bcn.ui.vp", vp=scores[i]), size=13, anchor="end", weight="700"),
            )
        )
    by = 42 + len(order) * 26 + 8
    out.append(text(P, by, t("bcn.ui.building_stacks"), size=14, anchor="start", weight="700"))
    tops, counts = side.get("building_tops", {}), side.get("building_counts", {})
    for k, lvl in enumerate(("corner", "1", "2", "3")):
        y = by + 24 + k * 28
        req = D.LEVEL_RULES["corner" if lvl == "corner" else int(lvl)]
        need = t("bcn.ui.need_class", n=req[0], cls=class_word(req[1])) if req[1] else t("bcn.ui.need", n=req[0])
        top = tops.get(lvl)
        name = t("bcn.ui.stack_corner") if lvl == "corner" else t("bcn.ui.stack_level", level=lvl)
        extra = [t("bcn.ui.cerda_delta", d=f"{req[2]:+d}")] if req[2] else []
        extra += [t("bcn.ui.sagrada_plus", n=req[3])] if req[3] else []
        extra += [t("bcn.ui.vp_plus", n=req[4])] if req[4] else []
        desc = t(
            "bcn.ui.stack_desc",
            name=name,
            n=counts.get(lvl, 0),
            need=need,
            extra="".join("; " + e for e in extra),
            top=fmt_reward(top or []),
        )
        out.append(
            inert(
                desc,
                text(P, y + 5, f"{name} ×{counts.get(lvl, 0)}", size=13, anchor="start")
                + text(P + 110, y + 5, need, size=12, anchor="start", fill=MUTED)
                + (reward_icons(top, W - P - 30, y, 11, 26) if top else ""),
            )
        )
    y = by + 24 + 4 * 28
    out.append(text(P, y + 2, t("bcn.ui.bag", n=v.get("bag_size", 0)), size=12, anchor="start", fill=MUTED))
    h = y + 14
    return panel(0, 0, W, h, t("bcn.ui.stacks")) + "".join(out), h


def draw_mod_display(ctx) -> tuple:
    side = ctx.view.get("side", {})
    disp = side.get("mod_display", [])
    mt = {where: aid for (kind, where), opts in ctx.at.items() if kind == "mtake" for _, aid in opts}
    hit = L.HIT
    ctx.anchor(("region", "display"), 80, 12)
    out = []
    y = 32
    for tile in disp:
        key = tile.get("key", "")
        full = tr(tile.get("text"), ctx.names) if tile.get("text") else cond_text(key)
        lines = wrap(full, 52)[:2]
        rowh = 28 + 15 * len(lines) + (hit + 6 if mt else 0)
        body = (
            f'<rect x="{P}" y="{y}" width="{W - 2 * P}" height="{rowh - 6}" rx="8" fill="#efe3f6" '
            f'stroke="#1d1d1d" stroke-width="1.2"/>'
            + text(P + 10, y + 19, cond_short(key), size=14, anchor="start", weight="700")
        )
        for i, ln in enumerate(lines):
            body += text(P + 10, y + 36 + i * 15, ln, size=12, anchor="start", fill=MUTED)
        out.append(inert(t("bcn.ui.project_desc", text=full), body))
        if mt:
            sy = y + 28 + 15 * len(lines)
            sw = (W - 2 * P - 20) / D.MODERNISME_SPACES
            for sp in range(D.MODERNISME_SPACES):
                aid = mt.get((key, sp))
                if not aid:
                    continue
                x = P + 10 + sp * sw + sw / 2
                cost = D.MODERNISME_TAKE_COST[sp]
                vis = (
                    hl_rect(x - sw / 2 + 2, sy, sw - 4, hit - 2)
                    + text(x - (12 if cost else 0), sy + 27, f"→{sp + 1}", size=14, weight="700")
                    + (reward_icons(cost, x + 18, sy + 22, 10) if cost else "")
                )
                out.append(ctx.target(aid, vis, hit_rect(x, sy + hit / 2 - 1, sw - 4, hit), info_text=ctx.legal[aid]))
        y += rowh
    sub = (
        t("bcn.ui.deck_tap", n=side.get("mod_deck_size", 0)) if mt else t("bcn.ui.deck", n=side.get("mod_deck_size", 0))
    )
    h = max(y, 40) + 4
    return panel(0, 0, W, h, t("bcn.ui.display"), sub=sub) + "".join(out), h

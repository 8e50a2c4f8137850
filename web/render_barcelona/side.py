"""Barcelona's boards around the main board: citizen tracks, Cerdà track, public services,
Sagrada Família supply (left column), and the side board: cobblestone pavement, scores,
building stacks and the Modernisme display (right column). Each returns (markup, bottom y)."""
from engine.barcelona import data as D
from web.svgkit import esc, num as _n, seat_mark, text, title, trunc as _trunc

from . import layout as L
from .glyphs import (DASH53, INK, LINE, MUTED, citizen, hit_rect, hl_rect, icon, panel, reward_icons)
from .words import CLASS_WORD, COND_SHORT, fmt_reward


def draw_tracks(ctx, x0, y0) -> tuple:
    v = ctx.view
    tr = v.get("tracks", {})
    counts, off = tr.get("counts", {}), tr.get("off_board", {})
    values = tr.get("values", list(D.TRACK_VP))
    sec = tr.get("section_length", D.SECTION_LENGTH)
    nxt = tr.get("next_value", {})
    n = len(values)
    cw = 37
    lx = x0 + 112
    tiles = tr.get("cerda_tiles", [])
    h = L.TRACKS[3]
    ctx.anchor(("region", "tracks"), x0 + 60, y0 + 12)
    out = [panel(x0, y0, L.TRACKS[2], h, "Citizen tracks")]
    legend = "Building scores the lowest next value of the 3 tracks (outlined). A full section triggers its Cerdà scoring."
    out.append(text(x0 + 150, y0 + 22, legend, size=12, anchor="start", fill=MUTED))
    # Cerdà scoring tiles above the sections
    ty = y0 + 34
    for i in range(n // sec):
        sx = lx + i * sec * cw
        t = tiles[i] if i < len(tiles) else None
        if t:
            scored = t.get("scored")
            fill = "#d8d8d8" if scored else "#dcecf5"
            vpu = D.CONDITIONS.get(t["key"], (0, ""))[0]
            lab = COND_SHORT.get(t["key"], t["key"])
            tip = f"Cerdà scoring {i + 1}{' (scored)' if scored else ''}: {t.get('text', '')} × your Cerdà multiplier"
            out.append(f'<g>{title(tip)}<rect x="{_n(sx + 2)}" y="{ty}" width="{sec * cw - 4}" height="30" rx="6" '
                       f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.2"{DASH53 if scored else ""}/>'
                       + text(sx + sec * cw / 2, ty + 20, f"{i + 1}. {lab}" + (" — scored" if scored else f": {vpu} VP each"),
                              size=13, weight="700", fill=MUTED if scored else INK) + '</g>')
    for j, cls in enumerate(D.CLASSES):
        y = ty + 44 + j * 44
        filled = counts.get(cls, 0)
        out.append(citizen(x0 + 30, y + 18, cls, 14)
                   + text(x0 + 50, y + 16, CLASS_WORD[cls], size=13, anchor="start")
                   + text(x0 + 50, y + 31, f"{filled} placed", size=10, anchor="start", fill=MUTED))
        for k in range(n):
            x = lx + k * cw
            last = (k + 1) % sec == 0
            out.append(f'<rect x="{x}" y="{y}" width="{cw - 3}" height="36" rx="4" fill="{"#fff" if k >= filled else "#eee6d5"}" '
                       f'stroke="{"#1d1d1d" if last else LINE}" stroke-width="{2 if last else 1}"/>')
            if k < filled:
                out.append(citizen(x + cw / 2 - 1.5, y + 18, cls, 12))
            else:
                is_next = k == filled
                out.append(text(x + cw / 2 - 1.5, y + 24, str(values[k]), size=14 if is_next else 12,
                                weight="700" if is_next else "normal", fill=INK if is_next else MUTED))
                if is_next:
                    out.append(f'<rect x="{x - 1}" y="{y - 1}" width="{cw - 1}" height="38" rx="5" fill="none" '
                               f'stroke="#D55E00" stroke-width="3"><title>next {CLASS_WORD[cls]} value: {nxt.get(cls, values[k])} VP</title></rect>')
        extra = off.get(cls, 0)
        ex = lx + n * cw + 8
        out.append(text(ex, y + 16, f"next {nxt.get(cls, '')}", size=12, anchor="start", weight="700"))
        if extra:
            out.append(text(ex, y + 32, f"+{extra} off", size=11, anchor="start", fill=MUTED))
    return "".join(out), y0 + h


def draw_cerda_track(ctx, x0, y0) -> tuple:
    v = ctx.view
    pbs = v.get("player_boards", [])
    lo, hi = D.CERDA_MIN, D.CERDA_MAX
    n = hi - lo + 1
    cw = 50
    lx = x0 + 100
    ctx.anchor(("region", "cerda"), x0 + 50, y0 + 12)
    out = [panel(x0, y0, L.TRACKS[2], L.CERDA_H, "Cerdà track")]
    out.append(text(x0 + 12, y0 + 42, "multiplier", size=12, anchor="start", fill=MUTED))
    band_fill = ["#f1f1f1", "#e1eef5", "#c9e2ef", "#a9d0e6", "#86bddb"]
    y = y0 + 30
    for k in range(n):
        pos = lo + k
        m = D.cerda_multiplier(pos)
        x = lx + k * cw
        out.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="50" fill="{band_fill[m]}" stroke="{LINE}"/>'
                   + text(x + cw / 2 - 1, y + 14, str(pos), size=12, fill=MUTED))
        if k == 0 or D.cerda_multiplier(pos - 1) != m:
            out.append(text(x + 3, y + 64, f"×{m}", size=13, anchor="start", weight="700"))
    out.append(text(lx + n * cw + 6, y + 20, "past top:", size=11, anchor="start", fill=MUTED)
               + text(lx + n * cw + 6, y + 36, f"{D.CERDA_TOP_VP} VP/step", size=11, anchor="start", fill=MUTED))
    # markers: several players on one position stack sideways
    at = {}
    for i, p in enumerate(pbs):
        at.setdefault(max(lo, min(hi, p.get("cerda", 0))), []).append(i)
    for pos, seats in at.items():
        x = lx + (pos - lo) * cw + cw / 2 - 1
        for j, s in enumerate(seats):
            dx = (j - (len(seats) - 1) / 2) * 15
            tip = f"{ctx.name(s)}: Cerdà {pbs[s].get('cerda')} (×{pbs[s].get('cerda_multiplier')})"
            out.append(f'<g>{title(tip)}'
                       f'{seat_mark(ctx, s, x + dx, y + 34 - (j % 2) * 4, 9)}</g>')
    return "".join(out), y0 + L.CERDA_H


def _wrap(name, width=13):
    words = str(name).replace("Hospital de Sant Pau, Operations pavilion", "Sant Pau pavilion").split()
    lines, cur = [], ""
    for wd in words:
        if len(cur) + len(wd) + 1 > width and cur:
            lines.append(cur)
            cur = wd
        else:
            cur = (cur + " " + wd).strip()
    lines.append(cur)
    return lines


def draw_services(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    svcs = side.get("services", {})
    ctx.anchor(("region", "services"), x0 + 60, y0 + 12)
    out = [panel(x0, y0, w, L.SUPPLY_H, "Public services")]
    cw = (w - 20) / max(1, len(svcs))
    for i, (key, s) in enumerate(svcs.items()):
        x = x0 + 10 + i * cw
        y = y0 + 32
        ctx.anchor(("service", key), x + cw / 2, y + 66)
        tiles = s.get("tiles", [])
        tip = f"{s.get('name', key)}: {s.get('effect', '')}"
        body = [f'<rect x="{_n(x + 3)}" y="{y}" width="{_n(cw - 6)}" height="132" rx="8" fill="#eef5ee" stroke="#1d1d1d" stroke-width="1.2"/>']
        for li, ln in enumerate(_wrap(s.get("name", key))[:3]):
            body.append(text(x + cw / 2, y + 18 + li * 14, ln, size=12, weight="700"))
        if tiles:
            cost, vp = tiles[0]
            body.append(icon("coin", cost, x + cw / 2 - 22, y + 66, 13) + icon("vp", vp, x + cw / 2 + 22, y + 66, 14))
            body.append(text(x + cw / 2, y + 96, f"{len(tiles)} left · Cerdà +{D.SERVICE_CERDA}", size=11, fill=MUTED))
        else:
            body.append(text(x + cw / 2, y + 70, "sold out", size=12, fill=MUTED))
        eff = str(s.get("effect", ""))
        body.append(text(x + cw / 2, y + 112, eff[:18] + ("…" if len(eff) > 18 else ""), size=10, fill=MUTED))
        body.append(text(x + cw / 2, y + 125, eff[18:36] + ("…" if len(eff) > 36 else ""), size=10, fill=MUTED))
        vis = "".join(body)
        aid = ctx.legal_at("service", key)
        if aid:
            vis = hl_rect(x, y - 3, cw, 138) + vis
            out.append(ctx.target(aid, vis, hit_rect(x + cw / 2, y + 66, cw - 4, 134), f"{ctx.legal[aid]}"))
        else:
            out.append(f"<g>{title(tip)}{vis}</g>")
    return "".join(out), y0 + L.SUPPLY_H


def draw_sagrada_supply(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    sup = side.get("sagrada_supply", {})
    ctx.anchor(("region", "sagrada"), x0 + 60, y0 + 12)
    out = [panel(x0, y0, w, L.SUPPLY_H, "Sagrada Família tiles")]
    rows = sorted(sup.items(), key=lambda kv: int(kv[0]))
    reach = {lvl: pos for pos, lvl in D.SAGRADA_SLOTS.items()}
    for j, (lvl, tiles) in enumerate(rows):
        y = y0 + 48 + j * 36
        out.append(text(x0 + 12, y + 5, f"L{lvl} @{reach.get(int(lvl), '?')}", size=12, anchor="start", weight="700"))
        opts = ctx.options_at("stile", lvl)       # [(index in the printed tiles, id)]
        step = min(70, (w - 80) / 4)
        for k, items in enumerate(tiles):
            x = x0 + 100 + k * step
            body = (f'<rect x="{_n(x - step / 2 + 3)}" y="{y - 15}" width="{_n(step - 6)}" height="30" rx="5" fill="#f4ead8" '
                    f'stroke="#1d1d1d" stroke-width="1"/>' + reward_icons(items, x, y, 8, 21))
            # the view lists the tiles left; match a legal tile to this one by its printed rewards
            aid = next((a for i, a in opts if _printed(lvl, i) == [list(x) for x in items]), None)
            if aid:
                opts = [o for o in opts if o[1] != aid]
                out.append(ctx.target(aid, hl_rect(x - step / 2, y - 17, step, 34, 6) + body,
                                      hit_rect(x, y, step - 2, L.HIT)))
            else:
                out.append(f'<g>{title(f"Sagrada level {lvl}: {fmt_reward(items)}")}{body}</g>')
    return "".join(out), y0 + L.SUPPLY_H


def _printed(lvl, i):
    try:
        return [list(x) for x in D.SAGRADA_TILES[int(lvl)][int(i)]]
    except (KeyError, IndexError, ValueError):
        return None


def draw_side(ctx, x0, y0) -> tuple:
    v = ctx.view
    side = v.get("side", {})
    w = L.W - x0 - 8
    rows, cols = side.get("pavement_size", [D.PAVEMENT_ROWS, D.PAVEMENT_COLS])
    cell = L.PAVEMENT_CELL
    ctx.anchor(("region", "pavement"), x0 + 80, y0 + 12)
    out = [panel(x0, y0, w, 66 + rows * cell, "Cobblestone pavement")]
    pav = side.get("pavement", {})
    pb = side.get("pavement_bonus", {})
    px0, py0 = x0 + 12, y0 + 34
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
                    body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#9a9a9a" '
                            f'stroke="#1d1d1d" stroke-width="1.5"><title>start stone</title></rect>'
                            + text(cxm, cym + 5, "start", size=12, fill="#fff", weight="700"))
                else:
                    body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#b5b5b5" '
                            f'stroke="#1d1d1d" stroke-width="1.5"><title>cobblestone of {esc(ctx.name(s))}</title></rect>'
                            + seat_mark(ctx, s, cxm, cym, 13))
                out.append(body)
                continue
            body = (f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="6" fill="#fff" '
                    f'stroke="{LINE}" stroke-width="1.2"/>' + reward_icons(bonus, cxm, cym, 13))
            aid = ctx.legal_at("cobble", key)
            if aid:
                out.append(ctx.target(aid, hl_rect(x + 1, y + 1, cell - 2, cell - 2) + body, hit_rect(cxm, cym, cell, cell)))
            else:
                out.append(f'<g>{title(f"pavement {r + 1}-{c + 1}: {fmt_reward(bonus)}")}{body}</g>')
    # scores + building stacks at the right of the pavement
    sx = px0 + cols * cell + 14
    ctx.anchor(("region", "scores"), sx + 20, y0 + 14)
    out.append(text(sx, y0 + 22, "Scores", size=16, anchor="start", weight="700"))
    order = sorted(range(len(v.get("players", []))), key=lambda i: -v.get("scores", [0] * 9)[i])
    for k, i in enumerate(order):
        y = y0 + 44 + k * 26
        cur = v.get("current_player") == i
        out.append(seat_mark(ctx, i, sx + 10, y, 9)
                   + text(sx + 26, y + 5, _trunc(ctx.name(i), 10), size=13, anchor="start",
                          weight="700" if cur else "normal")
                   + text(L.W - 20, y + 5, f"{v.get('scores', [0] * 9)[i]} VP", size=13, anchor="end", weight="700"))
    by = y0 + 44 + 4 * 26 + 6
    out.append(text(sx, by, "Building stacks", size=13, anchor="start", weight="700"))
    tops, counts = side.get("building_tops", {}), side.get("building_counts", {})
    for k, lvl in enumerate(("corner", "1", "2", "3")):
        y = by + 22 + k * 26
        req = D.LEVEL_RULES["corner" if lvl == "corner" else int(lvl)]
        need = f"{req[0]} cit." + (f", 1 {CLASS_WORD[req[1]]}" if req[1] else "")
        top = tops.get(lvl)
        out.append(f'<g>{title(f"{lvl} stack: {counts.get(lvl, 0)} left; needs {need}; top tile: {fmt_reward(top or [])}")}'
                   + text(sx, y + 4, ("Corner" if lvl == "corner" else f"L{lvl}") + f" ×{counts.get(lvl, 0)}",
                          size=12, anchor="start")
                   + (reward_icons(top, L.W - 56, y, 8, 19) if top else "") + "</g>")
    out.append(text(sx, by + 22 + 4 * 26, f"Bag: {v.get('bag_size', 0)} citizens", size=12, anchor="start", fill=MUTED))
    y1 = y0 + 66 + rows * cell
    m, y2 = draw_mod_display(ctx, x0, y1 + L.GAP, w)
    out.append(m)
    return "".join(out), y2


def draw_mod_display(ctx, x0, y0, w) -> tuple:
    side = ctx.view.get("side", {})
    disp = side.get("mod_display", [])
    mt = {where: aid for (kind, where), opts in ctx.at.items() if kind == "mtake" for _, aid in opts}
    rowh = L.MOD_ROW_H
    h = 44 + max(1, len(disp)) * rowh
    hit = L.HIT
    ctx.anchor(("region", "display"), x0 + 80, y0 + 12)
    out = [panel(x0, y0, w, h, f"Modernisme display (deck {side.get('mod_deck_size', 0)})")]
    if mt:
        out.append(text(x0 + w - 12, y0 + 22, "choose a project and your space 1-5 →", size=12, anchor="end",
                        fill=MUTED))
    cardw = w - 24 - 5 * hit if mt else w - 24
    for j, t in enumerate(disp):
        y = y0 + 34 + j * rowh
        key = t.get("key", "")
        vpu = D.CONDITIONS.get(key, (0, ""))[0]
        out.append(f'<g>{title(t.get("text", key))}<rect x="{x0 + 12}" y="{y}" width="{_n(cardw)}" height="{rowh - 8}" '
                   f'rx="8" fill="#efe3f6" stroke="#1d1d1d" stroke-width="1.2"/>'
                   + text(x0 + 24, y + 24, COND_SHORT.get(key, key), size=15, anchor="start", weight="700")
                   + text(x0 + 24, y + 46, f"{vpu} VP each × marker" if mt else _trunc(t.get("text", ""), 68) + " × marker",
                          size=12, anchor="start", fill=MUTED) + "</g>")
        for sp in range(D.MODERNISME_SPACES):
            aid = mt.get((key, sp))
            if not aid:
                continue
            x = x0 + 12 + cardw + hit / 2 + sp * hit
            cost = D.MODERNISME_TAKE_COST[sp]
            vis = (hl_rect(x - hit / 2 + 3, y, hit - 6, rowh - 8)
                   + text(x, y + 22, f"→ {sp + 1}", size=15, weight="700")
                   + (reward_icons(cost, x, y + 44, 9) if cost else text(x, y + 48, "free", size=11, fill=MUTED)))
            out.append(ctx.target(aid, vis, hit_rect(x, y + (rowh - 8) / 2, hit, rowh)))
    return "".join(out), y0 + h

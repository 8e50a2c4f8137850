"""The game review screen (pure Python HTML and SVG; the model is web/model/review_view.py):
per player an accuracy and the counts of best to blunder, the score over time (one line per
player, scoring events marked; its table alternative), where the points came from (stacked bars
whose parts add up to the final score, the numbers as text too) and the turning points (the
board as it was with the move played and the better one drawn on it, the difference in words).
Every turn of the chart and every turning point opens History at that step. docs/review-screen.md."""

import re
from dataclasses import dataclass

from engine.core.msg import N_
from web.base import renderer as renderer_api
from web.i18n import fingerprint, t, tn, tr
from web.i18n.player_names import isolate
from web.kit.html_kit import button, esc, seat_badge
from web.model.review_view import vp_words
from web.screens.score_panels import category_word
from web.screens.table_panels import Page

COUNTS = {  # Review.result()'s counts, best to worst (thresholds: docs/review-screen.md)
    "best": N_("app.review.count.best"),
    "good": N_("app.review.count.good"),
    "inaccuracy": N_("app.review.count.inaccuracy"),
    "mistake": N_("app.review.count.mistake"),
    "blunder": N_("app.review.count.blunder"),
}
_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"]
# The sources' fills: light tints told apart by their text too (each part is named and numbered).
FILLS = ("#cfe3f3", "#f6dcb4", "#d5ecd4", "#ead7ee", "#f7efb0", "#d9d4cc", "#f3cfcf", "#cfeee9", "#e3e0f5", "#f0e0cf")


def review_screen(s, page=None):
    """The whole review (the screen "review"). ``page``: table_panels.Page, through which the
    turning points' drawings go (a redraw sends those the page shows already as placeholders)."""
    r = s.review
    names, colours = list(s.game.names), list(s.meta["colours"])
    q = r.quick
    head = (
        '<header class="review-head">'
        f'<h2>{esc(t("app.review.title"))}</h2>'
        + button("ui:review-close", t("app.review.back"), cls="btn")
        + "</header>"
    )
    return (
        f'<section class="review" data-review-state="{esc(state_word(r))}">'
        + head
        + progress_panel(r)
        + players_panel(r, names, colours)
        + chart_panel(r, names, colours, narrow=s.board_box is None)
        + sources_panel(q, names, colours)
        + turning_panel(s, names, colours, page or Page())
        + "</section>"
    )


def state_word(r):
    if r.complete:
        return "complete"
    if r.problem:
        return "failed"
    if r.stopped:
        return "stopped"
    return "running"


def progress_panel(r):
    """The evaluation's progress: a bar and Cancel while it runs; Resume once cancelled."""
    if r.complete:
        return f'<p class="review-note">{esc(tn("app.review.all_done", "app.review.all_done_pl", r.total))}</p>'
    done = t("app.review.progress", done=r.done, total=r.total)
    if r.problem:
        return (
            f'<div class="review-progress failed" role="status"><p>{esc(t("app.review.failed", why=r.problem))}</p>'
            + button("ui:review-resume", t("app.review.retry"), cls="btn")
            + "</div>"
        )
    if r.stopped:
        return (
            f'<div class="review-progress stopped" role="status"><p>{esc(t("app.review.stopped", done=r.done, total=r.total))}</p>'
            + button("ui:review-resume", t("app.review.resume"), cls="btn primary")
            + "</div>"
        )
    return (
        '<div class="review-progress" role="status">'
        f'<label><span>{esc(t("app.review.evaluating"))} <span class="done">{esc(done)}</span></span>'
        f'<progress max="{max(1, r.total)}" value="{r.done}">{esc(done)}</progress></label>'
        + button("ui:review-cancel", t("app.review.cancel"), cls="btn")
        + "</div>"
    )


def players_panel(r, names, colours):
    """Per player: final score, accuracy (0-100) and the counts of their rated decisions."""
    res = r.result or {}
    by_seat = {p.get("seat"): p for p in res.get("players") or []}
    cards = []
    for p in r.quick["players"]:
        seat = p["seat"]
        got = by_seat.get(seat, {})
        acc = got.get("accuracy")
        acc_text = "—" if acc is None else str(round(float(acc)))
        counts = got.get("counts") or {}
        items = "".join(f'<li class="c-{k}"><b>{int(counts.get(k, 0))}</b> {esc(t(COUNTS[k]))}</li>' for k in COUNTS)
        cards.append(
            f'<li class="review-player" data-seat="{seat}">{seat_badge(seat, names, colours)}'
            f'<span class="final">{esc(t("app.review.final", vp=p["final"]))}</span>'
            f'<span class="accuracy" data-accuracy="{esc(acc_text)}">{esc(t("app.review.accuracy"))} <b>{esc(acc_text)}</b></span>'
            f'<ul class="counts">{items if counts else ""}</ul></li>'
        )
    return f'<section class="review-players"><h3>{esc(t("app.review.players"))}</h3><ul>{"".join(cards)}</ul></section>'


# ----- the score over time ----------------------------------------------------------------------------
def chart_series(q):
    """(x labels, per seat [score at x]) with x = 0 the start (all 0) and x = i + 1 after turn i."""
    series = [[0] + [int(v) for v in p["points"]] for p in q["players"]]
    return series


def chart_panel(r, names, colours, narrow=False):
    q = r.quick
    series = chart_series(q)
    svg = score_chart(q, series, names, colours, r.turn, w=320 if narrow else 640)
    legend = "".join(f"<li>{seat_badge(i, names, colours)}</li>" for i in range(len(names)))
    return (
        f'<section class="review-chart"><h3 id="review-chart-h">{esc(t("app.review.chart"))}</h3>'
        f'<p class="review-help">{esc(t("app.review.chart_help"))}</p>'
        f'<figure class="chart-box">{svg}<ul class="legend">{legend}</ul></figure>'
        + readout(r, names, colours, series)
        + chart_table(r, names, colours, series)
        + "</section>"
    )


def score_chart(q, series, names, colours, selected=None, w=640, h=280):
    """One polyline per player over the turns; each scoring event a marked line; a band per turn
    selects it (the readout under the chart opens the board); rounds as faint lines."""
    pad_l, pad_r, pad_t, pad_b = 40, 12, 14, 30
    values = [v for row in series for v in row] or [0]
    lo, hi = min(0, min(values)), max(1, max(values))
    n = max(1, len(series[0]) - 1) if series else 1

    def x_of(i):
        return pad_l + (w - pad_l - pad_r) * i / n

    def y_of(v):
        return h - pad_b - (h - pad_t - pad_b) * (v - lo) / (hi - lo)

    out = [
        f'<svg class="chart review-svg" viewBox="0 0 {w} {h}" role="img" '
        f'aria-label="{esc(t("app.review.chart_label", turns=len(q["turns"])))}" data-turns="{len(q["turns"])}">',
        f'<rect x="{pad_l}" y="{pad_t}" width="{w - pad_l - pad_r}" height="{h - pad_t - pad_b}" class="plot"/>',
    ]
    turns = q["turns"]
    # rounds: a faint line where each begins (after the turn that ended the one before)
    for rd in q.get("rounds") or []:
        i = next((k for k, tu in enumerate(turns) if tu["at"] >= rd["at"]), None)
        if i is None or i == 0:
            continue
        x = x_of(i)
        out.append(f'<line x1="{x:.1f}" y1="{pad_t}" x2="{x:.1f}" y2="{h - pad_b}" class="round"/>')
    # scoring events: a marked line at the turn they happened in, a diamond at the top
    for k, ev in enumerate(q.get("events") or []):
        i = min(len(turns), int(ev.get("turn", 0)) + 1)
        x = x_of(i)
        out.append(
            f'<g class="event" data-event="{k}" data-turn="{i}"><line x1="{x:.1f}" y1="{pad_t}" x2="{x:.1f}" y2="{h - pad_b}"/>'
            f'<path d="M{x:.1f} {pad_t - 2}l6 7l-6 7l-6 -7z"/></g>'
        )
    # axes and labels (text >= 12 units; the chart is never shown narrower than its viewBox)
    out.append(f'<text x="{pad_l - 5}" y="{pad_t + 10}" text-anchor="end">{hi}</text>')
    out.append(f'<text x="{pad_l - 5}" y="{y_of(0) + 4:.1f}" text-anchor="end">0</text>')
    if lo < 0:
        out.append(f'<text x="{pad_l - 5}" y="{h - pad_b}" text-anchor="end">{lo}</text>')
    out.append(f'<text x="{pad_l}" y="{h - 8}" text-anchor="start">{esc(t("app.review.start"))}</text>')
    out.append(f'<text x="{w - pad_r}" y="{h - 8}" text-anchor="end">{esc(t("app.chart.turn", n=len(turns)))}</text>')
    if selected is not None and 0 <= selected < len(turns):
        x = x_of(selected + 1)
        out.append(f'<line x1="{x:.1f}" y1="{pad_t}" x2="{x:.1f}" y2="{h - pad_b}" class="cursor"/>')
    for seat, row in enumerate(series):
        pts = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(row))
        dash = _DASHES[seat % len(_DASHES)]
        colour = colours[seat % len(colours)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline class="line" data-seat="{seat}" points="{pts}" fill="none" stroke="{esc(colour)}" '
            f'stroke-width="3"{dash_attr}/>'
        )
        if selected is not None and 0 <= selected < len(turns):
            out.append(
                f'<circle cx="{x_of(selected + 1):.1f}" cy="{y_of(row[selected + 1]):.1f}" r="6" fill="{esc(colour)}" stroke="#1d1d1d" stroke-width="2"/>'
            )
    # a band per turn: a tap selects the turn (the readout below names it and opens the board)
    band = (w - pad_l - pad_r) / n
    for i in range(len(turns)):
        x = x_of(i + 1) - band / 2
        out.append(
            f'<rect class="band" data-action="ui:review-turn:{i}" x="{max(pad_l, x):.1f}" y="0" '
            f'width="{band:.1f}" height="{h}"/>'
        )
    out.append("</svg>")
    return "".join(out)


def readout(r, names, colours, series):
    """The selected turn in words, and the button that opens the board after it."""
    turns = r.quick["turns"]
    i = r.turn
    if i is None or not 0 <= i < len(turns):
        return f'<div class="review-readout" aria-live="polite"><p>{esc(t("app.review.pick_turn"))}</p></div>'
    tu = turns[i]
    scores = ", ".join(f"{isolate(names[k])} {series[k][i + 1]}" for k in range(len(series)))
    who = isolate(names[tu["seat"]]) if isinstance(tu.get("seat"), int) and 0 <= tu["seat"] < len(names) else ""
    rnd = tu.get("round")
    if rnd is None:  # a game without rounds
        text = t("app.review.after_turn_only", n=i + 1, who=who)
    else:
        text = t("app.review.after_turn", n=i + 1, round=rnd, who=who)
    return (
        f'<div class="review-readout" aria-live="polite" data-turn="{i}"><p><b>{esc(text)}</b> {esc(scores)}</p>'
        + button(f"ui:review-at:{int(tu['at'])}", t("app.review.show_board"), cls="btn primary")
        + "</div>"
    )


def event_words(s_log, ev):
    """A scoring event's words: the game's own log line of it (its message), else "Scoring"."""
    for e in s_log:
        text = e.get("text") or {}
        if (
            e.get("n") in (ev.get("at", 0) - 1, ev.get("at"))
            and isinstance(text, dict)
            and text.get("key") == ev.get("key")
        ):
            return tr(text)
    return t("app.review.scoring")


def chart_table(r, names, colours, series):
    """The chart as a table (screen readers, keyboard): one row per turn, its scores, the scoring
    events in it, and a button to its board."""
    q = r.quick
    log = r.owner.game.log_for(None) if hasattr(r.owner.game, "log_for") else []
    events = {}
    for ev in q.get("events") or []:
        events.setdefault(int(ev.get("turn", 0)), []).append(event_words(log, ev))
    head = "".join(f'<th scope="col">{esc(isolate(n))}</th>' for n in names)
    rounds = any(tu.get("round") is not None for tu in q["turns"])  # a game without rounds: no column
    rows = []
    for i, tu in enumerate(q["turns"]):
        who = isolate(names[tu["seat"]]) if isinstance(tu.get("seat"), int) and 0 <= tu["seat"] < len(names) else ""
        cells = "".join(f"<td>{series[k][i + 1]}</td>" for k in range(len(series)))
        ev = "; ".join(events.get(i, []))
        rows.append(
            f'<tr><th scope="row">{i + 1}</th>{round_cell(tu) if rounds else ""}<td>{esc(who)}</td>{cells}'
            f'<td class="ev">{esc(ev)}</td><td>{button("ui:review-at:%d" % int(tu["at"]), t("app.review.board"), cls="btn small")}</td></tr>'
        )
    toggle = (
        f'<button type="button" class="btn review-table-btn" data-action="ui:review-table" '
        f'aria-expanded="{"true" if r.table_open else "false"}" aria-controls="review-table">'
        f'{esc(t("app.review.as_table"))}</button>'
    )
    if not r.table_open:
        return toggle
    return (
        toggle + f'<div class="review-table table-scroll" id="review-table" tabindex="0"><table>'
        f'<caption class="visually-hidden">{esc(t("app.review.chart"))}</caption><thead><tr><th scope="col">{esc(t("app.review.turn"))}</th>'
        + (f'<th scope="col">{esc(t("app.review.round"))}</th>' if rounds else "")
        + f'<th scope="col">{esc(t("app.review.who"))}</th>{head}'
        f'<th scope="col">{esc(t("app.review.events"))}</th><th scope="col"><span class="visually-hidden">{esc(t("app.review.board"))}</span></th>'
        f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


def round_cell(turn):
    return f"<td>{esc(turn.get('round'))}</td>"


# ----- where the points came from ---------------------------------------------------------------------
def sources_panel(q, names, colours):
    """Per player a stacked bar of the final score by source (positive parts from zero rightwards,
    negative ones leftwards: the parts add up to the final score) and the same as text."""
    cats = []
    for p in q["players"]:
        for c in p["sources"]:
            if c not in cats:
                cats.append(c)
    fill = {c: FILLS[i % len(FILLS)] for i, c in enumerate(cats)}
    top = max([sum(v for v in p["sources"].values() if v > 0) for p in q["players"]] + [1])
    low = max([sum(-v for v in p["sources"].values() if v < 0) for p in q["players"]] + [0])
    span = top + low
    rows = []
    for p in q["players"]:
        seat = p["seat"]
        parts = [(c, int(v)) for c, v in p["sources"].items() if v]
        neg = [(c, v) for c, v in parts if v < 0]
        pos = [(c, v) for c, v in parts if v > 0]
        segs = []
        if low:
            segs.append(f'<span class="gap" style="width:{100 * (low - sum(-v for _, v in neg)) / span:.3f}%"></span>')
        for c, v in neg + pos:
            pct = 100 * abs(v) / span
            label = esc(f"{category_word(c)} {v}")
            inner = f"<span>{esc(v)}</span>" if pct >= 4 else ""
            segs.append(
                f'<span class="seg{" neg" if v < 0 else ""}" data-source="{esc(c)}" data-vp="{v}" '
                f'style="width:{pct:.3f}%;background:{fill[c]}" title="{label}">{inner}</span>'
            )
        words = "".join(
            f'<li data-source="{esc(c)}" data-vp="{v}"><i style="background:{fill[c]}"></i>{esc(category_word(c))} <b>{esc(v)}</b></li>'
            for c, v in parts
        )
        total, final = sum(v for _, v in parts), int(p["final"])
        rows.append(
            f'<li class="source-row" data-seat="{seat}" data-final="{final}" data-sum="{total}">'
            f'<p>{seat_badge(seat, names, colours)} <b>{esc(t("app.review.final", vp=final))}</b></p>'
            f'<div class="bar" aria-hidden="true">{"".join(segs)}</div><ul class="parts">{words}</ul></li>'
        )
    return f'<section class="review-sources"><h3>{esc(t("app.review.sources"))}</h3><ul>{"".join(rows)}</ul></section>'


# ----- turning points ----------------------------------------------------------------------------------
def turning_panel(s, names, colours, page):
    r = s.review
    tps = (r.result or {}).get("turning_points") or []
    if not tps:
        note = t("app.review.no_tps") if r.complete else t("app.review.tps_wait")
        return f'<section class="review-tps"><h3>{esc(t("app.review.turning"))}</h3><p class="review-note">{esc(note)}</p></section>'
    if not r.complete:
        note = f'<p class="review-note">{esc(t("app.review.tps_partial"))}</p>'
    else:
        note = ""
    items = [turning_card(s, i, tp, names, colours, page) for i, tp in enumerate(tps)]
    return (
        f'<section class="review-tps"><h3>{esc(t("app.review.turning"))}</h3>{note}<ol>{"".join(items)}</ol></section>'
    )


def move_label(game, aid):
    """The words of an action id at a position (its label there), else the id."""
    for a in game.legal_actions():
        if a.id == aid:
            return tr(a.label, list(game.names))
    return str(aid)


def turning_card(s, i, tp, names, colours, page):
    h = s.review.history()
    at, seat = int(tp["at"]), int(tp["seat"])
    game = h.game_at(at)
    played, better = move_label(game, tp["played"]), move_label(game, tp["better"])
    who = isolate(names[seat]) if 0 <= seat < len(names) else ""
    return (
        f'<li class="turning" data-at="{at}" data-seat="{seat}">'
        f'<p class="tp-head">{seat_badge(seat, names, colours)} <b>{esc(vp_words(tp.get("loss", 0), tp.get("spread")))}</b></p>'
        f'<p class="tp-move played"><span class="tag">{esc(t("app.review.played"))}</span> {esc(played)}</p>'
        f'<p class="tp-move better"><span class="tag">{esc(t("app.review.better"))}</span> {esc(better)}</p>'
        + turning_board(s, h, tp, page)
        + button(f"ui:review-tp:{i}", t("app.review.open_tp", who=who), cls="btn primary")
        + "</li>"
    )


_MARK = re.compile(r'<g class="review-mark[^"]*"[^>]*><circle cx="([-0-9.]+)" cy="([-0-9.]+)"')
_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
CROP_W, CROP_H = 340, 250  # the window around the two moves (units): legible on a phone at scale ~1


def turning_board(s, h, tp, page):
    """The board at the decision (the deciding seat's view), both moves drawn on it: the regions
    holding a mark, each cropped to a window around its marks (the whole board is in History)."""
    drawings = turning_drawings(s, h, tp)
    parts = "".join(f'<div class="tp-region" data-region="{esc(d.name)}">{page.svg(d)}</div>' for d in drawings)
    return f'<div class="tp-board">{parts}</div>'


@dataclass(frozen=True)
class Drawing:
    name: str  # unique on the screen: tp<at>:<region> (morph.js keeps a node by it)
    svg: str


def turning_drawings(s, h, tp):
    r = s.review
    key = (int(tp["at"]), tp["played"], tp["better"], fingerprint(), tuple(s.meta["colours"]))
    if key in r.boards:
        return r.boards[key]
    game = h.game_at(int(tp["at"]))
    seat = int(tp["seat"])
    view = game.view(seat)
    rend = s.renderer(view["game"])
    arrows = [(seat, tp["played"], tp["better"])]
    out = []
    name = f"tp{int(tp['at'])}:"
    if rend is not None:
        if rend.regions is not None:
            regions = renderer_api.draw_regions(rend, view, [], list(s.meta["colours"]), arrows=arrows)
            marked = [g for g in regions if "review-mark" in g.svg] or [g for g in regions if g.place == "board"][:1]
            out = [Drawing(name + g.name, crop(g.svg)) for g in marked]
        else:
            svg, _ = renderer_api.draw(rend, view, [], list(s.meta["colours"]), arrows=arrows)
            out = [Drawing(name + "board", crop(svg))]
    if len(r.boards) > 40:  # a language or two of a few turning points each
        r.boards.clear()
    r.boards[key] = out
    return out


def crop(svg):
    """The drawing cut to a window around its review marks (its viewBox moved; nothing redrawn)."""
    marks = [(float(a), float(b)) for a, b in _MARK.findall(svg)]
    m = _VIEWBOX.search(svg)
    if not marks or not m:
        return svg
    W, H = float(m.group(1)), float(m.group(2))
    xs, ys = [p[0] for p in marks], [p[1] for p in marks]
    w = min(W, max(CROP_W, max(xs) - min(xs) + 120))
    hgt = min(H, max(CROP_H, max(ys) - min(ys) + 140))
    x = min(max(0, (min(xs) + max(xs)) / 2 - w / 2), W - w)
    y = min(max(0, (min(ys) + max(ys)) / 2 - hgt / 2), H - hgt)
    return svg.replace(m.group(0), f'viewBox="{x:.0f} {y:.0f} {w:.0f} {hgt:.0f}"', 1).replace(
        "<svg ", f'<svg style="max-width:{w:.0f}px" ', 1
    )


def end_button(s):
    """The end screen's Review button (only for a finished game: web/model/review_view.can_open)."""
    if not s.review.can_open():
        return ""
    return button("ui:review", t("app.review.open"), cls="btn primary review-btn")


def slot_button(summary):
    """The saved-games list's Review for a finished game."""
    if not summary.get("over"):
        return ""
    return button("ui:slot-review:" + summary["id"], t("app.review.open"))

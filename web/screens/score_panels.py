"""Scores and the log (pure Python HTML): the score table, the end panel, the score chart and the
log, with a non-player opponent's column where the game has one (GameSpec.automaton)."""

from web.model import automaton
from web import i18n
from web.i18n import t, tn, tr
from web.i18n.player_names import isolate
from web.i18n.catalogs import game_prefixes
from web.kit.html_kit import ID_WORDS, button, esc, id_word, mark, seat_badge, seat_letter
from web.kit.seats import SEAT_MARKS, rival_colour


def score_breakdown(view, game):
    """Per seat {category: points}: the view's (filtered for its viewer: secret objectives stay
    secret); a game whose view has none yet falls back to the game's."""
    breakdown = view.get("score_breakdown")
    return game.score_breakdown() if breakdown is None else breakdown


def _categories(breakdown):
    cats = []
    for row in breakdown:
        for k in row:
            if k not in cats:
                cats.append(k)
    return cats


def score_table(names, colours, breakdown, totals, winners=(), over=True, letters=None):
    """Categories down, seats across: five seats still fit the narrow side panel.

    The Total row is always the sum of the rows above it. A game in progress may break its
    score down "as if the game ended now" (e.g. points that count only at the end)
    while its score so far is smaller: then the sum is labelled so, and the score so far gets
    its own row."""
    cats = _categories(breakdown)
    n = len(names)
    rows_of = [(breakdown[i] if i < len(breakdown) else {}) for i in range(n)]
    sums = [sum(v for v in row.values() if isinstance(v, (int, float)) and not isinstance(v, bool)) for row in rows_of]
    win = [' class="winner"' if seat in winners else "" for seat in range(n)]
    head = "".join(
        f'<th{win[i]} title="{esc(isolate(names[i]))}">{mark(i, colours[i], seat_letter(letters, i))}<span class="nm">{esc(isolate(names[i]))}</span></th>'
        for i in range(n)
    )
    rows = []
    for c in cats:
        cells = "".join(f"<td{win[i]}>{esc(rows_of[i].get(c, 0))}</td>" for i in range(n))
        rows.append(f"<tr><th>{esc(category_word(c))}</th>{cells}</tr>")
    projected = bool(cats) and not over and list(sums) != list(totals[:n])
    if not cats:
        sums = list(totals[:n])  # no breakdown: the total is the score
    label = t("app.scores.if_ended") if projected else t("app.scores.total")
    total = "".join(f'<td{win[i]}>{esc(sums[i])}</td>' for i in range(n))
    rows.append(f'<tr class="total"><th>{esc(label)}</th>{total}</tr>')
    if projected:
        now = "".join(f'<td>{esc(totals[i])}</td>' for i in range(n))
        rows.append(f'<tr class="now"><th>{esc(t("app.scores.now"))}</th>{now}</tr>')
    return (
        f'<table class="scores"><thead><tr><th><span class="visually-hidden">{esc(t("app.a11y.score_head"))}</span></th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )


def category_word(cat):
    """A score category's name: a game's key for it (``<GameSpec.key_prefix>.score.<id>``,
    engine/*/data.py) when its catalog has one, else the app's words for the id."""
    if isinstance(cat, str) and "." not in cat:
        for prefix in game_prefixes():
            key = f"{prefix}.score.{cat}"
            text = t(key)
            if text != key:
                return text
    if isinstance(cat, str) and cat not in ID_WORDS:
        text = tr(cat)  # a frozen 1.x engine names its categories in English ("street bonuses")
        if text != cat:
            return text
    return tr(cat) if isinstance(cat, dict) else id_word(cat)


def seat_letters(view):
    """The letter on each column's token: the seats' own (A, B, ...), then a non-player
    opponent's (its renderer's letter, never the next seat's letter)."""
    letters = [SEAT_MARKS[i % len(SEAT_MARKS)][0] for i in range(len(view.get("players") or []))]
    if automaton.entry(view):
        letters.append(automaton.letter(view))
    return letters


def with_rival(view, breakdown, colours):
    """Names, colours, breakdowns and totals with a non-player opponent's column added (a solo
    game's automaton: web/model/automaton.py; its seat index follows the players')."""
    names, colours = list(view["players"]), list(colours)[: len(view["players"])]
    breakdown, totals = list(breakdown)[: len(names)], list(view["scores"])[: len(names)]
    rival = automaton.entry(view)
    if rival:
        names.append(tr(rival["name"]))
        colours.append(rival_colour(colours))
        breakdown.append(rival["breakdown"])
        totals.append(rival["score"])
    return names, colours, breakdown, totals


def rival_history(view):
    """The score history, with the non-player opponent's scores as one more column if known."""
    hist = [list(row) for row in view.get("score_history", [])]
    rival = (automaton.entry(view) or {}).get("score_history")
    if rival and len(rival) == len(hist):
        hist = [row + [x] for row, x in zip(hist, rival)]
    return hist


def scores_panel(view, breakdown, colours):
    names, colours, breakdown, totals = with_rival(view, breakdown, colours)
    return (
        f'<section class="score-panel"><h2>{esc(t("app.scores.title"))}</h2>'
        + score_table(names, colours, breakdown, totals, over=bool(view.get("is_over")), letters=seat_letters(view))
        + "</section>"
    )


def end_panel(view, breakdown, winners, colours, review=""):
    """The result: who won, the final table and the chart, then the Review (``review``: its
    button, web/screens/review_panels.end_button) and New game buttons in one row."""
    names, colours, breakdown, totals = with_rival(view, breakdown, colours)
    if automaton.entry(view) and not winners:  # a solo game: no winning seat = the automaton won
        winners = [len(view["players"])]
    who = i18n.join([isolate(names[w]) for w in winners])
    won = tn("app.over.wins", "app.over.win", len(winners), who=who)
    tie = f'<p class="tiebreak">{esc(tr(view["tiebreak"]))}</p>' if view.get("tiebreak") else ""
    return (
        f'<section class="end"><div class="end-head"><h2>{esc(t("app.over.title"))}</h2><p class="winners">{esc(won)}</p>{tie}'
        + f'<div class="end-actions">{review}{button("ui:new-game", t("app.over.again"), cls="btn" + ("" if review else " primary"))}</div></div>'
        + '<div class="end-body">'
        + score_table(names, colours, breakdown, totals, winners, letters=seat_letters(view))
        + score_chart(rival_history(view), names, colours, letters=seat_letters(view))
        + "</div></section>"
    )


def log_of(view, colours, highlight=None):
    """The log panel of a view; a non-player opponent's lines carry its token too."""
    names, colours, _, _ = with_rival(view, [], colours)
    return log_panel(view.get("log", []), names, colours, highlight, seat_letters(view))


def log_panel(log, names, colours, highlight=None, letters=None):
    """Newest first. ``highlight``: the action index (entry ``n``) whose lines are marked (history)."""
    items = []
    for e in reversed(log[-200:]):  # newest first; long games stay light
        seat = e.get("seat")
        icon = (
            mark(seat, colours[seat], seat_letter(letters, seat))
            if isinstance(seat, int) and 0 <= seat < len(colours)
            else ""
        )
        cur = ' class="current" aria-current="step"' if highlight is not None and e.get("n") == highlight else ""
        items.append(f'<li{cur}>{icon}{esc(tr(e.get("text", "")))}</li>')
    return f'<section class="log"><h2>{esc(t("app.log.title"))}</h2><ol reversed tabindex="0">{"".join(items)}</ol></section>'


_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"]


def score_chart(history, names, colours, w=420, h=220, letters=None):
    """An SVG line chart of each seat's score over turns (history: list of per-turn score lists)."""
    if not history:
        return ""
    pad_l, pad_r, pad_t, pad_b = 36, 10, 10, 24
    values = [v for row in history for v in row] or [0]
    lo, hi = min(0, min(values)), max(1, max(values))  # scores can go negative (e.g. task cards)
    n = max(1, len(history) - 1)

    def xy(i, v):
        return (pad_l + (w - pad_l - pad_r) * i / n, h - pad_b - (h - pad_t - pad_b) * (v - lo) / (hi - lo))

    zero_y = xy(0, 0)[1]
    out = [
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(t("app.chart.label"))}">',
        f'<line x1="{pad_l}" y1="{zero_y:.1f}" x2="{w - pad_r}" y2="{zero_y:.1f}" class="axis"/>',
        f'<line x1="{pad_l}" y1="{pad_t}" x2="{pad_l}" y2="{h - pad_b}" class="axis"/>',
        f'<text x="{pad_l - 4}" y="{pad_t + 8}" text-anchor="end">{hi}</text>',
        f'<text x="{pad_l - 4}" y="{zero_y + 4:.1f}" text-anchor="end">0</text>',
        (f'<text x="{pad_l - 4}" y="{h - pad_b}" text-anchor="end">{lo}</text>' if lo < 0 else ""),
        f'<text x="{w - pad_r}" y="{h - 6}" text-anchor="end">{esc(t("app.chart.turn", n=len(history) - 1))}</text>',
    ]
    for seat, name in enumerate(names):
        pts = " ".join("%.1f,%.1f" % xy(i, row[seat]) for i, row in enumerate(history) if seat < len(row))
        dash = _DASHES[seat % len(_DASHES)]
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{esc(colours[seat])}" stroke-width="2.5"'
            f'{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}><title>{esc(name)}</title></polyline>'
        )
    out.append("</svg>")
    legend = "".join(f"<li>{seat_badge(i, names, colours, letters)}</li>" for i in range(len(names)))
    return f'<figure class="chart-box">{"".join(out)}<ul class="legend">{legend}</ul></figure>'

"""The decision bar's parts (pure Python HTML): the action buttons grouped under the game's
headings, the hint row, the preview of a selected move, a computer seat thinking, a non-player
opponent's turn shown step by step, the hand-off summary."""

from web.model import automaton
from web import i18n
from web.i18n import t, tn, tr
from web.i18n.player_names import isolate
from web.kit.html_kit import button, esc, id_word, mark, seat_badge


def thinking(s, names, colours):
    """The decision bar while a computer seat decides: who is thinking (nothing of its secrets)."""
    if s.auto.pending():
        return auto_turn(s)
    seat, budget = s.game.current_player, s.seats.thinks()
    # A searching level shows its time budget: a bar that fills over the budget (CSS animation;
    # main.py sets its animation-delay so a redraw while it thinks does not restart it).
    bar = (
        f'<p class="think-budget">{esc(t("app.bot.budget", seconds=f"{budget / 1000:.1f}"))}</p>'
        f'<div class="think-bar" aria-hidden="true"><span style="animation-duration: {budget}ms"></span></div>'
        if budget
        else ""
    )
    return (
        f'<section class="decision thinking" data-bot="{seat}"><div class="prompt" role="status">'
        f'{seat_badge(seat, names, colours)}<p>{esc(t("app.bot.thinking"))}</p>{bar}</div>'
        f'</section>'
    )


def auto_turn(s):
    """The decision bar while a non-player opponent's turn is shown step by step (a solo game's
    automaton, web/model/automaton.py): its steps so far, newest last; the board marks them (lastmove)."""
    v = s.view()
    auto = automaton.entry(v) or {}
    steps = "".join(f'<li>{esc(tr(x.get("text", "")))}</li>' for x in auto.get("last_turn", []))
    name = tr(auto["name"]) if auto.get("name") else t("app.bot.opponent")
    return (
        f'<section class="decision thinking auto-turn" data-bot="auto"><div class="prompt" role="status">'
        f'<p>{esc(t("app.bot.auto_turn", name=name))}</p></div><ol class="auto-steps">{steps}</ol></section>'
    )


def hint_box(hint, legal, thinking=False, reason=None):
    """The Hint button, and what it suggested for this position (or that it is being worked out:
    the background worker searches at the Hard level), with why in one line (``reason``: what
    it gains by the computer's own evaluation, web/model/hints.py ``why``)."""
    if not legal:
        return ""
    why = f'<span class="hint-why">{esc(tr(reason))}</span>' if reason is not None else ""
    text = (
        f'<p class="hint-text" role="status">{esc(t("app.hint.suggested", label=tr(hint.label)))}{why}</p>'
        if hint is not None
        else ""
    )
    if thinking and hint is None:
        text = f'<p class="hint-text hint-thinking" role="status">{esc(t("app.hint.thinking"))}</p>'
    return f'<div class="hint-row">{button("ui:hint", t("app.hint.button"), cls="btn hint-btn", title=t("app.hint.tip"))}{text}</div>'


# ----- side panels ----------------------------------------------------------------------------------------
def _end_turn(s):
    return s.flow.end_turn_buttons()


def actions_panel(legal, drawn, hint=None, headings=None, selected=None, end_turn=()):
    """Buttons for the legal actions not drawn on the board, grouped by action kind. ``headings``:
    the game's table kind -> group heading (its renderer's ACTION_GROUPS). ``end_turn``: the ids
    that are the turn's own end-turn button (class end-turn: the E key presses it)."""
    groups = {}
    for a in legal:
        if a.id not in drawn:
            groups.setdefault(a.kind, []).append(a)
    if not groups:
        hint = t("app.actions.on_board") if legal else t("app.actions.none")
        return f'<section class="actions"><p class="hint">{esc(hint)}</p></section>'
    headings = headings or {}
    out = [f'<section class="actions"><h2>{esc(t("app.actions.title"))}</h2>']
    for kind, acts in groups.items():
        out.append(
            f'<div class="group" data-kind="{esc(kind)}"><h3>{esc(tr(headings[kind]) if headings.get(kind) else id_word(kind))}</h3>'
        )
        out.extend(act_button(a, hint, selected, a.id in end_turn) for a in acts)
        out.append("</div>")
    out.append("</section>")
    return "".join(out)


def act_button(a, hint, selected, ends=False):
    """A game action's button; the selected one (preview, not yet confirmed) is pressed; the
    turn's own end-turn button (``ends``) is marked end-turn."""
    cls = (
        "btn act"
        + (" hint" if hint is not None and a.id == hint.id else "")
        + (" selected" if a.id == selected else "")
        + (" end-turn" if ends else "")
    )
    pressed = ' aria-pressed="true"' if a.id == selected else ""
    return f'<button type="button" class="{cls}" data-action="{esc(a.id)}"{pressed}>{esc(tr(a.label))}</button>'


# ----- turn flow: preview + confirm, hand-off summary, help, settings (web/model/turnflow.py) -------------------
def preview_box(s):
    """The selected move: what it gives the deciding seat, and Confirm / Cancel. Confirm reads
    "End turn" when the move passes the turn (asked even with "Confirm moves" off)."""
    p = s.flow.preview() if s.flow.selection else None
    if p is None:
        return ""
    gives = "".join(f'<li class="{"up" if d > 0 else "down"}">{esc(_change(name, d))}</li>' for name, d in p.changes)
    notes = []
    if p.reveals:
        notes.append(t("app.preview.reveals"))
    if p.uncertain:
        notes.append(t("app.preview.uncertain", fields=i18n.join([tr(x) for x in p.uncertain])))
    if p.ends_turn:
        notes.append(tr(p.question) + (" " + t("app.preview.undo_until") if not p.game_over else ""))
    body = (
        f'<ul class="pv-gives" aria-label="{esc(t("app.preview.gives"))}">{gives}</ul>'
        if gives
        else f'<p class="pv-none">{esc(t("app.preview.no_change"))}</p>'
        if not p.reveals
        else ""
    )
    ok = t("app.preview.end_turn") if p.ends_turn else t("app.preview.confirm")
    cls = "btn primary confirm end-turn" if p.ends_turn else "btn primary confirm"
    return (
        f'<div class="preview" role="status" data-selected="{esc(p.id)}" data-ends-turn="{int(p.ends_turn)}">'
        f'<p class="pv-label">{esc(tr(p.label))}</p>{body}'
        + "".join(f'<p class="pv-note">{esc(n)}</p>' for n in notes)
        + f'<div class="pv-buttons">{button("ui:confirm", ok, cls=cls)}'
        f'{button("ui:cancel", t("app.cancel"), cls="btn cancel", title=t("app.preview.cancel_tip"))}</div></div>'
    )


def _change(name, delta):
    from web.model.turnflow import change_text

    return change_text(name, delta)


def handoff_summary(s):
    """What the others did since the incoming player's last turn (public log lines)."""
    lines, older = s.flow.handoff_summary()
    if not lines:
        return ""
    names, colours = s.game.names, s.meta["colours"]
    items = []
    for e in lines:
        seat = e.get("seat")
        icon = mark(seat, colours[seat]) if isinstance(seat, int) and 0 <= seat < len(colours) else ""
        items.append(f"<li>{icon}{esc(tr(e.get('text', '')))}</li>")
    more = f'<p class="note">{esc(tn("app.since.older", "app.since.older_many", older))}</p>' if older else ""
    who = isolate(names[s.game.current_player])
    return (
        f'<section class="since" aria-label="{esc(t("app.since.label"))}"><h2>{esc(t("app.since.title", name=who))}</h2>'
        f'{more}<ol>{"".join(items)}</ol></section>'
    )

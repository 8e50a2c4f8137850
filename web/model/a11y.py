"""Screen-reader support, pure Python (no js imports; tested in CPython):

- ``announcement``: the text of the page's live region (index.html ``#announce``): what just
  happened (the log lines of the moves since the last announcement, as the view on screen may see
  them) and what is asked now (the prompt, the selected move and its Confirm, the hand-off, the
  computer thinking, the result).
- ``board_text``: "Board as text" (``ui:board-text``), the state a sighted player reads off the
  table: whose turn and the decision, scores, the choices, then every region's descriptions (the
  same ``data-info`` texts the inspector shows, so nothing beyond the view on screen).

Every visible string of this module is a catalog key in the table below (``word`` translates it).
"""

import re
from html import escape, unescape

from engine.core.msg import N_

from web import i18n
from web.i18n import t, tn, tr
from web.i18n.player_names import isolate

WORDS = {  # what the page says -> its catalog key (English in locale/en/LC_MESSAGES/app.po)
    "new": N_("app.a11y.new"),
    "broken": N_("app.a11y.broken"),
    "undone": N_("app.a11y.undone"),
    "turn": N_("app.a11y.turn"),
    "handoff": N_("app.a11y.handoff"),
    "thinking": N_("app.a11y.thinking"),
    "over": N_("app.a11y.over"),
    "selected": N_("app.a11y.selected"),
    "gives": N_("app.a11y.gives"),
    "ends_turn": N_("app.a11y.ends_turn"),
    "confirm_keys": N_("app.a11y.confirm_keys"),
    "picked": N_("app.a11y.picked"),
    "step": N_("app.a11y.step"),
    "heading": N_("app.a11y.heading"),
    "button_tip": N_("app.a11y.button_tip"),
    "score_head": N_("app.a11y.score_head"),
    "whose": N_("app.a11y.whose"),
    "decision": N_("app.a11y.decision"),
    "scores": N_("app.a11y.scores"),
    "choices": N_("app.a11y.choices"),
    "no_choice": N_("app.a11y.no_choice"),
    "score_item": N_("app.a11y.score_item"),
}
MAX_LINES = 6  # log lines read out at once (a long computer chain: the newest ones)
_INFO = re.compile(r'data-info="([^"]*)"')


def word(k, **params):
    """WORDS[k] in the active language, parameters filled."""
    return t(WORDS[k], **params)


def esc(x):
    return escape(str(x), quote=True)


def _name(view, seat):
    names = view.get("players") or []
    return isolate(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _prompt(view):
    name, prompt = _name(view, view.get("current_player")), tr(view.get("prompt") or "")
    if not name or prompt.startswith(name):
        return prompt
    return word("turn", name=name, prompt=prompt)


def announcement(s, mark=None):
    """(text, new mark) for session ``s``. ``mark`` is what the last announcement covered:
    (game key, number of actions); the log lines of the actions since then are read out."""
    kind = s.screen
    if kind == "new":
        return word("new"), mark
    if kind == "embed-error":
        return word("broken"), mark
    if kind == "history":
        h = s.browse.history
        view = h.view()
        i18n.use_names(view.get("players") or ())
        lines = [tr(e.get("text", "")) for e in view.get("log", []) if h.step and e.get("n") == h.step - 1]
        return " ".join([word("step", step=h.ordinal, total=h.count)] + lines[-MAX_LINES:]), mark
    g = s.game
    key, done = (g.GAME_NAME, g.seed, tuple(g.names)), len(g.actions)
    since = mark[1] if mark and mark[0] == key else done
    view = s.view()
    i18n.use_names(view.get("players") or ())
    parts = []
    if done < since:
        parts.append(word("undone"))
    elif done > since:
        lines = [
            tr(e.get("text", "")) for e in view.get("log", []) if isinstance(e.get("n"), int) and since <= e["n"] < done
        ]
        parts.extend(lines[-MAX_LINES:])
    seat = g.current_player
    if kind == "handoff":
        parts.append(word("handoff", name=_name(view, seat)))
    elif kind == "bot":
        parts.append(word("thinking", name=_name(view, seat)))
    elif kind == "over":
        winners = view.get("winners") or g.winners()
        who = i18n.join([_name(view, w) for w in winners])
        parts.append(word("over", result=tn("app.over.wins", "app.over.win", len(winners), who=who)))
    else:
        parts.append(_prompt(view))
        preview = s.flow.preview() if s.flow.selection else None
        if preview is not None:
            parts.append(word("selected", label=tr(preview.label)))
            if preview.changes:
                from web.model.turnflow import change_text

                parts.append(word("gives", changes=i18n.join([change_text(n, d) for n, d in preview.changes])))
            if preview.ends_turn:
                parts.append(word("ends_turn"))
            parts.append(word("confirm_keys"))
        elif getattr(s, "pick", None) is not None:
            parts.append(word("picked"))
    return " ".join(p for p in parts if p), (key, done)


def region_lines(svg):
    """The descriptions (``data-info``) of a region's elements, in drawing order, each once."""
    out, seen = [], set()
    for raw in _INFO.findall(svg or ""):
        text = " ".join(unescape(raw).split())
        if text and text not in seen:
            seen.add(text)
            out.append(text)
    return out


def board_text(view, regions, legal, scores=None):
    """The "Board as text" panel (HTML): whose turn and the decision, the scores, the choices,
    then each region (heading = its title) with its elements' descriptions."""
    # tabindex: the panel scrolls inside the decision bar, so a keyboard must be able to focus it
    # to scroll it (axe "scrollable-region-focusable").
    parts = [
        f'<section class="board-text" tabindex="0" aria-labelledby="board-text-h"><h2 id="board-text-h">'
        f'{esc(word("heading"))}</h2><dl>'
    ]
    seat = view.get("current_player")
    if seat is not None and not view.get("is_over"):
        parts.append(f'<dt>{esc(word("whose"))}</dt><dd>{esc(_name(view, seat))}</dd>')
    if view.get("prompt"):
        parts.append(f'<dt>{esc(word("decision"))}</dt><dd>{esc(tr(view.get("prompt")))}</dd>')
    scores = view.get("scores") if scores is None else scores
    if scores:
        items = t("core.list.sep").join(word("score_item", name=_name(view, i), score=v) for i, v in enumerate(scores))
        parts.append(f'<dt>{esc(word("scores"))}</dt><dd>{esc(items)}</dd>')
    parts.append("</dl>")
    if legal:
        parts.append(
            f'<h3>{esc(word("choices", n=len(legal)))}</h3><ul>'
            + "".join(f"<li>{esc(tr(a.label))}</li>" for a in legal)
            + "</ul>"
        )
    else:
        parts.append(f'<p>{esc(word("no_choice"))}</p>')
    for r in regions:
        lines = region_lines(r.svg)
        if lines:
            parts.append(
                f'<h3>{esc(tr(r.title) if r.title else r.name)}</h3><ul>'
                + "".join(f"<li>{esc(x)}</li>" for x in lines)
                + "</ul>"
            )
    parts.append("</section>")
    return "".join(parts)

"""Screen-reader support, pure Python (no js imports; tested in CPython):

- ``announcement``: the text of the page's live region (index.html ``#announce``): what just
  happened (the log lines of the moves since the last announcement, as the view on screen may see
  them) and what is asked now (the prompt, the selected move and its Confirm, the hand-off, the
  computer thinking, the result).
- ``board_text``: "Board as text" (``ui:board-text``), the state a sighted player reads off the
  table: whose turn and the decision, scores, the choices, then every region's descriptions (the
  same ``data-info`` texts the inspector shows, so nothing beyond the view on screen).

Every visible string of this module is in the table below (one place, for the gettext catalogs of a
later session).
"""
import re
from html import escape, unescape

WORDS = {
    "new": "New game: choose the game and the players, then Start.",
    "broken": "This embedded game cannot be shown.",
    "undone": "Undone.",
    "turn": "{name}: {prompt}",
    "handoff": "Pass the device to {name}.",
    "thinking": "{name} (computer) is thinking.",
    "over": "Game over: {who} {verb}.",
    "win": "wins", "win_many": "win", "and": " and ",
    "selected": "Selected: {label}.",
    "gives": "Changes: {changes}.",
    "ends_turn": "Confirming ends your turn.",
    "confirm_keys": "Press Enter or C to confirm, Escape to cancel.",
    "picked": "Now choose which citizen goes on top.",
    "step": "Step {step} of {total}.",
    "heading": "Board as text",
    "button_tip": "The board described in words (B)",
    "score_head": "Score",
    "whose": "Turn",
    "decision": "Decision",
    "scores": "Scores",
    "choices": "Choices ({n})",
    "no_choice": "Nothing to choose on this screen.",
    "score_item": "{name} {score}",
}
MAX_LINES = 6     # log lines read out at once (a long computer chain: the newest ones)
_INFO = re.compile(r'data-info="([^"]*)"')


def esc(x):
    return escape(str(x), quote=True)


def _name(view, seat):
    names = view.get("players") or []
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _prompt(view):
    name, prompt = _name(view, view.get("current_player")), str(view.get("prompt") or "")
    if not name or prompt.startswith(name):
        return prompt
    return WORDS["turn"].format(name=name, prompt=prompt)


def announcement(s, mark=None):
    """(text, new mark) for session ``s``. ``mark`` is what the last announcement covered:
    (game key, number of actions); the log lines of the actions since then are read out."""
    kind = s.screen
    if kind == "new":
        return WORDS["new"], mark
    if kind == "embed-error":
        return WORDS["broken"], mark
    if kind == "history":
        h = s.history
        view = h.view()
        lines = [e.get("text", "") for e in view.get("log", []) if h.step and e.get("n") == h.step - 1]
        return " ".join([WORDS["step"].format(step=h.step, total=h.total)] + lines[-MAX_LINES:]), mark
    g = s.game
    key, done = (g.GAME_NAME, g.seed, tuple(g.names)), len(g.actions)
    since = mark[1] if mark and mark[0] == key else done
    view = s.view()
    parts = []
    if done < since:
        parts.append(WORDS["undone"])
    elif done > since:
        lines = [e.get("text", "") for e in view.get("log", [])
                 if isinstance(e.get("n"), int) and since <= e["n"] < done]
        parts.extend(lines[-MAX_LINES:])
    seat = g.current_player
    if kind == "handoff":
        parts.append(WORDS["handoff"].format(name=_name(view, seat)))
    elif kind == "bot":
        parts.append(WORDS["thinking"].format(name=_name(view, seat)))
    elif kind == "over":
        winners = view.get("winners") or g.winners()
        who = WORDS["and"].join(_name(view, w) for w in winners)
        parts.append(WORDS["over"].format(who=who, verb=WORDS["win_many"] if len(winners) > 1 else WORDS["win"]))
    else:
        parts.append(_prompt(view))
        preview = s.preview() if s.selection else None
        if preview is not None:
            parts.append(WORDS["selected"].format(label=preview.label))
            if preview.changes:
                from .turnflow import change_text
                parts.append(WORDS["gives"].format(changes=", ".join(change_text(n, d) for n, d in preview.changes)))
            if preview.ends_turn:
                parts.append(WORDS["ends_turn"])
            parts.append(WORDS["confirm_keys"])
        elif getattr(s, "pick", None) is not None:
            parts.append(WORDS["picked"])
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
    parts = [f'<section class="board-text" aria-labelledby="board-text-h"><h2 id="board-text-h">'
             f'{esc(WORDS["heading"])}</h2><dl>']
    seat = view.get("current_player")
    if seat is not None and not view.get("is_over"):
        parts.append(f'<dt>{esc(WORDS["whose"])}</dt><dd>{esc(_name(view, seat))}</dd>')
    if view.get("prompt"):
        parts.append(f'<dt>{esc(WORDS["decision"])}</dt><dd>{esc(view.get("prompt"))}</dd>')
    scores = view.get("scores") if scores is None else scores
    if scores:
        items = ", ".join(WORDS["score_item"].format(name=_name(view, i), score=v) for i, v in enumerate(scores))
        parts.append(f'<dt>{esc(WORDS["scores"])}</dt><dd>{esc(items)}</dd>')
    parts.append("</dl>")
    if legal:
        parts.append(f'<h3>{esc(WORDS["choices"].format(n=len(legal)))}</h3><ul>'
                     + "".join(f"<li>{esc(a.label)}</li>" for a in legal) + "</ul>")
    else:
        parts.append(f'<p>{esc(WORDS["no_choice"])}</p>')
    for r in regions:
        lines = region_lines(r.svg)
        if lines:
            parts.append(f'<h3>{esc(r.title or r.name)}</h3><ul>'
                         + "".join(f"<li>{esc(t)}</li>" for t in lines) + "</ul>")
    parts.append("</section>")
    return "".join(parts)

"""HTML building blocks of the page around the board (pure Python, tested in CPython): escaping,
buttons, a seat's token and badge, readable words for ids. Every text from players or engines goes
through esc(): names are user input."""

from html import escape

from engine.core.msg import N_

from web.i18n import t
from web.i18n.player_names import isolate
from web.kit.seats import SEAT_MARKS, needs_white_text
from web.kit.svgkit import shape_body


def esc(x):
    return escape(str(x), quote=True)


def button(action, label, cls="btn", disabled=False, title=None):
    dis = " disabled" if disabled else ""
    tip = f' title="{esc(title)}"' if title else ""
    return f'<button type="button" class="{cls}" data-action="{esc(action)}"{tip}{dis}>{esc(label)}</button>'


# ----- seats ----------------------------------------------------------------------------------------
def mark(seat, colour, letter=None):
    """A seat's token: its colour, shape and letter (``letter``: another one, e.g. a solo game's automaton's)."""
    own, shape = SEAT_MARKS[seat % len(SEAT_MARKS)]
    letter = letter or own
    ink = "#fff" if needs_white_text(colour) else "#000"
    body = shape_body(shape, 10, 10, 8, f'fill="{esc(colour)}" stroke="#000" stroke-width="1"')
    return (
        f'<svg class="mark" viewBox="0 0 20 20" aria-hidden="true">{body}'
        f'<text x="10" y="14" fill="{ink}">{esc(letter)}</text></svg>'
    )


def seat_badge(seat, names, colours, letters=None):
    if seat is None or not 0 <= seat < len(names):
        return ""
    return (
        f'<span class="seat">{mark(seat, colours[seat], seat_letter(letters, seat))}{esc(isolate(names[seat]))}</span>'
    )


def _word(value):
    """An option name or choice as a form label: ``board_layout`` -> "Board layout"."""
    text = str(value).replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


# The words of ids the form and panels show (option names and choices, computer levels and
# speeds, action kinds, score categories a game gives no name for): the app's catalog; an id
# missing here reads as its own words (_word), which the pseudo-locale test catches.
ID_WORDS = {
    "layout": N_("app.id.layout"),
    "printed": N_("app.id.printed"),
    "shuffled": N_("app.id.shuffled"),
    "difficulty": N_("app.id.difficulty"),
    "rules": N_("app.id.rules"),
    "original": N_("app.id.original"),
    "2.0": N_("app.id.v2"),
    "easy": N_("app.id.easy"),
    "normal": N_("app.id.normal"),
    "hard": N_("app.id.hard"),
    "fast": N_("app.id.fast"),
    "slow": N_("app.id.slow"),
    "off": N_("app.id.off"),
    "on": N_("app.id.on"),
}


def id_word(value):
    """An id's words in the active language (ID_WORDS), else its own words."""
    key = ID_WORDS.get(str(value))
    return t(key) if key else _word(value)


def seat_letter(letters, seat):
    return letters[seat] if letters and 0 <= seat < len(letters) else None

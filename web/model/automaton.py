"""A non-player opponent in a view (a solo game's automaton): the game's spec names the view key of
its entry (``GameSpec.automaton``), its renderer the letter on its tokens
(``Renderer.automaton_letter``). Panels add its column to the scores and its token to the log."""

from engine.core import registry

from web.base import renderer
from web.i18n import t


def entry(view):
    """The view's non-player opponent entry (a dict), or None when the game has none or not now."""
    try:
        key = registry.get(view.get("game")).automaton
    except ValueError:  # a game no longer registered (OptionError is a ValueError)
        return None
    return view.get(key) or None if key else None


def letter(view):
    """The letter on the opponent's tokens in the active language ("" when not said)."""
    try:
        key = renderer.of(view.get("game")).automaton_letter
    except (ImportError, ValueError):
        return ""
    return t(key) if key else ""

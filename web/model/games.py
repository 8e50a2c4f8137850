"""The game registry as the web shell sees it, pure Python: the list of games, one game's spec,
its computer levels and option choices, and the error the shell's checks raise.

Everything game-specific comes from the game registry (engine/core/registry.py): the list of
games, their titles, player counts, options (form fields and URL parameters), renderer and bot
levels. No game is named here: a game registered by a test plays unchanged.
"""

from engine.core import registry
from engine.core.errors import OptionError
from engine.core.msg import N_

from web.i18n import t, tr
from web.kit.seats import SEAT_MARKS

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
# Colour -> the catalog key of its name (web/screens/panels.py shows t(key)).
PALETTE = {
    "#E69F00": N_("app.colour.orange"),
    "#56B4E9": N_("app.colour.sky_blue"),
    "#009E73": N_("app.colour.green"),
    "#F0E442": N_("app.colour.yellow"),
    "#0072B2": N_("app.colour.blue"),
    "#D55E00": N_("app.colour.vermillion"),
    "#CC79A7": N_("app.colour.purple"),
    "#000000": N_("app.colour.black"),
}
MAX_SEATS = len(SEAT_MARKS)  # the form always keeps this many names/colours (a game may have fewer seats)
MAX_NAME = 24


class SetupError(ValueError):
    """Bad new-game settings (form, URL or saved meta); the message is shown to the user. The
    app's errors are worded when raised (``t("app.err...")``, the active language)."""


def games():
    """The registered games (GameSpec), in registry order (the form lists them in this order)."""
    _ensure_builtins()
    return registry.specs()


def game_spec(name, error=SetupError):
    """The GameSpec called ``name``; ``error`` (a ValueError class) with a readable message if none."""
    _ensure_builtins()
    try:
        return registry.get(name)
    except OptionError as e:
        raise error(tr(e.message)) from None


def _ensure_builtins():
    # engine/__init__.py registers the built-in games once the shape work wires it; until then
    # (or if a test registered only its own game) register them here. Idempotent.
    if not any(s.module.startswith("engine.") for s in registry.specs()):
        registry._register_builtins()


def bot_levels(spec):
    """The computer levels of a game (``spec.bots`` keys, e.g. easy, normal). A game whose spec
    names no bot yet has one level, played by web/model/hints.py's fallback."""
    return tuple(spec.bots) or ("normal",)


def default_level(spec):
    """The level of a computer seat nobody chose a level for (``bots=1`` in a link, old saves)."""
    levels = bot_levels(spec)
    return "normal" if "normal" in levels else levels[0]


def option_value(spec, option, raw):
    """A form/URL string -> the option's choice (choices may be strings or numbers), else None."""
    for choice in option.choices:
        if raw == choice or str(raw) == str(choice):
            return choice
    return None


def default_players(spec):
    counts = spec.player_counts
    return counts[1] if len(counts) > 1 else counts[0]


def default_name(i):
    """The name of seat ``i`` nobody typed ("Player 1"): words of the language on screen when
    the game starts (a name is the players' own text: it stays as it was in the record)."""
    return t("app.form.default_name", n=i + 1)


def computer_name(i):
    """The default name of computer seat ``i`` on the new-game form ("Computer 2")."""
    return t("app.form.computer_name", n=i + 1)


def or_list(words):
    """("easy", "normal", "hard") -> "easy, normal or hard" (ids: only the joining words translate)."""
    words = list(words)
    return t("app.list.or").join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)

"""The game registry: one description per game, the only list of games there is.

Every game package declares a ``GameSpec`` in its ``spec.py`` (cheap to import: it names
modules, it does not import them), and this module registers the built-in ones. The web
builds the new-game form, the session, hints and rendering from these specs; a test can
register a tiny game of its own (see tests/contract). Adding a game = a new
``engine/<game>/`` package with a ``spec.py`` + a renderer package named by the spec.
"""

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class OptionSpec:
    """One ``new_game`` option: its name, default and the allowed values (in form order).
    ``players``: the player counts it means something for (empty: all); at any other count
    it must keep its default (the game refuses anything else, the form leaves it out)."""

    name: str
    default: object
    choices: tuple
    players: tuple = ()
    label: str = ""  # the form's words for it (default: its name)

    def applies(self, players) -> bool:
        return not self.players or players in self.players


@dataclass(frozen=True)
class GameSpec:
    name: str  # record["game"], URL game=, package name
    title: str  # the game's printed title (a proper name, never translated)
    player_counts: tuple  # allowed player counts, ascending
    module: str  # dotted engine module exposing new_game(players, seed, **options), replay(record)
    renderer: str  # dotted web module exposing render(view, legal, **highlights)
    options: tuple = ()  # OptionSpec, in form order
    bots: dict = field(default_factory=dict)  # level -> "module:function"; policy(game, rng) -> Action
    count_labels: dict = field(default_factory=dict)  # player count -> the form's words for it
    # Where the game's words are (docs/i18n.md): its gettext domain (locale/<lang>/LC_MESSAGES/
    # <catalog>.po; "" = none) and the prefix of its message keys ("bcn" for bcn.*)
    catalog: str = ""
    key_prefix: str = ""
    # Capabilities the web asks instead of guessing: the view key of a non-player opponent's entry
    # (its name, board, score, breakdown, score_history, last_turn; "" = the game has none); the
    # log entries of its steps carry the same key (web/model/banners.py, web/model/automaton.py)
    automaton: str = ""
    # "module:function", (game) -> (turns, steps) or None: how many turns the non-player opponent
    # has had and how many steps its last one logged (None: none in this game). Its whole turn runs
    # inside a person's action; the app then shows its steps one at a time ("" = the game has none)
    automaton_progress: str = ""
    # What the game review (review/, docs/review.md) asks instead of guessing, each "module:function"
    # of (game): ``search_hooks`` -> the Hard level's search for the pending decision (a dict of
    # engine.core.search.search keywords and its ``iterations``), or None where Hard does not search
    # ("" = the generic search's defaults: random rollouts to the end); ``turn_count`` -> the turns
    # completed, a turn ends when it grows ("" = a turn is one seat's run of consecutive
    # decisions); ``round_count`` -> the rounds completed ("" = the game has no rounds)
    search_hooks: str = ""
    turn_count: str = ""
    round_count: str = ""
    # VP of final margin that move the win chance of an even position from 50% to 73% (a logistic
    # scale): the review's classes and accuracy read a loss in VP through it (0 = the review's default)
    review_scale: float = 0.0

    # "module:function", (game, action) -> message or None: why a move, by the game's own
    # evaluation (engine/core/why.py); the Hint's second line ("" = the game says nothing)
    explain: str = ""

    # ----- lazy access (the spec itself imports nothing heavy) -------------------------------
    def engine(self):
        return importlib.import_module(self.module)

    def new_game(self, players, seed=0, **options):
        return self.engine().new_game(players, seed, **options)

    def replay(self, record):
        return self.engine().replay(record)

    def option(self, name):
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def defaults(self):
        return {o.name: o.default for o in self.options}

    def automaton_turn(self, game):
        """(turns, steps) of the non-player opponent in ``game`` (``automaton_progress``), or None."""
        if not self.automaton_progress:
            return None
        mod, _, fn = self.automaton_progress.partition(":")
        return getattr(importlib.import_module(mod), fn)(game)

    def hook(self, name):
        """The function a "module:function" field names (``search_hooks``, ``turn_count``,
        ``round_count``), or None when the field is empty."""
        target = getattr(self, name)
        if not target:
            return None
        mod, _, fn = target.partition(":")
        return getattr(importlib.import_module(mod), fn)

    def why(self, game, action):
        """The why line of ``action`` in ``game`` (``explain``), or None."""
        if not self.explain:
            return None
        mod, _, fn = self.explain.partition(":")
        return getattr(importlib.import_module(mod), fn)(game, action)

    def bot(self, level):
        """The policy function of a bot level (``policy(game, rng) -> Action``)."""
        target = self.bots[level]
        mod, _, fn = target.partition(":")
        return getattr(importlib.import_module(mod), fn)


_SPECS: dict = {}


def register(spec: GameSpec) -> GameSpec:
    if not isinstance(spec, GameSpec):
        raise TypeError("register() takes a GameSpec")
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """For tests that register a game of their own."""
    _SPECS.pop(name, None)


def get(name) -> GameSpec:
    from .errors import OptionError
    from .msg import msg

    spec = _SPECS.get(name) if isinstance(name, str) else None
    if spec is None:
        raise OptionError(msg("core.err.unknown_game", game=repr(str(name)[:40]), known=", ".join(_SPECS)))
    return spec


def names() -> tuple:
    return tuple(_SPECS)


def specs() -> tuple:
    return tuple(_SPECS.values())


def _register_builtins():
    for pkg in ("barcelona", "strasbourg"):
        register(importlib.import_module(f"engine.{pkg}.spec").SPEC)

"""Rules engines for heavy euro games, pure Python (stdlib only).

Each game is a subpackage exposing the same small interface::

    game = engine.barcelona.new_game(players=3, seed=42)
    game.legal_actions()      # options of the one pending decision
    game.apply("place:2,3")   # an Action or its id
    game.record()             # JSON-safe record; engine.replay(record) rebuilds it

The games are listed in one place, the registry (engine/core/registry.py), which
is filled with the built-in games when ``engine`` is imported. The interface every
game implements is declared on ``engine.core.game.Game``; see docs/engine-interface.md.
"""

from .core import registry
from .core.version import ENGINE_VERSION

__version__ = ENGINE_VERSION

registry._register_builtins()


def __getattr__(name):
    # GAME_NAMES follows the registry (a game registered later, e.g. by a test, is included)
    if name == "GAME_NAMES":
        return registry.names()
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


def game_module(name: str):
    """Return the engine module of a registered game by name (OptionError, a ValueError, if unknown)."""
    return registry.get(name).engine()


def replay(record):
    """Rebuild any game from its record (dispatches on ``record['game']``), with the engine that
    plays the record's rules version: this one, or a frozen older one (engine/versions.py)."""
    from . import versions

    return versions.load(record)

"""Rules engines for heavy euro games, pure Python (stdlib only).

Each game is a subpackage exposing the same small interface::

    game = engine.barcelona.new_game(players=3, seed=42)
    game.legal_actions()      # options of the one pending decision
    game.apply("place:2,3")   # an Action or its id
    game.record()             # JSON-safe record; engine.barcelona.replay(record) rebuilds it

See docs/engine-interface.md.
"""
from .core.version import ENGINE_VERSION

__version__ = ENGINE_VERSION

GAME_NAMES = ("barcelona", "strasbourg")


def game_module(name: str):
    """Return the engine module of a game by name (``barcelona`` or ``strasbourg``)."""
    if name == "barcelona":
        from . import barcelona
        return barcelona
    if name == "strasbourg":
        from . import strasbourg
        return strasbourg
    raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}")


def replay(record):
    """Rebuild any game from its record (dispatches on ``record['game']``)."""
    from .core.errors import RecordError
    from .core.record import check_record_shape
    check_record_shape(record)
    if record["game"] not in GAME_NAMES:
        raise RecordError(f"unknown game {record['game']!r} in record; known games: {', '.join(GAME_NAMES)}")
    return game_module(record["game"]).replay(record)

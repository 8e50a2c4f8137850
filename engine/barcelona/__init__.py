"""Barcelona (Dani Garcia, Board&Dice 2023) rules engine.

    game = new_game(3, seed=42)              # or new_game(["Ana", "Ben"], seed=1, layout="shuffled")
    game.legal_actions(); game.apply(id); game.record(); replay(record)

Rules: the Barcelona rulebook (zh-Hans, the official Simplified Chinese edition) is the
authority; see docs/barcelona.md.
Component values: data.py (with provenance). Player counts, options and bots: spec.py.
Importing this package is cheap; the rules load with the first game.
"""

from ..core.errors import IllegalAction, RecordError, OptionError  # noqa: F401
from .spec import SPEC

GAME_NAME = SPEC.name
PLAYER_COUNTS = SPEC.player_counts


def new_game(players, seed: int = 0, **options):
    """Start a game: ``players`` is a count (2-4) or a list of names."""
    from .game import BarcelonaGame

    return BarcelonaGame(players, seed, **options)


def replay(record):
    """Rebuild a game from its record (RecordError if malformed or illegal)."""
    from .game import BarcelonaGame

    return BarcelonaGame.from_record(record)


def __getattr__(name):
    if name == "BarcelonaGame":
        from .game import BarcelonaGame

        return BarcelonaGame
    raise AttributeError(f"module 'engine.barcelona' has no attribute {name!r}")

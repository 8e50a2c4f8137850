"""Strasbourg (Stefan Feld, 2011), rules-enforced. Rules authority: the
Traditional-Chinese rules text (the translation by 波利 of 板橋團); component values in data.py.

    game = engine.strasbourg.new_game(4, seed=7)
    game.legal_actions(); game.apply("draw"); engine.strasbourg.replay(game.record())

Where each rule lives: see game.py's docstring and docs/strasbourg.md. Player
counts, options and bots: spec.py. Importing this package is cheap; the rules
load with the first game.
"""

from .spec import SPEC

GAME_NAME = SPEC.name
PLAYER_COUNTS = SPEC.player_counts


def new_game(players, seed: int = 0, **options):
    """Start a game: ``players`` is a count (3-5) or a list of names."""
    from .game import StrasbourgGame

    return StrasbourgGame(players, seed, **options)


def replay(record):
    """Rebuild a game from its record (RecordError if malformed or illegal)."""
    from .game import StrasbourgGame

    return StrasbourgGame.from_record(record)


def __getattr__(name):
    if name == "StrasbourgGame":
        from .game import StrasbourgGame

        return StrasbourgGame
    raise AttributeError(f"module 'engine.strasbourg' has no attribute {name!r}")


__all__ = ["StrasbourgGame", "new_game", "replay", "GAME_NAME", "PLAYER_COUNTS", "SPEC"]

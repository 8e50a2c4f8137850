"""Strasbourg (Stefan Feld, 2011), rules-enforced. Rules authority: the
Traditional-Chinese rules text (shared/seeds/002); component values in data.py.

    game = engine.strasbourg.new_game(4, seed=7)
    game.legal_actions(); game.apply("draw"); engine.strasbourg.replay(game.record())

Where each rule lives: see game.py's docstring and docs/strasbourg.md.
"""
from .game import StrasbourgGame

GAME_NAME = StrasbourgGame.GAME_NAME
PLAYER_COUNTS = StrasbourgGame.PLAYER_COUNTS


def new_game(players, seed: int = 0, **options) -> StrasbourgGame:
    """Start a game: ``players`` is a count (3-5) or a list of names."""
    return StrasbourgGame(players, seed, **options)


def replay(record) -> StrasbourgGame:
    """Rebuild a game from its record (RecordError if malformed or illegal)."""
    return StrasbourgGame.from_record(record)


__all__ = ["StrasbourgGame", "new_game", "replay", "GAME_NAME", "PLAYER_COUNTS"]

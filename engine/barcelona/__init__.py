"""Barcelona (Dani Garcia, Board&Dice 2023) rules engine.

    game = new_game(3, seed=42)              # or new_game(["Ana", "Ben"], seed=1, layout="printed")
    game.legal_actions(); game.apply(id); game.record(); replay(record)

Rules: ../shared/seeds/000 (Chinese rulebook) is the authority; see docs/barcelona.md.
Component values: data.py (with provenance).
"""
from ..core.errors import IllegalAction, RecordError, OptionError  # noqa: F401
from .game import BarcelonaGame
from .view import view as _view

BarcelonaGame.view = _view


def new_game(players, seed: int = 0, **options) -> BarcelonaGame:
    return BarcelonaGame(players, seed, **options)


def replay(record) -> BarcelonaGame:
    return BarcelonaGame.from_record(record)

"""Errors raised by the engines. All are ValueError subclasses so callers can
catch bad input generically; none of them is raised after a state change.

An error carries a message (engine/core/msg.py), not words: ``e.message`` is the dict the web
side translates; ``str(e)`` is its language-free key rendering, for logs and test output."""

from .msg import key_text


class EngineError(ValueError):
    """Base class of every error the engines raise on bad input."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return key_text(self.message)


class IllegalAction(EngineError):
    """The action is not one of ``legal_actions()`` now; the game is unchanged."""


class RecordError(EngineError):
    """A record is malformed, tampered with, or from an incompatible engine."""


class OptionError(EngineError):
    """``new_game`` was given an unknown option or a bad player count."""

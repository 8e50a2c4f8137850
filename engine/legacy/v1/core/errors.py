"""Errors raised by the engines. All are ValueError subclasses so callers can
catch bad input generically; none of them is raised after a state change."""


class EngineError(ValueError):
    """Base class of every error the engines raise on bad input."""


class IllegalAction(EngineError):
    """The action is not one of ``legal_actions()`` now; the game is unchanged."""


class RecordError(EngineError):
    """A record is malformed, tampered with, or from an incompatible engine."""


class OptionError(EngineError):
    """``new_game`` was given an unknown option or a bad player count."""

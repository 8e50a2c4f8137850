"""The review's one error: a record it cannot review (damaged, of an engine no build plays, or a
game still in progress). ``message`` is a message (engine/core/msg.py), never words."""

from engine.core.errors import EngineError


class ReviewError(EngineError):
    """The record cannot be reviewed; ``.message`` says why (a message dict)."""

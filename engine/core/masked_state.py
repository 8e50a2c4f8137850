"""A masked copy of a game as bytes, and back: what the page sends to its background worker
(web/worker.js) so a computer seat can think off the page's thread.

Why not the record: a record is the seed plus every action id, i.e. every secret of the game
(replaying it deals every hand). Why not ``masked_for`` alone: the masked copy re-deals what
``seat`` cannot see, but it still carries the Game base's bookkeeping, which is not masked:
``seed`` (replaying from it deals the real hands), ``actions`` (ids of other seats' secret
choices) and ``log`` (other seats' private lines). ``masked_state`` clears those three before
the copy leaves the engine: the seed becomes the mask seed, the action ids blanks (their number
is public), the log the seat's own ``log_for(seat)``. What is left is a function of ``view(seat)``
and ``seed`` only (tests/web/test_bot_worker.py: two games that differ only in another
seat's secrets give identical bytes).

The copy is a plain Python object graph (pickle): the state of each game is many small
classes, and a per-game dict schema would be a second description of every state field to keep
in step. Pickle is stdlib, the page and the worker run the same Pyodide, and loading is
restricted to the engine's own classes (``_EngineOnly``), so a bad blob cannot name other code.
"""

import io
import pickle

from .errors import RecordError

PROTOCOL = 5


def masked_state(game, seat, seed) -> bytes:
    """``game.masked_for(seat, seed)`` without the secrets of the base bookkeeping, as bytes."""
    h = game.masked_for(seat, seed)
    h.seed = seed  # the real seed would deal every real hand again
    h.actions = [""] * len(h.actions)  # other seats' ids may name secret choices; the count is public
    h.undo_floor = len(h.actions)  # nothing to undo into
    h.passed_turn = h.passed_own_draw = False  # nor to take back
    h.log = game.log_for(seat)  # private lines of other seats stay out
    return pickle.dumps(h, protocol=PROTOCOL)


class _EngineOnly(pickle.Unpickler):
    """Unpickles only classes and helpers of the ``engine`` package (and plain data)."""

    def find_class(self, module, name):
        if module == "engine" or module.startswith("engine."):
            return super().find_class(module, name)
        raise RecordError(f"masked state names {module[:40]}.{name[:40]}, which is not part of the engine")


def game_from_masked_state(data: bytes):
    """The masked copy ``masked_state`` wrote: a Game to run a bot on (never a real game)."""
    try:
        return _EngineOnly(io.BytesIO(data)).load()
    except RecordError:
        raise
    except Exception as e:  # truncated or foreign bytes
        raise RecordError(f"masked state unreadable: {e.__class__.__name__}") from None

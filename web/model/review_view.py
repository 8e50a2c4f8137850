"""The game review as the app shows it, pure Python (tested in CPython): ``ReviewView`` is the
session's ``review``. The analysis itself is the package ``review`` (beside engine/; its
``Review(record, state=None)`` replays a finished game and evaluates its decisions one
``step()`` at a time); this module holds what the screen needs of it:

- ``open()``: the quick part (scores per turn, sources, scoring events: a replay, on the page)
  at once, and whatever a stored state already evaluated (``Review(record, state=...)``: a review
  opened a second time is complete at once);
- the evaluation runs in the computer seats' background worker (web/worker/review.py): the
  page asks ``worker_request()``, the worker's progress comes back through ``progress()``, and
  ``cancel()`` / ``resume()`` stop and go on. Nothing is evaluated on the page;
- ``saved_state()``: what is stored with the saved game (the record's ``meta.review``,
  Session.save_text), read back by ``keep_stored()`` on load; bad stored data is ignored.

Only for a finished game: a review reads every seat's hidden cards and choices, so while the game
is in progress nothing of it is offered, computed or drawn (``can_open``).
"""

import importlib
import json

from web.i18n import t
from web.model.games import SetupError
from web.model.history import History
from web.model.open_record import engine_of

MAX_STATE = 1_000_000  # characters of stored review state read back (a record is <= 2 MB in all)


def load_review():
    """The analysis package (imported when a review is first opened: nothing of it at start-up)."""
    return importlib.import_module("review")


class ReviewView:
    """The game review of a session (its ``review``).

    ``owner``: what it reads of the session: ``game`` (the finished game), ``embed`` (no review
    in embed mode) and ``choosing`` (the new-game screen is on top)."""

    def __init__(self, owner, load=None):
        self.owner = owner
        self.load = load or load_review
        self.stored = None  # the state read back with the saved game (meta.review), not yet checked
        self.jobs = 0  # worker jobs asked so far (a reply names its job)
        self.reset()

    def reset(self):
        """A game opened or started: nothing of another game's review stays."""
        self.shown = False
        self.key = None  # the game reviewed: (name, seed, names, actions count)
        self.quick = None  # Review.quick(): the chart, the sources, the events
        self.result = None  # Review.result(): accuracy, counts, turning points (partial until complete)
        self.state = None  # Review.state(): what the evaluation has done (stored with the game)
        self.done, self.total = 0, 0
        self.running = None  # the worker job under way (its number), else None
        self.stopped = False  # the player pressed Cancel (Resume goes on)
        self.problem = ""  # why the evaluation cannot run (the worker is down, or it failed)
        self.turn = None  # the chart's selected turn (index into quick["turns"]), None = none
        self.table_open = False  # the chart's table alternative is shown
        self.boards = {}  # turning point boards drawn: (at, moves, words, colours) -> drawings (review_panels)
        self._history = None  # the positions of the game reviewed (web.model.history.History)

    # ----- what is offered -------------------------------------------------------------------
    def can_open(self):
        """Only for a finished game on screen, outside embed mode: a review uses every secret."""
        s = self.owner
        return s.game is not None and bool(s.game.is_over) and s.embed is None

    def key_of(self):
        g = self.owner.game
        return (g.GAME_NAME, g.seed, tuple(g.names), len(g.actions))

    def history(self):
        """The positions of the game reviewed, every seat's view allowed (the game is over)."""
        if self._history is None:
            self._history = History(self.record(), engine_of(self.owner.game, self.owner.load_module), hidden=False)
        return self._history

    def record(self):
        rec = self.owner.game.record()
        rec.pop("meta", None)
        return rec

    # ----- opening -----------------------------------------------------------------------------
    def open(self):
        """The review screen, with the quick part at once; what a stored state evaluated already is
        there too. Raises SetupError for a game in progress."""
        if not self.can_open():
            raise SetupError(t("app.review.not_over"))
        if self.key != self.key_of() or self.quick is None:
            self._analyse()
        self.shown = True

    def _analyse(self):
        module = self.load()
        record = self.record()
        review = None
        stored, self.stored = self.stored, None
        if stored is not None:
            try:
                review = module.Review(record, state=stored)
            except Exception:  # bad stored data is ignored: the review starts again
                review = None
        if review is None:
            try:
                review = module.Review(record)
            except module.ReviewError as e:
                raise SetupError(t("app.review.cannot", why=_words(e.message))) from None
        self.key = self.key_of()
        self.quick = review.quick()
        self.total, self.done = int(review.total()), int(review.done())
        self.result = review.result() if self.done else None
        self.state = review.state() if self.done else None
        self.running, self.stopped, self.problem = None, False, ""

    def close(self):
        """Back to the end screen (the evaluation goes on in the worker meanwhile)."""
        self.shown = False

    # ----- the evaluation in the worker ----------------------------------------------------------
    @property
    def complete(self):
        return self.quick is not None and self.done >= self.total

    def wants_worker(self):
        """The page should start a worker job now: the review is open, not complete, not running,
        not stopped by the player, not failed."""
        return (
            self.shown
            and self.quick is not None
            and not self.complete
            and self.running is None
            and not self.stopped
            and not self.problem
        )

    def worker_request(self):
        """(job number, JSON text) for the worker: the finished game's record (the game is over:
        nothing in it is a secret any more) and the state evaluated so far."""
        self.jobs += 1
        self.running = self.jobs
        return self.jobs, json.dumps({"record": self.record(), "state": self.state})

    def progress(self, job, reply, key=None):
        """A message of worker job ``job``: {"done", "total"} and now and then "result" and
        "state"; the last one has "finished" (complete or cancelled); {"error"} if it failed.
        Returns False when it belongs to no job of the game on screen (the page then cancels it)."""
        if job != self.running or (key is not None and key != self.key):
            return False
        if "error" in reply:
            self.running, self.problem = None, str(reply["error"])[:200]
            return True
        self.done = int(reply.get("done", self.done))
        self.total = int(reply.get("total", self.total))
        if isinstance(reply.get("result"), dict):
            self.result = reply["result"]  # the boards drawn stay: they are kept by what they show
        if isinstance(reply.get("state"), dict):
            self.state = reply["state"]
        if reply.get("finished"):
            self.running = None
        return True

    def cancel(self):
        """Cancel: the job stops (the page tells the worker, whose last state is kept)."""
        job = self.running
        self.stopped = True
        return job

    def resume(self):
        self.stopped, self.problem = False, ""

    def worker_down(self, why):
        self.running, self.problem = None, str(why or "")[:200]

    # ----- stored with the saved game ------------------------------------------------------------
    def saved_state(self):
        """The state to store beside the record (its meta.review), or None."""
        if self.state is None or self.key is None or self.owner.game is None or self.key != self.key_of():
            return None
        return self.state

    def keep_stored(self, meta):
        """A saved game's raw meta was read: keep its review state to try when the review opens
        (checked then by the analysis; anything odd is ignored)."""
        got = meta.get("review") if isinstance(meta, dict) else None
        if isinstance(got, dict) and len(json.dumps(got)) <= MAX_STATE:
            self.stored = got
        else:
            self.stored = None

    # ----- the chart's selected turn -------------------------------------------------------------
    def toggle_table(self):
        self.table_open = not self.table_open

    def select_turn(self, i):
        turns = (self.quick or {}).get("turns") or []
        if not 0 <= int(i) < len(turns):
            raise SetupError(t("app.review.no_turn"))
        self.turn = int(i)

    def turning_point(self, i):
        tps = (self.result or {}).get("turning_points") or []
        if not 0 <= int(i) < len(tps):
            raise SetupError(t("app.review.no_turn"))
        return tps[int(i)]


def _words(message):
    from web.i18n import tr

    return tr(message)


def vp_words(loss, spread, z=None):
    """A turning point's difference in plain words, with its uncertainty where it matters. The
    spread is the noise of the evaluation on that difference (docs/review.md): a difference within
    ``z`` spreads (the analysis's ``rating.Z``) may be noise, and the words say so; otherwise the
    spread is said, "(± 4 VP)", when it is at least a quarter of the difference."""
    if z is None:
        from review.rating import Z as z
    vp = max(1, round(float(loss)))
    text = t("app.review.worse", vp=vp)
    if spread is None:
        return text
    sp = max(1, round(float(spread))) if float(spread) > 0 else 0
    if float(loss) <= z * float(spread):
        return text + " " + t("app.review.noise", spread=sp)
    if sp and float(spread) * 4 >= float(loss):
        return text + " " + t("app.review.give_or_take", spread=sp)
    return text

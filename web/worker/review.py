"""The game review's side of the background worker (web/worker.js runs it in its own Pyodide):
the page sends a finished game's record (and the state evaluated so far, stored with the saved
game); the worker evaluates its decisions with the analysis package ``review`` a slice of time at
a time, and worker.js posts the progress between slices, so a Cancel (or a computer seat's
question) is heard within one slice. Pure Python: tests/web/test_review_screen.py runs it in CPython.

Replies (JSON): {"done", "total"}, with "result" (Review.result()) and "state" (Review.state())
when a tenth of the decisions more was evaluated since the last ones sent, and always in the
last reply, which has "finished" (and "cancelled" after a Cancel); {"error", "finished"} when the
record cannot be reviewed."""

import importlib
import json
import time

SLICE_MS = 250  # one slice of work between two messages: a Cancel waits at most this long
JOBS = {}  # job id -> Job


class Job:
    def __init__(self, review):
        self.review = review
        self.sent = -1  # the number of decisions evaluated when a result was last sent

    def reply(self, final=False):
        r = self.review
        done, total = int(r.done()), int(r.total())
        out = {"done": done, "total": total}
        if final or done >= total or done - self.sent >= max(1, total // 10):
            out["result"], out["state"] = r.result(), r.state()
            self.sent = done
        if final or done >= total:
            out["finished"] = True
        return out


def begin(job, text, load=None):
    """Start job ``job`` (a number the page chose) on ``text`` = {"record", "state"}."""
    try:
        module = (load or _load)()
        request = json.loads(str(text))
        review = None
        if request.get("state") is not None:
            try:
                review = module.Review(request["record"], state=request["state"])
            except Exception:  # a state that does not fit: the evaluation starts again
                review = None
        if review is None:
            review = module.Review(request["record"])
    except Exception as e:
        return json.dumps({"error": f"{e.__class__.__name__}: {str(e)[:200]}", "finished": True})
    JOBS[int(job)] = Job(review)
    return json.dumps(JOBS[int(job)].reply())


def work(job, ms=SLICE_MS, clock=time.monotonic):
    """Evaluate decisions for about ``ms`` milliseconds (at least one), then say how far it got."""
    j = JOBS.get(int(job))
    if j is None:
        return json.dumps({"error": "no such review", "finished": True})
    end = clock() + max(1, int(ms)) / 1000
    try:
        while j.review.step() and clock() < end:
            pass
        out = j.reply()
    except Exception as e:
        out = {"error": f"{e.__class__.__name__}: {str(e)[:200]}", "finished": True}
    if out.get("finished"):
        JOBS.pop(int(job), None)
    return json.dumps(out)


def stop(job):
    """Cancel: the last reply, with what was evaluated so far (the page keeps it)."""
    j = JOBS.pop(int(job), None)
    if j is None:
        return json.dumps({"finished": True, "cancelled": True})
    out = j.reply(final=True)
    out["cancelled"] = True
    return json.dumps(out)


def _load():
    return importlib.import_module("review")

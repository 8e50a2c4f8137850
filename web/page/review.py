"""PyScript glue for the game review: its job in the background worker (``window.euroBot.review``,
web/worker.js running web/worker/review.py), the progress it posts and Cancel. What to ask and
what the answers mean is web/model/review_view.py's (the session's ``review``)."""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from web.i18n import t
from web.page.core import S, run
from web.page.store import resume_slot, save

BOT = window.euroBot  # boot.js: the background worker the computer seats think in


def open_review():
    """ui:review: the quick part at once (a replay on the page), the evaluation in the worker."""
    S.review.open()
    keep_going()


def keep_going():
    """Start the worker's job when the review wants one (open, incomplete, not cancelled)."""
    r = S.review
    if not r.wants_worker():
        return
    if str(BOT.status()) == "failed":  # no worker: the quick part only, and the reason
        r.worker_down(str(BOT.failure()))
        return
    job, text = r.worker_request()
    BOT.start()
    asyncio.ensure_future(follow(job, text))


async def follow(job, text):
    try:
        final = json.loads(str(await BOT.review(job, text, progress_proxy)))
    except Exception as e:  # the worker died or failed to start
        final = {"error": str(e), "finished": True}

    def done():
        if S.review.progress(job, final):
            save()  # what was evaluated is stored with the game: opened again, it is there at once

    run(done)


def on_progress(job, text):
    job = int(job)
    if job != S.review.running:  # another game is on screen now, or the job was cancelled
        BOT.cancelReview(job)
        return
    reply = json.loads(str(text))
    if "result" in reply or not S.review.shown or S.screen != "review":
        run(lambda: S.review.progress(job, reply))  # new figures: the screen is drawn again
        return
    # Only the count moved: the bar is set in place (a redraw of the whole review per slice would
    # keep the page's thread busy); the next redraw draws the same.
    S.review.progress(job, reply)
    bar = document.querySelector(".review-progress progress")
    if not is_none(bar):
        bar.max = max(1, S.review.total)
        bar.value = S.review.done
    done = document.querySelector(".review-progress .done")
    if not is_none(done):
        done.textContent = t("app.review.progress", done=S.review.done, total=S.review.total)


progress_proxy = create_proxy(on_progress)


def cancel():
    """ui:review-cancel: the bar says "stopped" at once; the worker's last state comes after."""
    job = S.review.cancel()
    if job is not None:
        BOT.cancelReview(job)


def resume():
    S.review.resume()
    keep_going()


def review_slot(slot):
    """ui:slot-review:<id>: a finished saved game, opened with its review."""
    return asyncio.ensure_future(resume_slot(slot, then=open_review))


def open_turning_point(i):
    """A turning point: History at its decision, the move played and the better one drawn."""
    tp = S.review.turning_point(i)
    S.browse.open_review(int(tp["at"]), [(int(tp["seat"]), str(tp["played"]), str(tp["better"]))])

"""PyScript glue for the computer seats and the Hint: sets the timer and posts to the background
worker (``window.euroBot``, web/worker.js). When to ask, wait or play is decided by
web/computer_seats.Scheduler (``SEATS``), what to play by the session's computer seats (web/model/computer_seats.ComputerSeats).
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from web.page.core import P, S, SEATS, body, run
from web.page.store import save

BOT = window.euroBot  # boot.js: the background worker the computer seats think in (web/worker.js)


def schedule_bot():
    """After every redraw: a computer seat to move -> the worker starts thinking at once and the
    move is played once S.seats.delay ms have passed AND the answer is in; the redraw after it
    schedules the next one. The page stays free meanwhile (computer_seats.Scheduler)."""
    if P.bot_timer is not None:  # every redraw restarts the delay; a stale timer must not fire
        window.clearTimeout(P.bot_timer)
        P.bot_timer = None
    plan = SEATS.plan(S)
    if plan.start_worker:
        BOT.start()  # idempotent; boots Pyodide in the background the first time
    if plan.seat is None:
        body.removeAttribute("data-bot")
        body.removeAttribute("data-bot-delay")
        return
    body.dataset.bot = str(plan.seat)  # tests wait until this is gone before a person's turn
    body.dataset.botDelay = str(plan.delay)  # 0: it follows its own unlogged action at once
    if plan.ask is not None:
        key, request = plan.ask
        asyncio.ensure_future(worker_reply(key, json.dumps(request)))
    P.bot_timer = window.setTimeout(bot_proxy, plan.delay)


def hint():
    """The Hint button: computed at the Hard level (hints.HINT_LEVEL) in the background worker,
    so the page stays free while it searches; the page's own (default level) hint when the
    worker is not used. The answer redraws; a position that moved on meanwhile ignores it."""
    if not SEATS.worker_on(S):
        S.hints.request()
        return
    request = S.hints.worker_request()
    if request is None:
        S.hints.request()
        return
    BOT.start()
    asyncio.ensure_future(hint_reply(S.position(), json.dumps(request)))


async def ask(text):
    """The worker's reply to ``text`` as a dict; {"error", "down"} when it failed to start or died."""
    try:
        return json.loads(str(await BOT.ask(text)))
    except Exception as e:  # a JS error
        return {"error": str(e), "down": True}


def note_failure(reply, what):
    """A reply without an action: say why in the console; a worker that is down is not asked again."""
    window.console.warn(f"{what}: {reply.get('error')}")
    if reply.get("down") or str(BOT.status()) == "failed":
        S.seats.worker_failed(reply.get("error") or str(BOT.failure()))


async def hint_reply(key, text):
    reply = await ask(text)
    if "action" not in reply:
        note_failure(reply, "hint worker")
    run(lambda: S.hints.answer(key, reply.get("action")))


async def worker_reply(key, text):
    reply = await ask(text)
    # Without an action the page decides this one itself (and every later one if the worker is down).
    due = SEATS.answered(S, key, reply.get("action") if "action" in reply else None)
    if "action" not in reply:
        note_failure(reply, "computer seat worker")
    if due:  # the delay is over already: play now
        bot_move()


def bot_move():
    P.bot_timer = None
    if SEATS.fired(S) != "play":  # "wait": the worker's answer plays it; None: nothing to play
        return
    game, done = S.game, S.seats.progress()
    run(lambda: (S.seats.play(), save()))
    if S.game is game and S.seats.progress() == done and P.bot_timer is not None:
        window.clearTimeout(P.bot_timer)  # it failed (message shown): do not retry in a loop
        P.bot_timer = None


bot_proxy = create_proxy(bot_move)

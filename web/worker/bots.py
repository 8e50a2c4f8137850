"""The computer seats' side of the background worker (web/worker.js runs this in its own Pyodide).
Pure Python: one request in, one action id out; tests/web/test_bot_worker.py runs it in CPython.

A request is what web/hints.worker_request builds on the page: {"game", "seat", "level",
"budget_ms", "state"}, where "state" is the deciding seat's masked copy (engine.core.masked_state),
so this module never sees a secret of another seat: there is nothing here to leak.

The policy is called as ``policy(game, Rng(rng_seed), **kw)`` with the seed the page's hint would
use (web/hints.policy_seed: a count the seat sees), so a level answers like the hint. Searching levels take ``should_stop`` (``deadline_check``: stop
when the next rollout would end past the budget's deadline) and ``iterations``; they are passed only to a policy whose signature names them, so
Easy/Normal (``policy(game, rng)``) are called exactly as on the page.
"""

import base64
import inspect
import json
import time

from engine.core import registry
from engine.core.rng import Rng
from engine.core.masked_state import game_from_masked_state

MAX_BUDGET_MS = 30_000  # a hang guard for a bad request, not a level setting (the page sends <= 2 s)


def decide(request: dict) -> str:
    """The action id the seat's bot chooses on the masked copy within the request's budget."""
    game = game_from_masked_state(base64.b64decode(request["state"]))
    spec = registry.get(request["game"])
    if type(game).__module__.split(".")[:2] != spec.module.split(".")[:2]:
        raise ValueError("the masked state is not a game of that name")
    if game.current_player != request["seat"]:
        raise ValueError("the masked state is not the seat's decision")
    level = request["level"] if request["level"] in spec.bots else next(iter(spec.bots))
    policy = spec.bot(level)
    budget = min(max(0, int(request.get("budget_ms", 2000))), MAX_BUDGET_MS) / 1000
    kw = {}
    params = _parameters(policy)
    if "should_stop" in params:
        kw["should_stop"] = deadline_check(budget)
    if "iterations" in params and request.get("iterations"):
        kw["iterations"] = int(request["iterations"])
    seed = request.get("rng_seed")
    choice = policy(game, Rng(int(seed)) if isinstance(seed, int) and not isinstance(seed, bool) else None, **kw)
    aid = getattr(choice, "id", choice)
    if aid not in {a.id for a in game.legal_actions()}:
        raise ValueError(f"the {level} bot chose {str(aid)[:60]!r}, which is not legal")
    return aid


def deadline_check(budget_s, clock=time.monotonic):
    """A search's ``should_stop`` for a time budget of ``budget_s`` seconds from now.

    The search asks it before each rollout and cannot stop one under way, so a plain "past the
    deadline?" lets the decision overrun by the last rollout, which in the Hard level can take
    0.3-1 s in Pyodide (a rival's planned turn and a leaf over the next hand: bench/hard_budget.py).
    Instead it stops when the next rollout, predicted to take as long as the longest seen so far
    (the longest gap between two calls), would end past the deadline. At the first call at least
    two rollouts have run (one per candidate, or the search's ``min_rollouts``, e.g. 2 in a
    Hard level), so half the time since the start stands in for one until a gap is measured."""
    start = clock()
    deadline = start + budget_s
    seen = [None, 0.0]  # the last call's time, the longest rollout (gap between calls)

    def should_stop():
        now = clock()
        gap = (now - start) / 2 if seen[0] is None else now - seen[0]
        if gap > seen[1]:
            seen[1] = gap
        seen[0] = now
        return now + seen[1] >= deadline

    return should_stop


def _parameters(policy):
    try:
        return inspect.signature(policy).parameters
    except (TypeError, ValueError):
        return {}


def handle(text: str) -> str:
    """worker.js's entry point: request JSON -> reply JSON {"action"} or {"error"} (the page then
    decides itself). ``ms`` is the thinking time, for the bench and the docs."""
    start = time.monotonic()
    try:
        request = json.loads(text)
        reply = {"action": decide(request)}
    except Exception as e:  # any failure: the page falls back to its own thread
        reply = {"error": f"{e.__class__.__name__}: {str(e)[:200]}"}
    reply["ms"] = round((time.monotonic() - start) * 1000, 1)
    return json.dumps(reply)

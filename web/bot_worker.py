"""The computer seats' side of the background worker (web/worker.js runs this in its own Pyodide).
Pure Python: one request in, one action id out; tests/web/test_bot_worker.py runs it in CPython.

A request is what web/hints.worker_request builds on the page: {"game", "seat", "level",
"budget_ms", "state"}, where "state" is the deciding seat's masked copy (engine.core.masked_state),
so this module never sees a secret of another seat: there is nothing here to leak.

The policy is called as ``policy(game, Rng(rng_seed), **kw)`` with the seed the page's hint would
use (web/hints.policy_seed: a count the seat sees), so a level answers like the hint. Searching levels take ``should_stop`` (a check against the deadline of the
budget) and ``iterations``; they are passed only to a policy whose signature names them, so
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
    deadline = time.monotonic() + budget
    kw = {}
    params = _parameters(policy)
    if "should_stop" in params:
        kw["should_stop"] = lambda: time.monotonic() >= deadline
    if "iterations" in params and request.get("iterations"):
        kw["iterations"] = int(request["iterations"])
    seed = request.get("rng_seed")
    choice = policy(game, Rng(int(seed)) if isinstance(seed, int) and not isinstance(seed, bool) else None, **kw)
    aid = getattr(choice, "id", choice)
    if aid not in {a.id for a in game.legal_actions()}:
        raise ValueError(f"the {level} bot chose {str(aid)[:60]!r}, which is not legal")
    return aid


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

"""Barcelona Hard's slowest decisions: CPython's full search v Pyodide with the worker's deadline.

    python bench/hard_budget.py [games [players [budget_ms]]]     # default 2 games, 2 players, 2000

Issue 9 asks for at most 2 s per Hard decision in the browser. The search itself never reads a
clock (budgets are iteration counts); the worker (web/worker/bots.py) passes ``should_stop``, a
check against ``time.monotonic()`` deadline, and the search asks it after ``min_rollouts``
rollouts. A search cannot stop a rollout under way, so the check stops when the next rollout,
predicted as long as the longest so far, would end past the deadline. This bench shows how close
to the budget Hard's decisions end, on the positions where Hard thinks longest:

1. CPython plays seeded games like bench/bots.py (Hard in seat ``game % players``, Normal
   elsewhere, seeded masks; Hard gets a fresh rng per decision so it can be replayed) and keeps the ``KEEP`` slowest Hard decisions as records
   (seed + the action ids before them).
2. Pyodide under Node (the same wasm runtime the worker runs; scripts/pyodide_node.py) replays
   each record and times Hard on it twice: the full search (no deadline), and with the worker's
   ``should_stop`` (web/bot_worker.deadline_check) at ``budget_ms``. It prints wall ms per position and whether the deadline
   changed the answer.

Wall time, so it depends on the machine's load: the figures say what the load was. Never a test.
"""

import inspect
import json
import os
import sys
import time

from engine.core import registry
from engine.core.rng import Rng
from scripts import pyodide_node
from web.worker import bots as bot_worker  # (its deadline_check runs in Pyodide as in the worker)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


KEEP = 6

# Replays a record and times Hard on it; runs verbatim in Pyodide (and could in CPython).
REPLAY = r'''
import json, time
from engine.core import registry
{deadline_src}
from engine.core.rng import Rng
POSITIONS, BUDGET = {positions!r}, {budget!r}
spec = registry.get("barcelona")
hard = spec.bot("hard")
out = []
for p in POSITIONS:
    g = spec.new_game(p["players"], seed=p["seed"], **spec.defaults())
    for aid in p["actions"]:
        g.apply(aid)
    row = {{}}
    for label, budget in (("full", None), ("deadline", BUDGET)):
        m = g.masked_for(g.current_player, p["mask"])
        kw = {{}}
        if budget is not None:
            kw["should_stop"] = deadline_check(budget / 1000)
        t = time.monotonic()
        a = hard(m, Rng(p["rng"]), **kw)
        row[label] = [round((time.monotonic() - t) * 1000), a.id]
    out.append(row)
RESULT = json.dumps(out)
'''


def slowest(games, players):
    """The KEEP slowest Hard decisions of ``games`` seeded games (CPython process time)."""
    spec = registry.get("barcelona")
    hard, normal = spec.bot("hard"), spec.bot("normal")
    found = []
    for i in range(games):
        g = spec.new_game(players, seed=i, **spec.defaults())
        seat_hard = i % players
        rngs = [Rng(i * 7919 + s) for s in range(players)]
        done = []
        while not g.is_over:
            s = g.current_player
            mask = rngs[s].next64()
            m = g.masked_for(s, mask)
            if s == seat_hard:
                rng_state = rngs[s].next64()  # Hard's own rng for this decision, replayable
                t = time.process_time()
                a = hard(m, Rng(rng_state))
                dt = time.process_time() - t
                found.append(
                    (dt, {"players": players, "seed": i, "actions": list(done), "mask": mask, "rng": rng_state})
                )
            else:
                a = normal(m, rngs[s])
            g.apply(a.id)
            done.append(a.id)
    found.sort(key=lambda x: -x[0])
    return found[:KEEP]


def main():
    args = [int(a) for a in sys.argv[1:]]
    games = args[0] if args else 2
    players = args[1] if len(args) > 1 else 2
    budget = args[2] if len(args) > 2 else 2000
    load = os.getloadavg()[0]
    top = slowest(games, players)
    print(
        f"Barcelona Hard, {players} players, {games} games: the {len(top)} slowest decisions "
        f"(load {load:.1f} on {os.cpu_count()} cores)"
    )
    reason = pyodide_node.available()
    if reason:
        print("Pyodide: not run (" + reason + ")")
        for dt, p in top:
            print(f"  CPython {dt * 1000:6.0f} ms")
        return
    code = REPLAY.format(
        positions=[p for _, p in top], budget=budget, deadline_src=inspect.getsource(bot_worker.deadline_check)
    )
    rows = json.loads(pyodide_node.run(code))
    print(f"{'CPython full':>13} {'Pyodide full':>13} {'Pyodide, ' + str(budget) + ' ms deadline':>26} same answer")
    for (dt, _), r in zip(top, rows):
        print(
            f"{dt * 1000:>10.0f} ms {r['full'][0]:>10} ms {r['deadline'][0]:>23} ms "
            f"{'yes' if r['full'][1] == r['deadline'][1] else 'no'}"
        )
    worst = max(r["deadline"][0] for r in rows)
    print(
        f"slowest with the deadline: {worst} ms (goal: at most {budget} ms; a rollout longer than "
        f"predicted can still overrun); load now {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()

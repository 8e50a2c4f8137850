"""Random Strasbourg games per second in CPython and in Pyodide (via Node).

    python bench/strasbourg_speed.py [games_per_count]

The same playout loop (3, 4 and 5 players, seeds 0..games-1, uniform random
legal actions) runs in this CPython and inside Pyodide under Node, using the
shared runner scripts/pyodide_node.py (Pyodide from node_modules/pyodide; run
``npm ci`` first). Prints both rates side by side with the ratio, and checks
both interpreters played exactly the same games. Never a timed assertion.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from scripts import pyodide_node  # noqa: E402

LOOP = r'''
import json, sys, time
from engine.strasbourg import new_game
from engine.core.rng import Rng

new_game(3, 0)   # the rules load with the first game; loading is bench/load_time.py's, not timed here

def bench(games):
    actions = 0
    t = time.perf_counter()
    for seed in range(games):
        for n in (3, 4, 5):
            g = new_game(n, seed)
            r = Rng(seed + 1000)
            while not g.is_over:
                acts = g.legal_actions()
                g.apply(acts[r.below(len(acts))])
                actions += 1
    return {"games": games * 3, "seconds": time.perf_counter() - t, "actions": actions,
            "version": sys.version.split()[0]}
'''


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    ns = {}
    exec(LOOP, ns)
    cp = ns["bench"](games)
    rows = [("CPython " + cp["version"], cp)]
    reason = pyodide_node.available()
    py = None
    if reason:
        print(f"Pyodide: not available ({reason})")
    else:
        py = json.loads(pyodide_node.run(LOOP + f"\nRESULT = json.dumps(bench({games}))\n"))
        rows.append(("Pyodide " + py["version"], py))
    for name, r in rows:
        print(f"{name:<18} {r['games']} games, {r['actions']} actions in {r['seconds']:.2f}s = "
              f"{r['games'] / r['seconds']:.1f} games/s ({r['actions'] / r['seconds']:.0f} actions/s)")
    if py:
        rc, rp = cp["games"] / cp["seconds"], py["games"] / py["seconds"]
        print(f"{'':>10}{'CPython':>12}{'Pyodide':>12}{'ratio':>8}")
        print(f"{'games/s':>10}{rc:>12.1f}{rp:>12.1f}{rc / rp:>7.2f}x")
        same = "same" if py["actions"] == cp["actions"] else "DIFFERENT"
        print(f"action count: {same} ({cp['actions']} vs {py['actions']}): determinism check")


if __name__ == "__main__":
    main()

"""Random Barcelona games per second, CPython and Pyodide (via Node) side by side.

Usage: python bench/barcelona_speed.py [games_per_count]
Prints one table; the ratio is Pyodide time / CPython time for the same games.
Targets (issue 2): >= 100 random 4-player games/s in CPython; Pyodide within 3x.
Never used as a timed assertion: machines here are shared and noisy.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from scripts import pyodide_node  # noqa: E402

# The playout code runs verbatim in both interpreters.
PLAYOUT = r'''
import time
from engine import barcelona
from engine.core.rng import Rng

barcelona.new_game(2, 0)   # the rules load with the first game; loading is bench/load_time.py's, not timed here

def bench(counts, games):
    out = {}
    for n in counts:
        t0 = time.perf_counter()
        actions = 0
        for seed in range(games):
            g = barcelona.new_game(n, seed, layout="shuffled")   # the same games before and after the default changed
            r = Rng(seed + 1000)
            while not g.is_over:
                legal = g.legal_actions()
                g.apply(legal[r.below(len(legal))])
                actions += 1
        dt = time.perf_counter() - t0
        out[n] = {"games_per_s": games / dt, "actions_per_s": actions / dt, "seconds": dt}
    return out
'''


def run_cpython(counts, games):
    ns = {}
    exec(PLAYOUT, ns)
    return ns["bench"](counts, games)


def run_pyodide(counts, games):
    reason = pyodide_node.available()
    if reason:
        return None, reason
    script = PLAYOUT + f"\nimport json\nRESULT = json.dumps(bench({counts!r}, {games}))\n"
    try:
        return json.loads(pyodide_node.run(script)), None
    except RuntimeError as e:
        return None, str(e)


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    counts = [2, 3, 4]
    cp = run_cpython(counts, games)
    py, err = run_pyodide(counts, games)
    print(f"Barcelona random playouts, {games} games per player count")
    print(f"{'players':>7} {'CPython games/s':>16} {'Pyodide games/s':>16} {'Pyodide/CPython time':>21}")
    for n in counts:
        c = cp[n]["games_per_s"]
        if py:
            p = py[str(n)]["games_per_s"]
            print(f"{n:>7} {c:>16.1f} {p:>16.1f} {c / p:>20.2f}x")
        else:
            print(f"{n:>7} {c:>16.1f} {'-':>16} {'-':>21}")
    if err:
        print("Pyodide run skipped:", err)
    print("targets: >= 100 4-player games/s in CPython; Pyodide within 3x")


if __name__ == "__main__":
    main()

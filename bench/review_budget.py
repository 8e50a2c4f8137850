"""The game review's budget (docs/review.md "Budget"), measured side by side with a plain replay of
the same record, in CPython and in Pyodide under Node (the worker's runtime, scripts/pyodide_node.py):

    nice -n 19 python bench/review_budget.py                      # the fixtures: Barcelona 2p and 4p, Strasbourg 5p
    python bench/review_budget.py --records a.json b.json --no-pyodide

For each record: the plain replay (``engine.replay``), the review's quick part (``Review(record)``:
the replay with its turns, sources and events) and the complete review (every ``step``), in process
CPU seconds and as ratios to the plain replay; the steps' count and the slowest step (the worker
posts progress and may cancel between steps). Pyodide's CPU time is the Node process's
(``process.cpuUsage()``), so the figures describe a device whose worker has a core to itself.
Goals (issue 52): a complete review within 30 s in the browser for a 2-player Barcelona game, within
90 s for a 4-player Barcelona or 5-player Strasbourg game; the quick part within 1 s. Never a test.
"""

import argparse
import json
import time
from pathlib import Path

from scripts import pyodide_node

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ["barcelona-2p-bot-end", "barcelona-4p-bot-end", "strasbourg-5p-bot-end"]
GOALS = {("barcelona", 2): 30, ("barcelona", 4): 90, ("strasbourg", 5): 90}

# Runs verbatim in CPython and in Pyodide; CLOCK is the process's CPU time in both.
MEASURE = r'''
import json
import engine
from review import Review

def measure(record, clock):
    t = clock()
    engine.replay(record)
    plain = clock() - t
    t = clock()
    r = Review(record)
    quick = clock() - t
    steps, slowest = 0, 0.0
    t = clock()
    while True:
        s = clock()
        more = r.step()
        slowest = max(slowest, clock() - s)
        if not more:
            break
        steps += 1
    full = clock() - t
    res = r.result()
    return {"plain": plain, "quick": quick, "full": full, "steps": steps, "slowest": slowest,
            "decisions": r.total(), "accuracy": [p["accuracy"] for p in res["players"]]}
'''

PYODIDE_MAIN = r'''
import js
def cpu_clock():
    u = js.process.cpuUsage()
    return (u.user + u.system) / 1e6
RESULT = json.dumps([measure(rec, cpu_clock) for rec in RECORDS])
'''


def load(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return data.get("record", data) if isinstance(data, dict) else data


def files():
    out = {}
    for pkg in ("engine", "review"):
        for p in sorted((ROOT / pkg).rglob("*.py")):
            if "__pycache__" not in p.parts:
                out[p.relative_to(ROOT).as_posix()] = p.read_text(encoding="utf-8")
    return out


def row(label, m):
    plain = max(m["plain"], 1e-3)
    ratio = m["full"] / plain
    return (
        f"{label:<8} plain {m['plain']:.3f} s | quick {m['quick']:.3f} s ({m['quick'] / plain:.1f}x) | "
        f"complete {m['full']:.1f} s ({ratio:.0f}x plain) | {m['decisions']} decisions, {m['steps']} steps, "
        f"slowest step {m['slowest']:.2f} s | accuracy {m['accuracy']}"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", nargs="*", help="record files (default: the fixtures named in FIXTURES)")
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args()
    paths = args.records or [ROOT / "tests/fixtures/records" / f"{n}.json" for n in FIXTURES]
    records = [load(p) for p in paths]
    ns = {}
    exec(MEASURE, ns)
    cpython = [ns["measure"](rec, time.process_time) for rec in records]
    pyo = [None] * len(records)
    if not args.no_pyodide:
        reason = pyodide_node.available()
        if reason:
            print(f"Pyodide skipped: {reason}")
        else:
            code = f"RECORDS = {json.dumps(records)!r}\nRECORDS = json.loads(RECORDS)\n" + MEASURE + PYODIDE_MAIN
            pyo = json.loads(pyodide_node.run("import json\n" + code, timeout=3 * 3600, files=files()))
    for path, rec, c, p in zip(paths, records, cpython, pyo):
        n = len(rec["players"])
        goal = GOALS.get((rec["game"], n))
        print(f"{Path(path).name}: {rec['game']} {n} players, {len(rec['actions'])} actions")
        print("  " + row("CPython", c))
        if p is not None:
            print("  " + row("Pyodide", p))
            print(f"  Pyodide / CPython: complete {p['full'] / c['full']:.2f}x, quick {p['quick'] / c['quick']:.2f}x")
        if goal:
            best = p or c
            verdict = "met" if best["full"] <= goal else "NOT met"
            print(
                f"  goal: complete within {goal} s in the browser: {best['full']:.1f} s "
                f"({'Pyodide' if p else 'CPython only'}): {verdict}; quick within 1 s: {best['quick']:.2f} s"
            )


if __name__ == "__main__":
    main()

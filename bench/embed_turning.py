"""An embedded turning point that evaluates its own decision (docs/embedding.md "A turning point":
``at`` without ``better`` and ``loss``), measured side by side with the replay every embedded board
makes, in CPython and in Pyodide under Node (the tutorial boards' runtime, scripts/pyodide_node.py):

    nice -n 19 python bench/embed_turning.py              # the tutorial pages' turning points
    python bench/embed_turning.py --no-pyodide

For each turning point of tutorial/turning_points.py: the replay to the position before the decision
(web.embed.draw.position: what drawing any board of that position costs) and the decision's
evaluation (web.embed.turning.judge, the review's judge), in process CPU seconds, with the ratio of
the two and the figures found (which must be the stored ones). Never a test.
"""

import argparse
import json
import time
from pathlib import Path

from scripts import pyodide_node
from tutorial.turning_points import TURNING_POINTS

ROOT = Path(__file__).resolve().parent.parent

# Runs verbatim in CPython and in Pyodide; CLOCK is the process's CPU time in both.
MEASURE = r'''
import json
from web.embed.draw import position
from web.embed.turning import judge, _JUDGED

def measure(tp, clock):
    rec = tp["record"]
    position(rec, tp["at"])  # the imports, once, outside the figures
    _JUDGED.clear()
    t = clock()
    position(rec, tp["at"])
    replay = clock() - t
    t = clock()
    got = judge(rec, tp["at"])
    evaluation = clock() - t
    return {"replay": replay, "judge": evaluation, "better": got["better"], "loss": round(got["loss"], 1),
            "spread": round(got["spread"], 1)}
'''

PYODIDE_MAIN = r'''
import js
def cpu_clock():
    u = js.process.cpuUsage()
    return (u.user + u.system) / 1e6
RESULT = json.dumps({g: measure(tp, cpu_clock) for g, tp in TPS.items()})
'''


def files():
    out = {}
    for pkg in ("engine", "review", "web"):
        for p in sorted((ROOT / pkg).rglob("*.py")):
            if "__pycache__" not in p.parts:
                out[p.relative_to(ROOT).as_posix()] = p.read_text(encoding="utf-8")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args()
    ns = {}
    exec(MEASURE, ns)
    runs = {"CPython": {g: ns["measure"](tp, time.process_time) for g, tp in TURNING_POINTS.items()}}
    if not args.no_pyodide:
        reason = pyodide_node.available()
        if reason:
            print(f"Pyodide skipped: {reason}")
        else:
            code = f"import json\nTPS = json.loads({json.dumps(json.dumps(TURNING_POINTS))})\n" + MEASURE + PYODIDE_MAIN
            runs["Pyodide"] = json.loads(pyodide_node.run(code, files=files()))
    for game, tp in TURNING_POINTS.items():
        n = len(tp["record"]["players"])
        print(f"{game} {n} players, decision {tp['at']} of {tp['fixture']} (stored: {tp['better']}, {tp['loss']} VP)")
        for name, got in runs.items():
            m = got[game]
            same = (m["better"], m["loss"], m["spread"]) == (tp["better"], tp["loss"], tp["spread"])
            print(
                f"  {name:<8} replay {m['replay']:.3f} s | evaluation {m['judge']:.3f} s "
                f"({m['judge'] / max(m['replay'], 1e-3):.1f}x the replay) | {m['better']}, {m['loss']} "
                f"± {m['spread']} VP: {'the stored figures' if same else 'NOT the stored figures'}"
            )
        if len(runs) == 2:
            c, p = runs["CPython"][game], runs["Pyodide"][game]
            print(f"  Pyodide / CPython: evaluation {p['judge'] / max(c['judge'], 1e-3):.1f}x")


if __name__ == "__main__":
    main()

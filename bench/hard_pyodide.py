"""Barcelona Hard against Normal as the player meets it: Hard's decisions computed in Pyodide
(the worker's runtime, under Node as scripts/pyodide_node.py runs it) with the worker's time check
(web/bot_worker.deadline_check) at the page's budget.

    nice -n 19 python bench/hard_pyodide.py -n 40                       # 2000 ms, and 500 ms (4x slower)
    nice -n 19 python bench/hard_pyodide.py -n 40 --budgets 2000 --out p.jsonl --resume
    nice -n 19 python bench/hard_pyodide.py --load p.jsonl              # report saved games

Heads-up games played exactly as bench/bots.py plays "hard-normal" (seed = game number, Hard at
seat game % 2, each seat's own seeded Rng, decisions on ``masked_for``), the whole game inside
Pyodide; Hard gets ``should_stop=deadline_check(budget)`` as in the worker. A game where no
deadline cut a search is the very game bench/bots.py plays (the engine is deterministic), so
the two benches' results on the same seeds are paired.

The clock. ``deadline_check`` reads a clock; in the worker it is the wall clock. Here it reads
the CPU time of the Node process (``process.cpuUsage()``: user + system, every thread), so the
figures describe a device where the worker has its core to itself, not this shared machine,
whose load would eat the budget at random. The search is CPU-bound and its only link to time
is that clock, so a device whose CPU is k times slower (Chromium's CPU throttling, a mid-range
tablet) does in ``budget`` ms of wall clock what this one does in ``budget / k`` ms of CPU: the
budget 500 ms stands for the 2 s budget with the CPU throttled 4x (the default second run).
The stand-in is exact for the search's work; it leaves out what throttling also slows outside
the search (the page's messages, the masked state's decoding: a few ms).

Per budget: Hard's wins (a shared win counts 1/2) with Wilson's 95% interval, its mean margin
(its final score minus Normal's, 95% normal interval), Hard's CPU per decision in Pyodide (mean,
95th percentile, slowest), how many searches the deadline cut and how many decisions still took
longer than the budget (the work before the search's first ``should_stop``: the planner's ranking
of every placement and the first rollouts, which no check bounds). Never a test.
"""

import argparse
import inspect
import json
import math
import os
import time
from multiprocessing import Pool
from pathlib import Path

from scripts import pyodide_node
from web.worker import bots as bot_worker  # (its deadline_check runs in Pyodide as in the worker)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# Plays the games of one chunk; runs verbatim in Pyodide.
GAMES = r'''
import json, time
import js
from engine.core import registry
from engine.core.rng import Rng
{deadline_src}

def cpu_clock():
    u = js.process.cpuUsage()
    return (u.user + u.system) / 1e6

GAME_NUMBERS, BUDGET = {games!r}, {budget!r}
spec = registry.get("barcelona")
hard, normal = spec.bot("hard"), spec.bot("normal")
out = []
for i in GAME_NUMBERS:
    g = spec.new_game(2, seed=i, **spec.defaults())
    seat_h = i % 2
    rngs = [Rng(i * 7919 + s) for s in range(2)]
    ms, cut = [], 0
    while not g.is_over:
        s = g.current_player
        m = g.masked_for(s, rngs[s].next64())
        if s == seat_h:
            check = deadline_check(BUDGET / 1000, clock=cpu_clock) if BUDGET else None
            stopped = [False]

            def should_stop(check=check, stopped=stopped):
                stopped[0] = check()
                return stopped[0]
            t = cpu_clock()
            a = hard(m, rngs[s], **({{"should_stop": should_stop}} if check else {{}}))
            ms.append(round((cpu_clock() - t) * 1000, 1))
            cut += stopped[0]
        else:
            a = normal(m, rngs[s])
        g.apply(a.id)
    w, sc = g.winners(), g.scores()
    out.append({{"game": i, "budget": BUDGET, "win": (1.0 / len(w)) if seat_h in w else 0.0,
                "margin": sc[seat_h] - sc[1 - seat_h], "scores": list(sc), "ms": ms, "cut": cut}})
RESULT = json.dumps(out)
'''


def play_chunk(job):
    games, budget = job
    code = GAMES.format(games=list(games), budget=budget, deadline_src=inspect.getsource(bot_worker.deadline_check))
    return json.loads(pyodide_node.run(code, timeout=6 * 3600))


def wilson(p, n, z=1.96):
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def report(results, budgets):
    print(
        "| budget (CPU ms) | games | Hard wins | 95% interval | margin ± 95% | Hard ms/decision mean / p95 / slowest (Pyodide CPU) | searches cut | decisions over the budget |"
    )
    print("|---|---:|---:|---|---:|---|---:|---:|")
    for b in budgets:
        rs = sorted((r for r in results if r["budget"] == b), key=lambda r: r["game"])
        if not rs:
            continue
        n = len(rs)
        p = sum(r["win"] for r in rs) / n
        lo, hi = wilson(p, n)
        ms = [r["margin"] for r in rs]
        mm = sum(ms) / n
        half = 1.96 * math.sqrt(sum((x - mm) ** 2 for x in ms) / max(1, n - 1) / n)
        ts = sorted(t for r in rs for t in r["ms"])
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        label = "none (full search)" if not b else f"{b}"
        print(
            f"| {label} | {n} | {sum(r['win'] for r in rs):g} ({p:.1%}) | [{lo:.1%}, {hi:.1%}] | "
            f"{mm:+.1f} ± {half:.1f} | {sum(ts) / len(ts):.0f} / {p95:.0f} / {ts[-1]:.0f} ms "
            f"({len(ts)} decisions) | {sum(r['cut'] for r in rs)} | {sum(t > b for t in ts) if b else '-'} |"
        )
        print(f"  games {rs[0]['game']}-{rs[-1]['game']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=40, help="games per budget")
    ap.add_argument("--first", type=int, default=0, help="first game number (seed)")
    ap.add_argument("--budgets", default="2000,500", help="comma list of budgets, CPU ms (0: no deadline)")
    ap.add_argument("--chunk", type=int, default=4, help="games per Pyodide process")
    ap.add_argument("--procs", type=int, default=2, help="Node processes at once (at most 2)")
    ap.add_argument("--out", default=None, help="append finished games to this file (JSON lines)")
    ap.add_argument("--resume", action="store_true", help="with --out: skip the games it holds")
    ap.add_argument("--load", nargs="+", default=None, metavar="FILE", help="report saved games only")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    if args.load:
        seen = {}
        for path in args.load:
            for line in Path(path).read_text().splitlines():
                if line.strip():
                    r = json.loads(line)
                    seen[(r["budget"], r["game"])] = r
        report(list(seen.values()), budgets)
        return
    reason = pyodide_node.available()
    if reason:
        raise SystemExit("Pyodide cannot run here: " + reason)
    held = {}
    if args.resume and args.out and Path(args.out).exists():
        for line in Path(args.out).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                held[(r["budget"], r["game"])] = r
    numbers = range(args.first, args.first + args.n)
    jobs = []
    for start in range(0, args.n, args.chunk):  # interleaved: a stopped run has every budget
        for b in budgets:
            todo = [i for i in numbers[start : start + args.chunk] if (b, i) not in held]
            if todo:
                jobs.append((todo, b))
    results = [r for r in held.values() if r["budget"] in budgets and r["game"] in numbers]
    out = open(args.out, "a") if args.out else None
    t0 = time.time()
    with Pool(max(1, min(2, args.procs))) as pool:
        try:
            for rs in pool.imap_unordered(play_chunk, jobs):
                results.extend(rs)
                if out:
                    for r in rs:
                        out.write(json.dumps(r) + "\n")
                    out.flush()
                print(f"  {len(results)} games ({time.time() - t0:.0f} s wall)", flush=True)
        except KeyboardInterrupt:
            print(f"interrupted: {len(results)} games finished")
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    report(results, budgets)


if __name__ == "__main__":
    main()

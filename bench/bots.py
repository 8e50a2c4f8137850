"""Computer levels against each other: seeded round robins, win rates with 95% intervals.

    nice python bench/bots.py                 # 200 games per pairing and setting (slow with Hard)
    python bench/bots.py -n 40 --hard-n 10    # fewer games; Hard pairings fewer still
    python bench/bots.py --settings bcn2 --pairings normal-easy --first 200   # other seeds

Settings: Barcelona 2p and 4p, Strasbourg 3p and 5p. Pairings: hard-normal, hard-easy,
normal-easy. Heads-up (2 players) the two levels alternate seats; with more players one seat
plays level A and every other seat level B, and A's seat rotates with the game number
(seed = game number). Each decision is made as in the app: the level's policy on
``masked_for(seat, ·)`` with its own seeded Rng. A win is the seat in ``winners()``; a shared
win counts a half. The interval is Wilson's 95% score interval. Also printed: A's mean margin
(its final VP minus the best B seat's, with a 95% normal interval: a lower-variance signal than
win/loss), the mean winning score by the winner's level, and CPU seconds per decision of each
level.

Runs on at most 2 processes (the machine is shared) and lowers its own priority. Interrupted
(kill -INT on the main process), it reports the games finished so far.
Goals (issue 9): heads-up Hard beats Normal >= 65% and Easy >= 80%, Normal beats Easy >= 65%;
Barcelona Hard winners 150-300 VP. Never a test: a speed/strength report only.
"""
import argparse
import math
import os
import signal
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

SETTINGS = {"bcn2": ("barcelona", 2), "bcn4": ("barcelona", 4), "str3": ("strasbourg", 3), "str5": ("strasbourg", 5)}
PAIRINGS = {"hard-normal": ("hard", "normal"), "hard-easy": ("hard", "easy"), "normal-easy": ("normal", "easy")}


def play(job):
    """One game: (setting, pairing, game number) -> result dict."""
    setting, pairing, i = job
    name, n = SETTINGS[setting]
    a, b = PAIRINGS[pairing]
    spec = registry.get(name)
    game = spec.new_game(n, seed=i, **spec.defaults())
    seat_a = i % n
    levels = [a if s == seat_a else b for s in range(n)]
    policies = [spec.bot(lv) for lv in levels]
    rngs = [Rng(i * 7919 + s) for s in range(n)]
    cpu = {lv: [0.0, 0, 0.0] for lv in set(levels)}
    while not game.is_over:
        s = game.current_player
        masked = game.masked_for(s, rngs[s].next64())
        t = time.process_time()
        action = policies[s](masked, rngs[s])
        c, dt = cpu[levels[s]], time.process_time() - t
        c[0] += dt
        c[1] += 1
        c[2] = max(c[2], dt)
        game.apply(action.id)
    w = game.winners()
    scores = game.scores()
    best_b = max(scores[s] for s in range(n) if s != seat_a)
    return {"setting": setting, "pairing": pairing, "game": i, "win": (1.0 / len(w)) if seat_a in w else 0.0,
            "margin": scores[seat_a] - best_b,
            "winners": [(levels[s], scores[s]) for s in w], "cpu": cpu}


def wilson(p, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="games per pairing and setting (default 200)")
    ap.add_argument("--hard-n", type=int, default=None, help="games for pairings with Hard (default: -n)")
    ap.add_argument("--settings", default=",".join(SETTINGS), help="comma list of " + ", ".join(SETTINGS))
    ap.add_argument("--pairings", default=",".join(PAIRINGS), help="comma list of " + ", ".join(PAIRINGS))
    ap.add_argument("--procs", type=int, default=2, help="worker processes (at most 2)")
    ap.add_argument("--nice", type=int, default=10, help="niceness added to this process (default 10)")
    ap.add_argument("--first", type=int, default=0, help="number (seed) of the first game (default 0)")
    ap.add_argument("-v", action="store_true", help="print each game as it ends")
    args = ap.parse_args()
    try:
        os.nice(args.nice)
    except OSError:
        pass
    hard_n = args.n if args.hard_n is None else args.hard_n
    jobs = []
    for setting in args.settings.split(","):
        for pairing in args.pairings.split(","):
            count = hard_n if "hard" in pairing else args.n
            jobs += [(setting, pairing, i) for i in range(args.first, args.first + count)]
    t0 = time.time()
    results = []
    # a shell starts background jobs with SIGINT ignored: take it back so kill -INT stops the run
    signal.signal(signal.SIGINT, signal.default_int_handler)
    pool = Pool(max(1, min(2, args.procs)))
    try:
        for r in pool.imap_unordered(play, jobs, chunksize=1):
            results.append(r)
            if args.v:
                print(f"  {r['setting']} {r['pairing']} game {r['game']}: A {'won' if r['win'] else 'lost'}, "
                      f"margin {r['margin']:+d}, winners {r['winners']}", flush=True)
        pool.close()
    except KeyboardInterrupt:      # kill -INT <pid>: report the games finished so far
        pool.terminate()
        print(f"interrupted: {len(results)} of {len(jobs)} games finished")
    pool.join()
    print(f"{len(results)} games in {time.time() - t0:.0f} s wall ({min(2, args.procs)} processes, nice +{args.nice})")
    print(f"{'setting':8} {'pairing':12} {'games':>5} {'A wins':>7} {'95% interval':>15} {'baseline':>8}")
    win_scores, cpu = {}, {}
    for setting in args.settings.split(","):
        name, n = SETTINGS[setting]
        for pairing in args.pairings.split(","):
            rs = [r for r in results if r["setting"] == setting and r["pairing"] == pairing]
            if not rs:
                continue
            p = sum(r["win"] for r in rs) / len(rs)
            lo, hi = wilson(p, len(rs))
            a, b = PAIRINGS[pairing]
            ms = [r["margin"] for r in rs]
            mm = sum(ms) / len(ms)
            half = 1.96 * math.sqrt(sum((x - mm) ** 2 for x in ms) / max(1, len(ms) - 1) / len(ms))
            print(f"{setting:8} {a + ' v ' + b:12} {len(rs):5d} {p:7.1%}   [{lo:5.1%}, {hi:5.1%}] {1 / n:8.0%}"
                  f"   A's margin over the best B {mm:+.1f} ± {half:.1f} VP")
            for r in rs:
                for level, score in r["winners"]:
                    win_scores.setdefault((setting, level), []).append(score)
                for level, (sec, k, top) in r["cpu"].items():
                    c = cpu.setdefault((setting, level), [0.0, 0, 0.0])
                    c[0] += sec
                    c[1] += k
                    c[2] = max(c[2], top)
    print("\nmean winning score by the winner's level (games won)")
    for (setting, level), xs in sorted(win_scores.items()):
        print(f"  {setting:6} {level:7} {sum(xs) / len(xs):7.1f}  ({len(xs)} wins, {min(xs)}-{max(xs)})")
    print("\nCPU per decision (process time, CPython): mean and slowest")
    for (setting, level), (sec, k, top) in sorted(cpu.items()):
        print(f"  {setting:6} {level:7} {1000 * sec / max(k, 1):8.1f} ms  max {1000 * top:7.0f} ms  ({k} decisions)")


if __name__ == "__main__":
    main()

"""Computer levels against each other: seeded round robins, win rates with 95% intervals.

    nice python bench/bots.py                 # 200 games per pairing and setting (slow with Hard)
    python bench/bots.py -n 40 --hard-n 10    # fewer games; Hard pairings fewer still
    python bench/bots.py --settings bcn2 --pairings normal-easy --first 200   # other seeds
    python bench/bots.py --settings str3,str5 --procs 1 --out s.jsonl   # Strasbourg, one process, saved
    python bench/bots.py --settings str3,str5 --procs 1 --out s.jsonl --resume   # go on after a stop
    python bench/bots.py --settings str3,str5 --load s.jsonl more.jsonl     # report saved games together

Settings: Barcelona 2p and 4p, Strasbourg 3p and 5p. Pairings: hard-normal, hard-easy,
normal-easy. Heads-up (2 players) the two levels alternate seats; with more players one seat
plays level A and every other seat level B, and A's seat rotates with the game number
(seed = game number). Each decision is made as in the app: the level's policy on
``masked_for(seat, ·)`` with its own seeded Rng. A win is the seat in ``winners()``; a shared
win counts a half. The interval is Wilson's 95% score interval; the baseline is 1/players.
Also printed: A's mean margin (its final score minus the best B seat's, with a 95% normal
interval: a lower-variance signal than win/loss), the mean winning score by the winner's level,
and CPU seconds per decision of each level.

Pairwise rate (the heads-up equivalent, the number to compare with the heads-up goals when a
game needs 3-5 players): in every game, every (A seat, B seat) pair is one comparison of final
scores (``scores()``): 1 if A's is higher, 1/2 if equal, 0 if lower; a game's *share* is the
mean over its pairs (1 pair heads-up, players-1 pairs with one A seat). The rate is the mean
share over the games. The pairs of one game share that game (the same A seat, the same deal),
so they are not independent: the interval is computed over games, one observation per game
(``pairwise``, tests/support/pairwise.py): Wilson's 95% interval with n = games on the mean
share. A share lies in [0, 1], so its variance is at most p(1-p), the variance of the 0/1
outcomes Wilson's interval is made for: it errs on the wide side (a game whose pairs all go one
way is one 0/1 outcome; a mixed game varies less) and, unlike the normal interval on the
per-game shares with their sample variance (mean +- 1.96 sd / sqrt(games), printed too as
"normal"), it does not collapse at 0% or 100%.
Heads-up it is the win rate with ties by score instead of the tie-breaks of ``winners()``.

Runs on at most 2 processes (the machine is shared) and lowers its own priority. Interrupted
(kill -INT on the main process), it reports the games finished so far.
Goals: heads-up Hard beats Normal >= 65% and Easy >= 80%, Normal beats Easy >= 65%;
Barcelona Hard winners 150-300 VP. Never a test: a speed/strength report only.
"""

import argparse
import json
import math
import os
import signal
import time
from multiprocessing import Pool
from pathlib import Path


from engine.core import registry
from engine.core.rng import Rng
from tests.support.pairwise import pair_share, pairwise, wilson

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
    return {
        "setting": setting,
        "pairing": pairing,
        "game": i,
        "win": (1.0 / len(w)) if seat_a in w else 0.0,
        "margin": scores[seat_a] - best_b,
        "winners": [(levels[s], scores[s]) for s in w],
        "cpu": cpu,
        "scores": list(scores),
        "a_seats": [seat_a],
        "pair_share": pair_share(scores, [seat_a]),
    }


def report(results, settings, pairings):
    """Print the tables for ``results`` (play()'s dicts) in the order of settings x pairings."""
    print(
        f"{'setting':8} {'pairing':12} {'games':>5} {'A wins':>7} {'95% interval':>15} {'baseline':>8}"
        f" {'pairwise':>8} {'95% (Wilson, games)':>19} {'normal':>15}"
    )
    win_scores, cpu = {}, {}
    for setting in settings:
        name, n = SETTINGS[setting]
        for pairing in pairings:
            rs = [r for r in results if r["setting"] == setting and r["pairing"] == pairing]
            if not rs:
                continue
            p = sum(r["win"] for r in rs) / len(rs)
            lo, hi = wilson(p, len(rs))
            a, b = PAIRINGS[pairing]
            q, qlo, qhi, nlo, nhi, _ = pairwise([(r["scores"], r["a_seats"]) for r in rs])
            print(
                f"{setting:8} {a + ' v ' + b:12} {len(rs):5d} {p:7.1%}   [{lo:5.1%}, {hi:5.1%}] {1 / n:8.0%}"
                f" {q:8.1%}     [{qlo:5.1%}, {qhi:5.1%}] [{nlo:5.1%}, {nhi:5.1%}]"
            )
            ms = [r["margin"] for r in rs if "margin" in r]  # files saved before margins were kept lack it
            if ms:
                mm = sum(ms) / len(ms)
                half = 1.96 * math.sqrt(sum((x - mm) ** 2 for x in ms) / max(1, len(ms) - 1) / len(ms))
                print(f"{'':8} {'':12} A's margin over the best B seat {mm:+.1f} ± {half:.1f} ({len(ms)} games)")
            for r in rs:
                for level, score in r["winners"]:
                    win_scores.setdefault((setting, pairing, level), []).append(score)
                for level, (sec, k, top) in r["cpu"].items():
                    c = cpu.setdefault((setting, level), [0.0, 0, 0.0])
                    c[0] += sec
                    c[1] += k
                    c[2] = max(c[2], top)
    print("\nmean winning score by the winner's level (games won; a shared win counts for each winner)")
    for (setting, pairing, level), xs in sorted(win_scores.items()):
        print(f"  {setting:6} {pairing:12} {level:7} {sum(xs) / len(xs):7.1f}  ({len(xs)} wins, {min(xs)}-{max(xs)})")
    print("\nCPU per decision (process time, CPython): mean and slowest")
    for (setting, level), (sec, k, top) in sorted(cpu.items()):
        print(f"  {setting:6} {level:7} {1000 * sec / max(k, 1):8.1f} ms  max {1000 * top:7.0f} ms  ({k} decisions)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="games per pairing and setting (default 200)")
    ap.add_argument("--hard-n", type=int, default=None, help="games for pairings with Hard (default: -n)")
    ap.add_argument("--settings", default=",".join(SETTINGS), help="comma list of " + ", ".join(SETTINGS))
    ap.add_argument("--pairings", default=",".join(PAIRINGS), help="comma list of " + ", ".join(PAIRINGS))
    ap.add_argument("--procs", type=int, default=2, help="worker processes (at most 2)")
    ap.add_argument("--nice", type=int, default=10, help="niceness added to this process (default 10)")
    ap.add_argument("--first", type=int, default=0, help="number (seed) of the first game (default 0)")
    ap.add_argument("--out", default=None, help="append each finished game to this file (JSON lines)")
    ap.add_argument(
        "--resume",
        action="store_true",
        help="with --out: skip the games the file holds already, and report them with the new ones",
    )
    ap.add_argument(
        "--load",
        nargs="+",
        default=None,
        metavar="FILE",
        help="play nothing: report the games in these --out files (the last of a repeated game wins)",
    )
    ap.add_argument("-v", action="store_true", help="print each game as it ends")
    args = ap.parse_args()
    settings, pairings = args.settings.split(","), args.pairings.split(",")
    if args.load:
        seen = {}
        for path in args.load:
            for line in Path(path).read_text().splitlines():
                if line.strip():
                    r = json.loads(line)
                    seen[(r["setting"], r["pairing"], r["game"])] = r
        print(f"{len(seen)} games loaded from {', '.join(args.load)}")
        report(list(seen.values()), settings, pairings)
        return
    try:
        os.nice(args.nice)
    except OSError:
        pass
    hard_n = args.n if args.hard_n is None else args.hard_n
    # interleaved (game number, then setting and pairing): a run stopped early still has about
    # as many games of every pairing
    jobs = [
        (setting, pairing, i)
        for i in range(args.first, args.first + max(args.n, hard_n))
        for setting in settings
        for pairing in pairings
        if i < args.first + (hard_n if "hard" in pairing else args.n)
    ]
    results = []
    if args.resume and args.out and Path(args.out).exists():
        held = {}
        for line in Path(args.out).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                held[(r["setting"], r["pairing"], r["game"])] = r
        results = [held[j] for j in jobs if j in held]
        jobs = [j for j in jobs if j not in held]
        print(f"resumed: {len(results)} games from {args.out}, {len(jobs)} to play", flush=True)
    out = open(args.out, "a") if args.out else None
    t0 = time.time()
    # a shell starts background jobs with SIGINT ignored: take it back so kill -INT stops the run
    signal.signal(signal.SIGINT, signal.default_int_handler)
    procs = max(1, min(2, args.procs))
    pool = Pool(procs)
    try:
        for r in pool.imap_unordered(play, jobs, chunksize=1):
            results.append(r)
            if out:
                out.write(json.dumps(r) + "\n")
                out.flush()
            if args.v:
                print(
                    f"  {r['setting']} {r['pairing']} game {r['game']}: A {'won' if r['win'] else 'lost'}, "
                    f"margin {r['margin']:+d}, winners {r['winners']}, pairwise {r['pair_share']:.2f}",
                    flush=True,
                )
        pool.close()
    except KeyboardInterrupt:  # kill -INT <pid>: report the games finished so far
        pool.terminate()
        print(f"interrupted: {len(results)} games finished ({len(jobs)} were to play)")
    pool.join()
    print(f"{len(results)} games in {time.time() - t0:.0f} s wall ({procs} processes, nice +{args.nice})")
    report(results, settings, pairings)


if __name__ == "__main__":
    main()

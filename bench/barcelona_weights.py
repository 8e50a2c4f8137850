"""Barcelona's "normal" planner (bot.plan) with its position weights changed, against the shipped
planner: a screen for retuning ``bot._estimate`` (docs/bots.md, "Normal's weights").

    nice python bench/barcelona_weights.py                       # the 12 one-weight variants + a control
    nice python bench/barcelona_weights.py cloth=0.5 coins=1.2,cloth=0.5 -n 100 --first 1000
    nice python bench/barcelona_weights.py control               # shipped v shipped (the null result)
    nice python bench/barcelona_weights.py --level hard floor=0 floor=0.5 control -n 40
                                          # Hard (its keep floor changed) against the shipped planner
    nice python bench/barcelona_weights.py --grid cloth=0.3,0.5,0.7 coins=0.6,1.0 --against cloth=0.5
                                          # every combination, against a reference instead of the shipped

Heads-up games, the variant at seat seed % 2 (the other seat: the shipped weights, or ``--against``'s:
a reference close to the best, so good variants do not all saturate near 100% against a weak one), decisions as in bench/bots.py ``play``:
``plan(masked_for(seat, rngs[seat].next64()), rngs[seat])`` with ``rngs = [Rng(seed*7919 + s)]``.
The variant's decisions run with the weights of ``bot._estimate`` (module constants: COIN_VP,
CLOTH_VP, ...) set to the variant's, the shipped ones put back after each decision.
Prints per variant: wins (a shared win counts 1/2), rate, Wilson 95% interval, mean margin with a
95% normal interval, CPU per game. Never a test: a strength report only.
"""

import argparse
import math
import time
from multiprocessing import Pool


import engine.barcelona as B
from engine.barcelona import bot
from engine.core.rng import Rng

SEEDS = range(1000, 1100)  # set by --first / -n
# short name -> the weight's name in engine/barcelona/bot.py (what ``_estimate`` counts: coins,
# cloth, Sagrada steps and intersection tiles per unit, the Cerdà preview's share, an improved
# empty Modernisme space), and the shipped values read from there
NAMES = {
    "coins": "COIN_VP",
    "cloth": "CLOTH_VP",
    "sagrada": "SAGRADA_VP",
    "crosses": "CROSS_VP",
    "cerda": "CERDA_PREVIEW",
    "empty": "EMPTY_TOP_VP",
    "floor": "HARD_KEEP_FLOOR",
}
SHIPPED = {k: getattr(bot, name) for k, name in NAMES.items()}
ONE_WEIGHT = [
    "coins=0.9",
    "coins=1.2",
    "cloth=0.5",
    "cloth=1.3",
    "sagrada=0.4",
    "sagrada=1.3",
    "crosses=0.5",
    "crosses=3.0",
    "cerda=0.3",
    "cerda=0.9",
    "empty=0",
    "empty=6",
    "control",
]


class swapped:
    """Context: the weights of ``w`` set on the bot module (``_estimate`` reads them as module
    globals), the shipped ones put back on exit."""

    def __init__(self, w):
        self.w = w

    def __enter__(self):
        for k, v in self.w.items():
            setattr(bot, NAMES[k], v)

    def __exit__(self, *exc):
        for k, v in SHIPPED.items():
            setattr(bot, NAMES[k], v)
        return False


def play(job):
    seed, w, ref, level = job
    game = B.new_game(2, seed)
    seat_v = seed % 2
    rngs = [Rng(seed * 7919 + s) for s in range(2)]
    t0 = time.process_time()
    while not game.is_over:
        s = game.current_player
        masked = game.masked_for(s, rngs[s].next64())
        if s == seat_v:
            with swapped(w):
                action = (bot.hard if level == "hard" else bot.plan)(masked, rngs[s])
        else:
            with swapped(ref):
                action = bot.plan(masked, rngs[s])
        assert all(getattr(bot, NAMES[k]) == v for k, v in SHIPPED.items())
        game.apply(action.id)
    cpu = time.process_time() - t0
    win = game.winners()
    sc = game.scores()
    return {
        "seed": seed,
        "seat": seat_v,
        "win": (1.0 / len(win)) if seat_v in win else 0.0,
        "margin": sc[seat_v] - sc[1 - seat_v],
        "scores": list(sc),
        "cpu": cpu,
    }


def wilson(p, n, z=1.96):
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def summarise(name, change, rs):
    n = len(rs)
    wins = sum(r["win"] for r in rs)
    p = wins / n
    lo, hi = wilson(p, n)
    ms = [r["margin"] for r in rs]
    mm = sum(ms) / n
    half = 1.96 * math.sqrt(sum((x - mm) ** 2 for x in ms) / (n - 1) / n)
    return {
        "variant": name,
        "change": change,
        "games": n,
        "wins": wins,
        "rate": p,
        "wilson_lo": lo,
        "wilson_hi": hi,
        "margin": mm,
        "margin_half": half,
        "cpu_per_game": sum(r["cpu"] for r in rs) / n,
        "seeds": [SEEDS[0], SEEDS[-1]],
    }


def parse(spec):
    """ "cloth=0.5,coins=1.2" -> {"cloth": 0.5, "coins": 1.2}; "control" -> {} (the shipped weights)."""
    if spec == "control":
        return {}
    change = {}
    for part in spec.split(","):
        k, _, v = part.partition("=")
        if k not in SHIPPED:
            raise SystemExit(f"unknown weight {k!r}: one of {', '.join(SHIPPED)}")
        change[k] = float(v)
    return change


def main():
    global SEEDS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=ONE_WEIGHT)
    ap.add_argument("-n", type=int, default=100, help="games per variant")
    ap.add_argument("--first", type=int, default=1000, help="first seed")
    ap.add_argument("--against", default="control", help="the other seat's weights (default: shipped)")
    ap.add_argument(
        "--grid",
        nargs="+",
        default=None,
        metavar="NAME=V1,V2,..",
        help="variants: every combination of these values (replaces the variant list)",
    )
    ap.add_argument(
        "--level",
        default="normal",
        choices=["normal", "hard"],
        help="the variant seat's level (the other seat is always the planner)",
    )
    ap.add_argument("--procs", type=int, default=1, help="worker processes (at most 2)")
    args = ap.parse_args()
    SEEDS = range(args.first, args.first + args.n)
    variants = args.variants
    if args.grid:
        variants = [""]
        for axis in args.grid:
            k, _, vals = axis.partition("=")
            variants = [(v + "," if v else "") + f"{k}={x}" for v in variants for x in vals.split(",")]
    ref = dict(SHIPPED, **parse(args.against))
    print(f"seeds {SEEDS[0]}-{SEEDS[-1]}, variant ({args.level}) seat = seed % 2, against {args.against}: {ref}")
    print("| variant | games | wins | rate | Wilson 95% | margin ± 95% | CPU s/game |")
    print("|---|---:|---:|---:|---|---:|---:|")
    pool = Pool(max(1, min(2, args.procs))) if args.procs > 1 else None
    for spec in variants:
        change = parse(spec)
        jobs = [(seed, dict(SHIPPED, **change), ref, args.level) for seed in SEEDS]
        rs = pool.map(play, jobs, chunksize=4) if pool else [play(j) for j in jobs]
        r = summarise(spec, change, rs)
        print(
            f"| {spec} | {r['games']} | {r['wins']:g} | {r['rate']:.1%} | "
            f"[{r['wilson_lo']:.1%}, {r['wilson_hi']:.1%}] | "
            f"{r['margin']:+.1f} ± {r['margin_half']:.1f} | {r['cpu_per_game']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

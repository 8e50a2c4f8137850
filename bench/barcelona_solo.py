"""The solo game against Gaudí: how strong is he? Plays seeded solo games in which each computer
level of spec.bots (Easy, Normal, Hard, and any level added later) is the human, at each
difficulty (and rule set), and prints Gaudí's mean score and each level's win rate against him,
with 95% intervals (mean: normal approximation; win rate: Wilson). Figures go into docs/barcelona.md.

The bots play as in the app: on a masked copy of the game (masked_for), so Gaudí's deck order
is hidden from them.

One game per seed serves every difficulty (default; ``--each`` plays each difficulty apart):
the difficulty is only the value of a Gaudí Reward (GR), and nothing Gaudí does depends on it,
so his moves are the same at every difficulty and his points that depend on it (Cerdà scorings,
his Modernisme tiles, his GR: categories ``SCALED``) are multiples of it. The game is played at
``--play-at`` (normal) and his score at difficulty d is rescaled exactly (``score_at``: the games
and the rescoring are tests/support/solo_games.py; tests/barcelona/test_solo_bench.py checks it
against games played at d). The Easy and Normal levels never look at Gaudí's score, so
their games are exactly those played at d; Hard's rollouts compare its score with his VP, so Hard
plays as against Gaudí at ``--play-at`` (a player of that strength who does not adapt to the
difficulty). Costs CPU about 3x less.

Usage: python bench/barcelona_solo.py [games per cell] [difficulties e.g. easy,normal,hard]
       [rules e.g. original,2.0] [--levels easy,normal,hard] [--each] [--play-at normal] [--first-seed 0]
       [--verbose] [--from-log FILE]
"""

import argparse
import math
import re
import os
import statistics as st
import sys
import time

from engine.barcelona import solo_data as S
from engine.core import registry
import engine  # noqa: E402,F401 (fills the registry)
from tests.support.solo_games import results


def mean_ci(xs):
    m = st.mean(xs)
    half = 1.96 * st.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def wilson(k, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=10, help="games per cell")
    ap.add_argument("difficulties", nargs="?", default="easy,normal,hard")
    ap.add_argument("rules", nargs="?", default="original")
    ap.add_argument("--levels", default=None, help="computer levels (spec.bots keys), default all")
    ap.add_argument("--each", action="store_true", help="play each difficulty apart (3x the CPU)")
    ap.add_argument("--play-at", default="normal", help="the difficulty the shared game is played at")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--verbose", action="store_true", help="one line per game (partial runs can be summed)")
    ap.add_argument("--from-log", help="summarise the game lines of a --verbose run's output instead")
    args = ap.parse_args(argv)
    if args.from_log:
        return from_log(args.from_log)
    spec = registry.get("barcelona")
    diffs = args.difficulties.split(",")
    levels = args.levels.split(",") if args.levels else list(spec.bots)
    unknown = [x for x in levels if x not in spec.bots] + [d for d in diffs + [args.play_at] if d not in S.GR_VALUE]
    if unknown:
        ap.error(f"unknown level or difficulty: {', '.join(unknown)}")
    seeds = range(args.first_seed, args.first_seed + args.games)
    how = "each difficulty played apart" if args.each else f"one game per seed played at {args.play_at}, rescored"
    print(
        f"Barcelona solo: {args.games} games per cell (seeds {seeds.start}-{seeds.stop - 1}); levels "
        f"{', '.join(levels)}; {how}; 95% intervals",
        flush=True,
    )
    print(
        "command: python " + " ".join([os.path.relpath(__file__)] + list(sys.argv[1:] if argv is None else argv)),
        flush=True,
    )
    rules_list = args.rules.split(",")
    res = {(r, lv): [] for r in rules_list for lv in levels}
    cpu = {key: 0.0 for key in res}
    for seed in seeds:  # seeds outermost: a run cut short still covers every cell
        for rules in rules_list:
            for level in levels:
                t0 = time.process_time()
                res[rules, level].append(results(spec.bot(level), seed, diffs, rules, args.each, args.play_at))
                cpu[rules, level] += time.process_time() - t0
                if args.verbose:
                    print(
                        f"  game {rules} {level} seed {seed}: "
                        + ", ".join(f"{d} {r[0]}-{r[1]}" for d, r in res[rules, level][-1].items()),
                        flush=True,
                    )
    summary(res, cpu, diffs)


def summary(res, cpu, diffs):
    """Per (rules, level) cell: the level's score, Gaudí's, the level's wins at each difficulty."""
    for (rules, level), cell in res.items():
        n = len(cell)
        if not n:
            continue
        print(
            f"rules {rules}, level {level}" + (f" ({cpu[rules, level] / n:.1f} s CPU a game)" if cpu else "") + ":",
            flush=True,
        )
        for d in diffs:
            me = [r[d][0] for r in cell]
            him = [r[d][1] for r in cell]
            wins = sum(r[d][2] for r in cell)
            lo, hi = wilson(wins, n)
            m, h = mean_ci(me)
            gm, gh = mean_ci(him)
            print(
                f"   difficulty {d:>6}: {level} scores {m:5.1f} ±{h:4.1f}, Gaudí {gm:5.1f} ±{gh:4.1f}; "
                f"wins {wins}/{n} = {wins / n:4.0%} [{lo:.0%}, {hi:.0%}]",
                flush=True,
            )


def from_log(path):
    """The summary of the games a --verbose run printed so far (a run cut short, or several runs
    with different --first-seed appended to one file)."""
    res, diffs = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*game (\S+) (\S+) seed (\d+): (.*)$", line)
            if not m:
                continue
            rules, level, _, rest = m.groups()
            one = {}
            for part in rest.split(", "):
                d, score = part.split(" ")
                me, him = (int(x) for x in score.split("-"))
                one[d] = (me, him, me > him)
                if d not in diffs:
                    diffs.append(d)
            res.setdefault((rules, level), []).append(one)
    print(f"from {path}: " + ", ".join(f"{r} {lv}: {len(c)} games" for (r, lv), c in res.items()))
    summary(res, None, diffs)


if __name__ == "__main__":
    main()

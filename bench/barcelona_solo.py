"""The solo game against Gaudí: how strong is he? Plays seeded solo games in which each computer
level of spec.bots (Easy, Normal, and any level added later) is the human, at each difficulty
(and rule set), and prints Gaudí's mean score and each level's win rate against him, with 95%
intervals (mean: normal approximation; win rate: Wilson). Figures go into docs/barcelona.md.

The bots play as in the app: on a masked copy of the game (masked_for), so Gaudí's deck order
is hidden from them.

Usage: python bench/barcelona_solo.py [games per cell] [difficulties e.g. easy,normal,hard] [rules e.g. original,2.0]
"""
import math
import os
import statistics as st
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from engine.barcelona import new_game, solo  # noqa: E402
from engine.core import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
import engine  # noqa: E402,F401 (fills the registry)


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


def play(policy, seed, difficulty, rules):
    g = new_game(["Bot"], seed, difficulty=difficulty, rules=rules)
    rng = Rng(seed)
    k = 0
    while not g.is_over:
        a = policy(g.masked_for(0, seed * 7919 + k), rng)
        g.apply(a.id)
        k += 1
    return g.players[0].vp, g.players[solo.GAUDI].vp, g.winners() == [0]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    diffs = (sys.argv[2] if len(sys.argv) > 2 else "easy,normal,hard").split(",")
    rules_list = (sys.argv[3] if len(sys.argv) > 3 else "original").split(",")
    spec = registry.get("barcelona")
    print(f"Barcelona solo: {games} games per cell; levels {', '.join(spec.bots)}; 95% intervals")
    for rules in rules_list:
        for d in diffs:
            gaudi_all = []
            rows = []
            for level in spec.bots:
                policy = spec.bot(level)
                res = [play(policy, seed, d, rules) for seed in range(games)]
                me = [r[0] for r in res]
                him = [r[1] for r in res]
                gaudi_all += him
                wins = sum(r[2] for r in res)
                lo, hi = wilson(wins, games)
                m, h = mean_ci(me)
                gm, gh = mean_ci(him)
                rows.append(f"   {level:>7}: scores {m:5.1f} ±{h:4.1f}, Gaudí {gm:5.1f} ±{gh:4.1f}; "
                            f"wins {wins}/{games} = {wins / games:4.0%} [{lo:.0%}, {hi:.0%}]")
            gm, gh = mean_ci(gaudi_all)
            print(f"rules {rules}, difficulty {d}: Gaudí mean {gm:.1f} ±{gh:.1f} VP")
            print("\n".join(rows))


if __name__ == "__main__":
    main()

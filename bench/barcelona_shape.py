"""Does the reconstructed Barcelona keep its shape? Plays seeded games with the
turn-planning bot (engine.barcelona.bot.plan) and prints, per player count, turns
per player, the winner's score and the score spread, how games ended (third Cerdà section
or an empty bag) and how many Cerdà scorings took place, plus the average VP per category
and its share of all points. Figures go into docs/barcelona.md.

Usage: python bench/barcelona_shape.py [games_per_count] [greedy|plan] [counts e.g. 234]
"""

import statistics as st
import sys

from engine import barcelona
from engine.barcelona import bot
from engine.core.rng import Rng


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    mode = sys.argv[2] if len(sys.argv) > 2 else "plan"
    counts = [int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else "234")]
    pick = bot.plan if mode == "plan" else bot.choose
    for n in counts:
        wins, spread, turns, cats = [], [], [], {}
        bag_ends, scorings = 0, []
        for seed in range(games):
            g = barcelona.new_game(n, seed)
            rng = Rng(seed)
            while not g.is_over:
                g.apply(pick(g, rng))
            sc = g.scores()
            wins.append(max(sc))
            spread.append(max(sc) - min(sc))
            turns.append(g.turn / n)
            bag_ends += not g.bag and g.cerda_scored < 3
            scorings.append(g.cerda_scored)
            for b in g.score_breakdown():
                for k, v in b.items():
                    cats[k] = cats.get(k, 0) + v / (n * games)
        print(
            f"{n} players ({mode}, {games} games): turns/player {st.mean(turns):.1f}; winner mean "
            f"{st.mean(wins):.0f} (min {min(wins)}, max {max(wins)}); winner-last spread {st.mean(spread):.0f}; "
            f"Cerdà scorings {st.mean(scorings):.2f}; ended on an empty bag before the 3rd: {bag_ends}/{games}"
        )
        total = sum(cats.values()) or 1
        print(
            "   VP per player by category:",
            ", ".join(f"{k} {v:.1f} ({100 * v / total:.0f}%)" for k, v in sorted(cats.items(), key=lambda x: -x[1])),
        )


if __name__ == "__main__":
    main()

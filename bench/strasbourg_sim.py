"""Simulation check of the Strasbourg data (docs/strasbourg.md, 'Simulation').

    python bench/strasbourg_sim.py [games_per_setting]

Plays all-random, all-greedy and mixed tables for 3, 4 and 5 players and prints
score ranges, category means, shops, money flow and the number of options per
decision kind (to check every decision offers a real choice). For each task-card kind
it prints how often it would come true at the end for a seat (every seat, every card,
held or not): the difficulty the card points in engine/strasbourg/data.py follow.
"""

import random
import statistics
import sys
from collections import defaultdict


from engine.strasbourg import data, new_game
from engine.strasbourg.scoring import task_done
from engine.strasbourg.bots import greedy_policy, random_policy


def play(n, seed, policies, opts):
    g = new_game(n, seed)
    rng = random.Random(seed * 7919 + n)
    while not g.is_over:
        d = g.st.decision
        k = len(g.legal_actions())
        opts[d.kind].append(k)
        g.apply(policies[d.seat](g, rng))
    return g


def main(games=40):
    for label, mk in (
        ("random", lambda n: [random_policy] * n),
        ("greedy", lambda n: [greedy_policy] * n),
        ("1 greedy vs random", lambda n: [greedy_policy] + [random_policy] * (n - 1)),
    ):
        print(f"== {label} ==")
        for n in (3, 4, 5):
            opts = defaultdict(list)
            scores, win, cats, shops, seat0 = [], [], defaultdict(list), [], []
            kinds, kept = defaultdict(list), defaultdict(list)
            for seed in range(games):
                g = play(n, seed, mk(n), opts)
                sc = g.scores()
                scores += sc
                seat0.append(sc[0])
                win.append(max(sc))
                for b in g.score_breakdown():
                    for c, v in b.items():
                        cats[c].append(v)
                shops.append(sum(1 for o in g.st.shops if o is not None))
                for s in range(n):
                    for t, kind, _, _ in data.TASK_CARDS:
                        kinds[kind].append(task_done(g.st, s, t))
                    for t in g.st.players[s].tasks:
                        kept[data.TASKS[t][1]].append(task_done(g.st, s, t))
            cat = ", ".join(f"{c} {statistics.mean(v):.1f}" for c, v in cats.items())
            print(
                f" {n}p: score mean {statistics.mean(scores):.1f} min {min(scores)} max {max(scores)}; "
                f"winner mean {statistics.mean(win):.1f}; seat0 mean {statistics.mean(seat0):.1f}; "
                f"shops in city {statistics.mean(shops):.1f}/47"
            )
            print(f"     categories: {cat}")
            print(
                "     task kinds (would come true for a seat / kept cards fulfilled): "
                + "; ".join(
                    f"{k} {sum(v) / len(v):.0%}/" + (f"{sum(kept[k]) / len(kept[k]):.0%}" if kept[k] else "-")
                    for k, v in kinds.items()
                )
            )
            print(
                "     options per decision (mean/min/max, share with >=2): "
                + "; ".join(
                    f"{k} {statistics.mean(v):.1f}/{min(v)}/{max(v)} {sum(1 for x in v if x > 1) / len(v):.0%}"
                    for k, v in sorted(opts.items())
                )
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)

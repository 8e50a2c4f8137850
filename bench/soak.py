"""Soak: many seeded random games of every registered game, the engine contract checked after
every action. Prints games, actions and violations per game.

    .venv/bin/python -m bench.soak                 # 10,000 games of each game
    .venv/bin/python -m bench.soak --games 200 --game strasbourg

The driver and its checks are tests/support/soak.py (shared with the suite's short soak,
tests/contract/test_soak_short.py): after every action the game's own invariants
(tests/support/game_checks.py) and the engine contract (tests/support/invariants.py: legal
actions, refused inputs, views, masked copies); every --clone-every actions a clone spot-check;
at the end of each game replay(record). Player counts are cycled; game k of a game uses seed k
(+ --seed), so a violation's seed and step reproduce it: new_game(players, seed), then the
random playout of that seed.
"""

import argparse
import sys
import time

from tests.support.soak import soak


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per game (default 10000)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--clone-every", type=int, default=50, help="clone spot-check every N actions")
    ap.add_argument(
        "--full-every",
        type=int,
        default=1,
        help="all seats' views and masked copies every N actions (default: every action)",
    )
    ap.add_argument(
        "--view-every",
        type=int,
        default=1,
        help="the deciding seat's and the spectator's views every N actions (default 1)",
    )
    ap.add_argument("--progress", type=int, default=500, help="print a line every N games")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    res = soak(a.games, a.game, a.seed, a.clone_every, a.full_every, a.view_every, a.progress, a.jobs)
    print(f"{'game':<12}{'games':>8}{'actions':>11}{'violations':>12}{'done at s':>11}")
    for name, r in res.items():
        print(f"{name:<12}{r['games']:>8}{r['actions']:>11}{r['violations']:>12}{r['seconds']:>11.0f}")
    for name, r in res.items():
        for line in r["first"]:
            print("  " + line)
    print(f"total {time.perf_counter() - t0:.0f} s")
    return 1 if any(r["violations"] for r in res.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Barcelona's "normal" planner (bot.plan) with its position weights changed, against the shipped
planner: a screen for retuning ``bot._estimate`` (docs/bots.md, "Normal's weights").

    nice python bench/barcelona_weights.py                       # the 12 one-weight variants + a control
    nice python bench/barcelona_weights.py cloth=0.5 coins=1.2,cloth=0.5 -n 100 --first 1000
    nice python bench/barcelona_weights.py control               # shipped v shipped (the null result)

Heads-up games, the variant at seat seed % 2, decisions as in bench/bots.py ``play``:
``plan(masked_for(seat, rngs[seat].next64()), rngs[seat])`` with ``rngs = [Rng(seed*7919 + s)]``.
The variant's decisions run with ``bot._estimate`` swapped for a re-weighted copy (restored after
each); before screening, the copy with the shipped weights is checked to return exactly what
``bot._estimate`` returns on 500+ positions and to play a game move for move like the shipped
planner, so a change to ``_estimate`` that this copy does not follow stops the screen.
Prints per variant: wins (a shared win counts 1/2), rate, Wilson 95% interval, mean margin with a
95% normal interval, CPU per game. Never a test: a strength report only.
"""
import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.barcelona as B                      # noqa: E402
from engine.barcelona import bot                  # noqa: E402
from engine.barcelona import data as D            # noqa: E402
from engine.barcelona.conditions import condition_vp  # noqa: E402
from engine.core.rng import Rng                   # noqa: E402

SEEDS = range(1000, 1100)       # set by --first / -n
# the weights of bot._estimate as shipped (coins, cloth, Sagrada steps and intersection tiles per
# unit; the Cerdà preview's factor; an improved empty Modernisme space)
SHIPPED = {"coins": 0.6, "cloth": 0.9, "sagrada": 0.8, "crosses": 1.5, "cerda": 0.6, "empty": 3}
ONE_WEIGHT = ["coins=0.9", "coins=1.2", "cloth=0.5", "cloth=1.3", "sagrada=0.4", "sagrada=1.3",
              "crosses=0.5", "crosses=3.0", "cerda=0.3", "cerda=0.9", "empty=0", "empty=6", "control"]


def _estimate_w(g, seat, keep, w) -> float:
    """bot._estimate with the weights from ``w`` (same operations, same order)."""
    p = g.players[seat]
    est = p.vp
    if g.over:
        return float(est)
    est += D.COBBLE_END_VP[p.cobbles_placed] + D.PASSENGER_END_VP[p.passengers_placed]
    for i, tile in enumerate(p.mod_tiles):
        if tile is not None:
            mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
            est += condition_vp(g, seat, tile) * mult
        elif p.mod_top[i]:
            est += w["empty"]
    if g.cerda_scored < D.CERDA_SCORINGS:
        key = g.cerda_tiles[g.cerda_scored]
        est += w["cerda"] * condition_vp(g, seat, key) * D.cerda_multiplier(p.cerda)
    est += keep * (w["coins"] * p.coins + w["cloth"] * p.cloth + w["sagrada"] * p.sagrada
                   + w["crosses"] * p.crosses_built)
    return est


def check_equal(min_positions=500):
    """_estimate_w(shipped) == bot._estimate exactly, on positions of random games."""
    n = 0
    empty_seen = 0
    for gseed in range(5):
        g = B.new_game(2, gseed)
        r = Rng(424242 + gseed)
        while True:
            for seat in range(2):
                for keep in (1.0, 0.25, 0.6180339887):
                    a = bot._estimate(g, seat, keep)
                    b = _estimate_w(g, seat, keep, SHIPPED)
                    assert a == b and type(a) is type(b), (gseed, seat, keep, a, b)
                    n += 1
                p = g.players[seat]
                empty_seen += any(t is None and top for t, top in zip(p.mod_tiles, p.mod_top))
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[r.below(len(legal))].id)
    assert n >= min_positions, n
    # and a game played by plan with the patched estimate is move-for-move the shipped one
    moves = []
    for patched in (False, True):
        g = B.new_game(2, 7)
        rngs = [Rng(7 * 7919 + s) for s in range(2)]
        ids = []
        for _ in range(60):
            s = g.current_player
            m = g.masked_for(s, rngs[s].next64())
            if patched:
                with swapped(SHIPPED):
                    a = bot.plan(m, rngs[s])
            else:
                a = bot.plan(m, rngs[s])
            ids.append(a.id)
            g.apply(a.id)
        moves.append(ids)
    assert moves[0] == moves[1]
    return n, empty_seen


class swapped:
    """Context: bot._estimate replaced by the re-weighted copy (evaluate/choose/plan look it up
    as a module global), restored on exit."""
    def __init__(self, w):
        self.w = w

    def __enter__(self):
        w = self.w
        self.saved = bot._estimate
        bot._estimate = lambda g, seat, keep: _estimate_w(g, seat, keep, w)

    def __exit__(self, *exc):
        bot._estimate = self.saved
        return False


def play(seed, w):
    game = B.new_game(2, seed)
    seat_v = seed % 2
    rngs = [Rng(seed * 7919 + s) for s in range(2)]
    orig = bot._estimate
    t0 = time.process_time()
    while not game.is_over:
        s = game.current_player
        masked = game.masked_for(s, rngs[s].next64())
        if s == seat_v:
            with swapped(w):
                action = bot.plan(masked, rngs[s])
        else:
            action = bot.plan(masked, rngs[s])
        assert bot._estimate is orig
        game.apply(action.id)
    cpu = time.process_time() - t0
    win = game.winners()
    sc = game.scores()
    return {"seed": seed, "seat": seat_v, "win": (1.0 / len(win)) if seat_v in win else 0.0,
            "margin": sc[seat_v] - sc[1 - seat_v], "scores": list(sc), "cpu": cpu}


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
    return {"variant": name, "change": change, "games": n, "wins": wins, "rate": p,
            "wilson_lo": lo, "wilson_hi": hi, "margin": mm, "margin_half": half,
            "cpu_per_game": sum(r["cpu"] for r in rs) / n,
            "seeds": [SEEDS[0], SEEDS[-1]]}


def parse(spec):
    """"cloth=0.5,coins=1.2" -> {"cloth": 0.5, "coins": 1.2}; "control" -> {} (the shipped weights)."""
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
    args = ap.parse_args()
    SEEDS = range(args.first, args.first + args.n)
    n, e = check_equal()
    print(f"check: the re-weighted copy with the shipped weights == bot._estimate on {n} cases "
          f"({e} with an improved empty space); a game played with it is the shipped planner's")
    print(f"seeds {SEEDS[0]}-{SEEDS[-1]}, variant seat = seed % 2, shipped {SHIPPED}")
    print("| variant | games | wins | rate | Wilson 95% | margin ± 95% | CPU s/game |")
    print("|---|---:|---:|---:|---|---:|---:|")
    for spec in args.variants:
        change = parse(spec)
        rs = [play(seed, dict(SHIPPED, **change)) for seed in SEEDS]
        r = summarise(spec, change, rs)
        print(f"| {spec} | {r['games']} | {r['wins']:g} | {r['rate']:.1%} | "
              f"[{r['wilson_lo']:.1%}, {r['wilson_hi']:.1%}] | "
              f"{r['margin']:+.1f} ± {r['margin_half']:.1f} | {r['cpu_per_game']:.2f} |", flush=True)


if __name__ == "__main__":
    main()

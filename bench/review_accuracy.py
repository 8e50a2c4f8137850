"""The review's honesty over simulated games (docs/review.md "Honesty"): each level's mean accuracy,
which must order Hard > Normal > Easy.

    nice -n 19 python bench/review_accuracy.py --games 30                # Barcelona 2p and Strasbourg 3p
    python bench/review_accuracy.py --games 10 --settings str3 --procs 2 --out acc.jsonl --resume
    python bench/review_accuracy.py --load acc.jsonl                      # report saved games

A game: seed = game number, one seat (game % players) played by the level under test, every other
seat by Normal, each seat with its own seeded Rng deciding on ``masked_for`` (as bench/bots.py
plays); the finished record is reviewed (``review.Review``: the code the worker and the CLI run;
only the tested seat's decisions, ``seats=``) and its accuracy kept, with its counts. Per setting and level: the mean accuracy, its
standard error over the games and a 95% interval, the mean counts per game, and whether the means
order Hard > Normal > Easy (and by how many standard errors each gap is). Never a test.
"""

import argparse
import json
import math
import os
from multiprocessing import Pool
from pathlib import Path

from engine.core import registry
from engine.core.rng import Rng
from review import Review

SETTINGS = {"bcn2": ("barcelona", 2), "bcn4": ("barcelona", 4), "str3": ("strasbourg", 3), "str5": ("strasbourg", 5)}
LEVELS = ("easy", "normal", "hard")


def play(job):
    setting, level, i = job
    name, n = SETTINGS[setting]
    spec = registry.get(name)
    game = spec.new_game(n, seed=i, **spec.defaults())
    seat = i % n
    policies = [spec.bot(level if s == seat else "normal") for s in range(n)]
    rngs = [Rng(i * 7919 + s) for s in range(n)]
    while not game.is_over:
        s = game.current_player
        game.apply(policies[s](game.masked_for(s, rngs[s].next64()), rngs[s]).id)
    review = Review(game.record(), seats=[seat])  # only the tested seat's decisions are judged
    while review.step():
        pass
    p = review.result()["players"][seat]
    return {
        "setting": setting,
        "level": level,
        "game": i,
        "seat": seat,
        "accuracy": p["accuracy"],
        "counts": p["counts"],
        "rated": p["rated"],
        "score": p["final"],
    }


def mean_se(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, math.sqrt(var / len(xs))


def report(rows):
    for setting in SETTINGS:
        mine = [r for r in rows if r["setting"] == setting]
        if not mine:
            continue
        name, n = SETTINGS[setting]
        print(f"\n{name} {n} players (the tested seat v Normal):")
        means = {}
        for level in LEVELS:
            acc = [r["accuracy"] for r in mine if r["level"] == level and r["accuracy"] is not None]
            if not acc:
                continue
            m, se = mean_se(acc)
            means[level] = (m, se)
            games = [r for r in mine if r["level"] == level]
            counts = {c: sum(r["counts"][c] for r in games) / len(games) for c in games[0]["counts"]}
            per = ", ".join(f"{c} {v:.1f}" for c, v in counts.items())
            print(
                f"  {level:<6} {len(acc):>3} games  accuracy {m:5.1f} ± {se:.1f} (SE)  "
                f"[{m - 1.96 * se:.1f}, {m + 1.96 * se:.1f}]  per game: {per}"
            )
        if len(means) == 3:
            (e, se_e), (nm, se_n), (h, se_h) = means["easy"], means["normal"], means["hard"]
            ok = h > nm > e
            z1 = (h - nm) / math.sqrt(se_h**2 + se_n**2) if se_h == se_h else float("nan")
            z2 = (nm - e) / math.sqrt(se_n**2 + se_e**2) if se_e == se_e else float("nan")
            print(
                f"  Hard > Normal > Easy: {'holds' if ok else 'DOES NOT hold'} "
                f"(Hard - Normal {h - nm:+.1f} = {z1:.1f} SE, Normal - Easy {nm - e:+.1f} = {z2:.1f} SE)"
            )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per level and setting (>= 30 for the issue's figure)")
    ap.add_argument("--first", type=int, default=0, help="the first game's number (its seed)")
    ap.add_argument("--settings", default="bcn2,str3")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--out", help="append each game's result to this .jsonl")
    ap.add_argument("--resume", action="store_true", help="skip the games already in --out")
    ap.add_argument("--load", help="only report the games saved in this .jsonl")
    args = ap.parse_args()
    if args.load:
        report([json.loads(x) for x in Path(args.load).read_text().splitlines() if x.strip()])
        return
    jobs = [
        (s, lv, i)
        for i in range(args.first, args.first + args.games)
        for s in args.settings.split(",")
        for lv in args.levels.split(",")
    ]
    rows = []
    if args.resume and args.out and os.path.exists(args.out):
        rows = [json.loads(x) for x in Path(args.out).read_text().splitlines() if x.strip()]
        have = {(r["setting"], r["level"], r["game"]) for r in rows}
        jobs = [j for j in jobs if j not in have]
    with Pool(args.procs) as pool:
        for r in pool.imap_unordered(play, jobs):
            rows.append(r)
            if args.out:
                with open(args.out, "a") as fh:
                    fh.write(json.dumps(r) + "\n")
    report(rows)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long a person waits between their own turns with two computer seats (issue 51: the pace of
the table), in a real page: from the person's move that hands the turn to the computers
(body[data-bot] appears) to the moment the person can move again (data-bot gone, a game action
on screen). The person plays the first legal move at once; banners are left to their timers.

Side by side in one run: this build ("after") and, with --before DIR, another build served beside
it (e.g. the commit before a change: ``git worktree add`` + ``scripts/build.py --dist``), the runs
alternating A B A B. Both games, 3 players (seat 0 a person, seats 1-2 Normal), speed normal.
Prints the median and the largest wait per game and build, and the after/before ratio of medians.

Usage: python bench/turn_wait.py [--turns 4] [--no-build [--dist DIR]] [--before DIR]
"""

import argparse
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, Server, build_and_serve, launch, median
from scripts.browser import PLAYABLE, play_step, wait_ready

GAMES = {"barcelona": "seed=5", "strasbourg": "seed=5"}


def waits(browser, url, turns):
    """Wall-clock seconds the person waited, one per turn of the computers."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    wait_ready(page)
    out = []
    for _ in range(400):
        if len(out) >= turns or page.get_attribute("body", "data-screen") == "over":
            break
        if page.get_attribute("body", "data-bot") is not None:
            start = time.monotonic()
            page.wait_for_function(
                "() => !document.body.hasAttribute('data-bot') && (document.querySelector(%r)"
                " || document.body.dataset.screen === 'over')" % PLAYABLE,
                timeout=300_000,
            )
            out.append(time.monotonic() - start)
            continue
        if page.locator(PLAYABLE).count():
            play_step(page)
        else:
            page.wait_for_function("() => document.body.hasAttribute('data-bot')", timeout=60_000)
    ctx.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="serve this build (with --no-build)")
    ap.add_argument("--before", type=Path, help="another build to measure beside it")
    args = ap.parse_args()
    servers = {"after": Server(args.dist) if args.no_build else build_and_serve()}
    if args.before:
        servers["before"] = Server(args.before)
    results = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for game, seed in GAMES.items():
                for _ in range(2):  # A B A B: the machine's drift shared
                    for arm, server in servers.items():
                        url = f"{server.url}index.html?game={game}&players=3&{seed}&bots=1,2"
                        results.setdefault((game, arm), []).extend(waits(browser, url, max(1, args.turns // 2)))
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
    for (game, arm), xs in results.items():
        print(
            f"{game:10} {arm:6} wait between own turns: median {median(xs):5.1f} s, max {max(xs):5.1f} s ({len(xs)} turns)"
        )
    if args.before:
        for game in GAMES:
            a, b = median(results[(game, "after")]), median(results[(game, "before")])
            print(f"{game:10} ratio after/before (median): {a / b:.2f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The game review in the browser, side by side with a plain replay of the same record.

For each game (a finished game played by its first bot level in this process): the record is
imported into the page (the page replays it: the plain replay), then Review is pressed; printed:
the replay's time, the time until the review screen is drawn with its chart and sources (the quick
part, on the page), and the time until every decision is evaluated in the background worker
(``.review[data-review-state=complete]``), with the ratio to the replay; and the page's answer to a
tap ("Show as a table", median ms) while the worker evaluates, beside the same after. Issue 52's budget: a
2-player Barcelona game within 30 s, a 4-player Barcelona or 5-player Strasbourg game within 90 s.

Usage: bench/review_browser.py [--dist DIR] [--games barcelona:2,barcelona:4,strasbourg:5] [--seed N]
(without --dist it builds dist/ first). Wall-clock figures of a shared machine: compare the ratio.
"""

import argparse
import json
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import build_and_serve, launch
from scripts.browser import Server, state, wait_ready, wait_state_after

import engine
from engine.core.registry import get
from engine.core.rng import Rng

IMPORT = 'input[data-action="ui:import"]'  # the toolbar's Import (a file input)


def finished(name, players, seed):
    spec = get(name)
    policy = spec.bot(next(iter(spec.bots)))
    g, rng = engine.game_module(name).new_game([f"P{i + 1}" for i in range(players)], seed), Rng(seed)
    while not g.is_over:
        choice = policy(g, rng)
        g.apply(getattr(choice, "id", choice))
    return g.record()


def measure(browser, url, record):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    page = ctx.new_page()
    page.goto(url + "index.html?botdelay=0")
    wait_ready(page)
    page.evaluate("euroBot.start()")
    page.wait_for_function("euroBot.status() === 'ready'", timeout=180_000)  # the worker's boot is not the review's
    text = json.dumps(record)
    before = state(page)
    t0 = time.monotonic()
    page.set_input_files(IMPORT, files=[{"name": "g.json", "mimeType": "application/json", "buffer": text.encode()}])
    wait_state_after(page, before)
    replay = time.monotonic() - t0
    before = state(page)
    t0 = time.monotonic()
    page.locator('[data-action="ui:review"]').first.click()
    wait_state_after(page, before)
    quick = time.monotonic() - t0
    busy = taps(page, TAPS)  # while the worker evaluates: the page answers as usual
    page.wait_for_function(
        "document.querySelector('.review')?.dataset.reviewState === 'complete'", timeout=900_000, polling=200
    )
    full = time.monotonic() - t0
    idle = taps(page, TAPS)
    ctx.close()
    return replay, quick, full, busy, idle


TAPS = 8
TOGGLE = ".review-table-btn"


def taps(page, n):
    """ms from a tap on "Show as a table" to the screen saying it toggled, ``n`` times: median."""
    out = []
    for _ in range(n):
        was = page.get_attribute(TOGGLE, "aria-expanded")
        t0 = time.monotonic()
        page.locator(TOGGLE).click()
        page.wait_for_function(f"document.querySelector({TOGGLE!r}).getAttribute('aria-expanded') !== {was!r}")
        out.append((time.monotonic() - t0) * 1000)
    return statistics.median(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path)
    ap.add_argument("--games", default="barcelona:2,barcelona:4,strasbourg:5")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    server = Server(args.dist) if args.dist else build_and_serve()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            print(
                "| game | actions | replay (import) s | review screen s | complete s | complete / replay "
                "| tap while evaluating ms | tap after ms |"
            )
            print("|---|---|---|---|---|---|---|---|")
            for item in args.games.split(","):
                name, players = item.split(":")
                rec = finished(name, int(players), args.seed)
                replay, quick, full, busy, idle = measure(browser, server.url, rec)
                print(
                    f"| {name} {players}p | {len(rec['actions'])} | {replay:.2f} | {quick:.2f} | {full:.1f} | "
                    f"{full / replay:.0f}x | {busy:.0f} | {idle:.0f} |",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

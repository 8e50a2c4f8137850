#!/usr/bin/env python3
"""Table fit: does the table fit the screen? Plays random decisions in real Chromium at
every size of tests/support/table_fit.py SIZES, both games, and counts per decision: the whole main board inside
the viewport; every choice of the decision tappable without scrolling (inside the viewport and
on top); every text >= 12 CSS px and every choice's tap area >= 44 CSS px (at every size, phones
included); no sideways scroll. Printed for the six laptop/tablet sizes and the two phones apart.

Usage: bench/fit.py [--dist DIR] [--decisions N] [--skip K] [--shots DIR] [--sizes WxH,...]
  --dist       a built dist/ to measure (default: build this checkout); e.g. an older build
  --sizes      only these of SIZES (e.g. 390x844,360x780)
  --decisions  measured decisions per size and game (default 5); K random moves between two
  --shots      also write a screenshot of every measured decision there
Results: bench/RESULTS.md "Table fit".
"""

import argparse
import random
from pathlib import Path

from bench._common import Server, build_and_serve, launch
from playwright.sync_api import sync_playwright

from scripts.browser import Guard, wait_ready
from tests.support.table_fit import SIZES, measure_parts, problems

GAMES = {
    "barcelona": "game=barcelona&players=3&seed={seed}&hidden=0",
    "strasbourg": "game=strasbourg&players=3&seed={seed}&hidden=0",
}
PLAY = "#app [data-action]:not([data-action^='ui:']), #app [data-action^='ui:pick:']"
STEP = "#app [data-action='ui:confirm'], #app [data-action='ui:handoff-ok'], #app [data-action='ui:inspect-close']"


def state(page):
    return int(page.get_attribute("body", "data-state") or 0)


def click(page, el):
    before = state(page)
    el.evaluate("el => (el.querySelector('.hit') || el).dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    page.wait_for_function(f"Number(document.body.dataset.state) > {before}")


def settle(page):
    """Past the steps that are no decision (Confirm of a selected move, the hand-off screen)."""
    for _ in range(4):
        loc = page.locator(STEP)
        if not loc.count():
            return
        click(page, loc.first)


def random_move(page, rng):
    settle(page)
    ids = page.evaluate(f"[...new Set([...document.querySelectorAll({PLAY!r})].map(e => e.dataset.action))]")
    if not ids or page.get_attribute("body", "data-game-over"):
        return False
    click(page, page.locator(f"#app [data-action={ids[rng.randrange(len(ids))]!r}]").first)
    settle(page)
    return True


def run(base, decisions, skip, shots, sizes=None):
    rows = []
    with sync_playwright() as pw:
        browser = launch(pw)
        for w, h, touch in SIZES:
            if sizes and f"{w}x{h}" not in sizes:
                continue
            for game, query in GAMES.items():
                ctx = browser.new_context(
                    viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch, service_workers="block"
                )
                page = Guard().attach(ctx.new_page())  # console lines for a hung boot's report
                rng = random.Random(f"{game}{w}")
                page.goto(f"{base}index.html?{query.format(seed=7)}&botdelay=0")
                wait_ready(page)
                for k in range(decisions):
                    settle(page)
                    m = measure_parts(page, click)
                    bad = problems(m, w)
                    rows.append((w, h, game, k, m, bad))
                    if shots:
                        page.screenshot(path=str(Path(shots) / f"{game}-{w}x{h}-{k}.png"))
                    print(
                        f"{w}x{h} {game} #{k}: board_in={m['board_in']} choices={m['choices']} "
                        f"missing={len(m['missing'])} min_text={m['min_text']} "
                        f"small_targets={len(m['small_targets'])} parts={m['parts']} {'; '.join(bad)}",
                        flush=True,
                    )
                    for _ in range(skip + 1):
                        if not random_move(page, rng):
                            break
                ctx.close()
        browser.close()
    return rows


def summary(rows):
    """One line per group of sizes (laptops and tablets, phones, all): decisions where each rule held."""
    out = []
    groups = [("laptop/tablet", lambda w: w >= 700), ("phone", lambda w: w < 700), ("all", lambda w: True)]
    for name, keep in groups:
        rs = [r for r in rows if keep(r[0])]
        if not rs:
            continue
        n = len(rs)
        board = sum(1 for r in rs if r[4]["board_in"])
        choices = sum(1 for r in rs if not r[4]["missing"])
        legible = sum(1 for r in rs if (r[4]["min_text"] or 99) >= 11.95)
        taps = sum(1 for r in rs if not r[4]["small_targets"])
        flat = sum(1 for r in rs if not r[4]["sideways"])
        clean = sum(1 for r in rs if not r[5])
        screens = len({(r[0], r[2]) for r in rs})
        out.append(
            f"{name}: {n} decisions over {screens} screens (size x game): whole board inside the viewport "
            f"{board}/{n}; every choice tappable without scrolling {choices}/{n}; texts >= 12 px {legible}/{n}; "
            f"tap areas >= 44 px {taps}/{n}; no sideways scroll {flat}/{n}; every rule {clean}/{n}"
        )
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist")
    ap.add_argument("--decisions", type=int, default=5)
    ap.add_argument("--skip", type=int, default=2)
    ap.add_argument("--shots")
    ap.add_argument("--sizes", default="")
    a = ap.parse_args()
    if a.shots:
        Path(a.shots).mkdir(parents=True, exist_ok=True)
    server = Server(Path(a.dist)) if a.dist else build_and_serve()
    try:
        rows = run(server.url, a.decisions, a.skip, a.shots, set(filter(None, a.sizes.split(","))))
    finally:
        server.stop()
    print(summary(rows))


if __name__ == "__main__":
    main()

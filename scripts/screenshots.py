#!/usr/bin/env python3
"""Screenshots of both games at the viewports the table is designed for.

Usage: scripts/screenshots.py OUTDIR [--no-build] [--dist DIR] [--moves N]
Writes OUTDIR/<game>-<w>x<h>.png after N first-legal moves (default 3), so a decision is on screen.
1366x768 and 1024x768 are mouse screens; 820x1180 and 768x1024 touch tablets in portrait; 390x844
a phone (touch). docs/screenshots holds them (issue 51: 1366x768, 820x1180 and 390x844).
"""

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.browser import CHROMIUM, CHROMIUM_ARGS, Server, build_dist

ROOT = Path(__file__).resolve().parent.parent

VIEWPORTS = [(1366, 768, False), (1024, 768, False), (820, 1180, True), (768, 1024, True), (390, 844, True)]
GAMES = {"barcelona": "game=barcelona&players=3&seed=42", "strasbourg": "game=strasbourg&players=3&seed=42"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--moves", type=int, default=3)
    ap.add_argument("--dist", help="a built dist/ to shoot (implies --no-build)")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.no_build and not args.dist:
        build_dist()
    server = Server(Path(args.dist) if args.dist else ROOT / "dist")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for w, h, touch in VIEWPORTS:
                for game, query in GAMES.items():
                    ctx = browser.new_context(
                        viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch, service_workers="block"
                    )
                    page = ctx.new_page()
                    page.goto(f"{server.url}index.html?{query}&botdelay=0&hidden=0")
                    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
                    for _ in range(args.moves):
                        before = int(page.get_attribute("body", "data-state") or 0)
                        loc = page.locator('main [data-action]:not([data-action^="ui:"])').first
                        if not loc.count():
                            break
                        loc.click()
                        page.wait_for_function(f"Number(document.body.dataset.state) > {before}")
                    page.wait_for_function("!document.body.dataset.refit")  # drawn for its real box
                    path = out / f"{game}-{w}x{h}.png"
                    page.screenshot(path=str(path))
                    print(path)
                    ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

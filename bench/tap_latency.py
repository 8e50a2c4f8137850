#!/usr/bin/env python3
"""Tap-to-redraw latency on a game page: Playwright taps a data-action control; we time from the
tap's click event (page clock) to main.py's redraw (body[data-state] bump) and to the next frame.

Prints p50/p95 (goal: p95 <= 100 ms). Usage: bench/tap_latency.py [N=60] [game=barcelona]
"""
import random
import sys

from playwright.sync_api import sync_playwright

from _common import PAGE_CLOCK, build_and_serve, launch, median, pct

CLICK_CLOCK = "addEventListener('click', () => { window.__tapAt = performance.now(); }, true);"
# game actions, and the first step of a two-step board choice (Barcelona: an intersection, ui:pick)
GAME_ACTION = 'main [data-action]:not([data-action^="ui:"]), main [data-action^="ui:pick:"]'


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    game = sys.argv[2] if len(sys.argv) > 2 else "barcelona"
    rng = random.Random(1)
    server = build_and_serve()
    redraw, frame = [], []
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, service_workers="block")
            ctx.add_init_script(PAGE_CLOCK + CLICK_CLOCK)
            page = ctx.new_page()
            seed = 1
            while len(redraw) < n:
                if page.url.find("index.html") < 0 or page.get_attribute("body", "data-game-over") == "1":
                    page.evaluate("localStorage.clear()") if page.url.startswith("http") else None
                    page.goto(f"{server.url}index.html?game={game}&players=3&seed={seed}")
                    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                    seed += 1
                state = page.get_attribute("body", "data-state")
                target = page.locator(GAME_ACTION)
                target.nth(rng.randrange(target.count())).tap()
                nxt = str(int(state) + 1)
                page.wait_for_function(f"window.__stateAt['{nxt}:frame'] !== undefined", timeout=10_000)
                t = page.evaluate(f"[window.__tapAt, window.__stateAt['{nxt}'], window.__stateAt['{nxt}:frame']]")
                redraw.append(t[1] - t[0])
                frame.append(t[2] - t[0])
            browser.close()
    finally:
        server.stop()
    print(f"tap -> redraw on {game}, {n} taps (ms)")
    print(f"  DOM updated : p50 {median(redraw):6.1f}  p95 {pct(redraw, 95):6.1f}  max {max(redraw):6.1f}")
    print(f"  next frame  : p50 {median(frame):6.1f}  p95 {pct(frame, 95):6.1f}  max {max(frame):6.1f}")
    print("goal: p95 <= 100 ms")


if __name__ == "__main__":
    main()

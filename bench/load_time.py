#!/usr/bin/env python3
"""Navigation -> body[data-ready] for our page vs a bare Pyodide hello-world, same server, same run.

Runs alternate between the two pages so machine noise hits both alike. Cold = fresh browser
context (empty HTTP cache); warm = reload in that context. Prints medians and the ratio
(goal: ours <= 1.2x bare). Usage: bench/load_time.py [N=5]
"""
import sys

from playwright.sync_api import sync_playwright

from _common import PAGE_CLOCK, build_and_serve, launch, median

PAGES = {"app": "index.html?game=barcelona&players=3&seed=1", "bare": "bench/hello.html"}


def once(browser, url):
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(PAGE_CLOCK)
    page = ctx.new_page()
    times = []
    for _ in range(2):  # cold, then warm
        page.goto(url) if not times else page.reload()
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
        page.wait_for_function("window.__readyAt !== null")
        times.append(page.evaluate("window.__readyAt") / 1000)
        page.evaluate("localStorage.clear()")  # the app's reload would otherwise restore, not URL-start
    ctx.close()
    return times


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    server = build_and_serve()
    res = {k: {"cold": [], "warm": []} for k in PAGES}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for _ in range(n):
                for name, path in PAGES.items():
                    cold, warm = once(browser, server.url + path)
                    res[name]["cold"].append(cold)
                    res[name]["warm"].append(warm)
            browser.close()
    finally:
        server.stop()
    print(f"navigation -> data-ready, medians of {n} (seconds)")
    print(f"{'':6}{'app':>8}{'bare':>8}{'ratio':>8}")
    for kind in ("cold", "warm"):
        a, b = median(res["app"][kind]), median(res["bare"][kind])
        print(f"{kind:6}{a:8.2f}{b:8.2f}{a / b:7.2f}x")
    print("goal: ratio <= 1.20")


if __name__ == "__main__":
    main()

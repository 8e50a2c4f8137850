#!/usr/bin/env python3
"""Start-up, side by side in one run: our page vs the bare runtime and the PyScript floor, same server,
in one engine: ``--browser chromium`` (default; Playwright), ``firefox`` (WebDriver BiDi) or
``webkit`` (WebKitGTK's WebKitWebDriver), the last two through scripts/engines.py.

For each case, cold and warm. Chromium: cold = a fresh context (empty HTTP cache), warm = the same
context again, also with its CPU throttled 4x (CDP Emulation.setCPUThrottlingRate). Firefox and
WebKit: cold = a fresh browser session (a fresh profile: empty cache and storage; the resume case,
which needs its saved game, keeps its session and has the server send every file in full instead,
serve.py's test hook "fresh"), warm = the same session again; no CPU throttling (a Chromium-only
protocol command: the output says so). Their pages get the clock below from the test server
(serve.py --test-hooks), WebKit's driver having no init scripts, and no service worker (sw.js 404,
as Chromium's contexts block it).
  act   navigation -> something to act on: the new-game form or the saved table shown before the
        runtime (body[data-preboot]), else the page ready (body[data-ready])
  move  navigation -> the first legal move can be made: the page ready with a game action on screen
        (the new-game case presses Start as soon as the form is there: the start is queued)
  bare  navigation -> the bare Pyodide page ready, in the same loop, on the same runtime files
  stock the same bare page on the runtime as its npm package ships it (its stdlib as sources
        only; the build adds bytecode to dist's copy: docs/build.md "Precompiled bytecode")
  floor PyScript on the app's own runtime (its memory snapshot, its pyscript.json less the app's
        files) running one line that says ready (bench/floor.html): the least any page that
        loads its Python through PyScript here waits for, with no app file and no app code;
        "floor plain" the same on the runtime without the snapshot (dist's pyodide.mjs)
Cases: new (no saved game), resume (a saved game: its stored table), link (?game=...&seed=...).
Also what each part of the app's start costs (link case, cold, unthrottled): PyScript's own
steps (py:progress), main.py's imports (stage "engine" -> first redraw) and boot.
Goals (issue 48): act <= 1 s in every case; move <= 1.10x the floor, cold and warm, in every
engine (move/bare printed too). Runs alternate between the pages so machine noise hits all alike.
Builds into a temporary folder (the tests' dist/ is left alone).
Usage: bench/load_time.py [N=3] [--no-throttle] [--browser chromium|firefox|webkit]
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, Server, launch, median
from scripts.engines import WaitTimeout, open_webdriver_page

DIST = Path(tempfile.mkdtemp(prefix="euro-load-time-"))  # not dist/: the tests may be using it
LINK = "index.html?game=barcelona&players=3&seed=1"
MOVE = 'main [data-action]:not([data-action^="ui:"]), main [data-action^="ui:pick:"]'

# Stamps in page time (ms since navigation): something to act on, the first legal move, and
# each start-up step (PyScript's py:progress, main.py's euroStage, the first redraw).
CLOCK = (
    """
window.__t = {act: null, move: null, steps: []};
addEventListener("py:progress", e => window.__t.steps.push([String(e.detail), performance.now()]));
document.addEventListener("euro:stage", e => window.__t.steps.push(["stage " + e.detail, performance.now()]));
new MutationObserver(() => {
  const b = document.body, t = window.__t; if (!b) return;
  const now = performance.now();
  if (t.act === null && (b.dataset.preboot === "form" || b.dataset.preboot === "table" || b.dataset.ready === "1")) {
    t.act = now;
    if (b.dataset.preboot === "form" && window.__autostart) {   // the player presses Start at once
      const start = document.querySelector('[data-action="ui:start"]'); if (start) start.click();
    }
  }
  if (b.dataset.state === "1" && !t.firstRedraw) t.firstRedraw = now;
  if (t.move === null && b.dataset.ready === "1" && document.querySelector('%s')) t.move = now;
}).observe(document, {subtree: true, attributes: true, childList: true,
                      attributeFilter: ["data-ready", "data-preboot", "data-state"]});
"""
    % MOVE
)


def build():
    subprocess.run(
        [sys.executable, str(ROOT / "scripts/build.py"), "--dist", str(DIST)], check=True, stdout=subprocess.DEVNULL
    )
    (DIST / "bench").mkdir(exist_ok=True)
    for name in ("hello.html", "hello.js", "hello_stock.html", "hello_stock.js", "floor.html", "floor.py"):
        shutil.copy2(ROOT / "bench" / name, DIST / "bench" / name)  # baselines (files: the CSP)
    config = json.loads((DIST / "web/pyscript.json").read_text())  # the app's, less its files
    floor = {"interpreter": "../" + config["interpreter"].removeprefix("./"), "plugins": config["plugins"]}
    (DIST / "bench" / "floor.json").write_text(json.dumps(floor))
    plain = {**floor, "interpreter": "../web/vendor/pyodide/pyodide.mjs"}
    (DIST / "bench" / "floor-plain.json").write_text(json.dumps(plain))
    html = (DIST / "bench" / "floor.html").read_text().replace('config="floor.json"', 'config="floor-plain.json"')
    (DIST / "bench" / "floor-plain.html").write_text(html)
    shutil.copy2(ROOT / "node_modules/pyodide/python_stdlib.zip", DIST / "bench" / "stock_stdlib.zip")
    # a page of the site that loads nothing: where a WebDriver engine's storage is wiped from
    (DIST / "bench" / "blank.html").write_text('<!doctype html><html lang="en"><head><title>-</title></head></html>')
    return Server(DIST, test_hooks=True)


PAGES = {  # the baselines' pages
    "bare": "bench/hello.html",
    "stock": "bench/hello_stock.html",
    "floor": "bench/floor.html",
    "floor plain": "bench/floor-plain.html",
}


def measure(page, url):
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=300_000)
    page.wait_for_function("window.__t.move !== null || !document.querySelector('#app')", timeout=300_000)
    # a first visit fetches the memory snapshot once playable, for the next start (docs/build.md
    # "First visit"): the player stays that long, so the warm start after it has it
    page.wait_for_function("!window.euroSnapshot || window.euroSnapshot.prefetch !== 'pending'", timeout=300_000)
    return page.evaluate("window.__t")


def wipe(ctx, cdp, origin, cache=False):
    """Leave the page and forget the site's saved games (and the HTTP cache when ``cache``)."""
    page = ctx.pages[0]
    page.goto("about:blank")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb,local_storage"})
    if cache:
        cdp.send("Network.clearBrowserCache")


def one_round(browser, base, rate):
    """{case: {"cold"|"warm": stamps}} for every case, at CPU throttling ``rate``."""
    origin = "/".join(base.split("/")[:3])
    out = {}
    for case in ("new", "resume", "link", "bare", "stock", "floor", "floor plain"):
        ctx = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768})
        ctx.add_init_script(CLOCK)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        res = {}
        if case in PAGES:
            hello = base + PAGES[case]
            res["cold"] = measure(page, hello)
            page.goto("about:blank")
            res["warm"] = measure(page, hello)
        elif case == "new":
            page.add_init_script("window.__autostart = true")  # Start is pressed once the form is there
            res["cold"] = measure(page, base + "index.html")
            wipe(ctx, cdp, origin)
            res["warm"] = measure(page, base + "index.html")
        elif case == "resume":
            measure(page, base + LINK)  # a saved game, its table stored after the first save
            page.wait_for_function("euroStore.table().then(t => !!t)")
            wipe_cache_only(page, cdp)
            res["cold"] = measure(page, base + "index.html")
            page.goto("about:blank")
            res["warm"] = measure(page, base + "index.html")
        else:
            res["cold"] = measure(page, base + LINK)
            page.goto("about:blank")  # a link starts its game whatever is saved
            res["warm"] = measure(page, base + LINK)
        ctx.close()
        out[case] = res
    return out


VIEWPORT = {"width": 1024, "height": 768}
WEBDRIVER_CASES = ("new", "resume", "link", "bare", "floor")
# What Chromium's Storage.clearDataForOrigin does for a WebDriver engine: the site's saved games go
WIPE = """async () => {
  localStorage.clear();
  const dbs = indexedDB.databases ? await indexedDB.databases() : [];
  await Promise.all(dbs.map((d) => new Promise((done) => {
    const q = indexedDB.deleteDatabase(d.name); q.onsuccess = q.onerror = q.onblocked = () => done();
  })));
  return dbs.length;
}"""


# (WebDriverPage's waits take a predicate's value as it is: a promise would end the wait at once)
TABLE_STORED = "async () => { while (!(await euroStore.table())) await new Promise((r) => setTimeout(r, 50)); }"


HUNG = []  # the WebDriver loads that never got ready: (engine, case, what the page showed)


def one_round_webdriver(name, server):
    """{case: {"cold"|"warm": stamps}} in Firefox or WebKit: cold in a fresh session, warm after it.
    A case whose page never gets ready (seen once in WebKit on the busy box) is noted in HUNG, with
    the page's last start-up step, and run again in a new session (the output counts them)."""
    out = {}
    for case in WEBDRIVER_CASES:
        for _ in range(3):
            try:
                out[case] = one_case_webdriver(name, server, case)
                break
            except WaitTimeout as e:
                HUNG.append((name, case, str(e)[:300]))
        else:
            raise AssertionError(f"{name} {case}: three hung loads: {HUNG[-3:]}")
    return out


class Hung(WaitTimeout):
    pass


def measure_webdriver(page, url):
    try:
        return measure(page, url)
    except WaitTimeout:
        try:
            t = page.evaluate("window.__t && window.__t.steps.slice(-2)")
            body = page.evaluate("JSON.stringify(document.body && document.body.dataset)")
        except AssertionError:
            t = body = "(no answer)"
        raise Hung(f"{url}: last steps {t}, body {body}") from None


def one_case_webdriver(name, server, case):
    base, measure = server.url, measure_webdriver
    server.hooks(inject=CLOCK + ("window.__autostart = true;" if case == "new" else ""), sw=False)
    page = open_webdriver_page(name, VIEWPORT)
    try:
        res = {}
        if case in PAGES:
            res["cold"] = measure(page, base + PAGES[case])
            page.goto("about:blank")
            res["warm"] = measure(page, base + PAGES[case])
        elif case == "new":
            res["cold"] = measure(page, base + "index.html")
            page.goto(base + "bench/blank.html")
            page.evaluate(WIPE)
            res["warm"] = measure(page, base + "index.html")
        elif case == "resume":
            measure(page, base + LINK)  # a saved game, its table stored after the first save
            page.evaluate(TABLE_STORED)
            page.goto("about:blank")
            server.hooks(inject=CLOCK, sw=False, fresh=True)  # every file downloaded again
            res["cold"] = measure(page, base + "index.html")
            page.goto("about:blank")
            server.hooks(inject=CLOCK, sw=False)
            res["warm"] = measure(page, base + "index.html")
        else:
            res["cold"] = measure(page, base + LINK)
            page.goto("about:blank")
            res["warm"] = measure(page, base + LINK)
    finally:
        page.close()
    return res


def wipe_cache_only(page, cdp):
    page.goto("about:blank")
    cdp.send("Network.clearBrowserCache")


STEPS = [
    ("page + PyScript loaded (IndexedDB probe)", None, "Loading Pyodide"),
    ("Pyodide runtime (download + start)", "Loading Pyodide", "Loaded interpreter"),
    ("app-rest.zip (fetch + unpack)", "Loading files", "Loaded files"),
    ("until main.py runs", "Loaded files", "stage engine"),
    ("main.py imports + boot to first redraw", "stage engine", "firstRedraw"),
    ("first redraw -> ready", "firstRedraw", "stage ready"),
]


def step_costs(stamps):
    at = {name: t for name, t in stamps["steps"]}
    at["firstRedraw"] = stamps.get("firstRedraw")
    rows = []
    for label, a, b in STEPS:
        ta = 0.0 if a is None else at.get(a)
        tb = at.get(b)
        rows.append((label, None if ta is None or tb is None else (tb - ta) / 1000))
    return rows


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    browser_name = "chromium"
    if "--browser" in sys.argv:
        browser_name = sys.argv[sys.argv.index("--browser") + 1]
        args.remove(browser_name)
    if browser_name not in ("chromium", "firefox", "webkit"):
        sys.exit(f"--browser chromium|firefox|webkit, not {browser_name}")
    n = int(args[0]) if args else 3
    chromium = browser_name == "chromium"
    rates = [1] if "--no-throttle" in sys.argv or not chromium else [1, 4]
    server = build()
    runs = {rate: [] for rate in rates}
    try:
        if chromium:
            with sync_playwright() as pw:
                browser = launch(pw)
                for _ in range(n):
                    for rate in rates:
                        runs[rate].append(one_round(browser, server.url, rate))
                browser.close()
        else:
            for _ in range(n):
                runs[1].append(one_round_webdriver(browser_name, server))
    finally:
        server.stop()
        shutil.rmtree(DIST, ignore_errors=True)
    report(browser_name, n, rates, runs)


def report(browser_name, n, rates, runs):
    print(f"{browser_name}: start-up, medians of {n} (seconds from navigation)")
    for engine_name, case, what in HUNG:
        print(f"HUNG (run again in a new session): {engine_name} {case}: {what}")
    print("goals: act <= 1.00 s; move <= 1.10x floor (the PyScript floor page's ready, same load)")
    if browser_name != "chromium":
        print("CPU throttling is Chromium-only (CDP): this engine ran unthrottled only")
    for rate in rates:
        print(f"\nCPU {'unthrottled' if rate == 1 else f'throttled {rate}x'}")
        print(
            f"{'case':8}{'load':6}{'act':>8}{'move':>8}{'floor':>8}{'move/floor':>12}{'bare':>8}{'move/bare':>11}"
            f"{'act<=1s':>9}{'move<=1.10x':>13}"
        )
        for case in ("new", "resume", "link"):
            for kind in ("cold", "warm"):
                act = median([r[case][kind]["act"] / 1000 for r in runs[rate]])
                move = median([r[case][kind]["move"] / 1000 for r in runs[rate]])
                bare = median([r["bare"][kind]["act"] / 1000 for r in runs[rate]])
                floor = median([r["floor"][kind]["act"] / 1000 for r in runs[rate]])
                print(
                    f"{case:8}{kind:6}{act:8.2f}{move:8.2f}{floor:8.2f}{move / floor:11.2f}x{bare:8.2f}"
                    f"{move / bare:10.2f}x{'yes' if act <= 1.0 else 'NO':>9}"
                    f"{'yes' if move <= 1.10 * floor else 'NO':>13}"
                )
    if browser_name == "chromium":
        print("\nthe PyScript floor (PyScript + the app's runtime + one line; no app) against the bare runtime")
        print(f"  {'CPU':4}{'load':6}{'bare':>7}{'floor':>8}{'floor/bare':>12}{'plain':>8}{'plain/bare':>12}")
        for rate in rates:
            for kind in ("cold", "warm"):
                got = {
                    c: median([r[c][kind]["act"] / 1000 for r in runs[rate]]) for c in ("bare", "floor", "floor plain")
                }
                bare, floor, plain = got["bare"], got["floor"], got["floor plain"]
                print(
                    f"  {rate}x  {kind:6}{bare:7.2f}{floor:8.2f}{floor / bare:11.2f}x{plain:8.2f}{plain / bare:11.2f}x"
                )
    print("\nwhat the app's start costs (link, cold, unthrottled; medians, seconds)")
    costs = [step_costs(r["link"]["cold"]) for r in runs[rates[0]]]
    for i, (label, _, _) in enumerate(STEPS):
        vals = [c[i][1] for c in costs if c[i][1] is not None]
        print(f"  {label:42}{median(vals):7.2f}")


if __name__ == "__main__":
    main()

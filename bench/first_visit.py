#!/usr/bin/env python3
"""A first visit, side by side in one run: what a player with an empty cache downloads and waits for
before the first legal move, at two networks, against a PyScript hello world and the bare runtime
as their npm packages ship them.

Cases (each in a fresh browser context: empty HTTP cache, no service worker, the way a shared link
opens on a phone that never saw the site):
  link      index.html?game=barcelona&players=2&seed=1 -> the first legal move can be made
  new       index.html, Start pressed as soon as the form is there -> the first legal move
  tutorial  tutorial/barcelona.html, "Play on from here" pressed on its first board -> that board live
  pyscript  bench/hello_pyscript.html: @pyscript/core and pyodide as npm ships them, one line
  bare      bench/hello_stock.html: pyodide as npm ships it (its stdlib as sources), no PyScript
Networks (Chromium CDP Network.emulateNetworkConditions): 10 Mbit/s down, 40 ms, and 1.6 Mbit/s,
150 ms. Bytes = the browser's own count of what came over the wire (Network.loadingFinished
encodedDataLength: headers and the body as sent, compressed), summed until the moment above; "after"
also counts what the page fetched once it was playable (a background download for the next start,
until the page says it is done: ``euroSnapshot.prefetch``).
The site is served the way static hosts serve it: scripts/serve.py with --encodings gzip (gzip on
text and the wasm; GitHub Pages-like), or br,gzip with --brotli.
--update builds the sources again with one engine file changed (a comment) and prints what an
update downloads: the files whose bytes changed, and what the service worker fetches.
Goals (figures, never asserted): bytes before the first move <= 6 MB; first move <= 1.0x the
PyScript hello world at both networks. Usage: bench/first_visit.py [N=1] [--brotli] [--update] [--dist DIR]
"""

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, launch, median
from scripts import precompress
from scripts.browser import Server

LINK = "index.html?game=barcelona&players=2&seed=1"
MOVE = 'main [data-action]:not([data-action^="ui:"]), main [data-action^="ui:pick:"]'
PROFILES = [("10 Mbit/s 40 ms", 10e6, 40), ("1.6 Mbit/s 150 ms", 1.6e6, 150)]
CASES = {
    "link": LINK,
    "new": "index.html",
    "tutorial": "tutorial/barcelona.html",
    "pyscript": "bench/hello_pyscript.html",
    "bare": "bench/hello_stock.html",
}
GUARD = 900_000  # ms: a hang guard (1.6 Mbit/s moves 15 MB in ~80 s), never a timing expectation

# Page-time stamps: the moment the case's goal is reached (ms since navigation).
CLOCK = (
    """
window.__done = null;
new MutationObserver(() => {
  const b = document.body; if (!b || window.__done !== null) return;
  const now = performance.now();
  if (window.__case === "new") {
    const start = b.dataset.preboot === "form" && document.querySelector('[data-action="ui:start"]');
    if (start && !window.__pressed) { window.__pressed = true; start.click(); }
  }
  if (window.__case === "tutorial") {
    const play = document.querySelector("euro-board .eb-play");
    if (play && !play.disabled && !window.__pressed) { window.__pressed = true; play.click(); }
  }
  if (window.__case === "link" || window.__case === "new") {
    if (b.dataset.ready === "1" && document.querySelector('%s')) window.__done = now;
  } else if (window.__case === "pyscript" || window.__case === "bare") {
    if (b.dataset.ready === "1") window.__done = now;
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
addEventListener("euro-board-live", () => { if (window.__done === null) window.__done = performance.now(); });
"""
    % MOVE
)


def stage(dist: Path):
    """The baselines' pages and the npm packages' files, as shipped, into dist/bench/."""
    bench = dist / "bench"
    bench.mkdir(exist_ok=True)
    for name in ("hello_stock.html", "hello_stock.js", "hello_pyscript.html", "hello_pyscript.json"):
        shutil.copy2(ROOT / "bench" / name, bench / name)
    shutil.copy2(ROOT / "node_modules/pyodide/python_stdlib.zip", bench / "stock_stdlib.zip")
    stock = bench / "stock"
    shutil.rmtree(stock, ignore_errors=True)
    (stock / "pyodide").mkdir(parents=True)
    for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(ROOT / "node_modules/pyodide" / f, stock / "pyodide" / f)
    shutil.copytree(
        ROOT / "node_modules/@pyscript/core/dist", stock / "pyscript", ignore=shutil.ignore_patterns("*.map")
    )
    precompress.write(bench)  # served like the app's files


def build(dist: Path, overlay: Path | None = None):
    cmd = [sys.executable, str(ROOT / "scripts/build.py"), "--dist", str(dist)]
    if overlay:
        cmd += ["--overlay", str(overlay)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def visit(browser, base, case, profile):
    """(seconds to the goal, bytes before it, bytes once the page's background work is done,
    {url: bytes} before it)."""
    _, bps, latency = profile
    ctx = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768})
    ctx.add_init_script(f"window.__case = {json.dumps(case)};" + CLOCK)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    urls, done, starts = {}, [], []
    cdp.on(
        "Network.requestWillBeSent",
        lambda e: (
            urls.__setitem__(e["requestId"], e["request"]["url"]),
            starts.append(e["timestamp"]) if e.get("type") == "Document" else None,
        ),
    )
    cdp.on("Network.loadingFinished", lambda e: done.append((e["timestamp"], e["encodedDataLength"], e["requestId"])))
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": bps / 8, "uploadThroughput": bps / 8},
    )
    page.goto(base + CASES[case], wait_until="commit", timeout=GUARD)
    page.wait_for_function("window.__done !== null", timeout=GUARD, polling=200)
    at = page.evaluate("window.__done") / 1000
    # what the page still fetches once playable (the next start's files), until it says it is done
    page.wait_for_function(
        "!window.euroSnapshot || !window.euroSnapshot.prefetch || window.euroSnapshot.prefetch !== 'pending'",
        timeout=GUARD,
        polling=500,
    )
    cutoff = starts[0] + at + 0.005
    before = [(n, rid) for t, n, rid in done if t <= cutoff]
    files = {}
    for n, rid in before:
        key = urls.get(rid, "?").split("?")[0].removeprefix(base)
        files[key] = files.get(key, 0) + n
    total = sum(n for _, n, _ in done)
    ctx.close()
    return at, sum(n for n, _ in before), total, files


def sw_files(dist: Path) -> dict:
    text = (dist / "sw.js").read_text()
    return json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])


def served_size(dist: Path, rel: str, encodings) -> int:
    path = dist / rel
    for suffix in encodings:
        if path.with_name(path.name + suffix).is_file():
            return path.with_name(path.name + suffix).stat().st_size
    return path.stat().st_size


def update_bytes(dist: Path, encodings):
    """Build again with one engine file changed by a comment; what an update downloads."""
    with tempfile.TemporaryDirectory(prefix="euro-update-") as tmp:
        overlay = Path(tmp) / "overlay"
        src = ROOT / "engine/versions.py"
        (overlay / "engine").mkdir(parents=True)
        (overlay / "engine/versions.py").write_text(src.read_text() + "\n# an update\n")
        new = Path(tmp) / "dist"
        build(new, overlay)
        old_files, new_files = sw_files(dist), sw_files(new)
        changed = [u for u, h in new_files.items() if u != "./" and (old_files.get(u) != h or h == "")]
        rel = lambda u: u.removeprefix("./") or "index.html"  # noqa: E731
        changed_bytes = sum(served_size(new, rel(u), encodings) for u in changed)
        every = sum(served_size(new, rel(u), encodings) for u in new_files if u != "./")
        worker = (new / "sw.js").read_text()
        reuses = "fromOlderBuild" in worker  # web/sw.js takes an unchanged file from the older build's cache
        return changed, changed_bytes, every, reuses


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 1
    encodings = "br,gzip" if "--brotli" in sys.argv else "gzip"
    suffixes = [{"br": ".br", "gzip": ".gz"}[e] for e in encodings.split(",")]
    given = next((Path(sys.argv[i + 1]) for i, a in enumerate(sys.argv) if a == "--dist"), None)
    dist = given or Path(tempfile.mkdtemp(prefix="euro-first-visit-"))
    if not given:
        build(dist)
    stage(dist)
    server = Server.__new__(Server)
    server.proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts/serve.py"), "--port", "0", "--dir", str(dist), "--encodings", encodings],
        stdout=subprocess.PIPE,
        text=True,
    )
    server.url = server.proc.stdout.readline().strip()
    runs = {p[0]: {c: [] for c in CASES} for p in PROFILES}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for _ in range(n):
                for profile in PROFILES:
                    for case in CASES:  # alternating: machine noise hits all alike
                        runs[profile[0]][case].append(visit(browser, server.url, case, profile))
            browser.close()
        print(
            f"first visit, medians of {n}; served with {encodings}; seconds from navigation, MB = 10^6 bytes on the wire"
        )
        for label, _, _ in PROFILES:
            r = runs[label]
            hello_t = median([x[0] for x in r["pyscript"]])
            hello_b = median([x[1] for x in r["pyscript"]])
            print(f"\n{label}")
            print(f"{'case':10}{'time':>8}{'MB before':>11}{'MB after':>10}{'time/pyscript':>15}{'bytes/pyscript':>16}")
            for case in CASES:
                t = median([x[0] for x in r[case]])
                b = median([x[1] for x in r[case]])
                total = median([x[2] for x in r[case]])
                print(f"{case:10}{t:8.2f}{b / 1e6:11.2f}{total / 1e6:10.2f}{t / hello_t:14.2f}x{b / hello_b:15.2f}x")
        files = runs[PROFILES[0][0]]["link"][0][3]
        print("\nlink, 10 Mbit/s: the biggest downloads before the first move (MB on the wire)")
        for url, size in sorted(files.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {size / 1e6:7.2f}  {url}")
        if "--update" in sys.argv:
            changed, changed_bytes, every, reuses = update_bytes(dist, suffixes)
            print("\nan update (engine/versions.py changed by a comment), served with", encodings)
            print(
                f"  files whose bytes changed: {len(changed)}, {changed_bytes / 1e6:.2f} MB: {', '.join(sorted(changed))}"
            )
            print(f"  every precached file: {every / 1e6:.2f} MB")
            got = changed_bytes if reuses else every
            print(
                f"  the service worker downloads: {got / 1e6:.2f} MB ({'only the changed files' if reuses else 'every file'})"
            )
    finally:
        server.proc.terminate()
        server.proc.wait(10)
        if not given:
            shutil.rmtree(dist, ignore_errors=True)


if __name__ == "__main__":
    t0 = time.monotonic()
    main()
    print(f"\n(bench ran {time.monotonic() - t0:.0f} s)")

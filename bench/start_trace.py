#!/usr/bin/env python3
"""Where one cold start goes: the timeline of a page opened in a fresh context (resource
timings, PyScript's py:progress steps, main.py's euro:stage stages, the first redraw and the first
legal move, in page time) and, between two of those marks, where the page's main thread spent
its time (V8's sampling profiler in a Chromium trace: self samples by function and script;
"(program)" is native work such as layout or compiling wasm functions on first call).
bench/load_time.py gives the medians side by side with a bare runtime; this is the one start
looked at closely, to find what to shorten next (bench/RESULTS.md "Start-up").

Usage: bench/start_trace.py [--dist DIR] [--url TAIL] [--from MARK] [--to MARK] [--liftoff]
  --dist     a built dist/ (default: dist/, built by ./run.sh test or scripts/build.py)
  --url      what to open (default: bench/load_time.LINK, a seeded new game)
  --from/--to the window profiled (default: "Loaded Pyodide" -> "stage engine": PyScript's setup)
  --liftoff  V8's baseline wasm compiler only, as the e2e tests run (e2e_harness.E2E_ARGS)
"""

import argparse
import collections
import json
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, Server
from scripts.browser import CHROMIUM, CHROMIUM_ARGS
from bench.load_time import CLOCK, LINK

MARKS = """
addEventListener("py:progress", e => performance.mark(String(e.detail)));
document.addEventListener("euro:stage", e => performance.mark("stage " + e.detail));
"""
CATEGORIES = ["disabled-by-default-v8.cpu_profiler", "blink.user_timing", "devtools.timeline"]


def trace_start(dist, url, extra_args):
    """(page stamps, resource timings, trace events) of one start in a fresh context."""
    server = Server(Path(dist))
    path = Path(tempfile.mkdtemp(prefix="euro-start-trace-")) / "trace.json"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + extra_args)
            ctx = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768})
            ctx.add_init_script(CLOCK)
            ctx.add_init_script(MARKS)
            page = ctx.new_page()
            browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
            page.goto(server.url + url)
            page.wait_for_function("window.__t.move !== null || !document.querySelector('#app')", timeout=300_000)
            stamps = page.evaluate("window.__t")
            resources = page.evaluate(
                "performance.getEntriesByType('resource').map(r => [r.name.split('/').pop(), r.startTime, r.responseEnd])"
            )
            browser.stop_tracing()
            browser.close()
        return stamps, resources, json.loads(path.read_text())["traceEvents"]
    finally:
        server.stop()


def timeline(stamps, resources):
    rows = [(t, name) for name, t in stamps["steps"]]
    rows += [(stamps[k], k) for k in ("act", "firstRedraw", "move") if stamps.get(k) is not None]
    rows += [(start, f"fetch {name}") for name, start, _ in resources]
    rows += [(end, f"  got {name}") for name, _, end in resources]
    return sorted(rows)


def window_profile(events, start_mark, end_mark):
    """(window ms, Counter of self samples by (function, script)) of the page's main thread."""
    marks = {e["name"]: e["ts"] for e in events if e.get("cat", "").startswith("blink.user_timing")}
    if start_mark not in marks or end_mark not in marks:
        raise SystemExit(f"marks seen: {sorted(marks, key=marks.get)}")
    t0, t1 = marks[start_mark], marks[end_mark]
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events if e.get("name") == "Profile"}
    frames, clock, self_time = {}, {}, collections.Counter()
    for e in events:
        if e.get("name") != "ProfileChunk":
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frames[(e["id"], node["id"])] = node["callFrame"]
        t = clock.get(e["id"], starts.get(e["id"], 0))
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            t += delta
            frame = frames.get((e["id"], sample))
            if frame is not None and t0 <= t <= t1:
                name = frame.get("functionName") or "(anonymous)"
                self_time[(name[:40], frame.get("url", "").split("/")[-1])] += 1
        clock[e["id"]] = t
    return (t1 - t0) / 1000, self_time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--url", default=LINK)
    ap.add_argument("--from", dest="start", default="Loaded Pyodide")
    ap.add_argument("--to", dest="end", default="stage engine")
    ap.add_argument("--liftoff", action="store_true")
    args = ap.parse_args()
    stamps, resources, events = trace_start(args.dist, args.url, ["--js-flags=--liftoff-only"] if args.liftoff else [])
    print(f"one cold start of {args.url} (ms after navigation)")
    for t, what in timeline(stamps, resources):
        print(f"{t:8.0f}  {what}")
    ms, self_time = window_profile(events, args.start, args.end)
    total = sum(self_time.values()) or 1
    print(f"\nthe main thread from {args.start!r} to {args.end!r}: {ms:.0f} ms; self samples by function")
    for (name, script), n in self_time.most_common(20):
        print(f"  {100 * n / total:5.1f}%  {name}  {script}")


if __name__ == "__main__":
    main()

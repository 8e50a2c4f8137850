"""Shared bits of the bench scripts: build, serve, launch Debian Chromium (never timed assertions)."""

import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from scripts.browser import CHROMIUM, CHROMIUM_ARGS, Server

ROOT = Path(__file__).resolve().parent.parent

# Stamps the moment body[data-ready] / body[data-state] change, in page time (ms since navigation).
PAGE_CLOCK = """
window.__readyAt = null; window.__stateAt = {};
new MutationObserver(() => {
  const b = document.body; if (!b) return;
  if (b.dataset.ready === "1" && window.__readyAt === null) window.__readyAt = performance.now();
  if (b.dataset.state && !(b.dataset.state in window.__stateAt)) {
    const s = b.dataset.state; window.__stateAt[s] = performance.now();
    requestAnimationFrame(() => { window.__stateAt[s + ":frame"] = performance.now(); });
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready", "data-state"], childList: true});
"""


def build_and_serve():
    subprocess.run([sys.executable, str(ROOT / "scripts/build.py")], check=True, stdout=subprocess.DEVNULL)
    (ROOT / "dist/bench").mkdir(exist_ok=True)
    for name in ("hello.html", "hello.js"):  # the baseline page (its script is a file: CSP)
        shutil.copy2(ROOT / "bench" / name, ROOT / "dist/bench" / name)
    return Server(ROOT / "dist")


def launch(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")

"""The trimmed standard library (docs/build.md "Trimmed standard library"): the app, its bots' worker
and a tutorial board run on the modules the build traced, with nothing loaded on demand; a module
outside the trimmed set still imports, from the full zip fetched on demand (scripts/stdlib_fallback.py),
from a page of its own that starts the runtime through the app's loader (web/pyodide-snap.mjs)."""

import shutil

import pytest

from e2e_harness import wait_ready
from scripts import build
from scripts.browser import Server, play_step

LINK = "index.html?game=barcelona&players=2&seed=7&bots=1&botdelay=0"
PROBE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>stdlib probe</title><script type="module" src="probe.mjs"></script></head><body></body></html>"""
PROBE_JS = """
import { loadPyodide } from "./web/vendor/pyodide/snap.mjs";
const py = await loadPyodide({ indexURL: new URL("./web/vendor/pyodide/", location.href).href });
const before = py.runPython("import sys; 'xml' in sys.modules");
document.body.dataset.result = JSON.stringify({
  before,
  minidom: py.runPython("import xml.dom.minidom as m; m.parseString('<a>hi</a>').documentElement.firstChild.data"),
  submodule: py.runPython("import collections.abc; collections.abc.Mapping.__name__"),
  missing: py.runPython("try:\\n import no_such_module_anywhere\\nexcept ImportError as e:\\n r = type(e).__name__\\nr"),
  sign: globalThis.euroStdlib,
});
"""


def trimmed(dist):
    import zipfile

    with zipfile.ZipFile(dist / "web/vendor/pyodide/python_stdlib.zip") as z:
        return z.namelist()


def test_the_app_its_worker_and_a_tutorial_board_need_nothing_beyond_the_trimmed_library(page, base, dist):
    names = trimmed(dist)
    if f"{build.FALLBACK_MODULE}.py" not in names:
        pytest.skip("a build without the trimmed standard library (no Node at build time)")
    full = []
    page.on("request", lambda r: full.append(r.url) if "python_stdlib_full" in r.url else None)
    page.goto(base + LINK)
    wait_ready(page)
    play_step(page)
    page.evaluate("euroBot.start()")
    page.wait_for_function("euroBot.status() === 'ready'")
    assert page.evaluate("globalThis.euroStdlib") == {"mounted": False, "asked": []}
    page.goto(base + "tutorial/barcelona.html")
    page.locator("euro-board .eb-play").first.click()
    page.wait_for_selector('euro-board[data-live="1"]', state="attached")
    assert page.evaluate("globalThis.euroStdlib") == {"mounted": False, "asked": []}
    assert not full, full
    assert "xml/dom/minidom.py" not in names and "xml/dom/minidom.pyc" not in names


def test_a_module_outside_the_trimmed_library_imports_from_the_full_one(browser, guard, dist, tmp_path):
    names = trimmed(dist)
    if f"{build.FALLBACK_MODULE}.py" not in names:
        pytest.skip("a build without the trimmed standard library (no Node at build time)")
    assert not any(n.startswith("xml/") for n in names) and "collections/abc.pyc" not in names
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    (root / "probe.html").write_text(PROBE_HTML)
    (root / "probe.mjs").write_text(PROBE_JS)
    server = Server(root)
    ctx = browser.new_context(service_workers="block")
    try:
        page = guard.attach(ctx.new_page())
        full = []
        page.on("request", lambda r: full.append(r.url) if "python_stdlib_full" in r.url else None)
        page.goto(server.url + "probe.html")
        page.wait_for_selector("body[data-result]", state="attached")
        got = page.evaluate("JSON.parse(document.body.dataset.result)")
        assert got["before"] is False
        assert got["minidom"] == "hi" and got["submodule"] == "Mapping" and got["missing"] == "ModuleNotFoundError"
        assert got["sign"]["mounted"] is True and "xml" in got["sign"]["asked"]
        assert len(full) == 1, full  # fetched once, for all three
    finally:
        ctx.close()
        server.stop()

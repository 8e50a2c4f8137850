"""The e2e harness as plain code (fixtures live in conftest.py): Chromium launch settings,
the local server, the offline/console guard and page helpers. bench/ reuses it."""
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_TIMEOUT = 60_000  # ms; a Pyodide cold start is ~3-6 s but CI machines are noisy
SAVE_KEY = "euro:current"


def build_dist():
    subprocess.run([sys.executable, str(ROOT / "scripts/build.py")], check=True, stdout=subprocess.DEVNULL)


class Server:
    """scripts/serve.py on a free 127.0.0.1 port, in its own process so a test can stop it."""

    def __init__(self, root=ROOT / "dist"):
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "scripts/serve.py"), "--port", "0",
                                      "--dir", str(root)], stdout=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), f"serve.py printed {self.url!r}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


class Guard:
    """Records requests to any host but 127.0.0.1 (and aborts them) and console errors."""

    def __init__(self):
        self.foreign, self.errors = [], []

    def attach(self, page, route=True):
        if route:
            page.route("**/*", self._route)
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        return page

    def _route(self, route):
        url = urlparse(route.request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname != "127.0.0.1":
            self.foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def reset(self):
        self.foreign.clear()
        self.errors.clear()

    def check(self):
        problems = [f"request to a foreign host: {u}" for u in self.foreign] + self.errors
        if problems:
            pytest.fail("\n".join(problems), pytrace=False)


# ----- helpers used by the tests ------------------------------------------------------------------
def wait_ready(page, timeout=READY_TIMEOUT):
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout)


def state(page):
    return int(page.get_attribute("body", "data-state") or 0)


def click_and_wait(page, selector, tap=False):
    """Click (or tap) a control and wait for main.py's redraw counter to move."""
    before = state(page)
    loc = page.locator(selector).first
    loc.tap() if tap else loc.click()
    page.wait_for_function(f"Number(document.body.dataset.state) > {before}")


GAME_ACTION = 'main [data-action]:not([data-action^="ui:"])'
# A first step of a two-step board choice (e.g. Barcelona's intersection for two different citizens):
# its game actions appear as buttons in the decision bar once it is tapped.
PICK = 'main [data-action^="ui:pick:"]'
PLAYABLE = f"{GAME_ACTION}, {PICK}"


def play_step(page, tap=False):
    """Play the first legal game action on screen (board element or panel button)."""
    first = page.locator(PLAYABLE).first
    if (first.get_attribute("data-action") or "").startswith("ui:pick:"):
        click_and_wait(page, PICK, tap=tap)
        click_and_wait(page, ".pick [data-action]:not([data-action^='ui:'])", tap=tap)
        return
    click_and_wait(page, GAME_ACTION, tap=tap)


def click_action(page, aid, tap=False):
    """Play engine action ``aid``: its own control, or through the pick of its board place."""
    sel = f'main [data-action="{aid}"]'
    if not page.locator(sel).count() and aid.startswith("place:"):
        click_and_wait(page, f'main [data-action="ui:pick:{aid.split(":")[1]}"]', tap=tap)
    assert page.locator(sel).count() == 1, f"{aid!r} should be on screen exactly once"
    click_and_wait(page, sel, tap=tap)


def actions_on_screen(page, legal_ids):
    """The engine action ids reachable on screen: controls, plus those behind a pick target."""
    ids = page.eval_on_selector_all(GAME_ACTION, "els => els.map(e => e.dataset.action)")
    picks = page.eval_on_selector_all(PICK, "els => els.map(e => e.dataset.action.slice(8))")
    return ids + [a for a in legal_ids if a.startswith("place:") and a.split(":")[1] in picks]


def saved_record(page):
    text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    return json.loads(text) if text else None


def available_game():
    """A game whose real engine is importable now (tests use whichever exists)."""
    import engine
    for name in engine.GAME_NAMES:
        try:
            if hasattr(engine.game_module(name), "new_game"):
                return name
        except ImportError:
            pass
    pytest.skip("no game engine available yet")

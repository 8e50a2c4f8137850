"""Three browser engines behind one page API, for the e2e smoke (e2e/test_engines_smoke.py;
docs/testing.md "Three engines").

- Chromium: Playwright's own Page (Debian's /usr/bin/chromium over CDP, as in every e2e test).
- Firefox ESR (Debian's firefox-esr): WebDriver BiDi, which Firefox serves itself on a WebSocket
  (``--remote-debugging-port``): no geckodriver (Debian has none, and nothing may be downloaded).
  Playwright's experimental ``moz-firefox`` channel speaks BiDi too, but Playwright 1.65 sends
  ``emulation.setMediaFeaturesOverride`` when it makes any context, and Firefox ESR 153 answers
  "unknown command": no page can be opened that way.
- WebKitGTK (Debian's webkit2gtk-driver): classic WebDriver through ``WebKitWebDriver``, which drives
  WebKitGTK's MiniBrowser; that needs an X display, so a private Xvfb is started for it. WebKitGTK
  2.50 as Debian builds it has no WebDriver BiDi (``webSocketUrl`` fails to match).

``WebDriverPage`` gives the two WebDriver engines the part of Playwright's Page and Locator API that
the page helpers use (scripts/browser.py: ``wait_ready``, ``click_and_wait``, ``play_step``,
``reveal``, ``saved_record``...; e2e_harness ``load_record``): a step written once with those
helpers runs in all three engines. Its waits are on the page's state, as Playwright's are: a
predicate checked in the page on every DOM change (and every 100 ms for state outside the DOM),
the hang guard the only clock. Clicks are the protocol's own pointer input at the element's
centre, once the element is visible and nothing covers it (Playwright's actionability checks).

Errors: Chromium's come from Playwright (e2e_harness.Guard); Firefox's from BiDi's log events
(console errors, uncaught errors) and its network events (requests to other hosts); WebKit's
WebDriver has neither, so every engine's page also keeps its own record, ``window.euroErrors``
(web/static/lang.js: uncaught errors, unhandled rejections, CSP violations, console.error),
which ``problems()`` collects before every navigation and at every check.

Nothing leaves the machine: Firefox and MiniBrowser send every request but 127.0.0.1's to a
proxy port where nothing listens (as Chromium's --host-resolver-rules do, scripts/browser.py).
"""

import json
import os
import queue
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from pathlib import Path
from urllib.parse import urlparse

from scripts.browser import HANG_GUARD

FIREFOX = "/usr/bin/firefox-esr"  # Debian's firefox-esr (scripts/setup.sh)
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"  # Debian's webkit2gtk-driver (scripts/setup.sh)
XVFB = "/usr/bin/Xvfb"  # Debian's xvfb: WebKitGTK's MiniBrowser needs a display
DEAD_PROXY = 9  # the discard port on 127.0.0.1: nothing listens, every request sent there fails
START_GUARD = 60  # s: a browser or driver that has not started by then never will
# Firefox's profile: the remote agent's own recommended preferences already switch off updates,
# telemetry, safe browsing and the other background services; these add the dead proxy.
FIREFOX_PREFS = {
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": DEAD_PROXY,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": DEAD_PROXY,
    "network.proxy.no_proxies_on": "127.0.0.1",
    "network.proxy.allow_hijacking_localhost": False,
    "browser.shell.checkDefaultBrowser": False,
}


class WaitTimeout(AssertionError):
    """A wait's hang guard ran out ("Timeout" in the name: scripts/browser.wait_ready reports it)."""


class PageError(AssertionError):
    """A script the test ran in the page threw."""


def missing(path, package):
    """A browser the smoke needs is not there: a failure, never a skip (CI installs it)."""
    if not Path(path).exists():
        raise AssertionError(f"{path} is missing: install Debian's {package} (scripts/setup.sh does)")


# ----- in the page -------------------------------------------------------------------------------------
# Every call runs ``async (p) => ...`` with one JSON text argument and returns JSON text: the same
# values cross both protocols. A locator is a list of steps resolved in the page at each use.
RESOLVE = r"""
const visible = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
const resolve = (steps) => {
    let els = [document];
    for (const [kind, value] of steps) {
        if (kind === "css") {
            const out = new Set();
            for (const e of els) for (const m of e.querySelectorAll(value)) out.add(m);
            els = [...out];
        } else if (kind === "visible") els = els.filter(visible);
        else if (kind === "text") els = els.filter((e) => (e.innerText || e.textContent || "").includes(value));
        else if (kind === "nth") els = value < 0 ? els.slice(value).slice(0, 1) : els.slice(value, value + 1);
    }
    return els;
};
"""
# Waits until ``check()`` gives a truthy value: on every DOM change, and every 100 ms for state the
# DOM does not show (storage, a worker's status); the hang guard rejects.
WAIT = r"""
const waitFor = (check, timeout, what) => new Promise((resolve, reject) => {
    let done = false, mo = null, iv = null, to = null;
    const finish = (f, v) => { done = true; if (mo) mo.disconnect(); clearInterval(iv); clearTimeout(to); f(v); };
    const test = () => {
        if (done) return;
        let v;
        try { v = check(); } catch (e) { finish(reject, e); return; }
        if (v) finish(resolve, v);
    };
    mo = new MutationObserver(test);
    mo.observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
    iv = setInterval(test, 100);
    to = setTimeout(() => finish(reject, new Error("euro-wait-timeout: " + what)), timeout);
    test();
});
"""
# The point to click: the element's centre once it is visible, enabled and the topmost there
# (scrolled to the middle first when not wholly in view).
CLICK_POINT = r"""
const point = (steps) => {
    const e = resolve(steps)[0];
    if (!e || !visible(e) || e.disabled) return null;
    let r = e.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
        e.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
        r = e.getBoundingClientRect();
    }
    const x = Math.floor(r.left + Math.min(r.width, innerWidth - r.left) / 2);
    const y = Math.floor(r.top + Math.min(r.height, innerHeight - r.top) / 2);
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? { x: Math.max(x, 0), y: Math.max(y, 0) } : null;
};
"""


def _callable(js):
    """Playwright's rule: a function's source is called with the argument, else it is an expression."""
    if re.match(r"\s*(async\s+)?(function\b|\(?[\w\s,{}\[\]]*\)?\s*=>)", js):
        return f"({js})(arg)"
    return f"({js})"


def _script(body):
    """A page function of one JSON argument ``p`` returning JSON text (undefined -> null)."""
    return (
        "async (pjson) => { const p = JSON.parse(pjson);"
        + RESOLVE
        + WAIT
        + CLICK_POINT
        + "const out = await (async () => {"
        + body
        + "})();"
        + "return JSON.stringify(out === undefined ? null : out); }"
    )


# ----- the page -----------------------------------------------------------------------------------
class Locator:
    """Playwright's Locator, the part the helpers use: resolved in the page at each call."""

    def __init__(self, page, steps):
        self.page, self.steps = page, steps

    def _with(self, *steps):
        return Locator(self.page, self.steps + list(steps))

    @property
    def first(self):
        return self.nth(0)

    @property
    def last(self):
        return self.nth(-1)

    def nth(self, i):
        return self._with(["nth", i])

    def filter(self, visible=None, has_text=None):
        loc = self._with(["visible", True]) if visible else self
        return loc._with(["text", has_text]) if has_text is not None else loc

    def locator(self, selector):
        return self._with(["css", selector])

    def _run(self, body, arg=None):
        return self.page._call(body, {"steps": self.steps, "arg": arg})

    def _one(self, body, arg=None):
        """``body`` with ``e``, the first match, once there is one (Playwright waits too)."""
        self.wait_for(state="attached")
        return self._run("const e = resolve(p.steps)[0]; const arg = p.arg;" + body, arg)

    def count(self):
        return self._run("return resolve(p.steps).length;")

    def get_attribute(self, name):
        return self._one("return e.getAttribute(arg);", name)

    def inner_text(self):
        return self._one("return e.innerText;")

    def all_inner_texts(self):
        return self._run("return resolve(p.steps).map((e) => e.innerText);")

    def is_visible(self):
        return self._run("const e = resolve(p.steps)[0]; return !!e && visible(e);")

    def is_enabled(self):
        return self._one("return !e.disabled;")

    def evaluate(self, js, arg=None):
        return self._one(f"const f = (arg) => {{ const el = e; return ({js})(el, arg); }}; return await f(arg);", arg)

    def evaluate_all(self, js, arg=None):
        return self._run(f"const arg = p.arg; return await ({js})(resolve(p.steps), arg);", arg)

    def wait_for(self, state="visible", timeout=None):
        test = {
            "attached": "resolve(p.steps).length > 0",
            "visible": "resolve(p.steps).some(visible)",
            "detached": "resolve(p.steps).length === 0",
            "hidden": "!resolve(p.steps).some(visible)",
        }[state]
        self.page._wait(test, {"steps": self.steps}, timeout, f"{self.steps} {state}")

    def scroll_into_view_if_needed(self):
        self._one('e.scrollIntoView({block: "center", inline: "center", behavior: "instant"});')

    def click(self):
        xy = self.page._wait("point(p.steps)", {"steps": self.steps}, None, f"{self.steps} clickable")
        self.page.transport.click_at(xy["x"], xy["y"])

    tap = click  # no touch screen in the smoke: a tap is a click

    def element(self):
        """The protocol's reference to the first match (for file inputs)."""
        self.wait_for(state="attached")
        return self.page.transport.element(self.steps)


class WebDriverPage:
    """Playwright's Page, the part the helpers use, over a WebDriver transport (BiDi or classic)."""

    def __init__(self, transport, name):
        self.transport, self.name = transport, name
        self.timeout = HANG_GUARD
        self.errors = []  # window.euroErrors of the documents left behind
        self._files = Path(tempfile.mkdtemp(prefix="euro-files-"))

    # -- calls
    def _call(self, body, payload):
        try:
            return json.loads(self.transport.call(_script(body), json.dumps(payload)))
        except PageError as e:
            if "euro-wait-timeout" in str(e):
                raise WaitTimeout(str(e).split("euro-wait-timeout: ", 1)[-1][:400]) from None
            raise

    def _wait(self, test, payload, timeout, what):
        timeout = self.timeout if timeout is None else timeout
        return self._call(
            f"const arg = p.arg; return await waitFor(() => {test}, {int(timeout)}, {json.dumps(what[:300])});",
            payload,
        )

    def set_default_timeout(self, ms):
        self.timeout = ms

    def evaluate(self, js, arg=None):
        return self._call(f"const arg = p.arg; return await {_callable(js)};", {"arg": arg})

    def wait_for_function(self, js, arg=None, timeout=None):
        return self._wait(_callable(js), {"arg": arg}, timeout, js)

    def wait_for_selector(self, selector, state="visible", timeout=None):
        self.locator(selector).wait_for(state=state, timeout=timeout)

    def locator(self, selector):
        return Locator(self, [["css", selector]])

    def get_attribute(self, selector, name):
        return self.locator(selector).first.get_attribute(name)

    def inner_text(self, selector):
        return self.locator(selector).first.inner_text()

    def is_visible(self, selector):
        return self.locator(selector).first.is_visible()

    def click(self, selector):
        self.locator(selector).first.click()

    def eval_on_selector_all(self, selector, js, arg=None):
        return self.locator(selector).evaluate_all(js, arg)

    def select_option(self, selector, value):
        """As Playwright does it: the option of that value chosen, then input and change events."""
        return self.locator(selector).first._one(
            'e.value = arg; e.dispatchEvent(new Event("input", {bubbles: true}));'
            'e.dispatchEvent(new Event("change", {bubbles: true})); return [e.value];',
            value,
        )

    def set_input_files(self, selector, files):
        """``files``: paths, or Playwright's {"name", "mimeType", "buffer"} (written to a file first)."""
        paths = []
        for f in files if isinstance(files, list | tuple) else [files]:
            if isinstance(f, dict):
                folder = Path(tempfile.mkdtemp(dir=self._files))
                (folder / f["name"]).write_bytes(f["buffer"])
                f = folder / f["name"]
            paths.append(str(Path(f).resolve()))
        self.transport.set_files(self.locator(selector).first.element(), paths)

    def set_viewport_size(self, size):
        self.transport.set_viewport(size["width"], size["height"])

    # -- navigation
    def goto(self, url):
        self._harvest()
        self.transport.navigate(url)

    def reload(self):
        self._harvest()
        self.transport.reload()

    @property
    def url(self):
        return self.evaluate("location.href")

    def is_closed(self):
        return False

    # -- errors
    def _harvest(self):
        """Move the page's own error record (web/static/lang.js) here: it goes with the document."""
        try:
            self.errors += self.evaluate("window.euroErrors ? window.euroErrors.splice(0) : []")
        except AssertionError:  # a page that cannot answer (closed, gone) has nothing to give
            pass

    def problems(self):
        self._harvest()
        return [f"page: {e}" for e in self.errors] + self.transport.problems()

    def reset(self):
        """Forget the errors seen so far (after a test's own, on purpose)."""
        self._harvest()
        self.errors.clear()
        self.transport.reset()

    def close(self):
        try:
            self.transport.close()
        finally:
            shutil.rmtree(self._files, ignore_errors=True)


# ----- Firefox: WebDriver BiDi ---------------------------------------------------------------------
class FirefoxBiDi:
    """Firefox ESR, headless, on a fresh profile, driven over the WebDriver BiDi WebSocket it serves."""

    def __init__(self, viewport):
        missing(FIREFOX, "firefox-esr")
        from websockets.sync.client import connect  # the test extras (pyproject.toml)

        self.profile = tempfile.mkdtemp(prefix="euro-firefox-")
        Path(self.profile, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items())
        )
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", self.profile],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.log, found = deque(maxlen=40), queue.Queue()

        def read_stderr():
            for line in self.proc.stderr:
                self.log.append(line.rstrip())
                m = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if m:
                    found.put(m.group(1))

        threading.Thread(target=read_stderr, daemon=True).start()
        try:
            url = found.get(timeout=START_GUARD)
        except queue.Empty:
            self.close()
            raise AssertionError(f"Firefox did not start its BiDi server: {list(self.log)}") from None
        # (closed by close(): legacy=True is websockets' name for a connection not used in a with block)
        self.ws = connect(url + "/session", max_size=None, open_timeout=START_GUARD, legacy=True)
        self.seq, self.waiting, self.lock = 0, {}, threading.Lock()
        self.errors, self.foreign = [], []
        threading.Thread(target=self._read, daemon=True).start()
        self.send("session.new", {"capabilities": {}})
        self.context = self.send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]
        self.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        self.set_viewport(viewport["width"], viewport["height"])

    def _read(self):
        try:
            for raw in self.ws:
                msg = json.loads(raw)
                if "id" in msg:
                    with self.lock:
                        box = self.waiting.pop(msg["id"], None)
                    if box:
                        box.put(msg)
                elif msg.get("method") == "log.entryAdded":
                    e = msg["params"]
                    if e.get("level") == "error":
                        self.errors.append(f"firefox {e.get('type')} error: {e.get('text')}")
                elif msg.get("method") == "network.beforeRequestSent":
                    url = msg["params"]["request"]["url"]
                    u = urlparse(url)
                    if u.scheme in ("http", "https", "ws", "wss") and u.hostname != "127.0.0.1":
                        self.foreign.append(url)
        except Exception:  # noqa: BLE001 - the socket closed: every waiting command learns it below
            pass
        with self.lock:
            for box in self.waiting.values():
                box.put({"type": "error", "error": "closed", "message": "the BiDi connection closed"})
            self.waiting.clear()

    def send(self, method, params, timeout=None):
        box = queue.Queue()
        with self.lock:
            self.seq += 1
            n = self.seq
            self.waiting[n] = box
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        try:
            msg = box.get(timeout=(timeout or HANG_GUARD / 1000) + 30)
        except queue.Empty:
            raise WaitTimeout(f"Firefox did not answer {method}") from None
        if msg.get("type") == "error":
            raise AssertionError(f"BiDi {method}: {msg.get('error')}: {msg.get('message')}")
        return msg["result"]

    def _run(self, fn, payload, ownership="none"):
        r = self.send(
            "script.callFunction",
            {
                "functionDeclaration": fn,
                "arguments": [{"type": "string", "value": payload}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": ownership,
            },
        )
        if r["type"] == "exception":
            d = r["exceptionDetails"]
            raise PageError(f"{d.get('text')}")
        return r["result"]

    def call(self, fn, payload):
        return self._run(fn, payload)["value"]

    def element(self, steps):
        fn = "(pjson) => { const p = JSON.parse(pjson);" + RESOLVE + "return resolve(p.steps)[0]; }"
        node = self._run(fn, json.dumps({"steps": steps}), ownership="root")
        return {"sharedId": node["sharedId"]}

    def set_files(self, element, paths):
        self.send("input.setFiles", {"context": self.context, "element": element, "files": paths})

    def click_at(self, x, y):
        self.send("input.performActions", {"context": self.context, "actions": [pointer_click(x, y)]})

    def navigate(self, url):
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def set_viewport(self, width, height):
        self.send(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
        )

    def problems(self):
        return [f"request to a foreign host: {u}" for u in self.foreign] + self.errors

    def reset(self):
        self.foreign.clear()
        self.errors.clear()

    def close(self):
        try:
            if getattr(self, "ws", None) is not None:
                try:
                    self.send("browser.close", {}, timeout=10)
                except AssertionError:
                    pass
                self.ws.close()
        finally:
            stop(self.proc)
            shutil.rmtree(self.profile, ignore_errors=True)


def pointer_click(x, y):
    """A mouse click at viewport point (x, y): the same action list in classic WebDriver and BiDi."""
    return {
        "type": "pointer",
        "id": "mouse",
        "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport", "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ],
    }


def stop(proc):
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ----- WebKitGTK: classic WebDriver ---------------------------------------------------------------
def start_xvfb():
    """A private X server on a free display number (Xvfb picks it: -displayfd)."""
    missing(XVFB, "xvfb")
    r, w = os.pipe()
    proc = subprocess.Popen(
        [XVFB, "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(w,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(w)
    number = b""
    with os.fdopen(r, "rb") as f:  # Xvfb writes the number once it accepts clients
        number = f.readline().strip()
    if not number:
        stop(proc)
        raise AssertionError("Xvfb did not start")
    return proc, ":" + number.decode()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKitClassic:
    """WebKitGTK's MiniBrowser (automation mode: an ephemeral session, storage empty) on a private
    Xvfb, driven by WebKitWebDriver over classic WebDriver (HTTP and JSON)."""

    ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

    def __init__(self, viewport):
        missing(WEBKIT_DRIVER, "webkit2gtk-driver")
        self.xvfb = self.driver = self.session = None
        try:
            self.xvfb, display = start_xvfb()
            port = free_port()
            self.base = f"http://127.0.0.1:{port}"
            self.driver = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={port}"],
                env={**os.environ, "DISPLAY": display},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            self._until_listening()
            caps = {
                "webkitgtk:browserOptions": {
                    "args": ["--automation", f"--proxy=http://127.0.0.1:{DEAD_PROXY}", "--ignore-host=127.0.0.1"]
                }
            }
            self.session = self.req("POST", "/session", {"capabilities": {"alwaysMatch": caps}})["sessionId"]
            self.req("POST", self._s("/timeouts"), {"script": HANG_GUARD + 10_000, "pageLoad": HANG_GUARD})
            self.set_viewport(viewport["width"], viewport["height"])
        except BaseException:
            self.close()
            raise

    def _until_listening(self):
        """The driver's port answers (a process starting: polled, bounded by START_GUARD)."""
        deadline = time.monotonic() + START_GUARD
        while True:
            try:
                self.req("GET", "/status", timeout=5)
                return
            except (urllib.error.URLError, ConnectionError):
                if self.driver.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("WebKitWebDriver did not start") from None
                time.sleep(0.05)

    def _s(self, path):
        return f"/session/{self.session}{path}"

    def req(self, method, path, body=None, timeout=None):
        data = None if body is None else json.dumps(body).encode()
        r = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(r, timeout=timeout or HANG_GUARD / 1000 + 60) as resp:
                return json.loads(resp.read())["value"]
        except urllib.error.HTTPError as e:
            err = json.loads(e.read() or b"{}").get("value", {})
            if err.get("error") == "javascript error":
                raise PageError(err.get("message", "")) from None
            if err.get("error") == "script timeout":
                raise WaitTimeout(err.get("message", "")) from None
            raise AssertionError(f"WebDriver {method} {path}: {err.get('error')}: {err.get('message')}") from None

    def call(self, fn, payload):
        return self.req(
            "POST", self._s("/execute/sync"), {"script": f"return ({fn})(arguments[0]);", "args": [payload]}
        )

    def element(self, steps):
        fn = "(pjson) => { const p = JSON.parse(pjson);" + RESOLVE + "return resolve(p.steps)[0]; }"
        ref = self.req(
            "POST",
            self._s("/execute/sync"),
            {"script": f"return ({fn})(arguments[0]);", "args": [json.dumps({"steps": steps})]},
        )
        return ref[self.ELEMENT]

    def set_files(self, element, paths):
        self.req("POST", self._s(f"/element/{element}/value"), {"text": "\n".join(paths)})

    def click_at(self, x, y):
        self.req("POST", self._s("/actions"), {"actions": [pointer_click(x, y)]})

    def navigate(self, url):
        self.req("POST", self._s("/url"), {"url": url})

    def reload(self):
        self.req("POST", self._s("/refresh"), {})

    def set_viewport(self, width, height):
        """The window is the viewport plus MiniBrowser's own bars: size it, then add what they took."""
        self.req("POST", self._s("/window/rect"), {"width": width, "height": height})
        inner = json.loads(self.call("async () => JSON.stringify([innerWidth, innerHeight])", "null"))
        self.req("POST", self._s("/window/rect"), {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def problems(self):
        return []  # classic WebDriver has no console or error events: window.euroErrors says it all

    def reset(self):
        pass

    def close(self):
        try:
            if self.session:
                self.req("DELETE", self._s(""), timeout=30)
        except (AssertionError, OSError):
            pass
        finally:
            self.session = None
            stop(self.driver)
            stop(self.xvfb)


ENGINES = ("chromium", "firefox", "webkit")


def open_webdriver_page(name, viewport):
    """A WebDriverPage of ``name`` ("firefox" or "webkit") at ``viewport``, its storage empty."""
    transport = {"firefox": FirefoxBiDi, "webkit": WebKitClassic}[name](viewport)
    return WebDriverPage(transport, name)

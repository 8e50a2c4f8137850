#!/usr/bin/env python3
"""Serve dist/ on 127.0.0.1 (the app needs http: file:// blocks its module scripts).

Usage: scripts/serve.py [--port N] [--dir DIR] [--cache revalidate|none|long] [--encodings br,gzip]
[--test-hooks]
(port 0 = any free port). Prints the URL first.

--cache picks the Cache-Control header, to try updates under the servers players meet:
revalidate (default) "no-cache", none: no header at all (python's http.server and many static
hosts; browsers then guess a freshness from Last-Modified), long: "max-age=31536000".

--test-hooks (the tests' and benches' server only, scripts/browser.py ``Server(test_hooks=True)``;
nothing of it is in dist/): ``POST /__test__/config`` with JSON ``{"inject": JS or null, "once":
bool, "sw": bool, "fresh": bool}`` makes the server put ``<script src="/__test__/inject.js">`` first in the head of
the HTML documents it serves next (the next one only with ``once``), that script being ``inject``;
``"sw": false`` answers 404 for sw.js (no service worker, as Playwright's service_workers="block");
``"fresh": true`` answers every request in full, never "304 Not Modified" (the browser's cache
holds the files but downloads them again: a cold load where a test cannot empty that cache).
This is how a test runs its own script before the page's in engines whose driver has no init
scripts (WebKit's classic WebDriver): e2e/test_engines_smoke.py's 8 cores, bench/load_time.py's
clock. A document a service worker serves from its cache never reaches the server.

Pre-compressed copies: scripts/build.py writes ``<file>.br`` and ``<file>.gz`` beside every text
file and the wasm (scripts/precompress.py). A request whose Accept-Encoding takes one of
--encodings (default ``br,gzip``, in that order of preference; ``gzip`` serves like GitHub Pages,
``none`` like a host that compresses nothing) gets that copy's bytes with ``Content-Encoding`` and
the original's Content-Type, and every answer for such a file says ``Vary: Accept-Encoding``.
A copy older than its file (a deploy that changed the file only) is not served. The copies
themselves are never asked for by the page.
"""

import argparse
import email.utils
import functools
import http.server
import json
import os
import threading
from pathlib import Path

# CSP_HEADER: the same policy as the <meta> in index.html and the tutorial pages (e2e/test_csp.py keeps
# them equal), plus what only a header can say (frame-ancestors). See docs/build.md "Content-Security-Policy".
from web.page.csp import CSP_HEADER

ROOT = Path(__file__).resolve().parent.parent

# Browsers refuse module scripts and streaming wasm compiles with the wrong MIME type.
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


CACHE_CONTROL = {"revalidate": "no-cache", "none": None, "long": "max-age=31536000"}
SUFFIX = {"br": ".br", "gzip": ".gz"}  # Content-Encoding -> the pre-compressed copy's suffix


def accepted(header: str | None) -> set:
    """The content codings an Accept-Encoding header takes (q=0 refuses one)."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                out.add(name.strip().lower())
        except ValueError:
            pass
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    cache_control = "no-cache"  # always revalidate; the service worker does offline
    encodings = ("br", "gzip")  # --encodings: the pre-compressed copies served, preferred first

    def send_head(self):
        """SimpleHTTPRequestHandler's, but a file with a pre-compressed copy the client accepts is
        answered with that copy's bytes and Content-Encoding."""
        self._vary = False
        path = self.translate_path(self.path)
        if os.path.isfile(path) and not path.endswith((".br", ".gz")):
            copies = [(enc, path + SUFFIX[enc]) for enc in SUFFIX if os.path.isfile(path + SUFFIX[enc])]
            self._vary = bool(copies)
            took = accepted(self.headers.get("Accept-Encoding"))
            for enc in self.encodings:
                copy = path + SUFFIX[enc]
                # a copy older than its file is another version's (a deploy that changed the file
                # and not its copies): never served
                if enc in took and os.path.isfile(copy) and os.stat(copy).st_mtime >= os.stat(path).st_mtime:
                    return self._send_copy(path, copy, enc)
        return super().send_head()

    def _send_copy(self, path, copy, enc):
        try:
            f = open(copy, "rb")
        except OSError:
            return super().send_head()
        st = os.fstat(f.fileno())
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= mtime
            except (TypeError, ValueError, OverflowError, IndexError):
                unchanged = False
            if unchanged:  # as SimpleHTTPRequestHandler answers a revalidation of the original
                f.close()
                self.send_response(304)
                self.end_headers()
                return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", enc)
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(os.stat(path).st_mtime))
        self.end_headers()
        return f

    def end_headers(self):
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        if self.cache_control:
            self.send_header("Cache-Control", self.cache_control)
        self.send_header("Content-Security-Policy", CSP_HEADER)
        super().end_headers()

    # --test-hooks: shared by the server's threads
    test_hooks = False
    # ("script": what /__test__/inject.js answers, kept after a "once" page took the injection)
    hooks = {"inject": None, "once": False, "sw": True, "fresh": False, "script": ""}
    hooks_lock = threading.Lock()

    def do_POST(self):
        if not (self.test_hooks and self.path == "/__test__/config"):
            self.send_error(405)
            return
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        with self.hooks_lock:
            self.hooks.update({k: body[k] for k in ("inject", "once", "sw", "fresh") if k in body})
            self.hooks["script"] = self.hooks["inject"] or ""
        self.send_response(204)
        self.end_headers()

    def do_GET(self):
        if self.test_hooks and self._hooked():
            return
        super().do_GET()

    def do_HEAD(self):
        if self.test_hooks and self._hooked():
            return
        super().do_HEAD()

    def _send(self, status, ctype, data):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _hooked(self):
        """Answer a request the test hooks change; False: serve it as always."""
        path = self.path.split("?", 1)[0]
        with self.hooks_lock:
            hooks = dict(self.hooks)
            inject = hooks["inject"] and path.endswith((".html", "/"))
            file = Path(self.translate_path(path)) if inject else None
            file = file / "index.html" if file and file.is_dir() else file
            inject = inject and file.is_file()
            if inject and hooks["once"]:
                self.hooks["inject"] = None  # this page only
        if hooks["fresh"]:
            for name in ("If-Modified-Since", "If-None-Match"):
                del self.headers[name]
        if path == "/__test__/inject.js":
            self._send(200, TYPES[".js"], hooks["script"].encode())
        elif path.endswith("/sw.js") and not hooks["sw"]:
            self._send(404, "text/plain", b"no service worker (test hooks)")
        elif inject:
            html = file.read_text(encoding="utf-8")
            at = html.lower().find("<head>")
            at = 0 if at < 0 else at + len("<head>")
            html = html[:at] + '<script src="/__test__/inject.js"></script>' + html[at:]
            self._send(200, TYPES[".html"], html.encode())
        else:
            return False
        return True

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description="serve dist/ on 127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--dir", type=Path, default=ROOT / "dist")
    ap.add_argument("--verbose", action="store_true", help="log every request")
    ap.add_argument(
        "--cache",
        choices=sorted(CACHE_CONTROL),
        default="revalidate",
        help="the Cache-Control header sent (default: revalidate = no-cache)",
    )
    ap.add_argument("--test-hooks", action="store_true", help="the tests' hooks (see above); never for players")
    ap.add_argument(
        "--encodings",
        default="br,gzip",
        help="the pre-compressed copies served, preferred first: br,gzip (default), gzip, or none",
    )
    args = ap.parse_args()
    Handler.test_hooks = args.test_hooks
    Handler.cache_control = CACHE_CONTROL[args.cache]
    Handler.encodings = tuple(e for e in args.encodings.split(",") if e in SUFFIX)
    handler = functools.partial(Handler, directory=str(args.dir))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        httpd.verbose = args.verbose
        print(f"http://127.0.0.1:{httpd.server_address[1]}/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()

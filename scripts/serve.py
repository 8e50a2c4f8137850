#!/usr/bin/env python3
"""Serve dist/ on 127.0.0.1 (the app needs http: file:// blocks its module scripts).

Usage: scripts/serve.py [--port N] [--dir DIR] [--cache revalidate|none|long] [--encodings br,gzip]
(port 0 = any free port). Prints the URL first.

--cache picks the Cache-Control header, to try updates under the servers players meet:
revalidate (default) "no-cache", none: no header at all (python's http.server and many static
hosts; browsers then guess a freshness from Last-Modified), long: "max-age=31536000".

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
import os
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
    ap.add_argument(
        "--encodings",
        default="br,gzip",
        help="the pre-compressed copies served, preferred first: br,gzip (default), gzip, or none",
    )
    args = ap.parse_args()
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

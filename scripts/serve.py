#!/usr/bin/env python3
"""Serve dist/ on 127.0.0.1 (the app needs http: file:// blocks its module scripts).

Usage: scripts/serve.py [--port N] [--dir DIR] [--cache revalidate|none|long]
(port 0 = any free port). Prints the URL first.

--cache picks the Cache-Control header, to try updates under the servers players meet:
revalidate (default) "no-cache", none: no header at all (python's http.server and many static
hosts; browsers then guess a freshness from Last-Modified), long: "max-age=31536000".
"""

import argparse
import functools
import http.server
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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    cache_control = "no-cache"  # always revalidate; the service worker does offline

    def end_headers(self):
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
    args = ap.parse_args()
    Handler.cache_control = CACHE_CONTROL[args.cache]
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

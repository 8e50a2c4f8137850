"""Pre-compressed copies (scripts/precompress.py) and scripts/serve.py's Accept-Encoding
negotiation (docs/build.md "Compression")."""

import gzip
import os
import urllib.request

import brotli

from scripts import build, precompress
from scripts.browser import Server


def _get(url, accept):
    req = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept is not None else {})
    with urllib.request.urlopen(req) as r:
        return r.headers, r.read()


def _site(tmp_path):
    (tmp_path / "web").mkdir()
    text = "".join(f"const line{i} = {i};\n" for i in range(400))
    (tmp_path / "web/a.js").write_text(text)
    (tmp_path / "web/tiny.js").write_text("x")
    (tmp_path / "web/app.zip").write_bytes(b"PK" + b"\0" * 4000)
    (tmp_path / "index.html").write_text("<!doctype html>" + "<p>hi</p>" * 200)
    assert precompress.write(tmp_path) == 2
    return text


def test_copies_only_of_text_worth_it_and_reproducible(tmp_path):
    text = _site(tmp_path)
    names = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert names == [
        "index.html",
        "index.html.br",
        "index.html.gz",
        "web/a.js",
        "web/a.js.br",
        "web/a.js.gz",
        "web/app.zip",
        "web/tiny.js",
    ]
    assert gzip.decompress((tmp_path / "web/a.js.gz").read_bytes()).decode() == text
    assert brotli.decompress((tmp_path / "web/a.js.br").read_bytes()).decode() == text
    before = (tmp_path / "web/a.js.gz").read_bytes()
    precompress.write(tmp_path)
    assert (tmp_path / "web/a.js.gz").read_bytes() == before
    assert precompress.is_copy("web/a.js.br") and not precompress.is_copy("web/app.zip")


def test_serve_negotiates_the_encoding(tmp_path):
    text = _site(tmp_path)
    server = Server(tmp_path)
    try:
        url = server.url + "web/a.js"
        h, body = _get(url, "gzip, deflate, br")
        assert h["Content-Encoding"] == "br" and brotli.decompress(body).decode() == text
        assert h["Content-Type"] == "text/javascript" and h["Vary"] == "Accept-Encoding"
        h, body = _get(url, "gzip")
        assert h["Content-Encoding"] == "gzip" and gzip.decompress(body).decode() == text
        h, body = _get(url, "br;q=0, gzip")
        assert h["Content-Encoding"] == "gzip"
        h, body = _get(url, "identity")
        assert h["Content-Encoding"] is None and body.decode() == text and h["Vary"] == "Accept-Encoding"
        h, body = _get(server.url + "web/app.zip", "br, gzip")
        assert h["Content-Encoding"] is None and h["Vary"] is None
        # a deploy that changed the file and not its copies: the file itself, never the stale copy
        later = os.stat(tmp_path / "web/a.js.br").st_mtime + 10
        (tmp_path / "web/a.js").write_text("changed")
        os.utime(tmp_path / "web/a.js", (later, later))
        h, body = _get(url, "br, gzip")
        assert h["Content-Encoding"] is None and body == b"changed"
    finally:
        server.stop()


def test_the_copies_are_neither_precached_nor_in_the_build_id(tmp_path):
    (tmp_path / "versions.json").write_text('{"engine": "1.0.0", "supported": [1]}')
    (tmp_path / "index.html").write_text("<!doctype html>" + "<p>hi</p>" * 200)
    first = build.write_service_worker(tmp_path)
    precompress.write(tmp_path)
    assert (tmp_path / "index.html.gz").is_file()
    assert build.write_service_worker(tmp_path) == first
    assert ".gz" not in (tmp_path / "sw.js").read_text() and ".br\"" not in (tmp_path / "sw.js").read_text()

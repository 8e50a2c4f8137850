"""The installable app's build pieces, in CPython: the build id and the service worker
written by scripts/build.py, the manifest, and the device settings in the Help panel.
(e2e/test_pwa.py drives them in Chromium.)"""

import hashlib
import json
import re
from pathlib import Path

from scripts import build
from web import panels
from web.session import Session

ROOT = Path(__file__).resolve().parents[2]


def _site(tmp_path):
    (tmp_path / "web").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "web" / "style.css").write_text("body {}")
    (tmp_path / "versions.json").write_text(json.dumps({"engine": "2.0.0", "supported": ["1", "2"]}))
    return tmp_path


def test_build_id_follows_the_shipped_files(tmp_path):
    site = _site(tmp_path)
    first = build.write_service_worker(site)
    assert build.write_service_worker(site) == first  # same files, same id
    sw = (site / "sw.js").read_text()
    assert f'const BUILD = "{first}";' in sw and 'const VERSIONS = {"engine": "2.0.0", "supported": ["1", "2"]};' in sw
    files = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))
    assert list(files) == ["./", "./index.html", "./versions.json", "./web/style.css"]  # never sw.js itself
    # every precached URL with the SHA-256 of its bytes (the worker checks what it fetches)
    assert files["./web/style.css"] == hashlib.sha256(b"body {}").hexdigest()
    assert files["./"] == files["./index.html"] == hashlib.sha256(b"<!doctype html>").hexdigest()
    (site / "web" / "style.css").write_text("body { color: red }")
    assert build.write_service_worker(site) != first


def test_the_worker_fetches_past_the_http_cache_and_checks_every_hash():
    """A new build's files come from the server, never the browser's HTTP cache (which kept the
    old web/morph.js under a server with no Cache-Control), and must match the build's hashes."""
    code = _code((ROOT / "web" / "sw.js").read_text())
    assert "addAll" not in code  # cache.addAll may be answered from the HTTP cache
    assert 'cache: "no-store"' in code and 'crypto.subtle.digest("SHA-256"' in code
    assert "got !== FILES[url]" in code and "caches.delete(CACHE)" in code


def _code(js):
    return re.sub(r"//[^\n]*", "", js)


def test_the_worker_never_takes_over_by_itself():
    code = _code((ROOT / "web" / "sw.js").read_text())
    install = code.split('addEventListener("install"')[1].split("self.addEventListener")[0]
    assert "skipWaiting" not in install and "clients.claim" not in code
    # skipWaiting only when the page asks (the player pressed Reload)
    assert code.count("skipWaiting") == 1 and 'msg.type === "SKIP_WAITING"' in code


def test_manifest_is_relative_and_standalone():
    icons = [f"icon-{n}.png" for n in build.ICON_SIZES] + ["maskable-512.png"]
    man = build.manifest(icons)
    assert man["start_url"] == man["scope"] == man["id"] == "./" and man["display"] == "standalone"
    assert {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"} in man[
        "icons"
    ]
    assert all(not i["src"].startswith("/") for i in man["icons"])


def test_wake_lock_setting_is_kept_and_shown_in_help():
    s = Session()
    assert s.prefs["wakelock"] is True
    s.load_prefs('{"confirm": true, "wakelock": false}')
    assert s.prefs["wakelock"] is False
    t = Session()
    t.load_prefs(s.prefs_text())
    assert t.prefs["wakelock"] is False
    t.load_prefs('{"wakelock": "no"}')  # junk is ignored
    assert t.prefs["wakelock"] is False
    t.help_open = True
    html = panels.help_panel(t)
    assert 'data-action="ui:toggle-wakelock"' in html and "Keep the screen on during a game: Off" in html


def test_toolbar_has_install_and_full_screen_buttons_for_device_js():
    html = panels.toolbar(Session())
    assert 'data-action="ui:install"' in html and 'data-action="ui:fullscreen"' in html
    assert 'aria-label="Full screen"' in html

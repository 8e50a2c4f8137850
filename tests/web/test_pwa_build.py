"""The installable app's build pieces, in CPython: the build id and the service worker
written by scripts/build.py, the manifest, and the device settings in the Help panel.
(e2e/test_pwa.py drives them in Chromium.)"""

import hashlib
import json
import re
from pathlib import Path

from scripts import build
from web.screens import help_panel, panels
from web.model.session import Session

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
    """A new build's files must match the build's hashes wherever they come from: an older build's
    cache, the HTTP cache (which kept the old web/morph.js under a server with no Cache-Control:
    then the server itself, past the HTTP cache, "no-store"), and a file that still does not match
    fails the install."""
    code = _code((ROOT / "web" / "static" / "sw.js").read_text())
    assert "addAll" not in code  # cache.addAll may be answered from the HTTP cache
    assert '["default", "no-store"]' in code and "cache: mode" in code and 'crypto.subtle.digest("SHA-256"' in code
    assert "(await hashOf(hit)) === FILES[url]" in code  # an older build's copy only with the same bytes
    assert "got === FILES[url]" in code and 'mode === "no-store") throw' in code and "caches.delete(CACHE)" in code


def _code(js):
    return re.sub(r"//[^\n]*", "", js)


def test_the_worker_never_takes_over_by_itself():
    code = _code((ROOT / "web" / "static" / "sw.js").read_text())
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
    assert s.prefs.wakelock is True
    s.prefs.load('{"confirm": true, "wakelock": false}')
    assert s.prefs.wakelock is False
    t = Session()
    t.prefs.load(s.prefs.text())
    assert t.prefs.wakelock is False
    t.prefs.load('{"wakelock": "no"}')  # junk is ignored
    assert t.prefs.wakelock is False
    t.help_open = True
    html = help_panel.help_panel(t)
    assert 'data-action="ui:toggle-wakelock"' in html and "Keep the screen on during a game: Off" in html


def test_toolbar_has_install_and_full_screen_buttons_for_device_js():
    html = panels.toolbar(Session())
    assert 'data-action="ui:install"' in html and 'data-action="ui:fullscreen"' in html
    assert 'aria-label="Full screen"' in html


def test_a_memory_snapshot_counts_by_its_name_not_its_bytes(tmp_path):
    """scripts/snapshot.py: a snapshot's bytes differ between machines (the C library's entropy, freed
    memory), its name carries the key of what decides it. So the build id and sw.js follow the name
    only, and the worker does not check its bytes ("")."""
    site = _site(tmp_path)
    snap = site / "web/vendor/pyodide/app-0123456789abcdef.snap"
    snap.parent.mkdir(parents=True)
    snap.write_bytes(b"one")
    first = build.write_service_worker(site)
    sw = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))
    assert files["./web/vendor/pyodide/app-0123456789abcdef.snap"] == ""
    snap.write_bytes(b"two")
    assert build.write_service_worker(site) == first and (site / "sw.js").read_text() == sw
    snap.rename(site / "web/vendor/pyodide/app-fedcba9876543210.snap")
    assert build.write_service_worker(site) != first
    (site / "web/vendor/pyodide/other.snap").write_bytes(b"x")  # not a snapshot's name: checked
    build.write_service_worker(site)
    files = json.loads(re.search(r"const FILES = (\{.*?\});", (site / "sw.js").read_text(), re.S).group(1))
    assert files["./web/vendor/pyodide/other.snap"] == hashlib.sha256(b"x").hexdigest()


def test_the_build_starts_the_runtime_from_a_snapshot_of_its_own_app_zip():
    """dist/ (./run.sh test builds it): PyScript's interpreter is snap.mjs, which names the snapshot
    made from this very app.zip (its key), shipped beside it."""
    from scripts import snapshot

    dist = ROOT / "dist"
    if not (dist / "web/pyscript.json").exists():
        import pytest

        pytest.skip("no dist/ (./run.sh test builds it)")
    config = json.loads((dist / "web/pyscript.json").read_text())
    assert config["interpreter"] == "./" + snapshot.LOADER
    loader = (dist / snapshot.LOADER).read_text()
    name = re.search(r'const SNAPSHOT = "\./(app-[0-9a-f]{16}\.snap)";', loader).group(1)
    stdlib = (dist / snapshot.FOLDER / "python_stdlib.zip").read_bytes()
    assert name == f"app-{snapshot.key((dist / 'web/app.zip').read_bytes(), stdlib)}.snap"
    data = (dist / snapshot.FOLDER / name).read_bytes()
    assert data[:2] == b"\x1f\x8b" and len(data) > 1_000_000  # gzip, of the runtime's memory
    assert [p.name for p in (dist / snapshot.FOLDER).glob("app-*.snap")] == [name]
    # start.js preloads that snapshot and its loader with the runtime's other files (web/store.js
    # FILES), so its download does not wait for the loader to run; PyScript's core chunk (the module
    # core.js imports) and its config too, so neither waits for the one before it to run
    start = (dist / "web/start.js").read_text()
    added = re.search(r"\.concat\((\[\[.*?\]\])\);", start)
    assert added, "start.js does not preload the snapshot"
    chunks = build.pyscript_chunks(dist)
    assert len(chunks) == 1 and (dist / chunks[0]).is_file()
    # PyScript's plugins: all off but "error" (PyScript imports and awaits every plugin that is on
    # before it loads the runtime), whose chunk is preloaded too
    plugins = build.pyscript_plugins(dist)
    assert {"error", "py-editor", "py-terminal", "py-game"} <= set(plugins)
    assert config["plugins"] == sorted("!" + name for name in plugins if name != "error")
    assert plugins["error"] and (dist / plugins["error"]).is_file()
    preloads = json.loads(added.group(1))
    assert preloads[:-1] == [
        ["modulepreload", chunks[0]],
        ["modulepreload", plugins["error"]],
        ["preload", "web/pyscript.json"],
        ["modulepreload", snapshot.LOADER],
    ]
    # web/store.js: the snapshot (and app-rest.zip), or a first visit's parts of app.zip
    kind, snap, parts = preloads[-1]
    assert kind == "snapshot" and snap == f"{snapshot.FOLDER}/{name}"
    assert parts["files"]["core"] == "web/parts/core.zip" and parts["games"]
    assert all(
        (dist / rel).is_file() and (dist / rel).stat().st_size == parts["bytes"][p] for p, rel in parts["files"].items()
    )
    assert all((dist / rel).is_file() for rel in parts["sizes"])  # the progress bar's files (web/boot.js)
    # the same manifest in snap.mjs (the plain start) and embed-board.js (the tutorial pages)
    for rel in (snapshot.LOADER, "web/embed-board.js"):
        assert json.dumps(parts, sort_keys=True, separators=(",", ":")) in (dist / rel).read_text()
    # a first visit's config: PyScript unpacks no app-rest.zip (the loader unpacks the parts)
    first = json.loads((dist / build.FIRST_CONFIG).read_text())
    assert "files" not in first and first == {k: v for k, v in config.items() if k != "files"}


def test_app_zip_carries_pyscripts_own_package_precompiled():
    """dist/'s app.zip (./run.sh test builds it) holds PyScript's own package as bytecode only:
    for each module PyScript writes into the working folder at start (read from its core chunk),
    an unchecked-hash pyc in pyscript/__pycache__/, of the same Python as the app's own pycs; the
    sources stay PyScript's to write (an old copy in app.zip would replace its own)."""
    import pytest
    import zipfile

    dist = ROOT / "dist"
    if not (dist / "web/app.zip").exists():
        pytest.skip("no dist/ (./run.sh test builds it)")
    sources = build.pyscript_sources()
    assert "pyscript/__init__.py" in sources and "pyscript/web.py" in sources, (
        "PyScript's package not found in its chunk"
    )
    with zipfile.ZipFile(dist / "web/app.zip") as z:
        names = set(z.namelist())
        app_magic = z.read(next(n for n in sorted(names) if n.startswith("engine/__pycache__/")))[:4]
        assert not [n for n in names if n.startswith("pyscript/") and n.endswith(".py")]
        for src in sources:
            folder, name = src.rsplit("/", 1)
            pycs = [n for n in names if n.startswith(f"{folder}/__pycache__/{name[:-3]}.cpython-")]
            assert len(pycs) == 1, (src, pycs)
            data = z.read(pycs[0])
            assert data[:4] == app_magic  # the browser's Python compiled it (Pyodide under Node)
            assert int.from_bytes(data[4:8], "little") == 0b01  # hash-based, source not checked


def test_the_page_unpacks_only_what_the_snapshot_does_not_hold():
    """PyScript's files (and the bots' worker's) are app-rest.zip: app.zip less the files of the
    modules the memory snapshot holds (scripts/snapshot.py ``held``), the same bytes otherwise; a
    runtime started plainly (no usable snapshot) gets the whole app.zip from the snapshot's loader."""
    import pytest
    import zipfile

    from scripts import snapshot

    dist = ROOT / "dist"
    if not (dist / "web/pyscript.json").exists():
        pytest.skip("no dist/ (./run.sh test builds it)")
    config = json.loads((dist / "web/pyscript.json").read_text())
    assert config["files"] == {"./app-rest.zip": "./*"} and build.REST_ZIP == "web/app-rest.zip"
    with zipfile.ZipFile(dist / "web/app.zip") as z:
        full = {n: z.read(n) for n in z.namelist()}
    with zipfile.ZipFile(dist / build.REST_ZIP) as z:
        rest = {n: z.read(n) for n in z.namelist()}
    assert set(rest) < set(full) and all(rest[n] == full[n] for n in rest)
    assert len(rest) < len(full) / 2, (len(rest), len(full))
    # in memory: the engines, the renderers, the session; neither source nor bytecode unpacked
    for module in ("engine/barcelona/__init__", "engine/strasbourg/__init__", "web/model/session", "web/kit/svgkit"):
        assert module + ".py" in full and module + ".py" not in rest
        assert not any(
            n.startswith(module.rsplit("/", 1)[0] + "/__pycache__/" + module.rsplit("/", 1)[1] + ".") for n in rest
        )
    # not in memory, so still unpacked: the page modules (they import pyscript), the frozen 1.x
    # engine (old saves only), the catalogs, PyScript's own bytecode
    assert "web/page/core.py" in rest and any(n.startswith("web/page/__pycache__/core.") for n in rest)
    assert any(n.startswith("engine/legacy/") and n.endswith(".py") for n in rest)
    assert any(n.endswith(".mo") for n in rest) and any(n.startswith("pyscript/__pycache__/") for n in rest)
    assert all(n.endswith((".py", ".pyc")) for n in set(full) - set(rest))
    loader = (dist / snapshot.LOADER).read_text()
    # a plain start (a first visit, or no usable snapshot) unpacks parts of app.zip (scripts/app_parts.py):
    # their URLs are their dist paths from the site's root
    assert "new URL(`../../../${PARTS.files[part]}`, import.meta.url)" in loader
    assert (dist / snapshot.LOADER).parent.joinpath("../../..").resolve() == dist.resolve()

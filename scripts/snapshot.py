"""The runtime's memory with the app's modules already imported, made at build time: the page
starts Pyodide from it instead of starting Python and importing ~130 modules itself (docs/build.md
"Memory snapshot"). Pyodide's own feature (``loadPyodide({_makeSnapshot})``, ``makeMemorySnapshot()``,
``loadPyodide({_loadSnapshot})``); made here under Node from the built app.zip, loaded in the page
by web/pyodide-snap.mjs (dist/web/vendor/pyodide/snap.mjs), which falls back to a plain start.

What the snapshot holds: every module of app.zip that imports without the browser (the engine, the
renderers, the session, the panels; not main.py's page modules, which import pyscript, nor the frozen
1.x engine, loaded for old saves only). ``random`` is seeded 0 in it: main.py reseeds at start.
Those modules' files are not needed on disk any more: the build ships app.zip less them as
app-rest.zip (scripts/build.py ``write_rest_zip``; what PyScript and the bots' worker unpack: the page
modules, the frozen engine, the catalogs, PyScript's bytecode), from the list this module writes
beside the snapshot (``held``: the files of every module in memory, sources and pycs). When the
snapshot cannot be used, snap.mjs starts the runtime plainly on the parts of app.zip (scripts/app_parts.py).

Its bytes are not reproducible (the C library's entropy pool, addresses of freed memory), so its
name carries a key of what decides its content (app.zip, the runtime's files, this code): the build
id counts the name, not the bytes (scripts/build.py write_service_worker), and the same sources
reuse the same snapshot from .build-cache/snapshot."""

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from scripts import pyodide_node

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".build-cache" / "snapshot"  # gitignored
KEEP = 4
FOLDER = "web/vendor/pyodide"  # beside pyodide.mjs: PyScript takes the runtime's folder from the interpreter's URL
LOADER_SRC = "web/static/pyodide-snap.mjs"
LOADER = f"{FOLDER}/snap.mjs"
INFLATE_SRC = "web/static/pyodide-snap-inflate.js"
INFLATE = f"{FOLDER}/snap-inflate.js"
PREFIX = "app-"  # dist/web/vendor/pyodide/app-<key>.snap: gzip bytes (a name no host serves as gzip-encoded)

IMPORTS = r"""
import gc, importlib, os, random, shutil
HOME = os.getcwd()
# app.zip's pyscript/__pycache__ (PyScript's package precompiled, scripts/build.py): without
# PyScript's sources beside it, the page modules' "from pyscript import" would find that folder as
# an empty namespace package and keep it in sys.modules, in the snapshot, in the page
shutil.rmtree(os.path.join(HOME, "pyscript"), ignore_errors=True)
for d, dirs, names in os.walk(HOME):
    dirs.sort()
    for n in sorted(names):
        mod = os.path.relpath(os.path.join(d, n), HOME)[:-3].replace("/", ".").removesuffix(".__init__")
        if n.endswith(".py") and not mod.startswith("engine.legacy") and mod != "web.main":
            try:
                importlib.import_module(mod)
            except ImportError:
                pass   # a page module (imports pyscript): main.py imports it at start
# app.zip's files whose modules are now in memory (their source and its pyc): app-rest.zip leaves them out
import importlib.util, json, sys
held = set()
for m in list(sys.modules.values()):
    f = getattr(m, "__file__", None) or ""
    if f.startswith(HOME + "/") and f.endswith(".py"):
        held.add(os.path.relpath(f, HOME))
        held.add(os.path.relpath(importlib.util.cache_from_source(f), HOME))
with open("held.json", "w") as fh:  # in the runtime's own file system (MEMFS), not the snapshot
    json.dump(sorted(held), fh)
del held, fh, m, f
# What every page start did first, done once here (web/page/warmup.py): the English catalogs, the 1.x
# sentences' templates, one game of each registered game started and drawn (its caches filled).
try:
    from web.page import warmup
    warmup.warm_up()
    del warmup
except Exception:  # noqa: BLE001 - a snapshot without it only starts a little slower; the build says why
    import traceback
    traceback.print_exc()
random.seed(0)
gc.collect()
"""

MAKE_JS = r"""
const { loadPyodide } = require(__PYODIDE__);
const fs = require("fs");
(async () => {
  // dist's standard library (trimmed by scripts/build.py): the page writes the same zip where this
  // one was, so the directory of it that the snapshot's zipimport remembers is the page's
  const py = await loadPyodide({ indexURL: __INDEX__, stdLibURL: __STDLIB__, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
  py.unpackArchive(new Uint8Array(fs.readFileSync(__ZIP__)), "zip");
  py.runPython(__IMPORTS__);
  fs.writeFileSync(__OUT__ + ".held.json", py.FS.readFile("held.json"));
  fs.writeFileSync(__OUT__, py.makeMemorySnapshot());
})().catch((e) => { console.error(String(e).slice(-2000)); process.exit(1); });
"""


def key(app_zip: bytes, stdlib: bytes = b"") -> str:
    """What decides the snapshot: app.zip, dist's standard library zip, this code, the runtime."""
    h = hashlib.sha256(app_zip)
    h.update(hashlib.sha256(stdlib).digest())
    h.update(IMPORTS.encode() + MAKE_JS.encode())
    for name in ("package.json", "pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        h.update(hashlib.sha256((Path(pyodide_node.PYODIDE_DIR) / name).read_bytes()).digest())
    return h.hexdigest()[:16]


def make(app_zip: Path, out: Path, stdlib: Path | None = None) -> None:
    """Run Pyodide under Node: unpack ``app_zip``, import its modules, write the raw snapshot and,
    as ``out``.held.json, the list of app.zip's files whose modules it holds."""
    js = MAKE_JS
    for mark, value in (
        ("__PYODIDE__", os.path.join(pyodide_node.PYODIDE_DIR, "pyodide.js")),
        ("__INDEX__", pyodide_node.PYODIDE_DIR + "/"),
        ("__ZIP__", str(app_zip)),
        ("__STDLIB__", str(stdlib or Path(pyodide_node.PYODIDE_DIR) / "python_stdlib.zip")),
        ("__IMPORTS__", IMPORTS),
        ("__OUT__", str(out)),
    ):
        js = js.replace(mark, json.dumps(value))
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as fh:
        fh.write(js)
    try:
        proc = subprocess.run(["node", fh.name], capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        raise RuntimeError(f"snapshot: {proc.stderr.strip()[-800:]}")
    if proc.stderr.strip():  # e.g. the warm-up's traceback: the snapshot is made without it
        print(f"build: the snapshot's run said: {proc.stderr.strip()[-800:]}")


def write(dist: Path) -> tuple[str, list] | None:
    """dist's snapshot (gzip) from its web/app.zip, from the cache when the key is there; returns its
    path under dist and the app.zip files it holds in memory (``held``), or None when Pyodide cannot
    run here (the page then starts without one)."""
    if pyodide_node.available():
        print(f"build: no memory snapshot ({pyodide_node.available()})")
        return None
    app_zip = dist / "web/app.zip"
    stdlib = dist / FOLDER / "python_stdlib.zip"
    k = key(app_zip.read_bytes(), stdlib.read_bytes())
    cached = CACHE / f"{k}.snap"
    held_list = CACHE / f"{k}.held.json"
    if not (cached.is_file() and held_list.is_file()):
        CACHE.mkdir(parents=True, exist_ok=True)
        raw = CACHE / f"{k}.{os.getpid()}.raw"
        raw_held = raw.with_name(raw.name + ".held.json")
        try:
            make(app_zip, raw, stdlib)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
            raw_held.replace(held_list)
            tmp.replace(cached)  # builds in parallel (test workers) never share a file
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
            print(f"build: no memory snapshot ({e})")
            return None
        finally:
            raw.unlink(missing_ok=True)
            raw_held.unlink(missing_ok=True)
        for old in sorted(CACHE.glob("*.snap"), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
            old.unlink(missing_ok=True)
            old.with_suffix(".held.json").unlink(missing_ok=True)
    else:
        os.utime(cached)
    rel = f"{FOLDER}/{PREFIX}{k}.snap"
    (dist / rel).write_bytes(cached.read_bytes())
    loader = (ROOT / LOADER_SRC).read_text(encoding="utf-8").replace("__SNAPSHOT__", f"./{PREFIX}{k}.snap")
    (dist / LOADER).write_text(loader, encoding="utf-8")
    shutil.copy2(ROOT / INFLATE_SRC, dist / INFLATE)  # the loader's inflate worker, beside it
    return rel, json.loads(held_list.read_text(encoding="utf-8"))


def is_snapshot(rel: str) -> bool:
    """A dist-relative path that is a memory snapshot (its name carries its key)."""
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith(FOLDER + "/") and name.startswith(PREFIX) and name.endswith(".snap")

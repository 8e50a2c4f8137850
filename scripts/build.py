#!/usr/bin/env python3
"""Build dist/: a self-contained static site (no network needed at runtime).

dist/index.html, dist/sw.js, dist/web/{style.css,lang.js,boot.js,store.js,update.js,device.js,worker.js,morph.js,preboot.js,main.py,pyscript.json,app.zip,app-rest.zip,vendor/...},
dist/web/start.js (index.html's seven start-up scripts joined: join_start_scripts),
dist/web/preboot/<lang>.json (the new-game screen before the runtime, scripts/preboot_forms.py; the
English one is also written into dist/index.html's #app),
dist/tutorial/*.html (static tutorial pages; the service worker precaches them like every dist file),
<file>.br and <file>.gz beside the text files and the wasm (scripts/precompress.py: for hosts that
serve pre-compressed copies; scripts/serve.py does), dist/locale/<lang>.json (the JS files' words, scripts/catalogs.py; the Python side's compiled catalogs
are in app.zip under locale/), dist/manifest.webmanifest + dist/icons/*.png (installable app; every PNG rendered from web/icon.svg
by the Chromium the e2e tests use), dist/versions.json (engine version + rules versions this build
plays, engine/versions.py). The build id (a hash of every shipped file) names the service worker's
cache, so a new build installs beside the old one and waits (web/sw.js, docs/offline-and-updates.md).
app.zip holds the engine and review packages and the web Python modules (the memory snapshot is made from it,
the tutorial pages unpack it); app-rest.zip is app.zip less what the snapshot holds in memory, which
PyScript's `files` config unpacks into the interpreter's working directory ("./*"); web/parts/*.zip
are app.zip split by package for a first visit, which starts without the snapshot
(scripts/app_parts.py, ``first_visit_parts``; docs/build.md "First visit").

The same sources build the same bytes (fixed zip times and order, fixed catalog dates), so a
redeploy of unchanged sources keeps the build id and no player is told of a "new" version
(tests/web/test_build_reproducible.py builds twice and compares every file).

--test-build adds the pseudo-locale qps (app.zip's locale/qps, dist/locale/qps.json, the tutorial
pages *.qps.html) that e2e/test_pseudo_locale.py uses; a player's build has none of it.
--dist DIR builds into DIR instead of dist/.

--overlay DIR adds/replaces Python files in app.zip from DIR (same layout as the repo):
used to try the shell on a stand-in game before a real engine lands. Never needed otherwise.
"""

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
STATIC = [
    "web/style.css",
    "web/lang.js",
    "web/boot.js",
    "web/store.js",
    "web/update.js",
    "web/device.js",
    "web/worker.js",
    "web/morph.js",
    "web/preboot.js",
    "web/remote.js",  # hands on phones: loaded by web/page/remote.py when a table or a phone pairs
    "web/main.py",
]
VENDOR_NEEDS = ["web/vendor/pyodide/pyodide.mjs", "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyscript/core.js"]
# hands on phones' QR codes (docs/pairing.md "QR codes"): a build without them could not scan
VENDOR_NEEDS += [
    "web/vendor/qr/lean-qr.mjs",
    "web/vendor/qr/zxing-reader.js",
    "web/vendor/qr/zxing_reader.wasm",
]
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed: same sources -> same zip bytes -> same cache hash
CHROMIUM = "/usr/bin/chromium"  # Debian's, installed by scripts/setup.sh (never `playwright install`)
ICON_SVG = "web/static/icon.svg"
ICON_SIZES = (48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512)  # 180: iPad's apple-touch-icon
MASKABLE = 512
BYTECODE_CACHE = ROOT / ".build-cache" / "bytecode"  # gitignored: see node_bytecode
BYTECODE_KEEP = 8  # cache files kept (newest first): a few commits' worth
FRESH = "EURO_BUILD_FRESH"  # =1: compile again, ignoring the cache (tests/web/test_build_reproducible.py)
ICON_CACHE = ROOT / ".build-cache" / "icons"  # gitignored: same SVG -> same PNGs, no browser start
APP = {
    "name": "Barcelona & Strasbourg",
    "short_name": "Euro games",
    "background_color": "#f4f1ea",
    "theme_color": "#0072B2",
}


def source(rel: str) -> Path:
    """The repository file a shipped file is copied from: the page's static files (JS, CSS, the
    service worker) are kept in web/static/ and shipped where the page asks for them, dist/web/<name>
    (sw.js at the root: its scope); Python keeps its path."""
    name = rel.rsplit("/", 1)[-1]
    if rel.startswith("web/") and (ROOT / "web/static" / name).is_file():
        return ROOT / "web/static" / name
    return ROOT / rel


def python_files(base: Path):
    for pkg in ("engine", "review", "web"):  # review/: the game review the bots' worker runs (docs/review.md)
        for p in sorted((base / pkg).rglob("*.py")):
            if "__pycache__" not in p.parts and p.relative_to(base).as_posix() != "web/main.py":
                yield p.relative_to(base).as_posix(), p


# Bytecode without the docstrings of modules and functions (a class keeps its own: dataclasses would
# compute one from its signature): ~1/6 of the app's compressed bytecode and ~1/8 of the trimmed
# standard library's; nothing the app runs reads them (docs/build.md "Precompiled bytecode").
NODOC = r'''
import ast
def nodoc(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                body[0:1] = [] if len(body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree
'''


# Compiled inside the vendored Pyodide (under Node) so the bytecode matches the browser's
# Python; unchecked-hash pycs are used without comparing source timestamps, which the unzip
# into the browser's file system does not keep. Saves compiling the app at every page load.
PRECOMPILE = r'''
import ast, base64, importlib.util, json, os
from importlib import _bootstrap_external as be
HOME = os.getcwd()   # Pyodide's working folder, where scripts/pyodide_node.run wrote the files
out = {}
for d, _, names in os.walk(HOME):
    for name in names:
        if name.endswith(".py"):
            src = os.path.join(d, name)
            data = open(src, "rb").read()
            code = compile(nodoc(ast.parse(data, src)), src, "exec", dont_inherit=True)
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            out[os.path.relpath(importlib.util.cache_from_source(src), HOME)] = base64.b64encode(bytes(pyc)).decode()
RESULT = json.dumps(out)
'''


def node_bytecode(code: str, texts: dict) -> str:
    """scripts/pyodide_node.run(code, files=texts), cached under .build-cache/bytecode by all that
    decides its output (the code, every file's name and text, the pinned runtime's files): each
    build compiles in Node what it compiled the last time (the app's and the stdlib's bytecode,
    ~20 s of CPU), and a test run builds several times from the same sources. FRESH=1 compiles
    again: the reproducibility test compares such a build with a cached one."""
    from scripts import pyodide_node

    h = hashlib.sha256(code.encode())
    for name in sorted(texts):
        h.update(b"\0" + name.encode() + b"\0" + texts[name].encode())
    for name in ("package.json", "pyodide.asm.wasm", "python_stdlib.zip"):
        h.update(b"\0" + hashlib.sha256((Path(pyodide_node.PYODIDE_DIR) / name).read_bytes()).digest())
    path = BYTECODE_CACHE / f"{h.hexdigest()[:32]}.json"
    if os.environ.get(FRESH) != "1":
        try:
            os.utime(path)  # recently used: kept by the pruning below
            return path.read_text(encoding="utf-8")
        except OSError:  # not cached (or pruned meanwhile by a build beside this one)
            pass
    out = pyodide_node.run(code, timeout=300, files=texts)
    json.loads(out)  # only a whole answer is kept
    BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")  # builds in parallel (test workers) never share a file
    tmp.write_text(out, encoding="utf-8")
    tmp.replace(path)
    for old in sorted(BYTECODE_CACHE.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[BYTECODE_KEEP:]:
        old.unlink(missing_ok=True)
    return out


def precompiled(files: dict) -> dict:
    """relative .pyc path -> bytes for the app's modules, or {} if Pyodide can't run here
    (the page then compiles the sources itself, just a little slower)."""
    from scripts import pyodide_node

    if pyodide_node.available():
        print(f"build: not precompiling ({pyodide_node.available()})")
        return {}
    try:
        texts = {name: path.read_text(encoding="utf-8") for name, path in files.items()}
        result = json.loads(node_bytecode(NODOC + PRECOMPILE, texts))
    except (RuntimeError, ValueError, OSError) as e:
        print(f"build: not precompiling ({e})")
        return {}
    return {name: base64.b64decode(data) for name, data in result.items()}


# PyScript keeps its own Python package (pyscript/*.py) as strings in its core chunk, writes it
# into the runtime's working folder at every start and imports it from source: ~50 ms of a 2-core
# machine's start compiling it inside wasm. The build compiles those very strings like the app's
# modules; app.zip carries the unchecked-hash pycs in pyscript/__pycache__/, beside where PyScript
# writes the sources (app.zip unpacks into the same folder). Read from the chunk with Node (the
# package is a JS object literal there); {} when that layout is not found (a newer PyScript:
# tests/web/test_pwa_build.py says so) or Node / Pyodide cannot run here.
PYSCRIPT_PACKAGE_JS = r"""
const s = require("fs").readFileSync(process.argv[2], "utf8");
const i = s.indexOf('{pyscript:{"__init__.py"');
if (i < 0) { console.log("{}"); process.exit(0); }
let depth = 0, j = i, quote = null;
for (; j < s.length; j++) {
  const c = s[j];
  if (quote) { if (c === "\\") j++; else if (c === quote) quote = null; continue; }
  if (c === '"' || c === "'" || c === "`") quote = c;
  else if (c === "{") depth++;
  else if (c === "}" && --depth === 0) break;
}
const out = {};
(function walk(o, p) {
  for (const [k, v] of Object.entries(o)) typeof v === "string" ? (out[p + k] = v) : walk(v, p + k + "/");
})(eval("(" + s.slice(i, j + 1) + ")"), "");
console.log(JSON.stringify(out));
"""


def pyscript_sources() -> dict:
    """{"pyscript/<name>.py": source} of the vendored PyScript's own package, or {}."""
    chunks = pyscript_chunks(ROOT)
    if not chunks or not shutil.which("node"):
        return {}
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as fh:
        fh.write(PYSCRIPT_PACKAGE_JS)
    try:
        proc = subprocess.run(["node", fh.name, str(ROOT / chunks[0])], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        print(f"build: PyScript's package not read ({proc.stderr.strip()[-200:]})")
        return {}
    return json.loads(proc.stdout)


def pyscript_bytecode() -> dict:
    """app.zip's pyscript/__pycache__/<name>.cpython-XY.pyc entries (see above), or {}."""
    from scripts import pyodide_node

    sources = pyscript_sources()
    if not sources or pyodide_node.available():
        return {}
    try:
        result = json.loads(node_bytecode(NODOC + PRECOMPILE, sources))
    except (RuntimeError, ValueError, OSError) as e:
        print(f"build: PyScript's package not precompiled ({e})")
        return {}
    return {name: base64.b64decode(data) for name, data in result.items()}


# The runtime's standard library (python_stdlib.zip of the npm package: 614 files, 2.5 MB, sources
# only) is trimmed at build time to what the app imports (docs/build.md "Trimmed standard library"):
# found by running it, in the vendored Pyodide under Node: every app module imported, every module
# named by an import statement anywhere in the app, main.py and PyScript's own package (an import
# inside a function too), the archive unpacking PyScript and the loaders do; what sys.modules then
# holds from the zip is the set. STDLIB_EXTRA: what only the browser imports. Each module ships as
# bytecode or as source, whichever costs less at a reference network (STDLIB_REF_BYTES_PER_S): its
# extra compressed bytes against the time its source takes to compile (STDLIB_COMPILE_BYTES_PER_S,
# measured once: a rule of the source's size, so the same sources build the same zip). Anything else
# is loaded on demand from the full zip (scripts/stdlib_fallback.py, shipped as FALLBACK_MODULE).
STDLIB_EXTRA = ("encodings.cp437",)  # zipfile's name decoding while PyScript unpacks app.zip
# 3.2 Mbit/s, between the two networks a first visit is measured at (bench/first_visit.py: 10 and 1.6
# Mbit/s): at 10 Mbit/s nearly every module paid for its bytecode, but the slow network waits for
# those bytes longest (measured: 1.45 MB of the trimmed library at 10 Mbit/s, 1.27 MB here for ~0.4 s
# of compiling on the 2-core box; bench/RESULTS.md "First visit")
STDLIB_REF_BYTES_PER_S = 0.4e6
# Pyodide under Node on the 2-core box, 2026-12-07: the 152 traced modules' 3.35 MB of source
# compiled in 2.04 s (1.64 MB/s; a phone is slower, which only favours bytecode more)
STDLIB_COMPILE_BYTES_PER_S = 1.6e6
FULL_STDLIB = "web/vendor/pyodide/python_stdlib_full.zip"  # the npm package's zip, fetched only on demand
FALLBACK_MODULE = "euro_stdlib_fallback"
STDLIB_TRACE = r"""
import ast, base64, importlib, importlib.util, io, json, os, sys, zipfile
from importlib import _bootstrap_external as be
HOME = os.getcwd()   # Pyodide's working folder, where scripts/pyodide_node.run wrote the files
named = set(EXTRA)
for d, dirs, names in os.walk(HOME):
    dirs.sort()
    for n in sorted(names):
        if not n.endswith(".py"):
            continue
        path = os.path.join(d, n)
        rel = os.path.relpath(path, HOME)
        try:
            tree = ast.parse(open(path, encoding="utf-8").read())
        except SyntaxError:
            tree = ast.Module(body=[], type_ignores=[])
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                named.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named.add(node.module)
                named.update(node.module + "." + a.name for a in node.names)
        if rel.startswith("_named/"):
            continue   # main.py, PyScript's package: their imports only (they need the browser)
        try:
            importlib.import_module(rel[:-3].replace("/", ".").removesuffix(".__init__"))
        except BaseException:
            pass   # a module that needs the browser (pyscript); its imports are named above
for mod in sorted(named):
    try:
        importlib.import_module(mod)
    except BaseException:
        pass   # a name that is not a module (from x import function), or not the stdlib's
# what PyScript's "files" and the loaders' unpackArchive do: unpack a zip
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("x/y.txt", "y")
try:
    from pyodide._package_loader import unpack_buffer
    unpack_buffer(buf.getvalue(), filename="t.zip", extract_dir="trace-unpack")  # the runtime's MEMFS cwd
except BaseException:
    import shutil
    open("t.zip", "wb").write(buf.getvalue())
    shutil.unpack_archive("t.zip", "trace-unpack")
zpath = next(p for p in sys.path if p.endswith(".zip"))
out = {}
with zipfile.ZipFile(zpath) as z:
    names = set(z.namelist())
    for m in list(sys.modules.values()):
        f = getattr(m, "__file__", None) or ""
        name = f[len(zpath) + 1:]
        if f.startswith(zpath + "/") and name in names and name.endswith(".py"):
            src = z.read(name)
            code = compile(nodoc(ast.parse(src, f)), f, "exec", dont_inherit=True)
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)
            out[name] = base64.b64encode(bytes(pyc)).decode()
RESULT = json.dumps(out)
"""


def stdlib_trace(files: dict) -> dict:
    """{zip entry "x/y.py": its unchecked-hash pyc} of every stdlib module the app imports (see
    above), or {} when Pyodide cannot run here."""
    from scripts import pyodide_node

    if pyodide_node.available():
        print(f"build: stdlib not trimmed ({pyodide_node.available()})")
        return {}
    texts = {name: path.read_text(encoding="utf-8") for name, path in files.items()}
    texts["_named/main.py"] = (ROOT / "web/main.py").read_text(encoding="utf-8")
    texts.update({f"_named/{name}": text for name, text in pyscript_sources().items()})
    try:
        code = NODOC + f"EXTRA = {STDLIB_EXTRA!r}\n" + STDLIB_TRACE
        got = json.loads(node_bytecode(code, texts))
    except (RuntimeError, ValueError, OSError) as e:
        print(f"build: stdlib not trimmed ({e})")
        return {}
    return {name: base64.b64decode(pyc) for name, pyc in got.items()}


def _deflated(data: bytes) -> int:
    import zlib

    return len(zlib.compress(data, 6))


def stdlib_trim(files: dict, stdlib: Path) -> dict:
    """Replace ``stdlib`` (dist's python_stdlib.zip, the npm package's) by the trimmed one and keep
    the package's as FULL_STDLIB; returns {"modules", "bytecode", "bytes", "full"} (empty when not
    trimmed: the page then loads the whole package's zip, as npm ships it)."""
    traced = stdlib_trace(files)
    if not traced:
        return {}
    full = stdlib.parent / FULL_STDLIB.rsplit("/", 1)[1]
    shutil.move(stdlib, full)
    with zipfile.ZipFile(full) as z:
        top = {n.split("/", 1)[0].removesuffix(".py") for n in z.namelist() if n.split("/", 1)[0]}
        sources = {name: z.read(name) for name in traced}
    fallback = (ROOT / "scripts/stdlib_fallback.py").read_text(encoding="utf-8")
    names = sorted(t for t in top if t.isidentifier())
    fallback = fallback.replace("NAMES = frozenset()", f"NAMES = frozenset({names!r})", 1)
    assert repr(names) in fallback, "scripts/stdlib_fallback.py: NAMES line not found"
    entries, bytecode = {}, 0
    for name in sorted(traced):
        pyc, src = traced[name], sources[name]
        extra = _deflated(pyc) - _deflated(src)
        # bytecode: a sourceless "x/y.pyc" (zipimport takes it)
        if extra / STDLIB_REF_BYTES_PER_S < len(src) / STDLIB_COMPILE_BYTES_PER_S:
            entries[name[:-3] + ".pyc"] = pyc
            bytecode += 1
        else:
            entries[name] = src
    entries[f"{FALLBACK_MODULE}.py"] = fallback.encode("utf-8")
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, entries[name])
    return {"modules": len(traced), "bytecode": bytecode, "bytes": stdlib.stat().st_size, "full": full.stat().st_size}


def write_zip(path: Path, overlay: Path | None, extra: dict | None = None):
    files = dict(python_files(ROOT))
    if overlay:
        files.update(python_files(overlay))
    blobs = {name: p.read_bytes() for name, p in files.items()}
    blobs.update(precompiled(files))
    # the compiled message catalogs (locale/<lang>/LC_MESSAGES/<domain>.mo), PyScript's package's bytecode
    blobs.update(extra or {})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(blobs):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blobs[name])
    return sorted(files)


# What a runtime started from the memory snapshot unpacks (PyScript's "files", the bots' worker):
# app.zip less the files of the modules the snapshot holds in memory (scripts/snapshot.py): ~1/3 of
# its entries, 1.4 of 3.7 MB; unpacking all of app.zip took ~150 ms of the page's main thread at every start.
# Without a snapshot it is app.zip itself.
REST_ZIP = "web/app-rest.zip"


# A first visit starts without the snapshot (web/pyodide-snap.mjs: it is fetched after the first
# move, for the next start): its plain start unpacks the parts of app.zip its first move needs
# (scripts/app_parts.py: the core, the game of the link, the language) and fetches the others after
# the first move. PyScript then reads FIRST_CONFIG (no app-rest.zip); web/store.js picks the config.
FIRST_CONFIG = "web/pyscript-first.json"
# the runtime's files a first visit downloads beside the parts (web/boot.js counts them for its bar)
FIRST_VISIT_FILES = [
    f"web/vendor/pyodide/{name}"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
]


def first_visit_parts(dist: Path) -> dict:
    """dist/web/parts/*.zip (scripts/app_parts.py) and their manifest, named in start.js, snap.mjs
    and embed-board.js (each fills in ``__PARTS__``)."""
    from engine.core import registry
    from scripts import app_parts, snapshot

    prefixes = {spec.name: spec.key_prefix for spec in registry.specs()}
    parts = app_parts.write(dist, dist / "web/app.zip", STDLIB_REF_BYTES_PER_S, STDLIB_COMPILE_BYTES_PER_S, prefixes)
    parts["sizes"] = app_parts.sizes(dist, FIRST_VISIT_FILES)  # the progress bar's (web/boot.js)
    for rel in (snapshot.LOADER, "web/embed-board.js"):
        text = (dist / rel).read_text(encoding="utf-8")
        assert text.count('"__PARTS__"') == 1, f"{rel}: the parts' slot (\"__PARTS__\") not found once"
        (dist / rel).write_text(text.replace('"__PARTS__"', app_parts.manifest_js(parts)), encoding="utf-8")
    return parts


def write_rest_zip(dist: Path, held):
    """dist's app-rest.zip: web/app.zip's entries but ``held`` (same order, dates and bytes)."""
    held = set(held)
    with zipfile.ZipFile(dist / "web/app.zip") as z:
        entries = [(info, z.read(info.filename)) for info in z.infolist()]
    for rel, part in [(REST_ZIP, [e for e in entries if e[0].filename not in held])]:
        with zipfile.ZipFile(dist / rel, "w", zipfile.ZIP_DEFLATED) as z:
            for info, data in part:
                z.writestr(info, data)


def icon_pngs() -> dict:
    """file name -> PNG bytes of every icon, rendered from web/icon.svg by headless Chromium (the
    browser the e2e tests drive, through the Playwright they use: no extra tool to install). The
    maskable icon is the same picture full-bleed on the theme colour (its content stays in the
    central 80% safe zone). Cached by the SVG's hash; {} when no browser can render here."""
    svg = (ROOT / ICON_SVG).read_bytes()
    key = hashlib.sha256(svg + repr(ICON_SIZES).encode() + b"v1").hexdigest()[:16]
    names = [f"icon-{n}.png" for n in ICON_SIZES] + [f"maskable-{MASKABLE}.png"]
    cache = ICON_CACHE / key
    if all((cache / n).exists() for n in names):
        return {n: (cache / n).read_bytes() for n in names}
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as e:
        print(f"build: no icons ({e})")
        return {}
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    out = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page(device_scale_factor=1)
            jobs = [(f"icon-{n}.png", n, "transparent") for n in ICON_SIZES]
            jobs.append((f"maskable-{MASKABLE}.png", MASKABLE, APP["theme_color"]))
            for name, n, bg in jobs:
                page.set_viewport_size({"width": n, "height": n})
                page.set_content(
                    f'<body style="margin:0;background:{bg}"><img src="{src}" width="{n}" '
                    f'height="{n}" style="display:block"></body>'
                )
                out[name] = page.screenshot(omit_background=bg == "transparent")
            browser.close()
    except (Error, OSError) as e:
        print(f"build: no icons ({str(e).splitlines()[0]})")
        return {}
    cache.mkdir(parents=True, exist_ok=True)
    for name, data in out.items():
        (cache / name).write_bytes(data)
    return out


def manifest(icons) -> dict:
    """The web app manifest: relative start_url/scope, so the app installs from any folder."""
    entries = [
        {
            "src": f"icons/{n}",
            "sizes": f"{n.split('-')[1][:-4]}x{n.split('-')[1][:-4]}",
            "type": "image/png",
            "purpose": "maskable" if n.startswith("maskable") else "any",
        }
        for n in icons
        if not n.startswith("icon-180")
    ]
    return {
        **APP,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "lang": "en",
        "description": "Barcelona and Strasbourg board games, pass and play, offline.",
        "icons": entries,
    }


def versions_json() -> dict:
    from engine import versions

    return versions.manifest()


def build(overlay: Path | None = None, dist: Path = DIST, test_build: bool = False) -> Path:
    out = Path(dist)
    missing = [p for p in VENDOR_NEEDS if not (ROOT / p).exists()]
    if missing:
        sys.exit(f"build: {', '.join(missing)} missing; run scripts/setup.sh first")
    if out.exists():
        if any(out.iterdir()) and not (out / "sw.js").exists():
            sys.exit(f"build: {out} is not empty and holds no build; not deleting it")
        shutil.rmtree(out)
    (out / "web").mkdir(parents=True)
    shutil.copy2(ROOT / "index.html", out / "index.html")
    for rel in STATIC:
        shutil.copy2(source(rel), out / rel)
    shutil.copytree(ROOT / "web/vendor", out / "web/vendor", ignore=shutil.ignore_patterns("*.map"))
    # Message catalogs (scripts/catalogs.py, docs/i18n.md): extract + update the repo's .pot/.po,
    # compile the .mo files into app.zip only, and the JS files' words to dist/locale/<lang>.json.
    from scripts import catalogs

    catalogs.sync()
    # tutorial pages, frame, loading board (and the pseudo-locale's pages in a test build)
    __import__("scripts.build_tutorials").build_tutorials.build(out, pseudo=test_build)
    cjk = __import__("scripts.cjk_font").cjk_font
    cjk.build(out)  # web/fonts: the Chinese words' font (a subset); its @font-face rules end style.css
    with open(out / "web/style.css", "a", encoding="utf-8") as fh:
        fh.write("\n/* scripts/cjk_font.py */\n" + cjk.css("fonts/"))
    write_zip(out / "web/app.zip", overlay, {**catalogs.compiled(pseudo_locale=test_build), **pyscript_bytecode()})
    app_files = dict(python_files(ROOT))
    if overlay:
        app_files.update(python_files(overlay))
    trimmed = stdlib_trim(app_files, out / "web/vendor/pyodide/python_stdlib.zip")
    if trimmed:
        print(
            f"build: stdlib trimmed to {trimmed['modules']} modules ({trimmed['bytecode']} as bytecode), "
            f"{trimmed['bytes'] / 1e6:.2f} MB; the full {trimmed['full'] / 1e6:.2f} MB on demand"
        )
    # The new-game screen before the runtime, in every language, by the app's own renderer
    # (web/preboot.js shows it; scripts/preboot_forms.py).
    preboot_forms = __import__("scripts.preboot_forms").preboot_forms
    tables = preboot_forms.write(out, catalogs.LANGS)
    preboot_forms.patch_index(out, tables[preboot_forms.PREBUILT])  # the English form in #app
    join_start_scripts(out)
    (out / "locale").mkdir()
    for lang, table in catalogs.js_strings(pseudo_locale=test_build).items():
        (out / "locale" / f"{lang}.json").write_text(json.dumps(table, ensure_ascii=False, sort_keys=True) + "\n")
    # "interpreter" resolves against the page, "files" against this config file. Without "interpreter",
    # PyScript silently loads Pyodide from a CDN. The runtime starts from the build's memory snapshot
    # when there is one (scripts/snapshot.py: snap.mjs loads it, or starts plainly).
    snap = __import__("scripts.snapshot").snapshot
    made = snap.write(out)
    snapshot, held = made if made else (None, [])
    write_rest_zip(out, held)
    parts = first_visit_parts(out) if snapshot else None  # docs/build.md "First visit"
    runtime = snap.LOADER if snapshot else "web/vendor/pyodide/pyodide.mjs"
    # start.js preloads what PyScript would ask for only one after another: its core module's chunk
    # (found once core.js has run), its config (read once that chunk has run), and the snapshot
    # and its loader (once the config is read).
    plugins = pyscript_plugins(out)
    kept = [chunk for name, chunk in plugins.items() if name in PYSCRIPT_PLUGINS_KEPT and chunk]
    preloads = [["modulepreload", chunk] for chunk in pyscript_chunks(out) + kept] + [["preload", "web/pyscript.json"]]
    if snapshot:  # the snapshot when on the device, else the first visit's parts (web/store.js decides)
        preloads += [["modulepreload", snap.LOADER], ["snapshot", snapshot, parts]]
    preload_files(out, preloads)
    config = {
        "interpreter": f"./{runtime}",
        "files": {f"./{REST_ZIP.rsplit('/', 1)[1]}": "./*"},
        "plugins": sorted(f"!{name}" for name in plugins if name not in PYSCRIPT_PLUGINS_KEPT),
    }
    (out / "web/pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    if parts:  # a first visit's config: no app-rest.zip, the loader unpacks the parts (web/store.js picks it)
        first = {k: v for k, v in config.items() if k != "files"}
        (out / FIRST_CONFIG).write_text(json.dumps(first, indent=2) + "\n")
    icons = icon_pngs()
    (out / "icons").mkdir()
    for name, data in icons.items():
        (out / "icons" / name).write_bytes(data)
    (out / "manifest.webmanifest").write_text(json.dumps(manifest(sorted(icons, key=_icon_order)), indent=2) + "\n")
    (out / "versions.json").write_text(json.dumps(versions_json(), indent=2) + "\n")

    write_service_worker(out)
    # <file>.br / <file>.gz beside the text files and the wasm, for hosts that serve them
    # (scripts/serve.py does; docs/build.md "Compression"). Not precached, not in the build id.
    __import__("scripts.precompress").precompress.write(out)
    return out


# index.html's start-up scripts, in its order: one file in dist/ (web/start.js), so the page
# asks for one script instead of seven, each of which the parser found only once the one before
# it had run. Kept as files in the repo (and shipped: the tutorial pages load lang.js).
START_SCRIPTS = [
    "web/lang.js",
    "web/boot.js",
    "web/update.js",
    "web/device.js",
    "web/store.js",
    "web/morph.js",
    "web/preboot.js",
]
START_JS = "web/start.js"


def join_start_scripts(dist: Path):
    """dist/web/start.js = START_SCRIPTS joined (each its own IIFE, ";" between them); dist/index.html
    loads it in place of the seven tags (CSP: script-src 'self' allows no inline script)."""
    index = dist / "index.html"
    text = index.read_text(encoding="utf-8")
    tags = "\n".join(f'<script src="{rel}"></script>' for rel in START_SCRIPTS)
    assert text.count(tags) == 1, "index.html: the start-up scripts are not the seven tags of START_SCRIPTS"
    parts = [f"// ---- {rel}\n" + source(rel).read_text(encoding="utf-8").rstrip() + "\n;\n" for rel in START_SCRIPTS]
    (dist / START_JS).write_text(
        "// scripts/build.py: index.html's start-up scripts in one file\n" + "".join(parts), encoding="utf-8"
    )
    index.write_text(text.replace(tags, f'<script src="{START_JS}"></script>', 1), encoding="utf-8")


BUILD_FILES = ".concat(/* build */ [])"  # web/store.js: the runtime's files the build adds


def pyscript_chunks(dist: Path):
    """The modules web/vendor/pyscript/core.js imports (its hashed chunk), as dist paths."""
    text = (dist / "web/vendor/pyscript/core.js").read_text(encoding="utf-8")
    return [f"web/vendor/pyscript/{name}" for name in re.findall(r'from\s*"\./([\w.-]+\.js)"', text)]


# PyScript's plugins the app uses: only "error" (a Python error the app did not catch is shown on the
# page). The others (its editor, terminal, pygame, "donkey", the deprecation notes) are turned off in
# pyscript.json: PyScript imports every plugin that is on, and waits for them all, before it loads
# the runtime (on a real network, five round trips before the runtime starts; bench/RESULTS.md "Start-up").
PYSCRIPT_PLUGINS_KEPT = ("error",)


def pyscript_plugins(dist: Path) -> dict:
    """PyScript's plugins, {name: the dist path of its chunk, or None when it is built in}, read from
    the core chunk's table of them (``{codemirror:()=>...,"py-editor":()=>import("./py-editor-....js"),...}``)."""
    chunk = dist / pyscript_chunks(dist)[0]
    text = chunk.read_text(encoding="utf-8")
    table = re.search(r"\{((?:\s*\"?[\w-]+\"?:\(\)=>[^,}]+(?:\}\))?,?)+)\}", text[text.index('"py-editor"') - 400 :])
    assert table, "PyScript's plugin table not found in its core chunk"
    plugins = {}
    for name, body in re.findall(r'"?([\w-]+)"?:\(\)=>((?:[^,}]|\}\))+)', table.group(1)):
        found = re.search(r'import\("\./([\w.-]+\.js)"\)', body)
        plugins[name] = f"web/vendor/pyscript/{found.group(1)}" if found else None
    assert "error" in plugins and "py-editor" in plugins, plugins
    return plugins


def preload_files(dist: Path, files):
    """dist/web/start.js preloads ``files`` ([rel, href] pairs: PyScript's chunk and config, the
    memory snapshot and its loader) with the runtime's other files (web/store.js FILES), so their
    downloads start with theirs."""
    start = dist / START_JS
    text = start.read_text(encoding="utf-8")
    assert text.count(BUILD_FILES) == 1, "web/store.js: FILES lost the build's slot"
    start.write_text(text.replace(BUILD_FILES, f".concat({json.dumps(files)})"), encoding="utf-8")


def write_service_worker(dist: Path) -> str:
    """Write dist/sw.js for the files in ``dist`` (every file but sw.js itself) and return the
    build id: a hash of the shipped files' names and bytes, so any change to any file gives a new
    id, a new cache name (euro-<id>) and a new sw.js, which browsers install beside the old one.
    FILES maps every precached URL to its SHA-256: the worker checks each file it fetches against
    it and refuses a build whose files do not match (web/sw.js, docs/offline-and-updates.md "Offline cache").
    Also used by e2e/test_pwa.py to deploy a changed build into a served folder."""
    from scripts.precompress import is_copy
    from scripts.snapshot import is_snapshot

    files = sorted(  # the pre-compressed copies are the same files again (scripts/precompress.py)
        rel
        for rel in (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
        if rel != "sw.js" and not is_copy(rel)
    )
    digest = hashlib.sha256()
    for rel in files:  # a memory snapshot by its name only: its bytes differ between machines, its key not
        digest.update(rel.encode() + b"\0" + (b"" if is_snapshot(rel) else (dist / rel).read_bytes()))
    build = digest.hexdigest()[:16]
    # the pseudo-locale's tutorial pages are for the tests (e2e/test_pseudo_locale.py): served,
    # never precached (about 1 MB no player needs offline)
    files = [f for f in files if not f.endswith(".qps.html")]
    # "" = not checked (the memory snapshot: its name is its check; web/pyodide-snap.mjs starts plainly
    # from a damaged one)
    hashes = {f"./{f}": "" if is_snapshot(f) else hashlib.sha256((dist / f).read_bytes()).hexdigest() for f in files}
    hashes = {"./": hashes["./index.html"], **hashes}  # the start URL is index.html
    shipped_versions = json.loads((dist / "versions.json").read_text())
    sw = source("web/sw.js").read_text()
    sw = (
        sw.replace("__BUILD__", build)
        .replace("__VERSIONS__", json.dumps(shipped_versions))
        .replace("__FILES__", json.dumps(hashes, indent=0))
    )
    (dist / "sw.js").write_text(sw)
    return build


def _icon_order(name):
    return (name.startswith("maskable"), int(name.split("-")[1][:-4]))


def build_id(dist: Path = DIST) -> str:
    """The build id written into dist/sw.js (its cache is euro-<id>)."""
    text = (dist / "sw.js").read_text()
    return text.split('const BUILD = "', 1)[1].split('"', 1)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--overlay", type=Path, help="directory of stand-in Python files (dev only)")
    ap.add_argument("--test-build", action="store_true", help="add the pseudo-locale qps (the e2e tests' build)")
    ap.add_argument("--dist", type=Path, default=DIST, help="build into this folder (default: dist/)")
    args = ap.parse_args()
    out = build(args.overlay, args.dist, args.test_build)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({size / 2**20:.1f} MiB, build {build_id(out)})")


if __name__ == "__main__":
    main()

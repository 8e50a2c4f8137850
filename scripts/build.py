#!/usr/bin/env python3
"""Build dist/: a self-contained static site (no network needed at runtime).

dist/index.html, dist/sw.js, dist/web/{style.css,boot.js,store.js,worker.js,main.py,pyscript.json,app.zip,vendor/...},
dist/tutorial/*.html (static tutorial pages; the service worker precaches them like every dist file)
app.zip holds the engine package and the web Python modules; PyScript's `files` config
unpacks it into the interpreter's working directory ("./*") so `import engine` works.

--overlay DIR adds/replaces Python files in app.zip from DIR (same layout as the repo):
used to try the shell on a stand-in game before a real engine lands. Never needed otherwise.
"""
import argparse
import base64
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
STATIC = ["web/style.css", "web/boot.js", "web/store.js", "web/worker.js", "web/main.py"]
VENDOR_NEEDS = ["web/vendor/pyodide/pyodide.mjs", "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyscript/core.js"]
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed: same sources -> same zip bytes -> same cache hash


def python_files(base: Path):
    for pkg in ("engine", "web"):
        for p in sorted((base / pkg).rglob("*.py")):
            if "__pycache__" not in p.parts and p.relative_to(base).as_posix() != "web/main.py":
                yield p.relative_to(base).as_posix(), p


# Compiled inside the vendored Pyodide (under Node) so the bytecode matches the browser's
# Python; unchecked-hash pycs are used without comparing source timestamps, which the unzip
# into the browser's file system does not keep. Saves compiling the app at every page load.
PRECOMPILE = r'''
import base64, importlib.util, json, os, py_compile
out = {}
for d, _, names in os.walk("/home/pyodide"):
    for name in names:
        if name.endswith(".py"):
            src = os.path.join(d, name)
            pyc = importlib.util.cache_from_source(src)
            py_compile.compile(src, cfile=pyc, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            out[os.path.relpath(pyc, "/home/pyodide")] = base64.b64encode(open(pyc, "rb").read()).decode()
RESULT = json.dumps(out)
'''


def precompiled(files: dict) -> dict:
    """relative .pyc path -> bytes for the app's modules, or {} if Pyodide can't run here
    (the page then compiles the sources itself, just a little slower)."""
    sys.path.insert(0, str(ROOT))
    from scripts import pyodide_node
    if pyodide_node.available():
        print(f"build: not precompiling ({pyodide_node.available()})")
        return {}
    try:
        texts = {name: path.read_text(encoding="utf-8") for name, path in files.items()}
        result = json.loads(pyodide_node.run(PRECOMPILE, timeout=300, files=texts))
    except (RuntimeError, ValueError, OSError) as e:
        print(f"build: not precompiling ({e})")
        return {}
    return {name: base64.b64decode(data) for name, data in result.items()}


def write_zip(path: Path, overlay: Path | None):
    files = dict(python_files(ROOT))
    if overlay:
        files.update(python_files(overlay))
    blobs = {name: p.read_bytes() for name, p in files.items()}
    blobs.update(precompiled(files))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(blobs):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blobs[name])
    return sorted(files)


def build(overlay: Path | None = None) -> Path:
    missing = [p for p in VENDOR_NEEDS if not (ROOT / p).exists()]
    if missing:
        sys.exit(f"build: {', '.join(missing)} missing; run scripts/setup.sh first")
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "web").mkdir(parents=True)
    shutil.copy2(ROOT / "index.html", DIST / "index.html")
    for rel in STATIC:
        shutil.copy2(ROOT / rel, DIST / rel)
    shutil.copytree(ROOT / "web/vendor", DIST / "web/vendor", ignore=shutil.ignore_patterns("*.map"))
    # Static tutorial pages (scripts/make_tutorial.py) embedding boards with ../index.html?embed=1&record=...
    shutil.copytree(ROOT / "tutorial", DIST / "tutorial")
    write_zip(DIST / "web/app.zip", overlay)
    # "interpreter" resolves against the page, "files" against this config file. Without "interpreter",
    # PyScript silently loads Pyodide from a CDN.
    config = {"interpreter": "./web/vendor/pyodide/pyodide.mjs", "files": {"./app.zip": "./*"}}
    (DIST / "web/pyscript.json").write_text(json.dumps(config, indent=2) + "\n")

    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (DIST / rel).read_bytes())
    sw = (ROOT / "web/sw.js").read_text()
    sw = sw.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(["./"] + [f"./{f}" for f in files]))
    (DIST / "sw.js").write_text(sw)
    return DIST


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--overlay", type=Path, help="directory of stand-in Python files (dev only)")
    args = ap.parse_args()
    out = build(args.overlay)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({size / 2**20:.1f} MiB)")


if __name__ == "__main__":
    main()

#!/bin/sh
# Idempotent machine setup: Debian packages (chromium, firefox-esr, webkit2gtk-driver, xvfb, node),
# a .venv with the Python test deps, the pinned npm runtime, and web/vendor. Safe to re-run; skips
# what is already in place.
# Never runs `playwright install` (browser downloads fail here; the tests use /usr/bin/chromium).
set -eu
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
need_apt=""
[ -x /usr/bin/chromium ] || need_apt="$need_apt chromium"
# The e2e smoke's other two engines (scripts/engines.py, docs/testing.md "Three engines"): Firefox ESR
# (WebDriver BiDi, served by Firefox itself) and WebKitGTK (WebKitWebDriver drives its MiniBrowser,
# which needs an X display: a private Xvfb). Debian's builds: no browser or driver is downloaded.
[ -x /usr/bin/firefox-esr ] || need_apt="$need_apt firefox-esr"
[ -x /usr/bin/WebKitWebDriver ] || need_apt="$need_apt webkit2gtk-driver"
[ -x /usr/bin/Xvfb ] || need_apt="$need_apt xvfb"
command -v npm >/dev/null 2>&1 || need_apt="$need_apt nodejs npm"
python3 -c "import ensurepip, venv" 2>/dev/null || need_apt="$need_apt python3-venv"
if [ -n "$need_apt" ]; then
    $SUDO apt-get update && $SUDO apt-get install -y $need_apt
fi

# A venv: Debian's system Python refuses pip installs (PEP 668). --system-site-packages lets a
# machine that already has the test deps (like the dev box) reuse them without network.
[ -x .venv/bin/python ] || python3 -m venv --system-site-packages .venv
# The project itself is installed editable (engine, web, bench, scripts, tests.support: importable
# from any folder, pyproject [tool.setuptools.packages.find]); -I leaves the current folder out of
# the check, so an install made for another checkout, or before a package was added, is redone.
HERE=$(pwd -P)
if ! .venv/bin/python -I -c "import os, engine, web, bench, scripts, tutorial, tests.support, pytest, playwright, pytest_playwright, babel, fontTools, brotli, xdist, importlinter, websockets
assert os.path.realpath(bench.__file__) == os.path.realpath('$HERE/bench/__init__.py')" 2>/dev/null \
        || ! [ -x .venv/bin/ruff ]; then
    .venv/bin/python -m pip install -e '.[test]'
fi

# npm ci only when the lock file changed since the last install.
STAMP=node_modules/.lock-sha256
LOCK_SHA=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$STAMP" 2>/dev/null)" != "$LOCK_SHA" ]; then
    npm ci --no-audit --no-fund
    echo "$LOCK_SHA" > "$STAMP"
fi

# Runtime files loadPyodide needs (it fetches its siblings from the pyodide.mjs folder).
mkdir -p web/vendor/pyodide
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    cp -p "node_modules/pyodide/$f" web/vendor/pyodide/
done
# PyScript's core.js lazily imports hashed chunks: keep all of its dist/ except source maps.
# An absolute destination: node_modules may be a symlink (a git worktree sharing one install), and
# a relative ../../../../web from inside it would land in the OTHER checkout's web/vendor.
DEST="$(pwd)/web/vendor/pyscript"
rm -rf "$DEST" && mkdir -p "$DEST"
(cd node_modules/@pyscript/core/dist && find . -type f ! -name '*.map' -exec cp -p --parents {} "$DEST/" \;)
# Hands on phones' QR codes (docs/pairing.md "QR codes"): lean-qr makes them; zxing-wasm's reader
# reads them where the browser has no BarcodeDetector. Loaded only when a device pairs.
mkdir -p web/vendor/qr
cp -p node_modules/lean-qr/index.mjs web/vendor/qr/lean-qr.mjs
cp -p node_modules/lean-qr/LICENSE web/vendor/qr/LICENSE-lean-qr
cp -p node_modules/zxing-wasm/dist/iife/reader/index.js web/vendor/qr/zxing-reader.js
cp -p node_modules/zxing-wasm/dist/reader/zxing_reader.wasm web/vendor/qr/
cp -p node_modules/zxing-wasm/LICENSE web/vendor/qr/LICENSE-zxing-wasm
echo "setup ok"

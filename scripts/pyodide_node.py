"""Run Python code inside the vendored Pyodide under Node, with the engine package.

Used by bench/ (speed side by side with CPython) and tests/ (same results in both
interpreters). Node loads Pyodide straight from node_modules (no browser needed).
"""

import json
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_DIR = os.path.join(ROOT, "node_modules", "pyodide")


def available() -> str | None:
    """None when Pyodide can run here, else the reason it cannot."""
    if not shutil.which("node"):
        return "node is not installed"
    if not os.path.isfile(os.path.join(PYODIDE_DIR, "pyodide.js")):
        return "node_modules/pyodide is missing (run npm ci)"
    return None


def _engine_files() -> dict:
    files = {}
    for dirpath, _, names in os.walk(os.path.join(ROOT, "engine")):
        for name in names:
            if name.endswith(".py"):
                full = os.path.join(dirpath, name)
                with open(full, encoding="utf-8") as fh:
                    files[os.path.relpath(full, ROOT)] = fh.read()
    return files


def run(code: str, timeout: int = 1800, files: dict | None = None) -> str:
    """Execute ``code`` in Pyodide with ``engine`` importable (or, when given, with
    ``files``: relative path -> text, written under Pyodide's working folder, its in-memory
    home, which is put first on ``sys.path``); it must set a global ``RESULT`` (a str), which is
    returned."""
    reason = available()
    if reason:
        raise RuntimeError(reason)
    js = f"""
const {{ loadPyodide }} = require({json.dumps(os.path.join(PYODIDE_DIR, "pyodide.js"))});
(async () => {{
  const py = await loadPyodide({{ indexURL: {json.dumps(PYODIDE_DIR + "/")} }});
  const files = {json.dumps(_engine_files() if files is None else files)};
  const home = py.FS.cwd();   // Pyodide's in-memory home (the code reads it as os.getcwd())
  for (const [path, text] of Object.entries(files)) {{
    let dir = home;
    for (const p of path.split('/').slice(0, -1)) {{ dir += '/' + p; try {{ py.FS.mkdir(dir); }} catch (e) {{}} }}
    py.FS.writeFile(home + '/' + path, text);
  }}
  py.runPython("import os, sys; sys.path.insert(0, os.getcwd())");
  py.runPython({json.dumps(code)});
  process.stdout.write(String(py.globals.get('RESULT')) + "\\n");
}})().catch(e => {{ console.error(String(e)); process.exit(1); }});
"""
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as fh:
        fh.write(js)
    try:
        proc = subprocess.run(["node", fh.name], capture_output=True, text=True, timeout=timeout)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        raise RuntimeError(f"Pyodide run failed: {proc.stderr.strip()[-800:]}")
    return proc.stdout.strip().splitlines()[-1]

"""Random Barcelona games per second, CPython and Pyodide (via Node) side by side.

Usage: python bench/barcelona_speed.py [games_per_count]
Prints one table; the ratio is Pyodide time / CPython time for the same games.
Targets (issue 2): >= 100 random 4-player games/s in CPython; Pyodide within 3x.
Never used as a timed assertion: machines here are shared and noisy.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

# The playout code runs verbatim in both interpreters.
PLAYOUT = r'''
import time
from engine import barcelona
from engine.core.rng import Rng

def bench(counts, games):
    out = {}
    for n in counts:
        t0 = time.perf_counter()
        actions = 0
        for seed in range(games):
            g = barcelona.new_game(n, seed)
            r = Rng(seed + 1000)
            while not g.is_over:
                legal = g.legal_actions()
                g.apply(legal[r.below(len(legal))])
                actions += 1
        dt = time.perf_counter() - t0
        out[n] = {"games_per_s": games / dt, "actions_per_s": actions / dt, "seconds": dt}
    return out
'''


def run_cpython(counts, games):
    ns = {}
    exec(PLAYOUT, ns)
    return ns["bench"](counts, games)


def run_pyodide(counts, games):
    pyodide_dir = os.path.join(ROOT, "node_modules", "pyodide")
    node = shutil.which("node")
    if not node or not os.path.isdir(pyodide_dir):
        return None, "node or node_modules/pyodide missing (run npm ci)"
    files = {}
    for dirpath, _, names in os.walk(os.path.join(ROOT, "engine")):
        for name in names:
            if name.endswith(".py"):
                full = os.path.join(dirpath, name)
                files[os.path.relpath(full, ROOT)] = open(full, encoding="utf-8").read()
    script = PLAYOUT + f"\nimport json\nRESULT = json.dumps(bench({counts!r}, {games}))\n"
    js = f"""
const {{ loadPyodide }} = require({json.dumps(os.path.join(pyodide_dir, "pyodide.js"))});
(async () => {{
  const py = await loadPyodide({{ indexURL: {json.dumps(pyodide_dir + "/")} }});
  const files = {json.dumps(files)};
  for (const [path, text] of Object.entries(files)) {{
    const parts = path.split('/'); let dir = '/home/pyodide';
    for (const p of parts.slice(0, -1)) {{ dir += '/' + p; try {{ py.FS.mkdir(dir); }} catch (e) {{}} }}
    py.FS.writeFile('/home/pyodide/' + path, text);
  }}
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  py.runPython({json.dumps(script)});
  console.log(py.globals.get('RESULT'));
}})().catch(e => {{ console.error(e); process.exit(1); }});
"""
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as fh:
        fh.write(js)
    try:
        proc = subprocess.run([node, fh.name], capture_output=True, text=True, timeout=1800)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        return None, proc.stderr.strip()[-500:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), None


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    counts = [2, 3, 4]
    cp = run_cpython(counts, games)
    py, err = run_pyodide(counts, games)
    print(f"Barcelona random playouts, {games} games per player count")
    print(f"{'players':>7} {'CPython games/s':>16} {'Pyodide games/s':>16} {'Pyodide/CPython time':>21}")
    for n in counts:
        c = cp[n]["games_per_s"]
        if py:
            p = py[str(n)]["games_per_s"]
            print(f"{n:>7} {c:>16.1f} {p:>16.1f} {c / p:>20.2f}x")
        else:
            print(f"{n:>7} {c:>16.1f} {'-':>16} {'-':>21}")
    if err:
        print("Pyodide run skipped:", err)
    print("targets: >= 100 4-player games/s in CPython; Pyodide within 3x")


if __name__ == "__main__":
    main()

"""Random-playout speed of one game, before/after and CPython/Pyodide side by side.

Shared by bench/barcelona_speed.py and bench/strasbourg_speed.py. The "before" engine is
``git show <ref>:engine/...`` (default ``main``), the "after" engine the working tree; both
are loaded into ONE interpreter in turn (the ``engine`` modules are dropped and the path
switched between rounds), alternating before/after, best of N rounds. Each round is timed
in process CPU time, not wall time: the machines here are shared and busy. CPython runs the
harness in a subprocess; Pyodide runs the very same harness under Node
(scripts/pyodide_node.py), where the CPU time is Node's ``process.cpuUsage()``.
Never a timed assertion.
"""

import json
import os
import subprocess
import sys
import tempfile

from scripts import pyodide_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# {play} is the game's loop: play(m, n, seed) -> number of actions of one random game.
HARNESS = r'''
import json, sys, time
try:                                   # Pyodide under Node: the Node process's CPU time
    from js import process as _proc
    def cpu():
        u = _proc.cpuUsage()
        return (u.user + u.system) / 1e6
    CLOCK = "node process.cpuUsage()"
except ImportError:
    cpu = time.process_time
    CLOCK = "time.process_time()"
from importlib import import_module

VARIANTS = {variants!r}                # label -> directory holding that engine/
COUNTS, GAMES, ROUNDS, GAME = {counts!r}, {games!r}, {rounds!r}, {game!r}
{play}

def load(root):
    for k in [k for k in sys.modules if k == "engine" or k.startswith("engine.")]:
        del sys.modules[k]
    sys.path[:] = [root] + [p for p in sys.path if p not in VARIANTS.values()]
    m = import_module("engine." + GAME)
    play(m, COUNTS[0], 0)              # the rules load with the first game; not timed
    return m

best = {{label: {{}} for label in VARIANTS}}
acts = {{label: {{}} for label in VARIANTS}}
for _ in range(ROUNDS):
    for label, root in VARIANTS.items():   # alternating before / after
        m = load(root)
        for n in COUNTS:
            t = cpu()
            a = sum(play(m, n, seed) for seed in range(GAMES))
            dt = cpu() - t
            best[label][n] = min(dt, best[label].get(n, dt))
            acts[label][n] = a
RESULT = json.dumps({{"best": best, "actions": acts, "clock": CLOCK, "version": sys.version.split()[0]}})
'''


def engine_files(ref=None) -> dict:
    """relative path -> text of engine/**.py: the working tree, or the git ``ref``."""
    if ref is None:
        return pyodide_node._engine_files()
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", ref, "engine"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    return {
        n: subprocess.run(["git", "show", f"{ref}:{n}"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
        for n in names
        if n.endswith(".py")
    }


def measure(game, play, counts, games, rounds, ref, pyodide=True):
    trees = {"before": engine_files(ref), "after": engine_files()}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:  # CPython: the trees on disk
        for label, files in trees.items():
            for rel, text in files.items():
                path = os.path.join(tmp, label, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
        code = HARNESS.format(
            variants={k: os.path.join(tmp, k) for k in trees},
            counts=counts,
            games=games,
            rounds=rounds,
            game=game,
            play=play,
        )
        proc = subprocess.run([sys.executable, "-c", code + "\nprint(RESULT)"], capture_output=True, text=True, cwd=tmp)
        if proc.returncode:
            raise RuntimeError(proc.stderr[-2000:])
        out["CPython"] = json.loads(proc.stdout.strip().splitlines()[-1])
    reason = pyodide_node.available() if pyodide else "--cpython-only"
    if reason:
        out["Pyodide"] = reason
    else:  # Pyodide: the trees in its file system
        files = {f"{label}/{rel}": text for label, fs in trees.items() for rel, text in fs.items()}
        # each tree's folder, relative to Pyodide's working folder where pyodide_node.run wrote it
        code = HARNESS.format(
            variants={k: k for k in trees}, counts=counts, games=games, rounds=rounds, game=game, play=play
        )
        try:
            out["Pyodide"] = json.loads(pyodide_node.run(code, files=files))
        except RuntimeError as e:
            out["Pyodide"] = str(e)
    return out


def report(title, out, counts, games, rounds, ref, target):
    print(
        f"{title}: random playouts, {games} games per player count, best of {rounds} rounds, "
        f"'before' = {ref}, 'after' = working tree"
    )
    for interp, r in out.items():
        if isinstance(r, str):
            print(f"{interp}: not run ({r})")
    got = {k: v for k, v in out.items() if not isinstance(v, str)}
    head = f"{'players':>7}"
    for interp in got:
        head += f" {interp + ' before':>16} {interp + ' after':>15} {'speed-up':>8}"
    if len(got) == 2:
        head += f" {'Pyodide/CPython time':>21}"
    print(head + "   (games/s, CPU time)")
    for n in counts:
        line = f"{n:>7}"
        rate = {}
        for interp, r in got.items():
            b, a = (games / r["best"][v][str(n)] for v in ("before", "after"))
            rate[interp] = a
            line += f" {b:>16.1f} {a:>15.1f} {a / b:>7.2f}x"
        if len(got) == 2:
            line += f" {rate['CPython'] / rate['Pyodide']:>20.2f}x"
        print(line)
    for interp, r in got.items():
        same = r["actions"]["before"] == r["actions"]["after"]
        print(
            f"{interp} {r['version']} ({r['clock']}): before/after played "
            f"{'the same games' if same else 'DIFFERENT games'} {r['actions']['after']}"
        )
    if len(got) == 2:
        same = got["CPython"]["actions"]["after"] == got["Pyodide"]["actions"]["after"]
        print(f"CPython/Pyodide: {'the same games' if same else 'DIFFERENT games'} (determinism check)")
    print("target:", target)


def main(title, game, play, counts, default_games, target):
    args = sys.argv[1:]
    ref = "main"
    if "--ref" in args:
        i = args.index("--ref")
        ref = args[i + 1]
        del args[i : i + 2]
    pyodide = "--cpython-only" not in args
    args = [a for a in args if a != "--cpython-only"]
    games = int(args[0]) if args else default_games
    rounds = int(args[1]) if len(args) > 1 else 3
    out = measure(game, play, counts, games, rounds, ref, pyodide)
    report(title, out, counts, games, rounds, ref, target)

"""Random Barcelona games per second: before/after and CPython/Pyodide side by side.

Usage: python bench/barcelona_speed.py [games_per_count [rounds]] [--ref main] [--cpython-only]
'before' is the engine of git ``ref`` (default main), 'after' the working tree; both run in
the same interpreter, alternating, best of ``rounds``, in process CPU time (bench/_speed.py).
Targets: >= 400 random 4-player games/s in CPython; Pyodide within 2x. 1 player is the
solo game against Gaudí (his turns run inside the person's actions).
Never used as a timed assertion: machines here are shared and noisy.
"""

from bench._speed import main

# The playout runs verbatim in both interpreters and both engines.
PLAY = r'''
def play(m, n, seed):
    from engine.core.rng import Rng       # the engine loaded now (before or after)
    g = m.new_game(n, seed, layout="shuffled")   # the same games before and after the default changed
    r = Rng(seed + 1000)
    k = 0
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
        k += 1
    return k
'''

if __name__ == "__main__":
    main(
        "Barcelona",
        "barcelona",
        PLAY,
        [1, 2, 3, 4],
        30,  # 1: the solo game against Gaudí
        ">= 400 4-player games/s in CPython; Pyodide within 2x",
    )

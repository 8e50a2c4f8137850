"""Random Strasbourg games per second: before/after and CPython/Pyodide side by side.

Usage: python bench/strasbourg_speed.py [games_per_count [rounds]] [--ref main] [--cpython-only]
'before' is the engine of git ``ref`` (default main), 'after' the working tree; both run in
the same interpreter, alternating, best of ``rounds``, in process CPU time (bench/_speed.py).
Uniform random legal actions, seeds 0..games-1, 3, 4 and 5 players; also checks that every
variant and both interpreters played exactly the same games.
Targets: >= 1,200 random 4-player games/s in CPython; Pyodide within 2x.
Never a timed assertion.
"""

from bench._speed import main

PLAY = r'''
def play(m, n, seed):
    from engine.core.rng import Rng       # the engine loaded now (before or after)
    g = m.new_game(n, seed)
    r = Rng(seed + 1000)
    k = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[r.below(len(acts))])
        k += 1
    return k
'''

if __name__ == "__main__":
    main("Strasbourg", "strasbourg", PLAY, [3, 4, 5], 60, ">= 1,200 4-player games/s in CPython; Pyodide within 2x")

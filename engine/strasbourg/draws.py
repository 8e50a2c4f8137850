"""The set-up's shuffles, drawn all at once: the same draws as ``Rng.shuffle`` on each list in
turn (engine/core/rng.py), for a fraction of the cost.

Why: a new game shuffles two round-board lists, a 24-card deck per seat and the task cards, about
125 draws of ``Rng.below``, each a dozen operations on 64-bit ints (about 7 % of a random game,
bench/strasbourg_speed.py), so all the draws are computed side by side
(``engine.core.rng.outputs``: one operation on one big int per step instead of one per draw).
A draw that ``Rng.below`` would reject (z at or above its limit: about 1 in 2**58 here) would
shift the later draws, so then the lists are shuffled by the Rng itself, one by one.
"""

from operator import mod

from ..core.rng import GAMMA as _GAMMA, Rng, outputs

_MASK = (1 << 64) - 1
# Below this every bound up to 64 accepts the draw: Rng.below's limit is MASK - MASK % n > MASK - 64.
_SAFE = _MASK - 64

_BOUNDS: dict = {}  # list sizes -> the bound of each draw of their shuffles, in order


def _bounds(sizes):
    bounds = _BOUNDS.get(sizes)
    if bounds is None:
        bounds = _BOUNDS[sizes] = tuple(i + 1 for size in sizes for i in range(size - 1, 0, -1))
    return bounds


def shuffle_all(rng: Rng, lists) -> None:
    """``rng.shuffle(lst)`` for each list in turn: the same orders, the same state after."""
    k = sum(len(lst) - 1 for lst in lists if lst)
    if k == 0:
        return
    zs = outputs(rng.state, k)
    if max(zs) > _SAFE or max(map(len, lists)) > 64:
        for lst in lists:  # a rejected draw (or a bound past _SAFE): the Rng's own way
            rng.shuffle(lst)
        return
    it = iter(map(mod, zs, _bounds(tuple(map(len, lists)))))  # j = below(i + 1), in C
    for lst in lists:
        for i, j in zip(range(len(lst) - 1, 0, -1), it):  # zip asks the range first: none lost
            lst[i], lst[j] = lst[j], lst[i]
    rng.state = (rng.state + k * _GAMMA) & _MASK

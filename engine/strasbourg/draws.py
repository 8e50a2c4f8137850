"""The set-up's shuffles, drawn all at once: the same draws as ``Rng.shuffle`` on each list in
turn (engine/core/rng.py), for a fraction of the cost.

Why: a new game shuffles two round-board lists, a 24-card deck per seat and the task cards, about
125 draws of ``Rng.below``, each a dozen operations on 64-bit ints (about 7 % of a random game,
bench/strasbourg_speed.py). SplitMix64's n-th state is ``seed + n * GAMMA`` (mod 2**64), so all
the draws are computed side by side in one big int, one 128-bit lane per draw: every lane's
value stays below 2**64 between steps and its product with a 64-bit constant below 2**128, so no
lane spills into the next, and each step is one operation on the whole int instead of one per
draw. A draw that ``Rng.below`` would reject (z at or above its limit: about 1 in 2**58 here)
would shift the later draws, so then the lists are shuffled by the Rng itself, one by one.
"""
from operator import mod
from struct import unpack

from ..core.rng import Rng

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_C1 = 0xBF58476D1CE4E5B9
_C2 = 0x94D049BB133111EB
# Below this every bound up to 64 accepts the draw: Rng.below's limit is MASK - MASK % n > MASK - 64.
_SAFE = _MASK - 64

_LANES: dict = {}       # k -> (one 1 per lane, lane i = (i + 1) * GAMMA, the 64-bit mask per lane)


def _lanes(k):
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum((i + 1) << (128 * i) for i in range(k)) * _GAMMA
    lanes = _LANES[k] = (ones, steps, ones * _MASK)
    return lanes


_BOUNDS: dict = {}      # list sizes -> the bound of each draw of their shuffles, in order


def _bounds(sizes):
    bounds = _BOUNDS.get(sizes)
    if bounds is None:
        bounds = _BOUNDS[sizes] = tuple(i + 1 for size in sizes for i in range(size - 1, 0, -1))
    return bounds


def _outputs(state, k):
    """The next k outputs of SplitMix64 from ``state`` (Rng.below's z before the modulo)."""
    ones, steps, mask = _LANES.get(k) or _lanes(k)
    z = (state * ones + steps) & mask                   # lane i: the state of draw i
    z = (((z ^ (z >> 30)) & mask) * _C1) & mask
    z = (((z ^ (z >> 27)) & mask) * _C2) & mask
    z = (z ^ (z >> 31)) & mask
    return unpack(f"<{2 * k}Q", z.to_bytes(16 * k, "little"))[::2]


def shuffle_all(rng: Rng, lists) -> None:
    """``rng.shuffle(lst)`` for each list in turn: the same orders, the same state after."""
    k = sum(len(lst) - 1 for lst in lists if lst)
    if k == 0:
        return
    zs = _outputs(rng.state, k)
    if max(zs) > _SAFE or max(map(len, lists)) > 64:
        for lst in lists:           # a rejected draw (or a bound past _SAFE): the Rng's own way
            rng.shuffle(lst)
        return
    it = iter(map(mod, zs, _bounds(tuple(map(len, lists)))))     # j = below(i + 1), in C
    for lst in lists:
        for i, j in zip(range(len(lst) - 1, 0, -1), it):    # zip asks the range first: none lost
            lst[i], lst[j] = lst[j], lst[i]
    rng.state = (rng.state + k * _GAMMA) & _MASK

"""The set-up's random draws, computed all at once: the same draws as ``Rng.shuffle``,
``Rng.sample`` and ``Rng.below`` in the set-up's order (engine/core/rng.py), for a fraction of
the cost (the same idea as engine/strasbourg/draws.py, kept here: the games share no module).

SplitMix64's n-th state is ``seed + n * GAMMA`` (mod 2**64) and a draw's output does not depend
on its bound, so the outputs of every draw the set-up may make (about 150) are computed side by
side in one big int, one 128-bit lane per draw (a lane's value stays below 2**64 between steps and
its product with a 64-bit constant below 2**128: no lane spills into the next). ``Rng.below``
rejects an output at or above MASK - MASK % n; every output here is checked to be below
MASK - 128, which every bound up to 128 accepts; otherwise the set-up uses the Rng itself.
"""
from operator import mod
from struct import unpack

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_C1 = 0xBF58476D1CE4E5B9
_C2 = 0x94D049BB133111EB
MAX_BOUND = 128
_SAFE = _MASK - MAX_BOUND      # below this every bound up to MAX_BOUND accepts the draw

_LANES: dict = {}       # k -> (one 1 per lane, lane i = (i + 1) * GAMMA, the 64-bit mask per lane)


def _lanes(k):
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum((i + 1) << (128 * i) for i in range(k)) * _GAMMA
    lanes = _LANES[k] = (ones, steps, ones * _MASK)
    return lanes


def outputs(state, k):
    """The next k outputs of SplitMix64 from ``state`` (Rng.below's z before the modulo)."""
    ones, steps, mask = _LANES.get(k) or _lanes(k)
    z = (state * ones + steps) & mask                   # lane i: the state of draw i
    z = (((z ^ (z >> 30)) & mask) * _C1) & mask
    z = (((z ^ (z >> 27)) & mask) * _C2) & mask
    z = (z ^ (z >> 31)) & mask
    return unpack(f"<{2 * k}Q", z.to_bytes(16 * k, "little"))[::2]


class Draws:
    """Stands in for the Rng during the set-up: ``shuffle``, ``sample`` and ``below`` as the
    Rng's, reading the precomputed outputs in order; ``used`` draws advance the Rng after."""
    __slots__ = ("zs", "used")

    def __init__(self, zs):
        self.zs = zs
        self.used = 0

    def shuffle(self, lst) -> None:
        n = len(lst)
        if n < 2:
            return
        k = self.used
        self.used = k + n - 1
        # j = below(i + 1) for i from n - 1 down to 1, the modulos in C
        for i, j in zip(range(n - 1, 0, -1), map(mod, self.zs[k:k + n - 1], range(n, 1, -1))):
            lst[i], lst[j] = lst[j], lst[i]

    def sample(self, seq, k) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def below(self, n) -> int:
        k = self.used
        self.used = k + 1
        return self.zs[k] % n


def setup_draws(rng, k):
    """A ``Draws`` for at most ``k`` draws from ``rng`` (bounds up to MAX_BOUND), or None when one
    of those outputs could be rejected by ``Rng.below`` (about 1 in 2**50): then use the Rng."""
    zs = outputs(rng.state, k)
    if max(zs) > _SAFE:
        return None
    return Draws(zs)


def advance(rng, draws) -> None:
    """The Rng's state after the draws used (as if it had made them)."""
    rng.state = (rng.state + draws.used * _GAMMA) & _MASK

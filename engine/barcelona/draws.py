"""The set-up's random draws, computed all at once: the same draws as ``Rng.shuffle``,
``Rng.sample`` and ``Rng.below`` in the set-up's order (engine/core/rng.py), for a fraction of
the cost: the outputs of every draw the set-up may make (about 150) are computed side by side
(``engine.core.rng.outputs``; Strasbourg's set-up does the same, engine/strasbourg/draws.py).
``Rng.below`` rejects an output at or above MASK - MASK % n; every output here is checked to be
below MASK - 128, which every bound up to 128 accepts; otherwise the set-up uses the Rng itself.
"""

from operator import mod

from ..core.rng import GAMMA as _GAMMA, outputs

_MASK = (1 << 64) - 1
MAX_BOUND = 128
_SAFE = _MASK - MAX_BOUND  # below this every bound up to MAX_BOUND accepts the draw


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
        for i, j in zip(range(n - 1, 0, -1), map(mod, self.zs[k : k + n - 1], range(n, 1, -1))):
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

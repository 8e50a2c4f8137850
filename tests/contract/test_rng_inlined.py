"""engine/core/rng.py inlines SplitMix64's step into ``below`` and ``shuffle`` for speed (every
draw of every game goes through them). The draws must stay exactly those of the plain
definitions below — ``next64`` then rejection sampling, Fisher-Yates from the end — or every
saved game would replay differently."""
from engine.core.rng import _MASK, Rng


def plain_below(rng, n):
    limit = _MASK - (_MASK % n)
    while True:
        z = rng.next64()
        if z < limit:
            return z % n


def plain_shuffle(rng, lst):
    for i in range(len(lst) - 1, 0, -1):
        j = plain_below(rng, i + 1)
        lst[i], lst[j] = lst[j], lst[i]


# Bounds near 2**64 reject about half of the draws: the retry path is taken many times.
BOUNDS = [1, 2, 3, 7, 10, 52, 1000, 2**63 + 1, 2**64 - 3, (2**64) // 3 * 2]


def test_below_draws_what_next64_with_rejection_draws():
    for seed in (0, 1, 42, 2**64 - 1, 123456789):
        fast, plain = Rng(seed), Rng(seed)
        for k in range(3000):
            n = BOUNDS[k % len(BOUNDS)]
            assert fast.below(n) == plain_below(plain, n), (seed, k, n)
            assert fast.state == plain.state


def test_shuffle_is_fisher_yates_over_below():
    for seed in range(40):
        fast, plain = Rng(seed), Rng(seed)
        for size in (0, 1, 2, 5, 17, 60):
            a, b = list(range(size)), list(range(size))
            fast.shuffle(a)
            plain_shuffle(plain, b)
            assert a == b and fast.state == plain.state, (seed, size)

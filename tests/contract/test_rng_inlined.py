"""engine/core/rng.py computes SplitMix64's outputs a batch at a time, side by side, and reads
them in ``below``, ``shuffle`` and ``next64`` for speed (every draw of every game goes through
them). The draws must stay exactly those of the plain definitions below — SplitMix64's step,
rejection sampling, Fisher-Yates from the end — or every saved game would replay differently."""

import copy
import pickle

from engine.core.rng import _MASK, Rng


class Plain:
    """SplitMix64 written out, one output at a time (Steele, Lea and Flood 2014)."""

    def __init__(self, seed):
        self.state = seed & _MASK

    def next64(self):
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


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
        fast, plain = Rng(seed), Plain(seed)
        for k in range(3000):
            n = BOUNDS[k % len(BOUNDS)]
            assert fast.below(n) == plain_below(plain, n), (seed, k, n)
            assert fast.state == plain.state


def test_shuffle_is_fisher_yates_over_below():
    for seed in range(40):
        fast, plain = Rng(seed), Plain(seed)
        for size in (0, 1, 2, 5, 17, 60):
            a, b = list(range(size)), list(range(size))
            fast.shuffle(a)
            plain_shuffle(plain, b)
            assert a == b and fast.state == plain.state, (seed, size)


def test_known_outputs_of_seed_zero():
    # SplitMix64's published first outputs for seed 0 (the reference C code's test vector)
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_state_copy_pickle_and_set_mid_batch():
    """The batch is a cache: the state, a copy, a pickled Rng and a state set by hand all go on
    with the same stream as the plain definition, at any point of a batch (reads across the
    first batch of 8 and the doubling ones)."""
    for used in (0, 1, 7, 8, 9, 23, 24, 25, 100, 200):
        fast, plain = Rng(77), Plain(77)
        for _ in range(used):
            assert fast.next64() == plain.next64()
        assert fast.state == plain.state
        twins = [fast.copy(), copy.deepcopy(fast), pickle.loads(pickle.dumps(fast))]
        again = Rng(0)
        again.state = fast.state
        twins.append(again)
        expected = [plain.next64() for _ in range(90)]
        for r in [fast] + twins:
            assert [r.next64() for _ in range(90)] == expected, used

"""A small seeded PRNG whose whole state is one integer kept in the game state.

Why not ``random.Random``: its state is a 625-word tuple (slow to clone, big in
saves) and we want bit-identical draws on CPython 3.11 and Pyodide's 3.14 by
construction, not by CPython's compatibility promises. SplitMix64 is tiny,
well studied and has no bad seeds.
"""

from struct import unpack

_MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15      # the state's step per draw
# The rejection limit of below(n) for the small bounds (shuffles, option counts), a table:
# two big-int operations fewer per draw.
_LIMITS = tuple(_MASK - (_MASK % n) if n else 0 for n in range(64))


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias. (``next64`` inlined, the state kept
        in a local until the draw is accepted: every shuffle, draw and random playout step
        comes through here.)"""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _LIMITS[n] if n < 64 else 0xFFFFFFFFFFFFFFFF - (0xFFFFFFFFFFFFFFFF % n)
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, lst: list) -> None:
        """Fisher-Yates in place: j = below(i + 1) for i from the end down to 1, with
        ``below`` inlined (the same draws; a game's setup shuffles decks and bags: hot)."""
        s = self.state
        for i in range(len(lst) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 64 else 0xFFFFFFFFFFFFFFFF - (0xFFFFFFFFFFFFFFFF % n)
            while True:
                s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            lst[i], lst[j] = lst[j], lst[i]
        self.state = s

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def copy(self) -> "Rng":
        r = Rng(0)
        r.state = self.state
        return r


# ----- many outputs at once (the games' set-ups: engine/barcelona/draws.py, engine/strasbourg/draws.py)
# SplitMix64's n-th state is ``seed + n * GAMMA`` (mod 2**64) and a draw's output does not depend
# on its bound, so the outputs of k draws are computed side by side in one big int, one 128-bit
# lane per draw: a lane's value stays below 2**64 between steps and its product with a 64-bit
# constant below 2**128, so no lane spills into the next, and each step is one operation on the
# whole int instead of one per draw. A set-up's ~125-150 draws cost a fraction of ``below``'s.
_LANES: dict = {}       # k -> (one 1 per lane, lane i = (i + 1) * GAMMA, the 64-bit mask per lane)


def _lanes(k):
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum((i + 1) << (128 * i) for i in range(k)) * GAMMA
    lanes = _LANES[k] = (ones, steps, ones * _MASK)
    return lanes


def outputs(state, k):
    """The next k outputs of the stream from ``state`` (``Rng.below``'s z before its rejection
    check and modulo); the Rng's state after them is ``(state + k * GAMMA) & MASK``."""
    ones, steps, mask = _LANES.get(k) or _lanes(k)
    z = (state * ones + steps) & mask                   # lane i: the state of draw i
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z = (z ^ (z >> 31)) & mask
    return unpack(f"<{2 * k}Q", z.to_bytes(16 * k, "little"))[::2]

"""A small seeded PRNG whose whole state is one integer kept in the game state.

Why not ``random.Random``: its state is a 625-word tuple (slow to clone, big in
saves) and we want bit-identical draws on CPython 3.11 and Pyodide's 3.14 by
construction, not by CPython's compatibility promises. SplitMix64 is tiny,
well studied and has no bad seeds.
"""

_MASK = (1 << 64) - 1
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

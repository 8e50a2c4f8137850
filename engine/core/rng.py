"""A small seeded PRNG whose whole state is one integer kept in the game state.

Why not ``random.Random``: its state is a 625-word tuple (slow to clone, big in
saves) and we want bit-identical draws on CPython 3.11 and Pyodide's 3.14 by
construction, not by CPython's compatibility promises. SplitMix64 is tiny,
well studied and has no bad seeds.
"""

from struct import unpack

_MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15  # the state's step per draw
# The rejection limit of below(n) for the small bounds (shuffles, option counts), a table:
# two big-int operations fewer per draw.
_LIMITS = tuple(_MASK - (_MASK % n) if n else 0 for n in range(64))
_FIRST, _BATCH = 8, 64  # a fresh Rng's first batch of outputs, and the largest
_new = object.__new__


class Rng:
    """SplitMix64. The whole state is one int, ``state`` (the stream's position); the next
    outputs are computed a batch at a time, side by side (``outputs``), and kept with it:
    ``_base`` is the state before the batch ``_buf`` and ``_pos`` how many of it are used.
    One draw made alone costs a dozen operations on 64-bit ints; read from a batch, about a
    quarter of that (every shuffle, citizen draw and random playout step comes through here)."""

    __slots__ = ("_base", "_pos", "_buf")

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self._base = seed & _MASK
        self._pos = 0
        self._buf = ()

    @property
    def state(self) -> int:
        """The stream's position: the state SplitMix64 would hold after the draws made."""
        return (self._base + self._pos * GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._base = value & _MASK
        self._pos = 0
        self._buf = ()

    def _refill(self, used) -> tuple:
        """The next batch, ``used`` outputs of the current one being used: small for a fresh Rng
        (a game or a playout may need only a few draws), doubling up to _BATCH."""
        buf = self._buf
        base = self._base = (self._base + used * GAMMA) & _MASK
        self._pos = 0
        k = len(buf) * 2
        buf = self._buf = outputs(base, _BATCH if k > _BATCH else k if k > _FIRST else _FIRST)
        return buf

    def next64(self) -> int:
        i = self._pos
        buf = self._buf
        if i == len(buf):
            buf = self._refill(i)
            i = 0
        self._pos = i + 1
        return buf[i]

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias: the next output below the largest
        multiple of n (rejected ones are used up, as in the plain definition)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _LIMITS[n] if n < 64 else 0xFFFFFFFFFFFFFFFF - (0xFFFFFFFFFFFFFFFF % n)
        i = self._pos
        buf = self._buf
        while True:
            if i == len(buf):
                buf = self._refill(i)
                i = 0
            z = buf[i]
            i += 1
            if z < limit:
                self._pos = i
                return z % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, lst: list) -> None:
        """Fisher-Yates in place: j = below(i + 1) for i from the end down to 1 (``below``
        inlined: the same draws)."""
        i = self._pos
        buf = self._buf
        for m in range(len(lst) - 1, 0, -1):
            n = m + 1
            limit = _LIMITS[n] if n < 64 else 0xFFFFFFFFFFFFFFFF - (0xFFFFFFFFFFFFFFFF % n)
            while True:
                if i == len(buf):
                    buf = self._refill(i)
                    i = 0
                z = buf[i]
                i += 1
                if z < limit:
                    break
            j = z % n
            lst[m], lst[j] = lst[j], lst[m]
        self._pos = i

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def __reduce__(self):  # pickled (the bot worker's masked state) as its one int
        return (_at_state, (self.state,))

    def copy(self) -> "Rng":
        r = _new(Rng)
        r._base = self._base
        r._pos = self._pos
        r._buf = self._buf  # a tuple: shared
        return r


def _at_state(state) -> Rng:
    r = Rng(0)
    r.state = state
    return r


# ----- many outputs at once (the games' set-ups: engine/barcelona/draws.py, engine/strasbourg/draws.py)
# SplitMix64's n-th state is ``seed + n * GAMMA`` (mod 2**64) and a draw's output does not depend
# on its bound, so the outputs of k draws are computed side by side in one big int, one 128-bit
# lane per draw: a lane's value stays below 2**64 between steps and its product with a 64-bit
# constant below 2**128, so no lane spills into the next, and each step is one operation on the
# whole int instead of one per draw. A set-up's ~125-150 draws cost a fraction of ``below``'s.
_LANES: dict = {}  # k -> (one 1 per lane, lane i = (i + 1) * GAMMA, the 64-bit mask per lane)
_FORMATS: dict = {}  # k -> the struct format reading k lanes' low halves


def _lanes(k):
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum((i + 1) << (128 * i) for i in range(k)) * GAMMA
    lanes = _LANES[k] = (ones, steps, ones * _MASK)
    return lanes


def outputs(state, k):
    """The next k outputs of the stream from ``state`` (``Rng.below``'s z before its rejection
    check and modulo); the Rng's state after them is ``(state + k * GAMMA) & MASK``."""
    ones, steps, mask = _LANES.get(k) or _lanes(k)
    z = (state * ones + steps) & mask  # lane i: the state of draw i
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z = (z ^ (z >> 31)) & mask
    fmt = _FORMATS.get(k) or _FORMATS.setdefault(k, "<" + "Q8x" * k)  # a lane's low 8 bytes
    return unpack(fmt, z.to_bytes(16 * k, "little"))

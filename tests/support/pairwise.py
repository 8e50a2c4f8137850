"""The pairwise rate of one computer level against another (bench/bots.py reports it; its
docstring says why): in every game, every (A seat, B seat) pair is one comparison of final scores
(1 if A's is higher, 1/2 if equal, 0 if lower); a game's share is the mean over its pairs; the
rate is the mean share over the games, with Wilson's 95% interval over games (one observation per
game, not per pair) and a normal interval from the shares' sample variance."""

import math


def pair_share(scores, a_seats):
    """One game's pairwise share for level A: over every (A seat, B seat) pair, 1 if A's final
    score is higher, 1/2 if equal, 0 if lower; the mean over the pairs (None without a pair).
    ``a_seats``: the seats of level A; every other seat is level B."""
    a_set = set(a_seats)
    b_seats = [s for s in range(len(scores)) if s not in a_set]
    pairs = [(scores[a] > scores[b]) + 0.5 * (scores[a] == scores[b]) for a in a_seats for b in b_seats]
    return sum(pairs) / len(pairs) if pairs else None


def pairwise(games, z=1.96):
    """The pairwise rate over games: ``games`` is a list of (scores, a_seats), one per game.
    Returns (rate, wilson_lo, wilson_hi, normal_lo, normal_hi, games): the mean per-game share;
    Wilson's interval with n = games on that mean (conservative: a share in [0, 1] has variance
    at most p(1-p)); a normal interval from the shares' sample variance (mean +- z sd/sqrt(n))."""
    shares = [x for x in (pair_share(sc, a) for sc, a in games) if x is not None]
    n = len(shares)
    if n == 0:
        nan = float("nan")
        return nan, nan, nan, nan, nan, 0
    p = sum(shares) / n
    lo, hi = wilson(p, n, z)
    var = sum((x - p) ** 2 for x in shares) / (n - 1) if n > 1 else 0.0
    h = z * math.sqrt(var / n)
    return p, lo, hi, max(0.0, p - h), min(1.0, p + h), n


def wilson(p, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h

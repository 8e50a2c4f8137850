"""The pairwise (heads-up equivalent) rate bench/bots.py reports (tests/support/pairwise.py), on
hand-made final scores: every (A seat, B seat) pair of a game is one comparison (a tie a half), a
game's share is the mean over its pairs, and the interval is over games (one observation per
game), not over pairs."""

import math

import pytest

from tests.support import pairwise as pw


def test_share_counts_every_pair_ties_as_half():
    # A in seat 1 (30): beats 20 and 10, ties 30, loses to 40 -> (1 + 1 + 0.5 + 0) / 4
    assert pw.pair_share([20, 30, 10, 30, 40], [1]) == pytest.approx(2.5 / 4)
    assert pw.pair_share([50, 10, 10], [0]) == 1.0
    assert pw.pair_share([5, 10, 10], [0]) == 0.0
    assert pw.pair_share([7, 7], [1]) == 0.5  # heads-up tie
    assert pw.pair_share([7, 7], []) is None  # no pair, no share


def test_share_with_several_a_seats():
    # A at seats 0 and 2 (40, 10) against B at 1 and 3 (20, 10): 40>20, 40>10, 10<20, 10=10
    assert pw.pair_share([40, 20, 10, 10], [0, 2]) == pytest.approx(2.5 / 4)


def test_not_the_win_rate():
    # A second of five in every game: never wins, yet beats three of the four others
    games = [([10, 20, 30, 40, 35], [4]), ([35, 40, 10, 20, 30], [0])]
    rate, lo, hi, nlo, nhi, n = pw.pairwise(games)
    assert n == 2 and rate == pytest.approx(0.75)
    assert nlo == pytest.approx(0.75) and nhi == pytest.approx(0.75)  # no spread between games
    assert lo < 0.75 < hi  # Wilson does not collapse


def test_interval_is_over_games_not_pairs():
    # 100 five-player games, A beats all four in half the games and none in the other half:
    # 400 pairs, but only 100 observations. The interval is Wilson's with n = 100 games.
    games = [([9, 1, 1, 1, 1], [0]) if k % 2 else ([0, 1, 1, 1, 1], [0]) for k in range(100)]
    rate, lo, hi, nlo, nhi, n = pw.pairwise(games)
    assert n == 100 and rate == pytest.approx(0.5)
    assert (lo, hi) == pytest.approx(pw.wilson(0.5, 100))
    assert hi - lo > 0.18  # n = 400 pairs would give about 0.098
    # the normal interval from the shares' sample sd (here 0.5025): 0.5 +- 1.96 * 0.5025 / 10
    half = 1.96 * math.sqrt(sum((x - 0.5) ** 2 for x in [0.0, 1.0] * 50) / 99) / 10
    assert (nlo, nhi) == pytest.approx((0.5 - half, 0.5 + half))


def test_wilson_is_conservative_for_shares_strictly_inside():
    # every game's share 3/4: the sample variance is 0, Wilson's interval still has width
    games = [([1, 2, 3, 0, 3], [2])] * 50  # 3 beats 1, 2, 0 and ties 3: (3 + 0.5) / 4
    rate, lo, hi, nlo, nhi, n = pw.pairwise(games)
    assert rate == pytest.approx(3.5 / 4)
    assert (lo, hi) == pytest.approx(pw.wilson(3.5 / 4, 50))
    assert nlo == nhi == pytest.approx(3.5 / 4)


def test_no_games():
    rate, *_, n = pw.pairwise([])
    assert n == 0 and math.isnan(rate)

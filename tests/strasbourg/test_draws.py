"""engine/strasbourg/draws.py: the set-up's shuffles drawn at once are Rng.shuffle's, list by list
(issue 9: a speed change, never a change of any game)."""

import random

from engine.core.rng import Rng
from engine.strasbourg import draws


def _both(seed, lists):
    a, b = Rng(seed), Rng(seed)
    la, lb = [x[:] for x in lists], [x[:] for x in lists]
    for x in la:
        a.shuffle(x)
    draws.shuffle_all(b, lb)
    return (la, a.state, a.below(1000)), (lb, b.state, b.below(1000))


def test_shuffle_all_is_rng_shuffle_list_by_list():
    r = random.Random(5)
    for t in range(1500):
        seed = r.getrandbits(64) if t % 2 else t
        lists = [list(range(r.randrange(0, 30))) for _ in range(r.randrange(1, 8))]
        want, got = _both(seed, lists)
        assert got == want, (seed, [len(x) for x in lists])


def test_a_draw_rng_below_would_reject_falls_back_to_the_rng(monkeypatch):
    monkeypatch.setattr(draws, "_SAFE", -1)  # every draw looks rejectable
    want, got = _both(12345, [list(range(5)), list(range(24)), list(range(25))])
    assert got == want

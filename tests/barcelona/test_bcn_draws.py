"""engine/barcelona/draws.py and engine.core.rng.outputs: the set-up's draws computed at once are
the Rng's own, in order, and leave the Rng where its own draws would (issue 9: a speed change,
never a change of any game; the record fixtures replay whole games on top of this)."""

import random

from engine.barcelona import draws
from engine.core.rng import Rng, outputs


def test_outputs_are_the_streams_next_draws():
    r = random.Random(7)
    for t in range(200):
        seed = r.getrandbits(64) if t % 2 else t
        k = r.randrange(1, 160)
        a = Rng(seed)
        assert list(outputs(a.state, k)) == [a.next64() for _ in range(k)]


def test_draws_shuffle_sample_and_below_are_the_rngs():
    r = random.Random(11)
    for t in range(500):
        seed = r.getrandbits(64) if t % 2 else t
        plan = [(r.choice("sbx"), r.randrange(0, 40)) for _ in range(r.randrange(1, 8))]
        k = sum(max(n - 1, 0) if op in "sx" else 1 for op, n in plan)
        if k == 0:
            continue
        a, b = Rng(seed), Rng(seed)
        d = draws.setup_draws(b, k)
        assert d is not None
        for op, n in plan:
            if op == "s":
                la, lb = list(range(n)), list(range(n))
                a.shuffle(la)
                d.shuffle(lb)
                assert la == lb
            elif op == "x":
                assert a.sample(range(n), n // 2) == d.sample(range(n), n // 2)
            else:
                assert a.below(n + 1) == d.below(n + 1)
        draws.advance(b, d)
        assert b.state == a.state and b.below(1000) == a.below(1000)


def test_a_draw_rng_below_could_reject_means_the_rng_itself(monkeypatch):
    monkeypatch.setattr(draws, "_SAFE", -1)  # every output looks rejectable
    assert draws.setup_draws(Rng(3), 10) is None


def test_a_game_set_up_on_the_fallback_path_is_the_same_game(monkeypatch):
    from engine.barcelona import new_game

    want = [new_game(n, seed, layout="shuffled").view(0) for n in (1, 2, 4) for seed in (0, 9)]
    monkeypatch.setattr(draws, "_SAFE", -1)
    got = [new_game(n, seed, layout="shuffled").view(0) for n in (1, 2, 4) for seed in (0, 9)]
    assert got == want

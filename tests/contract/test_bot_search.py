"""The generic search (engine/core/search.py) on every registered game, through the engine
interface only: a legal answer, deterministic given the rng, the iteration budget and the
caller's should_stop respected, and a function of what the deciding seat may see."""

import random

from engine.core import search
from engine.core.rng import Rng


def positions(spec, seed, n=60, every=10):
    g, rng = spec.new_game(spec.player_counts[0], seed=seed, **spec.defaults()), random.Random(seed)
    for k in range(n):
        if g.is_over:
            break
        if k % every == every - 1 and len(g.legal_actions()) > 1:
            yield g
        g.apply(rng.choice(g.legal_actions()))


def cheap(game, seat):
    return search.margin(game, seat)


def test_generic_policy_legal_deterministic_and_within_budget(spec):
    seen = 0
    for g in positions(spec, 1):
        seat = g.current_player
        masked = g.masked_for(seat, 3)
        legal = [a.id for a in g.legal_actions()]
        stats = {}
        a = search.policy(masked, Rng(seen), iterations=5, horizon=30, stats=stats)
        assert a.id in legal and stats["iterations"] == 5
        assert sum(v for _, v, _ in stats["options"]) == 5
        assert search.policy(masked, Rng(seen), iterations=5, horizon=30).id == a.id
        seen += 1
    assert seen >= 3


def test_should_stop_is_asked_after_each_candidate_had_one_rollout(spec):
    for g in positions(spec, 2, every=15):
        masked = g.masked_for(g.current_player, 4)
        k = len(g.legal_actions())
        calls = []

        def stop():
            calls.append(1)
            return len(calls) > 2  # two more iterations, then stop

        stats = {}
        a = search.search(masked, Rng(1), iterations=10_000, should_stop=stop, horizon=10, stats=stats)
        assert a.id in [x.id for x in g.legal_actions()]
        assert stats["iterations"] == k + 2 and len(calls) == 3
        stats = {}
        search.search(masked, Rng(1), iterations=10_000, should_stop=lambda: True, horizon=10, stats=stats)
        assert stats["iterations"] == k  # every candidate still compared once


def test_min_rollouts_lets_should_stop_end_the_first_paired_round(spec):
    """``min_rollouts`` (paired only): should_stop is first asked after that many rollouts, so a
    time check can end the first round; the answer is then one of the candidates played."""
    for g in positions(spec, 2, every=15):
        masked = g.masked_for(g.current_player, 4)
        legal = [x.id for x in g.legal_actions()]
        if len(legal) < 3:
            continue
        stats = {}
        a = search.search(
            masked,
            Rng(1),
            iterations=10_000,
            should_stop=lambda: True,
            horizon=10,
            stats=stats,
            paired=True,
            min_rollouts=2,
        )
        assert stats["iterations"] == 2
        assert a.id in [stats["options"][0][0], stats["options"][1][0]]
        stats = {}
        search.search(
            masked, Rng(1), iterations=10_000, should_stop=lambda: True, horizon=10, stats=stats, min_rollouts=2
        )  # not paired: every candidate once, as before
        assert stats["iterations"] == len(legal)


def test_a_paired_search_without_iterations_answers_the_first_candidate(spec):
    """No rollout at all (``iterations=0``, e.g. a caller's override): the answer is the
    candidates' first, the game's best guess, paired or not."""
    for g in positions(spec, 3, every=15):
        masked = g.masked_for(g.current_player, 5)
        first = g.legal_actions()[0].id
        for paired in (False, True):
            assert search.search(masked, Rng(2), iterations=0, paired=paired, min_rollouts=1).id == first


def test_search_reads_only_the_determinisations(spec):
    """With a determinizer that ignores the game's hidden state (it re-masks), two games that
    differ only in another seat's secrets give the same answer."""
    for g in positions(spec, 5, every=12):
        seat = g.current_player
        calls = []

        def det(game, s, rng):
            calls.append(s)
            return game.masked_for(s, rng.next64())

        a = search.search(g.masked_for(seat, 9), Rng(0), iterations=6, horizon=20, determinize=det)
        b = search.search(g.masked_for(seat, 9).masked_for(seat, 9), Rng(0), iterations=6, horizon=20, determinize=det)
        assert a.id == b.id and set(calls) == {seat}


def test_rng_none_is_deterministic(spec):
    g = next(positions(spec, 6))
    m = g.masked_for(g.current_player, 1)
    assert search.policy(m, None, iterations=4, horizon=10).id == search.policy(m, None, iterations=4, horizon=10).id

"""The computer levels of both games (spec.bots: easy, normal, hard) on seeded positions: each
returns a legal action, the same one again for the same seed, and never a different one when
what the seat cannot see changes (other seats' secrets, and for Strasbourg the order of the
seat's own deck). The hard level runs with a tiny budget here: the tests check behaviour, not
strength (bench/bots.py measures strength)."""

import random

import pytest

from engine.core import registry
from engine.core.rng import Rng
from secrets_shaker import SHAKE

LEVELS = ("easy", "normal", "hard")
TINY = {"hard": {"iterations": 3}}  # keep CPU small: 3 rollouts per decision


def positions(name, players, seed, n, every):
    """Positions along a seeded random playout (every ``every``-th decision)."""
    spec = registry.get(name)
    g, rng = spec.new_game(players, seed=seed, **spec.defaults()), random.Random(seed)
    for k in range(n):
        if g.is_over:
            break
        if k % every == every - 1:
            yield g
        g.apply(rng.choice(g.legal_actions()))


def decide(name, level, g, seat, rng_seed, mask_seed=11):
    policy = registry.get(name).bot(level)
    return policy(g.masked_for(seat, mask_seed), Rng(rng_seed), **TINY.get(level, {})).id


def test_every_game_lists_the_three_levels():
    for spec in registry.specs():
        if spec.module.startswith("engine."):
            assert set(LEVELS) <= set(spec.bots), spec.name


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name, players", [("barcelona", 2), ("barcelona", 4), ("strasbourg", 3), ("strasbourg", 5)])
def test_level_plays_a_legal_action_deterministically(name, players, level):
    seen = 0
    # fewer positions for the searching level (its cost is Barcelona's rollouts), more for the cheap ones
    every = (20 if name == "barcelona" else 12) if level == "hard" else 5
    for g in positions(name, players, seed=players * 7, n=120, every=every):
        seat, legal, rec = g.current_player, [a.id for a in g.legal_actions()], g.record()
        got = decide(name, level, g, seat, rng_seed=seen)
        assert got in legal
        assert decide(name, level, g, seat, rng_seed=seen) == got  # same seed, same choice
        assert g.record() == rec  # the game itself is untouched
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_no_peeking_other_seats_secrets(name, level):
    """Other seats' secrets (hands, bag, decks, stacks, task cards) shuffled: the same choice."""
    seen = 0
    for g in positions(name, 3, seed=5, n=150, every=15 if level == "hard" else 6):
        seat = g.current_player
        want = decide(name, level, g, seat, rng_seed=seen)
        for k in range(2):
            shaken = SHAKE[name](g, seat, 50 + 7 * seen + k)
            assert shaken.view(seat) == g.view(seat)
            assert decide(name, level, shaken, seat, rng_seed=seen) == want
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_own_deck_order_strasbourg(level):
    """A Strasbourg seat knows which cards its deck holds, not their order: reordering it
    never changes the choice (the search re-deals it in every determinisation)."""
    seen = 0
    for g in positions("strasbourg", 4, seed=8, n=140, every=14 if level == "hard" else 5):
        seat = g.current_player
        want = decide("strasbourg", level, g, seat, rng_seed=seen)
        h = g.clone()
        random.Random(seen).shuffle(h.st.players[seat].deck)
        assert h.view(seat) == g.view(seat)
        assert decide("strasbourg", level, h, seat, rng_seed=seen) == want
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("name, players", [("barcelona", 3), ("strasbourg", 4)])
def test_hard_honours_should_stop(name, players):
    """A caller's should_stop ends the search: asked only once every candidate had a rollout,
    then the answer is still a legal action."""
    for g in positions(name, players, seed=3, n=80, every=16):
        legal = [a.id for a in g.legal_actions()]
        calls = []

        def stop():
            calls.append(1)
            return True

        got = registry.get(name).bot("hard")(g.masked_for(g.current_player, 1), Rng(2), should_stop=stop)
        assert got.id in legal
        assert len(calls) <= 1


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_barcelona_solo_game(level):
    """The solo game against Gaudí (1 seat; his board is players[1], no seat): every level answers
    legally (the Hard search compares the seat with Gaudí, who is no seat of num_players)."""
    seen = 0
    for g in positions("barcelona", 1, seed=3, n=100, every=9):
        legal = [a.id for a in g.legal_actions()]
        assert decide("barcelona", level, g, 0, seen) in legal
        seen += 1
    assert seen >= 5


def test_barcelona_hard_values_resources_less_as_the_game_runs_out():
    """Hard's evaluation (bot.evaluate_late) scales the resources by the share of the game left
    (bot.remaining, public data only): at most 1 at the start, never rising along a game, 0 once
    the end is triggered; the same position with 4 more coins gains less late than early."""
    from engine.barcelona import bot

    spec = registry.get("barcelona")
    g, rng = spec.new_game(2, seed=4, **spec.defaults()), random.Random(4)
    assert 0.5 < bot.remaining(g) <= 1.0
    shares = []
    while not g.is_over:
        shares.append(bot.remaining(g))
        g.apply(rng.choice(g.legal_actions()))
    assert shares == sorted(shares, reverse=True) and shares[-1] < 0.5
    assert bot.remaining(g) == 0.0

    def gain(game):
        base = bot.evaluate_late(game, 0)
        game.players[0].coins += 4
        return bot.evaluate_late(game, 0) - base

    early = spec.new_game(2, seed=4, **spec.defaults())
    late = spec.new_game(2, seed=4, **spec.defaults())
    late.end_triggered = True
    keep = bot.HARD_KEEP_FLOOR + (1 - bot.HARD_KEEP_FLOOR) * bot.remaining(early)
    assert gain(early) == pytest.approx(4 * 0.6 * keep)
    assert gain(late) == pytest.approx(4 * 0.6 * bot.HARD_KEEP_FLOOR)


def test_barcelona_hard_rollouts_play_the_rivals_as_the_planner():
    """In Hard's placement rollouts (bot._rollout_rivals_plan) every other seat plays as the
    planner (``plan`` without noise) and the deciding seat greedily by Hard's evaluation."""
    from engine.barcelona import bot

    seen = 0
    for g in positions("barcelona", 2, seed=6, n=80, every=4):
        me = g.current_player
        rival = bot._rollout_rivals_plan(1 - me)
        mine = bot._rollout_rivals_plan(me)
        assert rival(g, None).id == bot.plan(g, None).id
        assert mine(g, None).id == bot.choose(g, None, value=bot.evaluate_late).id
        seen += 1
    assert seen >= 5

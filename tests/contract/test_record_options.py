"""A record's options are applied when it is replayed (principle 2: a game is its record), not
only checked. Every option of every registered game, every value it allows, at a player count it
applies to: the replayed game has that option and the same public view after a few actions as
the game the record came from (found missing: planting ``from_record`` that built the game
without the record's options let every record test pass but the refusal of a bad option)."""

import random

import pytest

from engine.core import registry

CASES = [(spec.name, opt.name, value) for spec in registry.specs() for opt in spec.options for value in opt.choices]


@pytest.mark.parametrize("game,option,value", CASES, ids=[f"{g}-{o}={v}" for g, o, v in CASES])
def test_each_option_value_survives_a_replay(game, option, value):
    spec = registry.get(game)
    opt = spec.option(option)
    players = min(c for c in spec.player_counts if opt.applies(c))
    options = {option: value}
    for o in spec.options:  # an option that means something only with another value of this one
        if o.name != option and not o.applies(players):
            options.pop(o.name, None)
    g = spec.new_game(players, 7, **options)
    rng = random.Random(7)
    for _ in range(6):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    rec = g.record()
    assert rec["options"][option] == value
    h = spec.replay(rec)
    assert h.options[option] == value
    assert h.record() == rec
    assert h.view(None) == g.view(None)

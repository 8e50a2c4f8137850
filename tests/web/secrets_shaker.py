"""Test helper: the same position for one seat, with every secret of the other seats changed.

A screen, hint or computer move that may depend only on what a seat can see must come out
the same on a shaken copy. Written independently of web/model/hints.py's masking on purpose, so
the tests do not check that code against itself.
"""

import random

import engine
from engine.core.rng import Rng


def shake_barcelona(g, keep, seed):
    """Other hands and the bag re-dealt; Modernisme deck and the building tiles below each
    stack's top reshuffled; the draw RNG reseeded. ``keep``: the seat whose secrets stay."""
    h, rng = g.clone(), Rng(seed)
    others = [p for i, p in enumerate(h.players) if i != keep]
    pool = list(h.bag) + [c for p in others for c in p.hand]
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
    h.bag = pool
    rng.shuffle(h.mod_deck)
    for level, stack in h.building_stacks.items():
        below = stack[:-1]
        rng.shuffle(below)
        h.building_stacks[level] = below + stack[-1:]
    h.rng = Rng(seed * 7919 + 1)
    return h


def shake_strasbourg(g, keep, seed):
    """Other seats' decks, hands, stack values and task cards replaced at random, and what is
    behind their screens (coins, goods, privileges) too, while the game runs."""
    h, rng = g.clone(), random.Random(seed)
    tasks = sorted(engine.game_module("strasbourg").data.TASKS)
    for i, p in enumerate(h.st.players):
        if i == keep:
            continue
        p.deck = [rng.randrange(1, 7) for _ in p.deck]
        p.hand = [rng.randrange(1, 7) for _ in p.hand]
        p.stacks = [[rng.randrange(1, 7) for _ in st] for st in p.stacks]
        p.dealt = rng.sample(tasks, len(p.dealt))
        p.tasks = rng.sample(tasks, len(p.tasks))
        p.coins = rng.randrange(0, 30)
        p.goods = {k: rng.randrange(0, 4) for k in p.goods}
        p.privileges = rng.randrange(0, 4)
    h.rng = Rng(seed + 99)
    return h


SHAKE = {"barcelona": shake_barcelona, "strasbourg": shake_strasbourg}

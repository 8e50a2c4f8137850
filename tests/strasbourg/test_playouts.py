"""Random and greedy playouts (3, 4, 5 players): after every action the
conservation invariants hold (game_checks.check_invariants); every decision offers
2+ distinct options, but for a step behind a screen, which is asked with its empty option alone
when the screen leaves nothing else (rules 2.2.0); no view leaks another seat's secrets (JSON search and
non-interference); illegal ids raise IllegalAction and change nothing; the
record replays to the same game (fingerprint of the whole state).

Default: 4 random and 3 greedy games per player count (the soak plays many more random games
with the same invariants, tests/support/game_checks.py); STRASBOURG_PLAYOUTS=N plays N random games
per count (a large run: 100)."""

import json
import os
import random

import pytest

from engine.core.errors import IllegalAction
from engine.strasbourg import new_game, replay
from engine.strasbourg.bots import greedy_policy, random_policy

from tests.support.game_checks import check_invariants

from .helpers import fingerprint

SEEDS = range(int(os.environ.get("STRASBOURG_PLAYOUTS", "4")))
SCREENED_ALONE = [("sell", ["end-sale"]), ("shop", ["no-shop"])]


def scramble_secrets(game, other):
    """A copy of the game where seat ``other``'s secrets are different."""
    g = game.clone()
    p = g.st.players[other]
    p.hand = [7 - v for v in p.hand]
    p.stacks = [[7 - v for v in x] for x in p.stacks]
    p.deck = list(reversed(p.deck))
    p.tasks = ["T99"] * len(p.tasks)
    p.dealt = ["T98"] * len(p.dealt)
    # behind the screen until the end (Strasbourg rules (zh-Hant), set-up item 6 and steps B/D/F (b), C/E)
    if not g.is_over:
        p.coins += 9
        p.goods = {k: v + 2 for k, v in p.goods.items()}
        p.privileges += 3
    return g


def check_secrecy(game, rng):
    n = game.num_players
    seat = rng.randrange(n)
    seats = [None, seat]
    for s in seats:
        text = json.dumps(game.view(s))
        for o in range(n):
            if o == s:
                continue
            p = game.st.players[o]
            for t in p.tasks + p.dealt:
                assert t not in text, (s, o, t)
            ps = game.view(s)["player_states"][o]
            assert "hand" not in ps and "deck_counts" not in ps and "tasks" not in ps
            if not game.is_over:
                assert not {"coins", "goods", "privileges"} & set(ps)
            assert all(set(x) == {"cards"} for x in ps["stacks"])
            # non-interference: changing o's secrets changes nothing s sees
            assert json.dumps(scramble_secrets(game, o).view(s)) == text, (s, o)


def check_illegal(game, rng):
    before = fingerprint(game)
    legal = {a.id for a in game.legal_actions()}
    for bad in ("bogus", "bid:99", "put:9,new", "shop:0,0", "pass", "draw", "keep", "sell-all", 7, None):
        if bad in legal:
            continue
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert fingerprint(game) == before


def _str_message(m):
    """A message with a Strasbourg key, or a list (``items``) of such."""
    if isinstance(m, dict) and "items" in m and "key" not in m:
        return bool(m["items"]) and all(_str_message(x) for x in m["items"])
    return isinstance(m, dict) and m.get("key", "").startswith("str.")


def run(n, seed, policy, full):
    game = new_game(n, seed)
    rng = random.Random(1000 * n + seed)
    check_invariants(game)
    k = 0
    while not game.is_over:
        acts = game.legal_actions()
        ids = [a.id for a in acts]
        assert len(set(ids)) == len(ids)
        # forced moves are resolved by the engine, but for the steps behind a screen: those are
        # asked all the same (the pace must not tell what the screen holds), with the empty option
        assert len(ids) >= 2 or (game.st.decision.kind, ids) in SCREENED_ALONE, (game.st.decision, ids)
        # labels are messages (engine/core/msg.py) with Strasbourg keys, never words (a sale of
        # several tiles: the list of the tiles sold, each in the words of one)
        assert all(_str_message(a.label) for a in acts), [a.label for a in acts]
        if full or k % 10 == 0:
            check_illegal(game, rng)
            check_secrecy(game, rng)
        game.apply(policy(game, rng))
        k += 1
        check_invariants(game)
        if full and k % 4 == 0 or k % 50 == 0:
            assert fingerprint(replay(game.record())) == fingerprint(game)
    # the end
    assert game.current_player is None and game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.apply("pass")
    again = replay(json.loads(json.dumps(game.record())))
    assert fingerprint(again) == fingerprint(game)
    for s in [None] + list(range(n)):
        assert json.dumps(again.view(s)) == json.dumps(game.view(s))
    assert game.winners()
    bd = game.score_breakdown()
    assert [sum(b.values()) for b in bd] == game.scores()
    assert game.st.round == 5
    return game


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_playouts(n):
    for seed in SEEDS:
        run(n, seed, random_policy, full=seed == 0)  # one game checked after every action


@pytest.mark.parametrize("n", [3, 4, 5])
def test_greedy_playouts(n):
    for seed in range(max(3, len(SEEDS) // 2)):
        run(n, seed, greedy_policy, full=False)

"""A reward's goods go into the warehouse together: one "Warehouse full" question, not one per
kind (rules version 2.3.0; CHANGELOG.md; engine/barcelona/rulesets.py).

RULEBOOK p.7: 你必须始终将布匹和金币放入你玩家面板上的仓库中……任何无法储存在你仓库中的
布匹和金币必须立刻放回至供应堆 (all cloth and coins go into the warehouse; whatever does not fit
goes back to the supply at once). A reward of coins and cloth (a crossing's street bonuses, a
Sagrada tile's goods in any mix) is taken as a whole, so the player chooses once what to keep.
Records made before 2.3.0 settled each kind on its own and asked twice; they replay as made.
"""

import random

from engine.barcelona import new_game, replay
from engine.core.version import ENGINE_VERSION


def _keep_ids(g):
    ids = [a.id for a in g.legal_actions()]
    return ids if ids and ids[0].startswith("keep:") else None


def _double_keep_prefix(version, seed):
    """Random play by ``version``'s rules: the actions up to and including the first move after
    which the same seat was asked "Warehouse full" twice in a row with the same options, or None."""
    g = new_game(3, seed=seed)
    g._made_with(version)
    r = random.Random(seed)
    ids, prev = [], None
    while not g.is_over:
        keep = _keep_ids(g)
        if keep and prev == (g.current_player, keep):
            return ids[:-1]  # up to the move that raised the first of the two questions
        prev = (g.current_player, keep) if keep else None
        a = r.choice(g.legal_actions()).id
        ids.append(a)
        g.apply(a)
    return None


def _first_case():
    for seed in range(40):
        prefix = _double_keep_prefix("2.2.0", seed)
        if prefix:
            return seed, prefix
    raise AssertionError("no reward of coins and cloth overflowed in 40 random games")


def _play(seed, ids, version=None):
    rec = new_game(3, seed=seed).record()
    if version:
        rec["engine"] = version
    rec["actions"] = ids
    return replay(rec)


def test_one_question_for_one_reward():
    """RULEBOOK p.7: the goods of one reward go in together, the overflow is settled once."""
    seed, prefix = _first_case()
    old = _play(seed, prefix, "2.2.0")
    seat = old.current_player
    first = _keep_ids(old)
    old.apply(first[0])
    assert old.current_player == seat and _keep_ids(old), "2.2.0 asks twice"

    new = _play(seed, prefix)
    assert new.record()["engine"] == ENGINE_VERSION
    assert _keep_ids(new), "the overflow is asked"
    p = new.players[seat]
    total = p.coins + p.cloth
    assert total > p.capacity, "both kinds are in the warehouse before the question"
    new.apply(_keep_ids(new)[0])
    assert not (new.current_player == seat and _keep_ids(new)), "asked once"
    assert new.players[seat].coins + new.players[seat].cloth <= new.players[seat].capacity


def test_random_games_never_ask_twice():
    for seed in range(6):
        assert _double_keep_prefix(ENGINE_VERSION, seed) is None


def test_older_records_replay_as_made():
    seed, prefix = _first_case()
    old = _play(seed, prefix, "2.2.0")
    old.apply(_keep_ids(old)[0])
    old.apply(_keep_ids(old)[0])  # the second question of the older rules
    rec = old.record()
    assert rec["engine"] == "2.2.0"
    again = replay(rec)
    assert again.record() == rec and again.view(0) == old.view(0)

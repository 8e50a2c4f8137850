"""The log states what each action changed (issue 7: "... → +2 coins", or a line of its own),
but ``apply`` only notes the changes and the ``log`` property states them when the log is read
(engine/barcelona/game.py, "The log is written in two parts"). Whenever it is read, the log must
be the one an eager statement after every action would give."""

import json
from itertools import count

import engine.barcelona as bcn
from engine.core.rng import Rng


def _play(n, seed, read_every=None, clone_at=None):
    """A random game; ``read_every``: read the log after every k-th action; ``clone_at``: go on
    from a clone made after that many actions. Returns the game and its log as JSON."""
    g = bcn.new_game(n, seed, layout="shuffled")
    pick = Rng(seed + 1000).choice
    for k in count(1):
        if g.is_over:
            break
        g.apply(pick(g.legal_actions()))
        if read_every and k % read_every == 0:
            g.log  # noqa: B018 (reading states the noted gains)
        if k == clone_at:
            g = g.clone()
    return g, json.dumps(g.log)


def _kinds(log):
    return {e["text"].get("key") for e in log}


def test_log_read_late_is_the_log_read_after_every_action():
    both_paths = set()
    for n in (1, 2, 3, 4):
        for seed in range(4):
            eager_game, eager = _play(n, seed, read_every=1)
            late_game, late = _play(n, seed)
            sparse_game, sparse = _play(n, seed, read_every=7)
            assert late == eager == sparse, (n, seed)
            assert late_game.actions == eager_game.actions
            both_paths |= _kinds(late_game.log)
    # both ways of stating a change occur: into the action's own line, and a line of its own
    # that names its reason (the action, or a scoring: tests/test_log_reasons.py)
    assert {"bcn.log.gains", "bcn.log.because"} <= both_paths


def test_a_clone_with_changes_not_yet_stated_keeps_both_logs_right():
    """A clone shares the log's lines with its game; stating the gains in one must not state
    them twice in the other."""
    for n in (2, 4):
        for seed in range(3):
            _, eager = _play(n, seed, read_every=1)
            _, cloned = _play(n, seed, clone_at=40)
            assert cloned == eager
            g = bcn.new_game(n, seed, layout="shuffled")
            pick = Rng(seed + 1000).choice
            for _ in range(30):
                g.apply(pick(g.legal_actions()))
            before = json.dumps(g.clone().log)
            c = g.clone()
            c.apply(c.legal_actions()[0])
            c.log  # noqa: B018
            assert json.dumps(g.log) == before


def test_the_view_and_log_for_state_the_gains():
    g, _ = _play(4, 5)
    g2 = bcn.new_game(4, 5, layout="shuffled")
    for aid in g.actions:
        g2.apply(aid)
        g2.log  # noqa: B018
    assert g.view(0)["log"] == g2.view(0)["log"]
    assert g.log_for(2) == g2.log_for(2)
    assert g.view(0)["log"] and any(e["text"].get("key") == "bcn.log.gains" for e in g.view(0)["log"])

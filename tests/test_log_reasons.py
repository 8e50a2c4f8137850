"""Every log line that changes a number says why (issue 51: "−1 cloth": for what?).

Seeded games of both games, played by random moves and by the computer's Normal level. A line
that states what changed is either the line of the move that changed it ("P0 builds an
intersection on B1 → +1 coin and +2 VP") or a line of its own that names its reason: the action
taken ("P1: +2 coins (Cobblestone on pavement 2-4: +2 coins)"), or the scoring it belongs to
("P0: +6 VP and Cerdà −2 (Cerdà scoring 2)"). The changes the lines state add up to each seat's
VP, coins and cloth at the end, so no change goes unexplained and none is told twice. In
Strasbourg, each seat's final score is told by category (a task penalty shows as one) and the
categories add up to it. Everything is rendered in English too: no reason is an empty word.
"""

import random

import pytest

from engine import barcelona
from engine.core import registry
from engine.core.rng import Rng
from web import i18n

DELTA = {"bcn.delta.vp": "vp", "bcn.delta.coin": "coins", "bcn.delta.cloth": "cloth"}


def _deltas(message, out):
    """The (value, signed n) pairs a message states, nested ones included."""
    if isinstance(message, dict):
        kind = DELTA.get(message.get("key"))
        if kind is not None:
            out.append((kind, message["n"] if message["sign"] == "+" else -message["n"]))
        for v in message.values():
            _deltas(v, out)
    elif isinstance(message, list):
        for v in message:
            _deltas(v, out)
    return out


def _states(message) -> bool:
    return bool(_deltas(message, [])) or "bcn.delta." in repr(message)


def _play(name, n, seed, level=None):
    spec = registry.get(name)
    g = spec.new_game([f"P{i}" for i in range(n)], seed)
    rnd = random.Random(seed)
    policy = spec.bot(level) if level else None
    bot_rng = Rng(seed)
    while not g.is_over:
        if policy is not None:
            a = policy(g, bot_rng)
            g.apply(a.id if hasattr(a, "id") else a)
        else:
            g.apply(rnd.choice(g.legal_actions()).id)
    return g


BCN_GAMES = [(2, 1, None), (3, 2, None), (4, 3, None), (4, 7, None), (2, 5, "normal")]


@pytest.mark.parametrize("n,seed,level", BCN_GAMES)
def test_barcelona_every_change_has_its_reason(n, seed, level):
    g = _play("barcelona", n, seed, level)
    names = [f"P{i}" for i in range(n)]
    start = barcelona.new_game(n, seed).players
    told = [{"vp": 0, "coins": 0, "cloth": 0} for _ in range(n)]
    for e in g.log:
        text = e["text"]
        if not _states(text):
            continue
        key = text.get("key")
        assert key in ("bcn.log.gains", "bcn.log.because"), (e, i18n.tr(text, names))
        if key == "bcn.log.gains":  # the move's own line: it is the reason
            assert text["entry"].get("key") not in ("bcn.log.who_gains", "bcn.log.because"), e
            reason = text["entry"]
        else:
            reason = text["reason"]
        assert i18n.tr(reason, names).strip(), e
        for kind, d in _deltas(text, []):
            told[e["seat"]][kind] += d
    for s in range(n):
        p, p0 = g.players[s], start[s]
        assert told[s] == {"vp": p.vp - p0.vp, "coins": p.coins - p0.coins, "cloth": p.cloth - p0.cloth}, s


def test_barcelona_a_scoring_tells_its_own_part():
    """A Cerdà scoring's points are the scoring's line, not the move's that set it off."""
    g = _play("barcelona", 3, 2)
    scorings = [e for e in g.log if e["text"].get("key") == "bcn.log.because"]
    by_scoring = [e for e in scorings if e["text"]["reason"].get("key") == "bcn.reason.cerda_scoring"]
    assert by_scoring, "no Cerdà scoring line in the game"
    words = i18n.tr(by_scoring[0]["text"], ["P0", "P1", "P2"])
    assert "(Cerdà scoring" in words, words


@pytest.mark.parametrize("n,seed,level", [(3, 1, None), (4, 4, None), (5, 2, None), (3, 3, "normal")])
def test_strasbourg_final_score_by_category(n, seed, level):
    g = _play("strasbourg", n, seed, level)
    names = [f"P{i}" for i in range(n)]
    parts = {e["seat"]: e["text"] for e in g.log if e["text"].get("key") == "str.log.final_parts"}
    assert sorted(parts) == list(range(n))
    for s, text in parts.items():
        points = [int(p["points"].replace("−", "-")) for p in text["parts"]["items"]]
        assert sum(points) == g.scores()[s], (s, i18n.tr(text, names))
        words = i18n.tr(text, names)
        assert words.startswith(f"P{s}'s final score: "), words

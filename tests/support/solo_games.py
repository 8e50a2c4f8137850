"""The solo game against Gaudí played by a computer level, and Gaudí's score rescored at another
difficulty (bench/barcelona_solo.py's measure; tests/barcelona/test_solo_bench.py checks the
rescoring against games played at that difficulty).

The difficulty is only the value of a Gaudí Reward (GR), and nothing Gaudí does depends on it, so
his moves are the same at every difficulty and his points that depend on it (Cerdà scorings, his
Modernisme tiles, his GR: categories ``SCALED``) are multiples of it: one game played at one
difficulty gives his score at every other (``score_at``). The level plays as in the app: on a
masked copy of the game (masked_for), so Gaudí's deck order is hidden from it.
"""

from engine.barcelona import new_game, solo_scoring
from engine.barcelona import solo_data as S
from engine.core.rng import Rng

# Gaudí's breakdown categories worth (something) x the GR value (solo_scoring.py: cerda_points, final_scoring)
SCALED = ("cerda_scoring", "modernisme_end", "gr_end")


def play_game(policy, seed, difficulty, rules):
    """The finished game of ``policy`` (the human, seat 0) against Gaudí."""
    g = new_game(["Bot"], seed, difficulty=difficulty, rules=rules)
    rng = Rng(seed)
    k = 0
    while not g.is_over:
        a = policy(g.masked_for(0, seed * 7919 + k), rng)
        g.apply(a.id)
        k += 1
    return g


def score_at(g, difficulty):
    """Gaudí's final score in finished game ``g`` had it been played at ``difficulty``."""
    p = g.players[solo_scoring.GAUDI]
    scaled = sum(p.breakdown.get(k, 0) for k in SCALED)
    played = S.GR_VALUE[g.options["difficulty"]]
    assert scaled % played == 0, (scaled, played)
    return p.vp - scaled + scaled // played * S.GR_VALUE[difficulty]


def play(policy, seed, difficulty, rules):
    """(human VP, Gaudí VP, human won) of one game played at ``difficulty``."""
    g = play_game(policy, seed, difficulty, rules)
    return g.players[0].vp, g.players[solo_scoring.GAUDI].vp, g.winners() == [0]


def results(policy, seed, diffs, rules, each, play_at):
    """{difficulty: (human VP, Gaudí VP, human won)} of one seed (ties go to Gaudí)."""
    if each:
        return {d: play(policy, seed, d, rules) for d in diffs}
    g = play_game(policy, seed, play_at, rules)
    me = g.players[0].vp
    out = {}
    for d in diffs:
        him = score_at(g, d)
        out[d] = (me, him, me > him)
    return out

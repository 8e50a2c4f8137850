"""Each scoring's log line carries its own figures (``points`` from that scoring alone, ``totals``
right after it): the app's scoring banners tell these, never the triggering move's points
(issue 51). Council phase: each council seat scores COUNCIL_SEAT_VP prestige (Strasbourg rulebook,
"Council phase"; engine/strasbourg/council.py)."""

import random

from engine import strasbourg
from engine.strasbourg import data


def _playout(n, seed):
    g = strasbourg.new_game(n, seed)
    rnd = random.Random(seed)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()).id)
    return g


def test_council_and_final_lines_carry_their_own_points():
    for n, seed in ((3, 1), (4, 2), (5, 3)):
        g = _playout(n, seed)
        texts = [e["text"] for e in g.log if isinstance(e.get("text"), dict)]
        councils = [t for t in texts if t["key"] == "str.log.council"]
        assert len(councils) == data.ROUNDS
        for t in councils:
            held = [x["n"] for x in t["seats"]["items"]]
            assert t["points"] == [h * data.COUNCIL_SEAT_VP for h in held]
        finals = [t for t in texts if t["key"] == "str.log.final"]
        assert len(finals) == n and all(t["totals"] == g.scores() for t in finals)
        last_prestige = councils[-1]["totals"]
        assert finals[0]["points"] == [a - b for a, b in zip(g.scores(), last_prestige)]
        # the totals after the last council are the running prestige the final scoring replaces
        assert [t["score"] for t in finals] == g.scores()

"""Each scoring's log line carries its own figures (``points`` from that scoring alone, ``totals``
right after it): the app's scoring banners tell these, never the triggering move's points
(issue 51). Cerdà scorings (Barcelona rulebook p.14) and the end scoring (p.16) are checked
against the score breakdown's own categories."""

import random

from engine import barcelona

END = ("cobbles_end", "passengers_end", "modernisme_end")


def test_cerda_and_end_lines_carry_their_own_points():
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        g = barcelona.new_game(n, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            g.apply(rnd.choice(g.legal_actions()).id)
        texts = [e["text"] for e in g.log if isinstance(e.get("text"), dict)]
        cerda = [t for t in texts if t["key"] == "bcn.log.cerda_scoring"]
        assert 1 <= len(cerda) <= 3  # the game may end before the third (p.16)
        final = g.score_breakdown()
        for s in range(n):
            assert sum(t["points"][s] for t in cerda) == final[s].get("cerda_scoring", 0)
        over = next(t for t in texts if t["key"] == "bcn.log.over")
        assert over["totals"] == g.scores()
        assert over["points"] == [sum(final[s].get(k, 0) for k in END) for s in range(n)]

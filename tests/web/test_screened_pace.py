"""What another seat may count must not tell what stands behind a screen (issue 26).

Strasbourg's sale is one action per tile sold from behind the screen (Strasbourg rules, zh-Hant,
steps C, E and G: "任意數量" any number, "從屏風後面" from behind the screen); the table sees one
public line when the sale ends (engine/strasbourg/lobbying.py). So neither History with hidden
hands (web/history.History.stops) nor the pause before a computer's next decision
(web/computer_seats: ``follows_at_once``) may count those actions: a sale of three tiles and a
sale of none are one History step and one pause each.
"""

from engine.core.rng import Rng
from engine.strasbourg import bots, new_game
from web.model.computer_seats import Scheduler
from web.model.history import History
from web.model.session import Session
import engine.strasbourg as strasbourg

SELLER = 1


def _at_a_sale(seed=8):
    """4 players: seat 1 has won a sale step and holds at least two goods."""
    g = new_game(4, seed)
    rng = Rng(83)
    while not (
        g.st.decision.kind == "sell" and g.current_player == SELLER and "sell-all" in {a.id for a in g.legal_actions()}
    ):
        g.apply(bots.easy_policy(g, rng))
    return g


def _sell_one_by_one(g):
    while ids := [a.id for a in g.legal_actions() if a.id.startswith("sell:")]:
        g.apply(ids[0])
    g.apply("end-sale")


def _pair(after=40):
    """Two games that differ only in how many tiles seat 1 sold (all, one at a time / none),
    then the same actions played on in both."""
    a, b = _at_a_sale(), _at_a_sale()
    _sell_one_by_one(a)
    b.apply("end-sale")
    rng = Rng(5)
    for _ in range(after):
        ids_b = {x.id for x in b.legal_actions()}
        both = [x.id for x in a.legal_actions() if x.id in ids_b]
        want = bots.easy_policy(a, rng)
        want = want if isinstance(want, str) else want.id
        pick = want if want in both else both[rng.below(len(both))]
        a.apply(pick)
        b.apply(pick)
    assert len(a.actions) >= len(b.actions) + 2  # the sale took more actions in a (a tile each)
    return a, b


def _screen(h):
    """The step's public view, its log lines' action numbers (``n``, which the page never shows;
    they count actions) given as History steps."""
    view = h.view()
    stops = list(h.stops)
    view["log"] = [dict(e, n=stops.index(e["n"] + 1) if e["n"] + 1 in stops else -1) for e in view["log"]]
    return view


def test_history_with_hidden_hands_counts_public_steps_only():
    a, b = _pair()
    ha = History(a.record(), strasbourg, hidden=True)
    hb = History(b.record(), strasbourg, hidden=True)
    assert ha.count == hb.count < ha.total
    ha.first()
    hb.first()
    for i in range(ha.count + 1):  # step by step, the same public screen
        assert ha.ordinal == hb.ordinal == i
        assert _screen(ha) == _screen(hb)
        ha.next()
        hb.next()
    # hidden hands off: every action is a step, and the counts tell (the check can fail)
    assert History(a.record(), strasbourg).count != History(b.record(), strasbourg).count


def test_history_steps_back_and_forth_along_the_same_stops():
    a, _ = _pair(after=10)
    h = History(a.record(), strasbourg, hidden=True)
    forward = []
    h.first()
    while h.step < h.total:
        forward.append(h.step)
        h.next()
    back = []
    while h.step > 0:
        back.append(h.step)
        h.prev()
    assert forward == list(h.stops[:-1]) and back == list(reversed(h.stops[1:]))
    h.go(h.stops[3] + 0)  # a stop's log line is that of its last action
    assert h.ordinal == 3


def _session_at_sale(game):
    s = Session()
    s.start(
        {
            "game": "strasbourg",
            "players": 4,
            "names": ["Ann", "Bo", "Cy", "Di"],
            "bots": [1, 2, 3],
            "levels": {},
            "hidden": True,
            "speed": "normal",
        },
        8,
    )
    s.game = game
    return s


def test_a_computers_sale_pauses_once_whatever_it_sells():
    clock = Scheduler()
    clock.ready = True
    # no tile sold yet: the pause before the decision, as before every computer decision
    g = _at_a_sale()
    s = _session_at_sale(g)
    assert s.bot_to_move() == SELLER and clock.plan(s).delay > 0
    # after a tile sold from behind the screen: the next decision follows at once
    g.apply([a.id for a in g.legal_actions() if a.id.startswith("sell:")][0])
    assert s.bot_to_move() == SELLER and s.follows_at_once(SELLER)
    assert clock.plan(s).delay == 0
    # the sale's end is seen by all (one public line): whatever the seller does next waits again
    g.apply("end-sale")
    assert not s.follows_at_once(SELLER)

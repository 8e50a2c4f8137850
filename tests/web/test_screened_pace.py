"""What another seat may count must not tell what stands behind a screen (issue 26).

Strasbourg's sale stands behind the seller's screen (Strasbourg rules, zh-Hant, steps C, E and G:
"任意數量" any number, "從屏風後面" from behind the screen); the table sees one public line when
the sale ends (engine/strasbourg/selling.py). From rules 2.4.0 a sale is one act whatever is sold.
Records made before 2.4.0 still replay tile by tile, one action per tile sold
(engine/strasbourg/rulesets.sells_at_once): for those neither History with hidden hands
(web/model/history.History.stops) nor the pause before a computer's next decision
(web/model/computer_seats: ``follows_at_once``) may count those actions: a sale of three tiles and
a sale of none are one History step and one pause each. Today's sale is one step and one pause
by itself, whatever is sold.
"""

from engine.core.rng import Rng
from engine.strasbourg import bots, new_game, replay
from web.model.computer_seats import Scheduler
from web.model.history import History
from web.model.session import Session
import engine.strasbourg as strasbourg

SELLER = 1
OLD = "2.3.0"  # the last rules that sell tile by tile (rulesets.sells_at_once)


def _at_a_sale(seed=8, version=OLD):
    """4 players: seat 1 has won a sale step and holds at least two goods; played by the rules of
    engine ``version`` (a record's ``engine``; None: today's)."""
    names = [f"Player {i}" for i in range(1, 5)]
    rec = {"game": "strasbourg", "players": names, "seed": seed, "options": {}, "actions": []}
    g = new_game(4, seed) if version is None else replay(dict(rec, engine=version))
    assert g.sells_at_once == (version is None)
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
    _play_on([a, b], after)
    assert len(a.actions) >= len(b.actions) + 2  # the sale took more actions in a (a tile each)
    assert a.record()["engine"] == b.record()["engine"] == OLD  # History replays them by those rules
    return a, b


def _play_on(games, after):
    """The same ``after`` actions played on in every game (the easy bot's choice in the first,
    when all may play it)."""
    rng = Rng(5)
    for _ in range(after):
        ids = [{x.id for x in g.legal_actions()} for g in games[1:]]
        both = [x.id for x in games[0].legal_actions() if all(x.id in i for i in ids)]
        want = bots.easy_policy(games[0], rng)
        want = want if isinstance(want, str) else want.id
        pick = want if want in both else both[rng.below(len(both))]
        for g in games:
            g.apply(pick)


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
    assert s.seats.to_move() == SELLER and clock.plan(s).delay > 0
    # after a tile sold from behind the screen: the next decision follows at once
    g.apply([a.id for a in g.legal_actions() if a.id.startswith("sell:")][0])
    assert s.seats.to_move() == SELLER and s.seats.follows_at_once(SELLER)
    assert clock.plan(s).delay == 0
    # the sale's end is seen by all (one public line): whatever the seller does next waits again
    g.apply("end-sale")
    assert not s.seats.follows_at_once(SELLER)


def test_todays_sale_is_one_step_and_one_pause_whatever_it_sells():
    """Rules 2.4.0: every option of a sale is the whole sale, one action with one public line, so
    History with hidden hands and a computer's pause see the same steps whatever was sold."""
    base = _at_a_sale(version=None)
    choices = [a.id for a in base.legal_actions()]
    assert {"sell-all", "end-sale"} < set(choices) and any(c.startswith("sell:") for c in choices)
    games = []
    for aid in choices:
        g = base.clone()
        g.apply(aid)
        assert any(e.get("n") == len(base.actions) for e in g.log_for(None))  # seen by all: a step
        s = _session_at_sale(g)
        assert not getattr(s, "seats", s).follows_at_once(SELLER)  # whatever follows waits as usual
        games.append(g)
    _play_on(games, 6)
    hs = [History(g.record(), strasbourg, hidden=True) for g in games]
    assert len({h.count for h in hs}) == 1
    for h in hs:
        h.first()
    for i in range(hs[0].count + 1):  # step by step, the same public screen
        first = _screen(hs[0])
        assert all(_screen(h) == first for h in hs[1:]), i
        for h in hs:
            h.next()

"""The background worker's contract in CPython: what the page posts (web/hints.worker_request,
engine.core.masked_state) holds no secret of another seat, and what the worker answers
(web/bot_worker.decide) is the seat's bot on that masked copy.

Secrecy: the posted message must be a function of what the deciding seat may see. Two games that
differ only in other seats' secrets (tests/web/secrets_shaker.py, written independently of the
masking) give byte-identical messages; the real seed, other seats' action ids and private log
lines are not in it."""

import base64
import inspect
import json
import pickle
import random

import pytest

import engine
from engine.core import registry
from engine.core.errors import RecordError
from engine.core.rng import Rng
from engine.core.masked_state import game_from_masked_state, masked_state
from secrets_shaker import SHAKE
from web.worker import bots as bot_worker
from web.model import hints
from web.model.session import Session
from web.i18n import tr

GAMES = {"barcelona": 2, "strasbourg": 3}


def positions(name, seed, n=90):
    g, rng = engine.game_module(name).new_game(GAMES[name], seed=seed), random.Random(seed)
    for k in range(n):
        if g.is_over:
            break
        if k % 3 == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_the_message_does_not_depend_on_other_seats_secrets(name):
    seen = 0
    for seed in (1, 2):
        for g in positions(name, seed):
            want = hints.worker_request(g, "normal")
            for k in range(2):
                h = SHAKE[name](g, g.current_player, seed * 10 + k)
                assert hints.worker_request(h, "normal") == want
                seen += 1
    assert seen > 20


@pytest.mark.parametrize("name", GAMES)
def test_the_message_has_no_seed_ids_or_private_lines(name):
    for g in positions(name, 3):
        seat = g.current_player
        msg = hints.worker_request(g, "easy", 1500)
        assert set(msg) == {"game", "seat", "level", "budget_ms", "rng_seed", "state"}
        assert msg["rng_seed"] == hints.policy_seed(g, seat)  # a count the seat sees, no secret
        assert (msg["game"], msg["seat"], msg["level"], msg["budget_ms"]) == (name, seat, "easy", 1500)
        m = pickle.loads(base64.b64decode(msg["state"]))
        assert m.seed == hints.MASK_SEED and m.seed != g.seed
        assert m.actions == [""] * len(g.actions) and m.undo_floor == len(g.actions)
        assert m.log == g.log_for(seat)
        assert m.view(seat) == g.view(seat)
        assert [a.id for a in m.legal_actions()] == [a.id for a in g.legal_actions()]
        other = [e for e in g.log if e.get("private_to") not in (None, seat)]
        assert all(e not in m.log for e in other)


@pytest.mark.parametrize("name", GAMES)
def test_the_worker_answers_like_the_page(name):
    """Easy/Normal take no budget: the worker's choice equals the hint the page would give."""
    for g in positions(name, 5, n=60):
        for level in [lv for lv in registry.get(name).bots if lv in ("easy", "normal")]:
            reply = json.loads(bot_worker.handle(json.dumps(hints.worker_request(g, level))))
            assert reply["action"] == hints.suggest(g, level).id


def test_should_stop_only_for_policies_that_take_it(monkeypatch):
    g = next(positions("barcelona", 1))
    calls = []

    def plain(game, rng):
        calls.append(("plain", rng.next64() == Rng(hints.policy_seed(g, g.current_player)).next64()))
        return game.legal_actions()[0]

    def searching(game, rng, should_stop=None, iterations=None):
        calls.append(("search", should_stop(), iterations))
        return game.legal_actions()[-1]

    spec = registry.get("barcelona")
    policies = {"easy": plain, "normal": searching}
    monkeypatch.setattr(type(spec), "bot", lambda self, level: policies[level])
    req = hints.worker_request(g, "easy")
    assert bot_worker.decide(req) == g.legal_actions()[0].id
    assert bot_worker.decide({**hints.worker_request(g, "normal", 60_000), "iterations": 7}) == g.legal_actions()[-1].id
    assert bot_worker.decide(hints.worker_request(g, "normal", 0)) == g.legal_actions()[-1].id
    assert calls == [("plain", True), ("search", False, 7), ("search", True, None)]
    assert "should_stop" not in inspect.signature(plain).parameters


def test_bad_requests_are_answered_with_an_error():
    g = next(positions("barcelona", 1))
    good = hints.worker_request(g, "normal")
    for bad in (
        "not json",
        json.dumps({**good, "state": "AAAA"}),
        json.dumps({**good, "seat": 1 - good["seat"]}),
        json.dumps({**good, "game": "strasbourg"}),
        json.dumps({k: v for k, v in good.items() if k != "state"}),
    ):
        assert set(json.loads(bot_worker.handle(bad))) == {"error", "ms"}
    # only the engine's classes load: a pickle naming other code is refused before it runs
    evil = pickle.dumps(print)
    with pytest.raises(RecordError):
        game_from_masked_state(evil)
    assert type(game_from_masked_state(masked_state(g, 0, 1))) is type(g)


def test_session_plays_the_workers_answer_only_for_its_decision():
    s = Session()
    s.start({"game": "barcelona", "players": 2, "bots": [0]}, 4)  # the computer starts
    key = s.seats.key()
    assert key is not None and s.seats.request()["seat"] == 0
    legal = [a.id for a in s.game.legal_actions()]
    s.seats.answer(("stale",), legal[-1])
    assert not s.seats.has_answer()
    s.seats.answer(key, legal[-1])
    assert s.seats.has_answer()
    assert s.seats.play().id == legal[-1]
    # an answer that is not legal is not played: the page decides instead
    while s.seats.to_move() is not None:
        s.seats.answer(s.seats.key(), "nonsense:1")
        assert s.seats.play().id != "nonsense:1"


def test_worker_down_the_page_plays_cheap_levels_and_says_so_once(monkeypatch):
    s = Session()
    s.start({"game": "barcelona", "players": 2, "bots": [0], "levels": {0: "easy"}}, 4)
    monkeypatch.setattr(hints, "PAGE_LEVELS", ("normal",))  # pretend Easy searches: the page plays Normal
    asked = []
    real = hints.suggest
    monkeypatch.setattr(hints, "suggest", lambda game, level=None: asked.append(level) or real(game, level))
    s.seats.worker_failed("test")
    s.message = ""
    s.seats.play()
    assert asked == ["normal"] and "not available (test)" in tr(s.message)
    while s.seats.to_move() is not None:
        s.message = ""
        s.seats.play()
    assert "not available" in tr(s.message)  # the chain's last move: the person's screen shows it
    s.message = ""
    s.seats.worker_failed("again")
    while s.screen != "bot":
        s.apply(s.game.legal_actions()[0].id)
    s.seats.play()
    assert s.message == "" and s.seats.thinks() == 0


def test_thinking_bar_shows_the_budget_of_a_searching_level(monkeypatch):
    from web.screens import panels

    s = Session()
    s.start({"game": "barcelona", "players": 2, "bots": [0], "levels": {0: "normal"}}, 4)
    assert s.seats.thinks() == 0 and "think-bar" not in panels.screen(s)  # Normal does not search

    def searching(game, rng, should_stop=None, iterations=None):
        return game.legal_actions()[0]

    spec = registry.get("barcelona")
    monkeypatch.setattr(type(spec), "bot", lambda self, level: searching)
    s.seats.budget = 1500
    html = panels.screen(s)
    assert s.seats.thinks() == 1500 and "up to 1.5 s" in html and "animation-duration: 1500ms" in html
    s.seats.worker_failed("test")  # the page plays Normal instead: no budget to show
    assert s.seats.thinks() == 0 and "think-bar" not in panels.screen(s)


def test_deadline_check_stops_before_a_rollout_that_would_overrun():
    """The worker's should_stop (bot_worker.deadline_check): a search cannot stop a rollout under
    way, so it stops when the next one, as long as the longest rollout so far, would end past
    the budget's deadline; at the first call (after at least two rollouts) half the time since
    the start stands in for one rollout."""
    now = [100.0]
    stop = bot_worker.deadline_check(2.0, clock=lambda: now[0])
    answers = []
    for t in (100.3, 100.5, 100.7, 100.9, 101.4, 101.5):  # first 0.15 each, then 0.2, 0.2, 0.2, 0.5, 0.1
        now[0] = t
        answers.append(stop())
    # at 101.4 the longest is 0.5: 101.9 < 102 goes on; at 101.5, 102.0 would reach the deadline
    assert answers == [False, False, False, False, False, True]
    now[0] = 100.0
    slow = bot_worker.deadline_check(2.0, clock=lambda: now[0])
    now[0] = 101.2  # two rollouts took 1.2 s: a third would end at about 101.8
    assert slow() is False
    now[0] = 101.7  # the next took 0.5 s, but the longest estimate is 0.6
    assert slow() is True
    now[0] = 100.0
    slower = bot_worker.deadline_check(2.0, clock=lambda: now[0])
    now[0] = 101.4  # 0.7 s per rollout: a third would end at 102.1, stop now
    assert slower() is True
    now[0] = 100.0
    assert bot_worker.deadline_check(0.0, clock=lambda: now[0])() is True  # no budget: stop at once

"""The computer seats' clock (web/computer_seats.Scheduler), pure Python: which seat moves next, at
which level and budget, after which delay; one question to the worker per decision; the answer
played when the delay is over; nothing while a person is to move, the game is over, the hand-off
screen is up or History is open. main.py only sets the timer and posts the message it is given.
Played on Tiny (tests/web/fake_game.py), a stand-in game registered by conftest.py."""

import pytest

from web.model.computer_seats import BOT_BUDGET, Plan, Scheduler
from web.model.session import Session
from web.model.settings import BOT_SPEEDS


def tiny_session(tiny, bots=(1, 2), levels=None, hidden=False, players=3, speed=None):
    s = Session()
    settings = {
        "game": "tiny",
        "players": players,
        "names": ["Ann", "Bo", "Cy", "Di"][:players],
        "bots": list(bots),
        "levels": dict(levels or {}),
        "hidden": hidden,
    }
    if speed:
        settings["speed"] = speed
    s.start(settings, 7)
    return s


def ready():
    clock = Scheduler()
    clock.ready = True
    return clock


def test_a_persons_turn_plans_nothing_not_even_the_worker(tiny):
    s = tiny_session(tiny)
    clock = Scheduler()
    assert clock.plan(s) == Plan(None, False)  # before the page is ready: not even the worker
    clock.ready = True
    assert clock.plan(s) == Plan(None, False)  # a person's turn: the worker waits (issue 28)
    assert clock.fired(s) is None
    s2 = tiny_session(tiny, bots=())
    assert clock.plan(s2) == Plan(None, False)  # no computer seats: no worker


def test_the_computer_seats_move_in_turn_at_their_levels(tiny):
    s = tiny_session(tiny, levels={1: "easy", 2: "normal"})
    clock = ready()
    s.apply("take:2")  # Ann (a person) ends her turn
    seen = []
    while (plan := clock.plan(s)).seat is not None:
        key, request = plan.ask
        assert key == s.seats.key() and request["seat"] == plan.seat == s.game.current_player
        assert request["game"] == "tiny" and request["budget_ms"] == BOT_BUDGET
        assert plan.delay == BOT_SPEEDS["normal"] and plan.start_worker
        assert clock.plan(s).ask is None  # a redraw does not ask again
        assert clock.fired(s) == "wait"  # the delay is over before the answer
        assert clock.answered(s, key, "take:1") is True  # ... so the answer plays at once
        s.seats.play()
        seen.append((plan.seat, request["level"]))
    assert seen == [(1, "easy"), (2, "normal")]
    assert s.screen == "play" and s.game.current_player == 0
    assert [a for a in s.game.actions] == ["take:2", "take:1", "take:1"]  # the worker's answers were played


def test_an_answer_before_the_delay_waits_for_the_timer(tiny):
    s = tiny_session(tiny, bots=(1,), players=2, speed="slow")
    clock = ready()
    s.apply("take:1")
    plan = clock.plan(s)
    assert plan.seat == 1 and plan.delay == 1500
    assert clock.answered(s, plan.ask[0], "take:3") is False  # not due yet: the timer plays it
    assert s.seats.has_answer() and clock.plan(s).ask is None  # answered: nothing more to ask
    assert clock.fired(s) == "play"
    assert s.seats.play().id == "take:3"


def test_a_stale_answer_is_not_played(tiny):
    s = tiny_session(tiny, bots=(1,), players=2)
    clock = ready()
    s.apply("take:1")
    old_key = clock.plan(s).ask[0]
    s.seats.play()  # the page decided meanwhile (worker slow)
    s.apply("take:1")  # ... and the person played again
    assert clock.answered(s, old_key, "take:2") is False
    assert not s.seats.has_answer()  # the answer was for another decision
    assert clock.plan(s).ask[0] == s.seats.key() != old_key


def test_a_botdelay_link_sets_the_delay(tiny):
    s = tiny_session(tiny, bots=(1,), players=2)
    s.seats.delay = 0
    s.apply("take:1")
    assert ready().plan(s).delay == 0


@pytest.mark.parametrize("stop", ["over", "handoff", "history", "new-game"])
def test_the_clock_stops(tiny, stop):
    """Game over, the hidden-hands hand-off, History and the new-game form: no seat, no timer."""
    s = tiny_session(tiny, bots=(2,), hidden=stop == "handoff")
    clock = ready()
    if stop == "handoff":
        s.handoff_ok()
        s.apply("take:1")  # Ann -> Bo (a person): his hand-off screen
        assert s.screen == "handoff"
    elif stop == "over":
        while not s.game.is_over:
            s.seats.play() if s.screen == "bot" else s.apply("pass")
    else:
        s.apply("take:1")
        s.apply("take:1")  # Cy (the computer) is to move ...
        assert clock.plan(s).seat == 2
        s.browse.open() if stop == "history" else s.new_game_screen()
    plan = clock.plan(s)
    assert plan.seat is None and plan.ask is None and plan.delay is None
    assert clock.fired(s) is None


def test_a_failed_worker_leaves_the_page_to_decide(tiny):
    s = tiny_session(tiny, bots=(1,), players=2)
    clock = ready()
    s.apply("take:1")
    key = clock.plan(s).ask[0]
    s.seats.worker_failed("no Worker")
    assert clock.answered(s, key, None) is False
    assert not clock.worker_on(s)
    plan = clock.plan(s)
    assert plan.seat == 1 and plan.ask is None and not plan.start_worker
    assert clock.fired(s) == "play"  # the page plays it itself (hints.suggest)
    assert s.seats.play().id == "take:3"  # Tiny's normal level


def test_embed_mode_never_uses_the_worker(tiny):
    s = tiny_session(tiny, bots=(1,), players=2)
    s.embed = {"controls": False, "play": True}
    assert not ready().worker_on(s)


def test_the_thinking_bar_goes_on_across_redraws(tiny):
    s = tiny_session(tiny, bots=(1,), players=2)
    clock = ready()
    s.apply("take:1")
    assert clock.thinking_ms(s, 1000.0) == 0
    assert clock.thinking_ms(s, 1800.0) == 800  # a redraw: the same decision
    s.seats.play()
    s.apply("take:1")  # the next decision starts from zero
    assert clock.thinking_ms(s, 2500.0) == 0


def test_budget_only_for_a_searching_level(tiny, monkeypatch):
    s = tiny_session(tiny, bots=(1,), players=2)
    s.apply("take:1")
    assert s.seats.thinks() == 0  # Tiny's levels answer at once

    def searching(game, rng, should_stop=None):
        return game.legal_actions()[0]

    monkeypatch.setattr(type(tiny), "bot", lambda self, level: searching)
    s.seats.budget = 1234
    assert s.seats.thinks() == 1234

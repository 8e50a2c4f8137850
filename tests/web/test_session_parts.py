"""The session's parts, each on its own: built around a small stand-in for the session (only what
the part says it reads of its owner), never a whole Session and never a page. The whole session is
tests/web/test_web_session.py's; the parts as main.py drives them, the other test_*.py files'.

- ``Prefs`` (web/model/prefs.py): the device settings;
- ``Saves`` (web/model/slots.py): save slots and the questions before a game is replaced;
- ``Hints`` (web/model/hints.py): the Hint button;
- ``Browser`` (web/model/browse.py): History;
- ``TurnFlow`` (web/model/turnflow.py): select, preview, confirm, who made each move;
- ``ComputerSeats`` (web/model/computer_seats.py): which computer decides and what it plays;
- ``AutomatonTurn`` (web/model/automaton.py): a non-player opponent's steps one at a time.
"""

import json
from types import SimpleNamespace

import pytest

import fake_game
from engine.core.action import Action
from engine.core import registry
from engine.core.registry import GameSpec
from web.model.automaton import AutomatonTurn, as_of_step
from web.model.banners import Queue
from web.model.browse import Browser
from web.model.computer_seats import WORKER_DOWN, ComputerSeats
from web.model.games import SetupError
from web.model.hints import HINT_LEVEL, Hints
from web.model.open_record import registry_engine
from web.model.prefs import Prefs
from web.model.settings import BOT_SPEEDS
from web.model.slots import STORAGE_BLOCKED, STORAGE_FULL, Saves
from web.model.turnflow import TurnFlow


def tiny_game(players=3, seed=1):
    return fake_game.new_game([f"P{i}" for i in range(players)], seed)


def position_of(game):
    return lambda: (game.GAME_NAME, game.seed, tuple(game.names), tuple(game.actions))


def summary(slot, date="2024-05-01T10:00:00.000Z"):
    return {"id": slot, "game": "tiny", "players": ["A", "B"], "date": date, "moves": 1, "over": False}


# ----- Prefs ---------------------------------------------------------------------------------------
def test_prefs_alone_defaults_round_trip_and_junk():
    p = Prefs()
    assert p.as_dict() == {"confirm": False, "wakelock": True} and p.lang is None and not p.dropped
    p.confirm, p.wakelock, p.lang = True, False, "de"
    q = Prefs()
    assert q.load(p.text()) is True and q.as_dict() == {"confirm": True, "wakelock": False, "lang": "de"}
    r = Prefs()
    assert r.load('{"confirm": "yes", "lang": "xx"}') is True and r.as_dict() == Prefs().as_dict()  # odd values ignored
    assert r.load("[[[") is False and r.dropped  # not an object: dropped, said once by the page
    assert Prefs().load("") is True and Prefs().load(None) is True  # nothing stored yet


# ----- Saves ----------------------------------------------------------------------------------------------
def saves_owner(game=None, embed=None):
    owner = SimpleNamespace(game=game, meta={"bots": [1]}, embed=embed, choosing=False, discarded=0)

    def discard_game():
        owner.game, owner.discarded = None, owner.discarded + 1

    owner.discard_game = discard_game
    return owner


def test_saves_alone_list_summary_and_problems(tiny):
    owner = saves_owner(tiny_game())
    s = Saves(owner)
    assert s.autosave and s.slot is None and s.slots == []
    s.slot = "g1"
    row = s.summary("2024-05-01T10:00:00.000Z")
    assert row == {
        "id": "g1",
        "game": "tiny",
        "players": ["P0", "P1", "P2"],
        "date": "2024-05-01T10:00:00.000Z",
        "moves": 0,
        "over": False,
        "bots": [1],
    }
    assert s.saved(True, row) is False and [x["id"] for x in s.slots] == ["g1"]
    assert s.saved(False) is True and s.problem == STORAGE_FULL
    owner.game.apply("take:1")
    assert s.at_risk()  # writes failing: replacing the game would lose it
    assert s.saved(True) is True and s.problem == "" and not s.at_risk()
    s.set_slots([summary("g2", "2024-05-02"), summary("g3", "2024-05-03"), {"id": "../x"}, summary("BAD ID")])
    assert [x["id"] for x in s.slots] == ["g3", "g2"]  # well-formed only, newest first
    s.set_blocked()
    assert s.blocked and s.problem == STORAGE_BLOCKED and s.at_risk()  # a game with moves, never stored
    assert not Saves(saves_owner(tiny_game(), embed={"play": True})).autosave  # embed mode stores nothing


def test_saves_alone_questions_and_deleting_the_game_on_screen(tiny):
    owner = saves_owner(tiny_game())
    s = Saves(owner)
    s.set_slots([summary("g1"), summary("g2")])
    with pytest.raises(SetupError):
        s.ask("delete", "gone")
    s.ask("delete", "g2")
    assert owner.choosing and s.question == ("delete", "g2")
    assert s.answer(False) is None and s.question is None  # "no": nothing to do
    s.ask("import", pending="{...}")
    assert s.answer(True) == ("import", None, "{...}")
    s.slot = "g1"
    s.forget("g2")
    assert [x["id"] for x in s.slots] == ["g1"] and owner.discarded == 0
    s.forget("g1")  # the game on screen: discarded
    assert s.slots == [] and s.slot is None and owner.discarded == 1 and owner.game is None
    s.opened("g5")
    assert s.slot == "g5" and s.question is None


def test_saves_alone_another_tab_plays_the_slot(tiny):
    owner = saves_owner(tiny_game())
    s = Saves(owner)
    s.slot = "g1"
    assert s.open_elsewhere("other") is False  # not the game on screen
    assert s.open_elsewhere("g1") is True and s.elsewhere == "g1" and owner.choosing
    assert s.at_risk() and s.question == ("elsewhere", "g1")
    s.play_as_copy()
    assert (s.elsewhere, s.slot, s.question) == (None, None, None) and owner.choosing is False
    s.slot = "g1"
    s.open_elsewhere("g1")
    s.taken_over()
    assert s.elsewhere is None and s.slot == "g1" and owner.choosing is False


# ----- Hints ---------------------------------------------------------------------------------------------
def hints_owner(game, suggest=None, screen="play"):
    return SimpleNamespace(
        game=game, screen=screen, suggest=suggest, position=position_of(game), seats=SimpleNamespace(budget=700)
    )


def test_hints_alone_on_the_page(tiny):
    g = tiny_game()
    owner = hints_owner(g, suggest=lambda game, level=None: game.legal_actions()[1])
    h = Hints(owner)
    assert h.current is None and not h.thinking
    h.request()
    assert h.current.id == "take:2"
    assert h.worker_request() is None  # a stub bot answers on the page
    g.apply("take:1")
    assert h.current is None  # the position moved on: stale
    owner.screen = "bot"
    with pytest.raises(SetupError):
        h.request()
    owner.suggest = lambda game, level=None: None
    owner.screen = "play"
    with pytest.raises(SetupError):
        h.request()  # no hint for this position


def test_hints_alone_through_the_worker(tiny):
    g = tiny_game()
    owner = hints_owner(g)
    h = Hints(owner)
    request = h.worker_request()
    assert request["game"] == "tiny" and request["budget_ms"] == 700 and request["seat"] == 0
    assert request["level"] == "normal"  # Tiny has no HINT_LEVEL: its default level
    assert HINT_LEVEL not in fake_game.SPEC.bots and h.thinking and h.current is None
    key = owner.position()
    h.answer(key, "take:3")
    assert not h.thinking and h.current.id == "take:3"
    h.worker_request()
    h.answer(key, "not-an-action")  # never an illegal move: the page's own suggestion instead
    assert h.current.id == "take:3"  # Tiny's normal level: greedy
    h.worker_request()
    g.apply("take:1")
    h.answer(key, "take:1")  # stale: dropped
    assert h.current is None and not h.thinking


# ----- Browser ------------------------------------------------------------------------------------------
def browse_owner(game, embed=None, screen="play"):
    return SimpleNamespace(
        game=game,
        screen=screen,
        meta={"hidden": False, "bots": []},
        load_module=registry_engine,
        embed=embed,
        help_open=True,
    )


def test_browser_alone_steps_copies_and_closes(tiny):
    g = tiny_game()
    for aid in ("take:1", "cell:2", "take:3", "pass"):
        g.apply(aid)
    owner = browse_owner(g)
    b = Browser(owner)
    assert b.can_open() and b.history is None
    b.open()
    assert b.history.step == b.history.total == 4 and owner.help_open is False
    b.step(-1)
    b.step("first")
    assert b.history.step == 0 and g.actions[-1] == "pass"  # the live game never moves
    text = b.copy("link", "https://example.org/app/index.html")
    assert b.copied == ("link", text) and "embed=1" in text and "play=1" in text  # the record up to the step
    b.step(1)
    assert b.copied is None  # a new step: copy again
    b.close()
    assert b.history is None
    with pytest.raises(SetupError):
        b.step(1)  # not browsing
    owner.screen = "new"
    assert not b.can_open()


def test_browser_alone_in_embed_mode(tiny):
    g = tiny_game()
    g.apply("take:1")
    owner = browse_owner(g, embed={"controls": False, "play": False})
    b = Browser(owner)
    assert not b.can_open()  # the embedded board is a history browser already
    b.history = object()
    with pytest.raises(SetupError):
        b.step(1)  # controls=0: no steps
    with pytest.raises(SetupError):
        b.close()  # play=0: nothing to go back to
    owner.embed = {"controls": True, "play": True}
    assert b.can_open()


# ----- TurnFlow ------------------------------------------------------------------------------------------
def flow_owner(game, confirm=False, computers=(1,)):
    """A TurnFlow owner; ``computers``: the seats not decided by a person at this device (seat 1
    by default, so a turn passing to it is never taken back)."""
    prefs = Prefs()
    prefs.confirm = confirm
    owner = SimpleNamespace(
        game=game,
        screen="play",
        viewer=game.current_player,
        prefs=prefs,
        load_module=registry_engine,
        position=position_of(game),
        banners=Queue(),
        applied=[],
        local_person=lambda seat: seat is not None and seat not in computers,
    )

    def apply(aid):
        owner.applied.append(aid)
        game.apply(aid)

    owner.apply = apply
    return owner


def test_turn_flow_alone_select_confirm_cancel(tiny):
    g = tiny_game()
    owner = flow_owner(g, confirm=True)
    f = TurnFlow(owner)
    assert f.selection is None and f.preview() is None
    with pytest.raises(SetupError):
        f.select("take:9")
    assert f.tap("take:2") is False and f.selection == "take:2" and owner.applied == []
    p = f.preview()
    assert p.id == "take:2" and p.ends_turn and dict(p.changes) == {"coins": 2}
    f.cancel()
    assert f.selection is None
    f.select("take:1")
    f.confirm()
    assert owner.applied == ["take:1"] and f.selection is None
    with pytest.raises(SetupError):
        f.confirm()  # nothing selected
    f.select("take:3")
    f.set_confirm(False)
    assert owner.prefs.confirm is False and f.selection is None  # the setting changed: the selection goes


def test_turn_flow_alone_one_tap_plays_and_who_made_each_move(tiny):
    g = tiny_game()
    owner = flow_owner(g)
    f = TurnFlow(owner)
    assert f.tap("cell:1") is True and owner.applied == ["cell:1"]  # the same seat goes on: nothing to lock in
    assert f.needs_confirm("take:1")  # ends a turn that Undo could still take back, seat 1 a computer
    assert not TurnFlow(flow_owner(g, computers=())).needs_confirm("take:1")  # a person may take it back
    assert f.actors() == [0]
    before = f.actors()
    g.apply("take:1")
    assert f.played(0, before) == (0, "take:1") and f.actors() == [0, 0]
    g.apply("pass")
    assert f.played(1, [9, 9, 9]) is None  # not the game it knew: replayed when asked
    assert f.actors() == [0, 0, 1]
    owner.viewer = g.current_player
    assert f.last_moves() == {0: ["cell:1", "take:1"], 1: ["pass"]}
    assert f.highlights()["lastmove"] == f.last_moves()
    owner.screen = "handoff"
    lines, older = f.handoff_summary()
    assert older == 0 and [e["seat"] for e in lines] == [0, 0, 1]


# ----- ComputerSeats ----------------------------------------------------------------------------------------
class SeatsOwner:
    """A session's stand-in for ComputerSeats: the bots' screen, the moves they apply."""

    def __init__(self, game, bots=(1,), suggest=None):
        self.game, self.suggest, self.message = game, suggest, ""
        self.meta = {"hidden": False, "bots": list(bots), "bot_levels": {"1": "easy"}, "bot_speed": "slow"}
        self.shown_seat = None
        self.auto = SimpleNamespace(pending=lambda: False, shown=None)
        self.flow = SimpleNamespace(actors=lambda: [])
        self.position = position_of(game)
        self.played = []

    @property
    def screen(self):
        return "bot" if self.game.current_player in self.meta["bots"] else "play"

    def play_as(self, seat, aid):
        self.played.append((seat, aid))
        self.game.apply(aid)


def test_computer_seats_alone_who_decides_and_what_it_plays(tiny):
    g = tiny_game()
    owner = SeatsOwner(g, suggest=lambda game, level=None: Action(f"take:{1 if level == 'easy' else 3}", ""))
    seats = ComputerSeats(owner)
    assert seats.humans() == [0, 2] and seats.is_bot(1) and not seats.is_bot(0)
    assert seats.to_move() is None and seats.key() is None
    with pytest.raises(SetupError):
        seats.play()  # a person decides
    g.apply("take:2")
    assert seats.to_move() == 1 and seats.level(1) == "easy" and seats.level(2) == "normal"
    assert seats.key() == owner.position() + (1,)
    assert seats.viewer() == 0  # hidden hands off: the first person keeps their view
    assert seats.request() is None  # a stub bot plays on the page
    assert seats.play().id == "take:1" and owner.played == [(1, "take:1")]  # its own level
    assert seats.progress() == (2, None)


def test_computer_seats_alone_the_workers_answer_and_its_failure(tiny):
    g = tiny_game()
    g.apply("take:2")
    owner = SeatsOwner(g)
    seats = ComputerSeats(owner)
    request = seats.request()
    assert request["seat"] == 1 and request["level"] == "easy" and request["budget_ms"] == seats.budget
    seats.answer(("stale",), "take:2")
    assert not seats.has_answer()
    seats.answer(seats.key(), "take:2")
    assert seats.has_answer() and seats.play().id == "take:2"  # the worker's answer, checked legal
    g.apply("pass")
    g.apply("pass")  # seat 1 again
    seats.worker_failed("no Worker")
    assert seats.worker_down == "no Worker" and seats.thinks() == 0
    assert seats.play().id == "take:1"  # the page's own bot at the seat's (cheap) level
    assert owner.message == {"key": WORKER_DOWN, "why": "no Worker"}
    assert seats.delay == BOT_SPEEDS["slow"]
    seats.delay = 0  # URL botdelay=
    assert seats.delay == 0 and seats.fixed_delay == 0


# ----- AutomatonTurn --------------------------------------------------------------------------------------
class RivalGame:
    """A stand-in game with a non-player opponent ("rival"): its turn logs ``steps`` steps."""

    GAME_NAME = "rival-test"

    def __init__(self):
        self.turns, self.steps, self.is_over = 0, 0, False

    def view(self, seat=None):
        last = [{"text": f"step {i}", "mark": f"m{i}", "table": {"board": {"at": i}}} for i in range(self.steps)]
        log = [{"n": 0, "seat": 0, "text": "you"}] + [
            {"n": 0, "seat": 1, "text": x["text"], "rival": i} for i, x in enumerate(last)
        ]
        return {
            "game": self.GAME_NAME,
            "board": {"at": "live", "size": 3},
            "log": log,
            "rival": {"seat": 1, "last_turn": last},
        }


def rival_progress(game):
    return (game.turns, game.steps)


@pytest.fixture
def rival():
    registry.register(
        GameSpec(
            name=RivalGame.GAME_NAME,
            title="Rival",
            player_counts=(1,),
            module="fake_game",
            renderer="fake_render",
            automaton="rival",
            automaton_progress=f"{__name__}:rival_progress",
        )
    )
    yield RivalGame()
    registry.unregister(RivalGame.GAME_NAME)


def test_automaton_turn_alone_shows_its_steps_one_at_a_time(rival):
    owner = SimpleNamespace(game=rival, browse=SimpleNamespace(history=None))
    auto = AutomatonTurn(owner)
    assert auto.progress() == (0, 0) and not auto.pending()
    before = auto.progress()
    rival.turns, rival.steps = 1, 3  # a person's action ran the rival's whole turn
    auto.after(before)
    assert auto.shown == 1 and auto.pending()
    shown = auto.view(rival.view())
    assert [x["text"] for x in shown["rival"]["last_turn"]] == ["step 0"] and shown["board"] == {"at": 0, "size": 3}
    assert [e["text"] for e in shown["log"]] == ["you", "step 0"]
    owner.browse.history = object()
    assert not auto.pending()  # History on screen: nothing to show
    owner.browse.history = None
    auto.next()
    auto.next()
    assert auto.shown == 3 and not auto.pending() and auto.view(rival.view()) == rival.view()
    before = auto.progress()
    rival.steps = 5  # the same turn went on after a decision inside it
    auto.after(before)
    assert auto.shown == 4
    before = auto.progress()
    auto.after(before)  # an action that changed nothing of the rival's
    assert auto.shown is None
    auto.shown = 1
    auto.reset()
    assert auto.shown is None


def test_as_of_step_reads_the_games_own_key(rival):
    rival.turns, rival.steps = 1, 2
    v = rival.view()
    assert as_of_step(v, 2)["board"] == {"at": 1, "size": 3} and as_of_step(v, 2)["log"] == v["log"]
    assert json.dumps(as_of_step(v, 1)["rival"]["last_turn"]) == json.dumps(v["rival"]["last_turn"][:1])


def test_a_game_without_an_opponent_never_waits(tiny):
    auto = AutomatonTurn(SimpleNamespace(game=tiny_game(), browse=SimpleNamespace(history=None)))
    assert auto.progress() is None and auto.steps() == 0
    auto.after(None)
    assert auto.shown is None and not auto.pending()
    assert AutomatonTurn(SimpleNamespace(game=None, browse=None)).progress() is None

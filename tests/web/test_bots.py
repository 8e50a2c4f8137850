"""Computer seats (Session.seats: to_move / play, the "bot" screen) on the real engines, plus
settings/save plumbing on the stand-in game.

Secrecy: while a computer decides, the screen shows a person's view (hidden hands off, or one person
with hidden hands on) or the public view (several people with hidden hands on). The tests check that
the markup then holds no secret of any other seat: it does not change when those seats' secrets are
shuffled, and it has no hand / secret group / task card of theirs."""

import json
import random
import re

import pytest

import engine
from web.model import hints
from web.screens import panels
from secrets_shaker import SHAKE
from engine.core.errors import RecordError
from web.model.games import SetupError
from web.model.links import settings_from_query
from web.model.session import Session
from web.model.settings import settings_from_form

SETTINGS = {"game": "tiny", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}


def real_session(game, players, bots, seed=4, hidden=False):
    try:
        if not hasattr(engine.game_module(game), "new_game"):
            raise ImportError
    except ImportError:
        pytest.skip(f"{game} engine not available")
    s = Session()
    s.start({"game": game, "players": players, "bots": bots, "hidden": hidden}, seed)
    return s


def run_bots(s, limit=2000):
    """Play computer seats until a person decides (or the game ends); return the actions played."""
    played = []
    while s.seats.to_move() is not None:
        played.append(s.seats.play().id)
        assert len(played) < limit
    return played


# ----- shaking the secrets of every seat but ``keep`` (None: every seat) ------------------------------


def shown(s, game=None):
    """The #app markup for session ``s`` (optionally with its game swapped for ``game``)."""
    if game is None:
        return panels.screen(s)
    real, s.game = s.game, game
    try:
        return panels.screen(s)
    finally:
        s.game = real


def assert_no_foreign_secrets(s):
    """The markup on screen holds no secret of any seat but ``s.viewer``, which is a person's seat
    (a computer seat's secrets are never kept, so showing them would change the markup below)."""
    g = s.game
    seat = s.viewer if s.viewer not in s.meta["bots"] else None
    html = shown(s)
    for k in range(3):  # other seats' secrets shuffled: the same markup
        assert shown(s, SHAKE[g.GAME_NAME](g, seat, 100 + k)) == html
    boards = re.findall(r'<g class="pboard[^"]*" data-seat="(\d+)">(.*?)(?=<g class="pboard|\Z)', html, re.S)
    assert boards
    for o, markup in boards:
        if int(o) == seat:
            continue
        if g.GAME_NAME == "barcelona":
            assert 'class="hand"' not in markup, o
        else:
            assert 'class="secret"' not in markup and 'class="sx-card"' not in markup, o
    if g.GAME_NAME == "strasbourg":
        for o, p in enumerate(g.st.players):
            if o != seat:
                assert not any(t in html for t in p.tasks + p.dealt), o


# ----- settings -----------------------------------------------------------------------------------------
def test_bots_from_url_and_form():
    s, _ = settings_from_query("?game=strasbourg&players=3&seed=4&bots=1,2&botdelay=0")
    assert s["bots"] == [1, 2]
    assert settings_from_query("game=barcelona")[0]["bots"] == []
    assert settings_from_query("botdelay=0") == (None, None)
    fields = {"game": "barcelona", "players": "3", "kind0": "human", "kind1": "bot", "kind2": "bot", "kind3": "bot"}
    assert settings_from_form(fields)["bots"] == [1, 2]  # seat 3 is not in a 3-player game


@pytest.mark.parametrize(
    "query",
    [
        "game=barcelona&players=2&bots=0,1",
        "game=barcelona&players=2&bots=2",
        "game=barcelona&bots=x",
        "game=barcelona&players=3&bots=1,1",
        "game=barcelona&botdelay=-1",
        "game=barcelona&botdelay=fast",
    ],
)
def test_bad_bot_settings(query):
    with pytest.raises(SetupError):
        settings_from_query(query)


def test_at_least_one_person(session):
    with pytest.raises(SetupError, match="person"):
        session.start(dict(SETTINGS, bots=[0, 1, 2]), 1)
    assert session.game is None


def test_form_keeps_seat_kinds_and_a_person(session):
    session.refresh_form({"game": "barcelona", "players": "3", "kind1": "bot"})
    assert session.form["bots"] == [1]
    html = panels.screen(session)
    assert re.search(r'name="kind1"[^>]*>.*?<option value="bot" selected>Computer', html)
    assert re.search(r'name="kind0"[^>]*>.*?<option value="human" selected>Human', html)
    session.refresh_form({"game": "barcelona", "players": "2", "kind0": "bot", "kind1": "bot"})
    assert session.form["bots"] == [1]  # never all computers


# ----- the stand-in game: screens, saves, undo -------------------------------------------------------------
def test_bot_screen_then_the_person(session):
    session.start(dict(SETTINGS, bots=[1, 2]), 1)
    assert session.screen == "play" and session.seats.to_move() is None
    with pytest.raises(SetupError):
        session.seats.play()
    session.apply("take:1")
    assert session.screen == "bot" and session.seats.to_move() == 1
    assert session.viewer == 0 and session.legal_actions() == [] and not session.can_undo()
    html = panels.screen(session)
    assert "Computer seat — thinking" in html and ">Bo<" in html and 'data-bot="1"' in html
    assert not re.search(r'data-action="(?!ui:)', html)  # nothing to click for the computer
    with pytest.raises(SetupError):
        session.apply("take:1")
    with pytest.raises(SetupError):
        session.hints.request()
    session.seats.play()
    assert session.seats.to_move() == 2
    session.seats.play()
    assert session.screen == "play" and session.game.current_player == 0


def test_history_and_new_game_screen_pause_the_computers(session):
    session.start(dict(SETTINGS, bots=[1]), 1)
    session.apply("pass")
    session.browse.open()
    assert session.seats.to_move() is None
    session.browse.close()
    assert session.seats.to_move() == 1
    session.new_game_screen()
    assert session.seats.to_move() is None
    session.resume()
    assert session.seats.to_move() == 1


def test_hidden_hands_no_handoff_for_computers(session):
    session.start(dict(SETTINGS, hidden=True, bots=[0, 2]), 1)
    assert session.screen == "bot" and session.viewer is None  # the person has not taken the device yet
    session.seats.play()
    assert session.screen == "handoff"  # before the person's private decision
    session.handoff_ok()
    session.apply("pass")
    assert session.screen == "bot" and session.viewer == 1  # one person: it is their device
    session.seats.play()
    session.seats.play()
    assert session.screen == "play"  # back to the same person: no hand-off


def test_hidden_hands_several_people_public_view_while_computers_play(session):
    session.start(dict(SETTINGS, hidden=True, bots=[1]), 1)
    session.handoff_ok()
    session.apply("pass")
    assert session.screen == "bot" and session.viewer is None and session.view()["seat"] is None
    session.seats.play()
    assert session.screen == "handoff"
    session.handoff_ok()
    assert session.viewer == 2


def test_hidden_off_the_last_person_watches(session):
    session.start(dict(SETTINGS, bots=[2]), 1)
    assert session.seats.viewer() == 0  # nobody decided yet: the first person
    session.apply("pass")
    session.apply("pass")  # seat 1 decided last
    assert session.screen == "bot" and session.viewer == 1
    session.seats.play()
    assert session.screen == "play" and session.viewer == 0


def test_saves_keep_seat_kinds_and_old_saves_load(session, bare_session):
    session.start(dict(SETTINGS, bots=[1, 2]), 5)
    session.apply("take:2")
    text = session.save_text()
    assert json.loads(text)["meta"]["bots"] == [1, 2]
    bare_session.load_text(text)
    assert bare_session.meta["bots"] == [1, 2] and bare_session.screen == "bot"
    old = json.loads(text)
    del old["meta"]["bots"]  # a save from before computer seats
    bare_session.load_text(json.dumps(old))
    assert bare_session.meta["bots"] == [] and bare_session.screen == "play"
    for bad in ([0, 1, 2], [3], ["1"], "1", [1, 1]):
        with pytest.raises(RecordError):
            bare_session.load_text(json.dumps(dict(old, meta=dict(old["meta"], bots=bad))))
    assert bare_session.meta["bots"] == []


def test_embed_ignores_computer_seats(session):
    from web.model.history import embed_query

    session.start(dict(SETTINGS, bots=[1]), 5)
    session.apply("pass")
    rec = json.loads(session.save_text())
    e = Session(load_module=session.load_module, load_renderer=session.load_renderer)
    e.open_embed(embed_query(rec, play=True))
    assert e.meta["bots"] == [] and e.screen == "play" and e.seats.to_move() is None


# ----- the real engines ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, players, bots",
    [
        ("barcelona", 2, [1]),
        ("barcelona", 4, [0, 1, 3]),
        ("strasbourg", 3, [1, 2]),
        ("strasbourg", 5, [0, 2, 3, 4]),
    ],
)
def test_computers_advance_to_the_persons_decision(game, players, bots):
    s = real_session(game, players, bots)
    human = next(i for i in range(players) if i not in bots)
    for _ in range(4):
        before = len(s.game.actions)
        played = run_bots(s)
        assert s.screen == "play" and s.game.current_player == human
        assert len(s.game.actions) == before + len(played)
        s.apply(s.game.legal_actions()[0].id)
    assert any(a for a in s.game.actions)


@pytest.mark.parametrize("game, players, bots", [("barcelona", 3, [1, 2]), ("strasbourg", 3, [0, 2])])
def test_bot_moves_legal_deterministic_and_masked(game, players, bots):
    a, b = real_session(game, players, bots, seed=7), real_session(game, players, bots, seed=7)
    checked = 0
    for _ in range(40):
        if a.game.is_over:
            break
        if a.seats.to_move() is None:
            aid = a.game.legal_actions()[-1].id
            a.apply(aid)
            b.apply(aid)
            continue
        legal = [x.id for x in a.game.legal_actions()]
        want = hints.suggest(a.game).id  # the hint logic on a masked copy
        # the bot's secrets kept, every other seat's shuffled: the same choice
        seat = a.game.current_player
        assert hints.suggest(SHAKE[game](a.game, seat, checked + 1)).id == want
        got, again = a.seats.play().id, b.seats.play().id
        assert got == again == want and got in legal
        assert a.game.record() == b.game.record()
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(
    "game, players, bots, hidden",
    [
        ("barcelona", 2, [1], False),
        ("barcelona", 3, [0, 2], True),
        ("barcelona", 4, [1, 3], True),
        ("strasbourg", 3, [1, 2], False),
        ("strasbourg", 4, [0, 1], True),
        ("strasbourg", 5, [1, 2, 4], False),
    ],
)
def test_screen_while_computers_play_holds_no_other_seats_secrets(game, players, bots, hidden):
    s = real_session(game, players, bots, seed=3, hidden=hidden)
    humans = [i for i in range(players) if i not in bots]
    rng, seen = random.Random(3), 0
    for _ in range(60):
        if s.game.is_over:
            break
        if s.screen == "handoff":
            s.handoff_ok()
        elif s.screen == "bot":
            assert s.viewer is None or s.viewer in humans
            assert s.view()["seat"] == s.viewer
            if hidden and len(humans) > 1:
                assert s.viewer is None
            assert_no_foreign_secrets(s)
            seen += 1
            s.seats.play()
        else:
            s.apply(rng.choice(s.game.legal_actions()).id)
    assert seen >= 5


@pytest.mark.parametrize("game, players, bots", [("barcelona", 2, [1]), ("strasbourg", 3, [1, 2])])
def test_person_cannot_undo_a_computers_move(game, players, bots):
    """The engine's undo floor: a computer's move is another seat's decision, so a person's Undo
    stops at it (they can still take back steps of their own turn)."""
    s = real_session(game, players, bots, seed=5)
    checked, start = 0, 0
    for _ in range(80):
        played = run_bots(s)
        if s.game.is_over:
            break
        if played:
            assert not s.can_undo()  # right after the computers: nothing of theirs can be undone
            checked += 1
            start = len(s.game.actions)  # the computers' last move
        s.apply(s.game.legal_actions()[0].id)
        while s.can_undo():
            s.undo()
            assert s.screen == "play" and s.game.current_player not in bots
        assert len(s.game.actions) >= start
        while s.screen == "play":  # then play the person's turn through
            s.apply(s.game.legal_actions()[0].id)
    assert checked >= 3  # a few computer turns suffice: the floor is checked after each one


@pytest.mark.parametrize(
    "game, players, bots",
    [("barcelona", 2, [1]), ("barcelona", 3, [0, 2]), ("strasbourg", 3, [1, 2]), ("strasbourg", 4, [0, 1, 3])],
)
def test_whole_game_one_person_first_action(game, players, bots):
    s = real_session(game, players, bots, seed=9)
    for _ in range(5000):
        if s.screen == "over":
            break
        if s.screen == "bot":
            s.seats.play()
        else:
            assert s.screen == "play" and s.game.current_player not in bots
            s.apply(s.game.legal_actions()[0].id)
    else:
        pytest.fail("the game did not end")
    assert s.game.is_over and s.seats.to_move() is None
    # the save replays to the same end
    t = Session()
    t.load_text(s.save_text())
    assert t.game.is_over and t.meta["bots"] == bots and t.game.scores() == s.game.scores()


def test_history_never_shows_a_computers_view(session):
    session.start(dict(SETTINGS, bots=[1]), 1)
    session.apply("cell:1")
    session.apply("take:1")
    session.seats.play()  # step 3: the computer's move
    session.browse.open()
    h = session.browse.history
    assert [h.viewer(k) for k in range(h.total + 1)] == [0, 0, 0, 2]  # seat 1 decides at step 2
    assert h.label(3) is None and h.label(2) is not None
    session.browse.step(-1)
    assert h.view()["seat"] == 0 and "secret" in h.view()
    assert "Bo" in panels.screen(session)

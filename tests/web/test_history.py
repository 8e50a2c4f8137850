"""History (read-only time travel) and embed links: web/model/history.py and their Session/panels use."""

import base64
import json
import random
import re

import pytest

import engine
import engine.barcelona
import fake_game
from engine.core.errors import RecordError
from web.model import history as H
from web.screens import panels
from web.model.games import SetupError
from web.model.history import embed_query, is_embed_query, parse_embed_query

SETTINGS = {"game": "tiny", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}
MOVES = ["take:1", "cell:0", "take:2", "pass", "cell:3", "take:3", "take:1", "pass"]


def actions_in(html):
    return re.findall(r'data-action="([^"]+)"', html)


def played(session, hidden=False, moves=MOVES):
    session.start(dict(SETTINGS, hidden=hidden), 11)
    for m in moves:
        if session.screen == "handoff":
            session.handoff_ok()
        session.apply(m)
    return session


def prefix(record, k):
    return fake_game.replay(dict(record, actions=record["actions"][:k]))


# ----- History ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("hidden", [False, True])
def test_views_at_each_step_equal_a_replay_of_the_prefix(hidden):
    g = fake_game.new_game(3, 4)
    for m in MOVES:
        g.apply(m)
    rec = g.record()
    h = H.History(rec, fake_game, hidden=hidden)
    assert h.step == h.total == len(MOVES)
    order = [8, 0, 3, 4, 5, 2, 7, 1, 6, 8, 0]  # forwards, backwards and jumps
    for k in order:
        h.go(k)
        want = prefix(rec, k)
        seat = None if hidden else want.current_player
        assert h.view() == want.view(seat)
        assert h.viewer() == seat
        if hidden:
            assert "secret" not in h.view()  # never a seat's secrets with hidden hands
    assert g.record() == rec  # the live game is untouched


def test_stepping_clamps_and_labels():
    g = fake_game.new_game(2, 1)
    for m in ("take:2", "cell:1"):
        g.apply(m)
    h = H.History(g.record(), fake_game, step=1)
    h.prev()
    h.prev()
    assert h.step == 0 and h.label() is None
    h.last()
    h.next()
    assert h.step == 2 and h.label() == "Claim cell 1"
    h.first()
    h.next()
    assert h.label() == "Take 2 coins"
    assert H.History(g.record(), fake_game, hidden=True).label() is None  # labels may name secrets
    with pytest.raises(RecordError, match="out of range"):
        H.History(g.record(), fake_game, step=3)


def test_snapshots_make_steps_cheap_and_are_never_mutated(monkeypatch):
    g = engine.barcelona.new_game(2, 1, layout="printed")
    rng = random.Random(2)
    for _ in range(70):
        g.apply(rng.choice(g.legal_actions()))
    rec = g.record()
    h = H.History(rec, engine.barcelona)
    calls = []
    real = type(g).apply

    def counting(self, a):
        calls.append(a)
        return real(self, a)

    monkeypatch.setattr(type(g), "apply", counting)
    h.game_at(70)
    assert len(calls) == 70
    calls.clear()
    for k in range(69, 40, -1):  # stepping back: at most CHECKPOINT-1 actions per step
        h.go(k)
        h.view()
        assert len(calls) < H.CHECKPOINT
        calls.clear()
    h.go(41)
    h.next()
    h.view()
    assert len(calls) <= 1  # stepping forward from a visited step: one action
    monkeypatch.undo()
    for k in (0, 16, 33, 48, 70):
        assert h.view(k) == engine.barcelona.replay(dict(rec, actions=rec["actions"][:k])).view(
            h.game_at(k).current_player
        )


def test_barcelona_public_view_with_hidden_hands():
    g = engine.barcelona.new_game(2, 90, layout="printed")  # seat 0 holds two working-class citizens
    for a in ("place:0,1:WW", "act:v", "street:h2-1"):
        g.apply(a)
    rec = g.record()
    h = H.History(rec, engine.barcelona, hidden=True)
    for k in range(h.total + 1):
        assert h.view(k) == engine.replay(dict(rec, actions=rec["actions"][:k])).view(None)


# ----- History in the session and on screen ----------------------------------------------------------
def test_session_history_is_read_only_and_back_to_game_restores(session):
    played(session)
    live = session.game
    before, save = live.record(), session.save_text()
    session.browse.open()
    assert session.screen == "history" and session.legal_actions() == []
    html = panels.screen(session)
    acts = actions_in(html)
    assert acts and all(a.startswith("ui:") for a in acts)  # no game action is clickable
    for a in ("ui:hist-prev", "ui:hist-next", "ui:hist-first", "ui:hist-last", "ui:hist-close"):
        assert a in acts
    with pytest.raises(SetupError):
        session.apply("pass")
    session.browse.step(-1)
    session.browse.step(-1)
    assert session.browse.history.step == len(MOVES) - 2
    html = panels.screen(session)
    assert f"Step <b>{len(MOVES) - 2}</b> of {len(MOVES)}" in html
    assert 'class="current"' in html  # the step's log line
    assert not any(not a.startswith("ui:") for a in actions_in(html))
    session.browse.step("first")
    assert 'class="current"' not in panels.screen(session)
    session.browse.close()
    assert session.game is live and live.record() == before and session.save_text() == save
    assert session.screen == "play" and session.saves.autosave


def test_history_log_highlight_marks_the_steps_lines(session):
    played(session)
    session.browse.open()
    session.browse.history.go(3)  # the third action (n == 2) is "take:2"
    html = panels.screen(session)
    current = re.findall(r'<li class="current"[^>]*>(.*?)</li>', html)
    assert current and all("Take 2 coins" in c for c in current)


def test_history_with_hidden_hands_shows_only_public_views(session):
    played(session, hidden=True)
    session.browse.open()
    for k in range(session.browse.history.total + 1):
        session.browse.history.go(k)
        assert session.browse.history.view()["seat"] is None
        html = panels.screen(session)
        assert "secret note" not in html and "Move:" not in html


def test_new_game_and_import_leave_history(session):
    played(session)
    session.browse.open()
    text = session.save_text()
    session.load_text(text)
    assert session.browse.history is None and session.screen == "play"
    session.browse.open()
    session.new_game_screen()
    assert session.browse.history is None and session.screen == "new"


# ----- embed links ---------------------------------------------------------------------------------------
def record_of(moves=MOVES, **meta):
    g = fake_game.new_game(["Ann", "Bo", "Cy"], 11)
    for m in moves:
        g.apply(m)
    rec = g.record()
    if meta:
        rec["meta"] = meta
    return rec


def test_embed_query_round_trip():
    rec = record_of()
    q = embed_query(rec, step=3, controls=True, play=True)
    assert q.startswith("?embed=1&record=") and is_embed_query(q) and "=" not in q.split("record=")[1].split("&")[0]
    assert parse_embed_query(q) == {"record": rec, "step": 3, "controls": True, "play": True}
    assert parse_embed_query(embed_query(rec)) == {"record": rec, "step": len(MOVES), "controls": False, "play": False}
    uni = record_of(moves=[])
    uni["players"] = ["Zoë", "李", "<b>"]
    assert parse_embed_query(embed_query(uni))["record"] == uni
    with pytest.raises(RecordError, match="out of range"):
        embed_query(rec, step=99)
    assert not is_embed_query("?game=barcelona&players=3")


def b64(text):
    return base64.urlsafe_b64encode(text.encode()).decode()


@pytest.mark.parametrize(
    "query, message",
    [
        ("?embed=1&record=%%%", "base64"),
        ("?embed=1&record=abc*", "base64"),
        ("?embed=1&record=" + b64("{not json"), "JSON"),
        ("?embed=1&record=" + b64('"a string"'), "JSON object"),
        ("?embed=1&record=" + b64('{"game": "barcelona"}'), "missing"),
        ("?embed=1", "no record"),
        ("?embed=2&record=x", "embed= must be 1"),
        ("?embed=1&record=x&bogus=1", "unknown embed parameter"),
        ("?embed=1&record=x&record=y", "twice"),
        ("?embed=1&controls=yes&record=x", "controls= must be 0 or 1"),
    ],
)
def test_bad_embed_queries_give_clear_errors(query, message):
    with pytest.raises(RecordError, match=message):
        parse_embed_query(query)


@pytest.mark.parametrize("step", ["-1", "9", "two", "1.5"])
def test_embed_step_out_of_range(step):
    q = embed_query(record_of()) + f"&step={step}"
    with pytest.raises(RecordError, match="out of range|whole number"):
        parse_embed_query(q)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda r: dict(r, actions=r["actions"][:2] + ["take:9"] + r["actions"][3:]),  # illegal id
        lambda r: dict(r, engine="99.0.0"),
        lambda r: dict(r, game="strasbourg"),  # no such engine in the tests
        lambda r: dict(r, meta={"hidden": "yes"}),
        lambda r: dict(r, seed="7"),
    ],
)
def test_tampered_embed_record_is_a_clear_error_not_a_crash(session, tamper):
    q = "?embed=1&record=" + H.encode_record(tamper(record_of()))
    with pytest.raises(ValueError) as e:
        session.open_embed(q)
    assert str(e.value)
    assert session.screen == "embed-error" and not session.saves.autosave
    html = panels.screen(session)
    assert "cannot be shown" in html and "ui:new-game" not in html and "ui:import" not in html


def test_embed_view_only_with_controls(session):
    rec = record_of(hidden=False, colours=["#000000", "#E69F00", "#56B4E9"])
    session.open_embed(embed_query(rec, step=2, controls=True))
    assert session.screen == "history" and session.browse.history.step == 2 and not session.saves.autosave
    assert session.meta["colours"][0] == "#000000"
    assert session.browse.history.view() == prefix(rec, 2).view(prefix(rec, 2).current_player)
    html = panels.screen(session)
    acts = actions_in(html)
    assert all(a.startswith("ui:") for a in acts)
    assert {"ui:hist-prev", "ui:hist-next", "ui:zoom-in"} <= set(acts)
    for gone in ("ui:new-game", "ui:import", "ui:export", "ui:hist-close", "ui:history"):
        assert gone not in acts
    session.browse.step(1)
    assert session.browse.history.step == 3
    with pytest.raises(SetupError):
        session.browse.close()
    with pytest.raises(SetupError):
        session.load_text(json.dumps(rec))


def test_embed_without_controls_cannot_step(session):
    session.open_embed(embed_query(record_of(), step=1))
    assert "ui:hist-next" not in actions_in(panels.screen(session))
    with pytest.raises(SetupError):
        session.browse.step(1)


def test_embed_play_continues_from_the_step_and_resets(session):
    rec = record_of()
    session.open_embed(embed_query(rec, step=2, play=True, controls=True))
    assert session.screen == "play" and session.game.actions == rec["actions"][:2] and not session.saves.autosave
    acts = actions_in(panels.screen(session))
    assert "ui:history" in acts and "ui:embed-reset" in acts and "ui:new-game" not in acts
    session.apply("pass")
    session.browse.open()
    assert session.browse.history.total == 3
    session.browse.close()
    session.embed_reset()
    assert session.game.actions == rec["actions"][:2]


def test_embed_hidden_hands_record_shows_public_view(session):
    rec = record_of(hidden=True)
    session.open_embed(embed_query(rec, controls=True))
    for k in range(len(MOVES) + 1):
        session.browse.history.go(k)
        assert session.browse.history.view()["seat"] is None
        assert "secret" not in panels.screen(session)

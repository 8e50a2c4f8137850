"""History by turn and by round (issue 52): web/model/history.py ``turn_stops`` / ``round_stops`` /
``open_at``, the History bar's turn and round buttons and their keys. A turn is a seat's run of
decisions; a round is ``Game.round_index`` (Strasbourg's five rounds, Barcelona's every seat's
turn once). With hidden hands the stops are public steps only: they tell nothing the single
steps do not."""

import random
import re

import pytest

import engine
from engine.core import registry
from web.model import history as H
from web.screens import keys, panels


def _record(name, n, seed):
    g = registry.get(name).new_game([f"P{i}" for i in range(n)], seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()).id)
    return g.record()


def _replayed(module, rec):
    """(seat to act, round) after each number of actions, replayed here independently."""
    g = module.replay(dict(rec, actions=[]))
    out = []
    for k in range(len(rec["actions"]) + 1):
        out.append((None if g.is_over else g.current_player, g.round_index()))
        if k < len(rec["actions"]):
            g.apply(rec["actions"][k])
    return out


@pytest.mark.parametrize("name,n,seed,rounds", [("barcelona", 3, 1, None), ("strasbourg", 4, 2, 5)])
def test_turn_and_round_stops_are_where_the_seat_and_the_round_change(name, n, seed, rounds):
    module = engine.game_module(name)
    rec = _record(name, n, seed)
    h = H.History(rec, module)
    marks = _replayed(module, rec)
    total = len(rec["actions"])
    want_turns = [0] + [k for k in range(1, total) if marks[k][0] != marks[k - 1][0]] + [total]
    want_rounds = [0] + [k for k in range(1, total) if marks[k][1] != marks[k - 1][1]] + [total]
    assert h.turn_stops() == want_turns
    assert h.round_stops() == want_rounds
    assert set(h.round_stops()) <= set(h.turn_stops())  # a round begins with a turn
    if rounds:  # Strasbourg: rounds 2..5 begin, then the end (the fifth council ends the game)
        assert len(h.round_stops()) == rounds + 1
    else:  # Barcelona: a round is each seat's turn once
        assert all(marks[k][1] == marks[k - 1][1] + 1 for k in want_rounds[1:-1])
    # stepping by turn visits exactly the turn stops, forward and back
    h.first()
    seen = [h.step]
    while h.step < total:
        h.jump("turn", 1)
        seen.append(h.step)
    assert seen == h.turn_stops()
    back = [h.step]
    while h.step > 0:
        h.jump("turn", -1)
        back.append(h.step)
    assert back == list(reversed(seen))
    h.go(want_turns[3] + 1)  # inside a turn: back goes to its start
    h.jump("turn", -1)
    assert h.step == want_turns[3]
    h.jump("round", 1)
    assert h.step == min(k for k in want_rounds if k > want_turns[3])


def test_open_at_an_action_index():
    rec = _record("barcelona", 2, 3)
    h = H.History(rec, engine.game_module("barcelona"))
    h.open_at(17)
    assert h.step == 17
    hidden = H.History(rec, engine.game_module("barcelona"), hidden=True)
    hidden.open_at(17)
    assert hidden.step == max(s for s in hidden.stops if s <= 17)


@pytest.mark.parametrize("name,n,seed", [("strasbourg", 3, 4), ("barcelona", 3, 2)])
def test_with_hidden_hands_the_stops_are_public_steps(name, n, seed):
    module = engine.game_module(name)
    rec = _record(name, n, seed)
    h = H.History(rec, module, hidden=True)
    assert set(h.turn_stops()) <= set(h.stops) and set(h.round_stops()) <= set(h.stops)
    for k in h.turn_stops()[1:-1]:  # the seat to act there is on the public screen
        assert h.game_at(k).view(None)["current_player"] == h.game_at(k).current_player


def test_the_history_bar_has_turn_and_round_buttons_and_keys(session):
    session.start({"game": "strasbourg", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}, 5)
    rng = random.Random(5)
    for _ in range(60):
        session.apply(rng.choice(session.game.legal_actions()).id)
    session.browse.open()
    html = panels.screen(session)
    acts = re.findall(r'data-action="([^"]+)"', html)
    for a in ("ui:hist-turn-prev", "ui:hist-turn-next", "ui:hist-round-prev", "ui:hist-round-next"):
        assert a in acts
    assert re.search(r"turn \d+ of \d+ · round \d", html)
    before = session.browse.history.step
    session.browse.step(("turn", -1))
    assert session.browse.history.step < before
    session.browse.step(("round", -1))
    assert session.browse.history.step in session.browse.history.round_stops()
    assert keys.shortcut(",") == '[data-action="ui:hist-turn-prev"]'
    assert keys.shortcut(">") == '[data-action="ui:hist-round-next"]'


def test_a_game_without_rounds_offers_turns_only(session):
    session.start({"game": "tiny", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}, 11)
    for m in ["take:1", "cell:0", "take:2", "pass"]:
        session.apply(m)
    session.browse.open()
    acts = re.findall(r'data-action="([^"]+)"', panels.screen(session))
    assert "ui:hist-turn-next" in acts and "ui:hist-round-next" not in acts

"""The solo game against Gaudí in the app model (web/model/session.py, web/screens/panels.py,
web/boards/barcelona/gaudi.py): the form, his turn shown step by step, his marks, the end screen."""

import random
import re

from web.screens import form_panels, panels
from web.boards.barcelona import render
from web.model.session import Session
from web.model.settings import check_settings


def solo_session(seed=5, **options):
    s = Session()
    s.start({"game": "barcelona", "players": 1, "names": ["Ann"], "options": options}, seed)
    return s


def test_form_offers_one_player_against_gaudi_and_his_options_only_then():
    s = Session()
    s.refresh_form({"game": "barcelona", "players": "3"})
    html = form_panels.new_game_form(s.form, s.available())
    assert "1 player (against Gaudí)" in html
    assert 'data-option="difficulty"' not in html and 'data-option="rules"' not in html
    s.refresh_form({"game": "barcelona", "players": "1"})
    html = form_panels.new_game_form(s.form, s.available())
    assert 'data-option="difficulty"' in html and 'value="2.0"' in html and "Gaudí&#x27;s difficulty" in html


def test_solo_options_keep_their_defaults_at_other_counts():
    s = check_settings({"game": "barcelona", "players": 3, "options": {"difficulty": "hard", "rules": "2.0"}})
    assert s["options"] == {"layout": "printed"}  # not part of a 3-player game at all
    s = check_settings({"game": "barcelona", "players": 1, "options": {"difficulty": "hard"}})
    assert s["options"]["difficulty"] == "hard"


def test_gaudis_turn_is_shown_one_step_per_computer_move():
    s = solo_session()
    rng = random.Random(1)
    while s.screen == "play":
        s.apply(rng.choice(s.legal_actions()).id)
    assert s.screen == "bot" and s.seats.to_move() == "auto" and s.legal_actions() == []
    steps = s.game.solo["steps"]
    assert len(steps) >= 2 and [x["text"] for x in s.view()["gaudi"]["last_turn"]] == [steps[0]["text"]]
    shown = 1
    while s.seats.to_move() == "auto":
        html = panels.screen(s)
        assert html.count("<li>", html.index('class="auto-steps"')) >= shown
        before = s.seats.progress()
        s.seats.play()
        assert s.seats.progress() != before  # main.py's "the step changed something"
        shown += 1
    assert shown == len(steps) and s.screen == "play"
    marks = s.flow.highlights(s.view())["lastmove"].get(1, [])
    assert marks == [x["mark"] for x in steps if x.get("mark")]


def test_gaudi_is_drawn_and_the_end_screen_shows_his_breakdown():
    s = solo_session(difficulty="hard")
    rng = random.Random(2)
    while s.screen != "over":
        if s.screen == "bot":
            s.seats.play()
        else:
            s.apply(rng.choice(s.legal_actions()).id)
    v = s.view()
    svg, _ = render(v, [])
    assert "Gaudí&#x27;s pawn" in svg or "Gaudí's pawn" in svg
    assert 'data-seat="1"' in svg  # his board
    html = panels.screen(s)
    won = s.game.winners() == [0]
    assert re.search(r'<p class="winners">(.*?)</p>', html).group(1) == ("Ann wins!" if won else "Gaudí wins!")
    assert 'title="Gaudí"' in html and "Gaudí Rewards (end)" in html
    assert str(v["gaudi"]["score"]) in html


def _gaudi_builds_in_his_turn():
    """A position set up directly: his turn places 2 citizens, then builds at block B1 (b01)."""
    from engine.barcelona import new_game, solo_turn

    g = new_game(1, seed=0)
    g.citizens.clear()
    for rc in ((0, 1), (0, 2), (1, 1)):
        g.citizens[rc] = ["U"]
    g.solo["pawn"] = (0, 1)
    solo_turn.gaudi_turn(g)
    return g


def test_the_board_shows_the_table_as_it_stood_after_the_step_shown():
    """His turn shown step by step: the board drawn while step k is on screen is the table after
    step k (view["gaudi"]["last_turn"][k]["table"]), without any later step's pieces; once every
    step is shown, the live table."""
    from web.model.automaton import as_of_step

    g = _gaudi_builds_in_his_turn()
    v = g.view(0)
    kinds = [x["step"] for x in v["gaudi"]["last_turn"]]
    place, build = kinds.index("place"), kinds.index("build")
    placed = v["gaudi"]["last_turn"][place]["mark"].split(":")[1]  # "R,C"
    r, c = (int(x) for x in placed.split(","))
    cross = f'{"ABCDE"[c]}{r + 1}: citizens'  # his placed citizens' tooltip
    building = "L3 building; building markers (bottom first): Gaudí"  # his building at b01

    def board(shown):
        return render(as_of_step(v, shown), [])[0]

    first, placing, built, live = board(1), board(place + 1), board(build + 1), render(v, [])[0]
    assert cross not in first and building not in first  # the card only
    assert cross in placing and building not in placing  # his citizens, no building yet
    assert building in built and building in live
    assert as_of_step(v, len(kinds))["board"]["citizens"] == v["board"]["citizens"]
    assert [x["step"] for x in as_of_step(v, 2)["gaudi"]["last_turn"]] == kinds[:2]


def test_the_session_draws_each_shown_steps_table():
    """While his steps are being shown, Session.view() (what the board and the text panel draw)
    is the table after the last step shown."""
    s = solo_session()
    rng = random.Random(1)
    while s.screen == "play":
        s.apply(rng.choice(s.legal_actions()).id)
    steps = s.game.view(0)["gaudi"]["last_turn"]
    seen = []
    while s.seats.to_move() == "auto":
        v = s.view()
        # a step's table holds the parts it changed: the board is that of the latest step with one
        board = [x["table"]["board"] for x in steps[: s.auto.shown] if "board" in x["table"]][-1]
        assert v["board"]["citizens"] == board["citizens"]
        assert v["gaudi"]["pawn"] == steps[s.auto.shown - 1]["table"]["gaudi"]["pawn"]
        seen.append(v["board"]["citizens"])
        s.seats.play()
    assert seen[0] != s.view()["board"]["citizens"]  # his placed citizens came with a later step


def test_his_turn_goes_on_step_by_step_after_the_humans_reward_inside_it():
    """Gaudí placing on the human's intersection: the human chooses the reward inside his turn
    (RULEBOOK p.8; tests/barcelona/test_solo_owner_reward.py), then the rest of his turn is shown
    step by step from the first step not yet shown."""
    from tests.barcelona.test_solo_owner_reward import REPRO

    s = Session()
    s.start(
        {
            "game": "barcelona",
            "players": 1,
            "names": ["Ann"],
            "options": {"rules": "original", "difficulty": "easy", "layout": "printed"},
        },
        36,
    )
    for aid in REPRO:
        while s.screen == "bot":
            s.seats.play()
        s.apply(aid)
    while s.screen == "bot":
        s.seats.play()
    assert s.screen == "play" and s.view()["decision"] == "owner"
    assert [x["step"] for x in s.game.solo["steps"]] == ["card", "place"]
    s.apply("owner:1")
    assert s.screen == "bot" and s.seats.to_move() == "auto" and s.auto.shown == 3
    assert len(s.view()["gaudi"]["last_turn"]) == 3 < len(s.game.solo["steps"])
    while s.seats.to_move() == "auto":
        s.seats.play()
    assert s.auto.shown == len(s.game.solo["steps"]) and s.view()["decision"] == "place"

"""The solo game against Gaudí in the app model (web/session.py, web/panels.py,
web/render_barcelona/gaudi.py): the form, his turn shown step by step, his marks, the end screen."""
import random
import re

from web import panels
from web.render_barcelona import render
from web.session import Session, check_settings


def solo_session(seed=5, **options):
    s = Session()
    s.start({"game": "barcelona", "players": 1, "names": ["Ann"], "options": options}, seed)
    return s


def test_form_offers_one_player_against_gaudi_and_his_options_only_then():
    s = Session()
    s.refresh_form({"game": "barcelona", "players": "3"})
    html = panels.new_game_form(s.form, s.available())
    assert "1 player (against Gaudí)" in html
    assert 'data-option="difficulty"' not in html and 'data-option="rules"' not in html
    s.refresh_form({"game": "barcelona", "players": "1"})
    html = panels.new_game_form(s.form, s.available())
    assert 'data-option="difficulty"' in html and 'value="2.0"' in html and "Gaudí&#x27;s difficulty" in html


def test_solo_options_keep_their_defaults_at_other_counts():
    s = check_settings({"game": "barcelona", "players": 3, "options": {"difficulty": "hard", "rules": "2.0"}})
    assert s["options"] == {"layout": "printed"}       # not part of a 3-player game at all
    s = check_settings({"game": "barcelona", "players": 1, "options": {"difficulty": "hard"}})
    assert s["options"]["difficulty"] == "hard"


def test_gaudis_turn_is_shown_one_step_per_computer_move():
    s = solo_session()
    rng = random.Random(1)
    while s.screen == "play":
        s.apply(rng.choice(s.legal_actions()).id)
    assert s.screen == "bot" and s.bot_to_move() == "auto" and s.legal_actions() == []
    steps = s.auto_steps()
    assert len(steps) >= 2 and s.view()["gaudi"]["last_turn"] == steps[:1]
    shown = 1
    while s.bot_to_move() == "auto":
        html = panels.screen(s)
        assert html.count("<li>", html.index('class="auto-steps"')) >= shown
        before = s.progress()
        s.play_bot_move()
        assert s.progress() != before           # main.py's "the step changed something"
        shown += 1
    assert shown == len(steps) and s.screen == "play"
    marks = s.turn_highlights(s.view())["lastmove"].get(1, [])
    assert marks == [x["mark"] for x in steps if x.get("mark")]


def test_gaudi_is_drawn_and_the_end_screen_shows_his_breakdown():
    s = solo_session(difficulty="hard")
    rng = random.Random(2)
    while s.screen != "over":
        if s.screen == "bot":
            s.play_bot_move()
        else:
            s.apply(rng.choice(s.legal_actions()).id)
    v = s.view()
    svg, _ = render(v, [])
    assert "Gaudí&#x27;s pawn" in svg or "Gaudí's pawn" in svg
    assert 'data-seat="1"' in svg                                # his board
    html = panels.screen(s)
    won = s.game.winners() == [0]
    assert re.search(r'<p class="winners">(.*?)</p>', html).group(1) == ("Ann wins!" if won else "Gaudí wins!")
    assert 'title="Gaudí"' in html and "Gaudí Rewards (end)" in html
    assert str(v["gaudi"]["score"]) in html

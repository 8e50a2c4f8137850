import re

from web import panels

SETTINGS = {"game": "barcelona", "players": 3, "names": ["Ann", "<b>Bo</b>", "Cy"], "hidden": False}


def actions_in(html):
    return re.findall(r'data-action="([^"]+)"', html)


def test_new_game_screen(session):
    html = panels.screen(session)
    assert 'data-action="ui:start"' in html and 'name="layout"' in html
    assert "not available yet" in html  # strasbourg has no engine in these tests


def test_board_actions_not_duplicated_as_buttons(session):
    session.start(SETTINGS, 3)
    html = panels.screen(session)
    acts = actions_in(html)
    for a in session.game.legal_actions():
        assert acts.count(a.id) == 1, a.id  # either on the board or in the panel, once
    assert 'class="board"' in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo</b>" not in html


def test_without_renderer_every_action_is_a_button_grouped_by_kind(bare_session):
    bare_session.start(SETTINGS, 3)
    html = panels.screen(bare_session)
    assert 'class="board"' not in html
    assert set(a.id for a in bare_session.game.legal_actions()) <= set(actions_in(html))
    assert 'data-kind="take"' in html and 'data-kind="cell"' in html


def test_undo_button_state(session):
    session.start(SETTINGS, 3)
    assert re.search(r'data-action="ui:undo"[^>]*disabled', panels.screen(session))
    session.apply("cell:2")
    assert not re.search(r'data-action="ui:undo"[^>]*disabled', panels.screen(session))


def test_handoff_screen_shows_no_view(session):
    session.start(dict(SETTINGS, hidden=True), 3)
    html = panels.screen(session)
    assert 'data-action="ui:handoff-ok"' in html and "Pass the device to Ann" in html
    assert "secret" not in html and "Log" not in html and 'class="board"' not in html


def test_only_own_private_log_entries(session):
    session.start(dict(SETTINGS, hidden=True), 3)
    session.handoff_ok()
    session.apply("pass")
    session.handoff_ok()
    html = panels.screen(session)
    assert "secret note for Ann" not in html


def test_end_screen(session):
    session.start(SETTINGS, 3)
    while not session.game.is_over:
        session.apply("take:1" if session.game.current_player == 0 else "pass")
    html = panels.screen(session)
    assert "Game over" in html and "Ann wins!" in html and "Ties are shared." in html
    assert '<svg class="chart"' in html and html.count("<polyline") == 3
    assert 'data-action="ui:new-game"' in html
    assert 'class="btn act"' not in html


def test_chart_handles_flat_and_empty_history():
    assert panels.score_chart([], ["a"], ["#000000"]) == ""
    svg = panels.score_chart([[0, 0]], ["a", "b"], ["#000000", "#E69F00"])
    assert svg.count("<polyline") == 2

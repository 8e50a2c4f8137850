import random
import re

import pytest

from engine.core import registry
from engine.core.registry import GameSpec
from web.screens import panels, score_panels
from web.model.games import games
from web.model.session import Session
from web.i18n import tr

SETTINGS = {"game": "tiny", "players": 3, "names": ["Ann", "<b>Bo</b>", "Cy"], "hidden": False}


def actions_in(html):
    return re.findall(r'data-action="([^"]+)"', html)


def test_new_game_screen(session):
    html = panels.screen(session)
    assert 'data-action="ui:start"' in html and 'name="layout"' in html  # Barcelona's option, from its spec
    assert 'name="rounds"' not in html
    for spec in games():  # every registered game, with its title and player counts
        lo, hi = spec.player_counts[0], spec.player_counts[-1]
        assert f'<option value="{spec.name}"' in html and f"{spec.title} ({lo}-{hi} players)" in html
    session.refresh_form({"game": "tiny", "players": "2"})
    html = panels.screen(session)
    assert 'name="layout"' not in html
    assert re.search(
        r'<input type="radio" name="rounds" value="3" checked> 3</label>'
        r'<label class="radio"><input type="radio" name="rounds" value="5"> 5',
        html,
    )
    assert re.findall(r'name="players"[^>]*>(.*?)</select>', html) == [
        '<option value="2" selected>2</option><option value="3">3</option><option value="4">4</option>'
    ]  # the spec's counts; the count the form said stays (the game has it)


def test_new_game_screen_says_which_engine_is_missing(session, tiny):
    registry.register(GameSpec(**{**tiny.__dict__, "module": "no_such_engine_module"}))
    assert "Tiny (2-4 players) — not available yet" in panels.screen(session)


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
    # no renderer, no table: the kind as a word, never "TAKE"/"take"
    assert "<h3>Take</h3>" in html and "<h3>Cell</h3>" in html and "<h3>Take coins</h3>" not in html


def test_group_headings_come_from_the_games_table(session):
    session.start(SETTINGS, 3)
    session.apply("cell:1")  # take/pass remain as buttons
    html = panels.screen(session)
    assert "<h3>Take coins</h3>" in html and "<h3>Pass</h3>" in html


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
    assert score_panels.score_chart([], ["a"], ["#000000"]) == ""
    svg = score_panels.score_chart([[0, 0]], ["a", "b"], ["#000000", "#E69F00"])
    assert svg.count("<polyline") == 2


# ----- the real games: headings and score tables (issue 7 bugs) -----------------------------------------
def playout(name, players, seed, stop=None):
    """A seeded random game; yields the session before every decision (until ``stop`` decisions)."""
    s = Session()
    s.start({"game": name, "players": players}, seed)
    rng = random.Random(seed)
    k = 0
    while not s.game.is_over and (stop is None or k < stop):
        yield s
        s.apply(rng.choice(s.game.legal_actions()).id)
        k += 1
    yield s


@pytest.mark.parametrize("name, players", [("barcelona", 2), ("barcelona", 4), ("strasbourg", 3), ("strasbourg", 5)])
def test_every_action_kind_has_a_readable_heading(name, players):
    """Issue 7 bug: decision groups were headed with internal words ("ACT", "KEEP", "NO-SHOP").
    Every kind the engine offers has a heading in its game's one table (the renderer's ACTION_GROUPS)."""
    s = Session()
    table = s.action_groups(name)
    kinds = set()
    for seed in (1, 2):
        for live in playout(name, players, seed):
            kinds |= {a.kind for a in live.game.legal_actions()}
    missing = sorted(k for k in kinds if k not in table)
    assert not missing, f"{name}: no heading for {missing}"
    for kind, heading in table.items():
        assert heading != kind and heading[:1].isupper() and heading.upper() != heading, (kind, heading)


def test_headings_on_screen_for_strasbourg_tasks():
    s = next(playout("strasbourg", 3, 1))
    html = panels.screen(s)
    heads = re.findall(r"<h3>([^<]*)</h3>", html)
    assert heads and "Keep your tasks" in heads and "Keep" not in heads


def table_rows(html):
    """{row heading: [cells]} of the first score table in ``html``."""
    table = re.search(r'<table class="scores">(.*?)</table>', html, re.S).group(1)
    body = table.split("<tbody>")[1]
    rows = {}
    for head, cells in re.findall(r"<tr[^>]*><th>([^<]*)</th>(.*?)</tr>", body):
        rows[head] = [int(x) for x in re.findall(r"<td[^>]*>(-?\d+)</td>", cells)]
    return rows


@pytest.mark.parametrize("name, players", [("strasbourg", 3), ("barcelona", 3)])
def test_score_table_total_is_the_sum_of_its_rows(name, players):
    """Issue 7 bug: Strasbourg's table showed category rows "as if the game ended now" above a Total
    of prestige only. The total row is the sum of the rows, named for what it is; the score so far
    has its own row when it differs."""
    checked = projected = 0
    for s in playout(name, players, 5):
        if checked % 7 == 0 or s.game.is_over:
            view = s.view()
            rows = table_rows(panels.screen(s))
            label = "Total" if "Total" in rows else "If the game ended now"
            cats = [v for k, v in rows.items() if k not in (label, "Score now")]
            assert [sum(c) for c in zip(*cats)] == rows[label] or not cats
            if label != "Total":
                projected += 1
                assert rows["Score now"] == view["scores"] and not view["is_over"]
            else:
                assert rows["Total"] == view["scores"]
            if s.game.is_over:
                assert label == "Total"
        checked += 1
    assert name == "barcelona" or projected > 0


def test_score_table_labels():
    html = score_panels.score_table(
        ["a", "b"], ["#000000", "#E69F00"], [{"council": 2, "shops": 3}, {"council": 1, "shops": 0}], [2, 1], over=False
    )
    assert "<th>If the game ended now</th><td>5</td><td>1</td>" in html
    assert '<tr class="now"><th>Score now</th><td>2</td><td>1</td>' in html
    assert "<th>Council</th>" in html
    html = score_panels.score_table(["a", "b"], ["#000000", "#E69F00"], [{"vp": 2}, {"vp": 1}], [2, 1], over=False)
    assert "<th>Total</th><td>2</td><td>1</td>" in html and "Score now" not in html


def test_labels_count_nouns_right():
    """Issue 7 bug "keep 1 coins": every engine label counts its nouns ("1 coin", "2 coins"), and
    no label hedges with "(s)". Checked over seeded random games of both games."""
    import random
    import re
    import engine

    bad = re.compile(r"\b1 (coins|cards|task cards|stacks)\b|\(s\)")
    for name, n in (("barcelona", 2), ("strasbourg", 3)):
        g, rng = engine.game_module(name).new_game(n, 11), random.Random(11)
        for _ in range(400):
            if g.is_over:
                break
            legal = g.legal_actions()
            for a in legal:
                assert not bad.search(tr(a.label)), a.label
            g.apply(rng.choice(legal).id)
        for e in g.log:
            assert not bad.search(tr(e["text"])), e["text"]


def test_the_new_game_form_leads_to_the_chosen_games_tutorial(session):
    """Audit (issue 51): the new-game form had no way to the tutorials. A game with a tutorial page
    offers it there, in the active language; a game without one offers nothing."""
    from web import i18n
    from web.screens import panels

    session.refresh_form({"game": "barcelona", "players": "3"})
    html = panels.screen(session)
    form = html.split('id="new-game"')[1].split("</form>")[0]
    assert 'class="learn"' in form and 'href="tutorial/barcelona.html"' in form and 'target="_blank"' in form
    i18n.activate("de")
    try:
        assert 'href="tutorial/barcelona.html?lang=de"' in panels.screen(session)
    finally:
        i18n.activate("en")
    session.refresh_form({"game": "strasbourg", "players": "3"})
    form = panels.screen(session).split('id="new-game"')[1].split("</form>")[0]
    assert 'class="learn"' in form and 'href="tutorial/strasbourg.html"' in form  # its page, too

"""Strasbourg's stacking with more choices than the tray holds (web/boards/strasbourg/stacking.py,
docs/architecture.md "Page layout"): the tray's first step (which card) and the pick's second
(which stack) reach every legal stacking id exactly once, with the engine's own labels.
Rulebook p.6 (plotting: each drawn card goes on a stack, an existing one or a new one)."""

import random

import engine.strasbourg as S
from web.boards.strasbourg import RENDERER
from web.screens.table_panels import TRAY_MAX, tray


def _positions(seed, want=5):
    g = S.new_game(3, seed)
    rng = random.Random(seed)
    found = []
    for _ in range(400):
        if g.is_over or len(found) >= want:
            break
        legal = g.legal_actions()
        if sum(a.id.startswith(("put:", "rest:")) for a in legal) > TRAY_MAX:
            found.append(legal)
        draw = [a for a in legal if a.id == "draw"]
        g.apply(draw[0] if draw and rng.random() < 0.85 else rng.choice(legal))
    return found


def test_every_stacking_choice_is_one_pick_away():
    seen = 0
    for seed in (20, 3, 8):
        for legal in _positions(seed):
            ids = {a.id for a in legal if a.id.startswith(("put:", "rest:"))}
            picks = RENDERER.tray_picks(legal, ids)
            assert picks, "no first step for a stacking decision"
            reached = []
            for key, _label, stands in picks:
                sentence, acts = RENDERER.pick_options(legal, key)
                assert {a.id for a in acts} == set(stands)
                assert all(a in legal for a in acts)  # the legal Actions themselves: labels and all
                reached += [a.id for a in acts]
            assert sorted(reached) == sorted(ids)
            html = tray(legal, ids, picks=picks, picked=picks[0][0])
            assert html.count('data-action="ui:pick:') == len(picks) and 'aria-pressed="true"' in html
            seen += 1
    assert seen >= 3


def test_other_choices_get_no_stacking_picks():
    g = S.new_game(3, 1)
    legal = g.legal_actions()  # choosing task cards
    assert RENDERER.tray_picks(legal, {a.id for a in legal}) == []
    assert RENDERER.pick_options(legal, "put:6") is None


def test_the_second_step_goes_on_in_the_tray_under_the_board():
    """Issue 51: the stacks for the card picked in the tray floated over the board on a phone;
    they now take the tray's place (under the board), and their Cancel names the choices it
    brings back (the other cards', data-stands-for)."""
    import re

    from web.model.session import Session
    from web.screens import panels

    g = S.new_game(3, 20)
    rng = random.Random(20)
    while sum(a.id.startswith(("put:", "rest:")) for a in g.legal_actions()) <= TRAY_MAX:
        legal = g.legal_actions()
        draw = [a for a in legal if a.id == "draw"]
        g.apply(draw[0] if draw and rng.random() < 0.85 else rng.choice(legal))
    s = Session()
    s.game, s.choosing = g, False
    legal = g.legal_actions()
    picks = RENDERER.tray_picks(legal, {a.id for a in legal})
    s.pick_at(picks[0][0])
    html = panels.screen(s)
    tray_html = html[html.index('<div class="tray"') :]
    bar = html[html.index('<section class="decision"') : html.index('<div class="tray"')]
    assert '<section class="pick"' in tray_html and '<section class="pick"' not in bar
    assert 'data-action="ui:pick:put:' not in tray_html  # the first step gives way to the second
    back = re.search(r'data-action="ui:pick-cancel" data-stands-for="([^"]+)"', tray_html)
    assert back and set(back.group(1).split()) == {a for _, _, ids in picks[1:] for a in ids}

"""The Hint says why (issue 51): one line of what the suggested move gains, by the evaluation the
game's computer levels use (web/model/hints.py ``why``, engine/core/why.py, each game's
``explain``), in every language, and never anything the deciding seat may not see."""

import random

import pytest

import engine
from secrets_shaker import SHAKE
from web import i18n
from web.model import hints
from web.screens import panels

LANGS = ("en", "de", "es", "zh_Hans", "zh_Hant")


def _positions(name, seed, n, players=3, every=3):
    g, rng = engine.game_module(name).new_game(players, seed=seed), random.Random(seed)
    for k in range(n):
        if g.is_over:
            break
        if k % every == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))


def _keys(m, out):
    if isinstance(m, dict):
        if "key" in m:
            out.add(m["key"])
        for v in m.values():
            _keys(v, out)
    elif isinstance(m, list):
        for v in m:
            _keys(v, out)
    return out


def test_barcelona_hint_says_what_it_gains_and_how_it_compares():
    said = []
    for g in _positions("barcelona", 5, 45):
        a = hints.suggest(g)
        why = hints.why(g, a)
        if why is None:
            continue
        assert why["key"] == "core.why.line"
        said.append(why)
        for lang in LANGS:
            i18n.activate(lang)
            words = i18n.tr(why)
            assert words and "core.why" not in words and "bcn." not in words, (lang, words)
        i18n.activate("en")
    i18n.activate("en")
    keys = set().union(*(_keys(w, set()) for w in said))
    assert len(said) >= 10
    assert {"core.why.now", "core.why.turn"} <= keys  # a step's own gain, a placement's turn
    assert keys & {"core.why.better", "core.why.close"}  # compared with the next best
    assert any(k.startswith("bcn.delta.") for k in keys)  # the log's words: "+3 VP", "Cerdà +1"


def test_the_why_of_a_better_move_names_its_margin_by_the_bots_evaluation():
    """A step whose options the evaluation tells apart: "about N VP better" is the gap between
    the hinted option's value and the next best, by bot.evaluate (the Normal level's)."""
    from engine.barcelona import bot

    checked = 0
    for g in _positions("barcelona", 2, 90, every=1):
        legal = g.legal_actions()
        if legal[0].id.startswith("place:") or len(legal) < 2:
            continue
        seat = g.current_player
        values = []
        for a in legal:
            h = g.masked_for(seat, hints.MASK_SEED)
            h.apply(a.id)
            values.append(bot.evaluate(h, seat))
        best = max(range(len(legal)), key=lambda i: values[i])
        margin = values[best] - max(v for i, v in enumerate(values) if i != best)
        why = hints.why(g, legal[best])
        keys = _keys(why, set()) if why else set()
        if margin >= 0.5:
            assert "core.why.better" in keys
            n = [m for m in _iter(why) if m.get("key") == "core.why.better"][0]["n"]
            assert n == round(margin)
            checked += 1
    assert checked >= 3


def _iter(m):
    if isinstance(m, dict):
        yield m
        for v in m.values():
            yield from _iter(v)
    elif isinstance(m, list):
        for v in m:
            yield from _iter(v)


def test_strasbourg_hint_tells_points_when_the_move_scores():
    said = 0
    for g in _positions("strasbourg", 3, 400, every=1):
        a = hints.suggest(g)
        why = hints.why(g, a)
        if why is not None and "str.why.vp" in _keys(why, set()):
            words = i18n.tr(why)
            assert words.startswith("Why: ") and " VP" in words, words
            said += 1
    assert said >= 2


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_why_does_not_depend_on_other_seats_secrets(name):
    seen = 0
    for g in _positions(name, 1, 90, every=9):
        seat = g.current_player
        a = hints.suggest(g)
        want = hints.why(g, a)
        for k in range(2):
            h = SHAKE[name](g, seat, 10 + k)
            assert h.view(seat) == g.view(seat)
            assert hints.why(h, h.find_action(a.id)) == want
            seen += 1
    assert seen >= 6


def test_the_why_line_is_shown_under_the_hint(session):
    session.start({"game": "barcelona", "players": 2, "names": ["Ann", "Bo"], "hidden": False}, 7)
    session.suggest = lambda g, level=None: hints.suggest(g)
    session.hints.request()
    why = session.hints.reason
    assert why is not None
    html = panels.screen(session)
    assert 'class="hint-why"' in html and i18n.tr(why).split(":")[0] in html

"""The renderer contract (web/base/renderer.py) over every registered game: each renderer package
declares a ``Renderer`` whose drawing functions take the one declared set of keywords, and it
draws every seat's view of a few seeded positions (start, mid-game, end) as well-formed SVG in
which every action id it says it drew is a ``data-action`` target (a two-step ``ui:pick:``
target stands for the ids it leads to: pick_options lists them)."""

import inspect
import random
import xml.etree.ElementTree as ET
from html import escape

import pytest

from engine.core import registry
from web.base import renderer
from web.kit.svgkit import Region

GAMES = [s.name for s in registry.specs()]
MID = 40  # random moves into a game for the mid-game position
END_CAP = 4000  # actions at most on the way to the end


def _keywords(fn):
    params = inspect.signature(fn).parameters
    positional = [n for n, p in params.items() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keyword = {n for n, p in params.items() if p.kind == p.KEYWORD_ONLY}
    return positional, keyword


@pytest.mark.parametrize("game", GAMES)
def test_the_renderer_declares_the_interface(game):
    rend = renderer.of(game)
    assert isinstance(rend, renderer.Renderer)
    for fn in (rend.render, rend.regions):
        if fn is None:
            continue
        positional, keyword = _keywords(fn)
        assert positional == ["view", "legal_actions", "colours"], fn
        assert keyword == set(renderer.KEYWORDS) - {"colours"}, fn
    assert isinstance(rend.action_groups(), dict)
    assert rend.board_viewbox is None or len(rend.board_viewbox) == 2
    for dotted in (rend.help, rend.lessons, rend.legacy_words):
        assert renderer.module(dotted) is not None or not dotted


def _positions(game):
    """(label, game) at the start, after MID random moves, and at the end of one seeded game."""
    spec = registry.get(game)
    players = spec.player_counts[len(spec.player_counts) // 2]
    rng = random.Random(27)
    g = spec.new_game(players, 27)
    out = [("start", g.clone())]
    while not g.is_over and len(g.actions) < END_CAP:
        g.apply(rng.choice(g.legal_actions()).id)
        if len(g.actions) == MID:
            out.append(("mid", g.clone()))
    assert g.is_over, "a random game ends"
    out.append(("end", g))
    return out


def _targets(svg):
    root = ET.fromstring(svg)  # well-formed, or this raises
    return {el.get("data-action") for el in root.iter() if el.get("data-action") is not None}


def _check(rend, view, legal, svg, drawn):
    ids = {a.id for a in legal}
    found = _targets(svg)
    assert set(drawn) <= ids, set(drawn) - ids
    through_pick = set()
    for t in found:
        if t.startswith("ui:pick:"):
            assert rend.pick_options is not None
            through_pick |= {a.id for a in rend.pick_options(legal, t[len("ui:pick:") :])[1]}
    for aid in drawn:
        assert aid in found or aid in through_pick, f"{aid} said drawn, no target for it"
        if aid in found:
            assert f'data-action="{escape(aid, quote=True)}"' in svg
    assert {t for t in found if not t.startswith("ui:")} <= ids


@pytest.mark.parametrize("game", GAMES)
def test_every_view_draws_and_its_targets_exist(game):
    rend = renderer.of(game)
    for label, g in _positions(game):
        seats = [None] + list(range(len(g.view(None)["players"])))
        for seat in seats:
            view = g.view(seat)
            legal = list(g.legal_actions()) if not g.is_over and seat == g.current_player else []
            svg, drawn = renderer.draw(rend, view, legal)
            _check(rend, view, legal, svg, drawn)
            if rend.regions is not None:
                regions = renderer.draw_regions(rend, view, legal, scale=0.6)
                assert regions and all(isinstance(r, Region) for r in regions), (label, seat)
                assert [r.place for r in regions][0] == "board"
                for r in regions:
                    _check(rend, view, legal, r.svg, r.drawn)
                drawn_any = set().union(*(r.drawn for r in regions))
                assert drawn_any == drawn, (label, seat, "the regions draw what the picture draws")


def test_only_the_declared_keywords_reach_a_renderer():
    rend = renderer.of(GAMES[0])
    g = registry.get(GAMES[0]).new_game(registry.get(GAMES[0]).player_counts[-1], 1)
    with pytest.raises(TypeError):
        renderer.draw(rend, g.view(0), [], zoom=2)

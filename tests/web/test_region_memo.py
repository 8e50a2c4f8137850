"""Static drawings are reused (web/kit/region_memo.py): History steps redraw only the regions whose
part of the view changed (issue 9: History taps while a computer thinks). A reused drawing must
be exactly what drawing afresh gives, whatever the order the steps are visited in, in every
language; live screens (targets, highlights) always draw afresh."""

import random

import pytest

import engine.barcelona
import engine.strasbourg
import web.boards.barcelona as rb
import web.boards.strasbourg as rs
from engine.barcelona import new_game
from engine.core.rng import Rng
from web import i18n
from web.kit.region_memo import RegionMemo, Tracked

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def _views(players, seed, moves, seat=None, game=engine.barcelona, **options):
    """The views a History walk shows: one per action of a seeded random game."""
    g = game.new_game(["Ann", "Bo", "Cy", "Di", "Ed"][:players], seed, **options)
    r = Rng(seed)
    out = [g.view(seat)]
    for _ in range(moves):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
        out.append(g.view(seat))
    return out


def _fresh(renderer, view):
    kept, renderer.MEMO = renderer.MEMO, RegionMemo()
    try:
        return [(r.name, r.svg, r.title, r.height, r.drawn) for r in renderer.render_regions(view, [], COLOURS)]
    finally:
        renderer.MEMO = kept


@pytest.mark.parametrize(
    "players,seat,options",
    [
        (2, None, {}),
        (4, 2, {}),
        (1, 0, {"rules": "2.0", "difficulty": "normal"}),
        (3, None, {"game": engine.strasbourg}),
        (5, 4, {"game": engine.strasbourg}),
    ],
)
def test_reused_drawings_equal_fresh_ones_in_any_order(players, seat, options, monkeypatch):
    renderer = rs if options.get("game") is engine.strasbourg else rb
    monkeypatch.setattr(renderer, "MEMO", RegionMemo())
    views = _views(players, 11 + players, 60, seat, **options)
    order = list(range(len(views)))
    random.Random(players).shuffle(order)
    # back and forth as History goes (first, next, back, last...), then random jumps and revisits
    walk = [0, 1, 0, len(views) - 1, 1, 2, 3, 2] + order + order[::3]
    try:
        for k, lang in zip(walk, ["en", "de", "zh_Hans"] * len(walk)):
            i18n.activate(lang if k % 5 == 0 else "en")
            got = [(r.name, r.svg, r.title, r.height, r.drawn) for r in renderer.render_regions(views[k], [], COLOURS)]
            assert got == _fresh(renderer, views[k]), (k, lang)
    finally:
        i18n.activate("en")
    # the point: revisits (and in Barcelona unchanged regions) are not drawn again; Strasbourg's
    # region titles say the prompt, so its regions are reused only when the prompt is the same
    assert renderer.MEMO.hits > len(walk) // 3


def test_a_step_redraws_only_the_regions_it_changed(monkeypatch):
    monkeypatch.setattr(rb, "MEMO", RegionMemo())
    views = _views(2, 5, 16)
    regions = len(rb.render_regions(views[0], [], COLOURS))
    drawn = []
    for v in views[1:]:  # History's "next", step by step
        before = rb.MEMO.misses
        rb.render_regions(v, [], COLOURS)
        drawn.append(rb.MEMO.misses - before)
    assert sum(drawn) < regions * len(drawn) / 2 and max(drawn) > 0, drawn
    before = rb.MEMO.misses
    rb.render_regions(views[-2], [], COLOURS)  # back: every region drawn a moment ago
    assert rb.MEMO.misses == before


def test_live_screens_always_draw_afresh(monkeypatch):
    monkeypatch.setattr(rb, "MEMO", RegionMemo())
    g = new_game(["Ann", "Bo"], 3)
    view, legal = g.view(0), g.legal_actions()
    rb.render_regions(view, legal, COLOURS)
    rb.render_regions(view, legal, COLOURS)
    rb.render_regions(view, [], COLOURS, lastmove={0: [legal[0].id]})
    assert rb.MEMO.hits == rb.MEMO.misses == 0


def test_names_and_colours_are_part_of_the_key(monkeypatch):
    monkeypatch.setattr(rb, "MEMO", RegionMemo())
    view = _views(2, 9, 4)[-1]
    a = rb.render_regions(view, [], COLOURS)
    b = rb.render_regions(dict(view, players=["Xena", "Yul"]), [], COLOURS)
    c = rb.render_regions(view, [], ["#000000", "#ffffff"])
    assert [x.svg for x in a] != [x.svg for x in c] and [x.title for x in a] != [x.title for x in b]


def test_a_whole_read_of_the_view_depends_on_every_key():
    v = Tracked({"a": 1, "b": 2})
    v.get("a")
    assert v.reads == {"a"}
    for whole in (lambda: list(v), lambda: dict(v), lambda: v.items(), lambda: {**v}, lambda: len(v)):
        v.reads = set()
        whole()
        assert any(not isinstance(k, str) for k in v.reads), whole  # the "whole view" mark
    memo = RegionMemo()

    def draw(view):
        t = Tracked(view)
        return memo.draw("r", (), view, t, lambda: "a=%s" % t["a"] + "/%d" % memo.misses)

    assert draw({"a": 1, "b": 2}) == "a=1/1"
    assert draw({"a": 1, "b": 3}) == "a=1/1"  # "b" was never read: the drawing is reused
    assert draw({"a": 2, "b": 3}) == "a=2/2"  # "a" changed: drawn again

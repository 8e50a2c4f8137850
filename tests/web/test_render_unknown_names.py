"""Renderers draw views of a frozen older engine (engine/legacy): a tile, citizen,
bonus or action name this build's data does not know is drawn by its name, never a crash.

Each distinct string in a real view is replaced (everywhere) by an unknown name in turn, and
actions of unknown kinds are added to the legal list; the board must still render.
"""

import copy
import random

import pytest

import engine
from engine.core.action import Action
from web.boards.barcelona import render as render_barcelona
from web.boards.strasbourg import render as render_strasbourg

RENDER = {"barcelona": render_barcelona, "strasbourg": render_strasbourg}
UNKNOWN = "zz_unknown"


def _strings(v, path=()):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _strings(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _strings(x, path + (i,))
    elif isinstance(v, str):
        yield path, v


def _replaced(view, old):
    out = copy.deepcopy(view)
    for path, s in _strings(view):
        if s == old:
            node = out
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = UNKNOWN
    return out


@pytest.mark.parametrize("name", sorted(RENDER))
def test_unknown_names_and_actions_render(name):
    g = engine.game_module(name).new_game(3, 5)
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    view, legal = g.view(g.current_player), g.legal_actions()
    render = RENDER[name]
    svg, _ = render(
        view,
        legal + [Action("teleport:9,9", "Teleport"), Action("place:1,1:ZZ", "Odd"), Action("build:nowhere:9", "Odd")],
    )
    assert svg.startswith("<svg")
    failed = {}
    for s in sorted({s for _, s in _strings(view)} - {view.get("game")}):
        try:
            render(_replaced(view, s), legal)
        except Exception as e:  # noqa: BLE001 (the test reports every name that breaks the board)
            failed[s] = repr(e)[:80]
    assert not failed, f"renderer crashed on unknown names: {failed}"

"""Gaudí's turn shown step by step: while step k is on screen, EVERY region a player
sees (main board, class tracks, Cerdà track, services, Sagrada supply, Modernisme display,
pavement, stacks, the human's board, Gaudí's board and card region, the scores panel) is drawn
as the table stood after step k, never as at the end of his turn.

The reference is the engine itself: the live view taken at the moment each step is done (when
the engine snapshots it, engine/barcelona/solo_steps.py ``_snapshot``), rendered by the same code.
The app's side is what the player gets: the finished turn's view, cut to k steps by
web/session.as_of_step, then rendered."""

import copy
import random

import pytest

from engine.barcelona import new_game, solo_steps
from engine.barcelona.effects import push
from web.screens import score_panels
from web.boards.barcelona import render_regions
from web.model.automaton import as_of_step

REGIONS = (
    "board",
    "tracks",
    "cerda",
    "services",
    "sagrada",
    "display",
    "pavement",
    "stacks",
    "player:0",
    "player:1",
    "gaudi",
)
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b"]


def _drawn(view):
    return {r.name: r.svg for r in render_regions(view, [], COLOURS) if r.name in REGIONS}


def _scores(view):
    return score_panels.scores_panel(view, view["score_breakdown"], COLOURS)


def _turns(seed, rules, monkeypatch, turns=6):
    """Play random human moves; for each of Gaudí's first ``turns`` turns yield (finished turn's
    view, [live view when step k was done, for each k])."""
    g = new_game(["Ann"], seed, rules=rules, difficulty="normal")
    taken = []  # (snapshot, live view then); the snapshot objects stay alive
    original = solo_steps._snapshot

    def spy(game, *args, **kw):
        snap = original(game, *args, **kw)
        # his turn runs between the human's turns: no decision is pending, so the view is
        # taken with the human's next one (what the app shows) on top, then the stack restored
        frames = list(game.stack)
        if not game.stack:
            push(game, "place", 0)
        taken.append((snap, copy.deepcopy(game.view(0))))
        game.stack[:] = frames
        return snap

    monkeypatch.setattr(solo_steps, "_snapshot", spy)
    rng = random.Random(seed)
    seen = 0
    while not g.is_over and seen < turns:
        before = g.solo["turns"]
        taken.clear()
        g.apply(rng.choice(g.legal_actions()).id)
        if g.solo["turns"] == before or g.is_over:
            continue
        seen += 1
        by_snap = {id(s): v for s, v in taken}
        steps = g.solo["steps"]
        yield g.view(0), [by_snap[id(x["table"])] for x in steps]


@pytest.mark.parametrize("rules", ["original", "2.0"])
def test_every_region_shows_the_table_as_of_the_step_shown(rules, monkeypatch):
    stale = dict.fromkeys(REGIONS, 0)  # steps at which a region differs from the turn's end
    for view, live in _turns(3, rules, monkeypatch):  # seed 3: he builds, takes a service and a project
        end = _drawn(view)
        n = len(view["gaudi"]["last_turn"])
        assert n == len(live) >= 2
        for k in range(n):
            shown = as_of_step(view, k + 1)
            expected = dict(live[k], gaudi=dict(live[k]["gaudi"], last_turn=shown["gaudi"]["last_turn"]))
            got, want = _drawn(shown), _drawn(expected)
            for name in REGIONS:
                assert got[name] == want[name], (rules, k, view["gaudi"]["last_turn"][k]["step"], name)
                stale[name] += got[name] != end[name]
            assert _scores(shown) == _scores(expected), (rules, k)
            # the log stops at the step shown: his later steps are not told yet
            told = [e for e in shown["log"] if "gaudi" in e][-(k + 1) :]
            assert [e["gaudi"] for e in told] == [x["step"] for x in view["gaudi"]["last_turn"][: k + 1]]
            assert sum("gaudi" in e for e in shown["log"]) == sum("gaudi" in e for e in view["log"]) - (n - k - 1)
    # the test can fail: these regions did change during his turns (the end differs from a step)
    for name in ("board", "tracks", "services", "display", "player:1", "gaudi"):
        assert stale[name] > 0, (rules, name)


def test_a_step_holds_only_the_parts_it_changed_and_no_hand(monkeypatch):
    """Compact and public: after the first step a step sends only the parts it changed; no step
    holds a hand (only its size) or his deck's order."""
    for view, _ in _turns(3, "original", monkeypatch, turns=3):
        steps = view["gaudi"]["last_turn"]
        assert {"board", "side", "tracks", "player_boards", "gaudi"} <= set(steps[0]["table"])
        assert any("board" not in x["table"] for x in steps[1:])
        for x in steps:
            assert all("hand" not in b for b in x["table"].get("player_boards", []))
            assert "deck" not in x["table"]["gaudi"] and x["table"]["gaudi"].get("board", {}).get("hand") is None

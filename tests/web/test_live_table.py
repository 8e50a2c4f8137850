"""The live table is drawn once per change (web/regions.LiveTable): a redraw that asks for the
same table again (closing History, a History tap while a computer seat thinks, leaving Help)
reuses the drawing; anything that changes the picture (a move, a selection, a hint, the
language, the colours) draws afresh, and a reused drawing equals a fresh one."""

import pytest

from engine.core.rng import Rng
from web import i18n
from web.screens import panels
from web.kit import regions as R
from web.model.links import settings_from_query
from web.model.session import Session


def _session(query):
    s = Session()
    s.start(*settings_from_query(query))
    return s


def _play(s, n, seed=5):
    r = Rng(seed)
    for _ in range(n):
        if s.game.is_over:
            break
        legal = s.game.legal_actions()
        s.game.apply(legal[r.below(len(legal))].id)
    s.clear_ui()


def _table(s):
    """The live table as the play screen asks for it (panels.play)."""
    view = s.view()
    selected = f"ui:pick:{s.pick}" if s.pick is not None else None
    return R.table_regions(s, view, s.legal_actions(), selected=selected)[0]


def _fresh(s):
    kept, R.LIVE = R.LIVE, R.LiveTable()
    try:
        return _table(s)
    finally:
        R.LIVE = kept


@pytest.fixture(autouse=True)
def _own_memo(monkeypatch):
    monkeypatch.setattr(R, "LIVE", R.LiveTable())
    yield
    i18n.activate("en")


@pytest.mark.parametrize(
    "query",
    [
        "game=barcelona&players=3&seed=4",
        "game=strasbourg&players=4&seed=4",
        "game=barcelona&players=1&seed=2&rules=2.0&difficulty=normal",
    ],
)
def test_history_round_trip_reuses_the_live_table(query):
    s = _session(query)
    _play(s, 25)
    panels.screen(s)
    misses = R.LIVE.misses
    s.browse.open()
    panels.screen(s)
    s.browse.step("first")
    panels.screen(s)
    s.browse.close()
    before = R.LIVE.hits
    html = panels.screen(s)
    assert R.LIVE.hits == before + 1 and R.LIVE.misses == misses, "closing History drew the live table again"
    assert _table(s) == _fresh(s)
    kept, R.LIVE = R.LIVE, R.LiveTable()
    try:
        assert panels.screen(s) == html, "the reused table must give the page a fresh drawing would"
    finally:
        R.LIVE = kept


def test_every_change_of_the_picture_draws_afresh():
    s = _session("game=barcelona&players=2&seed=9")
    _play(s, 3)
    first = _table(s)
    assert _table(s) == first and R.LIVE.hits == 1

    changes = []
    i18n.activate("de")
    changes.append(_table(s))  # the words
    i18n.activate("en")
    s.meta["colours"] = list(reversed(s.meta["colours"]))
    changes.append(_table(s))  # the seat colours
    s.pick = next(iter(_pickable(s)))
    changes.append(_table(s))  # a two-step pick on the board
    s.pick = None
    s.game.apply(s.game.legal_actions()[0].id)  # a move
    s.clear_ui()
    changes.append(_table(s))
    assert R.LIVE.hits == 1 and R.LIVE.misses == 1 + len(changes)
    for got in changes:
        assert got != first
    assert changes[-1] == _fresh(s)


def test_a_view_changed_in_place_is_not_mistaken_for_the_last_one():
    """The memo keeps a copy: a view that shares (and changes) lists with the kept one misses."""
    s = _session("game=strasbourg&players=3&seed=1")
    _play(s, 10)
    view, legal = s.view(), s.legal_actions()
    drawn = R.table_regions(s, view, legal)[0]
    view["log"].append({"n": 999, "seat": 0, "text": {"key": "sxb.log.pass", "seat": 0}})
    view["scores"] = [v + 7 for v in view.get("scores", [0, 0, 0])]
    misses = R.LIVE.misses
    R.table_regions(s, view, legal)
    assert R.LIVE.misses == misses + 1
    assert R.table_regions(s, s.view(), legal)[0] == drawn


def _pickable(s):
    """Keys the Barcelona renderer accepts for a two-step pick (an intersection with options)."""
    from web.boards.barcelona import pick_options

    legal = s.legal_actions()
    keys = {a.arg.split(",")[0] for a in legal if a.kind == "place"} or {a.arg for a in legal}
    return [k for k in keys if pick_options(legal, k)]

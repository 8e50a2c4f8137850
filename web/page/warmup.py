"""What the build's memory snapshot runs once its modules are imported (scripts/snapshot.py,
docs/build.md "Memory snapshot"), so that a page's first start and first drawing find their
first-use work done: every page start used to pay for it.

Measured in CPython: a fresh process's first start of a game took up to ~30 ms and its first drawing
~30 ms, the next ones <1 ms and ~8 ms (tables built once, caches filled on first use); the English
catalogs and the 1.x sentences' templates were ~26k Python calls of main.py's boot. Here one game
of each registered game is started and drawn, then forgotten: the drawings kept for a later equal
view (regions.LIVE, each renderer's MEMO) are emptied and their counts zeroed, so what stays is
only what any first start would have built the same way (tests/web/test_warmup.py)."""

import importlib

from web import i18n
from web.i18n import legacy_words
from web.screens import panels
from web.kit import regions
from web.model.games import games
from web.model.session import Session


def warm_up():
    i18n.catalog(i18n.DEFAULT)
    for spec in games():
        s = Session()
        s.start({"game": spec.name, "players": spec.player_counts[-1], "hidden": False}, 1)
        panels.draw(s)
        memo = getattr(importlib.import_module(spec.renderer), "MEMO", None)
        if memo is not None:
            memo.clear()
            memo.hits = memo.misses = 0
    legacy_words._templates()  # with every game's renderer loaded: the 1.x sentences of both games
    regions.LIVE.clear()
    regions.LIVE.hits = regions.LIVE.misses = 0

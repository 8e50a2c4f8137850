"""web/page/warmup.py, what the memory snapshot runs after its imports: a page started from it draws
exactly what a page without it draws, and it keeps no drawing of its own games."""

import importlib
import subprocess
import sys
from pathlib import Path

from web.kit import regions
from web.page import warmup
from web.model.games import games
from web.kit.region_memo import RegionMemo

ROOT = Path(__file__).resolve().parents[2]

# Draws the first screens and a few moves of two games of each registered game, prints a digest.
DRAW = """
import hashlib, importlib, sys
from web.screens import panels
from web.model.games import games
from web.model.session import Session
if sys.argv[1] == "warm":
    from web.page import warmup
    warmup.warm_up()
h = hashlib.sha256()
for spec in games():
    for seed, players in ((1, spec.player_counts[-1]), (7, spec.player_counts[0])):
        s = Session()
        s.start({"game": spec.name, "players": players, "hidden": False}, seed)
        for _ in range(6):
            h.update(panels.draw(s).html.encode())
            legal = s.legal_actions()
            if not legal:
                break
            s.flow.tap(legal[len(legal) // 2].id)
print(h.hexdigest())
"""


def _digest(mode):
    out = subprocess.run([sys.executable, "-c", DRAW, mode], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_a_warmed_process_draws_what_a_fresh_one_draws():
    cold, warm = _digest("cold"), _digest("warm")
    assert len(cold) == 64 and cold == warm


def test_the_warm_up_keeps_no_drawing_and_no_count(monkeypatch):
    # its own kept drawings, so the other tests' (same worker) are not touched
    monkeypatch.setattr(regions, "LIVE", regions.LiveTable())
    memos = {}
    for spec in games():
        module = importlib.import_module(spec.renderer)
        if getattr(module, "MEMO", None) is not None:
            memos[spec.name] = RegionMemo()
            monkeypatch.setattr(module, "MEMO", memos[spec.name])
    assert memos, "no renderer keeps drawings: this test checks nothing"
    warmup.warm_up()
    assert regions.LIVE.inputs is None and regions.LIVE.hits == regions.LIVE.misses == 0
    for name, memo in memos.items():
        assert memo.kept == {} and memo.hits == memo.misses == 0, name

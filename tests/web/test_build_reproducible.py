"""The same sources build the same bytes: two builds of one commit are compared file by
file, so redeploying unchanged sources keeps the build id and tells no player "A new version is
ready". A player's build ships no pseudo-locale (``build.py --test-build`` adds it). The first
build may take its bytecode from the build cache (scripts/build.py node_bytecode: what an earlier
build of these sources compiled); the second compiles it again (EURO_BUILD_FRESH=1), so two
separate compilations are compared.

Under ./run.sh test (EURO_DIST_BUILT=1) the first build is the one the run has just made (dist/,
a test build from the cache) and only the second is made here, as a test build: one build of
~1 CPU-minute less in every run. Alone, the test makes both, as a player's builds."""

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scripts import build
from scripts.browser import DIST, DIST_BUILT

ROOT = Path(__file__).resolve().parents[2]


def _files(dist):
    return {p.relative_to(dist).as_posix(): p.read_bytes() for p in sorted(dist.rglob("*")) if p.is_file()}


def _build(dist, fresh, test_build):
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--dist", str(dist)] + ["--test-build"] * test_build,
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=ROOT,
        env={**os.environ, build.FRESH: fresh},
    )


@pytest.mark.skipif(any(not (ROOT / p).exists() for p in build.VENDOR_NEEDS), reason="no web/vendor (scripts/setup.sh)")
def test_two_builds_of_the_same_sources_are_the_same_bytes(tmp_path):
    shared = os.environ.get(DIST_BUILT) == "1" and (DIST / "sw.js").exists()
    if shared:  # ./run.sh test's own build of these sources is the first
        first = DIST
    else:
        first = tmp_path / "one"
        _build(first, "0", test_build=False)
    _build(tmp_path / "two", "1", test_build=shared)
    one, two = _files(first), _files(tmp_path / "two")
    assert sorted(one) == sorted(two)
    differ = [rel for rel in one if one[rel] != two[rel]]
    assert not differ, f"files that differ between two builds: {differ}"
    assert build.build_id(first) == build.build_id(tmp_path / "two")
    if shared:
        return  # test builds: the pseudo-locale is in both (a player's build: the test below)
    # a player's build: no pseudo-locale anywhere
    assert not [rel for rel in one if "qps" in rel], [rel for rel in one if "qps" in rel]
    names = zipfile.ZipFile(io.BytesIO(one["web/app.zip"])).namelist()
    assert names == sorted(names) and not [n for n in names if "/qps/" in n]
    assert b'"qps"' not in one["web/embed-board.js"]


def test_a_players_build_has_no_pseudo_locale_pieces():
    """What a test build adds (the qps catalogs, words and pages) each come from a switch that a
    player's build leaves off: checked on those pieces, without a whole build."""
    from scripts import build_tutorials, catalogs

    assert not [k for k in catalogs.compiled() if "/qps/" in k]
    assert "qps" not in catalogs.js_strings()
    assert '"qps"' not in build_tutorials.embed_script(False)
    assert '"qps"' in build_tutorials.embed_script(True)  # the check can fail: a test build's words

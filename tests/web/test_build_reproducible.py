"""The same sources build the same bytes: two builds of one commit are compared file by
file, so redeploying unchanged sources keeps the build id and tells no player "A new version is
ready". A player's build ships no pseudo-locale (``build.py --test-build`` adds it). Builds into
temporary folders. The first build may take its bytecode from the build cache (scripts/build.py
node_bytecode: what an earlier build of these sources compiled, e.g. ./run.sh's); the second
compiles it again (EURO_BUILD_FRESH=1), so two separate compilations are compared."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scripts import build

ROOT = Path(__file__).resolve().parents[2]


def _files(dist):
    return {p.relative_to(dist).as_posix(): p.read_bytes() for p in sorted(dist.rglob("*")) if p.is_file()}


@pytest.mark.skipif(any(not (ROOT / p).exists() for p in build.VENDOR_NEEDS), reason="no web/vendor (scripts/setup.sh)")
def test_two_builds_of_the_same_sources_are_the_same_bytes(tmp_path):
    dists = []
    for name, fresh in (("one", "0"), ("two", "1")):
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build.py"), "--dist", str(tmp_path / name)],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=ROOT,
            env={**os.environ, build.FRESH: fresh},
        )
        dists.append(_files(tmp_path / name))
    one, two = dists
    assert sorted(one) == sorted(two)
    differ = [rel for rel in one if one[rel] != two[rel]]
    assert not differ, f"files that differ between two builds: {differ}"
    assert build.build_id(tmp_path / "one") == build.build_id(tmp_path / "two")
    # a player's build: no pseudo-locale anywhere
    assert not [rel for rel in one if "qps" in rel], [rel for rel in one if "qps" in rel]
    import io
    import zipfile

    names = zipfile.ZipFile(io.BytesIO(one["web/app.zip"])).namelist()
    assert names == sorted(names) and not [n for n in names if "/qps/" in n]
    assert b'"qps"' not in one["web/embed-board.js"]

"""Nothing in the repository points outside it: no tracked file cites a folder beside the checkout
or on the machine it was written on. The rules texts and research notes the games rest on are
cited by name and page or by their public source (docs/contributing.md), the terms the catalogs
must use are a fact table in the repository (tests/support/rulebook_terms.py)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# written in parts, so this file does not hold them
# (the folder of rules texts and research notes beside the checkout, the machine's own folders)
OUTSIDE = (b"../" + b"shared", b"shared/" + b"seeds", b"shared/" + b"research", b"/wo" + b"rk/")
SKIP = ("node_modules/", "dist/")


def tracked_files():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in out.decode().split("\0") if name and not name.startswith(SKIP)]


def test_no_tracked_file_points_outside_the_repository():
    found = []
    for name in tracked_files():
        path = ROOT / name
        if not path.is_file():  # deleted in the working tree, not yet committed
            continue
        data = path.read_bytes()
        if any(needle in data for needle in OUTSIDE):
            for n, line in enumerate(data.splitlines(), 1):
                if any(needle in line for needle in OUTSIDE):
                    found.append(f"{name}:{n}: {line.decode(errors='replace').strip()[:160]}")
    assert not found, "paths outside the repository (cite the source by name instead):\n" + "\n".join(found)

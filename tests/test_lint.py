"""The linter and the formatter (ruff, configured in pyproject.toml [tool.ruff]) pass over the
project's Python: unused imports and names, undefined names, syntax errors, imports out of place,
and every file in ruff's format except the hand-aligned data tables that [tool.ruff.format] leaves
alone. A finding fails the suite with ruff's own report of it; `ruff format .` mends the format."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff():
    exe = Path(sys.executable).with_name("ruff")
    return str(exe) if exe.exists() else shutil.which("ruff")


def test_ruff_finds_nothing():
    exe = ruff()
    if exe is None:
        pytest.fail("ruff is not installed: scripts/setup.sh installs the test extras (pyproject.toml)")
    out = subprocess.run(
        [exe, "check", "--output-format", "concise", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_ruff_format_is_kept():
    exe = ruff()
    if exe is None:
        pytest.fail("ruff is not installed: scripts/setup.sh installs the test extras (pyproject.toml)")
    out = subprocess.run([exe, "format", "--check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, "run `ruff format .`:\n" + out.stdout[-4000:] + out.stderr[-2000:]

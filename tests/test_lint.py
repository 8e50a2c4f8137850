"""The linter (ruff, configured in pyproject.toml [tool.ruff]) passes over the project's Python:
unused imports and names, undefined names, syntax errors, imports out of place. A finding fails
the suite with ruff's own one-line report of it."""
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
    out = subprocess.run([exe, "check", "--output-format", "concise", "--no-cache", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]

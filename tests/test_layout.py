"""Test files must have unique basenames: tests/web and e2e are not packages, and pytest's
default import mode refuses two test modules with the same name (an error that only shows
when the whole suite is collected, as CI does)."""

import collections
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_test_file_basenames_are_unique():
    names = collections.Counter(p.name for d in ("tests", "e2e") for p in (ROOT / d).rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []

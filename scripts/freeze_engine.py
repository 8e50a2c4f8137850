#!/usr/bin/env python3
"""Freeze the current rules engine as engine/legacy/v<MAJOR>/, so its records stay playable.

    .venv/bin/python scripts/freeze_engine.py           # freeze the engine as it is now
    .venv/bin/python scripts/freeze_engine.py --check   # the frozen copy still equals what it froze

A record names the engine version that made it, and a record of another MAJOR version may mean
a different game (an action id can name another tile, a rule can work differently). So before a
change that bumps the major version of ENGINE_VERSION (engine/core/version.py), freeze the engine
that is about to be replaced:

1. On the commit BEFORE the rules change (ENGINE_VERSION still the old major, say "2.x"), run
   this script. It copies engine/core and every game package into engine/legacy/v2/ (the
   packages use relative imports, so a copy works; the few dotted names in strings, the specs'
   ``module``/``bots`` and the registry's import, are rewritten to the copy's own path, so the
   copy has its own registry), and copies tests/fixtures/records/*.json into
   tests/fixtures/legacy/<version>/ (frozen: never regenerated).
2. Add the major to engine/versions.py (``FROZEN = {"1": "engine.legacy.v1", "2": "engine.legacy.v2"}``)
   and to the build's versions.json (scripts/build.py reads engine.versions, nothing to do).
3. Make the rules change, bump ENGINE_VERSION, regenerate tests/fixtures/records/.
tests/test_versions.py then replays every frozen fixture on its frozen engine.

Never edit a frozen copy: a bug fix there would change what old records mean. The copy is
plain source, so the build ships it in app.zip like the current engine.
"""

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
SKIP = {"legacy", "__pycache__"}
# A dotted module name in a string ("engine.barcelona", f"engine.{pkg}.spec"): point it at the copy.
DOTTED = re.compile(r"""(?<=["'])engine\.""")


# The frozen package's own entry point: its registry (separate from the current engine's) and
# replay. Written from this template, not copied, so it never points back at engine/versions.py.
INIT = '''"""Engine {version}, frozen by scripts/freeze_engine.py: plays records of major version {major}.

Never edit: a change here would change what old records mean. engine/versions.py sends the
records of this major here once the current engine has moved on.
"""
from .core import registry
from .core.errors import RecordError
from .core.record import check_record_shape
from .core.version import ENGINE_VERSION

__version__ = ENGINE_VERSION

registry._register_builtins()


def replay(record):
    """Rebuild a game of this engine version from its record."""
    check_record_shape(record)
    if record["game"] not in registry.names():
        raise RecordError(f"unknown game {{str(record['game'])[:40]!r}} in record")
    return registry.get(record["game"]).replay(record)
'''


def current_version():
    text = (ENGINE / "core" / "version.py").read_text()
    return re.search(r'ENGINE_VERSION = "([^"]+)"', text).group(1)


def packages():
    """engine/core and the game packages (every engine/<name>/ with an __init__.py or core)."""
    return sorted(p for p in ENGINE.iterdir() if p.is_dir() and p.name not in SKIP and any(p.glob("*.py")))


def frozen_text(path: Path, dotted: str) -> str:
    return DOTTED.sub(dotted + ".", path.read_text(encoding="utf-8"))


def freeze(major: str, version: str, force: bool = False) -> Path:
    target = ENGINE / "legacy" / f"v{major}"
    dotted = f"engine.legacy.v{major}"
    if target.exists() and not force:
        sys.exit(f"freeze: {target.relative_to(ROOT)} exists (frozen copies are never regenerated)")
    if target.exists():
        shutil.rmtree(target)
    legacy_init = ENGINE / "legacy" / "__init__.py"
    legacy_init.parent.mkdir(exist_ok=True)
    if not legacy_init.exists():
        legacy_init.write_text('"""Frozen copies of older rules engines (scripts/freeze_engine.py); never edited."""\n')
    for pkg in packages():
        for src in sorted(pkg.rglob("*.py")):
            if "__pycache__" in src.parts:
                continue
            dst = target / src.relative_to(ENGINE)
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(frozen_text(src, dotted), encoding="utf-8")
    (target / "__init__.py").write_text(INIT.format(version=version, major=major), encoding="utf-8")
    fixtures = ROOT / "tests" / "fixtures" / "legacy" / version
    if not fixtures.exists():
        fixtures.mkdir(parents=True)
        for f in sorted((ROOT / "tests" / "fixtures" / "records").glob("*.json")):
            shutil.copy2(f, fixtures / f.name)
    return target


def check(major: str) -> list:
    """Files of the frozen copy that differ from what freezing the engine now would write
    (meaningful only while the engine is still that version)."""
    target = ENGINE / "legacy" / f"v{major}"
    dotted = f"engine.legacy.v{major}"
    bad = []
    for pkg in packages():
        for src in sorted(pkg.rglob("*.py")):
            if "__pycache__" in src.parts:
                continue
            dst = target / src.relative_to(ENGINE)
            if not dst.exists() or dst.read_text(encoding="utf-8") != frozen_text(src, dotted):
                bad.append(str(dst.relative_to(ROOT)))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare the frozen copy with the engine now")
    ap.add_argument("--force", action="store_true", help="overwrite an existing frozen copy (never for a released one)")
    args = ap.parse_args()
    version = current_version()
    major = version.split(".")[0]
    if args.check:
        bad = check(major)
        print("\n".join(bad) or f"engine/legacy/v{major} matches engine {version}")
        sys.exit(1 if bad else 0)
    out = freeze(major, version, args.force)
    print(f"froze engine {version} into {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Which rules engine plays a record: the one dispatch every record load path goes through.

A record names the engine version that made it (``record["engine"]``). A record of the
current MAJOR version is played by the current engine; a record of an older major that this
build still ships (a frozen copy under engine/legacy/, made by scripts/freeze_engine.py) is
played to the end by that copy, so an update never strands a game in progress; anything else
gets a clear message (the player can still export the record). The current engine wins for its
own major even when a frozen copy of that major exists (the copy is frozen just before a bump).

Pure and stdlib only, like the engines: the web Session, History and embed links call it.
"""

import importlib

from .core import version as _version
from .core.errors import RecordError
from .core.msg import msg

# Older majors still playable: major -> frozen package (scripts/freeze_engine.py writes them).
FROZEN = {"1": "engine.legacy.v1"}
CURRENT = "engine"


def major(version) -> str:
    return str(version).split(".", 1)[0]


def current_version() -> str:
    return _version.ENGINE_VERSION  # read at call time (tests monkeypatch it)


def supported() -> dict:
    """major -> package that plays it; the current major maps to the current engine."""
    return {**FROZEN, major(current_version()): CURRENT}


def manifest() -> dict:
    """What a build can play (shipped as versions.json; the update notice compares it with the
    game on screen before the player reloads into a build that could not continue it)."""
    majors = sorted(supported(), key=lambda m: (len(m), m))
    return {"engine": current_version(), "supported": majors}


def package_for(version):
    """The engine package (module) that plays records of ``version``; RecordError otherwise."""
    if not isinstance(version, str) or not version:
        raise RecordError(msg("core.err.record_no_version", version="—"))
    name = supported().get(major(version))
    if name is None:
        cur = current_version()
        older = major(version).isdigit() and major(cur).isdigit() and int(major(version)) < int(major(cur))
        raise RecordError(
            msg("core.err.version_older" if older else "core.err.version_newer", version=version[:20], current=cur)
        )
    return importlib.import_module(name)


def is_current(version) -> bool:
    return isinstance(version, str) and major(version) == major(current_version())


def registry_for(version):
    """The game registry of the engine that plays ``version`` (each frozen copy has its own)."""
    return importlib.import_module(package_for(version).__name__ + ".core.registry")


def spec_for(game_name, version):
    """The GameSpec of ``game_name`` in the engine that plays ``version``."""
    return registry_for(version).get(game_name)


def check_record(record) -> None:
    """The record's shape, checked by the engine that will play it (RecordError if none can)."""
    if not isinstance(record, dict):
        raise RecordError(msg("core.err.record_not_object"))
    if not isinstance(record.get("engine"), str):  # the current checker names every missing field
        from .core.record import check_record_shape

        check_record_shape(record)
    pkg = package_for(record["engine"])
    importlib.import_module(pkg.__name__ + ".core.record").check_record_shape(record)


def load(record):
    """Rebuild the game of ``record`` with the engine that plays its version."""
    check_record(record)
    reg = registry_for(record["engine"])
    if record["game"] not in reg.names():
        raise RecordError(
            msg("core.err.unknown_game", game=repr(str(record["game"])[:40]), known=", ".join(reg.names()))
        )
    return reg.get(record["game"]).replay(record)


game_for_record = load


def package_of(game) -> str:
    """The package of the engine a Game object comes from: "engine" or "engine.legacy.vN"."""
    module = type(game).__module__
    for name in FROZEN.values():
        if module.startswith(name + "."):
            return name
    return CURRENT


def version_of(game) -> str:
    """The ENGINE_VERSION of the engine that plays ``game`` (what its record() writes)."""
    name = package_of(game)
    if name == CURRENT:
        return current_version()
    return importlib.import_module(name + ".core.version").ENGINE_VERSION


def spec_of(game):
    """The GameSpec (module, bots) of the engine ``game`` comes from, or None if unregistered."""
    reg = importlib.import_module(package_of(game) + ".core.registry")
    if package_of(game) != CURRENT and not reg.specs():
        importlib.import_module(package_of(game))  # a frozen package registers its games on import
    try:
        return reg.get(getattr(game, "GAME_NAME", None))
    except ValueError:
        return None


def module_of(game):
    """The engine module (new_game/replay) of the engine ``game`` comes from."""
    spec = spec_of(game)
    return spec.engine() if spec is not None else None

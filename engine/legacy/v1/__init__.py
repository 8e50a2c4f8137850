"""Engine 1.0.0, frozen by scripts/freeze_engine.py: plays records of major version 1.

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
        raise RecordError(f"unknown game {str(record['game'])[:40]!r} in record")
    return registry.get(record["game"]).replay(record)

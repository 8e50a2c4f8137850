"""Records: a game is (game name, engine version, players, options, seed, action ids).

Every saved game, undo, replay, tutorial and bug report is a record. This
module checks the record's shape; each game's ``replay`` then applies the ids
one by one and reports the first one that is not legal.
"""

from .errors import RecordError
from .msg import msg
from .version import ENGINE_VERSION

RECORD_KEYS = {"game", "engine", "players", "options", "seed", "actions"}


def major(version: str) -> str:
    return str(version).split(".", 1)[0]


def version_message(version) -> dict:
    """Why a record of another major version cannot be replayed (a message): its action ids
    belong to other rules (2.0.0 changed Barcelona's action tiles)."""
    try:
        older = int(major(version)) < int(major(ENGINE_VERSION))
    except ValueError:
        return msg("core.err.record_no_version", version=repr(str(version)[:20]))
    return msg(
        "core.err.record_older" if older else "core.err.record_newer", version=str(version)[:20], current=ENGINE_VERSION
    )


def check_record_shape(record, game_name: str | None = None) -> None:
    """Raise RecordError with a clear message unless ``record`` is well formed."""
    if not isinstance(record, dict):
        raise RecordError(msg("core.err.record_not_object"))
    missing = RECORD_KEYS - set(record)
    if missing:
        raise RecordError(msg("core.err.record_missing", fields=", ".join(sorted(missing))))
    extra = set(record) - RECORD_KEYS - {"meta"}
    if extra:
        raise RecordError(msg("core.err.record_extra", fields=", ".join(sorted(str(x)[:40] for x in extra))[:200]))
    if not isinstance(record["game"], str):
        raise RecordError(msg("core.err.record_field", field="game"))
    if game_name is not None and record["game"] != game_name:
        raise RecordError(msg("core.err.record_game", game=repr(record["game"][:40]), expected=game_name))
    if not isinstance(record["engine"], str) or major(record["engine"]) != major(ENGINE_VERSION):
        raise RecordError(version_message(record["engine"]))
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(msg("core.err.record_field", field="players"))
    if not isinstance(record["options"], dict):
        raise RecordError(msg("core.err.record_field", field="options"))
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(msg("core.err.record_field", field="seed"))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(msg("core.err.record_field", field="actions"))


def make_record(game_name, players, options, seed, actions) -> dict:
    return {
        "game": game_name,
        "engine": ENGINE_VERSION,
        "players": list(players),
        "options": dict(options),
        "seed": seed,
        "actions": list(actions),
    }

"""Records: a game is (game name, engine version, players, options, seed, action ids).

Every saved game, undo, replay, tutorial and bug report is a record. This
module checks the record's shape; each game's ``replay`` then applies the ids
one by one and reports the first one that is not legal.
"""
from .errors import RecordError
from .version import ENGINE_VERSION

RECORD_KEYS = {"game", "engine", "players", "options", "seed", "actions"}


def major(version: str) -> str:
    return str(version).split(".", 1)[0]


def check_record_shape(record, game_name: str | None = None) -> None:
    """Raise RecordError with a clear message unless ``record`` is well formed."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    missing = RECORD_KEYS - set(record)
    if missing:
        raise RecordError(f"record is missing {', '.join(sorted(missing))}")
    extra = set(record) - RECORD_KEYS - {"meta"}
    if extra:
        raise RecordError(f"record has unknown fields {', '.join(sorted(extra))}")
    if not isinstance(record["game"], str):
        raise RecordError("record 'game' must be a string")
    if game_name is not None and record["game"] != game_name:
        raise RecordError(f"this is a {record['game']!r} record, not {game_name!r}")
    if not isinstance(record["engine"], str) or major(record["engine"]) != major(ENGINE_VERSION):
        raise RecordError(
            f"record was made by engine {record['engine']!r}; this is engine {ENGINE_VERSION} "
            "(only the same major version can replay it)")
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("record 'players' must be a list of names")
    if not isinstance(record["options"], dict):
        raise RecordError("record 'options' must be an object")
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("record 'seed' must be an integer")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record 'actions' must be a list of action id strings")


def make_record(game_name, players, options, seed, actions) -> dict:
    return {
        "game": game_name,
        "engine": ENGINE_VERSION,
        "players": list(players),
        "options": dict(options),
        "seed": seed,
        "actions": list(actions),
    }

"""Opening a record, pure Python: the one way from a record (a saved slot, an imported file, an
embed link) to a game, and the one place the web picks the engine that plays a game.

Which engine: engine/versions.py says which engine package plays a rules version (the current
one, or a frozen older major under engine/legacy/). Here that meets the shell's injectable module
loader (``load_module``: game name -> engine module, from the registry; tests swap it):

- ``engine_for(name, version)``: the engine module that plays game ``name`` at rules ``version``
  (new games, History of a record, replays of who made which action);
- ``engine_of(game)`` / ``spec_of(game)``: the engine module and registry entry a Game object
  comes from (History, replays, the computer seats' bots: a frozen game has its own bots);
- ``open_record(rec)``: -> (game, meta): the record's options and meta checked in a player's
  words, then every action replayed by the engine of its version (a tampered record stops there).

Every refusal is a RecordError (a ValueError) with a message for the player; nothing is changed
before the whole record has been checked.
"""

from engine import versions
from engine.core.errors import RecordError
from engine.core.record import check_record_shape

from web.model.games import PALETTE, game_spec, games, option_value, or_list
from web.i18n import t, tr
from web.model.limits import quote
from web.kit.seats import DEFAULT_COLOURS
from web.model.settings import check_bots, check_levels, check_speed


def registry_engine(name):
    """The default module loader: the engine module of ``name``'s registry entry."""
    return game_spec(name).engine()


def engine_for(name, version, error=RecordError, load_module=None):
    """The engine module (new_game/replay) that plays game ``name`` at rules ``version``: a frozen
    copy for an older major (engine/versions.py), else ``load_module(name)`` (default: the
    registry's). ``error`` (a ValueError class) says when this build has no engine for it."""
    if not versions.is_current(version):
        return versions.spec_for(name, version).engine()
    try:
        module = (load_module or registry_engine)(name)
    except ImportError:
        module = None
    if not hasattr(module, "new_game"):
        raise error(t("app.err.game_missing", game=tr(game_spec(name, error).title)))
    return module


def engine_of(game, load_module=None):
    """The engine module ``game`` comes from (History and replays use the same rules)."""
    if versions.package_of(game) != versions.CURRENT:
        return versions.module_of(game)
    return engine_for(game.GAME_NAME, versions.current_version(), RecordError, load_module)


def spec_of(game):
    """The registry entry of ``game`` (of the engine it comes from: a frozen older version has its
    own bots), only if the game really is that entry's engine; else None."""
    try:
        spec = (
            versions.spec_of(game)
            if versions.package_of(game) != versions.CURRENT
            else game_spec(getattr(game, "GAME_NAME", None))
        )
    except ValueError:
        return None
    if spec is None:
        return None
    module = type(game).__module__
    return spec if module == spec.module or module.startswith(spec.module + ".") else None


def open_record(rec, load_module=None):
    """(game, meta) of a record whose fields were checked already (web/limits.check_record_fields):
    its options (current rules) and meta, then its moves, replayed by the engine of its version.
    ``meta``: {hidden, colours, bots, bot_levels, bot_speed}, saves from before a field get its
    default. RecordError with a clear message on anything odd."""
    check_setup(rec)
    meta = check_meta(rec.get("meta", {}), rec.get("players"), rec.get("game"))
    return replay(rec, load_module), meta


def replay(rec, load_module=None):
    """The game of ``rec``: every action id must be legal. A record of an older rules version goes
    to the frozen engine that plays it, or gets a clear message (engine/versions.py)."""
    if isinstance(rec, dict) and "engine" in rec and not versions.is_current(rec["engine"]):
        return versions.load(rec)
    check_record_shape(rec)
    game_spec(rec["game"], RecordError)  # a clear message for a game this build does not have
    return engine_for(rec["game"], versions.current_version(), RecordError, load_module).replay(rec)


def record_engine(rec, load_module=None):
    """The engine module that plays ``rec`` (the current one, or a frozen older version)."""
    return engine_for(rec["game"], rec.get("engine"), RecordError, load_module)


def check_setup(rec):
    """A current-rules record's options against its game's, said in a player's words (a
    record whose ``game`` names another game, a value the game does not offer). Older
    rules versions go to their own frozen engine; an unknown game is replay's to report."""
    options, game = rec.get("options"), rec.get("game")
    if not isinstance(options, dict) or not versions.is_current(rec.get("engine")):
        return
    try:
        spec = game_spec(game, RecordError)
    except RecordError:
        return
    known = {o.name: o for o in spec.options}
    for name, value in options.items():
        if name not in known:
            other = next((g for g in games() if g.name != spec.name and name in (o.name for o in g.options)), None)
            if other is not None:
                raise RecordError(
                    t("app.err.record_other_game", game=tr(spec.title), other=tr(other.title), option=quote(name, 20))
                )
            raise RecordError(t("app.err.record_setup_unknown", game=tr(spec.title), option=quote(name, 20)))
        if option_value(spec, known[name], value) is None:
            raise RecordError(
                t(
                    "app.err.record_setup_value",
                    game=tr(spec.title),
                    option=quote(name, 20),
                    value=quote(str(value), 20),
                    choices=or_list(map(str, known[name].choices)),
                )
            )


def check_meta(meta, players, game=None):
    """The record's ``meta`` (the shell's settings beside the moves) -> a clean copy."""
    if not isinstance(meta, dict):
        raise RecordError(t("app.err.meta"))
    n = len(players) if isinstance(players, list) else 0
    hidden = meta.get("hidden", False)
    if not isinstance(hidden, bool):
        raise RecordError(t("app.err.meta_hidden"))
    colours = meta.get("colours", list(DEFAULT_COLOURS[:n]))
    if (
        not isinstance(colours, list)
        or len(colours) < n
        or len(set(colours[:n])) != n
        or any(c not in PALETTE for c in colours[:n])
    ):
        raise RecordError(t("app.err.meta_colours"))
    # Saves from before computer seats have no "bots": every seat is a person.
    bots = check_bots(meta.get("bots", []), n, RecordError)
    # Computer levels (str seat -> level); saves from before levels play at the default level.
    try:
        spec = game_spec(game, RecordError)
    except RecordError:
        spec = None  # the record's game is unknown: replay says so
    levels = check_levels(meta.get("bot_levels", {}), bots, spec, RecordError) if spec else {}
    out = {
        "hidden": hidden,
        "colours": list(colours[:n]),
        "bots": bots,
        "bot_levels": {str(seat): level for seat, level in levels.items()},
        "bot_speed": check_speed(meta.get("bot_speed"), RecordError),
    }
    # Hands on phones (web/model/remote.py): the people's seats phones hold; each pairs again.
    phones = meta.get("phones", [])
    if not isinstance(phones, list) or any(type(p) is not int or not 0 <= p < n or p in bots for p in phones):
        raise RecordError(t("app.err.meta"))
    if phones:
        out["phones"] = sorted(set(phones))
    return out

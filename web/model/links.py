"""Links that start a game, pure Python: ``index.html?game=...&players=...`` -> settings and seed,
the page knobs (``botdelay=``, ``botbudget=``, ``confirm=``, ``lang=``) and the short note on a
link's values the app changed. Embed links (``?embed=1&record=...``) are web/model/history.py's.
Every odd value raises SetupError with a readable message.
"""

from urllib.parse import parse_qsl

from web import i18n
from web.model.games import MAX_NAME, SetupError, default_players, game_spec, games, or_list
from web.i18n import t, tr
from web.model.limits import MAX_QUERY, excerpt, parse_int, quote, short
from web.model.settings import check_settings

# The shell's own URL parameters; a game's options (spec.options) are URL parameters too, so no
# option may be called like one of these (tests/web/test_web_session.py checks the registry).
SHELL_PARAMS = ("game", "players", "seed", "names", "hidden", "bots", "botdelay", "botbudget", "confirm", "lang")
# URL parameters that start no game (a page knob: test/demo settings, the language).
KNOBS = {"botdelay", "botbudget", "confirm", "lang"}
MAX_BOT_DELAY = 5000
MAX_BOT_BUDGET = 30_000


def _bots_from_query(value):
    """``bots=1:hard,2:easy`` (``bots=1,2``: the default level) -> (seats, {seat: level}).
    Seats are 0-based; a level is a key of the game's ``spec.bots`` in any case (checked later)."""
    seats, levels = [], {}
    for item in value.split(","):
        seat, colon, level = item.partition(":")
        try:
            seat = int(seat)
            if colon and not level:
                raise ValueError
        except ValueError:
            raise SetupError(t("app.err.bots_query", value=repr(value[:40]))) from None
        seats.append(seat)
        if colon:
            levels[seat] = level.strip().lower()
    return seats, levels


def settings_from_query(query):
    """URL query -> (settings, seed) to start directly, or (None, None) if no game is asked for.
    Raises SetupError with a readable message on anything odd. A game's options are parameters
    named like the option (``layout=shuffled``)."""
    if len(query) > MAX_QUERY:
        raise SetupError(t("app.err.url_long"))
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    if not pairs:
        return None, None
    params = {}
    for key, value in pairs:
        if key in params:
            raise SetupError(t("app.err.url_twice", param=quote(key, 30)))
        params[key] = value
    if "confirm" in params and params["confirm"] not in ("0", "1"):
        raise SetupError(t("app.err.zero_one", param="confirm"))
    if "botdelay" in params:
        bot_delay_from_query(query)  # a clear message for a bad value
    if "botbudget" in params:
        bot_budget_from_query(query)
    if "lang" in params and len(params["lang"]) > 35:
        raise SetupError(t("app.err.url_long"))
    if params and set(params) <= KNOBS:
        return None, None
    if "game" not in params:
        raise SetupError(t("app.err.url_game", games=or_list("game=" + s.name for s in games())))
    spec = game_spec(params["game"])
    option_names = [o.name for o in spec.options]
    for key in params:
        if key not in SHELL_PARAMS and key not in option_names:
            if any(key in (o.name for o in s.options) for s in games()):
                raise SetupError(t("app.err.option_unknown", option=excerpt(key, 20), game=tr(spec.title)))
            raise SetupError(
                t(
                    "app.err.url_unknown",
                    param=quote(key, 30),
                    known=", ".join(sorted(SHELL_PARAMS + tuple(option_names))),
                )
            )
    names = [x for x in params["names"].split(",")] if "names" in params else []
    if "players" in params:
        n = parse_int(params["players"], "players", error=SetupError)
    else:
        n = len(names) if names else default_players(spec)
    if names and len(names) != n:
        raise SetupError(t("app.err.names_count", count=len(names), n=n))
    seed = None
    if "seed" in params:
        # from 0 (the engine's generator would take -1 as 2**64 - 1: another number than the link's)
        # to the largest seed a record keeps (web/limits.check_record_fields)
        seed = parse_int(params["seed"], "seed", lo=0, hi=2**63 - 1, error=SetupError)
    if params.get("hidden", "0") not in ("0", "1"):
        raise SetupError(t("app.err.zero_one", param="hidden"))
    if len(params.get("bots", "")) > 60:
        raise SetupError(t("app.err.bots_long", value=quote(params['bots'], 30)))
    bots, levels = _bots_from_query(params["bots"]) if params.get("bots") else ([], {})
    settings = {
        "game": spec.name,
        "players": n,
        "names": names,
        "options": {k: params[k] for k in option_names if k in params},
        "hidden": params.get("hidden") == "1",
        "bots": bots,
        "levels": levels,
    }
    return check_settings(settings), seed


def link_notes(query):
    """One short note on the link's values the app changed or ignored when it started from it (a
    name cut to MAX_NAME characters, a ``lang=`` it does not speak), or "" when there are none.
    (Values it cannot use at all stop the link instead: settings_from_query says why.)"""
    notes = []
    for key, value in parse_qsl(str(query).lstrip("?"), keep_blank_values=True):
        if key == "lang" and not i18n.normalize(value):
            notes.append(t("app.note.link_lang", value=quote(value, 12)))
        elif key == "names":
            cut = [" ".join(n.split()) for n in value.split(",") if len(" ".join(n.split())) > MAX_NAME]
            if cut:
                notes.append(t("app.note.link_names", n=MAX_NAME, names=", ".join(quote(c, 30) for c in cut)))
    return short(" ".join(notes)) if notes else ""


def bot_delay_from_query(query):
    """``botdelay=MS`` in the URL (a test/demo knob, not saved) -> int ms, or None if absent."""
    return _ms_from_query(query, "botdelay", MAX_BOT_DELAY)


def bot_budget_from_query(query):
    """``botbudget=MS`` in the URL (a test/demo knob, not saved): the thinking time of a searching
    computer level (web/worker/bots.py), or None if absent."""
    return _ms_from_query(query, "botbudget", MAX_BOT_BUDGET)


def _ms_from_query(query, key, limit):
    values = [v for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k == key]
    if not values:
        return None
    if not values[-1].strip().isdigit() or len(values[-1].strip()) > 6:
        raise SetupError(t("app.err.ms", param=key, value=quote(values[-1], 30), limit=limit))
    ms = int(values[-1])
    if not 0 <= ms <= limit:
        raise SetupError(t("app.err.ms_range", param=key, limit=limit))
    return ms

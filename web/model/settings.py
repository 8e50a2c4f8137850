"""New-game settings, pure Python: the form's defaults, form fields -> settings, the form kept
across a redraw, and the one check every way into a game goes through (form, link, saved meta:
web/model/links.py, web/model/open_record.py).

Settings are ``{game, players, names, colours, options, hidden, bots, levels, speed}``: ``bots``
the computer seats (0-based), ``levels`` {seat: level} for some of them, ``speed`` a key of
BOT_SPEEDS. Every check raises ``error`` (SetupError for the form and links, RecordError for a
record's meta) with a message in the active language.
"""

from web.model.games import (
    MAX_NAME,
    MAX_SEATS,
    PALETTE,
    SetupError,
    bot_levels,
    computer_name,
    default_level,
    default_name,
    default_players,
    game_spec,
    games,
    option_value,
    or_list,
)
from web.i18n import t, tr
from web.i18n.player_names import clean as clean_name
from web.kit.seats import DEFAULT_COLOURS

# ms between a computer's decisions at the normal speed: each move is drawn on the board and the
# turn's banner sums the turn up (web/model/banners.py), so a person follows it without a long pause
BOT_DELAY = 300
# Computer seats' speed (new-game form, record meta "bot_speed") -> ms before each decision.
BOT_SPEEDS = {"fast": 150, "normal": BOT_DELAY, "slow": 1500}
DEFAULT_SPEED = "normal"
# Form fields of the shell: an option must not be called like these either (name0, colour1, ...).
FORM_PREFIXES = ("name", "colour", "kind", "level", "speed", "confirm")


def default_form(game=None):
    """The new-game form of ``game`` (default: the first registered game), defaults from its spec."""
    spec = game_spec(game) if game is not None else games()[0]
    return {
        "game": spec.name,
        "players": default_players(spec),
        "names": [default_name(i) for i in range(MAX_SEATS)],
        "colours": list(DEFAULT_COLOURS),
        "options": spec.defaults(),
        "hidden": False,
        "bots": [],
        "levels": {},
        "speed": DEFAULT_SPEED,
    }


def check_bots(bots, n, error):
    """Seats played by the computer: distinct seat numbers (0-based) with at least one human seat left.
    At least one person must play: the app is a pass-and-play board (someone has to own the screen,
    the autosave and Undo), and a game of computers only would play itself out with nobody watching."""
    if not isinstance(bots, (list, tuple)) or any(not isinstance(b, int) or isinstance(b, bool) for b in bots):
        raise error(t("app.err.bots_list"))
    if len(set(bots)) != len(bots) or any(not 0 <= b < n for b in bots):
        raise error(t("app.err.bots_range", high=n - 1))
    if n and len(bots) >= n:
        raise error(t("app.err.bots_person"))
    return sorted(bots)


def check_levels(levels, bots, spec, error):
    """{seat: level} for every computer seat (a seat without one gets the default level; levels
    of seats played by people are dropped).
    ``levels`` may have int keys (settings) or str keys (record meta: JSON keys are strings)."""
    if not isinstance(levels, dict):
        raise error(t("app.err.levels_map"))
    allowed = bot_levels(spec) if spec is not None else None
    out = {}
    for key, level in levels.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if seat not in bots:
            continue  # a seat played by a person: its level means nothing (e.g. a save edited by hand)
        if not isinstance(level, str) or (allowed is not None and level not in allowed):
            choices = or_list(allowed or ())
            raise error(
                t("app.err.level", level=repr(str(level)[:20]), game=tr(spec.title), choices=choices)
                if spec is not None
                else t("app.err.level_names")
            )
        out[seat] = level
    for seat in bots:
        if seat not in out:
            if spec is None:
                raise error(t("app.err.levels_game"))
            out[seat] = default_level(spec)
    return {seat: out[seat] for seat in sorted(out)}


def check_names(names, n):
    out = []
    for i, name in enumerate(names[:n]):
        name = clean_name(name, MAX_NAME)  # control and bidi characters dropped (web/i18n/player_names.py)
        out.append(name or default_name(i))
    if len(set(out)) != len(out):
        raise SetupError(t("app.err.names"))
    return out


def check_options(spec, options):
    """The game's options from the settings: every option of the spec, defaults for the ones not given."""
    if not isinstance(options, dict):
        raise SetupError(t("app.err.options_map"))
    known = {o.name: o for o in spec.options}
    for name in options:
        if name not in known:
            raise SetupError(
                t("app.err.option_unknown", option=name, game=tr(spec.title))
                + " "
                + (t("app.err.option_known", known=", ".join(known)) if known else t("app.err.option_none"))
            )
    out = {}
    for o in spec.options:
        value = option_value(spec, o, options[o.name]) if o.name in options else o.default
        if value is None:
            raise SetupError(
                t(
                    "app.err.option_value",
                    option=o.name,
                    choices=or_list(map(str, o.choices)),
                    value=repr(str(options[o.name])[:20]),
                )
            )
        out[o.name] = value
    return out


def pad_colours(colours, n=MAX_SEATS):
    """``colours`` (palette colours) topped up with unused default colours to ``n`` entries."""
    out = [c for c in colours if c in PALETTE][:n]
    out += [c for c in DEFAULT_COLOURS if c not in out][: n - len(out)]
    return out


def check_settings(s):
    """Validate a settings dict (game, players, names, colours, options, hidden, bots, levels);
    return a clean copy. ``bots``: computer seats; ``levels``: {seat: level} for some of them."""
    spec = game_spec(s.get("game"))
    counts = spec.player_counts
    n = s.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or n not in counts:
        raise SetupError(t("app.err.players", game=tr(spec.title), low=counts[0], high=counts[-1], n=repr(n)))
    names = list(s.get("names") or [])
    names += [default_name(i) for i in range(len(names), n)]
    colours = list(s.get("colours") or DEFAULT_COLOURS)
    colours += [c for c in DEFAULT_COLOURS if c not in colours]
    colours = colours[:n]
    if any(c not in PALETTE for c in colours):
        raise SetupError(t("app.err.palette"))
    if len(set(colours)) != n:
        raise SetupError(t("app.err.colours"))
    bots = check_bots(list(s.get("bots") or []), n, SetupError)
    options = check_options(spec, s.get("options") or {})
    for o in spec.options:  # e.g. a game's solo-only options: not part of other games
        if not o.applies(n):
            del options[o.name]
    return {
        "game": spec.name,
        "players": n,
        "names": check_names(names, n),
        "colours": colours,
        "options": options,
        "hidden": bool(s.get("hidden")),
        "bots": bots,
        "levels": check_levels(s.get("levels") or {}, bots, spec, SetupError),
        "speed": check_speed(s.get("speed"), SetupError),
    }


def settings_from_form(fields):
    """Form fields (name -> string, as main.py reads them) -> settings dict (unchecked).
    A game's options are fields named like the option (``layout``); unknown games are left to
    check_settings."""
    game = fields.get("game", "")
    try:
        n = int(fields.get("players", ""))
    except ValueError:
        n = None
    try:
        spec = game_spec(game)
    except SetupError:
        spec = None
    options = {o.name: fields[o.name] for o in (spec.options if spec else ()) if o.name in fields}
    bots = [i for i in range(n if isinstance(n, int) else 0) if fields.get(f"kind{i}") == "bot"]
    return {
        "game": game,
        "players": n,
        "names": [fields.get(f"name{i}", "") for i in range(MAX_SEATS)],
        "colours": [fields.get(f"colour{i}", "") for i in range(MAX_SEATS)],
        "options": options,
        "hidden": fields.get("hidden", "") not in ("", "0", "false"),
        "bots": bots,
        "levels": {i: fields[f"level{i}"] for i in bots if fields.get(f"level{i}")},
        "speed": fields.get("speed") or DEFAULT_SPEED,
    }


def check_speed(speed, error):
    """A computer speed name (form/meta); None -> the default."""
    if speed is None:
        return DEFAULT_SPEED
    if speed not in BOT_SPEEDS:
        raise error(t("app.err.speed", choices=or_list(BOT_SPEEDS), value=repr(str(speed)[:20])))
    return speed


def refreshed_form(prev, fields):
    """The form after a redraw input (the form changed game, player count or a seat's kind), from
    the form before (``prev``): keeps what was typed. Reads only what is there: after a game
    ``prev`` may be for fewer seats."""
    s = settings_from_form(fields)
    try:
        spec = game_spec(s["game"])
    except SetupError:
        spec = game_spec(prev["game"])
    form = default_form(spec.name)
    same_game = spec.name == prev["game"]
    # The player count stays when the game changes, if the new game is played by that many
    # (the audit, issue 51: switching the game reset it); else the nearest count it has.
    counts = sorted(spec.player_counts)
    if s["players"] in counts:
        form["players"] = s["players"]
    elif not same_game and isinstance(s["players"], int) and counts:
        form["players"] = min(counts, key=lambda n: (abs(n - s["players"]), n))
    prev_names, prev_colours = list(prev.get("names", [])), pad_colours(prev.get("colours", []))
    for i in range(MAX_SEATS):
        old_name = prev_names[i] if i < len(prev_names) else form["names"][i]
        form["names"][i] = s["names"][i] or old_name
        form["colours"][i] = s["colours"][i] if s["colours"][i] in PALETTE else prev_colours[i]
    # Options: what the form shows now, else what was chosen before (same game), else the defaults.
    for o in spec.options:
        value = option_value(spec, o, s["options"][o.name]) if o.name in s["options"] else None
        if value is None and same_game:
            value = option_value(spec, o, prev.get("options", {}).get(o.name))
        if value is not None:
            form["options"][o.name] = value
    form["hidden"] = s["hidden"]
    form["speed"] = s["speed"] if s["speed"] in BOT_SPEEDS else prev.get("speed", DEFAULT_SPEED)
    kinds = [fields.get(f"kind{i}") for i in range(MAX_SEATS)]
    form["bots"] = [
        i for i in range(form["players"]) if kinds[i] == "bot" or (kinds[i] is None and i in prev.get("bots", []))
    ]
    if len(form["bots"]) >= form["players"]:
        form["bots"] = form["bots"][1:]  # keep a person at the first computer seat
    for i in range(form["players"]):  # a seat's default name follows its kind ("Computer 2")
        if i in form["bots"] and form["names"][i] == default_name(i):
            form["names"][i] = computer_name(i)
        elif i not in form["bots"] and form["names"][i] == computer_name(i):
            form["names"][i] = default_name(i)
    levels, prev_levels = bot_levels(spec), prev.get("levels", {}) if same_game else {}
    form["levels"] = {}
    for i in form["bots"]:
        shown = fields.get(f"level{i}")
        form["levels"][i] = (
            shown if shown in levels else prev_levels.get(i) if prev_levels.get(i) in levels else default_level(spec)
        )
    return form

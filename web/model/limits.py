"""Limits on everything the app is handed (autosave, imported file, embed link, URL parameters).

Pure Python, no js imports. Why: a 30,000-deep ``[[[[`` makes ``json.loads`` overflow the
Pyodide stack (the runtime dies and the page never becomes ready), and a message that quotes a
10 MB field builds a 10 MB page. So every record text is size- and depth-checked with a linear,
non-recursive scan BEFORE ``json.loads``; every message quotes at most ``excerpt(text, 60)``;
and the fields of a parsed record are length-checked before anything uses them.
"""

import re

from engine.core.errors import RecordError
from engine.core.msg import N_
from web.i18n.player_names import clean as clean_name

MAX_TEXT = 2_000_000  # characters of record JSON; a long real game is ~30 KB
MAX_DEPTH = 32  # nesting of [ and {; a record needs 3 (record > meta > colours)
MAX_MESSAGE = 280  # last line of defence for any message shown on the page
MAX_FIELD = 40  # game name, engine version, option names/values, slot ids
MAX_RECORD_NAME = 24  # = games.MAX_NAME: names are cut to this on the form
MAX_ACTION_ID = 200
MAX_ACTIONS = 20_000  # far above any game (the longest built-in game has ~400 actions)
MAX_DIGITS = 19  # seeds and steps: a 64-bit integer at most
MAX_QUERY = 2_100_000  # characters of a URL query (Chromium itself stops near 2 MB)

_SPECIAL = re.compile(r'["\\\[\]{}]')


def excerpt(text, n=60):
    """At most ``n`` characters of ``text`` (str() of anything), with an ellipsis when cut;
    line breaks and control characters become spaces so a message stays on one line."""
    s = text if isinstance(text, str) else str(text)
    cut = len(s) > n
    s = s[: n - 1] if cut else s
    s = "".join(c if c >= " " else " " for c in s)
    return s + "…" if cut else s


def quote(text, n=60):
    """repr-style quoting of an excerpt: for messages like ``seed='12345…' is not a number``."""
    return repr(excerpt(text, n))


def short(message):
    """Cap a whole message (the final guard in main.py; each message should already be short)."""
    return excerpt(message, MAX_MESSAGE)


def _what(what):
    """The thing parsed, in words: ``what`` is a catalog key (app.what.*) or already words."""
    from web.i18n import t

    return t(what)


def _t(key, **params):
    from web.i18n import t  # late: web.i18n is light, but limits is imported very early

    return t(key, **params)


def check_json_text(text, what=N_("app.what.record")):
    """Raise RecordError unless ``text`` is at most MAX_TEXT characters and its [ / { nesting
    (outside strings) is at most MAX_DEPTH. Linear, no recursion: only the characters that can
    matter (quotes, backslashes, brackets) are visited."""
    if not isinstance(text, str):
        raise RecordError(_t("app.err.not_text", what=_what(what)))
    if len(text) > MAX_TEXT:
        raise RecordError(
            _t("app.err.too_large", what=_what(what), kb=f"{len(text) // 1000:,}", mb=MAX_TEXT // 1_000_000)
        )
    depth, in_string, escaped_at = 0, False, -1
    for m in _SPECIAL.finditer(text):
        c, i = m.group(), m.start()
        if in_string:
            if c == "\\":
                if escaped_at != i:  # an escaped backslash does not escape the next char
                    escaped_at = i + 1
            elif c == '"' and escaped_at != i:
                in_string = False
            continue
        if c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(_t("app.err.nested", what=_what(what), depth=MAX_DEPTH))
        elif c in "]}":
            depth -= 1


def parse_json(text, what=N_("app.what.record")):
    """check_json_text + json.loads; RecordError with a short message on anything odd."""
    import json

    check_json_text(text, what)
    try:
        return json.loads(text)
    except (TypeError, ValueError) as e:
        raise RecordError(_t("app.err.json", what=_what(what), error=excerpt(e, 80))) from None


def _str_ok(x, n):
    return isinstance(x, str) and len(x) <= n


def check_record_fields(rec):
    """Length limits on a parsed record's fields, checked before the engine or a message uses
    them (the engine quotes some of them in its own messages). Shape is checked afterwards by
    engine.core.record.check_record_shape."""
    if not isinstance(rec, dict):
        raise RecordError(_t("app.err.record_object"))
    for key in rec:
        if not _str_ok(key, MAX_FIELD):
            raise RecordError(_t("app.err.record_field", field=quote(key, 30)))
    for key in ("game", "engine"):
        if key in rec and isinstance(rec[key], str) and len(rec[key]) > MAX_FIELD:
            raise RecordError(_t("app.err.record_long", field=repr(key), value=quote(rec[key], 30)))
    players = rec.get("players")
    if isinstance(players, list):
        if len(players) > 8:
            raise RecordError(_t("app.err.record_players", n=len(players)))
        for p in players:
            if isinstance(p, str) and len(p) > MAX_RECORD_NAME:
                raise RecordError(_t("app.err.record_name", name=quote(p, 30), limit=MAX_RECORD_NAME))
        # As the form does: no control or bidi formatting character in a name (an imported
        # file, an embed link); the record is kept with the cleaned names.
        players[:] = [clean_name(p, MAX_RECORD_NAME) if isinstance(p, str) else p for p in players]
        check_record_names(players)
    options = rec.get("options")
    if isinstance(options, dict):
        for k, v in options.items():
            if not _str_ok(k, MAX_FIELD) or (isinstance(v, str) and len(v) > MAX_FIELD):
                raise RecordError(_t("app.err.record_option", option=quote(k, 30)))
    seed = rec.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) >= 2**63:
        raise RecordError(_t("app.err.record_seed"))
    actions = rec.get("actions")
    if isinstance(actions, list):
        if len(actions) > MAX_ACTIONS:
            raise RecordError(_t("app.err.record_actions", n=f"{len(actions):,}", limit=f"{MAX_ACTIONS:,}"))
        for a in actions:
            if isinstance(a, str) and len(a) > MAX_ACTION_ID:
                raise RecordError(_t("app.err.record_action", action=quote(a, 40)))


def check_record_names(players):
    """The new-game form's rules for names (web/session._check_names), on a record's: every
    player has a name (not blank) and no two have the same one (spaces collapsed, as the form
    does). A record the app wrote always passes; an import or embed link that breaks them is
    refused rather than played with names the form would never allow."""
    shown = [" ".join(p.split()) for p in players if isinstance(p, str)]
    if len(shown) != len(players):
        return  # not a list of names: engine.core.record.check_record_shape says so
    if any(not name for name in shown):
        raise RecordError(_t("app.err.record_name_blank"))
    twice = next((name for i, name in enumerate(shown) if name in shown[:i]), None)
    if twice is not None:
        raise RecordError(_t("app.err.record_name_twice", name=quote(twice, 30)))


def parse_int(value, what, lo=None, hi=None, error=RecordError):
    """A whole number from a URL parameter, digit count checked before int() (Python refuses
    more than 4,300 digits with a long message of its own)."""
    s = value.strip()
    digits = s[1:] if s[:1] in "+-" else s
    if not digits.isdigit() or not digits.isascii() or len(digits) > MAX_DIGITS:
        raise error(
            _t("app.err.whole", param=what, value=quote(value, 30))
            + (" " + _t("app.err.digits", digits=MAX_DIGITS) if digits.isdigit() else "")
        )
    n = int(s)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise error(_t("app.err.range", param=what, n=n, low=lo, high=hi))
    return n

"""Translation at the edge: the engines' messages and the app's own words, through gettext.

Catalogs (docs/i18n.md): ``locale/<lang>/LC_MESSAGES/<domain>.po`` in the repo, one domain per
registered game (``GameSpec.catalog``), the app's (``app``, which also holds the engines' shared
``core.*`` keys) and the tutorials' (``tutorial``); web/i18n/catalogs.py loads them.
scripts/build.py extracts and compiles them with Babel; the compiled ``.mo`` files ship in
app.zip under ``locale/`` and load with the standard library's ``gettext`` (Pyodide has it;
Babel is a build/test tool only).

A msgid is a message key (``bcn.log.take_cloth``); its text is a ``str.format`` template naming
the message's parameters. ``tr(message, names)`` translates an engine message (engine/core/msg.py);
``t(key, **params)`` is the app's own words. The active language is process-wide (one player's
screen has one language): ``activate(lang)``.
"""

from web.i18n import legacy_words
from web.i18n.player_names import isolate
from web.i18n.catalogs import (
    DEFAULT,
    LANGUAGES,
    LOCALE_DIR,
    PSEUDO,
    _cache,
    catalog,
    key_pattern,
)

# Each language's name in its own language (the picker: a reader finds their language even when
# the page speaks one they cannot read). Proper names, not catalog entries.
NAMES = {"en": "English", "zh_Hans": "简体中文", "zh_Hant": "繁體中文", "es": "Español", "de": "Deutsch"}

_KEY = key_pattern()  # a bare catalog key
_active = {"lang": DEFAULT, "cat": None, "names": ()}


def activate(lang) -> str:
    """Make ``lang`` the language of everything translated from now on; returns the language
    used (unknown codes fall back to English)."""
    lang = normalize(lang) or DEFAULT
    _active["lang"] = lang
    _active["cat"] = catalog(lang)
    return lang


def active() -> str:
    return _active["lang"]


def fingerprint() -> tuple:
    """What a translated text depends on besides its key and parameters: the language, its
    catalog and the seat names ``tr`` falls back to (web/kit/region_memo.py keys drawings on it)."""
    return _active["lang"], id(_cat()), _active.get("names", ())


def html_lang(lang=None) -> str:
    """The BCP 47 tag for ``<html lang>`` ("zh_Hans" -> "zh-Hans"; the pseudo-locale reads as English)."""
    lang = lang or _active["lang"]
    return "en" if lang == PSEUDO else lang.replace("_", "-")


def use_names(names) -> None:
    """The players' names that a ``seat(i)`` parameter becomes when ``tr`` is given none (the
    page sets them once per redraw: the game on screen)."""
    _active["names"] = tuple(names or ())


def first_supported(codes):
    """The first of ``codes`` (navigator.languages, most preferred first) the app speaks, else English."""
    for code in codes or ():
        lang = normalize(code)
        if lang is not None and lang != PSEUDO:
            return lang
    return DEFAULT


def normalize(code):
    """A catalog id for a browser or link language code ("de-AT" -> "de", "zh-TW" -> "zh_Hant",
    "zh-CN"/"zh" -> "zh_Hans"), or None if the app has no such language."""
    if not isinstance(code, str) or not code or len(code) > 35:
        return None
    c = code.replace("_", "-").lower()
    if c in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or c.startswith("zh-hant"):
        return "zh_Hant"
    if c == "zh" or c.startswith("zh-"):
        return "zh_Hans"
    base = c.split("-")[0]
    for lang in LANGUAGES:
        if lang.lower() == base:
            return lang
    if c in ("qps", "qps-ploc"):  # the pseudo-locale (tests): every translated string marked
        # shipped in app.zip; a source checkout has it only while a build step makes it
        # (scripts/build_tutorials.pseudo_locale)
        return "qps" if (LOCALE_DIR / "qps").exists() or PSEUDO in _cache else None
    return None


def _cat():
    if _active["cat"] is None:
        _active["cat"] = catalog(_active["lang"])
    return _active["cat"]


# The texts looked up in the active catalog, by key. A drawing asks for the same few hundred keys
# on every redraw (~700 lookups for a 2-player table), and a lookup walks the catalog's chain of
# domains and the English fallback; the memo belongs to one catalog object and is dropped when
# another one is active (a language change, or a test's own catalog).
_memo = {"cat": None, "words": {}}


def _text(key) -> str:
    cat = _cat()
    if _memo["cat"] is not cat:
        _memo["cat"], _memo["words"] = cat, {}
    words = _memo["words"]
    text = words.get(key)
    if text is None:
        text = words[key] = cat.gettext(key)
    return text


class _Keep(dict):
    """format_map mapping that leaves an unknown {name} as it is (a translator's typo never
    raises on a player's screen)."""

    def __missing__(self, name):
        return "{" + name + "}"


def _fill(template, params):
    if not params:
        return template
    try:
        return template.format_map(_Keep(params))
    except (ValueError, IndexError, AttributeError):
        return template


def t(key, **params) -> str:
    """The app's own words: the active language's text for ``key``, parameters filled."""
    return _fill(_text(key), params)


def tn(key, plural_key, n, **params) -> str:
    """A counted phrase: the catalog's plural form for ``n``."""
    params["n"] = n
    return _fill(_cat().ngettext(key, plural_key, n), params)


def tr(message, names=None) -> str:
    """An engine message (engine/core/msg.py) in the active language. ``names``: the players'
    names by seat (a ``seat(i)`` parameter becomes one). Plain strings: a bare catalog key
    (``bcn.service.hospital``: a name from a data table) is translated (a player's name that
    merely looks like a key has no entry and stays as it is); the English of a frozen 1.x
    engine is read back into today's keys (``_words``); a player's name passes unchanged."""
    if message is None:
        return ""
    if names is None:
        names = _active["names"]
    if isinstance(message, str):  # words, or a bare key (a data table's N_("bcn.tile.x"))
        if _KEY.match(message):
            return _text(message)
        return _words(message, names)
    if isinstance(message, (list, tuple)):
        return join([tr(m, names) for m in message])
    if not isinstance(message, dict):
        return str(message)
    key = message.get("key")
    if key is None:
        if "seat" in message:
            i = message["seat"]
            return isolate(names[i]) if isinstance(i, int) and 0 <= i < len(names) else t("core.seat", n=(i or 0) + 1)
        if "items" in message:
            return join([tr(m, names) for m in message["items"]])
        return ""
    params = {}
    for k, v in message.items():
        if k in ("key", "plural"):
            continue
        params[k] = tr(v, names) if isinstance(v, (dict, list, tuple)) else v
    if "plural" in message:
        n = message.get("n", 0)
        template = _cat().ngettext(key, message["plural"], n if isinstance(n, int) else 0)
    else:
        template = _text(key)
    return _fill(template, params)


def _words(text, names) -> str:
    """A plain string: a player's name stays as it is; an English sentence of a frozen 1.x
    engine (its labels, prompts, log lines: web/i18n/legacy_words.py) is read back into today's
    catalog key and worded in the active language; anything else is shown as it is."""
    if not text or text in names or text in _active["names"]:
        return text
    message = legacy_words.read(text)
    return text if message is None else tr(message, names)


def join(parts) -> str:
    """Several phrases as one list, the active language's way ("a, b and c")."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return t("core.list.sep").join(parts[:-1]) + t("core.list.last") + parts[-1]

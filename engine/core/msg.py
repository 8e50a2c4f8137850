"""What the engines say to people: message keys with parameters, never words.

The engines speak no human language (docs/i18n.md). Every label, prompt, log entry and error a
player may read is a *message*: a JSON-safe dict with a ``key`` and named parameters::

    msg("bcn.log.take_cloth", who=seat(2), cloth=1, vp=3)
    # {"key": "bcn.log.take_cloth", "who": {"seat": 2}, "cloth": 1, "vp": 3}

The web side translates it at the edge (web/i18n/__init__.py): ``key`` is a gettext msgid in the message
catalogs (locale/<lang>/LC_MESSAGES/<domain>.po, one domain per game plus the app's), whose text
is a ``str.format`` template naming the parameters ("{who} takes {cloth} cloth and {vp} VP").
Parameter values are numbers, ids (plain strings that are never shown as words), or messages
themselves, translated first:

- ``seat(i)`` — the name of seat ``i`` (names are the players' own words, never translated);
- ``msg(...)`` — a nested message, e.g. a component's name ``msg("bcn.service.hospital")``;
- ``count(key, plural_key, n)`` — a counted noun phrase ("1 coin" / "2 coins"): the catalogs'
  plural forms choose the wording for ``n`` (ngettext);
- ``items([...])`` — a list of messages, joined the language's way ("a, b and c").

Keys are prefixed by their catalog domain (``core.``, ``bcn.``, ``str.``) and are extracted from
the sources by Babel (``pybabel extract -k msg -k count:1,2``, scripts/build.py): write the key as
a string literal in the call, so the extractor sees it. Records never hold messages (only action
ids), so a game saved in one language replays in any other.
"""


def msg(key: str, **params) -> dict:
    """A message: a catalog key and its named parameters."""
    params["key"] = key
    return params


def count(key: str, plural_key: str, n: int, **params) -> dict:
    """A counted phrase: ``key``/``plural_key`` are the catalog's singular/plural msgids and
    ``n`` (also a parameter, ``{n}``) chooses the plural form."""
    params["key"] = key
    params["plural"] = plural_key
    params["n"] = n
    return params


def seat(i) -> dict:
    """A player's name, by seat."""
    return {"seat": i}


def items(parts) -> dict:
    """Several messages read as one list ("2 coins, 1 cloth and 3 VP")."""
    return {"items": list(parts)}


def is_msg(value) -> bool:
    return isinstance(value, dict) and ("key" in value or "seat" in value or "items" in value)


def key_text(m) -> str:
    """A language-free rendering for debugging and test failure output (``repr``-like): the key
    and its parameters, nested messages rendered the same way. Never shown to players."""
    if isinstance(m, str):
        return m
    if not isinstance(m, dict):
        return str(m)
    if "items" in m and "key" not in m:
        return "[" + ", ".join(key_text(x) for x in m["items"]) + "]"
    if "seat" in m and "key" not in m:
        return f"seat{m['seat']}"
    params = ", ".join(f"{k}={key_text(v)}" for k, v in m.items() if k not in ("key", "plural"))
    return f"{m['key']}({params})" if params else m["key"]


def N_(key: str) -> str:
    """Marks a key named in a data table (a component's name), for Babel's extractor; the key
    itself is the value."""
    return key

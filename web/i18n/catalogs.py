"""The gettext catalogs: which domains there are and how one language's are loaded (docs/i18n.md).

The domains are the app's (``app``, also the engines' shared ``core.*`` keys), each registered
game's (``GameSpec.catalog``, e.g. its name) and the tutorials' (``tutorial``); each game's message
keys start with its ``GameSpec.key_prefix``. ``.mo`` files ship in app.zip under ``locale/``; from
a source checkout without them (the CPython tests) the ``.po`` files are compiled in memory with
Babel. web/i18n/__init__.py words messages with these; web/i18n/legacy_words.py reads their English back.
"""

import gettext
import io
import re
from pathlib import Path

from engine.core import registry

LANGUAGES = ("en", "zh_Hans", "zh_Hant", "es", "de")  # the catalogs' locale ids (Babel's)
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"  # beside web/ (the repo, app.zip)
PSEUDO = "qps"  # the pseudo-locale (built by scripts/catalogs.py, shipped in app.zip; tests only)
APP_PREFIXES = ("app", "core", "tut")  # the app's, the engines' shared and the tutorials' keys

_cache: dict = {}


def domains() -> tuple:
    """Every catalog domain, the app's first and the tutorials' last."""
    return ("app",) + tuple(s.catalog for s in registry.specs() if s.catalog) + ("tutorial",)


def game_prefixes() -> tuple:
    """The registered games' message-key prefixes ("bcn", ...)."""
    return tuple(s.key_prefix for s in registry.specs() if s.key_prefix)


def key_pattern():
    """A bare catalog key (``bcn.service.hospital``): one of the known prefixes, a dot, a name."""
    return re.compile(r"^(?:" + "|".join(map(re.escape, APP_PREFIXES + game_prefixes())) + r")\.[A-Za-z0-9_.-]+$")


def _load_domain(lang, domain):
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    if mo.exists():
        with open(mo, "rb") as f:
            return gettext.GNUTranslations(f)
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return None
    from babel.messages.mofile import write_mo  # source checkouts only (tests, scripts)
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        catalog = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def catalog(lang):
    """Every domain of ``lang`` chained into one translations object, falling back to English
    and finally to the key itself (which the pseudo-locale test and the catalog test catch)."""
    if lang in _cache:
        return _cache[lang]
    chain = None
    for lg in [lang, DEFAULT] if lang != DEFAULT else [DEFAULT]:
        for domain in domains():
            t = _load_domain(lg, domain)
            if t is None:
                continue
            if chain is None:
                chain = t
            else:
                chain.add_fallback(t)
    _cache[lang] = chain or gettext.NullTranslations()
    return _cache[lang]

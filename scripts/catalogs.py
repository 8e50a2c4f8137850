#!/usr/bin/env python3
"""The message catalogs' build steps (docs/i18n.md), with Babel's Python API (the same steps as
``pybabel extract`` / ``update`` / ``init`` / ``compile``; the API needs no shell and lets the
build stay deterministic).

For each domain whose sources exist (DOMAINS):
1. extract: the keys written as string literals in ``msg``/``count``/``t``/``tn``/``N_`` calls
   (Python) and ``data-i18n*="app..."`` / ``T("app.js...")`` (index.html, web/*.js) ->
   ``locale/<domain>.pot`` (committed; no POT-Creation-Date churn: the dates are fixed);
2. update: each language's ``locale/<lang>/LC_MESSAGES/<domain>.po`` (created like ``pybabel
   init`` when missing, so the Plural-Forms header is the language's); obsolete entries are kept
   as ``#~`` (a translation is never thrown away by a build);
3. compile: ``.mo`` bytes for app.zip (``locale/<lang>/LC_MESSAGES/<domain>.mo``), never written
   into the repo tree, plus (test builds only) the pseudo-locale ``qps`` (every English text wrapped in ⟦…⟧,
   placeholders intact) that e2e/test_pseudo_locale.py uses to find text that skips the catalogs;
4. js_strings: the ``app.js.*`` texts per language for the plain-JS files (boot.js, update.js),
   written by build.py to dist/locale/<lang>.json.

``python scripts/catalogs.py`` runs steps 1-2 (what a developer does after adding a string).
"""

import datetime
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGS = ("en", "zh_Hans", "zh_Hant", "es", "de")  # web/i18n.LANGUAGES
PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"  # the pseudo-locale's markers
FIXED_DATE = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)  # deterministic headers
KEYWORDS = {"msg": None, "count": (1, 2), "t": None, "tn": (1, 2), "N_": None}
COMMENT_TAGS = ("i18n:",)

# domain -> (key prefixes, source globs relative to the repo). engine/legacy (frozen 1.x engines
# that speak English) is not a source.
# web/'s layers other than the boards (each board's words are its game's domain)
APP_WEB = [f"web/{layer}/*.py" for layer in ("base", "i18n", "kit", "model", "screens", "embed", "page", "worker")]
DOMAINS = {
    "app": (
        ("app.", "core."),
        [
            "engine/core/*.py",
            "engine/versions.py",
            "review/*.py",
            "web/*.py",
            *APP_WEB,
            "web/static/*.js",
            "index.html",
        ],
    ),
    "barcelona": (("bcn.",), ["engine/barcelona/**/*.py", "web/boards/barcelona/**/*.py"]),
    "strasbourg": (("str.",), ["engine/strasbourg/**/*.py", "web/boards/strasbourg/**/*.py"]),
    "tutorial": (("tut.",), ["tutorial/**/*.py", "tutorial/**/*.html", "scripts/make_tutorial.py"]),
}

_MARKUP_KEY = re.compile(r'''(?:data-i18n[\w-]*=|\bT\(|euroT\()\s*["']((?:app|tut)\.[\w.-]+)["']''')


def extract_markup(fileobj, keywords, comment_tags, options):
    """Babel extraction method for index.html and the JS files: ``data-i18n="app.x"`` (and
    ``data-i18n-title=``...) attributes and ``T("app.js.x")`` calls."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        for m in _MARKUP_KEY.finditer(line):
            yield lineno, "t", m.group(1), []


# Keys in calls inside f-string expressions, which Babel's Python extractor does not see as calls
# on Python < 3.12 (an f-string is one token there): found by this pattern as well.
_PY_KEY = re.compile(
    r'''\b(?:t|_t|tn|msg|count|N_)\(\s*(["'])((?:app|core|bcn|str|tut)\.[\w.-]+)\1'''
    r'''(?:\s*,\s*(["'])((?:app|core|bcn|str|tut)\.[\w.-]+)\3)?'''
)


# The app's own keys are found anywhere as complete string literals ("core.err.x" if a else
# "core.err.y", a default argument...): nothing else in its sources looks like one.
_APP_LITERAL = re.compile(r'''(["'])((?:app|core)\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)\1''')


_WHOLE_KEY = re.compile(r"^[a-z]+(?:\.[A-Za-z0-9_-]*[A-Za-z0-9])+$")  # not "core.err.acore.err.b" (two literals joined)


def extract_fstrings(path):
    """(lineno, message) of the keys the patterns find (a pair for tn/count plurals)."""
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for m in _APP_LITERAL.finditer(line):
            yield lineno, m.group(2)
        for m in _PY_KEY.finditer(line):
            plural = m.group(4) if m.group(0).split("(")[0].strip().endswith(("tn", "count")) else None
            yield lineno, (m.group(2), plural) if plural else m.group(2)


def sources(domain):
    out = set()
    for pattern in DOMAINS[domain][1]:
        out.update(p for p in ROOT.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)
    return sorted(out)


def extract(domain):
    """The domain's template catalog, or None when it has no sources (yet)."""
    prefixes, _ = DOMAINS[domain]
    files = sources(domain)
    if not files:
        return None
    template = Catalog(
        domain=domain,
        project="euro-engines",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        header_comment=_HEADER,
    )
    for path in files:
        method = "python" if path.suffix == ".py" else extract_markup
        rel = path.relative_to(ROOT).as_posix()
        found = list(
            extract_from_file(method, path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True)
        )
        if path.suffix == ".py":
            found += [(lineno, message, [], None) for lineno, message in extract_fstrings(path)]
            # Babel joins adjacent literals ("core.err.a" if x else "core.err.b" -> one "msgid"):
            # drop a key that is two keys found here put together.
            keys = {m if isinstance(m, str) else m[0] for _, m, _, _ in found}
            joined = {a + b for a in keys if a for b in keys if b}
            found = [f for f in found if (f[1] if isinstance(f[1], str) else f[1][0]) not in joined]
        # A plural's second key is part of its entry, not a message of its own.
        plurals = {m[1] for _, m, _, _ in found if isinstance(m, tuple) and len(m) > 1}
        found = [f for f in found if not (isinstance(f[1], str) and f[1] in plurals)]
        found.sort(key=lambda f: (isinstance(f[1], str), f[0]))  # a plural entry before its bare literal
        for lineno, message, comments, context in found:
            key = message[0] if isinstance(message, tuple) else message
            if not isinstance(key, str) or not key.startswith(prefixes) or not _WHOLE_KEY.match(key):
                continue
            if isinstance(message, tuple) and any(m is None for m in message):
                message = key
            old = template.get(key)
            if old is not None:
                if (rel, None) not in old.locations:
                    old.locations.append((rel, None))
                old.auto_comments.extend(c for c in comments if c not in old.auto_comments)
                continue
            template.add(message, None, [(rel, None)], auto_comments=comments)
    return template


_HEADER = (
    "# Message catalog of the euro-engines app (docs/i18n.md).\n"
    "# Generated by scripts/catalogs.py (Babel); msgid = a message key, msgstr = its text.\n#"
)


def _write(path, catalog):
    buf = io.BytesIO()
    write_po(buf, catalog, include_lineno=False)
    data = buf.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def po_path(lang, domain):
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang, domain):
    path = po_path(lang, domain)
    if not path.exists():
        return None
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def sync(domains=None):
    """Steps 1-2 for every domain with sources: .pot written, every language's .po updated
    (created when missing). Returns the domains done."""
    done = []
    for domain in domains or DOMAINS:
        template = extract(domain)
        if template is None or not len(template):
            continue
        _write(LOCALE / f"{domain}.pot", template)
        for lang in LANGS:
            cat = read(lang, domain)
            if cat is None:
                cat = Catalog(locale=lang, domain=domain, project="euro-engines", fuzzy=False, header_comment=_HEADER)
            cat.update(template, no_fuzzy_matching=True, update_creation_date=False)
            cat.creation_date = cat.revision_date = FIXED_DATE
            cat.fuzzy = False
            _write(po_path(lang, domain), cat)
        done.append(domain)
    return done


def pseudo(catalog):
    """The pseudo-locale from the English catalog: every text wrapped in markers."""
    out = Catalog(
        locale="en", domain=catalog.domain, fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE
    )  # never the build time: same sources, same bytes
    for m in catalog:
        if not m.id:
            continue
        s = m.string
        if isinstance(s, (tuple, list)):
            s = tuple(OPEN + x + CLOSE if x else "" for x in s)
        else:
            s = OPEN + s + CLOSE if s else ""
        out.add(m.id, s)
    return out


def _mo(catalog):
    catalog.fuzzy = False  # the header: a fuzzy header would drop Plural-Forms from the .mo
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compiled(pseudo_locale=False):
    """{"locale/<lang>/LC_MESSAGES/<domain>.mo": bytes} for every language with a catalog, and
    with ``pseudo_locale`` the pseudo-locale's (test builds only: ``build.py --test-build``)."""
    out = {}
    for domain in DOMAINS:
        for lang in LANGS:
            cat = read(lang, domain)
            if cat is None:
                continue
            out[f"locale/{lang}/LC_MESSAGES/{domain}.mo"] = _mo(cat)
            if lang == "en" and pseudo_locale:
                out[f"locale/{PSEUDO}/LC_MESSAGES/{domain}.mo"] = _mo(pseudo(cat))
    return out


def js_strings(pseudo_locale=False):
    """{lang: {key: text}} of the ``app.js.*`` keys (the JS files' words), English filling gaps
    (and the pseudo-locale's with ``pseudo_locale``)."""

    def table(lang):
        cat = read(lang, "app")
        return {
            m.id: m.string for m in (cat or ()) if isinstance(m.id, str) and m.id.startswith("app.js.") and m.string
        }

    en = table("en")
    out = {lang: {**en, **table(lang)} for lang in LANGS}
    if pseudo_locale:
        out[PSEUDO] = {k: OPEN + v + CLOSE for k, v in en.items()}
    return out


if __name__ == "__main__":
    print("catalogs: " + ", ".join(sync(sys.argv[1:] or None)))

"""The message catalogs (docs/i18n.md): every key the sources use is in its domain's template,
every template key is translated in all five languages, translations keep the English text's
placeholders, plural entries have the language's number of forms, and the pseudo-locale marks
every text. Fails on the first catalog a contributor forgot to update."""

import re
import string

import pytest

from scripts import catalogs
from web import i18n

LANGS = catalogs.LANGS
DOMAINS = [d for d in catalogs.DOMAINS if (catalogs.LOCALE / f"{d}.pot").exists()]
_FIELDS = string.Formatter()


def template(domain):
    from babel.messages.pofile import read_po

    with open(catalogs.LOCALE / f"{domain}.pot", "rb") as f:
        return read_po(f)


def fields(text):
    """The {names} of a str.format template."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in _FIELDS.parse(text) if name}
    except ValueError as e:
        raise AssertionError(f"not a format template: {text!r} ({e})") from None


def key(m):
    return m.id[0] if isinstance(m.id, tuple) else m.id


def test_app_domain_exists():
    assert "app" in DOMAINS


@pytest.mark.parametrize("domain", DOMAINS)
def test_template_is_up_to_date(domain):
    """locale/<domain>.pot lists exactly the keys in the sources (run scripts/catalogs.py)."""
    extracted = {key(m) for m in catalogs.extract(domain) if m.id}
    assert extracted == {key(m) for m in template(domain) if m.id}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_key_translated(domain, lang):
    cat = catalogs.read(lang, domain)
    assert cat is not None, f"locale/{lang}/LC_MESSAGES/{domain}.po is missing"
    missing = []
    for m in template(domain):
        if not m.id:
            continue
        entry = cat.get(m.id)
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or not all(strings) or entry.fuzzy:
            missing.append(key(m))
    assert not missing, f"{domain}/{lang}: {len(missing)} keys without a translation: {missing[:20]}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_placeholders_and_plural_forms(domain, lang):
    en, cat = catalogs.read("en", domain), catalogs.read(lang, domain)
    expected_forms = {"en": 2, "es": 2, "de": 2, "zh_Hans": 1, "zh_Hant": 1}[lang]
    assert cat.num_plurals == expected_forms, f"{lang}: Plural-Forms header says {cat.num_plurals}"
    bad = []
    for m in cat:
        if not m.id or m.id not in en or not m.string:
            continue
        ref = en[m.id].string
        if isinstance(m.id, tuple):
            assert isinstance(m.string, tuple) and len(m.string) == expected_forms, (key(m), m.string)
            want = set().union(*(fields(s) for s in ref))
            got = set().union(*(fields(s) for s in m.string))
            # zh: one form for every count, so it must name {n} wherever English does
            if got != want:
                bad.append((key(m), sorted(want), sorted(got)))
        elif fields(m.string) != fields(ref):
            bad.append((key(m), sorted(fields(ref)), sorted(fields(m.string))))
    assert not bad, f"{domain}/{lang}: placeholders differ from English: {bad[:10]}"


def test_pseudo_locale_marks_every_text_and_keeps_placeholders():
    en = catalogs.read("en", "app")
    qps = catalogs.pseudo(en)
    for m in qps:
        if not m.id:
            continue
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            assert s.startswith(catalogs.OPEN) and s.endswith(catalogs.CLOSE), (m.id, s)
        ref = en[m.id].string
        assert (fields("".join(m.string)) if isinstance(m.string, tuple) else fields(m.string)) == (
            fields("".join(ref)) if isinstance(ref, tuple) else fields(ref)
        )


def test_compiled_catalogs_cover_every_language_and_the_pseudo_locale_only_when_asked():
    mo = catalogs.compiled(pseudo_locale=True)
    for lang in LANGS + ("qps",):
        assert f"locale/{lang}/LC_MESSAGES/app.mo" in mo
    assert set(catalogs.compiled()) == {k for k in mo if "/qps/" not in k}  # a player's build: no qps
    assert set(catalogs.js_strings()) == set(LANGS)
    js = catalogs.js_strings(pseudo_locale=True)
    assert set(js) == set(LANGS) | {"qps"}
    for lang, table in js.items():
        assert table and all(k.startswith("app.js.") and v for k, v in table.items()), lang
        assert set(table) == set(js["en"])


# ----- web/i18n/__init__.py ------------------------------------------------------------------------------------
@pytest.fixture
def lang():
    yield i18n.activate
    i18n.activate("en")
    i18n.use_names(())


def test_normalize_and_browser_default():
    assert i18n.normalize("de-AT") == "de" and i18n.normalize("zh-TW") == "zh_Hant"
    assert i18n.normalize("zh-CN") == "zh_Hans" and i18n.normalize("zh-Hant-HK") == "zh_Hant"
    assert i18n.normalize("fr") is None and i18n.normalize("") is None and i18n.normalize(None) is None
    assert i18n.normalize("qps") is None  # the pseudo-locale exists only in a build
    assert i18n.first_supported(["fr-FR", "es-MX", "de"]) == "es"
    assert i18n.first_supported(["fr"]) == "en"
    assert i18n.html_lang("zh_Hans") == "zh-Hans"


def test_words_in_each_language(lang):
    for code, words in {
        "en": "New game",
        "zh_Hans": "新游戏",
        "zh_Hant": "新遊戲",
        "es": "Nueva partida",
        "de": "Neues Spiel",
    }.items():
        lang(code)
        assert i18n.t("app.toolbar.new_game") == words


def test_plurals_and_lists(lang):
    assert i18n.tn("app.slots.move", "app.slots.moves", 1) == "1 move"
    assert i18n.tn("app.slots.move", "app.slots.moves", 3) == "3 moves"
    lang("de")
    assert i18n.tn("app.slots.move", "app.slots.moves", 3) == "3 Züge"
    assert i18n.join(["A", "B", "C"]) == "A, B und C"
    lang("zh_Hans")
    assert i18n.tn("app.slots.move", "app.slots.moves", 3) == "3 步"
    assert i18n.join(["甲", "乙", "丙"]) == "甲、乙和丙"


def test_tr_engine_messages(lang):
    from engine.core.msg import count, items, msg, seat

    m = msg("core.err.player_count", game="Barcelona", low=1, high=4, n=7)
    assert i18n.tr(m) == "Barcelona is for 1-4 players, not 7"
    lang("es")
    assert i18n.tr(m) == "Barcelona es para 1-4 jugadores, no 7"
    i18n.use_names(["Ann", "Bob"])
    assert i18n.tr(msg("app.a11y.handoff", name=seat(1))) == "Pasa el dispositivo a Bob."
    assert i18n.tr(items([seat(0), seat(1)])) == "Ann y Bob"
    assert i18n.tr(count("app.slots.move", "app.slots.moves", 2)) == "2 jugadas"
    assert i18n.tr("Ann") == "Ann" and i18n.tr("app.cancel") == "Cancelar"  # words pass; a bare key translates
    assert i18n.tr(msg("app.no.such.key")) == "app.no.such.key"  # missing: the key itself


def test_no_literal_english_in_the_app_screens():
    """The web modules' visible words go through the catalog: no tag holds literal English text
    between > and < in web/screens/panels.py (a cheap net behind the pseudo-locale e2e test)."""
    src = (catalogs.ROOT / "web/screens/panels.py").read_text()
    literal = re.findall(r">([A-Z][a-z]+(?: [a-z]+)+)<", src)
    assert not literal, literal

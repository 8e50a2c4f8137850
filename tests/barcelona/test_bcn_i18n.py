"""Barcelona speaks no language (docs/i18n.md): every word a player reads is a message key
of the barcelona catalogs, translated in all five languages.

1. Catalogs: every msgid of locale/barcelona.pot has a non-empty text in each language, naming
   no placeholder the English text does not name (a typo would show "{nmae}" on screen).
2. Random playouts (2-4 players and the solo game): every label, prompt, log line and component
   name of the view translates in every language with no missing key and no leftover {placeholder}.
3. No string in a view is an English word: strings are ids, keys or the players' names only.
"""

import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.barcelona import new_game
from engine.core.rng import Rng
from web import i18n

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGS = i18n.LANGUAGES
_FIELDS = string.Formatter()


def _catalog(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "barcelona.po", "rb") as f:
        return read_po(f, locale=lang)


CATALOGS = {lang: _catalog(lang) for lang in LANGS}
with open(LOCALE / "barcelona.pot", "rb") as _f:
    POT = read_po(_f)


def _msgid(m):
    return m.id[0] if isinstance(m.id, (tuple, list)) else m.id


def _texts(m):
    return [s for s in (m.string if isinstance(m.string, (tuple, list)) else [m.string])]


def _names(template):
    return {f for _, f, _, _ in _FIELDS.parse(template) if f}


TEXT = {lang: {_msgid(m): _texts(m) for m in cat if m.id} for lang, cat in CATALOGS.items()}


# ------------------------------------------------------------------ 1. the catalogs
def test_every_key_of_the_template_is_translated_in_every_language():
    keys = [_msgid(m) for m in POT if m.id]
    assert len(keys) > 400 and all(k.startswith("bcn.") for k in keys)
    for lang in LANGS:
        missing = [k for k in keys if not TEXT[lang].get(k) or not all(TEXT[lang][k])]
        assert not missing, (lang, missing[:10])


def test_translations_name_only_the_english_placeholders():
    for lang in LANGS:
        for key, texts in TEXT[lang].items():
            allowed = set().union(*(_names(t) for t in TEXT["en"][key]))
            for t in texts:
                assert _names(t) <= allowed, (lang, key, t)


def test_plural_entries_have_the_language_forms():
    """zh: one form (nplurals=1); en, es, de: two ("1 coin" / "2 coins")."""
    for lang, cat in CATALOGS.items():
        plurals = [m for m in cat if m.id and isinstance(m.id, (tuple, list))]
        assert plurals, lang
        for m in plurals:
            assert len(m.string) == cat.num_plurals, (lang, m.id)
    assert CATALOGS["zh_Hans"].num_plurals == 1 and CATALOGS["de"].num_plurals == 2


def test_simplified_chinese_uses_the_rulebook_terms():
    """Seed 000 prints these names; the catalog uses them as printed."""
    zh = {k: v[0] for k, v in TEXT["zh_Hans"].items()}
    assert zh["bcn.service.market"] == "圣安东尼市场"
    assert zh["bcn.service.companys"] == "凯旋门大道"
    assert "圣家堂" in zh["bcn.ui.sagrada_tiles"] and "塞尔达" in zh["bcn.ui.cerda_track"]
    assert "现代主义" in zh["bcn.action.mtake"] and "石砖" in zh["bcn.action.cobble"]
    assert "公用设施" in zh["bcn.action.service"]


# ------------------------------------------------------------------ 2. playouts
def _keys(m, out):
    """Every catalog msgid a message names (nested messages too; a plural's msgid is its
    singular key)."""
    if isinstance(m, dict):
        for k, v in m.items():
            if k == "plural":
                continue
            if k == "key" and isinstance(v, str):
                out.add(v)
            else:
                _keys(v, out)
    elif isinstance(m, (list, tuple)):
        for x in m:
            _keys(x, out)
    return out


_LEFTOVER = re.compile(r"\{[a-z_]+\}")


def _messages(view, legal):
    """The messages of one position: labels, prompt, log, component names and Gaudí's words."""
    out = [a.label for a in legal] + [view["prompt"]] + [e["text"] for e in view["log"]]
    out += [t["text"] for t in view["tracks"]["cerda_tiles"]] + [t["text"] for t in view["side"]["mod_display"]]
    for s in view["side"]["services"].values():
        out += [s["name"], s["effect"]]
    if view["tiebreak"]:
        out.append(view["tiebreak"])
    if view["gaudi"]:
        g = view["gaudi"]
        out += [g["name"]] + [x["text"] for x in g["last_turn"]] + [c["name"] for c in g["revealed"]]
    return out


def _positions():
    """A few hundred positions of seeded random games (each player count and the solo game)."""
    picked = []
    for n, seed in ((1, 3), (1, 8), (2, 5), (2, 9), (3, 6), (4, 7)):
        g, rng = new_game(n, seed), Rng(seed + 100)
        k = 0
        while not g.is_over:
            legal = g.legal_actions()
            if k % 3 == 0:
                picked.append((g.view(g.current_player), legal))
            g.apply(legal[rng.below(len(legal))])
            k += 1
        picked.append((g.view(0), []))
    return picked


POSITIONS = _positions()


def test_playout_positions_translate_in_every_language():
    assert len(POSITIONS) >= 200
    seen = set()
    has_app = (LOCALE / "en" / "LC_MESSAGES" / "app.po").exists()  # core.* keys (list joins)
    try:
        for lang in LANGS:
            i18n.activate(lang)
            for view, legal in POSITIONS:
                names = view["players"]
                for m in _messages(view, legal):
                    for key in _keys(m, set()):
                        seen.add(key)
                        if key.startswith("bcn."):
                            assert TEXT[lang].get(key) and all(TEXT[lang][key]), (lang, key)
                    text = i18n.tr(m, names)
                    assert text and not _LEFTOVER.search(text), (lang, text, m)
                    assert "bcn." not in text, (lang, text)
                    if has_app:
                        assert "core." not in text, (lang, text)
    finally:
        i18n.activate("en")
    assert len([k for k in seen if k.startswith("bcn.")]) > 150  # the playouts say a lot


def test_english_wording_is_todays():
    """The en catalog keeps the wording the engine had before it spoke keys."""
    g = new_game(2, 1)
    i18n.activate("en")
    labels = {a.id: i18n.tr(a.label, g.names) for a in g.legal_actions()}
    assert any(t.startswith("Place on ") and ": " in t for t in labels.values())
    g.apply(next(a for a in g.legal_actions() if a.kind == "place"))
    log = [i18n.tr(e["text"], g.names) for e in g.view(0)["log"]]
    assert any(line.startswith("Player 1 places ") for line in log), log
    assert i18n.tr(g.view(0)["prompt"]) == "Take the street actions of your intersection, or finish"


# ------------------------------------------------------------------ 3. no English in a view
# A string in a view is an id (lowercase, no spaces: "h0-1", "place:2,3:MW", "corner"), a class or
# arrow code ("W", "NE"), a board coordinate ("A1", "A1-B1", "A1, B2"), a sign, a catalog key, or a
# player's name (only under "players" and a board's "name"). Anything else is words that skipped
# the catalogs.
_ID = re.compile(
    r"^([a-z0-9_.:,;@+\-−]*|[a-z]+(:[A-Za-z0-9_.,;@\-]+)+|[A-Z]{1,2}|[A-E][1-5](-[A-E][1-5])?|[A-E][1-5](, [A-E][1-5])+|[A-D][1-4]|\d+(\.\d+)?)$"
)
_NAME_FIELDS = ("players", "name")
_KEY = re.compile(r"^(bcn|core)\.[A-Za-z0-9_.]+$")


def english_strings(value, path=()):
    """(path, string) of every string in ``value`` that is neither an id nor a name."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and not _ID.match(k):
                out.append((path, k))
            out += english_strings(v, path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            out += english_strings(v, path + (i,))
    elif isinstance(value, str):
        named = any(p in _NAME_FIELDS for p in path[-2:])
        if path and path[-1] in ("key", "plural"):
            if not (_KEY.match(value) or _ID.match(value)):  # a message key, or an id named "key"
                out.append((path, value))
        elif not named and not _ID.match(value):
            out.append((path, value))
    return out


def test_the_checker_finds_english():
    view = json.loads(json.dumps(POSITIONS[10][0]))
    assert english_strings(view) == []
    view["prompt"] = "Choose a street space"
    view["player_boards"][0]["breakdown"]["street bonuses"] = 2
    view["log"].append({"n": 0, "seat": 0, "text": {"key": "bcn.log.act", "who": "Player 1 builds"}})
    found = [s for _, s in english_strings(view)]
    assert "Choose a street space" in found and "street bonuses" in found and "Player 1 builds" in found


@pytest.mark.parametrize("i", range(0, len(POSITIONS), 7))
def test_views_hold_no_english_words(i):
    view, _ = POSITIONS[i]
    assert english_strings(json.loads(json.dumps(view))) == []


def test_every_key_written_in_the_sources_is_in_the_template():
    """Babel extracts keys from calls it can see; a call inside an f-string is not extracted (its
    key would reach the screen as "bcn.ui.x"). Every key literal in the sources is in the .pot."""
    root = LOCALE.parent
    used = set()
    for d in ("engine/barcelona", "web/boards/barcelona"):
        for p in (root / d).glob("*.py"):
            used |= set(re.findall(r"""\b(?:t|tn|N_|msg|count)\(\s*["'](bcn\.[A-Za-z0-9_.]+)["']""", p.read_text()))
    pot = {_msgid(m) for m in POT if m.id}
    assert len(used) > 300 and used <= pot, sorted(used - pot)

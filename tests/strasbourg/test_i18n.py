"""Strasbourg speaks no language ("Languages"): every word a view carries is a message
(engine/core/msg.py) whose key is in all five catalogs (locale/<lang>/LC_MESSAGES/strasbourg.po),
and translates there with every parameter filled.

Positions: random playouts of 3, 4 and 5 players, every few moves (a few hundred positions);
each position's prompt and action labels, and at the end every seat's whole log, are translated
in en, zh_Hans, zh_Hant, es and de. The view walk fails on any string that is not an id, a
number-like token or a player's name, so an English word put back into a view is caught."""

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.core.msg import is_msg
from engine.strasbourg import data, new_game
from engine.strasbourg.decisions import RULES
from engine.strasbourg.lobbying import ROLE_NAMES
from web import i18n

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGS = i18n.LANGUAGES
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def _catalog_ids(lang, domain):
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return None
    with open(po, "rb") as f:
        cat = read_po(f, locale=lang)
    out = set()
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if all(strings):  # translated: every plural form filled
            out.update(m.id if isinstance(m.id, tuple) else (m.id,))
    return out


STR_IDS = {lang: _catalog_ids(lang, "strasbourg") for lang in LANGS}
# core.* keys (list joins, "Seat n") live in the app catalog (the i18n-web branch): checked where present
APP_IDS = {lang: _catalog_ids(lang, "app") for lang in LANGS}


def keys_of(m, out):
    """Every catalog key a message names, nested messages included."""
    if isinstance(m, dict):
        for k in ("key", "plural"):
            if k in m:
                out.add(m[k])
        for k, v in m.items():
            if k not in ("key", "plural"):
                keys_of(v, out)
    elif isinstance(m, (list, tuple)):
        for x in m:
            keys_of(x, out)
    return out


def check_message(m, names, where):
    keys = keys_of(m, set())
    assert keys, (where, m)
    for lang in LANGS:
        for k in keys:
            if k.startswith("str."):
                assert k in STR_IDS[lang], f"{k} missing from {lang}/strasbourg.po ({where})"
            elif APP_IDS[lang] is not None:
                assert k in APP_IDS[lang], f"{k} missing from {lang}/app.po ({where})"
            else:
                assert k.startswith("core."), (k, where)
        i18n.activate(lang)
        text = i18n.tr(m, names)
        assert text and not PLACEHOLDER.search(text), (lang, where, m, text)
        assert "str." not in text, (lang, where, text)  # a key shown instead of words
    i18n.activate("en")


def messages_of(view):
    """The message dicts at the top of a view's value tree (not their nested parameters)."""
    out = []

    def walk(x, path):
        if isinstance(x, dict):
            if is_msg(x) and (str(x.get("key", "")).startswith(("str.", "core.")) or "items" in x):
                out.append((path, x))
                return
            for k, v in x.items():
                walk(v, f"{path}.{k}")
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{path}[{i}]")

    walk(view, "view")
    return out


# ----- no words in a view -------------------------------------------------------------------------
STEP_KINDS = {"nobility", "guild", "trade", "election", "edifice", "chapel"}
ID_VALUES = {
    "game": {"strasbourg"},
    "decision": set(RULES),
    "kind": STEP_KINDS,
    "guild": set(data.GUILDS),
    "role": set(ROLE_NAMES),
    "seat": set(data.COUNCIL_SEATS),  # a council seat's id (a player's seat is a number)
    "key": None,
    "plural": None,  # message keys: checked as keys below
}
NOT_WORDS = re.compile(r"^[A-I]?$|^[^A-Za-z]*$|^T\d\d(, T\d\d)*$|^lobbying-[A-I]$|^#[0-9a-f]{6}$")
PHASES = {"tasks", "plotting", "over"}


def words_in(view):
    """(path, string) for every string of a view that could be a word shown to a player."""
    names = set(view.get("players") or [])
    bad = []

    def walk(x, path, field):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, f"{path}.{k}", k)
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{path}[{i}]", field)
        elif isinstance(x, str):
            if field == "key" and x in data.GUILDS:  # view["guilds"][i]["key"]: a guild's id
                pass
            elif field in ("key", "plural"):
                if not re.fullmatch(r"(str|core)\.[a-z0-9_.]+", x):
                    bad.append((path, x))
            elif field in ID_VALUES and ID_VALUES[field] is not None and x in ID_VALUES[field]:
                pass
            elif field == "phase" and (x in PHASES or NOT_WORDS.match(x)):
                pass
            elif x in names or NOT_WORDS.match(x):
                pass
            else:
                bad.append((path, x))

    walk(view, "view", None)
    return bad


def test_the_view_walk_finds_an_english_word():
    """The check can fail: a view with words in it is caught (and a clean one is not)."""
    g = new_game(3, 1)
    v = g.view(0)
    assert words_in(v) == []
    v["prompt"] = "Player 1: choose which task cards to keep"
    v["rounds"][0]["steps"][0]["label"] = {"key": "str.step.nobility", "extra": "Nobility"}
    assert [p for p, _ in words_in(v)] == ["view.prompt", "view.rounds[0].steps[0].label.extra"]


# ----- random playouts ------------------------------------------------------------------------------
def _positions():
    out = []
    for n in (3, 4, 5):
        for seed in range(2):
            out.append((n, seed))
    return out


@pytest.mark.parametrize("n, seed", _positions())
def test_every_message_translates_in_five_languages(n, seed):
    g = new_game(n, seed)
    rng = random.Random(seed * 7 + n)
    names = g.names
    checked = 0
    k = 0
    seen_labels = set()
    while not g.is_over:
        acts = g.legal_actions()
        if k % 4 == 0:
            seat = g.current_player
            v = g.view(seat)
            assert words_in(v) == [], words_in(v)[:5]
            check_message(v["prompt"], names, f"prompt at move {k}")
            for path, m in messages_of(v):
                if not path.startswith("view.log"):
                    check_message(m, names, path)
            for a in acts:
                key = repr(a.label)
                if key not in seen_labels:
                    seen_labels.add(key)
                    check_message(a.label, names, a.id)
            checked += 1
        g.apply(acts[rng.randrange(len(acts))])
        k += 1
    assert checked >= 15
    for s in [None] + list(range(n)):
        v = g.view(s)
        assert words_in(v) == [], words_in(v)[:5]
        check_message(v["prompt"], names, "prompt at the end")
        for path, m in messages_of(v):
            check_message(m, names, path)


def test_log_messages_carry_no_other_seats_secret_amounts():
    """A seat's view never holds another seat's private log entries (the sale amounts, the task
    cards kept, the card drawn), nor any public entry naming a sale's amounts."""
    private = {"str.log.sell", "str.log.keep_ids", "str.log.you_draw"}
    for n, seed in ((3, 5), (4, 6), (5, 7)):
        g = new_game(n, seed)
        rng = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
        for s in [None] + list(range(n)):
            for e in g.view(s)["log"]:
                m = e["text"]
                if m.get("key") in private:
                    assert e["seat"] == s, (s, e)
                if m.get("key") == "str.log.sale_over":
                    assert set(m) == {"key", "who"}, m


def test_the_table_renders_in_every_language_with_no_key_or_placeholder_left():
    """web/boards/strasbourg in each language: positions of every phase, the end included; the SVG
    text holds no catalog key and no unfilled {placeholder}."""
    from web.boards import strasbourg as R

    g = new_game(4, 3)
    rng = random.Random(3)
    positions, k = [], 0
    while not g.is_over:
        if k % 40 == 0:
            positions.append(g.clone())
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
        k += 1
    positions.append(g)
    for lang in LANGS:
        i18n.activate(lang)
        for p in positions:
            seat = p.current_player if p.current_player is not None else 0
            for region in R.render_regions(p.view(seat), p.legal_actions()):
                svg = region.svg
                assert "str." not in svg and not PLACEHOLDER.search(svg.replace("{{", "")), (lang, region.name)
    i18n.activate("en")

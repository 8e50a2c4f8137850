"""Games of the frozen 1.x engine speak the player's language (web/i18n/legacy_words.py).

engine/legacy/v1 words its labels, prompts and log lines in English. The web reads each sentence
back into today's catalog keys; these tests replay every tests/fixtures/legacy record and fail on
any word such a game shows that no catalog entry says."""

import gettext
import io
import json
import re
from pathlib import Path

import pytest

from engine import versions
from scripts import catalogs
from web import i18n
from web.base import renderer
from web.i18n import legacy_words
from web.screens import panels, score_panels
from web.model.session import Session

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "tests/fixtures/legacy").glob("*/*.json"))
WORD = re.compile(r"[^\W\d_]{2,}")  # a word (two letters or more; "C3", "T07", "−3" are not)


def _leaves(message):
    """The text parameters of a reading: what is shown without going through a catalog."""
    if isinstance(message, dict):
        for k, v in message.items():
            if k not in ("key", "plural"):
                yield from _leaves(v)
    elif isinstance(message, (list, tuple)):
        for v in message:
            yield from _leaves(v)
    elif isinstance(message, str):
        yield message


def _shown(game):
    """Every sentence a full replay of ``game``'s record shows: the options' labels and the prompt
    at each step, and at the end each seat's log and the data tables' names and texts."""
    out = set()
    module = versions.module_of(game)
    g = module.replay(dict(game.record(), actions=[]))
    for aid in game.actions + [None]:
        out.update(a.label for a in g.legal_actions())
        out.add(g.view(None)["prompt"])
        if aid is not None:
            g.apply(aid)
    for seat in [None] + list(range(g.num_players)):
        view = g.view(seat)
        out.update(e["text"] for e in view["log"])
        out.update(_texts(view))
    return {s for s in out if s} - set(g.names)  # a name is kept as it is (i18n.tr knows them)


def _texts(x):
    """The "text", "label", "name" and "effect" fields of a view (tiles, tasks, services, steps)."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("text", "label", "name", "effect") and isinstance(v, str):
                yield v
            elif k not in ("log", "players"):
                yield from _texts(v)
    elif isinstance(x, list):
        for v in x:
            yield from _texts(v)


@pytest.fixture(autouse=True)
def drawn():
    """A 1.x game's sentences are read once the game is drawn: its renderer is loaded
    (legacy_words reads the aliases of the loaded renderers only: docs/build.md "First visit")."""
    for name, _ in renderer.every():
        assert name in dict(renderer.loaded())


@pytest.fixture(scope="module")
def games():
    return {p.name: versions.load(json.loads(p.read_text())["record"]) for p in FIXTURES}


def test_there_are_1x_records_to_read():
    assert len(FIXTURES) >= 20 and {json.loads(p.read_text())["record"]["game"] for p in FIXTURES} == {
        "barcelona",
        "strasbourg",
    }


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_sentence_a_1x_game_shows_reads_as_catalog_keys(path, games):
    game = games[path.name]
    assert versions.major(versions.version_of(game)) == "1"
    names = set(game.names)
    unread = []
    for s in sorted(_shown(game)):
        message = legacy_words.read(s)
        if message is None:
            if s not in names:
                unread.append(s)
            continue
        for leaf in _leaves(message):
            for name in names:
                leaf = leaf.replace(name, "")
            if WORD.search(leaf):
                unread.append(f"{s!r}: {leaf!r}")
    assert not unread, f"{len(unread)} 1.x sentences with English left, e.g. {unread[:5]}"


def test_every_score_category_of_a_1x_game_has_a_catalog_entry(games):
    """The 1.x engine names its score categories in English ("street bonuses"): each is worded by
    a catalog entry (in qps: marked), never shown as the id."""
    cats = {c for g in games.values() if g.is_over for b in g.score_breakdown() for c in b}
    assert len(cats) > 10
    i18n._active.update(lang="qps", cat=_pseudo_catalog())
    try:
        words = {c: score_panels.category_word(c) for c in sorted(cats)}
    finally:
        i18n.activate("en")
    assert all(w.startswith("⟦") for w in words.values()), words


def test_a_reading_is_worded_in_each_language():
    i18n.activate("de")
    try:
        assert i18n.tr("Player 2 has no goods to sell") == "Player 2 hat keine Waren zu verkaufen"
        assert i18n.tr("Choose a street space") == i18n.t("bcn.prompt.street")
        i18n.activate("zh_Hans")
        assert i18n.tr("Gain 2 coins") == i18n.t("bcn.action.coins")
        assert i18n.tr("Cerdà +2") == i18n.t("bcn.action.cerda")
    finally:
        i18n.activate("en")


def test_a_players_name_is_never_read_as_a_sentence():
    i18n.activate("de")
    try:
        i18n.use_names(["Tram", "Streets"])
        assert i18n.tr("Tram") == "Tram" and i18n.tr("Streets") == "Streets"
        i18n.use_names(["Ann", "Bo"])
        assert i18n.tr("Streets") == i18n.t("bcn.gaudi_action.streets")
    finally:
        i18n.use_names(())
        i18n.activate("en")


# ----- the screen of a 1.x game, in German, Chinese and the pseudo-locale ---------------------------
def _pseudo_catalog():
    chain = None
    for domain in catalogs.DOMAINS:
        cat = catalogs.read("en", domain)
        t = gettext.GNUTranslations(io.BytesIO(catalogs._mo(catalogs.pseudo(cat))))
        if chain is None:
            chain = t
        else:
            chain.add_fallback(t)
    return chain


def _segments(html):
    """The page's visible texts, one per text node or text attribute."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    parts = re.findall(r">([^<]+)<", html) + re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', html)
    return [p.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"') for p in parts]


def _visible(html):
    return " ".join(_segments(html))


def _unmarked(lines):
    """What of the pseudo-locale page is outside the markers, as e2e/test_pseudo_locale.py reads
    it: a marked text an SVG label wraps spans lines; one the board cut to fit keeps its opening
    marker only (to the end of its line)."""
    text = "\n".join(lines)
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.sub(r"⟦[^⟦⟧\n]*", " ", text)


def _screen(record, lang, raw=False):
    s = Session()
    s.load_text(json.dumps(record))
    if lang == "qps":
        i18n._active.update(lang="qps", cat=_pseudo_catalog())
    else:
        i18n.activate(lang)
    try:
        html = panels.screen(s)
        return s, (html if raw else _visible(html))
    finally:
        i18n.activate("en")


LOADS = [
    "barcelona-3p-random-mid.json",
    "strasbourg-4p-bot-mid.json",
    "barcelona-2p-bot-end.json",
    "strasbourg-3p-random-end.json",
]


@pytest.mark.parametrize("name", LOADS)
def test_a_1x_game_on_screen_in_qps_shows_only_marked_text(name):
    """The pseudo-locale wraps every catalog text in ⟦…⟧: what is left outside is English the
    catalogs never saw (it failed before web/i18n/legacy_words.py with the options' labels, the prompt
    and every log line)."""
    path = next(p for p in FIXTURES if p.name == name)
    record = json.loads(path.read_text())["record"]
    s, html = _screen(record, "qps", raw=True)
    assert s.game is not None and versions.major(versions.version_of(s.game)) == "1"
    text = _unmarked(_segments(html))
    # names: the players', the picker's languages (each in its own), the games' (proper names)
    for n in list(s.game.names) + list(i18n.NAMES.values()) + ["Barcelona", "Strasbourg"]:
        text = text.replace(n, " ")
    left = sorted(set(WORD.findall(text)))
    assert not left, f"unmarked words on a 1.x {name} screen: {left[:20]}"


@pytest.mark.parametrize("name", LOADS[:2])
@pytest.mark.parametrize("lang", ["de", "zh_Hans"])
def test_a_1x_game_on_screen_shows_none_of_its_english(name, lang):
    path = next(p for p in FIXTURES if p.name == name)
    record = json.loads(path.read_text())["record"]
    s, text = _screen(record, lang)
    g = s.game
    english = {a.label for a in g.legal_actions()} | {g.view(None)["prompt"]}
    english |= {e["text"] for e in g.view(None)["log"][-10:]}
    i18n.activate(lang)
    try:  # a sentence its language writes the same way ("Cerdà +2") is not English left over
        shown = [e for e in english if e and e in text and i18n.tr(e) != e]
    finally:
        i18n.activate("en")
    assert not shown, f"{lang}: English of the 1.x engine on screen: {shown[:5]}"
    if lang == "zh_Hans":  # every Latin word is one the Chinese catalogs print, or a name
        latin = re.compile(r"[A-Za-zÀ-ɏ]{2,}")
        allowed = {"Barcelona", "Strasbourg"} | set(latin.findall(" ".join(i18n.NAMES.values())))
        for domain in catalogs.DOMAINS:
            for m in catalogs.read(lang, domain):
                for x in m.string if isinstance(m.string, (list, tuple)) else [m.string]:
                    allowed.update(latin.findall(x or ""))
        allowed |= {w for n in g.names for w in latin.findall(n)}
        left = sorted(set(latin.findall(text)) - allowed)
        assert not left, f"Latin words on a zh_Hans 1.x screen that no Chinese entry prints: {left[:20]}"

#!/usr/bin/env python3
"""The new-game screen before the runtime: dist/web/preboot/<lang>.json, written at build time by
the app's own renderer (web/screens/panels.py ``screen`` of a fresh web.model.session.Session), so the markup
web/static/preboot.js shows before Python runs is the markup Python draws once it runs: the runtime then
takes over the same DOM (web/screens/preboot.py, docs/build.md "Page start-up").

Per language: ``forms`` = the whole #app of the new-game screen for each game and player count
(every seat a person, the game's default options); ``bots`` = per game, seat i's row as a computer
(name, level) and the computer speed field, which preboot.js swaps in for a computer seat;
``marks`` = each seat's token in each colour (the colour select); ``rules`` = what preboot.js
needs to redraw the form as Python does (``rules()``, the same in every language). preboot.js
holds no game, player count, option, level or language of its own: everything it shows or
decides about the form comes from here (tests/web/test_preboot.py).
"""

import json
import re
from functools import lru_cache
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _between(html, start, end_marker):
    """The first element of ``html`` that begins with ``start`` up to ``end_marker`` included."""
    i = html.index(start)
    return html[i : html.index(end_marker, i) + len(end_marker)]


def _seat_rows(html):
    """The seat rows of a form (each a ``<div class="seat-row">`` holding no other div)."""
    rows, i = [], 0
    while True:
        i = html.find('<div class="seat-row">', i)
        if i < 0:
            return rows
        j = html.index("</div>", i) + len("</div>")
        rows.append(html[i:j])
        i = j


def language_table(lang, langs=None):
    """{"forms": {"game:n": html}, "bots": {game: {"rows": [...], "speed": html}},
    "marks": [{colour: svg}], "rules": rules() with the ``languages`` written (``langs``,
    default: every language of the app)} for ``lang``."""
    from web import i18n
    from web.screens import panels
    from web.kit import html_kit
    from web.model.games import MAX_SEATS, PALETTE, computer_name, default_level, games
    from web.model.session import Session
    from web.model.settings import default_form

    s = Session()
    s.set_language(lang, keep=False)
    languages = list(i18n.LANGUAGES if langs is None else langs)
    out = {"lang": lang, "forms": {}, "bots": {}, "marks": [], "rules": dict(rules(), languages=languages)}
    for spec in games():
        for n in spec.player_counts:
            s.form = dict(default_form(spec.name), players=n)
            s.set_language(lang, keep=False)  # the default names in this language
            out["forms"][f"{spec.name}:{n}"] = panels.screen(s)
        # every seat a computer (the renderer's rows and speed field; never a valid game, only parts)
        n = max(spec.player_counts)
        s.form = dict(default_form(spec.name), players=n)
        s.refresh_form({"game": spec.name, "players": str(n), **{f"kind{i}": "bot" for i in range(n)}})
        s.form["bots"] = list(range(n))  # refresh_form keeps seat 0 a person: a computer here too
        s.form["names"][0] = computer_name(0)
        s.form["levels"][0] = default_level(spec)
        html = panels.screen(s)
        out["bots"][spec.name] = {
            "rows": _seat_rows(html),
            "speed": _between(html, '<label class="speed">', "</label>"),
        }
    out["marks"] = [{c: html_kit.mark(i, c) for c in PALETTE} for i in range(MAX_SEATS)]
    return out


# ----- the form's rules, from the registry and the form code -----------------------------------------
@lru_cache(maxsize=1)
def rules():
    """What web/static/preboot.js applies when the player changes the form before the runtime:

    - ``first``: the game the form starts with; ``games``: {game: {"players": the counts it
      allows, "default": the count it starts at}} (the registry, web/model/settings.py); a change
      of game keeps the count when the game has it, else takes the nearest (preboot.js ``nearest``);
    - ``languages`` (``language_table``): the languages with a table (dist/web/preboot/<lang>.json);
    - ``keep``: {field: "game" | "always"}: how long the form keeps a value the player set while
      the field is off the form: within the game (a count without it: a solo option, a fifth
      seat's name) or across games too; any other field keeps its value only while it is on the
      form (a seat's kind and level, hidden hands, the speed);
    - ``refill``: the text fields that, left empty, show their earlier value again.

    ``keep`` and ``refill`` are found by asking web/model/settings.refreshed_form (``_probe``), the
    code Python redraws the form with, and checked: every trip probed must come out as preboot.js,
    applying them, does (else the build stops)."""
    from web.model.games import games
    from web.model.settings import default_form

    keep, refill = _probe()
    return {
        "first": games()[0].name,
        "games": {
            spec.name: {"players": list(spec.player_counts), "default": default_form(spec.name)["players"]}
            for spec in games()
        },
        "keep": keep,
        "refill": refill,
    }


_TAG = re.compile(r"<(/?)(input|select|option)\b([^>]*)>")
_ATTR = re.compile(r'([\w:-]+)(?:="([^"]*)")?')


def _read(html):
    """A form's fields: {name: {"type", "choices", "value", "setting"}}, ``value`` as web/main.py
    read_form reads it (a checkbox or radio: the checked one's value, else None); ``setting``: a
    field with a data-action (a device setting, stored as it changes: not the form's state).
    Read from the renderer's own markup (every attribute value quoted, no '>' inside a tag)."""
    fields, select = {}, None
    for end, tag, attrs in _TAG.findall(html):
        if end:
            select = None if tag == "select" else select
            continue
        a = {k: unescape(v) for k, v in _ATTR.findall(attrs)}
        if tag == "option":
            if select is not None:
                select["choices"].append(a.get("value"))
                if "selected" in a:
                    select["value"] = a.get("value")
            continue
        if not a.get("name"):
            continue
        kind = "select" if tag == "select" else a.get("type") or "text"
        f = fields.setdefault(a["name"], {"type": kind, "choices": [], "value": None, "setting": "data-action" in a})
        if kind in ("radio", "checkbox"):
            f["choices"].append(a.get("value", "on"))
            if "checked" in a:
                f["value"] = a.get("value", "on")
        elif kind == "select":
            select = f
        else:
            f["value"] = a.get("value", "")
    for f in fields.values():
        if f["type"] == "select" and f["value"] is None and f["choices"]:
            f["value"] = f["choices"][0]  # no option selected: the first one shows
    return fields


def _fields(form):
    """The fields of the new-game form Python draws for the form state ``form``."""
    from web.screens.form_panels import new_game_form

    return _read(new_game_form(form, {}))


def _redraw(form, changes):
    """Python's form after the player changed ``changes`` ({field: value}, None: unchecked) on
    the form drawn for ``form`` (web/main.py: read_form, then Session.refresh_form)."""
    from web.model.settings import refreshed_form

    read = {k: f["value"] for k, f in _fields(form).items() if f["value"] is not None}
    for k, v in changes.items():
        if v is None:
            read.pop(k, None)
        else:
            read[k] = v
    return refreshed_form(form, read)


def _other(f):
    """A value of field ``f`` that is not the one shown (the probe's change)."""
    if f["type"] == "checkbox":
        return None if f["value"] is not None else f["choices"][0]
    if f["type"] in ("select", "radio"):
        return next(c for c in reversed(f["choices"]) if c != f["value"])
    return "Probe"


def _probe():
    """``keep`` and ``refill`` (see ``rules``), found by trips through Python's form: for every
    game, player count and field (with every seat a person, and with seat j a computer for the
    fields a computer brings), the field is changed, then the form goes to each other player
    count and back, or to each other game and back to this game and count. The field is kept
    when the change still shows at the end. A field's memory is what the trips that left it off
    the form say; then each trip is replayed as preboot.js would apply ``keep``, and must agree."""
    from web.model.games import games
    from web.model.settings import default_form

    trips = []  # (field, [(game, fields on the form) after each step], kept)
    refill = set()
    for spec in games():
        g = spec.name
        for a in spec.player_counts:
            people = dict(default_form(g), players=a)
            bases = [({}, people)] + [
                ({f"kind{j}": "bot"}, _redraw(people, {f"kind{j}": "bot"})) for j in range(a) if a > 1
            ]
            shown = _fields(people)
            for cond, base in bases:
                fields = _fields(base)
                for name, f in fields.items():
                    if name in ("game", "players") or f["setting"] or (cond and name in shown):
                        continue  # the trips' own fields; a device setting; probed with every seat a person
                    if name.startswith("kind") and a == 1:
                        continue  # the one seat is a person whatever it is set to (preboot.js: a person stays)
                    alt = _other(f)
                    if f["type"] == "text":
                        typed = _redraw(base, {name: alt})
                        emptied = _fields(_redraw(typed, {name: ""}))[name]["value"]
                        if emptied == alt:
                            refill.add(name)
                        elif emptied != "":
                            raise AssertionError(f"an emptied {name} shows {emptied!r}: preboot.js cannot tell")
                    routes = [[{"players": str(b)}, {"players": str(a), **cond}] for b in spec.player_counts if b != a]
                    routes += [
                        [{"game": h.name}, {"game": g, **cond}, {"players": str(a), **cond}]
                        for h in games()
                        if h.name != g
                    ]
                    for route in routes:
                        form, steps = base, []
                        for i, change in enumerate(route):
                            form = _redraw(form, {name: alt, **change} if i == 0 else change)
                            steps.append((form["game"], set(_fields(form))))
                        trips.append((name, g, steps, _fields(form).get(name, {}).get("value") == alt))
    keep = {}
    for name in sorted({t[0] for t in trips}):
        mine = [t for t in trips if t[0] == name]
        away = [kept for _, g, steps, kept in mine if any(s[0] != g for s in steps) and _left_off(name, steps)]
        home = [kept for _, g, steps, kept in mine if all(s[0] == g for s in steps) and _left_off(name, steps)]
        if away and all(away):
            keep[name] = "always"
        elif home and all(home):
            keep[name] = "game"
    wrong = [(n, g, [s[0] for s in st], k) for n, g, st, k in trips if _applied(n, g, st, keep) != k]
    if wrong:
        raise AssertionError(f"the form's memory is not one preboot.js can apply: {wrong[:5]}")
    return keep, sorted(refill)


def _left_off(name, steps):
    return any(name not in shown for _, shown in steps)


def _applied(name, game, steps, keep):
    """Whether preboot.js still shows a change of ``name`` after ``steps``, applying ``keep``: at
    each redraw a value stays while its field is on the form, else as long as its memory says."""
    for g, shown in steps:
        scope = keep.get(name)
        if name not in shown and not (scope == "always" or (scope == "game" and g == game)):
            return False
        if name.startswith("kind") and [f for f in shown if f.startswith("kind")] == [name]:
            return False  # every seat a computer: the first one stays a person (refreshed_form)
        game = g
    return name in steps[-1][1]


def write(dist: Path, langs):
    """dist/web/preboot/<lang>.json for every language; returns {lang: its table}."""
    folder = Path(dist) / "web" / "preboot"
    folder.mkdir(parents=True, exist_ok=True)
    tables = {}
    for lang in langs:
        tables[lang] = language_table(lang, langs)
        text = json.dumps(tables[lang], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        (folder / f"{lang}.json").write_text(text + "\n", encoding="utf-8")
    from web import i18n

    i18n.activate(i18n.DEFAULT)
    return tables


PREBUILT = "en"  # the language of the form in dist/index.html (web/static/preboot.js fetches the others)
APP_MARK = '<div id="app"></div>'


def first_form(table):
    """The form web/static/preboot.js shows first: the first game at its default player count."""
    first = table["rules"]["first"]
    return table["forms"][f"{first}:{table['rules']['games'][first]['default']}"]


def patch_index(dist: Path, table):
    """dist/index.html: ``table``'s first form (English) already in #app, so the page's first
    paint after the storage check needs no fetch, no parse of a JSON string and no script-built
    DOM. ``data-prebuilt`` hides it (web/static/style.css) until web/static/preboot.js knows no
    saved game is there; a saved game, a link or another language removes it unseen. <html> says,
    for preboot.js in <head> (before #app is parsed), the languages with a table and the one in #app."""
    index = Path(dist) / "index.html"
    text = index.read_text(encoding="utf-8")
    assert text.count(APP_MARK) == 1, "index.html: the #app line moved"
    app = f'<div id="app" data-prebuilt="{table["lang"]}">{first_form(table)}</div>'
    text = text.replace(APP_MARK, app, 1)
    langs = " ".join(table["rules"]["languages"])
    text, n = re.subn(r"<html\b", f'<html data-preboot-langs="{langs}" data-prebuilt="{table["lang"]}"', text, count=1)
    assert n == 1, "index.html: no <html> tag"
    index.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    for lang in write(ROOT / "dist", ("en",)):
        print(lang, (ROOT / "dist/web/preboot" / f"{lang}.json").stat().st_size)

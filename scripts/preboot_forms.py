#!/usr/bin/env python3
"""The new-game screen before the runtime: dist/web/preboot/<lang>.json, written at build time by
the app's own renderer (web/screens/panels.py ``screen`` of a fresh web.model.session.Session), so the markup
web/preboot.js shows before Python runs is the markup Python draws once it runs: the runtime then
takes over the same DOM (web/screens/preboot.py, docs/web-shell.md "Page start-up").

Per language: ``forms`` = the whole #app of the new-game screen for each game and player count
(every seat a person, the game's default options); ``bots`` = per game, seat i's row as a computer
(name, level) and the computer speed field, which web/preboot.js swaps in when a seat's kind is
changed before the runtime; ``marks`` = each seat's token in each colour (the colour select).
"""

import json
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


def language_table(lang):
    """{"first": the game the form starts with, "forms": {"game:n": html}, "defaults": {game: n}, "bots": {game: {"rows": [...], "speed": html}},
    "marks": [{colour: svg}]} for ``lang``."""
    from web.screens import panels
    from web.model.session import MAX_SEATS, PALETTE, Session, computer_name, default_form, default_level, games

    s = Session()
    s.set_language(lang, keep=False)
    out = {"lang": lang, "first": games()[0].name, "forms": {}, "defaults": {}, "bots": {}, "marks": []}
    for spec in games():
        out["defaults"][spec.name] = default_form(spec.name)["players"]
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
    out["marks"] = [{c: panels.mark(i, c) for c in PALETTE} for i in range(MAX_SEATS)]
    return out


def write(dist: Path, langs):
    """dist/web/preboot/<lang>.json for every language; returns {lang: its table}."""
    folder = Path(dist) / "web" / "preboot"
    folder.mkdir(parents=True, exist_ok=True)
    tables = {}
    for lang in langs:
        tables[lang] = language_table(lang)
        text = json.dumps(tables[lang], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        (folder / f"{lang}.json").write_text(text + "\n", encoding="utf-8")
    from web import i18n

    i18n.activate(i18n.DEFAULT)
    return tables


PREBUILT = "en"  # the language of the form in dist/index.html (web/preboot.js fetches the others)
APP_MARK = '<div id="app"></div>'


def first_form(table):
    """The form web/preboot.js shows first: the first game at its default player count."""
    return table["forms"][f"{table['first']}:{table['defaults'][table['first']]}"]


def patch_index(dist: Path, table):
    """dist/index.html: ``table``'s first form (English) already in #app, so the page's first
    paint after the storage check needs no fetch, no parse of a JSON string and no script-built
    DOM. ``data-prebuilt`` hides it (web/style.css) until web/preboot.js knows no saved game
    is there; a saved game, a link or another language removes it unseen."""
    index = Path(dist) / "index.html"
    text = index.read_text(encoding="utf-8")
    assert text.count(APP_MARK) == 1, "index.html: the #app line moved"
    app = f'<div id="app" data-prebuilt="{table["lang"]}">{first_form(table)}</div>'
    index.write_text(text.replace(APP_MARK, app, 1), encoding="utf-8")


if __name__ == "__main__":
    for lang in write(ROOT / "dist", ("en",)):
        print(lang, (ROOT / "dist/web/preboot" / f"{lang}.json").stat().st_size)

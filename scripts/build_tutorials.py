#!/usr/bin/env python3
"""Build the tutorial pages into dist/tutorial/ (called by scripts/build.py; docs/embedding.md).

For each game and each language of the app: one static page of lessons
(``tutorial/<game>.html`` in English, ``tutorial/<game>.<lang>.html`` otherwise). Every lesson's
board is rendered HERE, at build time, by the app's own renderers (web/embed_board.static_svg) and
shipped inline inside its ``<euro-board>``: it shows with no runtime. web/embed-board.js makes a
board live on "Play on from here" (one Pyodide for the whole page). Texts are the tutorial domain's
message keys (tut.*), read from locale/<lang>/LC_MESSAGES/tutorial.po with Babel; a key a
language lacks falls back to English.

Also writes tutorial/frame.html (the iframe page: one live board from its query), copies
web/embed-board.js with the words it shows written in (``JS_KEYS`` of every language and the
pseudo-locale: ``embed_words``; the same file serves every page and the frame), and puts a pre-rendered board into dist/index.html's loading screen so the
app shows a real board while Pyodide starts.

    .venv/bin/python scripts/build_tutorials.py --init-po   # write tutorial.pot, create/update the .po files
    .venv/bin/python scripts/build_tutorials.py [--dist D]  # pages only (scripts/build.py does this too)
"""

import argparse
from contextlib import contextmanager
from html import escape
from pathlib import Path

from scripts import cjk_font
from web.embed import board as embed_board, draw as embed_draw, lessons as embed_lessons
from web.page.csp import META as CSP_META

ROOT = Path(__file__).resolve().parent.parent


LANGUAGES = ("en", "zh_Hans", "zh_Hant", "es", "de")
HTML_LANG = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "es": "es", "de": "de"}
# The pseudo-locale (docs/i18n.md): its pages (<game>.qps.html, examples.qps.html) are built for
# e2e/test_pseudo_locale.py, linked from nowhere and left out of the service worker's precache.
PSEUDO = "qps"
HTML_LANG[PSEUDO] = "qps-ploc"  # web/lang.js and web/i18n/__init__.py read it as qps
LANG_NAMES = {"en": "English", "zh_Hans": "简体中文", "zh_Hant": "繁體中文", "es": "Español", "de": "Deutsch"}
LOCALE = ROOT / "locale"
DOMAIN = "tutorial"
GAMES = ("barcelona", "strasbourg")

STYLE = """
body { margin: 0; font: 17px/1.5 var(--euro-cjk, system-ui), system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d1d1d; background: #f4f1ea; }
main { max-width: 820px; margin: 0 auto; padding: 8px 16px 40px; }
h1 { font-size: 1.8rem; }
section { margin: 28px 0; padding-top: 8px; border-top: 1px solid #d8d2c4; }
.cite { color: #5d5a55; font-size: .95rem; }
.task { background: #fffdf8; border-left: 4px solid #0072B2; padding: 6px 10px; }
nav { margin: 10px 0; }
nav a { display: inline-block; margin: 0 14px 6px 0; min-height: 24px; }
euro-board { display: block; max-width: 740px; }
euro-board .eb-static { overflow-x: auto; overflow-y: hidden; }
euro-board .eb-static svg { display: block; width: 100%; height: auto; }
euro-board .eb-turning { position: sticky; left: 0; }
"""
STYLE += cjk_font.css("../web/fonts/")  # the Chinese words' font the app ships (scripts/cjk_font.py)
# (.eb-static scrolls inside itself: a board is never drawn narrower than its viewBox, so its text
# stays >= 12 px on a phone; the same rule is in embed-board.js for the live board and other pages)


def document(lang, title, comment, body, style=STYLE, body_attrs=""):
    """A whole page: the shell every generated page shares (the CSP, the viewport, one style
    sheet, lang.js + embed-board.js), around ``body``."""
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{CSP_META}
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<!-- {comment} -->
<style>{style}</style>
<script src="../web/lang.js" defer></script>
<script src="../web/embed-board.js" defer></script>
</head>
<body{body_attrs}>
{body}
</body>
</html>
"""


# ----- catalogs ------------------------------------------------------------------------------------
def catalog(lang):
    """key -> text of the tutorial domain in ``lang`` (empty msgstr = missing)."""
    from babel.messages.pofile import read_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        cat = read_po(f)
    return {m.id: m.string for m in cat if m.id and isinstance(m.string, str) and m.string}


def translator(lang):
    """t(key, **params): the language's text, else English, else the key (qps: the English marked)."""
    own, en = catalog(lang), catalog("en")
    if not en:  # no catalog in this checkout: the English source
        from tutorial.texts_en import messages

        en = messages()
    if lang == PSEUDO:
        from scripts.catalogs import CLOSE, OPEN

        own = {k: OPEN + v + CLOSE for k, v in en.items()}

    def t(key, **params):
        text = own.get(key) or en.get(key) or key
        return text.format(**params) if params else text

    t.has = lambda key: lang in ("en", PSEUDO) or bool(own.get(key))  # False: the English fallback is shown
    return t


KEYS_FILE = ROOT / "tutorial" / "keys.py"


def write_keys():
    """tutorial/keys.py: every tut.* key as an N_() call, so scripts/catalogs.py (Babel extraction,
    run by every build) finds the tutorial domain's keys; the keys are built from lesson ids."""
    from tutorial.texts_en import messages

    lines = [
        '"""Every key of the tutorial domain, for Babel extraction (scripts/catalogs.py). Generated by',
        '`scripts/build_tutorials.py --init-po` from tutorial/texts_en.py; do not edit."""',
        "from engine.core.msg import N_",
        "",
        "KEYS = [",
    ]
    lines += [f"    N_({key!r})," for key in messages()]
    lines.append("]")
    KEYS_FILE.write_text("\n".join(lines) + "\n")


def init_po():
    """tutorial/keys.py from tutorial/texts_en.py, then the app's catalog step (scripts/catalogs.py:
    extract -> locale/tutorial.pot, update/create every language's .po), then the English texts."""
    from babel.messages.pofile import read_po
    from scripts import catalogs
    from tutorial.texts_en import messages

    write_keys()
    catalogs.sync(["tutorial"])
    msgs = messages()
    path = catalogs.po_path("en", DOMAIN)
    with path.open("rb") as f:
        cat = read_po(f, locale="en", domain=DOMAIN)
    for m in cat:
        if m.id in msgs:
            m.string = msgs[m.id]
    catalogs._write(path, cat)
    print(f"wrote tutorial/keys.py, {DOMAIN}.pot and the catalogs")


# ----- pages ------------------------------------------------------------------------------------
def page_name(game, lang):
    return f"{game}.html" if lang == "en" else f"{game}.{lang}.html"


def anchor(lesson_id):
    return "lesson-" + lesson_id.replace(".", "-")


def lesson_svg(lesson, lang="en"):
    """(svg, focus) of a lesson's position, drawn in ``lang`` (what the renderers say, once the
    app's catalogs exist: web/i18n/__init__.py)."""
    spec = embed_board.parse_params({"lesson": lesson.id, "lang": lang})
    return embed_board.static_svg(spec), spec["focus"]


def box_attrs(name):
    """The board's scrolling box (a wide board on a phone scrolls inside it): reachable and
    scrollable from the keyboard, a region named after its lesson (embed-board.js opens it
    scrolled to the board's data-spot and names the boxes it makes itself the same way)."""
    return f'tabindex="0" role="region" aria-label="{escape(name)}"'


def lesson_page(game, lang, svgs):
    from tutorial.texts_en import LESSONS as SOURCE

    t = translator(lang)

    def e(key, **kw):
        """The text, escaped; an English fallback on another language's page says it is English."""
        text = escape(t(key, **kw))
        return text if t.has(key) else f'<span lang="en">{text}</span>'

    lessons = [x for x in embed_lessons.LESSONS[game] if x.position is not None]
    # the page's boards share their drawing attributes and style (scripts/svg_compact.py: the
    # service worker precaches every page, so its bytes are the offline tutorial's cost)
    from scripts.svg_compact import compact

    board_css, small = compact([svgs[x.id][0] for x in lessons])
    svgs = {x.id: (svg, svgs[x.id][1]) for x, svg in zip(lessons, small)}
    langs = " ".join(
        f'<a href="{page_name(game, code)}" hreflang="{HTML_LANG[code]}" lang="{HTML_LANG[code]}">'
        f"{escape(LANG_NAMES[code])}</a>"
        for code in LANGUAGES
    )
    toc = " ".join(f'<a href="#{anchor(x.id)}">{e(x.key("title"))}</a>' for x in lessons)
    toc += f' <a href="#{TURNING_ANCHOR}">{e("tut.turning.title")}</a>'
    parts = []
    for i, x in enumerate(lessons):
        svg, focus = svgs[x.id]
        pages = SOURCE[x.id][1]
        cite = f' <span class="cite">({e("tut.ui.cite", pages=pages)})</span>' if pages else ""
        nxt = lessons[i + 1] if i + 1 < len(lessons) else None
        next_btn = (
            (
                f'<button type="button" class="eb-next" data-next="board-{anchor(nxt.id)}" hidden>'
                f'{e("tut.ui.next")}</button>'
            )
            if nxt
            else ""
        )
        parts.append(
            f'<section id="{anchor(x.id)}">\n<h2>{e(x.key("title"))}</h2>\n'
            f'<p>{e(x.key("text"))}{cite}</p>\n'
            f'<p class="task"><strong>{e("tut.ui.task")}</strong> {e(x.key("task"))}</p>\n'
            f'<euro-board id="board-{anchor(x.id)}" lesson="{escape(x.id)}" focus="{escape(focus)}" '
            f'lang="{HTML_LANG[lang]}">\n'
            f'<div class="eb-static" {box_attrs(t(x.key("title")))}>{svg}</div>\n'
            f'<p class="eb-ok" role="status" hidden>{e("tut.ui.ok")}</p>\n'
            f'<p class="eb-hint" role="status" hidden>{e(x.key("hint"))}</p>\n{next_btn}\n'
            f'</euro-board>\n</section>'
        )
    parts.append(turning_section(game, lang, e, t))
    body = "\n".join(parts)
    main = f"""<main>
<h1>{e(f"tut.page.{game}.title")}</h1>
<p>{e(f"tut.page.{game}.intro")}</p>
<nav aria-label="{escape(t("tut.ui.languages"))}">{e("tut.ui.languages")} {langs}</nav>
<nav aria-label="{escape(t("tut.ui.contents"))}">{toc} <a href="../index.html">{e("tut.ui.open_app")}</a></nav>
{body}
</main>"""
    return document(
        HTML_LANG[lang],
        t(f"tut.page.{game}.title"),
        "Generated by scripts/build_tutorials.py from web/embed/lessons.py and locale/*/tutorial.po; do not edit.",
        main,
        style=STYLE + board_css,
    )


TURNING_ANCHOR = "turning-point"


def turning_params(game):
    """The embed parameters of the game's turning point (tutorial/turning_points.py)."""
    from tutorial.turning_points import TURNING_POINTS
    from web.model.history import encode_record

    tp = TURNING_POINTS[game]
    return {
        "record": encode_record(tp["record"]),
        "at": str(tp["at"]),
        "better": tp["better"],
        "loss": f"{tp['loss']:g}",
        "spread": f"{tp['spread']:g}",
        "focus": tp["focus"],
    }


def turning_section(game, lang, e, t):
    """The page's last section: a turning point of a real game (docs/embedding.md), drawn at build
    time with its words (``static_html``), then live like any board."""
    attrs = turning_params(game)
    spec = embed_board.parse_params({**attrs, "lang": lang})
    at = " ".join(f'{k}="{escape(v)}"' for k, v in attrs.items())
    return (
        f'<section id="{TURNING_ANCHOR}">\n<h2>{e("tut.turning.title")}</h2>\n'
        f"<p>{e(f'tut.turning.{game}.text')}</p>\n"
        f'<euro-board id="board-{TURNING_ANCHOR}" {at} lang="{HTML_LANG[lang]}">\n'
        f'<div class="eb-static" {box_attrs(t("tut.turning.title"))}>{embed_board.static_html(spec)}</div>\n'
        f"</euro-board>\n</section>"
    )


# The JS sets <html lang> and the title from lang= (web/embed-board.js frame()): the same page
# serves every language.
FRAME_STYLE = """body { margin: 0; font: 16px/1.4 var(--euro-cjk, system-ui), system-ui, sans-serif; color: #1d1d1d; background: #fffdf8; }
#board { padding: 4px; }"""
FRAME_STYLE += "\n" + cjk_font.css("../web/fonts/")
FRAME = document(
    "en",
    "Board",
    "The iframe page (docs/embedding.md): one live board from this page's query; it reports its\n"
    "     height to the parent. Generated by scripts/build_tutorials.py.",
    '<div id="board"></div>',
    style=FRAME_STYLE,
    body_attrs=" data-euro-frame",
)


# The examples page (docs/embedding.md): the parameters at work on one real game.
EXAMPLE_SEED = 90  # seat 0 draws two working-class citizens, seat 1 a middle and a working one
EXAMPLE_MOVES = [
    "place:0,1:WW",
    "act:v",
    "street:h2-1",
    "act:h",
    "improve:0",
    "act:done",
    "place:0,2:MW",
    "act:v",
    "cross:1,4",
    "keep:1,2",
    "act:h",
    "improve:0",
    "act:done",
    "build:b01:2:0,1;0,2",
]
EXAMPLES = [  # (heading key, attributes, the key of the mark's note: "<mark>~<note>", in the page's language)
    (
        "tut.examples.block",
        {"step": "14", "focus": "block:0,1", "mark": "build:b01:2:0,1;0,2"},
        "tut.examples.note_building",
    ),
    ("tut.examples.line", {"step": "3", "focus": "line:h2", "mark": "street:h2-1"}, "tut.examples.note_street"),
    ("tut.examples.cerda", {"step": "14", "focus": "cerda"}, None),
    ("tut.examples.player", {"step": "6", "focus": "player:0", "mark": "improve:0"}, "tut.examples.note_improved"),
    ("tut.examples.board", {"step": "1", "focus": "board", "lastmove": "0"}, None),
]


def example_attrs(attrs, note, t):
    """An example's attributes with its mark's note worded by ``t`` (the page's language)."""
    return {**attrs, "mark": f"{attrs['mark']}~{t(note)}"} if note else dict(attrs)


def example_record():
    from engine.core import registry

    game = registry.get("barcelona").new_game(2, EXAMPLE_SEED, layout="printed")
    for aid in EXAMPLE_MOVES:
        game.apply(aid)
    return game.record()


def examples_page(lang="en"):
    """tutorial/examples[.<lang>].html: the parameters at work, worded and drawn in ``lang``."""
    from urllib.parse import urlencode
    from web.model.history import encode_record

    t = translator(lang)
    rec = encode_record(example_record())
    langs = " ".join(
        f'<a href="{page_name("examples", code)}" hreflang="{HTML_LANG[code]}" lang="{HTML_LANG[code]}">'
        f"{escape(LANG_NAMES[code])}</a>"
        for code in LANGUAGES
    )
    parts = []
    for i, (head, attrs, note) in enumerate(EXAMPLES):
        attrs = example_attrs(attrs, note, t)
        spec = embed_board.parse_params({"record": rec, **attrs, "lang": lang})  # drawn in the page's language
        at = " ".join(f'{k}="{escape(v)}"' for k, v in {"record": rec, **attrs}.items())
        shown = " ".join(f"{k}={escape(v)}" for k, v in attrs.items())
        parts.append(
            f'<section><h2>{escape(t(head))}</h2><p><code>{shown}</code></p>\n'
            f'<euro-board id="example-{i + 1}" {at}>\n<div class="eb-static" {box_attrs(t(head))}>'
            f'{embed_board.static_svg(spec)}'
            f'</div>\n</euro-board></section>'
        )
    src = "frame.html?" + urlencode(
        {
            "record": rec,
            "step": "14",
            "focus": "block:0,1",
            "mark": f"build:b01:2:0,1;0,2~{t('tut.examples.note_building')}",
            "lang": lang,
        }
    )
    parts.append(
        f'<section><h2>{escape(t("tut.examples.frame"))}</h2>\n<iframe id="example-frame" src="{escape(src)}" '
        f'title="{escape(t("tut.examples.frame_title"))}" style="width:100%;height:200px;border:1px solid '
        f'#d8d2c4;border-radius:8px"></iframe></section>'
    )
    main = f"""<main>
<h1>{escape(t("tut.examples.title"))}</h1>
<nav aria-label="{escape(t("tut.ui.languages"))}">{escape(t("tut.ui.languages"))} {langs}</nav>
<p>{escape(t("tut.examples.intro"))}</p>
{"".join(parts)}
</main>"""
    return document(
        HTML_LANG[lang],
        t("tut.examples.title"),
        "Generated by scripts/build_tutorials.py from locale/*/tutorial.po; see docs/embedding.md.",
        main,
    )


def loading_board():
    """A Barcelona start position (printed layout), main board only: shown while Pyodide starts."""
    from engine.core import registry

    game = registry.get("barcelona").new_game(2, 1, layout="printed")
    svg, _ = embed_draw.board_svg(game, (), "board", legible=False)  # a picture, scaled to the box
    return svg


def patch_index(dist):
    """dist/index.html: the loading screen shows a real (static) board while Pyodide starts."""
    index = dist / "index.html"
    marker = '<div class="spinner" aria-hidden="true"></div>'
    text = index.read_text(encoding="utf-8") if index.exists() else ""
    if marker not in text:
        return False
    board = (
        f'<div class="loading-board" aria-hidden="true" style="width:min(92vw,560px);'
        f'max-height:55vh;overflow:hidden;opacity:.85">{loading_board()}</div>'
    )
    index.write_text(text.replace(marker, board + marker, 1), encoding="utf-8")
    return True


# The words web/embed-board.js shows itself (say(el, KEY): buttons, the loading and "could not
# start" lines, the frame's title); tests/web/test_tutorial.py checks this list against the JS.
JS_KEYS = ("play", "reset", "again", "loading", "open_app", "no_start", "frame_title")
WORDS_MARK = "var WORDS = {};"
FONTS_MARK = 'var FONT_CSS = "";'


def embed_words(pseudo=True):
    """{lang: {tut.ui.KEY: text}} for every language, plus (``pseudo``) the pseudo-locale ``qps``
    (the English wrapped in markers, as scripts/catalogs.py builds it for the app)."""
    from scripts.catalogs import CLOSE, OPEN, PSEUDO

    out = {lang: {f"tut.ui.{k}": translator(lang)(f"tut.ui.{k}") for k in JS_KEYS} for lang in LANGUAGES}
    if pseudo:
        out[PSEUDO] = {k: OPEN + v + CLOSE for k, v in out["en"].items()}
    return out


def embed_script(pseudo=True):
    """web/embed-board.js with its WORDS filled (JSON: a valid JS object literal)."""
    import json

    src = (ROOT / "web" / "static" / "embed-board.js").read_text(encoding="utf-8")
    assert src.count(WORDS_MARK) == 1, "web/embed-board.js: the WORDS line moved"
    assert src.count(FONTS_MARK) == 1, "web/embed-board.js: the FONT_CSS line moved"
    words = json.dumps(embed_words(pseudo), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    fonts = json.dumps(cjk_font.embed_css())
    return src.replace(WORDS_MARK, f"var WORDS = {words};", 1).replace(FONTS_MARK, f"var FONT_CSS = {fonts};", 1)


def build(dist, pseudo=True):
    """Write dist/tutorial/*.html, dist/tutorial/frame.html, dist/web/embed-board.js; patch index.
    ``pseudo``: the pseudo-locale's pages and words too (scripts/build.py: test builds only)."""
    out = Path(dist) / "tutorial"
    out.mkdir(parents=True, exist_ok=True)
    (Path(dist) / "web").mkdir(parents=True, exist_ok=True)
    (Path(dist) / "web" / "embed-board.js").write_text(embed_script(pseudo), encoding="utf-8")
    n = 0
    for game in GAMES:
        for lang in LANGUAGES:
            svgs = {x.id: lesson_svg(x, lang) for x in embed_lessons.LESSONS[game] if x.position is not None}
            (out / page_name(game, lang)).write_text(lesson_page(game, lang, svgs), encoding="utf-8")
            n += 1
    (out / "frame.html").write_text(FRAME, encoding="utf-8")
    for lang in LANGUAGES:  # the parameter examples, in every language (tut.examples.*)
        (out / page_name("examples", lang)).write_text(examples_page(lang), encoding="utf-8")
    if pseudo:
        with pseudo_locale():  # the same pages in qps, boards drawn in it (e2e/test_pseudo_locale.py)
            for game in GAMES:
                svgs = {x.id: lesson_svg(x, PSEUDO) for x in embed_lessons.LESSONS[game] if x.position is not None}
                (out / page_name(game, PSEUDO)).write_text(lesson_page(game, PSEUDO, svgs), encoding="utf-8")
            (out / page_name("examples", PSEUDO)).write_text(examples_page(PSEUDO), encoding="utf-8")
    embed_board.activate("en")  # the loading board is English, not the last page's language
    patch_index(Path(dist))
    return n


@contextmanager
def pseudo_locale():
    """web/i18n/__init__.py speaks qps in this process while the block runs: its catalogs are made from the
    English ones as scripts/catalogs.py makes the shipped ones (a source checkout has no
    locale/qps), and dropped after, so nothing else in the process ever picks qps up."""
    import gettext
    import io
    from scripts import catalogs
    from web import i18n
    from web.i18n import catalogs as i18n_catalog

    chain = None
    for domain in catalogs.DOMAINS:
        cat = catalogs.read("en", domain)
        if cat is None:
            continue
        t = gettext.GNUTranslations(io.BytesIO(catalogs._mo(catalogs.pseudo(cat))))
        if chain is None:
            chain = t
        else:
            chain.add_fallback(t)
    i18n_catalog._cache[PSEUDO] = chain
    try:
        yield
    finally:
        i18n_catalog._cache.pop(PSEUDO, None)
        i18n.activate("en")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--init-po", action="store_true", help="write the template and create/update the catalogs")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = ap.parse_args()
    if args.init_po:
        init_po()
        return
    n = build(args.dist)
    print(f"wrote {n} tutorial pages into {args.dist / 'tutorial'}")


if __name__ == "__main__":
    main()

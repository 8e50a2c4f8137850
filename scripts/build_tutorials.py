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
web/embed-board.js, and puts a pre-rendered board into dist/index.html's loading screen so the
app shows a real board while Pyodide starts.

    .venv/bin/python scripts/build_tutorials.py --init-po   # write tutorial.pot, create/update the .po files
    .venv/bin/python scripts/build_tutorials.py [--dist D]  # pages only (scripts/build.py does this too)
"""
import argparse
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web import embed_board, embed_lessons  # noqa: E402
from web.csp import META as CSP_META  # noqa: E402

LANGUAGES = ("en", "zh_Hans", "zh_Hant", "es", "de")
HTML_LANG = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "es": "es", "de": "de"}
LANG_NAMES = {"en": "English", "zh_Hans": "简体中文", "zh_Hant": "繁體中文", "es": "Español", "de": "Deutsch"}
LOCALE = ROOT / "locale"
DOMAIN = "tutorial"
GAMES = ("barcelona", "strasbourg")

STYLE = """
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d1d1d; background: #f4f1ea; }
main { max-width: 820px; margin: 0 auto; padding: 8px 16px 40px; }
h1 { font-size: 1.8rem; }
section { margin: 28px 0; padding-top: 8px; border-top: 1px solid #d8d2c4; }
.cite { color: #5d5a55; font-size: .95rem; }
.task { background: #fffdf8; border-left: 4px solid #0072B2; padding: 6px 10px; }
nav { margin: 10px 0; }
nav a { display: inline-block; margin: 0 14px 6px 0; min-height: 24px; }
euro-board { max-width: 740px; }
euro-board .eb-static svg { display: block; width: 100%; height: auto; }
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
    """t(key, **params): the language's text, else English, else the key."""
    own, en = catalog(lang), catalog("en")
    if not en:   # no catalog in this checkout: the English source
        from tutorial.texts_en import messages
        en = messages()

    def t(key, **params):
        text = own.get(key) or en.get(key) or key
        return text.format(**params) if params else text
    t.has = lambda key: lang == "en" or bool(own.get(key))   # False: the English fallback is shown
    return t


def init_po():
    """Write locale/tutorial.pot from tutorial/texts_en.py, create missing .po files with
    `pybabel init` (its Plural-Forms header), update the others, and set the English msgstrs."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po
    from tutorial.texts_en import messages
    msgs = messages()
    pot = Catalog(project="euro-games", domain=DOMAIN)
    for key in msgs:
        pot.add(key)
    LOCALE.mkdir(exist_ok=True)
    with (LOCALE / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, omit_header=False, width=120)
    babel = [sys.executable, "-m", "babel.messages.frontend"]
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        verb = "update" if po.exists() else "init"
        subprocess.run(babel + [verb, "-i", str(LOCALE / f"{DOMAIN}.pot"), "-d", str(LOCALE), "-D", DOMAIN,
                                "-l", lang, "-w", "120"] + (["--no-fuzzy-matching"] if verb == "update" else []),
                       check=True, capture_output=True)
        if lang == "en":
            with po.open("rb") as f:
                cat = read_po(f)
            for m in cat:
                if m.id:
                    m.string = msgs[m.id]
            with po.open("wb") as f:
                write_po(f, cat, width=120)
    print(f"wrote {DOMAIN}.pot and {len(LANGUAGES)} catalogs")


# ----- pages ------------------------------------------------------------------------------------
def page_name(game, lang):
    return f"{game}.html" if lang == "en" else f"{game}.{lang}.html"


def anchor(lesson_id):
    return "lesson-" + lesson_id.replace(".", "-")


def lesson_svg(lesson, lang="en"):
    """(svg, focus) of a lesson's position, drawn in ``lang`` (what the renderers say, once the
    app's catalogs exist: web/i18n.py)."""
    spec = embed_board.parse_params({"lesson": lesson.id, "lang": lang})
    return embed_board.static_svg(spec), spec["focus"]


def lesson_page(game, lang, svgs):
    from tutorial.texts_en import LESSONS as SOURCE
    t = translator(lang)
    def e(key, **kw):
        """The text, escaped; an English fallback on another language's page says it is English."""
        text = escape(t(key, **kw))
        return text if t.has(key) else f'<span lang="en">{text}</span>'

    lessons = [x for x in embed_lessons.LESSONS[game] if x.position is not None]
    langs = " ".join(f'<a href="{page_name(game, code)}" hreflang="{HTML_LANG[code]}" lang="{HTML_LANG[code]}">'
                     f"{escape(LANG_NAMES[code])}</a>" for code in LANGUAGES)
    toc = " ".join(f'<a href="#{anchor(x.id)}">{e(x.key("title"))}</a>' for x in lessons)
    words = " ".join(f'data-t-{k}="{escape(t("tut.ui." + k))}"' for k in ("play", "reset", "again", "next", "loading"))
    parts = []
    for i, x in enumerate(lessons):
        svg, focus = svgs[x.id]
        pages = SOURCE[x.id][1]
        cite = f' <span class="cite">({e("tut.ui.cite", pages=pages)})</span>' if pages else ""
        nxt = lessons[i + 1] if i + 1 < len(lessons) else None
        next_btn = (f'<button type="button" class="eb-next" data-next="board-{anchor(nxt.id)}" hidden>'
                    f'{e("tut.ui.next")}</button>') if nxt else ""
        parts.append(
            f'<section id="{anchor(x.id)}">\n<h2>{e(x.key("title"))}</h2>\n'
            f'<p>{e(x.key("text"))}{cite}</p>\n'
            f'<p class="task"><strong>{e("tut.ui.task")}</strong> {e(x.key("task"))}</p>\n'
            f'<euro-board id="board-{anchor(x.id)}" lesson="{escape(x.id)}" focus="{escape(focus)}" '
            f'lang="{HTML_LANG[lang]}" {words}>\n'
            f'<div class="eb-static">{svg}</div>\n'
            f'<p class="eb-ok" role="status" hidden>{e("tut.ui.ok")}</p>\n'
            f'<p class="eb-hint" role="status" hidden>{e(x.key("hint"))}</p>\n{next_btn}\n'
            f'</euro-board>\n</section>')
    body = "\n".join(parts)
    return f"""<!doctype html>
<html lang="{HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{CSP_META}
<title>{escape(t(f"tut.page.{game}.title"))}</title>
<link rel="icon" href="data:,">
<!-- Generated by scripts/build_tutorials.py from web/embed_lessons.py and locale/*/tutorial.po; do not edit. -->
<style>{STYLE}</style>
<script src="../web/embed-board.js" defer></script>
</head>
<body>
<main>
<h1>{e(f"tut.page.{game}.title")}</h1>
<p>{e(f"tut.page.{game}.intro")}</p>
<nav aria-label="{escape(t("tut.ui.languages"))}">{e("tut.ui.languages")} {langs}</nav>
<nav aria-label="{escape(t("tut.ui.contents"))}">{toc} <a href="../index.html">{e("tut.ui.open_app")}</a></nav>
{body}
</main>
</body>
</html>
"""


FRAME = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{CSP_META}
<title>Board</title>
<link rel="icon" href="data:,">
<!-- The iframe page (docs/embedding.md): one live board from this page's query; it reports its
     height to the parent. Generated by scripts/build_tutorials.py. -->
<style>body {{ margin: 0; font: 16px/1.4 system-ui, sans-serif; color: #1d1d1d; background: #fffdf8; }}
#board {{ padding: 4px; }}</style>
<script src="../web/embed-board.js" defer></script>
</head>
<body data-euro-frame>
<div id="board"></div>
</body>
</html>
"""


# The examples page (docs/embedding.md): the parameters at work on one real game.
EXAMPLE_SEED = 90   # seat 0 draws two working-class citizens, seat 1 a middle and a working one
EXAMPLE_MOVES = ["place:0,1:WW", "act:v", "street:h2-1", "act:h", "improve:0", "act:done",
                 "place:0,2:MW", "act:v", "cross:1,4", "keep:1,2", "act:h", "improve:0", "act:done",
                 "build:b01:2:0,1;0,2"]
EXAMPLES = [  # (heading, attributes)
    ("A block, with a note", {"step": "14", "focus": "block:0,1", "mark": "build:b01:2:0,1;0,2~Level 2 building"}),
    ("A street line", {"step": "3", "focus": "line:h2", "mark": "street:h2-1~The wide street just built"}),
    ("The Cerdà track", {"step": "14", "focus": "cerda"}),
    ("A player's board", {"step": "6", "focus": "player:0", "mark": "improve:0~Improved"}),
    ("The whole main board, no last-move marks", {"step": "1", "focus": "board", "lastmove": "0"}),
]


def example_record():
    from engine.core import registry
    game = registry.get("barcelona").new_game(2, EXAMPLE_SEED, layout="printed")
    for aid in EXAMPLE_MOVES:
        game.apply(aid)
    return game.record()


def examples_page():
    from urllib.parse import urlencode
    from web.history import encode_record
    rec = encode_record(example_record())
    parts = []
    for i, (head, attrs) in enumerate(EXAMPLES):
        spec = embed_board.parse_params({"record": rec, **attrs})
        at = " ".join(f'{k}="{escape(v)}"' for k, v in {"record": rec, **attrs}.items())
        shown = " ".join(f"{k}={escape(v)}" for k, v in attrs.items())
        parts.append(f'<section><h2>{escape(head)}</h2><p><code>{shown}</code></p>\n'
                     f'<euro-board id="example-{i + 1}" {at}>\n<div class="eb-static">{embed_board.static_svg(spec)}'
                     f'</div>\n</euro-board></section>')
    src = "frame.html?" + urlencode({"record": rec, "step": "14", "focus": "block:0,1",
                                     "mark": "build:b01:2:0,1;0,2~Level 2 building"})
    parts.append(f'<section><h2>An iframe (the frame sizes itself)</h2>\n<iframe id="example-frame" src="{escape(src)}" '
                 f'title="Barcelona: block B1 after a level 2 building" style="width:100%;height:200px;border:1px solid '
                 f'#d8d2c4;border-radius:8px"></iframe></section>')
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{CSP_META}
<title>Embedding boards: examples</title>
<link rel="icon" href="data:,">
<!-- Generated by scripts/build_tutorials.py; see docs/embedding.md. -->
<style>{STYLE}</style>
<script src="../web/embed-board.js" defer></script>
</head>
<body>
<main>
<h1>Embedding boards: examples</h1>
<p>One two-player Barcelona game (printed layout), shown with different <code>focus</code>, <code>mark</code> and
<code>step</code> values. Every board is a picture until you press its button.</p>
{"".join(parts)}
</main>
</body>
</html>
"""


def loading_board():
    """A Barcelona start position (printed layout), main board only: shown while Pyodide starts."""
    from engine.core import registry
    game = registry.get("barcelona").new_game(2, 1, layout="printed")
    svg, _ = embed_board.board_svg(game, (), "board")
    return svg


def patch_index(dist):
    """dist/index.html: the loading screen shows a real (static) board while Pyodide starts."""
    index = dist / "index.html"
    marker = '<div class="spinner" aria-hidden="true"></div>'
    text = index.read_text(encoding="utf-8") if index.exists() else ""
    if marker not in text:
        return False
    board = (f'<div class="loading-board" aria-hidden="true" style="width:min(92vw,560px);'
             f'max-height:55vh;overflow:hidden;opacity:.85">{loading_board()}</div>')
    index.write_text(text.replace(marker, board + marker, 1), encoding="utf-8")
    return True


def build(dist):
    """Write dist/tutorial/*.html, dist/tutorial/frame.html, dist/web/embed-board.js; patch index."""
    out = Path(dist) / "tutorial"
    out.mkdir(parents=True, exist_ok=True)
    (Path(dist) / "web").mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "web" / "embed-board.js", Path(dist) / "web" / "embed-board.js")
    n = 0
    for game in GAMES:
        for lang in LANGUAGES:
            svgs = {x.id: lesson_svg(x, lang) for x in embed_lessons.LESSONS[game] if x.position is not None}
            (out / page_name(game, lang)).write_text(lesson_page(game, lang, svgs), encoding="utf-8")
            n += 1
    (out / "frame.html").write_text(FRAME, encoding="utf-8")
    (out / "examples.html").write_text(examples_page(), encoding="utf-8")
    embed_board.activate("en")
    patch_index(Path(dist))
    return n


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

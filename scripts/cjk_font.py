"""The Chinese font the app ships: Noto Sans SC / TC cut down to the characters our catalogs use.

Why ship one: a tablet or phone has a CJK system font, but a desktop Linux (or this test machine)
may have none, and then every Chinese word is a row of boxes; fonts from another host are not
allowed (offline app, CSP). The full fonts are 10 MB per weight; the Chinese text of the app is
about 700 distinct characters per script, so a subset is ~0.2 MB per weight and script.

Source: the npm packages @expo-google-fonts/noto-sans-sc / -tc (Google Fonts' Noto Sans SC/TC,
SIL Open Font License 1.1, LICENSE_FONT copied beside the fonts), pinned in package.json.
Subsetting: fontTools (PyPI), the ecosystem's tool for it (``pyftsubset``), to WOFF2.

On Chinese pages the family comes after the system's CJK fonts (a device with its own never
downloads ours); the browser fetches a @font-face file only when a character needs it. Cached in .build-cache/fonts by a hash of (characters, source font).
"""

import hashlib
import shutil
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".build-cache" / "fonts"
NPM = ROOT / "node_modules" / "@expo-google-fonts"
# script -> (catalog language, npm package, file stem)
SCRIPTS = {"sc": ("zh_Hans", "noto-sans-sc", "NotoSansSC"), "tc": ("zh_Hant", "noto-sans-tc", "NotoSansTC")}
WEIGHTS = {400: "400Regular", 700: "700Bold"}
FAMILY = {"sc": "Euro Noto Sans SC", "tc": "Euro Noto Sans TC"}
# The system's own CJK fonts, preferred on Chinese pages (named fonts that are not installed are
# skipped; only generic families misbehave, see web/style.css)
SYSTEM = {
    "sc": '"PingFang SC","Noto Sans CJK SC","Source Han Sans SC","Microsoft YaHei","WenQuanYi Micro Hei"',
    "tc": '"PingFang TC","Noto Sans CJK TC","Source Han Sans TC","Microsoft JhengHei"',
}
CJK_START = 0x2E80  # CJK radicals, punctuation, kana, ideographs, full-width forms: what Latin fonts lack


def out_name(script, weight):
    return f"euro-cjk-{script}-{weight}.woff2"


def characters(lang):
    """Every CJK character the catalogs of ``lang`` print, plus the language names of the picker
    (shown in every language)."""
    chars = set()
    for po in sorted((ROOT / "locale" / lang / "LC_MESSAGES").glob("*.po")):
        with open(po, "rb") as fh:
            for m in read_po(fh):
                text = m.string
                chars.update("".join(text) if isinstance(text, (tuple, list)) else (text or ""))
    chars.update((ROOT / "web" / "i18n" / "__init__.py").read_text(encoding="utf-8"))  # NAMES: 简体中文, 繁體中文
    return "".join(sorted(c for c in chars if ord(c) >= CJK_START))


def source(script, weight):
    _, package, stem = SCRIPTS[script]
    return NPM / package / WEIGHTS[weight] / f"{stem}_{WEIGHTS[weight]}.ttf"


def subset(src, text, dest):
    from fontTools import subset as ft  # build-time only (pyproject's test extra)

    options = ft.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]  # vertical/proportional forms of punctuation stay usable
    options.name_IDs = ["*"]  # keep the copyright and licence names of the OFL font
    options.notdef_outline = True
    font = ft.load_font(str(src), options)
    sub = ft.Subsetter(options)
    sub.populate(text=text)
    sub.subset(font)
    ft.save_font(font, str(dest), options)


def build(dist):
    """Write dist/web/fonts/*.woff2 (+ the font licence); returns {file name: characters}."""
    out = Path(dist) / "web" / "fonts"
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for script, (lang, package, _) in SCRIPTS.items():
        text = characters(lang)
        for weight in WEIGHTS:
            src = source(script, weight)
            if not src.is_file():
                raise SystemExit(f"{src} is missing: run `npm ci` (scripts/setup.sh)")
            key = hashlib.sha256(f"{text}|{src.name}|{src.stat().st_size}".encode()).hexdigest()[:16]
            cached = CACHE / f"{key}-{out_name(script, weight)}"
            if not cached.is_file():
                CACHE.mkdir(parents=True, exist_ok=True)
                subset(src, text, cached)
            shutil.copy2(cached, out / out_name(script, weight))
            made[out_name(script, weight)] = text
        shutil.copy2(NPM / package / "LICENSE_FONT", out / f"LICENSE-{package}.txt")
    return made


def css(prefix):
    """The @font-face rules (files under ``prefix``) and ``--euro-cjk``, the family list every
    font stack starts with (``var(--euro-cjk, system-ui)``): on Chinese pages the system's CJK
    fonts first, then ours (the page's script first). unicode-range: the faces serve CJK characters only, so a page without Chinese
    never downloads them."""
    rules = faces(prefix)
    sc, tc = f'"{FAMILY["sc"]}"', f'"{FAMILY["tc"]}"'
    rules.append(f":root{{--euro-cjk:{sc},{tc}}}")
    rules.append(f":root:lang(zh-Hans){{--euro-cjk:{SYSTEM['sc']},{sc},{tc}}}")
    rules.append(f":root:lang(zh-Hant){{--euro-cjk:{SYSTEM['tc']},{tc},{sc}}}")
    return "\n".join(rules) + "\n"


def faces(prefix):
    """The @font-face rules of the shipped subsets (files under ``prefix``)."""
    rules = []
    for script in SCRIPTS:
        for weight, span in ((400, "1 549"), (700, "550 1000")):
            rules.append(
                f'@font-face{{font-family:"{FAMILY[script]}";src:url({prefix}{out_name(script, weight)}) '
                f'format("woff2");font-weight:{span};font-display:swap;unicode-range:U+2E80-FFFF}}'
            )
    return rules


EMBED_PREFIX = "@FONTS@"  # web/embed-board.js puts the URL of the fonts beside it here


def embed_css():
    """The CSS web/embed-board.js adds to a page that has only that script (docs/embedding.md):
    the same faces (their URL filled in by the script, from where it was loaded) and
    ``--euro-cjk`` set on each board by the board's own language (``data-eb-lang``, which the
    script sets; the page's ``<html lang>`` may be another), so a Chinese board's SVG words and
    buttons are drawn with a CJK font even on a page whose own fonts have none."""
    sc, tc = f'"{FAMILY["sc"]}"', f'"{FAMILY["tc"]}"'
    stack = "font-family:var(--euro-cjk),system-ui,sans-serif"
    return "".join(
        faces(EMBED_PREFIX)
        + [
            f"euro-board{{--euro-cjk:{sc},{tc}}}",
            f'euro-board[data-eb-lang="zh-Hans"]{{--euro-cjk:{SYSTEM["sc"]},{sc},{tc};{stack}}}',
            f'euro-board[data-eb-lang="zh-Hant"]{{--euro-cjk:{SYSTEM["tc"]},{tc},{sc};{stack}}}',
        ]
    )

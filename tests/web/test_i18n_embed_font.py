"""The embed script brings the shipped CJK fonts (docs/embedding.md "Languages"): a page
that loads only web/embed-board.js has none of the app's CSS, so the built script carries the
@font-face rules itself, and sets each board's --euro-cjk by the board's language."""

import json
import re

from scripts import build_tutorials, cjk_font


def test_the_built_script_carries_the_faces_and_fills_their_url():
    js = build_tutorials.embed_script()
    css = json.JSONDecoder().raw_decode(js, js.index("var FONT_CSS = ") + len("var FONT_CSS = "))[0]
    assert css == cjk_font.embed_css()
    for script in cjk_font.SCRIPTS:
        for weight in cjk_font.WEIGHTS:
            assert f"url({cjk_font.EMBED_PREFIX}{cjk_font.out_name(script, weight)})" in css
    assert css.count("@font-face") == 4 and "unicode-range:U+2E80-FFFF" in css
    # the URL is made beside the script (web/fonts/), whatever page loads it
    assert 'FONT_CSS.split("@FONTS@").join(new URL("fonts/", BASE).href)' in js
    # each board says its language for the rules that pick its fonts
    assert 'this.setAttribute("data-eb-lang", window.euroLang.htmlLang(this._lang))' in js


def test_a_chinese_board_starts_its_stacks_with_the_cjk_families():
    css = cjk_font.embed_css()
    for lang, first in (("zh-Hans", "PingFang SC"), ("zh-Hant", "PingFang TC")):
        rule = re.search(r'euro-board\[data-eb-lang="%s"\]\{([^}]*)\}' % lang, css).group(1)
        assert rule.startswith(f'--euro-cjk:"{first}"') and cjk_font.FAMILY["sc"] in rule
        assert "font-family:var(--euro-cjk)" in rule
    assert re.search(r"euro-board\{--euro-cjk:[^}]*\}", css)


def test_the_built_files_are_the_ones_the_rules_name(tmp_path):
    names = {cjk_font.out_name(s, w) for s in cjk_font.SCRIPTS for w in cjk_font.WEIGHTS}
    assert names == set(re.findall(r"@FONTS@([\w.-]+\.woff2)", cjk_font.embed_css()))

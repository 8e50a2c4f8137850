"""The Chinese font the app ships (scripts/cjk_font.py): the subset holds every CJK
character the zh catalogs print, the style sheets point at the files the build writes, and every
font stack puts the CJK families first (Chromium on Linux draws boxes for CJK characters missing
from a generic family instead of trying the families after it; e2e/test_cjk_font_e2e.py shows it)."""

import re

import pytest

from scripts import build_tutorials, cjk_font
from web.kit import svgkit
from web.boards.strasbourg import glyphs

TTLib = pytest.importorskip("fontTools.ttLib")  # build dependency (pyproject's test extra)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    missing = [
        str(src)
        for script in cjk_font.SCRIPTS
        for weight in cjk_font.WEIGHTS
        if not (src := cjk_font.source(script, weight)).is_file()
    ]
    if missing:  # cjk_font.build would stop the whole run (SystemExit) instead
        pytest.skip(f"the font sources are not installed (npm ci, scripts/setup.sh): {missing[0]}")
    dist = tmp_path_factory.mktemp("dist")
    return dist, cjk_font.build(dist)


def test_every_chinese_character_of_the_catalogs_is_in_the_shipped_font(built):
    dist, made = built

    def cmap(script, weight):
        return TTLib.TTFont(dist / "web" / "fonts" / cjk_font.out_name(script, weight)).getBestCmap()

    for script, other in (("sc", "tc"), ("tc", "sc")):
        lang = cjk_font.SCRIPTS[script][0]
        chars = cjk_font.characters(lang)
        assert len(chars) > 300  # ~700: every catalog was read
        for weight in cjk_font.WEIGHTS:
            assert made[cjk_font.out_name(script, weight)] == chars
            own, second = cmap(script, weight), cmap(other, weight)
            # a character the script's font lacks (简 of the picker's 简体中文 in Noto Sans TC) is
            # drawn by the other one, next in --euro-cjk
            missing = [c for c in chars if ord(c) not in own and ord(c) not in second]
            assert not missing, (script, weight, "".join(missing[:40]))
            assert sum(ord(c) in own for c in chars) > 0.99 * len(chars)
    # the language names of the picker are shown in every language
    assert {"简", "體"} <= set(cjk_font.characters("zh_Hans")) | set(cjk_font.characters("zh_Hant"))
    for package in ("noto-sans-sc", "noto-sans-tc"):  # the OFL travels with the fonts
        assert "SIL OPEN FONT LICENSE" in (dist / "web" / "fonts" / f"LICENSE-{package}.txt").read_text().upper()


def test_the_font_face_rules_name_the_built_files(built):
    dist, made = built
    urls = re.findall(r"url\(fonts/([^)]+)\)", cjk_font.css("fonts/"))
    assert sorted(urls) == sorted(made)
    assert all((dist / "web" / "fonts" / u).is_file() for u in urls)


def test_every_font_stack_starts_with_the_cjk_families():
    from pathlib import Path

    style = (Path(cjk_font.ROOT) / "web" / "static" / "style.css").read_text(encoding="utf-8")
    stacks = re.findall(r"font(?:-family)?:\s*(?:[0-9]+px/[0-9.]+\s+)?([^;}]*sans-serif)", style)
    stacks += [
        svgkit.FONTS,
        glyphs.CSS.split("font-family:")[1].split(";")[0],
        build_tutorials.STYLE.split("font: 17px/1.5 ")[1].split(";")[0],
        build_tutorials.FRAME_STYLE.split("font: 16px/1.4 ")[1].split(";")[0],
    ]
    body = [s for s in stacks if "system-ui" in s]
    assert len(body) >= 5
    for s in body:
        family = re.sub(r"^(?:[0-9]+ )?[0-9]+px(?:/[0-9.]+)? ", "", s.strip())  # the shorthand's weight/size
        assert family.replace(" ", "").startswith("var(--euro-cjk"), s

"""Chinese words are drawn with a real font: the system's CJK font where there is one,
else the subset of Noto Sans SC/TC the app ships (scripts/cjk_font.py); never boxes, never a font
from another host (the network guard). This machine has no CJK system font, so the shipped one
must be what Chromium draws with: asked of Chromium itself (DevTools CSS.getPlatformFontsForNode
gives the fonts that drew a node's text and how many glyphs each drew)."""

import pytest
from e2e_harness import wait_ready

# the shipped faces' own family names (DevTools reports the font's name, not the @font-face alias)
SHIPPED = {"zh-Hans": "Noto Sans SC", "zh-Hant": "Noto Sans TC"}
FONTS_LOADED = "document.fonts.status === 'loaded' && [...document.fonts].some(f => f.status === 'loaded')"


def fonts_for(cdp, root_id, selector):
    """[(family, custom?, glyphs)] that drew the text of the first node matching ``selector``."""
    node = cdp.send("DOM.querySelector", {"nodeId": root_id, "selector": selector})["nodeId"]
    assert node, selector
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [(f["familyName"], f["isCustomFont"], f["glyphCount"]) for f in fonts]


@pytest.mark.parametrize("lang, game", [("zh-Hans", "barcelona"), ("zh-Hant", "strasbourg")])
def test_chinese_text_is_drawn_with_the_shipped_font(browser, guard, base, lang, game):
    ctx = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768})
    page = guard.attach(ctx.new_page())
    page.goto(f"{base}index.html?game={game}&players=3&seed=42&lang={lang}")
    wait_ready(page)
    page.wait_for_function(FONTS_LOADED)
    # the words on the page (HTML prompt) and on the board (SVG text), each a node of Chinese only
    page.evaluate("""() => {
      const only = (el) => el.textContent.trim() && [...el.textContent.trim()].every(c => c.codePointAt(0) >= 0x2E80);
      const svg = [...document.querySelectorAll('.board svg text')].find(only);
      svg.setAttribute('data-cjk-probe', 'svg');
      const html = [...document.querySelectorAll('.toolbar button')].find(only);
      html.setAttribute('data-cjk-probe', 'html');
    }""")
    cdp = ctx.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
    for probe in ("svg", "html"):
        fonts = fonts_for(cdp, root, f'[data-cjk-probe="{probe}"]')
        # only the web font (isCustomFont) of the page's script drew it: no system font's boxes
        assert fonts and all(custom and family == SHIPPED[lang] and n > 0 for family, custom, n in fonts), (
            probe,
            fonts,
        )
    ctx.close()


def test_a_page_with_only_the_embed_script_draws_chinese_with_the_shipped_font(browser, guard, base):
    """An author's page (docs/embedding.md "Two ways"): just <euro-board> and our script, none of
    our CSS, its own <html lang="en">. The script brings the shipped faces (scripts/cjk_font.py
    embed_css) and sets --euro-cjk on each board by the board's language: a Chinese board's SVG
    label and its button are drawn by the shipped font, not the system's boxes."""
    from web.embed import board as embed_board

    spec = embed_board.parse_params({"lesson": "bcn.street.coins", "lang": "zh_Hans"})
    svg = embed_board.static_svg(spec)
    embed_board.activate("en")
    page_html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My rules</title>
<script src="../web/embed-board.js" defer></script></head>
<body style="font-family: Georgia, serif"><p>My own rules page.</p>
<euro-board lesson="bcn.street.coins" lang="zh-Hans"><div class="eb-static">{svg}</div></euro-board>
</body></html>"""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768})
    page = guard.attach(ctx.new_page())
    page.route(
        f"{base}authors/rules.html",
        lambda r: r.fulfill(status=200, content_type="text/html; charset=utf-8", body=page_html),
    )
    page.goto(f"{base}authors/rules.html")
    page.wait_for_selector('euro-board[data-eb-lang="zh-Hans"] .eb-play', state="attached")
    # the faces are in the style the script added (without them the wait below never ends)
    assert page.locator("#euro-board-style").text_content().count("@font-face") == 4
    page.wait_for_function(FONTS_LOADED)
    page.evaluate("""() => {
      const only = (el) => el.textContent.trim() && [...el.textContent.trim()].every(c => c.codePointAt(0) >= 0x2E80);
      [...document.querySelectorAll('euro-board svg text')].find(only).setAttribute('data-cjk-probe', 'svg');
      const play = document.querySelector('euro-board .eb-play');
      if (only(play)) play.setAttribute('data-cjk-probe', 'html');
    }""")
    cdp = ctx.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
    probes = ["svg"] + (["html"] if page.locator('[data-cjk-probe="html"]').count() else [])
    for probe in probes:
        fonts = fonts_for(cdp, root, f'[data-cjk-probe="{probe}"]')
        assert fonts and all(custom and family == SHIPPED["zh-Hans"] and n > 0 for family, custom, n in fonts), (
            probe,
            fonts,
        )
    ctx.close()

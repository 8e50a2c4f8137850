"""Five languages (docs/i18n.md): a turn of each game in Simplified Chinese and German,
a game saved in one language loading in another (the record holds no words), the language picker
persisting across a reload and a ``lang=`` link overriding it, <html lang> following, and the
layout holding in the longest language (German) and in Chinese (e2e/legibility.py)."""

import json

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import ROOT, click_and_wait, play_step, reveal, saved_record, state, wait_state_after
from legibility import assert_legible

import engine

# What the toolbar's "New game" reads in each language (locale/<lang>/LC_MESSAGES/app.po).
NEW_GAME = {"en": "New game", "zh_Hans": "新游戏", "zh_Hant": "新遊戲", "es": "Nueva partida", "de": "Neues Spiel"}
HTML_LANG = {"en": "en", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "es": "es", "de": "de"}
GAMES = {
    "barcelona": "players=2&seed=11&layout=printed&names=Ann,Bob",
    "strasbourg": "players=3&seed=5&names=Ann,Bob,Cyd",
}


def in_language(page, lang):
    """The page speaks ``lang``: <html lang>, body[data-lang] and the toolbar's words."""
    assert page.get_attribute("html", "lang") == HTML_LANG[lang]
    assert page.get_attribute("body", "data-lang") == lang
    assert page.inner_text('[data-action="ui:new-game"]').strip() == NEW_GAME[lang]


def replay(rec):
    return engine.game_module(rec["game"]).replay({k: v for k, v in rec.items() if k != "meta"})


def pick_language(page, selector, lang):
    reveal(page, selector)  # the toolbar's picker is in the More menu below 1366 px
    before = state(page)
    page.select_option(selector, lang)
    wait_state_after(page, before)


def in_lang(lang, **context):
    """The parameter of conftest's ``booted``: the app booted by a ``lang=`` link (shared)."""
    return pytest.param({"query": f"lang={lang}&botdelay=0", **context}, id=lang)


@pytest.mark.parametrize("booted", [in_lang("zh_Hans"), in_lang("de")], indirect=True)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_turn_in_language(booted, game):
    """A whole turn (every decision until the next seat is on move: in Strasbourg the first
    auction's bids) played by clicks in ``lang``; the words on screen are the language's."""
    lang = booted.evaluate("document.body.dataset.lang")
    page = start_game(booted, f"game={game}&{GAMES[game]}")
    in_language(page, lang)
    first = replay(saved_record(page)).current_player
    for _ in range(40):
        play_step(page)
        if replay(saved_record(page)).current_player != first:
            break
    else:
        pytest.fail("the turn did not end in 40 steps")
    in_language(page, lang)
    assert page.locator(".log li").count() > 0
    assert page.text_content(".log h2").strip() == {"zh_Hans": "记录", "de": "Protokoll"}[lang]


def test_saved_in_german_loads_in_chinese(page, base):
    """Saved in German, switched mid-game (nothing about the game changes), reloaded by a
    zh_Hans link: the same record, now in Chinese. Records hold ids, never words."""
    page.goto(f"{base}index.html?game=barcelona&{GAMES['barcelona']}&lang=de")
    wait_ready(page)
    for _ in range(3):
        play_step(page)
    saved = saved_record(page)
    in_language(page, "de")
    assert all(isinstance(a, str) and " " not in a for a in saved["actions"])
    pick_language(page, "#lang-toolbar", "zh_Hant")  # mid-game: re-worded, same game
    in_language(page, "zh_Hant")
    assert saved_record(page) == saved
    page.goto(f"{base}index.html?lang=zh_Hans")  # a link's language, the game restored
    wait_ready(page)
    in_language(page, "zh_Hans")
    assert saved_record(page) == saved
    play_step(page)  # and it plays on
    assert saved_record(page)["actions"][: len(saved["actions"])] == saved["actions"]


def test_picker_persists_and_link_overrides(page, base):
    page.goto(f"{base}index.html")
    wait_ready(page)
    in_language(page, "en")  # the test browser's language: en-US
    pick_language(page, "#lang-toolbar", "es")
    in_language(page, "es")
    assert page.inner_text("#new-game h1").strip() == "Nueva partida"
    page.reload()
    wait_ready(page)
    in_language(page, "es")  # the choice persists
    page.goto(f"{base}index.html?lang=de")
    wait_ready(page)
    in_language(page, "de")  # lang= overrides...
    page.goto(f"{base}index.html")
    wait_ready(page)
    in_language(page, "es")  # ...without replacing the stored choice
    # The JS files' words follow too (boot.js, dist/locale/<lang>.json).
    table = json.loads((ROOT / "dist/locale/es.json").read_text())
    page.wait_for_function("window.euroT('app.js.reload') !== 'app.js.reload'")
    assert page.evaluate("window.euroT('app.js.reload')") == table["app.js.reload"]
    assert page.get_attribute("#update-reload", "data-i18n") == "app.js.reload"
    assert page.inner_text("#update-reload") == table["app.js.reload"]


def test_browser_language_is_the_default(browser, guard, base):
    ctx = browser.new_context(locale="de-AT", service_workers="block")
    page = guard.attach(ctx.new_page())
    page.goto(f"{base}index.html")
    wait_ready(page)
    in_language(page, "de")
    ctx.close()


SIZES = {
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "768x1024": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True},
}


@pytest.mark.parametrize(
    "booted",
    [
        pytest.param(in_lang(lang, **SIZES[size]).values[0], id=f"{lang}-{size}")
        for size in SIZES
        for lang in ("de", "zh_Hans")
    ],
    indirect=True,
)
def test_layout_holds(booted):
    """The legibility contract (e2e/legibility.py) in the longest language and in Chinese: the
    new-game form, a game in progress of each game (with the Board as text panel open). (The
    Help panel's legend symbols are the renderers' drawings, checked in no language yet.)"""
    page, lang = booted, booted.evaluate("document.body.dataset.lang")
    touch = page.evaluate("matchMedia('(pointer: coarse)').matches")
    if not page.locator("#new-game").count():  # the shared app shows another test's game: New game
        click_and_wait(page, reveal(page, '[data-action="ui:new-game"]', tap=touch), tap=touch)
    assert page.locator("#new-game").count() == 1
    assert_legible(page, f"{lang} new game")
    for game in sorted(GAMES):
        start_game(page, f"game={game}&{GAMES[game]}")
        play_step(page, tap=touch)
        assert_legible(page, f"{lang} {game} in progress")
    if not page.locator('[data-action="ui:board-text"]').is_visible():  # below 1366 px: in More
        reveal(page, '[data-action="ui:board-text"]', tap=touch)
        assert_legible(page, f"{lang} the toolbar's More menu")
    click_and_wait(page, '[data-action="ui:board-text"]', tap=touch)
    assert_legible(page, f"{lang} board as text")


# A page that loads only the board script (docs/embedding.md, "The element"): no lang.js, no [lang].
ONLY_SCRIPT = """<!doctype html><html><head><meta charset="utf-8"><title>board</title>
<script src="../web/embed-board.js" defer></script></head>
<body><euro-board id="b" record="{record}"><div class="eb-static"></div></euro-board></body></html>"""


def board_language(page, base, record, query=""):
    """The language the frame (tutorial/frame.html) and a page with only embed-board.js pick."""
    page.goto(f"{base}tutorial/frame.html?record={record}{query}")
    board = page.locator("euro-board")
    board.locator("xpath=self::*[@data-static='1' or @data-live='error']").wait_for(state="attached")
    assert board.get_attribute("data-static") == "1", board.inner_text()
    frame = (page.evaluate("document.querySelector('euro-board')._lang"), page.get_attribute("html", "lang"))
    page.route(
        f"{base}tutorial/only-script.html",
        lambda route: route.fulfill(content_type="text/html", body=ONLY_SCRIPT.format(record=record)),
    )
    page.goto(f"{base}tutorial/only-script.html")
    page.wait_for_function("window.customElements.get('euro-board') && document.getElementById('b')._lang")
    assert page.evaluate("typeof window.euroLang.pick") == "function"  # lang.js fetched from beside the script
    return frame, page.evaluate("document.getElementById('b')._lang")


def test_one_language_pick_for_the_app_and_the_boards(browser, guard, base):
    """web/lang.js is the one pick of the starting language, for the app (web/boot.js) and the
    boards (web/embed-board.js: the frame, a page that loads only the board script): the
    browser's language (zh-TW -> zh_Hant), then the language picked in the app (stored), and a
    link's lang= over both."""
    from web.embed import lessons as L
    from web.model.history import encode_record

    record = encode_record(engine.replay(L.BY_ID["bcn.place"].record).record())
    ctx = browser.new_context(locale="zh-TW", service_workers="block", viewport={"width": 1024, "height": 768})
    page = guard.attach(ctx.new_page())
    assert board_language(page, base, record) == (("zh_Hant", "zh-Hant"), "zh_Hant")
    page.goto(f"{base}index.html")
    wait_ready(page)
    in_language(page, "zh_Hant")
    pick_language(page, "#lang-toolbar", "de")  # stored with the device settings
    in_language(page, "de")
    assert board_language(page, base, record) == (("de", "de"), "de")
    assert board_language(page, base, record, "&lang=es")[0] == ("es", "es")
    ctx.close()

"""Tutorial pages and boards, end to end in Chromium under the network guard.

Waits only on the element's own attributes (web/embed-board.js): data-live ("starting" -> "1" or
"error"), data-state (+1 after every redraw), data-verdict ("ok" / "hint" / ""), data-static.
"""

import re

import pytest

import engine
from web.embed import lessons as L
from web.kit import lesson_kit as K
from web.model.history import encode_record

LIVE = '[data-live="1"], [data-live="error"]'


def wait_live(loc):
    loc.locator("xpath=self::*[@data-live='1' or @data-live='error']").wait_for(state="attached")
    assert loc.get_attribute("data-live") == "1", loc.locator(".eb-error").inner_text()


def tap(board, aid):
    """Play ``aid`` on a live board: its target or button, or a two-step pick then its button."""
    before = int(board.get_attribute("data-state"))
    target = board.locator(f'.eb-live [data-action="{aid}"]')
    if (
        not target.count()
    ):  # behind a pick: the one named after the action's place ("place:X" -> X, "build:b32:..." -> site:b32)
        picks = board.locator('.eb-live [data-action^="ui:pick:"]').evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        place = aid.split(":")[1]
        pick = [p for p in picks if p.split(":")[-1] == place]
        assert pick, (aid, picks)
        board.locator(f'.eb-live [data-action="{pick[0]}"]').first.click()
        board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")
        before = int(board.get_attribute("data-state"))
    board.locator(f'.eb-live [data-action="{aid}"]').first.click()
    board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")


def _words(lang):
    """The tutorial catalog's text of ``key`` in ``lang`` (what the built script must show)."""
    from scripts import build_tutorials as mod

    return mod.translator(lang)


@pytest.mark.parametrize("page_name, lang", [("barcelona.html", "en"), ("barcelona.de.html", "de")])
def test_static_boards_show_with_the_python_loader_blocked(page, base, guard, page_name, lang):
    t = _words(lang)
    blocked = []
    page.route("**/pyodide.mjs", lambda r: (blocked.append(r.request.url), r.abort()))
    page.goto(base + "tutorial/" + page_name)
    boards = page.locator("euro-board")
    assert boards.count() == len(L.LESSONS["barcelona"]) + 1  # and the turning point at its end
    assert page.locator("euro-board[lesson]").count() == len(L.LESSONS["barcelona"])
    first = boards.first.locator(".eb-static svg")
    assert first.is_visible()
    box = first.bounding_box()
    assert box["width"] > 300 and box["height"] > 300
    assert page.locator("euro-board .eb-static svg .lastmove").count() > 0  # the last turn, marked
    assert page.evaluate("window.euroBoards.runtimes") == 0  # no runtime was started
    assert boards.first.locator(".eb-play").inner_text() == t("tut.ui.play")  # the page's language
    # Asking for it anyway: the loader is blocked, and the board says so (the static board stays),
    # in the page's language (the browser's English cause only in data-error).
    boards.first.locator(".eb-play").click()
    boards.first.locator("xpath=self::*[@data-live='error']").wait_for(state="attached")
    assert boards.first.locator(".eb-error").inner_text() == t("tut.ui.no_start")
    assert ("could not start" in t("tut.ui.no_start")) == (lang == "en")
    assert boards.first.locator(".eb-error").get_attribute("data-error")
    assert blocked
    # the console line of the aborted request is this test's own doing, not a page error
    guard.errors[:] = [e for e in guard.errors if "net::ERR_FAILED" not in e]


def test_five_live_boards_share_one_runtime(page, base):
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    page.goto(base + "tutorial/barcelona.html")
    boards = page.locator("euro-board")
    for i in range(5):
        boards.nth(i).locator(".eb-play").click()
    for i in range(5):
        wait_live(boards.nth(i))
        assert boards.nth(i).locator(".eb-live svg").count() == 1
        assert not boards.nth(i).locator(".eb-static").is_visible()
    assert page.evaluate("window.euroBoards.runtimes") == 1
    assert page.evaluate("window.euroBoards.live") == 5
    assert len(wasm) == 1, wasm


# Lessons whose Next button is followed too (the next lesson's board goes live on the same runtime).
NEXT_FOLLOWED = {"bcn.street.coins", "bcn.owner", "sxb.bid", "sxb.council"}


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_every_lesson_of_a_page_judges_its_right_and_its_wrong_move(page, base, game):
    """Every lesson of the game's page, on its live board in Chromium (one runtime for all): the
    move its check accepts is accepted ("ok", or the lesson steps on to its next decision: the wide
    street lesson's follow-up, where its street goes, is played to "ok") and, after Try again, a
    move it rejects gets the hint. For NEXT_FOLLOWED, Next makes the following lesson's board live.
    tests/web/test_tutorial.py judges the same moves in CPython; this is the page a reader uses."""
    page.goto(f"{base}tutorial/{game}.html")
    lessons = L.LESSONS[game]
    assert page.locator("euro-board[lesson]").count() == len(lessons)
    for lesson in lessons:
        good, bad = K.discriminates(lesson.check, engine.replay(lesson.record))
        board = page.locator(f'euro-board[lesson="{lesson.id}"]')
        board.scroll_into_view_if_needed()
        if board.get_attribute("data-live") != "1":  # (live already when the lesson before's Next was followed)
            board.locator(".eb-play").click()
            wait_live(board)
        assert not board.locator(".eb-ok").is_visible() and not board.locator(".eb-hint").is_visible(), lesson.id
        tap(board, good)
        verdict = board.get_attribute("data-verdict")
        if lesson.id == "bcn.street.wide":  # right, and not over: place the street
            assert (
                verdict == ""
                and not board.locator(".eb-ok").is_visible()
                and not board.locator(".eb-hint").is_visible()
            )
            assert board.locator(".eb-prompt").inner_text().strip()
            tap(board, board.locator('.eb-live [data-action^="street:"]').first.get_attribute("data-action"))
            assert board.get_attribute("data-verdict") == "ok" and board.locator(".eb-ok").is_visible()
        elif lesson.then:  # a lesson that steps on: the right move leads to the next decision
            assert verdict in ("ok", ""), lesson.id
        else:
            assert verdict == "ok", lesson.id
        if lesson.id in NEXT_FOLLOWED:
            assert board.locator(".eb-ok").is_visible() and board.locator(".eb-next").is_visible(), lesson.id
            following = page.locator(f'#{board.locator(".eb-next").get_attribute("data-next")}')
            board.locator(".eb-next").click()  # the next lesson's board goes live
            wait_live(following)
            assert page.evaluate("window.euroBoards.runtimes") == 1
        before = int(board.get_attribute("data-state"))
        board.locator(".eb-reset").click()
        board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")
        assert board.get_attribute("data-verdict") == "", lesson.id
        tap(board, bad)
        assert board.get_attribute("data-verdict") == "hint", lesson.id
        assert board.locator(".eb-hint").inner_text().strip(), lesson.id
        assert not board.locator(".eb-ok").is_visible(), lesson.id
    assert page.evaluate("window.euroBoards.runtimes") == 1
    prefix = lessons[0].id.split(".")[0]  # every named lesson of this game was walked
    assert {lesson.id for lesson in lessons} >= {
        i for i in NEXT_FOLLOWED | {"bcn.street.wide"} if i.startswith(prefix + ".")
    }


def test_examples_focus_and_marks_the_frame_sizes_itself_and_a_cropped_board_stays_cropped(page, base):
    page.goto(base + "tutorial/examples.html")
    first = page.locator("#example-1")
    vb = [float(v) for v in first.locator(".eb-static svg").first.get_attribute("viewBox").split()]
    assert vb[2] < 400 and vb[3] < 400  # focus=block:0,1: that block (and its note)
    note = first.locator('.eb-static svg .note[data-mark="build:b01:2:0,1;0,2"]')
    assert note.is_visible() and "Level 2 building" in note.text_content()
    svg_box, note_box = first.locator(".eb-static svg").bounding_box(), note.locator("rect").bounding_box()
    assert svg_box["x"] <= note_box["x"] and note_box["x"] + note_box["width"] <= svg_box["x"] + svg_box["width"] + 1
    # The iframe page draws the focused block (Python in the frame), then tells its height.
    frame_el = page.locator("#example-frame")
    frame = frame_el.element_handle().content_frame()
    frame.locator('euro-board[data-static="1"], euro-board[data-live="error"]').wait_for(state="attached")
    assert frame.locator("euro-board").get_attribute("data-static") == "1"
    svg = frame.locator("euro-board .eb-static svg")
    assert svg.get_attribute("viewBox") == first.locator(".eb-static svg").first.get_attribute("viewBox")
    assert "Level 2 building" in frame.locator(".note").text_content()
    page.wait_for_function("""() => { const f = document.getElementById('example-frame');
        return f.getBoundingClientRect().height >= f.contentDocument.documentElement.scrollHeight; }""")
    inner = frame.evaluate(
        "[document.documentElement.scrollHeight, innerHeight, document.documentElement.scrollWidth, innerWidth]"
    )
    assert inner[0] <= inner[1] and inner[2] <= inner[3], inner  # no scroll bar inside the frame
    box, fbox = svg.bounding_box(), frame_el.bounding_box()
    assert box["y"] + box["height"] <= fbox["y"] + fbox["height"] + 1
    # focus=block:0,1: the live board shows the same part at the same place and size (no jump);
    # Zoom out shows the whole main board, Zoom in the block again.
    board = page.locator("#example-1")
    static = board.locator(".eb-static svg")
    where = (
        "el => { const r = el.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }"
    )
    vb, box = static.get_attribute("viewBox"), static.evaluate(where)
    board.locator(".eb-play").click()
    wait_live(board)
    live = board.locator(".eb-live svg")
    assert live.get_attribute("viewBox") == vb
    got = live.evaluate(where)
    assert all(abs(a - b) <= 1 for a, b in zip(got, box)), (got, box)  # same place, same size
    assert "Level 2 building" in board.locator(".eb-live .note").text_content()
    tap(board, "ui:zoom-out")
    assert live.get_attribute("viewBox") == "0 0 740 776"
    tap(board, "ui:zoom-in")
    assert live.get_attribute("viewBox") == vb


def test_bad_frame_parameters_get_a_short_message(page, base):
    page.goto(base + "tutorial/frame.html?record=" + "%3Cscript%3E" * 200 + "&focus=nowhere")
    board = page.locator("euro-board")
    board.locator("xpath=self::*[@data-live='error']").wait_for(state="attached")
    text = board.locator(".eb-error").inner_text()
    assert "record" in text and len(text) < 200 and "<script>" * 10 not in text
    page.goto(
        base
        + "tutorial/frame.html?record="
        + encode_record(engine.replay(L.BY_ID["bcn.place"].record).record())
        + "&focus=nowhere"
    )
    board = page.locator("euro-board")
    board.locator("xpath=self::*[@data-live='error']").wait_for(state="attached")
    assert re.search(r"focus='nowhere' is not a region of barcelona", board.locator(".eb-error").inner_text())


@pytest.mark.own_context  # the clipboard permission is the context's
def test_history_copied_link_reproduces_the_position(page, base):
    from e2e_harness import wait_ready
    from scripts.browser import click_and_wait

    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=90&layout=printed")
    wait_ready(page)
    for aid in ("place:0,1:WW", "act:v", "street:h2-1"):
        click_and_wait(page, f'main [data-action="{aid}"]')
    click_and_wait(page, '[data-action="ui:history"]')
    click_and_wait(page, '[data-action="ui:hist-prev"]')
    board = page.inner_html(".board")
    for sel in ('[data-action="ui:copy-link"]', '[data-action="ui:copy-embed"]'):
        box = page.locator(sel).bounding_box()
        assert min(box["width"], box["height"]) >= 44  # touch-sized
    click_and_wait(page, '[data-action="ui:copy-embed"]')
    assert page.input_value(".copy-text").startswith("<iframe src=")
    click_and_wait(page, '[data-action="ui:copy-link"]')
    link = page.input_value(".copy-text")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.goto(link)
    wait_ready(page)
    click_and_wait(page, '[data-action="ui:history"]')
    assert "Step 2 of 2" in page.inner_text(".hist-step")
    assert page.inner_html(".board") == board


@pytest.mark.parametrize("size", [(390, 844), (768, 1024)], ids=["390x844", "768x1024"])
def test_tutorial_pages_are_legible_on_phones_and_tablets(browser, guard, base, size):
    # Every board is drawn at >= its viewBox width (text >= 12 px): on a phone its own box scrolls
    # sideways, never the page (e2e/legibility.py walks the page's main).
    from legibility import assert_legible

    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = guard.attach(ctx.new_page())
    try:
        for name in ("barcelona", "strasbourg", "barcelona.de", "examples"):
            page.goto(f"{base}tutorial/{name}.html")
            assert page.locator("euro-board .eb-static svg").count() >= 5
            assert_legible(page, f"{name} at {size[0]}x{size[1]}", root="main")
            widths = page.evaluate("""[...document.querySelectorAll('euro-board .eb-static')].map(b =>
                [b.getBoundingClientRect().right, b.scrollWidth > b.clientWidth])""")
            assert all(right <= size[0] + 0.5 for right, _ in widths)  # every box inside the page
            if size[0] < 740:
                assert any(scrolls for _, scrolls in widths)  # the wide ones scroll inside
    finally:
        ctx.close()


def test_a_wide_board_opens_at_its_lesson_on_a_phone_and_its_box_takes_the_keyboard(browser, guard, base):
    # At 390 px the 740-unit main board scrolls inside its own box: the box opens centred on the
    # lesson's place (the svg's data-spot: web/embed_board.spot, here the tile the task asks for,
    # far right), is a named region the keyboard reaches, and the live board keeps that scroll.
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = guard.attach(ctx.new_page())
    try:
        page.goto(f"{base}tutorial/barcelona.html#lesson-bcn-street-cloth")
        board = page.locator('euro-board[lesson="bcn.street.cloth"]')
        board.locator("xpath=self::*[@data-scrolled='1']").wait_for(state="attached")
        box = board.locator(".eb-static")
        in_view = """box => { const svg = box.querySelector('svg'), vb = svg.viewBox.baseVal;
            const s = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
            const x = s.left + (parseFloat(svg.getAttribute('data-spot')) - vb.x) * s.width / vb.width;
            return {x, left: b.left, right: b.left + box.clientWidth, scroll: box.scrollLeft}; }"""
        got = box.evaluate(in_view)
        assert got["x"] + got["scroll"] > got["right"], got  # unscrolled, the lesson's place was off-screen
        assert got["left"] <= got["x"] <= got["right"], got  # now it is inside the box's visible part
        assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "region"
        assert box.get_attribute("aria-label") == _words("en")("tut.bcn.street.cloth.title")
        box.focus()
        assert box.evaluate("b => document.activeElement === b")
        # Live: the redrawn box keeps the place in view (the static box's scroll carried over).
        board.locator(".eb-play").click()
        wait_live(board)
        live = board.locator(".eb-live .eb-svg")
        assert live.get_attribute("tabindex") == "0" and live.get_attribute("aria-label") == box.get_attribute(
            "aria-label"
        )
        assert abs(live.evaluate("b => b.scrollLeft") - got["scroll"]) <= 1
    finally:
        ctx.close()


def test_the_new_game_form_leads_to_strasbourgs_tutorial_whose_board_answers(page, base):
    """Issue 51: the Strasbourg tutorial setting was empty, so the app offered no way to its page.
    The new-game form (in German) links Strasbourg's page in German; the page's first lesson board
    goes live and judges its right move ("ok") and, after Back to the position, a wrong one."""
    page.goto(base + "index.html?lang=de&botdelay=0")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    before = int(page.get_attribute("body", "data-state") or 0)
    page.select_option('select[name="game"]', "strasbourg")
    page.wait_for_function(f"Number(document.body.dataset.state) > {before}")
    link = page.locator('#new-game .learn a[href*="tutorial/strasbourg.html"]')
    assert link.count() == 1 and link.get_attribute("target") == "_blank"
    href = link.get_attribute("href")
    assert href == "tutorial/strasbourg.html?lang=de"
    page.goto(base + "tutorial/strasbourg.de.html")
    t = _words("de")
    assert page.locator("h1").inner_text() == t("tut.page.strasbourg.title")
    lesson = L.LESSONS["strasbourg"][0]
    good, bad = K.discriminates(lesson.check, engine.replay(lesson.record))
    board = page.locator(f'euro-board[lesson="{lesson.id}"]')
    board.locator(".eb-play").click()
    wait_live(board)
    tap(board, good)
    assert board.get_attribute("data-verdict") == "ok" and board.locator(".eb-ok").inner_text() == t("tut.ui.ok")
    before = int(board.get_attribute("data-state"))
    board.locator(".eb-reset").click()
    board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")
    tap(board, bad)
    assert board.get_attribute("data-verdict") == "hint"
    assert board.locator(".eb-hint").inner_text().strip() == t(lesson.key("hint"))

"""Tablet ergonomics: 1024x768 landscape and 768x1024 portrait, touch, both games.

At the default zoom (Fit: the whole board in its box) every visible control is a >= 44x44 CSS px
tap target, board targets (measured by their invisible hit shapes) >= BOARD_TAP as rendered (the
board is fitted to the screen: e2e/legibility.py), the page never scrolls sideways (only the
board's own box may, when zoomed), the prompt bar is on screen, and a whole turn is played by
taps (the Hint button, then the suggested control)."""

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import click_and_wait, saved_record, state, wait_state_after

import engine

TAP = 44
BOARD_TAP = 32  # e2e/legibility.py
VIEWPORTS = [(1024, 768), (768, 1024)]
GAMES = ["barcelona", "strasbourg"]

# Every visible [data-action] with its tap box: board targets (inside the SVG) by the union of
# their .hit shapes, everything else by its own box. Hidden ones (closed drawer, file input) skip.
MEASURE = """() => {
  const out = [];
  for (const el of document.querySelectorAll('[data-action]')) {
    let r;
    if (el.closest('svg')) {
      const hits = el.querySelectorAll('.hit');
      if (!hits.length) { out.push({action: el.dataset.action, w: 0, h: 0, why: 'no .hit shape'}); continue; }
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const h of hits) {
        const b = h.getBoundingClientRect();
        x0 = Math.min(x0, b.left); y0 = Math.min(y0, b.top); x1 = Math.max(x1, b.right); y1 = Math.max(y1, b.bottom);
      }
      r = {width: x1 - x0, height: y1 - y0, board: true};
      if (!el.getClientRects().length) continue;
    } else {
      if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
      r = el.getBoundingClientRect();
    }
    out.push({action: el.dataset.action, w: r.width, h: r.height, board: !!r.board});
  }
  return out;
}"""

# web/page/core.py _in_sight: on screen, and inside the visible part of its board box when on the board
IN_SIGHT = """e => { const r = e.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return false;
  const sc = e.closest('.board-scroll'); if (!sc) return true; const b = sc.getBoundingClientRect();
  return r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right; }"""


def url(base, game):
    return f"{base}index.html?game={game}&players=3&seed=42"


@pytest.fixture(params=VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def tablet(request, browser, guard):
    w, h = request.param
    ctx = browser.new_context(
        viewport={"width": w, "height": h}, has_touch=True, is_mobile=True, service_workers="block"
    )
    yield guard.attach(ctx.new_page())
    ctx.close()


@pytest.fixture(scope="module", params=VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def tablet_size(request):
    return request.param  # module scope: both games of a size run together on one shared app


@pytest.fixture
def tablet_app(request, tables, tablet_size):
    """The shared booted app on this tablet (conftest's ``tables``)."""
    w, h = tablet_size
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)


def check_targets(page, where):
    boxes = page.evaluate(MEASURE)
    assert boxes, f"{where}: no control on screen"
    small = [b for b in boxes if min(b["w"], b["h"]) < (BOARD_TAP if b["board"] else TAP) - 0.01]
    assert not small, f"{where}: tap targets under {TAP}x{TAP} CSS px ({BOARD_TAP} on the board): {small[:8]}"
    return boxes


def check_no_page_overflow(page, where):
    widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths[:2]) <= widths[2], f"{where}: the page scrolls sideways {widths}"


def check_prompt_on_screen(page, where):
    box = page.locator(".decision .prompt").bounding_box()
    vw, vh = page.evaluate("[innerWidth, innerHeight]")
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= vh and box["x"] + box["width"] <= vw, where


def tap_and_wait(page, locator):
    click_and_wait(page, locator, tap=True)


@pytest.mark.parametrize("game", GAMES)
def test_tablet_targets_and_a_turn_by_taps(tablet_app, game):
    try:
        if not hasattr(engine.game_module(game), "new_game"):
            pytest.skip(f"{game} engine not available yet")
    except ImportError:
        pytest.skip(f"{game} engine not available yet")
    page = start_game(tablet_app, url("", game).split("?", 1)[1])
    where = f"{game} start"
    assert any(b["board"] for b in check_targets(page, where)), "no board target measured"
    check_no_page_overflow(page, where)
    check_prompt_on_screen(page, where)
    assert page.locator(".board").count() == 1
    # The board fits its box at the default zoom: its whole drawing inside the box and the screen.
    inside = page.evaluate("""() => {
        const box = document.querySelector('.board-scroll').getBoundingClientRect();
        const svg = document.querySelector('.board svg'), m = svg.getScreenCTM(), vb = svg.viewBox.baseVal;
        const x0 = m.e, y0 = m.f, x1 = m.e + vb.width * m.a, y1 = m.f + vb.height * m.d;
        return [x0 >= box.left - 1 && y0 >= box.top - 1 && x1 <= box.right + 1 && y1 <= box.bottom + 1,
                x1 <= innerWidth + 1 && y1 <= innerHeight + 1, [x0, y0, x1, y1], [box.left, box.top, box.right, box.bottom]];
    }""")
    assert inside[0] and inside[1], inside

    side = page.locator(".side")
    w, h = page.evaluate("[innerWidth, innerHeight]")
    if w >= 1000 and w > h:
        # Landscape from 1000 px: scores and log stand in the side column, no drawer to open
        # (web/style.css "Portrait or narrow").
        assert side.is_visible() and side.locator("table.scores").is_visible()
        assert not page.locator('[data-action="ui:panel"]').first.is_visible()
    else:
        # Scores and log: a drawer, closed while playing, opened and closed by taps.
        assert not side.is_visible()
        tap_and_wait(page, page.locator('[data-action="ui:panel"]').first)
        assert side.is_visible() and side.locator("table.scores").is_visible()
        check_targets(page, f"{game} drawer open")
        check_no_page_overflow(page, f"{game} drawer open")
        tap_and_wait(page, side.locator('[data-action="ui:panel"]'))
        assert not side.is_visible()

    # A whole turn by taps: Hint, then the suggested control, until another seat decides.
    seat = engine.replay(saved_record(page)).current_player
    for step in range(80):
        tap_and_wait(page, page.locator('[data-action="ui:hint"]'))
        # the background worker works the hint out (Hard level); its answer redraws
        page.wait_for_function("document.body.dataset.hint === 'shown'")
        assert page.locator(".hint-text").inner_text().startswith("Suggested: ")
        # the suggested control was brought into sight (viewport, and its board box when on the board)
        # (a choice drawn off the board has a tray button too: hidden where the side column shows it)
        assert page.locator("main [data-action].hint:visible").first.evaluate(IN_SIGHT), (
            f"{game} step {step}: hint out of sight"
        )
        suggested = page.locator('[data-action].hint:not([data-action^="ui:"]):visible')
        if not suggested.count():  # two different citizens: the intersection first, then the order
            tap_and_wait(page, page.locator('[data-action^="ui:pick:"].hint').first)
        assert suggested.count() >= 1
        tap_and_wait(page, suggested.first)
        assert not page.locator(".message").count(), page.inner_text(".message")
        g = engine.replay(saved_record(page))
        if g.current_player != seat:
            break
        where = f"{game} step {step}"
        check_targets(page, where)
        check_no_page_overflow(page, where)
        check_prompt_on_screen(page, where)
    else:
        pytest.fail("the turn did not end within 80 taps")
    assert len(saved_record(page)["actions"]) == step + 1
    check_targets(page, f"{game} next turn")
    check_no_page_overflow(page, f"{game} next turn")


def test_pinch_zoom_keeps_targets_big(tablet, base):
    """Zoom in by pinch and step back with Fit: the board really grows, targets stay big enough."""
    page = tablet
    page.goto(url(base, "barcelona"))
    wait_ready(page)
    w0 = page.eval_on_selector(".board", "e => e.getBoundingClientRect().width")
    before = state(page)
    page.evaluate("""() => {
        const el = document.querySelector('.board-scroll'), r = el.getBoundingClientRect();
        const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
        const ev = (type, id, dx) => el.dispatchEvent(new PointerEvent(type, {pointerId: id, bubbles: true,
            cancelable: true, pointerType: 'touch', clientX: cx + dx, clientY: cy}));
        ev('pointerdown', 1, -50); ev('pointerdown', 2, 50);
        ev('pointermove', 1, -60); ev('pointermove', 2, 60);
        ev('pointermove', 1, -75); ev('pointermove', 2, 75);
        ev('pointerup', 1, -75); ev('pointerup', 2, 75);
    }""")
    wait_state_after(page, before)
    w1 = page.eval_on_selector(".board", "e => e.getBoundingClientRect().width")
    assert w1 == pytest.approx(w0 * 1.5, rel=0.02)
    check_targets(page, "pinched")
    check_no_page_overflow(page, "pinched")
    click_and_wait(page, '[data-action="ui:zoom-fit"]', tap=True)
    assert page.eval_on_selector(".board", "e => e.getBoundingClientRect().width") == pytest.approx(w0, abs=1)
    check_targets(page, "fit")


# The toolbar (web/panels.toolbar): the visible controls of the bar itself, with their boxes and
# text sizes; .tb-more's are listed apart (a menu behind "More" on a narrow screen).
TOOLBAR = """() => {
  const bar = document.querySelector('nav.toolbar');
  const box = e => { const r = e.getBoundingClientRect();
    return {what: e.dataset.action || e.id || e.className, x: r.left, y: r.top, w: r.width, h: r.height,
            right: r.right, bottom: r.bottom, font: parseFloat(getComputedStyle(e).fontSize)}; };
  const shown = e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const controls = Array.from(bar.querySelectorAll('button, label.btn, select')).filter(shown);
  const menu = bar.querySelector('.tb-more');
  return {bar: box(bar), inBar: controls.filter(e => !menu || !menu.contains(e)).map(box),
          inMenu: controls.filter(e => menu && menu.contains(e)).map(box),
          menuItems: menu ? menu.querySelectorAll('[data-action], select').length : 0,
          vw: innerWidth, vh: innerHeight, scrollW: document.documentElement.scrollWidth};
}"""


def check_one_row(page, where):
    """The closed toolbar: every control it shows (.tb-more's inline ones too) on one row."""
    got = page.evaluate(TOOLBAR)
    shown = got["inBar"] + got["inMenu"]
    tops = {round(b["y"]) for b in shown}
    assert len(tops) == 1 and got["bar"]["h"] < 2 * TAP, f"{where}: the toolbar wraps: {shown}"
    assert got["scrollW"] <= got["vw"], f"{where}: the page scrolls sideways"
    for b in shown:
        assert b["w"] >= TAP - 0.01 and b["h"] >= TAP - 0.01 and b["font"] >= 12, (where, b)
        assert b["x"] >= 0 and b["right"] <= got["vw"], (where, b)
    return got


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tablet_toolbar_is_one_row_and_every_control_reachable(browser, guard, base, lang):
    """768x1024 portrait: the game toolbar is one row (Undo, History, zoom, Scores & log, More);
    New game, Export, Import, Help, Board as text and the language picker are in the More menu,
    full-size and on screen; Escape or a tap elsewhere closes it; a language picked there applies.
    At 1366 px the same controls are all on the bar and More is not shown."""
    ctx = browser.new_context(
        viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = guard.attach(ctx.new_page())
    page.goto(url(base, "barcelona") + f"&lang={lang}")
    wait_ready(page)
    tap_and_wait(page, page.locator('main [data-action]:not([data-action^="ui:"])').first)
    got = check_one_row(page, f"{lang} 768")
    assert not got["inMenu"] and got["menuItems"] >= 6
    assert page.get_attribute('[data-action="ui:more"]', "aria-expanded") == "false"
    tap_and_wait(page, page.locator('[data-action="ui:more"]'))
    assert page.get_attribute('[data-action="ui:more"]', "aria-expanded") == "true"
    got = page.evaluate(TOOLBAR)
    shown = {b["what"] for b in got["inMenu"]}
    for action in ("ui:new-game", "ui:export", "ui:help", "ui:board-text", "lang-toolbar"):
        assert action in shown, (action, shown)
    for b in got["inMenu"]:
        assert b["w"] >= TAP - 0.01 and b["h"] >= TAP - 0.01 and b["font"] >= 12, b
        assert b["x"] >= 0 and b["right"] <= got["vw"] and b["bottom"] <= got["vh"], b
    assert got["scrollW"] <= got["vw"]
    page.keyboard.press("Escape")  # closes the menu, focus back on More
    page.wait_for_selector("nav.toolbar:not(.more-open)", state="attached")
    assert page.evaluate("document.activeElement.dataset.action") == "ui:more"
    tap_and_wait(page, page.locator('[data-action="ui:more"]'))
    page.locator(".decision .prompt").tap()  # a tap elsewhere closes it too
    page.wait_for_selector("nav.toolbar:not(.more-open)", state="attached")
    tap_and_wait(page, page.locator('[data-action="ui:more"]'))
    page.select_option("#lang-toolbar", "zh_Hans")  # the picker in the menu works
    page.wait_for_selector('body[data-lang="zh_Hans"]', state="attached")
    check_one_row(page, "zh_Hans 768")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("window.innerWidth === 1366")
    got = page.evaluate(TOOLBAR)
    assert "ui:more" not in {b["what"] for b in got["inBar"]}
    assert {"ui:new-game", "ui:export", "ui:help", "ui:board-text", "lang-toolbar"} <= {
        b["what"] for b in got["inMenu"]
    }
    assert {round(b["y"]) for b in got["inBar"] + got["inMenu"]} == {round(got["inBar"][0]["y"])}
    ctx.close()


# Behind "More" from 901 to 1365 px (web/style.css .tb-rare); Import is the label.btn.file.
RARE = {"ui:export", "ui:board-text", "lang-toolbar", "btn file"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_landscape_toolbar_is_one_row(browser, guard, base, lang):
    """1024x768 landscape (a tablet, mouse or touch) and a 1280 px laptop: the game toolbar is one
    row in English and German (the longest language): Undo, History, zoom, Scores & log, More, New
    game, Help. Export, Import, Board as text, full screen and the language picker are in the More
    menu, full-size and on screen; Escape closes it. Before, German took two rows up to ~1360 px."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    page = guard.attach(ctx.new_page())
    page.goto(url(base, "barcelona") + f"&lang={lang}")
    wait_ready(page)
    click_and_wait(page, page.locator('main [data-action]:not([data-action^="ui:"])').first)
    got = check_one_row(page, f"{lang} 1024")
    bar = {b["what"] for b in got["inBar"] + got["inMenu"]}
    # (no "Scores & log" toggle: from 1000 px in landscape they stand in the side column)
    assert {"ui:undo", "ui:history", "ui:more", "ui:new-game", "ui:help"} <= bar, bar
    assert not RARE & bar, bar
    click_and_wait(page, '[data-action="ui:more"]')
    assert page.get_attribute('[data-action="ui:more"]', "aria-expanded") == "true"
    got = page.evaluate(TOOLBAR)
    below = [b for b in got["inMenu"] if b["y"] >= got["bar"]["bottom"] - 1]
    assert RARE <= {b["what"] for b in below}, below
    for b in below:
        assert b["w"] >= TAP - 0.01 and b["h"] >= TAP - 0.01 and b["font"] >= 12, b
        assert b["x"] >= 0 and b["right"] <= got["vw"] and b["bottom"] <= got["vh"], b
    click_and_wait(page, '[data-action="ui:board-text"]')  # a control in the menu works
    assert page.locator(".board-text").count() == 1
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("window.innerWidth === 1280")
    check_one_row(page, f"{lang} 1280")
    ctx.close()

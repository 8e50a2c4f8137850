"""iPad realities handled by design (docs/engines.md), as far as Chromium can show them: the note
on keeping the saved games where persistent storage is refused and the app is not running from the
Home Screen (once, in the page's language, gone for good when dismissed), Install showing the Home
Screen steps where the browser has no install prompt at all, no double-tap zoom and no selection
on the board and its controls, and the safe-area insets kept clear (emulated by CDP).

What Chromium cannot show (Safari's seven-day deletion, a real Home Screen launch, the long-press
callout, the toolbars resizing the dynamic viewport) is listed in docs/engines.md.

StorageManager.persist is stubbed by an init script (headless Chromium answers false anyway):
the page asks it once per load (web/store.js) and web/device.js reads that answer."""

from e2e_harness import start_game, wait_ready
from scripts.browser import click_and_wait, play_step

TAP = 44

# navigator.storage.persist / persisted answer `granted`; `standalone` stands for a Home Screen
# launch (Apple's navigator.standalone: Chromium cannot emulate the display mode by CDP);
# `no_prompt` is a browser with no BeforeInstallPromptEvent at all (Safari, Firefox).
STUB = """(() => {{
  window.__persistCalls = 0;
  const answer = () => {{ window.__persistCalls++; return Promise.resolve({granted}); }};
  Object.defineProperty(StorageManager.prototype, 'persist', {{ value: answer, configurable: true }});
  Object.defineProperty(StorageManager.prototype, 'persisted', {{ value: () => Promise.resolve({granted}), configurable: true }});
  if ({standalone}) Object.defineProperty(Navigator.prototype, 'standalone', {{ get: () => true, configurable: true }});
  if ({no_prompt}) delete window.BeforeInstallPromptEvent;
}})();"""


def stub(page, granted=False, standalone=False, no_prompt=False):
    js = lambda b: "true" if b else "false"  # noqa: E731
    page.add_init_script(STUB.format(granted=js(granted), standalone=js(standalone), no_prompt=js(no_prompt)))


def asked(page):
    """After the boot: the persist() answer is in (body[data-persist]) and the note decided."""
    wait_ready(page)
    page.wait_for_selector("body[data-persist]", state="attached")
    return page.evaluate("document.body.dataset.persist")


def with_a_saved_game(page, url):
    """Open ``url`` as a link game, make a move (a saved game: something to lose) and go to the
    new-game screen, where the note may show."""
    sep = "&" if "?" in url else "?"
    page.goto(f"{url}{sep}game=barcelona&players=2&seed=1&botdelay=0")
    asked(page)
    assert page.locator("#keep-note").is_hidden(), "never over a game"
    play_step(page)
    click_and_wait(page, '[data-action="ui:new-game"]')


def de_words(*keys):
    from web import i18n
    from web.i18n import t

    i18n.activate("de")
    try:
        return [t(k) for k in keys]
    finally:
        i18n.activate("en")


def test_keep_note_once_in_the_page_language_then_never_again(page, base):
    stub(page, granted=False)
    with_a_saved_game(page, f"{base}index.html?lang=de")
    assert page.evaluate("document.body.dataset.persist") == "refused"
    note = page.locator("#keep-note")
    note.wait_for(state="visible")
    assert page.evaluate("window.__persistCalls") == 1, "persist() is asked once per page load"
    text, how, ok = de_words("app.js.keep_note", "app.js.keep_how", "app.js.keep_ok")
    assert note.locator(".keep-text").inner_text() == text
    assert page.locator("#keep-how").inner_text() == how and page.locator("#keep-ok").inner_text() == ok
    # a real, accessible element: a status, words >= 12 px, buttons >= 44 px, under the form (not over it)
    assert note.get_attribute("role") == "status"
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('#keep-note .keep-text')).fontSize)") >= 12
    for b in (page.locator("#keep-how"), page.locator("#keep-ok")):
        box = b.bounding_box()
        assert box["width"] >= TAP and box["height"] >= TAP, box
    app = page.locator("#app").bounding_box()
    assert note.bounding_box()["y"] >= app["y"] + app["height"] - 1
    page.locator("#keep-ok").click()
    assert note.is_hidden()
    assert page.evaluate("localStorage.getItem('euro:keep-note')") == "dismissed"
    page.reload()
    assert asked(page) == "refused"
    click_and_wait(page, '[data-action="ui:new-game"]')
    assert page.locator(".saved-games li").count() >= 1
    assert note.is_hidden(), "dismissed: never shown again on this device"
    assert page.evaluate("document.body.dataset.keepNote || ''") in ("", "hidden")


def test_keep_note_only_on_the_new_game_screen(page, base):
    """Never over a game (a player's cards may be on screen): it goes when a game starts. A first
    visit's form, with nothing saved yet, shows no note (its Start stays in view)."""
    stub(page, granted=False)
    page.goto(f"{base}index.html")
    assert asked(page) == "refused"
    assert page.evaluate("document.body.dataset.screen") == "new" and page.locator("#keep-note").is_hidden()
    play = page.locator('[data-action="ui:start"]')
    click_and_wait(page, play)
    play_step(page)
    click_and_wait(page, '[data-action="ui:new-game"]')
    page.locator("#keep-note").wait_for(state="visible")
    click_and_wait(page, '[data-action="ui:start"]')
    assert page.evaluate("document.body.dataset.screen") != "new"
    assert page.locator("#keep-note").is_hidden()


def test_no_note_where_storage_is_persistent(page, base):
    stub(page, granted=True)
    page.goto(base)
    assert asked(page) == "granted"
    assert page.locator("#keep-note").is_hidden()


def test_no_note_and_no_install_steps_from_the_home_screen(page, base):
    stub(page, granted=False, standalone=True, no_prompt=True)
    page.goto(base)
    assert asked(page) == "refused"
    assert page.locator("#keep-note").is_hidden()
    assert not page.locator('[data-action="ui:install"]').is_visible()  # installed already


def test_install_shows_the_home_screen_steps_where_no_prompt_comes(page, base):
    stub(page, granted=False, no_prompt=True)
    with_a_saved_game(page, f"{base}index.html?lang=de")
    install = page.locator('[data-action="ui:install"]')
    assert install.is_visible(), "no install prompt will ever come: Install shows the steps instead"
    install.click()
    dialog = page.locator("#install-help")
    dialog.wait_for(state="visible")
    title, steps = de_words("app.js.install_title", "app.js.install_apple")
    assert dialog.locator("h2").inner_text() == title
    assert steps in dialog.inner_text()
    assert page.evaluate("document.activeElement.id") == "install-help-close"  # a modal: focus inside
    page.locator("#install-help-close").click()
    dialog.wait_for(state="hidden")
    # the note's "How to add it" opens the same steps; Esc closes them
    page.locator("#keep-how").click()
    dialog.wait_for(state="visible")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_chromium_keeps_waiting_for_its_prompt(page, base):
    """BeforeInstallPromptEvent exists: Install stays hidden until the prompt is offered
    (e2e/test_pwa.py shows it then); the Home Screen steps are for browsers without one."""
    page.goto(base)
    wait_ready(page)
    assert not page.evaluate("document.documentElement.classList.contains('no-install-prompt')")


# Computed styles of the table (the shared booted app: nothing here changes its state).
STYLES = """() => {
  const cs = s => { const e = document.querySelector(s); return e && getComputedStyle(e); };
  const pick = s => { const c = cs(s); return c && {touch: c.touchAction, select: c.userSelect,
                                                    webkitSelect: c.webkitUserSelect}; };
  return {board: pick('.board'), scroll: pick('.board-scroll'), bar: pick('.bar > .decision'),
          button: pick('.bar .btn'), toolbar: pick('nav.toolbar'), log: pick('.log'),
          layout: pick('.layout'), region: pick('.region'),
          bodyHeight: document.body.getBoundingClientRect().height, innerHeight,
          dvh: CSS.supports('height', '100dvh')};
}"""


def test_no_double_tap_zoom_nor_selection_on_the_table(table):
    page = start_game(table, "game=barcelona&players=3&seed=42")
    s = page.evaluate(STYLES)
    assert s["board"]["touch"] == "manipulation", s["board"]
    assert s["scroll"]["touch"] == "pan-x pan-y", "the board's box: pinch is boot.js's"
    for part in ("layout", "toolbar", "button"):
        assert s[part]["touch"] == "manipulation", (part, s[part])
    for part in ("board", "bar", "button", "toolbar"):
        assert s[part]["select"] == "none" and s[part]["webkitSelect"] == "none", (part, s[part])
    assert s["log"]["select"] != "none", "the log stays selectable (players copy moves)"
    # the page is the dynamic viewport's height (here, with no toolbars to come and go, the window's)
    assert s["dvh"] and abs(s["bodyHeight"] - s["innerHeight"]) < 1


def test_safe_area_insets_are_kept_clear(page, base):
    """viewport-fit=cover (index.html) with a notch and a home indicator (CDP's safe-area override):
    the toolbar, the bar and the board stay inside the safe area, and nothing scrolls sideways."""
    page.set_viewport_size({"width": 1024, "height": 768})
    cdp = page.context.new_cdp_session(page)
    insets = {"top": 20, "bottom": 24, "left": 44, "right": 44}
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
    page.goto(f"{base}index.html?game=barcelona&players=3&seed=42&botdelay=0")
    wait_ready(page)
    pad = page.evaluate(
        "(s => [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft])(getComputedStyle(document.body))"
    )
    assert pad == ["20px", "44px", "24px", "44px"], pad
    r = page.evaluate("""() => { const b = s => document.querySelector(s).getBoundingClientRect();
        return {tool: b('nav.toolbar'), layout: b('.layout'), w: innerWidth, h: innerHeight,
                scroll: document.documentElement.scrollWidth}; }""")
    assert r["tool"]["top"] >= insets["top"] and r["tool"]["left"] >= insets["left"]
    assert r["layout"]["bottom"] <= r["h"] - insets["bottom"] + 0.5
    assert r["layout"]["right"] <= r["w"] - insets["right"] + 0.5
    assert r["scroll"] <= r["w"]
    cdp.detach()

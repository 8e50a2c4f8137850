"""axe-core (the npm dev dependency, node_modules/axe-core; never shipped in dist/) on the real
pages: the new-game screen, a Barcelona and a Strasbourg game in progress (a selection pending,
Board as text and Help open), the end screen and the tutorial page. No serious or critical
violation may remain; the moderate/minor ones are printed for the record."""

import random

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import ROOT, click_and_wait, play_step, reveal
from legibility import record_page

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD = ("serious", "critical")

_RUN = """async (frames) => {
  const r = await axe.run(document, {resultTypes: ['violations'], iframes: frames});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
}"""


@pytest.fixture(scope="module")
def axe_source():
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci installs the dev dependencies)")
    return AXE.read_text(encoding="utf-8")


def check(page, source, where, frames=False):
    """Inject axe (through the DevTools protocol, so the page's CSP does not apply) and run it."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(source + "\n;0")
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    found = page.evaluate(_RUN, frames)
    bad = [v for v in found if v["impact"] in BAD]
    for v in found:
        if v not in bad:
            print(f"{where}: {v['impact']} {v['id']}: {v['help']}")
    assert not bad, f"{where}: " + "\n".join(f"{v['impact']} {v['id']} ({v['help']}): {v['nodes']}" for v in bad)


def open_url(page, base, query):
    page.goto(f"{base}index.html{query}")
    wait_ready(page)


def select_and_panels(page, source, where):
    """A move selected (preview + Confirm), then Board as text, then Help: axe on each."""
    first = page.locator('main .legal[data-action]:not([data-action^="ui:pick"]), main .btn.act').first
    click_and_wait(page, first, confirm=False)
    check(page, source, f"{where}, a move selected")
    click_and_wait(page, reveal(page, '[data-action="ui:board-text"]'))  # below 1366 px: in More
    assert page.locator(".board-text").count() == 1
    check(page, source, f"{where}, board as text")
    click_and_wait(page, '[data-action="ui:help"]')
    check(page, source, f"{where}, help")
    click_and_wait(page, ".help-close")  # both closed again: the shared app is left as it was
    click_and_wait(page, reveal(page, '[data-action="ui:board-text"]'))
    assert page.locator(".card.help, .board-text").count() == 0


def test_new_game_screen(page, base, axe_source):
    open_url(page, base, "")
    assert page.locator("#new-game").count() == 1
    check(page, axe_source, "new-game screen")


def test_barcelona_in_progress(table, axe_source):
    page = start_game(table, "game=barcelona&players=2&seed=5")
    for _ in range(6):
        play_step(page)
    check(page, axe_source, "Barcelona in progress")
    select_and_panels(page, axe_source, "Barcelona")


def test_barcelona_handoff_card(table, axe_source):
    """Hidden hands: the hand-off card with the board of the next seat's intersections
    (web/screens/handoff_card.py)."""
    page = start_game(table, "game=barcelona&players=2&seed=5&hidden=1")
    page.wait_for_function("!document.body.dataset.refit")
    assert page.locator('.handoff .card-board [data-action^="ui:pick:"]').count() >= 10
    check(page, axe_source, "Barcelona hand-off card")


def test_strasbourg_in_progress(table, axe_source):
    page = start_game(table, "game=strasbourg&players=3&seed=5")
    for _ in range(12):
        play_step(page)
    check(page, axe_source, "Strasbourg in progress")
    select_and_panels(page, axe_source, "Strasbourg")


def test_end_screen(table, base, axe_source):
    import engine.barcelona as B
    from review.review import Review
    from web.kit.seats import DEFAULT_COLOURS

    g, rng = B.new_game(2, 9), random.Random(9)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    # The review screen complete at once: its evaluation made here (the review package, as the
    # worker runs it) and stored with the game as the page stores it (meta.review). The worker's
    # own evaluation through the page is e2e/test_review_e2e.py's.
    review = Review(g.record())
    while review.step():
        pass
    meta = {"hidden": False, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}, "review": review.state()}
    page = table
    record_page(page, base, g.record(), meta)  # imported into the shared app
    page.wait_for_selector('body[data-game-over="1"]', state="attached")
    check(page, axe_source, "end screen")
    click_and_wait(page, '[data-action="ui:review"]')  # the game review (docs/review-screen.md), its table shown
    assert page.get_attribute(".review", "data-review-state") == "complete"  # from the stored state, no worker
    click_and_wait(page, '[data-action="ui:review-table"]')
    check(page, axe_source, "review screen")
    click_and_wait(page, '[data-action="ui:review-close"]')  # the shared app is left at the end screen


@pytest.mark.parametrize("width", [1024, 390])
def test_tutorial_page(page, base, axe_source, width):
    # The page itself (its embedded boards are the app's own screens, checked above); at 390 px
    # the wide boards scroll inside their boxes (named, keyboard-reachable regions).
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{base}tutorial/barcelona.html")
    page.wait_for_selector('euro-board[data-scrolled="1"]', state="attached")
    if width < 740:
        assert page.evaluate("[...document.querySelectorAll('.eb-static')].some(b => b.scrollWidth > b.clientWidth)")
    check(page, axe_source, f"tutorial/barcelona.html at {width} px")

"""The game screens redraw by patching (web/morph.js): after every redraw the page must be exactly
what rebuilding it with innerHTML would give, and the parts that did not change must be the same
nodes as before (that is the point: less to re-create, style and lay out on a History step).
No waiting on time: every step waits for main.py's redraw counter (body[data-state])."""

from e2e_harness import wait_ready
from scripts.browser import GAME_ACTION, play_step, state

# Wraps euroMorph: after each patch, the markup of #app is compared with a fresh parse of the same
# html (what innerHTML would have built); differences are kept for the test to read. A region sent
# as a placeholder (<svg data-keep="NAME">, the drawing the page shows already: web/screens/panels.py) is
# expanded, for the fresh parse, to that region's drawing as the page showed it before the patch;
# as every patch is checked from the first full drawing on, the page always equals the full markup.
CHECK_MORPH = """
window.__morphs = 0; window.__morphDiffs = []; window.__kept = 0;
document.addEventListener('DOMContentLoaded', () => {
  const real = window.euroMorph;
  window.euroMorph = function (root, html) {
    const before = {}, nodes = {};
    root.querySelectorAll('section[data-region], div[data-region]').forEach(el => {
      const svg = el.firstElementChild;
      if (svg && svg.localName === 'svg') { before[el.dataset.region] = svg.outerHTML; nodes[el.dataset.region] = svg; }
    });
    const ok = real(root, html);
    window.__morphs += 1;
    const fresh = document.createElement('div');
    fresh.innerHTML = html;
    fresh.querySelectorAll('svg[data-keep]').forEach(p => {
      window.__kept += 1;
      const name = p.getAttribute('data-keep');
      const now = root.querySelector(`[data-region="${name}"] > svg`);
      if (now !== nodes[name]) window.__morphDiffs.push(['the kept drawing of ' + name + ' is not the old node', '']);
      const t = document.createElement('template'); t.innerHTML = before[name] || '<b>missing</b>';
      p.replaceWith(t.content);
    });
    if (!ok) window.__morphDiffs.push(['euroMorph could not fill a placeholder', '']);
    if (fresh.innerHTML !== root.innerHTML) {
      const a = root.innerHTML, b = fresh.innerHTML;
      let i = 0; while (i < a.length && a[i] === b[i]) i++;
      window.__morphDiffs.push([a.slice(Math.max(0, i - 80), i + 80), b.slice(Math.max(0, i - 80), i + 80)]);
    }
    return ok;
  };
});
"""


def tap(page, selector):
    before = state(page)
    page.locator(selector).filter(visible=True).first.click()
    page.wait_for_function(f"Number(document.body.dataset.state) > {before}")


def test_patched_redraws_equal_a_rebuild_and_keep_unchanged_nodes(browser, guard, base):
    ctx = browser.new_context(service_workers="block", viewport={"width": 1366, "height": 768})
    ctx.add_init_script(CHECK_MORPH)
    page = guard.attach(ctx.new_page())
    page.goto(f"{base}index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=7&confirm=0")
    wait_ready(page)
    for _ in range(6):  # moves: the board, the panels and the log change
        tap(page, GAME_ACTION)
    assert page.evaluate("window.__morphs") >= 4
    # History: open, step (the board changes), and the toolbar stays the very same node; opening
    # and closing History patch too (one game screen to another), keeping the board's box
    page.evaluate(
        "window.__bar = document.querySelector('nav.toolbar');window.__box = document.querySelector('.board-scroll')"
    )
    morphs = page.evaluate("window.__morphs")
    tap(page, '[data-action="ui:history"]')
    assert page.evaluate("window.__morphs") == morphs + 1
    assert page.evaluate("window.__box === document.querySelector('.board-scroll')")
    for action in ("ui:hist-first", "ui:hist-next", "ui:hist-next", "ui:hist-prev", "ui:hist-last"):
        tap(page, f'[data-action="{action}"]')
        assert page.evaluate("window.__bar === document.querySelector('nav.toolbar')"), action
    tap(page, '[data-action="ui:hist-close"]')
    assert page.evaluate("window.__bar === document.querySelector('nav.toolbar')")
    assert page.evaluate("window.__box === document.querySelector('.board-scroll')")
    # Zoom (done in place) then a move: still equal to a rebuild
    tap(page, '[data-action="ui:zoom-in"]')
    play_step(page)  # the next move (through its board place's pick when it has one)
    assert page.evaluate("window.__morphDiffs") == []
    # unchanged regions were sent as placeholders and kept as the very same nodes
    assert page.evaluate("window.__kept") >= 10
    # the new-game form is rebuilt, never patched (typed names must not survive by accident)
    morphs = page.evaluate("window.__morphs")
    tap(page, '[data-action="ui:new-game"]')
    assert page.evaluate("window.__morphs") == morphs
    ctx.close()

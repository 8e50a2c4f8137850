"""Issue 51, no word cut on the narrowest phones (docs/architecture.md "Page layout"): at 360x780
and 390x844 (touch), in German (the longest language) and English, both games, a few decisions
in: no HTML text clipped by its box (overflow hidden or an ellipsis, a line clamp), no board word
past its picture's edge, none past the frame it is drawn in (Strasbourg's "Bauplatz" ran out of
its lot: "Baupla"), none squeezed (textLength) below 3/4 of its own width (the guild legend's
"Schmiede Sc" at half). One shared booted app per size, its language switched in the page."""

import pytest
from e2e_harness import start_game
from scripts.browser import click_and_wait, play_step, reveal, state, wait_state_after

# Every word on screen that is cut, as {kind, text}: HTML text clipped by its own box or an
# ancestor's; an SVG <text> that runs past its picture's drawing (the viewBox, where the board is
# shown whole) or past the frame of the explained thing it belongs to (a g.info whose first shape
# is a <rect>: a cell, a legend box), or is squeezed to less than 3/4 of its natural width. A main
# board shown below scale 0.4 is a thumbnail (Strasbourg's task choice: five task buttons in the
# tray): drawn in its tightest form, its status line and legend squeezed; not checked.
CUTS = r"""() => {
  const THUMBNAIL = 0.4;  // a board shown smaller: a thumbnail (the tray full of choices), words squeezed
  const out = [], seen = new Set();
  const add = (kind, text) => { const k = kind + text; if (!seen.has(k)) { seen.add(k); out.push({kind, text}); } };
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 2 && r.height > 2; };
  const clips = cs => ['hidden', 'clip'].includes(cs.overflowX) || ['hidden', 'clip'].includes(cs.overflowY);
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, .visually-hidden') || !shown(el)) continue;
    const words = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!words) continue;
    const cs = getComputedStyle(el);
    if ((clips(cs) || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1) add('html-width', words);
    if (cs.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1) add('html-clamp', words);
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (['auto', 'scroll'].includes(as.overflowX)) break;  // a scroller: the rest is a swipe away
      if (!clips(as)) continue;
      const ar = a.getBoundingClientRect();
      if (r.right > ar.right + 1 || r.left < ar.left - 1) add('html-clipped', words);
      break;
    }
  }
  for (const t of document.querySelectorAll('main svg text')) {
    const words = t.textContent.trim();
    if (!words || !shown(t)) continue;
    const svg = t.ownerSVGElement, vb = svg.viewBox.baseVal, b = t.getBBox();
    if (svg.closest('.region-board') && svg.getScreenCTM().a < THUMBNAIL) continue;
    const whole = !svg.hasAttribute('data-crop');  // (a phone's part of the board: its edge is a window's)
    if (whole && vb.width && (b.x < -1 || b.x + b.width > vb.width + 1)) add('svg-past-picture', words);
    const g = t.closest('g.info'), frame = g && [...g.children].find(c => c.tagName !== 'title');
    if (frame && frame.tagName === 'rect' && !frame.contains(t)) {
      const f = frame.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
      const within = cx > f.x && cx < f.x + f.width && cy > f.y && cy < f.y + f.height;  // (a frame, not a swatch)
      if (within && (b.x < f.x - 1 || b.x + b.width > f.x + f.width + 1)) add('svg-past-frame', words);
    }
    if (t.hasAttribute('textLength')) {
      const c = t.cloneNode(true);
      c.removeAttribute('textLength');
      t.parentNode.appendChild(c);
      const natural = c.getComputedTextLength();
      c.remove();
      if (t.textLength.baseVal.value < 0.75 * natural) add('svg-squeezed', words);
    }
  }
  return out;
}"""

GAMES = {"barcelona": "players=3&seed=5&layout=printed", "strasbourg": "players=3&seed=5"}
STEPS = 3  # decisions played after the first screen, each checked


@pytest.fixture(params=[(360, 780), (390, 844)], ids=lambda v: f"{v[0]}x{v[1]}")
def phone(request, tables):
    w, h = request.param
    yield from tables.lend(
        request, query="lang=de&botdelay=0", viewport={"width": w, "height": h}, has_touch=True, is_mobile=True
    )


def _cuts(page):
    page.wait_for_function("!document.body.dataset.refit")  # drawn for its real box
    return page.evaluate(CUTS)


def _speak(page, lang):
    if page.evaluate("document.body.dataset.lang") != lang:
        reveal(page, "#lang-toolbar", tap=True)  # (in the More menu on a phone)
        before = state(page)
        page.select_option("#lang-toolbar", lang)
        wait_state_after(page, before)
        more = page.locator('[data-action="ui:more"]')
        if more.count() and more.get_attribute("aria-expanded") == "true":
            click_and_wait(page, more, tap=True)  # the menu closed, the board in sight again


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_word_is_cut(phone, game):
    page, found = phone, []
    for lang in ("de", "en"):
        _speak(page, lang)
        start_game(page, f"game={game}&{GAMES[game]}")
        for step in range(STEPS + 1):
            found += [(lang, step, c["kind"], c["text"]) for c in _cuts(page)]
            if step < STEPS:
                play_step(page, tap=True)
    assert not found, "words cut:\n" + "\n".join(map(str, found))

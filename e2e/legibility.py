"""The legibility contract of the table (docs/architecture.md "Page layout"), measured in the real page: shared by the
games' e2e tests (Barcelona: e2e/test_legibility.py; other games add their own files).

``problems(page)`` walks every SVG <text> and HTML text node that is rendered, computes its
on-screen font size (computed font-size x the SVG's screen CTM scale) and reports any below
12 CSS px or ending with an ellipsis; reports a page that scrolls sideways; measures every
visible ``.legal[data-action]`` by its hit shapes (>= BOARD_TAP x BOARD_TAP CSS px as rendered:
the main board is fitted to the screen, so its 44-unit hit shapes are 44 x scale px, >= 32 at
the sizes of tests/support/table_fit.py from 700 px wide; Fit / + / pinch enlarge them) and reports two targets whose
hit shapes share a point (tested with isPointInFill, so a triangle's box is not its shape).
``record_page(page, base, record)`` opens the app on a game record (imported into a booted app,
e.g. a shared one of conftest's ``tables``; else via the autosave, as a returning player finds it).
"""

import json

from e2e_harness import load_record, wait_ready
from scripts.browser import SAVE_KEY

from web.kit.seats import DEFAULT_COLOURS

MIN_PX, TAP = 12, 44
BOARD_TAP = 32  # a board target as rendered at the fitted scale (WCAG 2.5.8 asks >= 24 px)

_JS = r"""(root) => {
  const MIN = %(min)s, TAP = %(tap)s, out = [];
  const de = document.documentElement;
  if (de.scrollWidth > innerWidth + 0.5) out.push(`page scrolls sideways: ${de.scrollWidth} > ${innerWidth}`);
  const shown = el => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) !== 0;
  };
  const scaleOf = el => { const m = el.getScreenCTM(); return m ? Math.hypot(m.a, m.b) : 1; };
  for (const t of document.querySelectorAll(root + ' svg text')) {
    if (!shown(t) || !t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * scaleOf(t);
    if (px < MIN - 0.05) out.push(`svg text ${JSON.stringify(t.textContent)} at ${px.toFixed(1)} px`);
    if (/(…|\.\.\.)\s*$/.test(t.textContent)) out.push(`cut svg text ${JSON.stringify(t.textContent)}`);
  }
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement, s = n.textContent.trim();
    if (!s || !p || p.closest('svg') || p.closest('script,style,option,select') || !shown(p)) continue;
    const px = parseFloat(getComputedStyle(p).fontSize);
    if (px < MIN - 0.05) out.push(`html text ${JSON.stringify(s)} at ${px.toFixed(1)} px`);
    if (/(…|\.\.\.)$/.test(s)) out.push(`cut html text ${JSON.stringify(s)}`);
  }
  const targets = [];
  for (const el of document.querySelectorAll('.legal[data-action]')) {
    if (!shown(el)) continue;
    const hits = [...el.querySelectorAll('.hit')];
    if (!hits.length) { out.push(`target ${el.dataset.action} has no hit shape`); continue; }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const h of hits) { const b = h.getBoundingClientRect();
      x0 = Math.min(x0, b.left); y0 = Math.min(y0, b.top); x1 = Math.max(x1, b.right); y1 = Math.max(y1, b.bottom); }
    if (x1 - x0 < TAP - 0.05 || y1 - y0 < TAP - 0.05)
      out.push(`target ${el.dataset.action} hit area ${(x1 - x0).toFixed(1)}x${(y1 - y0).toFixed(1)} px`);
    targets.push({id: el.dataset.action, hits, box: [x0, y0, x1, y1]});
  }
  const inFill = (h, x, y) => {
    const m = h.getScreenCTM().inverse(), svg = h.ownerSVGElement;
    const p = svg.createSVGPoint(); p.x = x; p.y = y;
    return h.isPointInFill(p.matrixTransform(m));
  };
  for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) {
    const a = targets[i], b = targets[j];
    const x0 = Math.max(a.box[0], b.box[0]) + 0.5, y0 = Math.max(a.box[1], b.box[1]) + 0.5;
    const x1 = Math.min(a.box[2], b.box[2]) - 0.5, y1 = Math.min(a.box[3], b.box[3]) - 0.5;
    if (x1 <= x0 || y1 <= y0) continue;
    let both = false;
    for (let u = 0; u <= 6 && !both; u++) for (let v = 0; v <= 6 && !both; v++) {
      const x = x0 + (x1 - x0) * u / 6, y = y0 + (y1 - y0) * v / 6;
      both = a.hits.some(h => inFill(h, x, y)) && b.hits.some(h => inFill(h, x, y));
    }
    if (both) out.push(`hit areas of ${a.id} and ${b.id} overlap`);
  }
  return out;
}""" % {"min": MIN_PX, "tap": BOARD_TAP}


def problems(page, root="#app"):
    """Every breach of the legibility contract on the page as it is now (empty list = legible);
    ``root``: the selector of what is walked (the app's #app; a tutorial page's main).
    Running animations (the <= 300 ms pop of the move just made) are finished first: the
    contract is about the settled page, not a frame in the middle of a transition."""
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    return page.evaluate(_JS, root)


def assert_legible(page, where, root="#app"):
    found = problems(page, root)
    assert not found, f"{where}: " + "; ".join(found[:12]) + (f" (+{len(found) - 12} more)" if len(found) > 12 else "")


def record_page(page, base, record, meta=None):
    """Open the app on ``record`` (an engine record dict): imported if the page is a booted app,
    else put in the autosave of a fresh page, as a returning player would find it."""
    rec = dict(record)
    rec["meta"] = meta or {"hidden": False, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}}
    if page.url.startswith(base) and page.get_attribute("body", "data-ready") == "1":
        load_record(page, rec)
        return
    # the autosave written from a small file of the same site, then the app (one boot)
    page.goto(f"{base}versions.json")
    page.evaluate(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(json.dumps(rec))})")
    page.goto(f"{base}index.html")
    wait_ready(page)

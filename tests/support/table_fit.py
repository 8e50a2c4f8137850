"""The table-fit contract (docs/architecture.md "Page layout"), measured in the real page:
shared by e2e/test_fit.py, e2e/test_tray_e2e.py and bench/fit.py.

``measure(page)`` -> dict:
  board_in    the main board's whole drawing (its viewBox on screen) lies inside the viewport
  board_covered  how many of 3 x 3 points spread over the drawing have something else on top
  choices     the choices of the current decision (distinct game-action ids on the page, and
              the ui:pick:KEY targets of a two-step choice)
  missing     those with no element a player can tap now: inside the viewport and the topmost
              element at its centre (so not scrolled away inside a box, nor under the bar), but
              those of a phone board's other part (behind_switch: one tap on ui:board-part away,
              ``measure_parts`` taps through the parts), and those a tray's first step stands
              for (behind_pick: a ui:pick:KEY button whose data-stands-for names them)
  min_text    the smallest rendered text (CSS px) of the visible table, SVG text and HTML text
  small       a few of the texts below 12 px
  small_targets  the choices whose biggest tap area (a board target's hit shapes, a button's box)
              is under 44 CSS px either way: [(id, px)]
  sideways    the page scrolls sideways
  screen_scroll  px the table screen itself scrolls (landscape from 1000 px: must be 0, only the
              board box and the side column scroll)
  landscape   the viewport is wider than high
"""

import re

SIZES = [  # (width, height, touch): laptops, tablets in landscape, tablets in portrait, phones
    (1366, 768, False),
    (1280, 800, False),
    (1024, 768, False),
    (1180, 820, True),
    (768, 1024, True),
    (820, 1180, True),
    (390, 844, True),
    (360, 780, True),
]
MIN_PX = 12  # every text of the table, at every size (phones included)
TAP_PX = 44  # every choice's tap area, at every size
BAR_FIXED_FROM = 700  # from this width the decision bar keeps one height (a phone's is as high as its words)
SIDE_COLUMN_FROM = 1000  # landscape from here: board and side column fill the screen, neither pushes it

_JS = r"""() => {
  const W = innerWidth, H = innerHeight, E = 1;
  const shown = el => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) !== 0;
  };
  const inView = r => r.left >= -E && r.top >= -E && r.right <= W + E && r.bottom <= H + E && r.width > 0;
  const out = {sideways: document.documentElement.scrollWidth > W + 0.5, board_in: null};
  const scr = document.querySelector('main.screen');   // the table's own scroller
  out.screen_scroll = scr ? Math.max(0, scr.scrollHeight - scr.clientHeight) : 0;
  out.landscape = W > H;
  const svg = document.querySelector('.region-board svg, .board svg');
  if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
    const m = svg.getScreenCTM(), vb = svg.viewBox.baseVal;
    const x0 = m.e + vb.x * m.a, y0 = m.f + vb.y * m.d;
    const r = {left: x0, top: y0, right: x0 + vb.width * m.a, bottom: y0 + vb.height * m.d, width: vb.width * m.a};
    out.board_in = inView(r);
    out.board_px = [Math.round(r.width), Math.round(vb.height * m.d)];
    const h = vb.height * m.d;   // 3 x 3 points of the drawing: nothing lies over them (the bar)
    out.board_covered = [.15, .5, .85].flatMap(u => [.15, .5, .85].map(v => [x0 + u * r.width, y0 + v * h]))
      .filter(([x, y]) => { const e = document.elementFromPoint(x, y); return !(e && svg.contains(e)) && inView({left: x, top: y, right: x, bottom: y, width: 1}); }).length;
  }
  const ids = {};
  for (const el of document.querySelectorAll('#app [data-action]')) {
    const a = el.getAttribute('data-action');
    if ((a.startsWith('ui:') && !a.startsWith('ui:pick:')) || !shown(el)) continue;
    (ids[a] = ids[a] || []).push(el);
  }
  const tappable = el => {
    const hits = el.querySelectorAll('.hit');
    for (const t of (hits.length ? hits : [el])) {
      const r = t.getBoundingClientRect();
      if (!inView(r)) continue;
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (top && (top === el || el.contains(top) || top.closest('[data-action]') === el)) return true;
    }
    return false;
  };
  const tapSize = el => {   // the tap area: a board target's hit shapes (their union), else its box
    const hits = el.querySelectorAll('.hit');
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const t of (hits.length ? hits : [el])) {
      const r = t.getBoundingClientRect();
      x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
    }
    return Math.min(x1 - x0, y1 - y0);
  };
  out.small_targets = Object.keys(ids).map(a => [a, Math.round(Math.max(...ids[a].map(tapSize)) * 10) / 10])
    .filter(([a, px]) => px < 44 - 0.5);
  out.choices = Object.keys(ids).length;
  out.missing = Object.keys(ids).filter(a => !ids[a].some(tappable));
  // More choices off the board than the tray holds: the tray's first step (ui:pick:KEY, its
  // data-stands-for), one tap more (table_panels.tray, e.g. Strasbourg's stacking)
  const through = new Set([...document.querySelectorAll('#app [data-stands-for]')].filter(e => shown(e) && tappable(e))
    .flatMap(e => e.dataset.standsFor.split(' ')));
  out.behind_pick = out.missing.filter(a => through.has(a));
  out.missing = out.missing.filter(a => !through.has(a));
  // A phone's board shown part by part (ui:board-part): a choice of another part lies outside
  // the board's viewBox, one tap on the switch away (kit.regions.part_plan)
  const sw = document.querySelector('#app [data-action="ui:board-part"]');
  const board = document.querySelector('.region-board svg');
  if (sw && tappable(sw) && board) {
    const b = board.getBoundingClientRect();
    const outside = el => board.contains(el) && [...(el.querySelectorAll('.hit').length ? el.querySelectorAll('.hit') : [el])]
      .every(t => { const r = t.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
                    return x < b.left || x > b.right || y < b.top || y > b.bottom; });
    out.behind_switch = out.missing.filter(a => ids[a].every(outside));
    out.missing = out.missing.filter(a => !out.behind_switch.includes(a));
    out.part = sw.textContent.trim();
  }
  let min = Infinity; const small = [];
  const note = (px, s) => { if (px < min) min = px; if (px < 12 - 0.05 && small.length < 6) small.push(`${s.slice(0, 30)} ${px.toFixed(1)}px`); };
  for (const t of document.querySelectorAll('#app svg text')) {
    if (!shown(t) || !t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    note(parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1), t.textContent.trim());
  }
  const walker = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement, s = n.textContent.trim();
    if (!s || !p || p.closest('svg') || p.closest('script,style,option,select') || !shown(p)) continue;
    note(parseFloat(getComputedStyle(p).fontSize), s);
  }
  out.min_text = min === Infinity ? null : Math.round(min * 10) / 10;
  out.small = small;
  return out;
}"""


def measure(page):
    """The fit of the page as it is now (animations finished first: the settled page)."""
    # (an endless one, the Hint's pulse, cannot be finished: it is left as it is)
    page.evaluate("document.getAnimations().forEach(a => { try { a.finish(); } catch (e) {} })")
    return page.evaluate(_JS)


def measure_parts(page, click):
    """``measure`` of every part a phone's board shows this decision's choices in (ui:board-part,
    whose words end "(k/n)"; ``click(page, element)`` taps it and waits for the redraw), merged: a
    choice is missing when no part shows it; every part's tap areas and texts count. ``parts``:
    how many (1: the board shows every choice at once). Back on the first part after."""
    m = measure(page)
    got = re.search(r"\((\d+)/(\d+)\)$", m.get("part") or "")
    m["parts"] = int(got.group(2)) if got else 1
    if not got:
        return m
    hidden = set(m["behind_switch"])
    for _ in range(m["parts"] - 1):
        click(page, page.locator('#app [data-action="ui:board-part"]').first)
        n = measure(page)
        small = {x[0] for x in m["small_targets"]}
        m["small_targets"] += [x for x in n["small_targets"] if x[0] not in small]
        m["min_text"] = min(x for x in (m["min_text"], n["min_text"]) if x is not None)
        m["missing"] = sorted(set(m["missing"]) | set(n["missing"]))
        hidden &= set(n.get("behind_switch") or ())
    click(page, page.locator('#app [data-action="ui:board-part"]').first)
    m["missing"] = sorted(set(m["missing"]) | hidden)
    return m


def problems(m, width):
    """What breaks the contract in one measurement at a viewport ``width`` px wide."""
    out = []
    if m["board_in"] is False:
        out.append(f"board drawing not inside the viewport ({m.get('board_px')})")
    if m.get("board_covered"):
        out.append(f"something lies over the board ({m['board_covered']} of 9 points)")
    if m["missing"]:
        out.append(f"choices out of reach: {m['missing'][:6]}")
    if m["sideways"]:
        out.append("the page scrolls sideways")
    if width >= SIDE_COLUMN_FROM and m.get("landscape") and m.get("screen_scroll", 0) > 1:
        out.append(f"the table scrolls as a whole ({m['screen_scroll']} px): the bar can go off screen")
    if m["min_text"] is not None and m["min_text"] < MIN_PX - 0.05:
        out.append(f"text below {MIN_PX} px: {m['small']}")
    if m.get("small_targets"):
        out.append(f"tap areas under {TAP_PX} px: {m['small_targets'][:6]}")
    return out

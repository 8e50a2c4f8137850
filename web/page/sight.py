"""Keeping the decision in sight: after a redraw, the board, the side column and the page scroll
so that the new decision's choices (and a new Hint's target) are on screen. Called by
web/page/core.py's redraw; ``rendered`` is also what focus and the arrow keys may go to."""

from pyscript import document, window
from pyscript.ffi import is_none, to_js


def rendered(selector):
    """The elements matching ``selector`` that are laid out (not a hidden copy, such as the tray's
    buttons where the side column shows those choices), nor a phone board's target in the part not
    shown (class off-part, kit.regions.off_part): what focus and the arrow keys may go to."""
    return [
        e
        for e in document.querySelectorAll(selector)
        if e.getClientRects().length and not e.classList.contains("off-part")
    ]


def reveal_targets(sc):
    """Keep the decision in sight: when no legal board target lies in the visible part of the
    board, scroll the first one in (the next decision can be anywhere on a big board)."""
    targets = sc.querySelectorAll(".legal[data-action]")
    if not targets.length:
        return
    box = sc.getBoundingClientRect()
    for i in range(targets.length):
        r = targets.item(i).getBoundingClientRect()
        if r.bottom > box.top and r.top < box.bottom and r.right > box.left and r.left < box.right:
            return
    targets.item(0).scrollIntoView(
        to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries)
    )


def reveal_side_choices():
    """A new decision whose choices are drawn in the side column (landscape: the own board, the
    side boards; it scrolls on its own): when one of them is out of sight there (or under the score
    strip at its top), the column shows them from the first one down."""
    col = document.querySelector(".layout > .col-side")
    if is_none(col) or col.scrollHeight <= col.clientHeight + 1:
        return
    targets = col.querySelectorAll(".region .legal[data-action]")
    if not targets.length:
        return
    box = col.getBoundingClientRect()
    strip = col.querySelector(".score-strip")  # sticky at the column's top: a choice under it is hidden
    top = box.top + (strip.offsetHeight if not is_none(strip) else 0)
    tops, hidden = [], False
    for i in range(targets.length):
        r = targets.item(i).getBoundingClientRect()
        hidden = hidden or not (r.top >= top and r.bottom <= box.bottom)
        tops.append(r.top)
    if hidden:  # some choice out of sight: the column from the first choice down
        col.scrollTop = max(0, col.scrollTop + min(tops) - top - 8)


def reveal_board():
    """Portrait and phones (one column: .layout scrolls, style.css): a new position whose choices
    lie on the main board or in the tray brings the board back under the bar. A player who
    scrolled down to tap a card on their own board otherwise found the board scrolled away for
    every later decision (issue 51)."""
    layout = document.querySelector(".layout.table")
    if is_none(layout) or layout.scrollTop <= 0 or layout.scrollHeight <= layout.clientHeight + 1:
        return
    if rendered(".board-scroll .legal[data-action], .layout > .tray [data-action]"):
        layout.scrollTop = 0


def _in_sight(el):
    """``el`` lies (partly) on screen and inside the visible part of its board box, if in one."""
    r = el.getBoundingClientRect()
    if r.bottom <= 0 or r.top >= window.innerHeight or r.right <= 0 or r.left >= window.innerWidth:
        return False
    sc = el.closest(".board-scroll")
    if is_none(sc):
        return True
    box = sc.getBoundingClientRect()
    return r.bottom > box.top and r.top < box.bottom and r.right > box.left and r.left < box.right


def reveal_hint():
    """A new Hint: its target (on the board, a side board or the bar) is scrolled into view."""
    shown = rendered("main [data-action].hint")
    el = shown[0] if shown else None  # not a hidden copy (the tray's, where the side column shows it)
    if el is not None and not _in_sight(el):
        el.scrollIntoView(to_js({"block": "center", "inline": "center"}, dict_converter=window.Object.fromEntries))

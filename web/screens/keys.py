"""Keyboard use of the page, pure Python (no js imports; tested in CPython): the shortcut table
the Help panel lists and main.py's key handler reads, and the rules of focus and arrow keys.

Every visible string of the keyboard help lives here, as catalog keys (the Help panel shows
``t(key)``; English in locale/en/LC_MESSAGES/app.po).

- Tab reaches every control; board targets are ``<g tabindex="0" role="button">`` (web/kit/svgkit.py).
- Enter or Space activates the focused control (board targets too: main.py turns the key into
  the same path as a tap).
- Arrow keys move between the choices of the current decision (``CHOICES``, those laid out: not
  the tray's hidden copies in landscape, page.sight.rendered, nor a phone board's targets in the
  part not shown, kit.regions.off_part) along the screen's
  grid (``spatial_target``): to the nearest choice in the arrow's direction, by the centres of
  their boxes (ArrowDown goes to the place below on the board, not the next one in document order). With none that way,
  document order (Right/Down next, Left/Up previous, wrapping). Home/End = first/last in document
  order: the decision bar's buttons, then the board regions' targets in page order.
- After a move (or a selection, a pick, Undo, the hand-off), focus goes to the Confirm / End turn
  button when a confirmation is pending, else to the next decision (``NEXT_DECISION``): the options
  of a picked place, else the first choice on the board, else the first button (never first to an
  end-turn button such as "Finish actions" while the board has choices).
- Nothing is focused at first load until a key is pressed (no focus ring for touch and mouse).
- Shortcuts (single keys, no modifier): never while typing in a form field.
"""

from engine.core.msg import N_

# Engine actions and two-step board picks: the choices of the decision on screen (not a phone
# board's targets in the part not shown, class off-part: kit.regions.off_part).
_ON = ":not(.off-part)"
CHOICES = f'main [data-action]:not([data-action^="ui:"]){_ON}, main [data-action^="ui:pick:"]{_ON}'
# Where focus goes after a move: a pending confirmation first, then the hand-off button.
CONFIRM = 'main [data-action="ui:confirm"]'
HANDOFF = 'main [data-action="ui:handoff-ok"]'
# The next decision's first choice: a picked place's options, the board's choices, any choice.
NEXT_DECISION = (
    'main .pick [data-action]:not([data-action^="ui:"])',
    f'main [data-region] [data-action]:not([data-action^="ui:"]){_ON}, main [data-region] [data-action^="ui:pick:"]{_ON}',
    f'main [data-action]:not([data-action^="ui:"]):not(.end-turn){_ON}, main [data-action^="ui:pick:"]{_ON}',
    CHOICES,
)
ANY = "main [data-action], main input, main select"  # last resort: the first control of the screen

# (key, selector of the control it presses, what it does). The control must be on screen and
# enabled: a shortcut never does what a tap could not.
SHORTCUTS = (
    ("c", CONFIRM, N_("app.keys.confirm")),
    ("e", 'main .end-turn[data-action="ui:confirm"], main button.end-turn[data-action]', N_("app.keys.end_turn")),
    ("u", '[data-action="ui:undo"]', N_("app.keys.undo")),
    ("h", '[data-action="ui:hint"]', N_("app.keys.hint")),
    ("l", '[data-action="ui:history"], [data-action="ui:hist-close"]', N_("app.keys.history")),
    ("b", '[data-action="ui:board-text"]', N_("app.keys.board_text")),
    (",", '[data-action="ui:hist-turn-prev"]', N_("app.keys.hist_turn_back")),
    (".", '[data-action="ui:hist-turn-next"]', N_("app.keys.hist_turn_next")),
    ("<", '[data-action="ui:hist-round-prev"]', N_("app.keys.hist_round_back")),
    (">", '[data-action="ui:hist-round-next"]', N_("app.keys.hist_round_next")),
    ("?", '[data-action="ui:help"]', N_("app.keys.help")),
)

# The keys the Help panel lists besides the shortcuts.
KEY_HELP = (
    (N_("app.keys.tab"), N_("app.keys.tab_what")),
    (N_("app.keys.arrows"), N_("app.keys.arrows_what")),
    (N_("app.keys.enter"), N_("app.keys.enter_what")),
    (N_("app.keys.escape"), N_("app.keys.escape_what")),
)
KEYS_HEADING = N_("app.keys.heading")

ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "Home": "first", "End": "last"}
TEXT_FIELDS = ("input", "select", "textarea")


def typing(tag, editable=False):
    """True when keys go to a form field (``tag``: the focused element's tag name): no shortcut,
    no arrow key handling, then (a select's arrows change its value, a text field's move the caret)."""
    return bool(editable) or str(tag or "").lower() in TEXT_FIELDS


def shortcut(key, ctrl=False, alt=False, meta=False):
    """The selector of the control a key presses, or None (keys with Ctrl/Alt/Meta stay the browser's)."""
    if ctrl or alt or meta:
        return None
    for k, selector, _ in SHORTCUTS:
        if key == k or (len(key) == 1 and key.lower() == k and k.isalpha()):
            return selector
    return None


def arrow_target(key, index, count):
    """The index an arrow key moves to among ``count`` choices from ``index`` (-1: focus is not on
    a choice: the first one for next/Home, the last one for previous/End), or None for other keys."""
    step = ARROWS.get(key)
    if step is None or count <= 0:
        return None
    if step == "first":
        return 0
    if step == "last":
        return count - 1
    if index < 0:
        return 0 if step > 0 else count - 1
    return (index + step) % count


DIRECTIONS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def spatial_target(key, index, boxes):
    """The index of the choice an arrow key moves to along the screen's grid, or None (not an
    arrow, focus not on a choice, or no choice that way). ``boxes``: (x, y, width, height) of every
    choice on screen (page px), the focused one at ``index``. The nearest choice whose centre lies
    in the arrow's direction, within 45 degrees of it (a straight line first: a sideways step
    counts three times)."""
    d = DIRECTIONS.get(key)
    if d is None or not (0 <= index < len(boxes)):
        return None
    x0, y0, w0, h0 = boxes[index]
    cx, cy = x0 + w0 / 2, y0 + h0 / 2
    best = None
    for i, (x, y, w, h) in enumerate(boxes):
        if i == index:
            continue
        dx, dy = x + w / 2 - cx, y + h / 2 - cy
        along, side = dx * d[0] + dy * d[1], abs(dx * d[1] - dy * d[0])
        if along <= 0.5 or side > along:
            continue
        score = along + 3 * side
        if best is None or score < best[0]:
            best = (score, i)
    return None if best is None else best[1]

"""PyScript glue: the page's state and #app's writer (redraw, run), focus, the live region and the
in-place taps (zoom, drawer, the More menu). No logic: the screen is panels.screen(S); the
computer seats' clock is web/computer_seats.Scheduler (SEATS), played by web/page/bots.py.
Imported by main.py (after its stage update); web/page/store.py and web/page/bots.py build on it.
"""

import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from engine import versions
from engine.core.errors import EngineError
from web.screens import keys, panels, preboot, table_panels
from web.model.computer_seats import Scheduler
from web.model.handoff_prep import HandoffPrep
from web.i18n import t
from web.model.limits import short
from web.kit.regions import board_scale
from web.model.games import SetupError
from web.model.session import Session
from web.page.sight import rendered, reveal_board, reveal_hint, reveal_side_choices, reveal_targets


class PageState:
    """What the page keeps between events (main.py's globals before)."""

    def __init__(self):
        self.redraws = 0  # body[data-state]: tests and bench/tap_latency.py wait on it
        self.drawn_scale = None  # the board scale the table on screen was drawn for (page.core.refit)
        self.announced = ""  # the text last written into the live region (#announce)
        self.keyboard = False  # the last input was a key (focus moves then scroll into view; taps keep the view)
        self.interacted = False  # a key or pointer was used: until then place_focus focuses nothing (first load)
        self.last_decision = None  # decision_key() at the last redraw: a change means "focus the next decision"
        self.bot_timer = None  # the pending window.setTimeout of a computer seat's decision
        self.held_slot = None  # the slot whose lock this tab holds (web/page/store.py)
        self.on_redraw = lambda: None  # called at the end of every redraw (main.py: schedule_bot)
        self.banner_timer = None  # the pending window.setTimeout of the banner on screen (page_banners.py)
        self.last_view = None  # the screen the last redraw showed ("help" for the Help card)
        self.hinted = None  # the action id of the Hint on screen (a new one is scrolled into view)
        self.review_scroll = 0  # where the game review was scrolled to when History opened from it
        self.card_refit = False  # the hand-off card is being drawn again for its box (fit_card)


S = Session()
P = PageState()
SEATS = Scheduler()  # the computer seats' clock (web/model/computer_seats.py); main.py sets SEATS.ready
body = document.body
app = document.getElementById("app")
# {region name: drawing} of the regions #app shows now (panels.screen's ``keep``): the page holds
# exactly what the last redraw sent, as nothing else writes inside #app's regions.
shown_regions = {}
HANDOFF = HandoffPrep()  # the table behind the hand-off card, drawn while the device changes hands


def count_redraw():
    """Count a redraw (also an in-place one): body[data-state]."""
    P.redraws += 1
    body.dataset.state = str(P.redraws)  # tests and bench/tap_latency.py wait on this counter


def board_box():
    """(width, height) CSS px of the main board's box (.board-scroll) on screen, else what it will
    be (the layout's arithmetic, style.css: bar 104 px, side column 420 px from 1000 px wide in
    landscape). On a phone (< 700 px wide, S.narrow) the room under the bar and above the tray,
    whatever the part of the board shown there (kit.regions.focus_regions) makes of the box."""
    w, h = int(window.innerWidth), int(window.innerHeight)
    S.narrow = w < 700
    sc = document.querySelector(".board-scroll")
    bar = document.querySelector(".toolbar")
    top = (bar.offsetHeight if not is_none(bar) else 56) + 104 + 6
    if S.narrow:
        layout = document.querySelector(".layout.table")
        dec = document.querySelector(".layout > .bar")
        if is_none(sc) or is_none(layout) or is_none(dec) or not sc.clientWidth:
            return (w - 8, h - top)
        tray = document.querySelector(".layout > .tray")
        under = int(tray.offsetHeight) + 6 if not is_none(tray) and tray.offsetHeight else 0
        strip = document.querySelector(".layout > .strip-top")  # the score strip under the bar
        under += int(strip.offsetHeight) if not is_none(strip) else 0
        return (int(sc.clientWidth), max(120, int(layout.clientHeight) - int(dec.offsetHeight) - 6 - under))
    if not is_none(sc) and sc.clientWidth and S.zoom == 1:
        return (int(sc.clientWidth), int(sc.clientHeight))
    if w >= 1000 and w > h:
        return (w - 420 - 8, h - top)
    return (w - 8, h - top)


def fit_card():
    """The hand-off card's board (web/screens/handoff_card.py) is drawn for its box, which
    style.css sets whatever it holds: True when the box on screen is not the one it was drawn for
    (the first card, a resize), now ``S.card_box``, so the card is to be drawn again. A card drawn
    again for its box is not measured into a third drawing (P.card_refit)."""
    el = document.querySelector(".card-board")
    if is_none(el) or P.card_refit:
        return False
    r = el.getBoundingClientRect()  # rounded down: the drawing is never shown smaller than drawn for
    box = (int(r.width), int(r.height))
    if box == tuple(S.card_box or ()):
        return False
    S.card_box = box
    return True


def refit_card():
    body.removeAttribute("data-refit")
    if S.screen == "handoff":
        P.card_refit = True
        try:
            redraw()
        finally:
            P.card_refit = False


def fit_scale(box):
    mod = S.renderer(S.game.GAME_NAME) if S.game is not None else None
    return board_scale(box, mod.board_viewbox) if mod is not None else None


def refit():
    """Draw the board again when its box changed enough to need another drawing (a resize, a
    rotation, the first screen of a game, a decision running over the board): its text is drawn
    for the scale it is shown at, never below the 12 px floor. A fitted board's box that only grew
    needs none: the drawing fills its box (style.css .board.fit) with its text above the floor, and
    the next redraw draws for the new box; so a question that runs over the board's targets
    (bar_overflow: a tall decision, a long preview) costs one redraw more, not two (the board
    drawn for the smaller box, then for the whole box again)."""
    box = board_box()
    body.removeAttribute("data-refit")
    if fit_card():  # the hand-off card's board in its new box
        S.board_box = box
        refit_card()
        body.dataset.fitted = f"{int(window.innerWidth)}x{int(window.innerHeight)}"
        return
    new = fit_scale(box)
    if S.narrow:  # the part shown depends on the whole box (kit.regions.focus_regions): drawn for it
        changed, S.board_box = box != S.board_box, box
        if changed:
            redraw()
        body.dataset.fitted = f"{int(window.innerWidth)}x{int(window.innerHeight)}"
        return
    S.board_box = box
    # None = 1 or more (board_scale): a box grown to that is grown too
    grew = P.drawn_scale is not None and (new is None or new > P.drawn_scale)
    if new != P.drawn_scale and not grew:
        redraw()
    # the viewport this refit has answered (tests wait on it after a resize or a rotation)
    body.dataset.fitted = f"{int(window.innerWidth)}x{int(window.innerHeight)}"


def redraw(keep_view=True):
    """Rewrite #app. The board's scroll position survives the rewrite (same point at the centre,
    also across a zoom) unless ``keep_view`` is False (a new or loaded game starts at the top)."""
    if S.board_box is None:
        S.board_box = board_box()
    P.drawn_scale = fit_scale(S.board_box)  # what this drawing's text is drawn for (refit)
    sc = document.querySelector(".board-scroll")
    centre = None
    if keep_view and not is_none(sc) and sc.scrollWidth:
        centre = (
            (sc.scrollLeft + sc.clientWidth / 2) / sc.scrollWidth,
            (sc.scrollTop + sc.clientHeight / 2) / max(1, sc.scrollHeight),
        )
    if P.last_view == "review":  # History from the review: back there at the same place
        screen = document.querySelector("main.screen")
        P.review_scroll = 0 if is_none(screen) else screen.scrollTop
    had_focus = focus_key(document.activeElement)
    morph = getattr(window, "euroMorph", None)  # web/morph.js (pages without it rebuild)
    patch = (
        morph is not None and morphable(S.screen) and morphable(body.getAttribute("data-screen")) and not S.help_open
    )
    patch = patch or (morph is not None and preboot.adopting(S))  # preboot: the form shown before the runtime stays
    page = None if patch else HANDOFF.take(S, P.redraws)
    page = page or panels.draw(S, keep=shown_regions if patch else None)
    html = page.html
    if not patch:
        app.innerHTML = html
    elif not morph(app, html):  # only the parts that differ are replaced; the regions the page
        page = panels.draw(S)  # shows are kept (a placeholder it lacked: rebuild)
        app.innerHTML = html = page.html
    shown_regions.clear()
    shown_regions.update(page.sent)
    view = "help" if S.help_open else S.screen
    if view != P.last_view:  # another screen starts at its top (not at the long Help's scroll position)
        screen = document.querySelector("main.screen")  # the scroller (a patch keeps its scrollTop)
        if not is_none(screen):
            screen.scrollTop = P.review_scroll if view == "review" and P.last_view == "history" else 0
        P.last_view = view
    place_pick()  # a pick floats before the bar is measured: in the bar's flow it is no overflow
    size_tray()
    sc = document.querySelector(".board-scroll")
    if centre is not None and not is_none(sc):
        sc.scrollLeft = centre[0] * sc.scrollWidth - sc.clientWidth / 2
        sc.scrollTop = centre[1] * sc.scrollHeight - sc.clientHeight / 2
    if fit_card():  # the hand-off card's board, drawn for a box it is not in
        body.dataset.refit = "1"
        window.setTimeout(refit_card_proxy, 0)
    if not is_none(sc):
        reveal_targets(sc)
        now = board_box() if S.narrow else (sc.clientWidth, sc.clientHeight)
        if S.zoom == 1 and tuple(now) != tuple(S.board_box or (0, 0)):
            body.dataset.refit = "1"  # tests wait for it to go: a drawing for the real size follows
            window.setTimeout(refit_proxy, 0)
    hinted = S.hints.current.id if S.game is not None and S.hints.current is not None else None
    if hinted is not None and hinted != P.hinted:
        reveal_hint()
    P.hinted = hinted
    place_pick()
    if decision_key() != P.last_decision:
        reveal_side_choices()
        if decision_key()[:2] != (P.last_decision or (None, None))[:2]:  # a move, not a selection
            reveal_board()
    place_focus(had_focus, decision_key() != P.last_decision)
    announce()
    bar = document.querySelector(".think-bar span")
    if not is_none(bar):  # the bar of a searching level goes on from where it was before the redraw
        bar.style.animationDelay = f"-{SEATS.thinking_ms(S, window.performance.now())}ms"
    count_redraw()
    if S.hints.thinking:  # tests wait on these: the worker is computing a Hint / one is shown
        body.dataset.hint = "thinking"
    elif S.game is not None and S.hints.current is not None:
        body.dataset.hint = "shown"
    else:
        body.removeAttribute("data-hint")
    if S.game is not None and S.game.is_over and not S.choosing:
        body.dataset.gameOver = "1"
    else:
        body.removeAttribute("data-game-over")
    # For web/device.js (wake lock while a game is in progress) and web/update.js (can the new
    # build continue this game's rules version?).
    body.dataset.screen = S.screen
    body.dataset.wakelock = "1" if S.prefs.wakelock else "0"
    if S.game is not None:
        body.dataset.engine = versions.version_of(S.game)
    if S.screen == "handoff":  # after the card is painted: draw the next seat's table meanwhile
        window.requestAnimationFrame(_prepare_handoff)
    P.on_redraw()  # main.py: the computer seats' clock (web/page_bots.schedule_bot)


def _after_paint(_ts=None):
    HANDOFF.prepare(S, P.redraws, panels.draw)


_prepare_handoff = create_proxy(lambda _ts=None: window.setTimeout(_after_paint_proxy, 0))
_after_paint_proxy = create_proxy(_after_paint)


def morphable(screen):
    """The game screens hold no typed input (the new-game form and the help's settings do), so a
    redraw there may keep the unchanged parts of the page (web/morph.js) instead of rebuilding
    ~150 KB of markup: History steps and moves redraw in about half the time."""
    return screen in ("play", "over", "bot", "history", "review", "remote")  # from one to another too (opening History)


# ----- keyboard and screen readers (the rules live in web/screens/keys.py and web/model/a11y.py) -------------
def decision_key():
    """What the player is asked: a change (a move, a selection, a pick, another screen) moves focus."""
    g = S.game
    return (S.screen, None if g is None else (g.seed, len(g.actions)), S.flow.selection, S.pick)


def focus_key(el):
    """How to find the focused control again after #app is rewritten: its data-action or form name."""
    if is_none(el) or el == body or not el.getAttribute:
        return None
    for attr in ("data-action", "name", "id"):
        v = el.getAttribute(attr)
        if not is_none(v) and v:
            return attr, str(v)
    return None


def focus(el):
    el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    if P.keyboard:
        el.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries))


def place_focus(had, moved):
    """After a redraw: a new decision -> the pending Confirm / End turn, else the hand-off button,
    else its first choice; otherwise the control that had focus (found again by its key)."""
    P.last_decision = decision_key()
    if not P.interacted:
        return  # first load: no focus (and no focus ring) until the player uses the page
    # the hand-off button before the card's board: "I am X" stays the first step (keys.HANDOFF)
    decision = (keys.CONFIRM, keys.HANDOFF) + keys.NEXT_DECISION
    order = decision if moved else ()
    if had is not None:
        attr, value = had
        order += (f'[{attr}="{window.CSS.escape(value)}"]',)
    order += decision + (keys.ANY,)  # the control is gone (Help closed...): the decision, else the panel
    for selector in order:
        found = rendered(selector)
        if found:
            focus(found[0])
            return


def announce():
    """The live region (#announce, outside #app so it survives the rewrite) reads what just
    happened and what is asked now; only when that changed (a zoom says nothing)."""
    text = S.announcement()
    if text != P.announced:
        P.announced = text
        document.getElementById("announce").textContent = text


def size_tray():
    """The tray (table_panels.tray: the off-board choices as buttons under the board, portrait and
    narrow screens) takes its height from the board's box: --tray-h on #app (style.css), set
    before the board box is compared with the drawing's (the refit below draws for the new box).
    On a phone the bar's own height too (--bar-live)."""
    tray = document.querySelector(".layout > .tray")
    h = f"{int(tray.offsetHeight) + 6}px" if not is_none(tray) and tray.offsetHeight else "0px"
    if app.style.getPropertyValue("--tray-h") != h:
        app.style.setProperty("--tray-h", h)
    # phones: the bar is as high as its words (style.css); the board's box gives that height up
    bar = document.querySelector(".layout > .bar")
    live = f"{int(bar.offsetHeight)}px" if not is_none(bar) and window.innerWidth < 700 else ""
    if app.style.getPropertyValue("--bar-live") != live:
        app.style.setProperty("--bar-live", live)
    over = bar_overflow(bar)
    if app.style.getPropertyValue("--bar-over") != over:
        app.style.setProperty("--bar-over", over)


def bar_overflow(bar):
    """From 700 px wide the decision's words lie in an overlay of the bar's height that grows over
    the board when a decision needs more rows (style.css). When a legal board target would lie
    under that overflow, the board's box gives it up for this decision (--bar-over): a choice is
    never hidden under the bar. Measured against where the targets would be without the shift, so
    the shift itself never undoes it."""
    dec = document.querySelector(".layout > .bar > .decision")
    if is_none(bar) or is_none(dec) or window.innerWidth < 700:
        return ""
    cut = dec.getBoundingClientRect().bottom
    extra = int(cut - bar.getBoundingClientRect().bottom)
    if extra <= 0:
        return ""
    shift = int(float(str(app.style.getPropertyValue("--bar-over") or "0px").replace("px", "") or 0))
    targets = document.querySelectorAll(".board-scroll .legal[data-action]")
    for i in range(targets.length):
        r = targets.item(i).getBoundingClientRect()
        if r.height and r.top - shift < cut + 2:
            return f"{extra + 4}px"
    return ""


def place_pick():
    """The second step of a two-step board choice (table_panels.pick_panel, e.g. two
    citizens of different classes on one intersection) opens on the spot, not in the bar: next to
    the picked place, below it when the place lies in the screen's upper half, above it otherwise,
    never over it, never over the bar (its Confirm / End turn) and inside the screen. The bar keeps
    its height; the board stays put."""
    pick = document.querySelector(".pick")
    if is_none(pick):
        return
    spot = document.querySelector(
        '.board-scroll [data-action^="ui:pick:"].selected, .layout > .tray [data-action^="ui:pick:"].selected, '
        ".board-scroll .picked"  # a place picked on the hand-off card (its actions are targets too)
    )
    if not is_none(spot) and off_box(spot, document.querySelector(".board-scroll")):
        spot = None  # on a part of a phone's board not shown: the choice stays in the bar
    if is_none(spot):
        pick.classList.remove("float")
        return
    pick.classList.add("float")
    r = spot.getBoundingClientRect()
    w, h = pick.offsetWidth, pick.offsetHeight
    vw, vh = window.innerWidth, window.innerHeight
    # the bar's box, or its words where they run over it (a selected move's summary and Confirm)
    high = 8
    parts = document.querySelectorAll(".layout > .bar, .layout > .bar > *")
    for i in range(parts.length):
        high = max(high, int(parts.item(i).getBoundingClientRect().bottom) + 4)
    left = min(max(8, (r.left + r.right - w) / 2), max(8, vw - w - 8))
    below, above = r.bottom + 8, r.top - h - 8
    fits_below, fits_above = below + h <= vh - 8, above >= high
    if fits_below and (not fits_above or (r.top + r.bottom) / 2 < vh / 2):
        top = below
    elif fits_above:
        top = above
    else:  # no room on either side: as close under the bar as the screen allows
        top = min(below, vh - h - 8)
    top = max(high, top)
    pick.style.left = f"{int(left)}px"
    pick.style.top = f"{int(top)}px"
    pick.dataset.placed = "1"  # tests wait on it


def off_box(el, box):
    """True when element ``el`` lies wholly outside element ``box`` on screen."""
    if is_none(box):
        return False
    r, b = el.getBoundingClientRect(), box.getBoundingClientRect()
    return r.right < b.left or r.left > b.right or r.bottom < b.top or r.top > b.bottom


def _pick_follows_scroll(_ev=None):
    if not is_none(document.querySelector(".pick.float")):
        place_pick()


document.addEventListener(
    "scroll",
    create_proxy(_pick_follows_scroll),
    to_js({"capture": True, "passive": True}, dict_converter=window.Object.fromEntries),
)


def run(fn):
    """Run a handler, turning bad input into a message; unexpected errors go to the console too."""
    S.message = ""
    S.just_played = []  # only the move made by this handler animates
    game = S.game
    try:
        fn()
    except EngineError as e:  # a message (translated when shown: a language switch re-words it)
        S.message = e.message
    except (SetupError, ValueError) as e:
        S.message = short(str(e))  # each message quotes input only as an excerpt; this caps the rest
    except Exception as e:  # a bug: show it and let the e2e console guard catch it
        S.message = short(t("app.err.internal", error=e))
        window.console.error(traceback.format_exc())
    redraw(keep_view=S.game is game or (game is not None and S.game is not None and S.game.seed == game.seed))


# Zoom and the scores/log drawer change one style or one class: they are done in place, without
# re-rendering the screen, so such a tap answers at once even while the page is busy (a computer
# seat's turn, a slow device). Anything else on screen to change (a message to clear) -> full redraw.
LIGHT = {"ui:zoom-in": 1, "ui:zoom-out": -1, "ui:zoom-fit": 0, "ui:panel": "panel"}


def light_tap(action):
    """Do ``action`` (a LIGHT one) in place; False when a full redraw is needed instead."""
    layout = document.querySelector(".layout.table")
    boards = document.querySelectorAll(".board[data-size]")
    if S.message or S.game is None or is_none(layout) or not boards.length:
        return False
    step = LIGHT[action]
    if step == "panel":
        S.toggle_panel()
        layout.classList.toggle("panel-open", bool(S.panel_open))
    else:
        sc = document.querySelector(".board-scroll")
        centre = None
        if not is_none(sc) and sc.scrollWidth:  # the same point stays at the centre (as redraw)
            centre = (
                (sc.scrollLeft + sc.clientWidth / 2) / sc.scrollWidth,
                (sc.scrollTop + sc.clientHeight / 2) / max(1, sc.scrollHeight),
            )
        S.set_zoom(step)
        for i in range(boards.length):
            el = boards.item(i)
            el.setAttribute("style", table_panels.board_size(str(el.dataset.size), S.zoom))
            el.dataset.zoom = f"{S.zoom:g}"
        if centre is not None:
            sc.scrollLeft = centre[0] * sc.scrollWidth - sc.clientWidth / 2
            sc.scrollTop = centre[1] * sc.scrollHeight - sc.clientHeight / 2
    S.just_played = []
    count_redraw()
    return True


def toggle_more(open_=None, bump=True):
    """The toolbar's More menu (narrow screens: web/panels.toolbar, web/style.css): a class on the
    toolbar toggled in place, like the drawer; every redraw draws the toolbar with it closed."""
    bar = document.querySelector("nav.toolbar")
    btn = document.querySelector('[data-action="ui:more"]')
    if is_none(bar) or is_none(btn):
        return
    now = not bar.classList.contains("more-open") if open_ is None else bool(open_)
    bar.classList.toggle("more-open", now)
    btn.setAttribute("aria-expanded", "true" if now else "false")
    if bump:
        count_redraw()


refit_proxy = create_proxy(lambda *_: refit())
refit_card_proxy = create_proxy(lambda *_: refit_card())

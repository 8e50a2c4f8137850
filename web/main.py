"""PyScript glue ONLY: DOM events -> web.session -> innerHTML. All logic lives in
session.py / panels.py (pure Python, unit-tested); keep this file thin."""
import asyncio
import json
import random
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

window.euroStage("engine")
from engine import versions  # noqa: E402
from engine.core.errors import EngineError  # noqa: E402  (after the stage update on purpose)
from engine.core.msg import N_  # noqa: E402
from web import i18n, keys, panels  # noqa: E402
from web.i18n import t, tr  # noqa: E402
from web.regions import board_scale  # noqa: E402
from web.limits import excerpt, parse_json, short  # noqa: E402
from web.session import (PREFS_KEY, SAVE_KEY, STORAGE_FULL, Session, SetupError, bot_budget_from_query,  # noqa: E402
                         bot_delay_from_query, is_embed_query, link_notes, settings_from_form, settings_from_query,
                         valid_slot_id)

S = Session()
S.board_box = None  # (w, h) CSS px of the main board's box: the renderer draws for its scale (refit)
body = document.body
app = document.getElementById("app")
redraws = 0
announced = ""      # the text last written into the live region (#announce)
keyboard = False    # the last input was a key (focus moves then scroll into view; taps keep the view)
interacted = False  # a key or pointer was used: until then place_focus focuses nothing (first load)
bot_timer = None  # the pending window.setTimeout of a computer seat's decision
BOT = window.euroBot  # boot.js: the background worker the computer seats think in (web/worker.js)
asking = None     # S.bot_key() of the decision the worker is thinking about
bot_due = False   # that decision's delay is over: play it as soon as the worker answers
thinking_since = (None, 0)  # (bot key, performance.now() when it started): the budget bar survives redraws
page_ready = False
STORE = window.euroStore  # web/store.js: save slots in IndexedDB (promises)


def board_box():
    """(width, height) CSS px of the main board's box (.board-scroll) on screen, else what it will
    be (the layout's arithmetic, style.css: bar 104 px, side column 420 px from 1000 px wide in
    landscape); None on a phone (< 700 px wide: Fit shows the width, + zooms to the legible scale,
    so the board keeps its usual drawing)."""
    w, h = int(window.innerWidth), int(window.innerHeight)
    if w < 700:
        return None
    sc = document.querySelector(".board-scroll")
    if not is_none(sc) and sc.clientWidth and S.zoom == 1:
        return (int(sc.clientWidth), int(sc.clientHeight))
    bar = document.querySelector(".toolbar")
    top = (bar.offsetHeight if not is_none(bar) else 56) + 104 + 6
    if w >= 1000 and w > h:
        return (w - 420 - 8, h - top)
    return (w - 8, h - top)


def fit_scale(box):
    mod = S.renderer(S.game.GAME_NAME) if S.game is not None else None
    return board_scale(box, mod.board_viewbox) if mod is not None else None


def refit():
    """Draw the board again when its box changed enough to need another drawing (a resize, a
    rotation, the first screen of a game): its text is drawn for the scale it is shown at."""
    box = board_box()
    body.removeAttribute("data-refit")
    if box != S.board_box and fit_scale(box) != fit_scale(S.board_box):
        S.board_box = box
        redraw()
    else:
        S.board_box = box


def redraw(keep_view=True):
    """Rewrite #app. The board's scroll position survives the rewrite (same point at the centre,
    also across a zoom) unless ``keep_view`` is False (a new or loaded game starts at the top)."""
    global redraws, thinking_since
    if S.board_box is None:
        S.board_box = board_box()
    sc = document.querySelector(".board-scroll")
    centre = None
    if keep_view and not is_none(sc) and sc.scrollWidth:
        centre = ((sc.scrollLeft + sc.clientWidth / 2) / sc.scrollWidth,
                  (sc.scrollTop + sc.clientHeight / 2) / max(1, sc.scrollHeight))
    had_focus = focus_key(document.activeElement)
    morph = getattr(window, "euroMorph", None)  # web/morph.js (pages without it rebuild)
    patch = morph is not None and morphable(S.screen) and morphable(body.getAttribute("data-screen")) and not S.help_open
    page = panels.draw(S, keep=shown_regions if patch else None)
    html = page.html
    if not patch:
        app.innerHTML = html
    elif not morph(app, html):  # only the parts that differ are replaced; the regions the page
        page = panels.draw(S)   # shows are kept (a placeholder it lacked: rebuild)
        app.innerHTML = html = page.html
    shown_regions.clear()
    shown_regions.update(page.sent)
    sc = document.querySelector(".board-scroll")
    if centre is not None and not is_none(sc):
        sc.scrollLeft = centre[0] * sc.scrollWidth - sc.clientWidth / 2
        sc.scrollTop = centre[1] * sc.scrollHeight - sc.clientHeight / 2
    if not is_none(sc):
        reveal_targets(sc)
        if S.zoom == 1 and (sc.clientWidth, sc.clientHeight) != tuple(S.board_box or (0, 0)):
            body.dataset.refit = "1"   # tests wait for it to go: a drawing for the real size follows
            window.setTimeout(refit_proxy, 0)
    place_focus(had_focus, decision_key() != last_decision)
    announce()
    bar = document.querySelector(".think-bar span")
    if not is_none(bar):  # the bar of a searching level goes on from where it was before the redraw
        now = window.performance.now()
        if thinking_since[0] != S.bot_key():
            thinking_since = (S.bot_key(), now)
        bar.style.animationDelay = f"-{int(now - thinking_since[1])}ms"
    redraws += 1
    body.dataset.state = str(redraws)  # tests and bench/tap_latency.py wait on this counter
    if S.hint_thinking:  # tests wait on these: the worker is computing a Hint / one is shown
        body.dataset.hint = "thinking"
    elif S.game is not None and S.hint is not None:
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
    body.dataset.wakelock = "1" if S.prefs.get("wakelock", True) else "0"
    if S.game is not None:
        body.dataset.engine = versions.version_of(S.game)
    schedule_bot()


# {region name: drawing} of the regions #app shows now (panels.screen's ``keep``): the page holds
# exactly what the last redraw sent, as nothing else writes inside #app's regions.
shown_regions = {}


def morphable(screen):
    """The game screens hold no typed input (the new-game form and the help's settings do), so a
    redraw there may keep the unchanged parts of the page (web/morph.js) instead of rebuilding
    ~150 KB of markup: History steps and moves redraw in about half the time."""
    return screen in ("play", "over", "bot", "history")  # from one to another too (opening History)


# ----- keyboard and screen readers (the rules live in web/keys.py and web/a11y.py) -------------
last_decision = None  # decision_key() at the last redraw: a change means "focus the next decision"


def decision_key():
    """What the player is asked: a change (a move, a selection, a pick, another screen) moves focus."""
    g = S.game
    return (S.screen, None if g is None else (g.seed, len(g.actions)), S.selection, S.pick)


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
    if keyboard:
        el.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries))


def place_focus(had, moved):
    """After a redraw: a new decision -> the pending Confirm / End turn, else its first choice,
    else the hand-off button; otherwise the control that had focus (found again by its key)."""
    global last_decision
    last_decision = decision_key()
    if not interacted:
        return  # first load: no focus (and no focus ring) until the player uses the page
    decision = (keys.CONFIRM,) + keys.NEXT_DECISION + (keys.HANDOFF,)
    order = decision if moved else ()
    if had is not None:
        attr, value = had
        order += (f'[{attr}="{window.CSS.escape(value)}"]',)
    order += decision + (keys.ANY,)  # the control is gone (Help closed...): the decision, else the panel
    for selector in order:
        el = document.querySelector(selector)
        if not is_none(el):
            focus(el)
            return


def announce():
    """The live region (#announce, outside #app so it survives the rewrite) reads what just
    happened and what is asked now; only when that changed (a zoom says nothing)."""
    global announced
    text = S.announcement()
    if text != announced:
        announced = text
        document.getElementById("announce").textContent = text


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
    targets.item(0).scrollIntoView(to_js({"block": "nearest", "inline": "nearest"},
                                         dict_converter=window.Object.fromEntries))


def schedule_bot():
    """A computer seat to move: the background worker starts thinking at once; the move is
    played once S.bot_delay ms have passed (a person can follow) AND the answer is in, then the
    redraw schedules the next one (chains of computer decisions run on by themselves). The page
    stays free meanwhile: a redraw (zoom, History, the log) neither asks again nor waits."""
    global bot_timer, bot_due
    if bot_timer is not None:  # every redraw restarts the delay; a stale timer must not fire
        window.clearTimeout(bot_timer)
        bot_timer = None
    bot_due = False
    seat = None if S.game is None else S.bot_to_move()
    if S.game is not None and S.meta["bots"]:
        start_worker()
    if seat is None:
        body.removeAttribute("data-bot")
        return
    body.dataset.bot = str(seat)  # tests wait until this is gone before a person's turn
    ask_worker()
    bot_timer = window.setTimeout(bot_proxy, S.bot_delay)


def worker_on():
    """Whether computer seats think in the worker: after the page is ready (it adds nothing to
    the start), never in embed mode (no computer seats there), not after it failed."""
    return page_ready and S.embed is None and not S.worker_down


def start_worker():
    if worker_on():
        BOT.start()  # idempotent; boots Pyodide in the background the first time


def ask_worker():
    global asking
    key = S.bot_key()
    if not worker_on() or key is None or key == asking or S.has_bot_answer():
        return
    request = S.bot_request()
    if request is None:
        return
    asking = key
    asyncio.ensure_future(worker_reply(key, json.dumps(request)))


def hint():
    """The Hint button: computed at the Hard level (session.HINT_LEVEL) in the background worker,
    so the page stays free while it searches; the page's own (default level) hint when the
    worker is not used. The answer redraws; a position that moved on meanwhile ignores it."""
    if not worker_on():
        S.request_hint()
        return
    request = S.hint_request()
    if request is None:
        S.request_hint()
        return
    start_worker()
    asyncio.ensure_future(hint_reply(S._position(), json.dumps(request)))


async def hint_reply(key, text):
    try:
        reply = json.loads(str(await BOT.ask(text)))
    except Exception as e:  # the worker failed to start or died (a JS error)
        reply = {"error": str(e), "down": True}
    if "action" not in reply:
        window.console.warn(f"hint worker: {reply.get('error')}")
        if reply.get("down") or str(BOT.status()) == "failed":
            S.worker_failed(reply.get("error") or str(BOT.failure()))
    run(lambda: S.hint_answer(key, reply.get("action")))


async def worker_reply(key, text):
    global asking, bot_due
    try:
        reply = json.loads(str(await BOT.ask(text)))
    except Exception as e:  # the worker failed to start or died (a JS error)
        reply = {"error": str(e), "down": True}
    if asking == key:
        asking = None
    if "action" in reply:
        S.bot_answer(key, reply["action"])
    else:  # the page decides this one itself (and every later one if the worker is down)
        window.console.warn(f"computer seat worker: {reply.get('error')}")
        S.bot_answer(key, None)
        if reply.get("down") or str(BOT.status()) == "failed":
            S.worker_failed(reply.get("error") or str(BOT.failure()))
    if bot_due and S.bot_key() == key:  # the delay is over already: play now
        bot_due = False
        bot_move()


def bot_move():
    global bot_timer, bot_due
    bot_timer = None
    key = S.bot_key()
    if key is None or not page_ready:  # no longer a computer's turn (new game / history meanwhile),
        return                         # or still starting: the first schedule after ready plays it
    if worker_on() and not S.has_bot_answer() and asking == key:
        bot_due = True  # the worker's answer plays it
        return
    game, done = S.game, S.progress()
    run(lambda: (S.play_bot_move(), save()))
    if S.game is game and S.progress() == done and bot_timer is not None:
        window.clearTimeout(bot_timer)  # it failed (message shown): do not retry in a loop
        bot_timer = None


bot_proxy = create_proxy(bot_move)


def save():
    """Write the game on screen to its slot (a new slot for a new/imported game): one IndexedDB
    transaction with the whole record, so a failed write loses nothing that a later one does not
    bring back. Never in embed mode: the reader's own games stay untouched. Nothing is written
    where storage is blocked, nor to a slot another tab plays (S.elsewhere)."""
    if S.game is None or not S.autosave:
        return None
    if S.store_blocked or S.elsewhere:
        STORE.setAtRisk(S.at_risk())  # leaving the page asks first
        return None
    if S.slot is None:
        S.slot = str(STORE.newId())
        hold_slot(S.slot)  # a new slot: no other tab has it
    summary = S.slot_summary(str(window.Date.new().toISOString()))
    done = STORE.save(S.slot, S.save_text(), json.dumps(summary))  # issued now: later reads see it
    return asyncio.ensure_future(saved(done, summary, S.slot))


async def saved(done, summary, slot):
    problem = str(await done)
    if problem.startswith("ConflictError"):  # another tab plays this slot: ask, write nothing
        if S.open_elsewhere(slot):
            STORE.setAtRisk(S.at_risk())
            redraw()
        return False
    if problem:
        window.console.warn(f"save failed: {problem}")  # a warning, not an error: the page handles it
    # Redraw only when the storage note appears or goes: a redraw per save would race the clicks.
    changed = S.saved(not problem, summary, STORAGE_FULL if problem else "")
    STORE.setAtRisk(S.at_risk())  # leaving the page asks while the game is not stored
    if changed:
        redraw()
    return not problem


# ----- one game, one writer (web/store.js: a Web Lock per slot, a rev checked on every save) ------
held_slot = None  # the slot whose lock this tab holds


def hold_slot(slot):
    """Claim the lock of ``slot`` (the game now on screen), releasing the one held before; when
    another tab holds it, the page asks: take it over, or continue as a copy."""
    global held_slot
    if held_slot is not None and held_slot != slot:
        STORE.release(held_slot)
    held_slot = slot
    return asyncio.ensure_future(claimed(STORE.claim(slot), slot))


async def claimed(done, slot):
    if not bool(await done) and S.open_elsewhere(slot):
        STORE.setAtRisk(S.at_risk())
        redraw()


def slot_lost(slot):
    """web/store.js: another tab took over the slot this tab played."""
    run(lambda: S.open_elsewhere(str(slot)) and STORE.setAtRisk(S.at_risk()))


async def take_over():
    """Play the slot here again: its lock is taken from the other tab, and its newest save
    (moves made there included) replaces the game on screen."""
    slot = S.elsewhere
    if slot is None:
        return
    await STORE.takeOver(slot)
    text = await STORE.load(slot)

    def go():
        S.taken_over()
        if not is_none(text):
            S.load_text(str(text), slot)
        STORE.setCurrent(slot)
        STORE.setAtRisk(S.at_risk())
    run(go)


def play_copy():
    """Go on here with the game on screen as a copy: a new slot, saved at once."""
    global held_slot
    S.play_as_copy()
    held_slot = None  # the other tab holds the old slot's lock
    save()


window.euroSlotLost = create_proxy(slot_lost)


def local_get(key):
    """localStorage reads: None where storage is blocked (the getter itself throws there)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if is_none(value) else str(value)


def local_remove(key):
    try:
        window.localStorage.removeItem(key)
    except Exception:  # blocked: there was nothing to remove
        pass


def new_seed():
    return random.randrange(1, 2**31)


def read_form():
    """The new-game form's fields as name -> string (checkbox -> "1"/"", radio -> the checked one)."""
    form = document.getElementById("new-game")
    fields = {}
    for el in form.elements:
        name = el.name
        if not name or el.type == "button":
            continue
        if el.type in ("checkbox", "radio"):
            if el.checked:
                fields[name] = el.value
            continue
        fields[name] = el.value
    return fields


def export():
    if S.game is not None:
        download(S.save_text(), f"{S.game.GAME_NAME}-{len(S.game.actions)}-moves.json")


def download(text, name):
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(revoke_proxy, 1000, url)


revoke_proxy = create_proxy(lambda url: window.URL.revokeObjectURL(url))  # one proxy, not one per download


def start_from_form(force=False):
    fields = read_form()
    settings = settings_from_form(fields)
    S.set_confirm(fields.get("confirm") == "1")
    save_prefs()
    if S.at_risk() and not force:  # the game on screen is not stored: replacing it would lose it
        S.ask("start", pending=settings)
        return
    S.start(settings, new_seed())
    S.help_open = False
    save()


def save_prefs():
    """Device settings ("Confirm moves"): localStorage euro:settings, also in embed mode (no game data)."""
    try:
        window.localStorage.setItem(PREFS_KEY, S.prefs_text())
    except Exception:  # storage full or blocked: the setting lives in memory for this page
        pass


def confirm_pref():
    """The new-game form's "Confirm moves" box: keep what was typed, store the setting."""
    fields = read_form()
    S.refresh_form(fields)
    S.set_confirm(fields.get("confirm") == "1")
    save_prefs()


def toggle_confirm():
    S.set_confirm(not S.prefs["confirm"])
    save_prefs()


# ----- languages (web/i18n.py; docs/i18n.md) --------------------------------------------------------
def apply_language():
    """What lives outside #app follows the language: <html lang>, the static texts of index.html
    (``data-i18n`` keys: the loading and update notices), and the JS files' words (boot.js
    euroSetLang loads dist/locale/<lang>.json)."""
    document.documentElement.lang = i18n.html_lang()
    nodes = document.querySelectorAll("[data-i18n]")
    for i in range(nodes.length):
        el = nodes.item(i)
        el.textContent = t(str(el.getAttribute("data-i18n")))
    body.dataset.lang = i18n.active()   # tests wait on it
    window.euroSetLang(i18n.active())


def change_language(lang):
    """The picker: speak ``lang`` now, mid-game, without touching the game (its record holds no
    words); remembered in the device settings. What was typed into the new-game form stays."""
    if not is_none(document.getElementById("new-game")):
        S.refresh_form(read_form())
    S.set_language(lang)
    save_prefs()
    apply_language()


def start_language(query):
    """The language at start: ``lang=`` in the link (not stored), else the one picked last, else
    the browser's languages (navigator.languages), else English."""
    from urllib.parse import parse_qsl
    asked = [v for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k == "lang"]
    if asked and i18n.normalize(asked[-1]):
        S.set_language(asked[-1], keep=False)
    elif S.prefs.get("lang"):
        S.set_language(S.prefs["lang"], keep=False)
    else:
        langs = window.navigator.languages
        codes = [str(langs[i]) for i in range(langs.length)] if not is_none(langs) else []
        S.set_language(i18n.first_supported(codes or [str(window.navigator.language or "")]), keep=False)
    apply_language()


def toggle_wakelock():
    S.prefs["wakelock"] = not S.prefs.get("wakelock", True)
    save_prefs()


def play(action):
    """A tap on a game action: select it (preview + Confirm), or play it (second tap, or no
    confirmation needed); save only when a move was made."""
    if S.tap(action):
        save()


def confirm():
    S.confirm()
    save()


def import_text(text, force=False):
    if S.at_risk() and not force:
        S.ask("import", pending=text)
        return
    S.load_text(text)  # a NEW slot: the game it replaces stays saved
    save()


def answer_question(yes):
    answer = S.answer(yes)
    if answer is None:
        return
    what, slot, pending = answer
    if what == "delete":
        S.forget_slot(slot)
        STORE.remove(slot)
    elif what == "start":
        S.start(pending, new_seed())
        save()
    elif what == "import":
        import_text(pending, force=True)
    elif what == "resume":
        asyncio.ensure_future(resume_slot(slot, force=True))


async def resume_slot(slot, force=False):
    if not valid_slot_id(slot):
        return
    if S.at_risk() and not force:  # the game on screen is not stored: opening another would lose it
        run(lambda: S.ask("resume", slot))
        return
    text = await STORE.load(slot)
    if is_none(text):
        run(lambda: (S.forget_slot(slot), setattr(S, "message", N_("app.err.slot_missing"))))
        return
    text = str(text)

    def go():
        try:
            S.load_text(text, slot)
        except ValueError:
            S.forget_slot(slot)
            keep_damaged(slot, text)
            raise
        STORE.setCurrent(slot)
        hold_slot(slot)
    run(go)


def keep_damaged(slot, text, reason=""):
    """A save that cannot be restored is moved aside (IndexedDB "damaged"), never deleted, and
    offered for download from the message."""
    S.damaged = text
    return STORE.keepDamaged(slot or "", text, excerpt(reason, 200))


def copy_position(kind):
    """History's copy buttons: the text goes to the clipboard when the browser allows it; the panel
    shows it either way (web/panels.copy_controls)."""
    text = S.copy_position(kind, str(window.location.href))
    clip = getattr(window.navigator, "clipboard", None)
    if clip is not None and not is_none(clip):
        clip.writeText(text).catch(ignore_proxy)


ignore_proxy = create_proxy(lambda _e: None)  # a refused clipboard write is not an error: the text is on screen


def zoom(step):
    return lambda: S.set_zoom(step)


# Zoom and the scores/log drawer change one style or one class: they are done in place, without
# re-rendering the screen, so such a tap answers at once even while the page is busy (a computer
# seat's turn, a slow device). Anything else on screen to change (a message to clear) -> full redraw.
LIGHT = {"ui:zoom-in": 1, "ui:zoom-out": -1, "ui:zoom-fit": 0, "ui:panel": "panel"}


def light_tap(action):
    """Do ``action`` (a LIGHT one) in place; False when a full redraw is needed instead."""
    global redraws
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
            centre = ((sc.scrollLeft + sc.clientWidth / 2) / sc.scrollWidth,
                      (sc.scrollTop + sc.clientHeight / 2) / max(1, sc.scrollHeight))
        S.set_zoom(step)
        for i in range(boards.length):
            el = boards.item(i)
            el.setAttribute("style", panels.board_size(str(el.dataset.size), S.zoom))
            el.dataset.zoom = f"{S.zoom:g}"
        if centre is not None:
            sc.scrollLeft = centre[0] * sc.scrollWidth - sc.clientWidth / 2
            sc.scrollTop = centre[1] * sc.scrollHeight - sc.clientHeight / 2
    S.just_played = []
    redraws += 1
    body.dataset.state = str(redraws)  # tests and bench/tap_latency.py wait on this counter
    return True


UI = {
    "ui:start": start_from_form,
    "ui:new-game": S.new_game_screen,
    "ui:resume": S.resume,
    "ui:handoff-ok": S.handoff_ok,
    "ui:undo": lambda: (S.undo(), save()),
    "ui:export": export,
    "ui:export-first": export,  # the update notice's button (web/update.js)
    "ui:download-damaged": lambda: S.damaged is not None and download(S.damaged, "damaged-save.json"),
    "ui:confirm-yes": lambda: answer_question(True),
    "ui:confirm-no": lambda: answer_question(False),
    "ui:take-over": lambda: asyncio.ensure_future(take_over()),
    "ui:play-copy": play_copy,
    "ui:zoom-in": zoom(1),
    "ui:zoom-out": zoom(-1),
    "ui:zoom-fit": zoom(0),
    "ui:panel": S.toggle_panel,
    "ui:hint": hint,  # in the worker at the Hard level (see hint())
    "ui:import": lambda: None,  # the file input's change event does the work
    "ui:history": S.open_history,  # read-only: none of these touch the live game or the autosave
    "ui:hist-prev": lambda: S.hist_step(-1),
    "ui:hist-next": lambda: S.hist_step(1),
    "ui:hist-first": lambda: S.hist_step("first"),
    "ui:hist-last": lambda: S.hist_step("last"),
    "ui:hist-close": S.close_history,
    "ui:embed-reset": S.embed_reset,
    "ui:copy-link": lambda: copy_position("link"),   # History: authoring without code
    "ui:copy-embed": lambda: copy_position("embed"),
    "ui:confirm": confirm,           # turn flow: play the selected move
    "ui:cancel": S.cancel,
    "ui:help": S.toggle_help,
    "ui:toggle-confirm": toggle_confirm,
    "ui:toggle-wakelock": toggle_wakelock,
    "ui:confirm-pref": confirm_pref,
    "ui:inspect-close": lambda: S.inspect(""),
    "ui:pick-cancel": S.clear_ui,
    "ui:board-text": S.toggle_board_text,
}


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


def toggle_more(open_=None, bump=True):
    """The toolbar's More menu (narrow screens: web/panels.toolbar, web/style.css): a class on the
    toolbar toggled in place, like the drawer; every redraw draws the toolbar with it closed."""
    global redraws
    bar = document.querySelector("nav.toolbar")
    btn = document.querySelector('[data-action="ui:more"]')
    if is_none(bar) or is_none(btn):
        return
    now = not bar.classList.contains("more-open") if open_ is None else bool(open_)
    bar.classList.toggle("more-open", now)
    btn.setAttribute("aria-expanded", "true" if now else "false")
    if bump:
        redraws += 1
        body.dataset.state = str(redraws)  # tests wait on this counter


def on_click(evt):
    # A click outside the open More menu closes it (quietly: the click's own action redraws).
    if not is_none(document.querySelector("nav.toolbar.more-open")) \
            and is_none(evt.target.closest('.tb-more, [data-action="ui:more"]')):
        toggle_more(False, bump=False)
    activate(evt.target)


def activate(origin):
    """A click or tap on ``origin``, or a board target activated by Enter/Space."""
    el = origin.closest("[data-action]")
    if is_none(el):
        # Not a control: an element a player may ask about opens the inspector (no hover needed).
        info = origin.closest("[data-info]")
        if not is_none(info):
            text = info.getAttribute("data-info")
            run(lambda: S.inspect(text))
        return
    if el.hasAttribute("disabled"):  # board SVG elements have no .disabled
        return
    action = el.getAttribute("data-action")
    if action == "ui:import":
        return  # let the browser open the file picker
    if action.startswith("ui:slot-resume:"):
        asyncio.ensure_future(resume_slot(action[len("ui:slot-resume:"):]))  # redraws when loaded
    elif action.startswith("ui:slot-delete:"):
        run(lambda: S.ask("delete", action[len("ui:slot-delete:"):]))
    elif action.startswith("ui:pick:"):  # first step of a two-step board choice (session UI state)
        run(lambda: S.pick_at(action[len("ui:pick:"):]))
    elif action == "ui:more":
        toggle_more()
    elif action in LIGHT and light_tap(action):
        pass
    elif action.startswith("ui:"):
        run(UI.get(action, lambda: None))
    else:
        run(lambda: play(action))


def on_key(evt):
    """Escape: drop the picked place or the inspector, else the selected move, else close the help.
    Enter/Space on a board target, arrow keys between the current choices, the shortcuts
    (web/keys.py); none of it while typing in a form field."""
    global keyboard, interacted
    keyboard = interacted = True
    key = str(evt.key)
    if key == "Escape":
        if not is_none(document.querySelector("nav.toolbar.more-open")):
            toggle_more(False)
            focus(document.querySelector('[data-action="ui:more"]'))
        elif S.pick is not None or S.inspecting:
            run(S.clear_ui)
        elif S.selection is not None:
            run(S.cancel)
        elif S.help_open:
            run(S.toggle_help)
        return
    el = document.activeElement
    if keys.typing(el.tagName if not is_none(el) else "", not is_none(el) and getattr(el, "isContentEditable", False)):
        return
    if key in ("Enter", " ") and not is_none(el) and el.tagName.lower() != "button" \
            and el.getAttribute("role") == "button" and el.hasAttribute("data-action"):
        evt.preventDefault()  # an SVG target: the same path as a tap (a <button> clicks by itself)
        activate(el)
        return
    if key in keys.ARROWS and not is_none(el) and el.matches(keys.CHOICES):
        # Arrows move between the choices once focus is on one (elsewhere they scroll as usual).
        choices = document.querySelectorAll(keys.CHOICES)
        index = next((i for i in range(choices.length) if choices.item(i) == el), -1)
        to = None
        if key in keys.DIRECTIONS:   # along the screen's grid, else document order
            boxes = []
            for i in range(choices.length):
                r = choices.item(i).getBoundingClientRect()
                boxes.append((r.left, r.top, r.width, r.height))
            to = keys.spatial_target(key, index, boxes)
        if to is None:
            to = keys.arrow_target(key, index, choices.length)
        if to is not None:
            evt.preventDefault()
            focus(choices.item(to))
        return
    selector = keys.shortcut(key, evt.ctrlKey, evt.altKey, evt.metaKey)
    if selector is not None:
        target = document.querySelector(selector)
        if not is_none(target) and not target.hasAttribute("disabled"):
            evt.preventDefault()
            target.click()


def on_pointer(evt):
    global keyboard, interacted
    keyboard, interacted = False, True


def too_large():
    raise SetupError(t("app.err.file_large"))


async def on_change(evt):
    el = evt.target
    action = el.getAttribute("data-action")  # missing dataset keys raise AttributeError in Pyodide
    if action == "ui:import":
        files = el.files
        if files.length:
            file = files.item(0)
            el.value = ""  # the same file can be picked again
            if file.size > 2_000_000 * 4:  # a record is at most 2 MB of text: do not even read it
                run(too_large)
                return
            text = await file.text()
            run(lambda: import_text(str(text)))
    elif el.getAttribute("data-lang") == "1":  # the language picker (toolbar, form, help)
        run(lambda: change_language(str(el.value)))
    elif el.getAttribute("data-refresh") == "1":  # game or player count changed: redraw the form
        run(lambda: S.refresh_form(read_form()))


async def boot():
    """Embed link, else URL start, then the saved game, else the new-game screen. Never crashes:
    a saved text that cannot be restored is kept aside (download) and the app starts anyway."""
    query = str(window.location.search)
    delay = None
    if not S.load_prefs(local_get(PREFS_KEY)):  # unreadable: dropped (said once the game is shown)
        local_remove(PREFS_KEY)
    start_language(query)
    if "confirm=0" in query or "confirm=1" in query:  # a test/demo knob like botdelay, not stored
        S.prefs["confirm"] = "confirm=1" in query
    try:
        delay = bot_delay_from_query(query)
        if delay is not None:
            S.bot_delay = delay
        budget = bot_budget_from_query(query)
        if budget is not None:
            S.bot_budget = budget
    except SetupError:
        budget = None  # settings_from_query reports it
    if is_embed_query(query):  # tutorial pages: never reads (or later writes) the saved games
        body.dataset.embed = "1"
        run(lambda: S.open_embed(query))
        return
    if str(STORE.status()) == "blocked":  # no site data here: play on, say that nothing is kept
        S.set_blocked()
    STORE.persist()  # ask once that the browser keep the saved games under storage pressure
    try:
        S.set_slots(parse_json(str(await STORE.list()), N_("app.what.slots")))
    except ValueError as e:
        window.console.warn(f"saved games list unreadable: {e}")
    try:
        settings, seed = settings_from_query(query)
    except SetupError as e:
        settings, seed = None, None
        S.message = short(t("app.err.url_ignored", error=e))
    legacy = local_get(SAVE_KEY)  # the save of the app before IndexedDB
    if legacy is not None:
        await restore(legacy, None, legacy=True)  # migrated into a slot of its own
    note = link_notes(query)  # a link value changed or ignored (a name cut, lang=xx): one short line
    if settings is not None:
        run(lambda: (S.start(settings, new_seed() if seed is None else seed), save()))
        if note and not S.message:
            S.message = note
            redraw()
        if S.game is not None:  # drop the query so a reload restores the game instead of restarting
            knobs = [f"{k}={v}" for k, v in (("botdelay", delay), ("botbudget", budget)) if v is not None]
            if "lang=" in query:
                knobs.append(f"lang={i18n.active()}")  # a link's language outlives the reload too
            keep = "?" + "&".join(knobs) if knobs else ""  # (the computer knobs outlive a reload)
            window.history.replaceState(None, "", str(window.location.pathname) + keep)
        note_settings_dropped()
        return
    if S.game is None and legacy is None:
        slot = await STORE.current()
        if not is_none(slot) and valid_slot_id(str(slot)):
            text = await STORE.load(str(slot))
            if not is_none(text):
                await restore(str(text), str(slot))
    if note and not S.message:
        S.message = note
    note_settings_dropped()
    redraw()


def note_settings_dropped():
    """Unreadable stored settings were dropped at start: said once, unless a message is shown."""
    if S.prefs_note and not S.message:
        S.message = N_("app.note.settings_dropped")


async def restore(text, slot, legacy=False):
    msg = S.message
    try:
        S.load_text(text, slot)
        S.choosing = bool(msg)  # after a bad URL: the new-game screen, with "Back to the game"
        if legacy:  # one-time migration: the localStorage save goes once it is in a slot
            if await save():
                local_remove(SAVE_KEY)
        elif slot:
            await hold_slot(slot)  # another tab plays it: the page asks
        return
    except Exception as e:  # never crash on start-up; a non-ValueError is a bug: log it too
        if not isinstance(e, ValueError):
            window.console.error(traceback.format_exc())
        why = tr(e.message) if isinstance(e, EngineError) else str(e)
        msg = (tr(msg) + " " if msg else "") + t("app.err.restore", error=why)
        if slot:
            S.forget_slot(slot)
    finally:
        S.message = short(msg)
    # Kept aside, never deleted: the player can download it (for a bug report, or to mend it).
    if not str(await keep_damaged(slot, text, msg)) and legacy:
        local_remove(SAVE_KEY)


def zoom_to(z):
    """boot.js calls this at the end of a pinch with the zoom the gesture reached."""
    run(lambda: S.set_zoom_to(float(z)))


window.euroZoomTo = create_proxy(zoom_to)
refit_proxy = create_proxy(lambda *_: refit())
window.addEventListener("resize", refit_proxy)
document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_key))
document.addEventListener("pointerdown", create_proxy(on_pointer))
await boot()
window.euroStage("ready")
body.dataset.ready = "1"
page_ready = True
schedule_bot()  # computer seats begin now: the worker starts after the page is ready

"""PyScript glue ONLY: DOM events -> the session's parts -> innerHTML. All logic lives in pure
Python (web/model/session.py and its parts, web/screens/panels.py; unit-tested). The glue is split by job:
web/page/core.py (state, redraw, run, focus), web/page/store.py (save slots, localStorage, export),
web/page/bots.py (timer and worker of the computer seats and the Hint); this file wires the
events (clicks, keys, the form, the language) and starts the page."""

import asyncio
import random
import sys
from urllib.parse import parse_qsl

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

# Started from the build's memory snapshot (web/pyodide-snap.mjs): the session is imported already.
document.body.dataset.runtime = "snapshot" if "web.model.session" in sys.modules else "plain"
window.euroStage("engine")
from engine.core.msg import N_  # noqa: E402  (after the stage update on purpose)
from web import i18n  # noqa: E402
from web.screens import keys, preboot  # noqa: E402
from web.i18n import t  # noqa: E402
from web.model.limits import parse_json, short  # noqa: E402
from web.page.core import (  # noqa: E402
    LIGHT,
    P,
    S,
    SEATS,
    body,
    focus,
    light_tap,
    redraw,
    refit_proxy,
    rendered,
    run,
    toggle_more,
)
from web.page.banners import schedule_banner  # noqa: E402
from web.page.bots import hint, schedule_bot  # noqa: E402
from web.page import review as page_review  # noqa: E402
from web.page import remote as remote_page  # noqa: E402
from web.page.store import (  # noqa: E402
    STORE,
    download,
    export,
    import_text,
    local_get,
    local_remove,
    play_copy,
    restore,
    resume_slot,
    save,
    save_prefs,
    take_over,
)
from web.model.games import SetupError  # noqa: E402
from web.model.history import is_embed_query  # noqa: E402
from web.model.links import bot_budget_from_query, bot_delay_from_query, link_notes, settings_from_query  # noqa: E402
from web.model.prefs import PREFS_KEY  # noqa: E402
from web.model.settings import settings_from_form  # noqa: E402
from web.model.slots import SAVE_KEY, valid_slot_id  # noqa: E402


def after_redraw():
    schedule_bot()  # every redraw (re)plans the computer seats (web/computer_seats.Scheduler)
    schedule_banner()  # and restarts the timer of the banner on screen (web/page/banners.py)
    remote_page.after_redraw()  # hands on phones: the offers to make, the states to send


P.on_redraw = after_redraw


def new_seed():
    return random.randrange(1, 2**31)


# The runtime may start from the build's memory snapshot, whose ``random`` is seeded 0 (scripts/
# snapshot.py): every page would deal the same new games. Fresh entropy for this page.
random.seed()


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


def start_from_form(force=False):
    fields = read_form()
    settings = settings_from_form(fields)
    S.flow.set_confirm(fields.get("confirm") == "1")
    save_prefs()
    if S.saves.at_risk() and not force:  # the game on screen is not stored: replacing it would lose it
        S.saves.ask("start", pending=settings)
        return
    S.start(settings, new_seed())
    S.help_open = False
    save()


def confirm_pref():
    """The new-game form's "Confirm moves" box: keep what was typed, store the setting."""
    fields = read_form()
    S.refresh_form(fields)
    S.flow.set_confirm(fields.get("confirm") == "1")
    save_prefs()


def toggle_confirm():
    S.flow.set_confirm(not S.prefs.confirm)
    save_prefs()


# ----- languages (web/i18n/__init__.py; docs/i18n.md) --------------------------------------------------------
def apply_language():
    """What lives outside #app follows the language: <html lang>, the static texts of index.html
    (``data-i18n`` keys: the loading and update notices), and the JS files' words (boot.js
    euroSetLang loads dist/locale/<lang>.json)."""
    document.documentElement.lang = i18n.html_lang()
    nodes = document.querySelectorAll("[data-i18n]")
    for i in range(nodes.length):
        el = nodes.item(i)
        el.textContent = t(str(el.getAttribute("data-i18n")))
    body.dataset.lang = i18n.active()  # tests wait on it
    window.euroSetLang(i18n.active())


def speak(lang, keep=True):
    """``S.set_language``, once that language's catalogs are here: a first visit downloads only the
    page's language (docs/build.md "First visit": scripts/app_parts_loader.py fetches another now)."""
    parts = sys.modules.get("euro_parts")
    code = i18n.normalize(lang) if isinstance(lang, str) else None
    if parts is not None and code:
        parts.ensure_path(f"locale/{code}/")
    S.set_language(lang, keep=keep)


def change_language(lang):
    """The picker: speak ``lang`` now, mid-game, without touching the game (its record holds no
    words); remembered in the device settings. What was typed into the new-game form stays."""
    if not is_none(document.getElementById("new-game")):
        S.refresh_form(read_form())
    speak(lang)
    save_prefs()
    apply_language()


def start_language(query):
    """The language at start: ``lang=`` in the link (not stored), else the one picked last, else
    the browser's languages (navigator.languages), else English."""
    asked = [v for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k == "lang"]
    if asked and i18n.normalize(asked[-1]):
        speak(asked[-1], keep=False)
    elif S.prefs.lang:
        speak(S.prefs.lang, keep=False)
    else:
        langs = window.navigator.languages
        codes = [str(langs[i]) for i in range(langs.length)] if not is_none(langs) else []
        speak(i18n.first_supported(codes or [str(window.navigator.language or "")]), keep=False)
    apply_language()


def toggle_wakelock():
    S.prefs.wakelock = not S.prefs.wakelock
    save_prefs()


def play(action):
    """A tap on a game action: select it (preview + Confirm) or play it, saved when played; a phone's
    goes to the table (docs/pairing.md); the hand-off card's (ui:handoff-play:ID, ui:pick:KEY) also takes the device."""
    if S.phone.active:
        remote_page.tap(action)
        return
    card = action.startswith(("ui:handoff-play:", "ui:pick:"))  # ui:pick: here is a place on the card's board
    if S.handoff_play(action.removeprefix("ui:handoff-play:")) if card else S.flow.tap(action):
        save()


def confirm():
    S.flow.confirm()
    save()


def answer_question(yes):
    answer = S.saves.answer(yes)
    if answer is None:
        return
    what, slot, pending = answer
    if what == "delete":
        S.saves.forget(slot)
        STORE.remove(slot)
    elif what == "start":
        S.start(pending, new_seed())
        save()
    elif what == "import":
        import_text(pending, force=True)
    elif what == "resume":
        asyncio.ensure_future(resume_slot(slot, force=True))


def copy_position(kind):
    """History's copy buttons: to the clipboard where allowed, shown by the panel either way."""
    text = S.browse.copy(kind, str(window.location.href))
    clip = getattr(window.navigator, "clipboard", None)
    if clip is not None and not is_none(clip):
        clip.writeText(text).catch(ignore_proxy)


ignore_proxy = create_proxy(lambda _e: None)  # a refused clipboard write is not an error: the text is on screen


def zoom(step):
    return lambda: S.set_zoom(step)


UI = {
    "ui:start": start_from_form,
    "ui:new-game": S.new_game_screen,
    "ui:resume": S.resume,
    "ui:handoff-ok": S.handoff_ok,
    "ui:undo": lambda: (S.undo(), save()),
    "ui:export": export,
    "ui:export-first": export,  # the update notice's button (web/update.js)
    "ui:download-damaged": lambda: S.saves.damaged is not None and download(S.saves.damaged, "damaged-save.json"),
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
    "ui:history": S.browse.open,  # read-only: none of these touch the live game or the autosave
    "ui:hist-prev": lambda: S.browse.step(-1),
    "ui:hist-next": lambda: S.browse.step(1),
    "ui:hist-first": lambda: S.browse.step("first"),
    "ui:hist-last": lambda: S.browse.step("last"),
    "ui:hist-turn-prev": lambda: S.browse.step(("turn", -1)),
    "ui:hist-turn-next": lambda: S.browse.step(("turn", 1)),
    "ui:hist-round-prev": lambda: S.browse.step(("round", -1)),
    "ui:hist-round-next": lambda: S.browse.step(("round", 1)),
    "ui:hist-close": S.browse.close,
    "ui:banner-next": S.banners.next,
    "ui:banner-skip": S.banners.skip,
    "ui:embed-reset": S.embed_reset,
    "ui:copy-link": lambda: copy_position("link"),  # History: authoring without code
    "ui:copy-embed": lambda: copy_position("embed"),
    "ui:confirm": confirm,  # turn flow: play the selected move
    "ui:cancel": S.flow.cancel,
    "ui:help": S.toggle_help,
    "ui:toggle-confirm": toggle_confirm,
    "ui:toggle-wakelock": toggle_wakelock,
    "ui:confirm-pref": confirm_pref,
    "ui:inspect-close": lambda: S.inspect(""),
    "ui:pick-cancel": S.clear_ui,
    "ui:board-text": S.toggle_board_text,
    "ui:review": page_review.open_review,  # the game review (a finished game only)
    "ui:review-close": S.review.close,
    "ui:review-cancel": page_review.cancel,
    "ui:review-resume": page_review.resume,
    "ui:review-table": S.review.toggle_table,
    "ui:whole-board": S.toggle_whole_board,
    "ui:board-part": S.next_board_part,
}


def on_click(evt):
    # A click outside the open More menu closes it (quietly: the click's own action redraws).
    if not is_none(document.querySelector("nav.toolbar.more-open")) and is_none(
        evt.target.closest('.tb-more, [data-action="ui:more"]')
    ):
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
        asyncio.ensure_future(resume_slot(action[len("ui:slot-resume:") :]))  # redraws when loaded
    elif action.startswith("ui:slot-delete:"):
        run(lambda: S.saves.ask("delete", action[len("ui:slot-delete:") :]))
    elif action.startswith("ui:slot-review:"):
        page_review.review_slot(action[len("ui:slot-review:") :])  # redraws when loaded
    elif action.startswith("ui:review-turn:"):  # the chart: a turn selected (its readout opens the board)
        run(lambda: S.review.select_turn(int(action[len("ui:review-turn:") :])))
    elif action.startswith("ui:review-at:"):  # History at that step
        run(lambda: S.browse.open_review(int(action[len("ui:review-at:") :])))
    elif action.startswith("ui:review-tp:"):
        run(lambda: page_review.open_turning_point(int(action[len("ui:review-tp:") :])))
    elif action.startswith("ui:pick:"):  # first step of a two-step board choice; the hand-off card's may play
        run(lambda: play(action) if S.screen == "handoff" else S.pick_at(action[len("ui:pick:") :]))
    elif action == "ui:more":
        toggle_more()
    elif action in LIGHT and light_tap(action):
        pass
    elif action.startswith(("ui:phone", "ui:join")):  # hands on phones (web/page/remote.py)
        run(lambda: remote_page.ui(action))
    elif action.startswith("ui:") and not action.startswith("ui:handoff-play:"):  # that one plays
        run(UI.get(action, lambda: None))
    else:
        run(lambda: play(action))


def on_key(evt):
    """Escape: drop the picked place or the inspector, else the selected move, else close the help.
    Enter/Space on a board target, arrow keys between the current choices, the shortcuts
    (web/screens/keys.py); none of it while typing in a form field."""
    P.keyboard = P.interacted = True
    key = str(evt.key)
    if key == "Escape":
        if not is_none(document.querySelector("nav.toolbar.more-open")):
            toggle_more(False)
            focus(document.querySelector('[data-action="ui:more"]'))
        elif S.pick is not None or S.inspecting:
            run(S.clear_ui)
        elif S.flow.selection is not None:
            run(S.flow.cancel)
        elif S.help_open:
            run(S.toggle_help)
        return
    el = document.activeElement
    if keys.typing(el.tagName if not is_none(el) else "", not is_none(el) and getattr(el, "isContentEditable", False)):
        return
    if (
        key in ("Enter", " ")
        and not is_none(el)
        and el.tagName.lower() != "button"
        and el.getAttribute("role") == "button"
        and el.hasAttribute("data-action")
    ):
        evt.preventDefault()  # an SVG target: the same path as a tap (a <button> clicks by itself)
        activate(el)
        return
    if key in keys.ARROWS and not is_none(el) and el.matches(keys.CHOICES):
        # Arrows move between the choices once focus is on one (elsewhere they scroll as usual).
        choices = rendered(keys.CHOICES)
        index = next((i for i, c in enumerate(choices) if c == el), -1)
        to = None
        if key in keys.DIRECTIONS:  # along the screen's grid, else document order
            boxes = []
            for c in choices:
                r = c.getBoundingClientRect()
                boxes.append((r.left, r.top, r.width, r.height))
            to = keys.spatial_target(key, index, boxes)
        if to is None:
            to = keys.arrow_target(key, index, len(choices))
        if to is not None:
            evt.preventDefault()
            focus(choices[to])
        return
    selector = keys.shortcut(key, evt.ctrlKey, evt.altKey, evt.metaKey)
    if selector is not None:
        target = document.querySelector(selector)
        if not is_none(target) and not target.hasAttribute("disabled"):
            evt.preventDefault()
            target.click()


def on_pointer(evt):
    P.keyboard, P.interacted = False, True


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
    if not S.prefs.load(local_get(PREFS_KEY)):  # unreadable: dropped (said once the game is shown)
        local_remove(PREFS_KEY)
    start_language(query)
    if "confirm=0" in query or "confirm=1" in query:  # a test/demo knob like botdelay, not stored
        S.prefs.confirm = "confirm=1" in query
    try:
        delay = bot_delay_from_query(query)
        if delay is not None:
            S.seats.delay = delay
        budget = bot_budget_from_query(query)
        if budget is not None:
            S.seats.budget = budget
    except SetupError:
        budget = None  # settings_from_query reports it
    if is_embed_query(query):  # tutorial pages: never reads (or later writes) the saved games
        body.dataset.embed = "1"
        run(lambda: S.open_embed(query))
        return
    if str(STORE.status()) == "blocked":  # no site data here: play on, say that nothing is kept
        S.saves.set_blocked()
    STORE.persist()  # ask once that the browser keep the saved games under storage pressure
    try:
        S.saves.set_slots(parse_json(str(await STORE.list()), N_("app.what.slots")))
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
        preboot.keep_link_table(S, seed, getattr(window, "euroPreboot", None))  # opened again: shown at once
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
    # preboot (web/screens/preboot.py): Python takes over the form / saved table shown before the runtime
    if preboot.hand_over(S, read_form, getattr(window, "euroPreboot", None)) and S.game is None:
        run(start_from_form)  # Start was pressed before the runtime was ready
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
    if S.prefs.dropped and not S.message:
        S.message = N_("app.note.settings_dropped")


def zoom_to(z):
    """boot.js calls this at the end of a pinch with the zoom the gesture reached."""
    run(lambda: S.set_zoom_to(float(z)))


window.euroZoomTo = create_proxy(zoom_to)
window.addEventListener("resize", refit_proxy)
document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_key))
document.addEventListener("pointerdown", create_proxy(on_pointer))
await boot()  # noqa: F704 (PyScript runs main.py as top-level async code)
window.euroStage("ready")
body.dataset.ready = "1"
SEATS.ready = True
schedule_bot()  # computer seats begin now: the worker starts when one is to move

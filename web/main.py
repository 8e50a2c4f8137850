"""PyScript glue ONLY: DOM events -> web.session -> innerHTML. All logic lives in
session.py / panels.py (pure Python, unit-tested); keep this file thin."""
import asyncio
import json
import random
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

window.euroStage("loading engine")
from engine import versions  # noqa: E402
from engine.core.errors import EngineError  # noqa: E402  (after the stage update on purpose)
from web import panels  # noqa: E402
from web.limits import excerpt, parse_json, short  # noqa: E402
from web.session import (PREFS_KEY, SAVE_KEY, STORAGE_FULL, Session, SetupError, bot_delay_from_query,  # noqa: E402
                         is_embed_query, settings_from_form, settings_from_query, valid_slot_id)

S = Session()
body = document.body
app = document.getElementById("app")
redraws = 0
bot_timer = None  # the pending window.setTimeout of a computer seat's decision
STORE = window.euroStore  # web/store.js: save slots in IndexedDB (promises)


def redraw(keep_view=True):
    """Rewrite #app. The board's scroll position survives the rewrite (same point at the centre,
    also across a zoom) unless ``keep_view`` is False (a new or loaded game starts at the top)."""
    global redraws
    sc = document.querySelector(".board-scroll")
    centre = None
    if keep_view and not is_none(sc) and sc.scrollWidth:
        centre = ((sc.scrollLeft + sc.clientWidth / 2) / sc.scrollWidth,
                  (sc.scrollTop + sc.clientHeight / 2) / max(1, sc.scrollHeight))
    app.innerHTML = panels.screen(S)
    sc = document.querySelector(".board-scroll")
    if centre is not None and not is_none(sc):
        sc.scrollLeft = centre[0] * sc.scrollWidth - sc.clientWidth / 2
        sc.scrollTop = centre[1] * sc.scrollHeight - sc.clientHeight / 2
    if not is_none(sc):
        reveal_targets(sc)
    redraws += 1
    body.dataset.state = str(redraws)  # tests and bench/tap_latency.py wait on this counter
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
    """A computer seat to move: decide after S.bot_delay ms (a person can follow), then redraw,
    which schedules the next one (chains of computer decisions run on by themselves)."""
    global bot_timer
    if bot_timer is not None:  # every redraw restarts the delay; a stale timer must not fire
        window.clearTimeout(bot_timer)
        bot_timer = None
    seat = None if S.game is None else S.bot_to_move()
    if seat is None:
        body.removeAttribute("data-bot")
        return
    body.dataset.bot = str(seat)  # tests wait until this is gone before a person's turn
    bot_timer = window.setTimeout(bot_proxy, S.bot_delay)


def bot_move():
    global bot_timer
    bot_timer = None
    if S.bot_to_move() is None:  # no longer a computer's turn (new game / history meanwhile)
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
    bring back. Never in embed mode: the reader's own games stay untouched."""
    if S.game is None or not S.autosave:
        return None
    if S.slot is None:
        S.slot = str(STORE.newId())
    summary = S.slot_summary(str(window.Date.new().toISOString()))
    done = STORE.save(S.slot, S.save_text(), json.dumps(summary))  # issued now: later reads see it
    return asyncio.ensure_future(saved(done, summary))


async def saved(done, summary):
    problem = str(await done)
    if problem:
        window.console.warn(f"save failed: {problem}")  # a warning, not an error: the page handles it
    # Redraw only when the storage note appears or goes: a redraw per save would race the clicks.
    if S.saved(not problem, summary, STORAGE_FULL if problem else ""):
        redraw()
    return not problem


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
        run(lambda: (S.forget_slot(slot), setattr(S, "message", "That saved game is gone.")))
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
    run(go)


def keep_damaged(slot, text, reason=""):
    """A save that cannot be restored is moved aside (IndexedDB "damaged"), never deleted, and
    offered for download from the message."""
    S.damaged = text
    return STORE.keepDamaged(slot or "", text, excerpt(reason, 200))


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
    "ui:download-damaged": lambda: S.damaged is not None and download(S.damaged, "damaged-save.json"),
    "ui:confirm-yes": lambda: answer_question(True),
    "ui:confirm-no": lambda: answer_question(False),
    "ui:zoom-in": zoom(1),
    "ui:zoom-out": zoom(-1),
    "ui:zoom-fit": zoom(0),
    "ui:panel": S.toggle_panel,
    "ui:hint": S.request_hint,
    "ui:import": lambda: None,  # the file input's change event does the work
    "ui:history": S.open_history,  # read-only: none of these touch the live game or the autosave
    "ui:hist-prev": lambda: S.hist_step(-1),
    "ui:hist-next": lambda: S.hist_step(1),
    "ui:hist-first": lambda: S.hist_step("first"),
    "ui:hist-last": lambda: S.hist_step("last"),
    "ui:hist-close": S.close_history,
    "ui:embed-reset": S.embed_reset,
    "ui:confirm": confirm,           # turn flow: play the selected move
    "ui:cancel": S.cancel,
    "ui:help": S.toggle_help,
    "ui:toggle-confirm": toggle_confirm,
    "ui:toggle-wakelock": toggle_wakelock,
    "ui:confirm-pref": confirm_pref,
    "ui:inspect-close": lambda: S.inspect(""),
    "ui:pick-cancel": S.clear_ui,
}


def run(fn):
    """Run a handler, turning bad input into a message; unexpected errors go to the console too."""
    S.message = ""
    S.just_played = []  # only the move made by this handler animates
    game = S.game
    try:
        fn()
    except (EngineError, SetupError, ValueError) as e:
        S.message = short(str(e))  # each message quotes input only as an excerpt; this caps the rest
    except Exception as e:  # a bug: show it and let the e2e console guard catch it
        S.message = short(f"Internal error: {e}")
        window.console.error(traceback.format_exc())
    redraw(keep_view=S.game is game or (game is not None and S.game is not None and S.game.seed == game.seed))


def on_click(evt):
    el = evt.target.closest("[data-action]")
    if is_none(el):
        # Not a control: an element a player may ask about opens the inspector (no hover needed).
        info = evt.target.closest("[data-info]")
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
    elif action.startswith("ui:"):
        run(UI.get(action, lambda: None))
    else:
        run(lambda: play(action))


def on_key(evt):
    """Escape: drop the picked place or the inspector, else the selected move, else close the help."""
    if evt.key != "Escape":
        return
    if S.pick is not None or S.inspecting:
        run(S.clear_ui)
    elif S.selection is not None:
        run(S.cancel)
    elif S.help_open:
        run(S.toggle_help)


def too_large():
    raise SetupError("that file is too large to be a game record (the limit is 2 MB)")


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
    elif el.getAttribute("data-refresh") == "1":  # game or player count changed: redraw the form
        run(lambda: S.refresh_form(read_form()))


async def boot():
    """Embed link, else URL start, then the saved game, else the new-game screen. Never crashes:
    a saved text that cannot be restored is kept aside (download) and the app starts anyway."""
    query = str(window.location.search)
    delay = None
    prefs = window.localStorage.getItem(PREFS_KEY)
    S.load_prefs(None if is_none(prefs) else str(prefs))
    if "confirm=0" in query or "confirm=1" in query:  # a test/demo knob like botdelay, not stored
        S.prefs["confirm"] = "confirm=1" in query
    try:
        delay = bot_delay_from_query(query)
        if delay is not None:
            S.bot_delay = delay
    except SetupError:
        pass  # settings_from_query reports it
    if is_embed_query(query):  # tutorial pages: never reads (or later writes) the saved games
        body.dataset.embed = "1"
        run(lambda: S.open_embed(query))
        return
    STORE.persist()  # ask once that the browser keep the saved games under storage pressure
    try:
        S.set_slots(parse_json(str(await STORE.list()), "saved games list"))
    except ValueError as e:
        window.console.warn(f"saved games list unreadable: {e}")
    try:
        settings, seed = settings_from_query(query)
    except SetupError as e:
        settings, seed = None, None
        S.message = short(f"Ignoring the URL: {e}")
    legacy = window.localStorage.getItem(SAVE_KEY)  # the save of the app before IndexedDB
    if not is_none(legacy):
        await restore(str(legacy), None, legacy=True)  # migrated into a slot of its own
    if settings is not None:
        run(lambda: (S.start(settings, new_seed() if seed is None else seed), save()))
        if S.game is not None:  # drop the query so a reload restores the game instead of restarting
            keep = "" if delay is None else f"?botdelay={delay}"  # (the delay knob outlives a reload)
            window.history.replaceState(None, "", str(window.location.pathname) + keep)
        return
    if S.game is None and is_none(legacy):
        slot = await STORE.current()
        if not is_none(slot) and valid_slot_id(str(slot)):
            text = await STORE.load(str(slot))
            if not is_none(text):
                await restore(str(text), str(slot))
    redraw()


async def restore(text, slot, legacy=False):
    msg = S.message
    try:
        S.load_text(text, slot)
        S.choosing = bool(msg)  # after a bad URL: the new-game screen, with "Back to the game"
        if legacy:  # one-time migration: the localStorage save goes once it is in a slot
            if await save():
                window.localStorage.removeItem(SAVE_KEY)
        return
    except Exception as e:  # never crash on start-up; a non-ValueError is a bug: log it too
        if not isinstance(e, ValueError):
            window.console.error(traceback.format_exc())
        msg = (msg + " " if msg else "") + f"The saved game could not be restored: {e}"
        if slot:
            S.forget_slot(slot)
    finally:
        S.message = short(msg)
    # Kept aside, never deleted: the player can download it (for a bug report, or to mend it).
    if not str(await keep_damaged(slot, text, msg)) and legacy:
        window.localStorage.removeItem(SAVE_KEY)


def zoom_to(z):
    """boot.js calls this at the end of a pinch with the zoom the gesture reached."""
    run(lambda: S.set_zoom_to(float(z)))


window.euroZoomTo = create_proxy(zoom_to)
document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_key))
await boot()
window.euroStage("ready")
body.dataset.ready = "1"

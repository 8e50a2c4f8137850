"""PyScript glue ONLY: DOM events -> web.session -> innerHTML. All logic lives in
session.py / panels.py (pure Python, unit-tested); keep this file thin."""
import json
import random
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

window.euroStage("loading engine")
from engine.core.errors import EngineError  # noqa: E402  (after the stage update on purpose)
from web import panels  # noqa: E402
from web.session import (SAVE_KEY, Session, SetupError, bot_delay_from_query, is_embed_query,  # noqa: E402
                         settings_from_form, settings_from_query)

S = Session()
body = document.body
app = document.getElementById("app")
redraws = 0
bot_timer = None  # the pending window.setTimeout of a computer seat's decision


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
    game, done = S.game, len(S.game.actions)
    run(lambda: (S.play_bot_move(), save()))
    if S.game is game and len(game.actions) == done and bot_timer is not None:
        window.clearTimeout(bot_timer)  # it failed (message shown): do not retry in a loop
        bot_timer = None


bot_proxy = create_proxy(bot_move)


def save():
    if S.game is not None and S.autosave:  # never in embed mode: the reader's own game stays untouched
        window.localStorage.setItem(SAVE_KEY, S.save_text())


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
    text = S.save_text()
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = f"{S.game.GAME_NAME}-{len(S.game.actions)}-moves.json"
    body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


def start_from_form():
    S.start(settings_from_form(read_form()), new_seed())
    save()


def zoom(step):
    return lambda: S.set_zoom(step)


UI = {
    "ui:start": start_from_form,
    "ui:new-game": S.new_game_screen,
    "ui:resume": S.resume,
    "ui:handoff-ok": S.handoff_ok,
    "ui:undo": lambda: (S.undo(), save()),
    "ui:export": export,
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
    "ui:inspect-close": lambda: S.inspect(""),
    "ui:pick-cancel": S.clear_ui,
}


def run(fn):
    """Run a handler, turning bad input into a message; unexpected errors go to the console too."""
    S.message = ""
    game = S.game
    try:
        fn()
    except (EngineError, SetupError, ValueError) as e:
        S.message = str(e)
    except Exception as e:  # a bug: show it and let the e2e console guard catch it
        S.message = f"Internal error: {e}"
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
    if action.startswith("ui:pick:"):  # first step of a two-step board choice (session UI state)
        run(lambda: S.pick_at(action[len("ui:pick:"):]))
    elif action.startswith("ui:"):
        run(UI.get(action, lambda: None))
    else:
        run(lambda: (S.apply(action), save()))


async def on_change(evt):
    el = evt.target
    action = el.getAttribute("data-action")  # missing dataset keys raise AttributeError in Pyodide
    if action == "ui:import":
        files = el.files
        if files.length:
            text = await files.item(0).text()
            run(lambda: (S.load_text(text), save()))
    elif el.getAttribute("data-refresh") == "1":  # game or player count changed: redraw the form
        run(lambda: S.refresh_form(read_form()))


def boot():
    """Embed link, else URL start, then the autosave, else the new-game screen. Never crashes."""
    query = str(window.location.search)
    try:
        delay = bot_delay_from_query(query)
        if delay is not None:
            S.bot_delay = delay
    except SetupError:
        pass  # settings_from_query reports it
    if is_embed_query(query):  # tutorial pages: never reads (or later writes) the autosave
        body.dataset.embed = "1"
        run(lambda: S.open_embed(query))
        return
    try:
        settings, seed = settings_from_query(query)
    except SetupError as e:
        settings, seed = None, None
        S.message = f"Ignoring the URL: {e}"
    if settings is not None:
        run(lambda: (S.start(settings, new_seed() if seed is None else seed), save()))
        if S.game is not None:  # drop the query so a reload restores the game instead of restarting
            window.history.replaceState(None, "", str(window.location.pathname))
        return
    saved = window.localStorage.getItem(SAVE_KEY)
    if not is_none(saved):
        msg = S.message
        try:
            S.load_text(str(saved))
            S.choosing = bool(msg)  # after a bad URL: the new-game screen, with "Back to the game"
        except Exception as e:  # never crash on start-up; a non-ValueError is a bug: log it too
            if not isinstance(e, ValueError):
                window.console.error(traceback.format_exc())
            window.localStorage.removeItem(SAVE_KEY)
            msg = (msg + " " if msg else "") + f"The saved game could not be restored: {e}"
        S.message = msg
    redraw()


def zoom_to(z):
    """boot.js calls this at the end of a pinch with the zoom the gesture reached."""
    run(lambda: S.set_zoom_to(float(z)))


window.euroZoomTo = create_proxy(zoom_to)
document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))


def on_key(evt):
    if evt.key == "Escape" and (S.pick is not None or S.inspecting):
        run(S.clear_ui)


document.addEventListener("keydown", create_proxy(on_key))
boot()
window.euroStage("ready")
body.dataset.ready = "1"

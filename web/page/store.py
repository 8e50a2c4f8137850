"""PyScript glue for storage: the save slots in IndexedDB (web/store.js, ``window.euroStore``), one
game one writer (a Web Lock per slot), localStorage (device settings, the old save), export and
download. The decisions are web/model/slots.py's (Saves, the session's ``saves``); this only makes the calls.
"""

import asyncio
import json
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from engine.core.errors import EngineError
from engine.core.msg import N_
from web.screens import preboot
from web.i18n import t, tr
from web.model.limits import excerpt, short
from web.page.core import P, S, body, redraw, run
from web.model.prefs import PREFS_KEY
from web.model.slots import SAVE_KEY, STORAGE_FULL, valid_slot_id

STORE = window.euroStore  # web/store.js: save slots in IndexedDB (promises)


def save():
    """Write the game on screen to its slot (a new slot for a new/imported game): one IndexedDB
    transaction with the whole record, so a failed write loses nothing that a later one does not
    bring back. Never in embed mode: the reader's own games stay untouched. Nothing is written
    where storage is blocked, nor to a slot another tab plays (S.saves.elsewhere)."""
    if S.game is None or not S.saves.autosave:
        return None
    if S.saves.copy_due:  # the table said so before this move: it starts a copy, saved at once
        S.saves.play_as_copy()
        P.held_slot = None  # the other tab holds the old slot's lock
    if S.saves.blocked or S.saves.elsewhere:
        STORE.setAtRisk(S.saves.at_risk())  # leaving the page asks first
        return None
    if S.saves.slot is None:
        S.saves.slot = str(STORE.newId())
        hold_slot(S.saves.slot)  # a new slot: no other tab has it
    summary = S.saves.summary(str(window.Date.new().toISOString()))
    done = STORE.save(S.saves.slot, S.save_text(), json.dumps(summary))  # issued now: later reads see it
    return asyncio.ensure_future(saved(done, summary, S.saves.slot))


async def saved(done, summary, slot):
    problem = str(await done)
    if problem.startswith("ConflictError"):  # another tab plays this slot: ask, write nothing
        if S.saves.open_elsewhere(slot):
            STORE.setAtRisk(S.saves.at_risk())
            redraw()
        return False
    if problem:
        window.console.warn(f"save failed: {problem}")  # a warning, not an error: the page handles it
    # Redraw only when the storage note appears or goes: a redraw per save would race the clicks.
    changed = S.saves.saved(not problem, summary, STORAGE_FULL if problem else "")
    STORE.setAtRisk(S.saves.at_risk())  # leaving the page asks while the game is not stored
    if changed:
        redraw()
    if not problem:  # preboot (web/screens/preboot.py): this screen is what the next visit shows at once
        preboot.keep_table(S, slot, getattr(window, "euroPreboot", None))
    return not problem


# ----- one game, one writer (web/store.js: a Web Lock per slot, a rev checked on every save) ------
def hold_slot(slot):
    """Claim the lock of ``slot`` (the game now on screen), releasing the one held before; when
    another tab holds it, the page asks: take it over, or continue as a copy."""
    if P.held_slot is not None and P.held_slot != slot:
        STORE.release(P.held_slot)
    P.held_slot = slot
    return asyncio.ensure_future(claimed(STORE.claim(slot), slot))


async def claimed(done, slot):
    if not bool(await done) and S.saves.open_elsewhere(slot):
        STORE.setAtRisk(S.saves.at_risk())
        redraw()


def slot_lost(slot):
    """web/store.js: another tab took over the slot this tab played."""
    run(lambda: S.saves.open_elsewhere(str(slot)) and STORE.setAtRisk(S.saves.at_risk()))


async def take_over():
    """Play the slot here again: its lock is taken from the other tab, and its newest save
    (moves made there included) replaces the game on screen."""
    slot = S.saves.elsewhere
    if slot is None:
        return
    await STORE.takeOver(slot)
    text = await STORE.load(slot)

    def go():
        S.saves.taken_over()
        if not is_none(text):
            S.load_text(str(text), slot)
        STORE.setCurrent(slot)
        STORE.setAtRisk(S.saves.at_risk())

    run(go)


def play_copy():
    """Go on here with the game on screen as a copy: a new slot, saved at once."""
    S.saves.play_as_copy()
    P.held_slot = None  # the other tab holds the old slot's lock
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


def save_prefs():
    """Device settings ("Confirm moves"): localStorage euro:settings, also in embed mode (no game data)."""
    try:
        window.localStorage.setItem(PREFS_KEY, S.prefs.text())
    except Exception:  # storage full or blocked: the setting lives in memory for this page
        pass


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


def import_text(text, force=False):
    if S.saves.at_risk() and not force:
        S.saves.ask("import", pending=text)
        return
    S.load_text(text)  # a NEW slot: the game it replaces stays saved
    save()


async def resume_slot(slot, force=False, then=None):
    if not valid_slot_id(slot):
        return
    if S.saves.at_risk() and not force:  # the game on screen is not stored: opening another would lose it
        run(lambda: S.saves.ask("resume", slot))
        return
    text = await STORE.load(slot)
    if is_none(text):
        run(lambda: (S.saves.forget(slot), setattr(S, "message", N_("app.err.slot_missing"))))
        return
    text = str(text)

    def go():
        try:
            S.load_text(text, slot)
        except ValueError:
            S.saves.forget(slot)
            keep_damaged(slot, text)
            raise
        STORE.setCurrent(slot)
        hold_slot(slot)
        if then is not None and S.game is not None and S.game.is_over:  # the saved-games list's Review
            then()

    run(go)


def keep_damaged(slot, text, reason=""):
    """A save that cannot be restored is moved aside (IndexedDB "damaged"), never deleted, and
    offered for download from the message."""
    S.saves.damaged = text
    return STORE.keepDamaged(slot or "", text, excerpt(reason, 200))


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
            S.saves.forget(slot)
    finally:
        S.message = short(msg)
    # Kept aside, never deleted: the player can download it (for a bug report, or to mend it).
    if not str(await keep_damaged(slot, text, msg)) and legacy:
        local_remove(SAVE_KEY)

"""The app always starts, and one game has one writer (web/store.js, web/main.py's storage glue):
storage blocked (a real profile that blocks site data; indexedDB.open throwing; failing later),
an unreadable stored setting, two tabs on one saved game, leaving the page with unsaved moves.

No test waits on the clock: the page says where it is (body[data-ready], data-state), and the
faults are made by the browser's own settings or by init scripts that replace a browser call."""

import json

import pytest

import engine
from e2e_harness import E2E_ARGS, wait_ready
from scripts.browser import CHROMIUM, HANG_GUARD, PLAYABLE, click_and_wait, play_step, saved_record
from test_storage import FAIL_PUTS, problem_shown

URL = "index.html?game=barcelona&players=3&seed=11"
NOT_KEPT = "will not be kept on this device"

# indexedDB.open throws (IndexedDB disabled), or answers with an error a task later (a profile or
# private mode that refuses site data): what PyScript's file cache and web/store.js both meet.
OPEN_THROWS = """
IDBFactory.prototype.open = function () { throw new DOMException("The operation is insecure.", "SecurityError"); };
"""
OPEN_FAILS_LATER = """
IDBFactory.prototype.open = function () {
  const req = { result: undefined, error: null, onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null,
                addEventListener() {}, removeEventListener() {} };
  setTimeout(() => {
    req.error = new DOMException("The user denied permission to access the database.", "UnknownError");
    if (req.onerror) req.onerror({ type: "error", target: req, preventDefault() {}, stopPropagation() {} });
  });
  return req;
};
"""


def exported_moves(page, tmp_path):
    with page.expect_download() as dl:
        page.click('.storage-problem [data-action="ui:export"]')
    path = tmp_path / "exported.json"
    dl.value.save_as(path)
    return len(json.loads(path.read_text())["actions"])


def plays_without_storage(page, tmp_path):
    """Started, says in one line that nothing is kept, plays, exports the moves made."""
    wait_ready(page)
    note = page.inner_text(".storage-problem")
    assert NOT_KEPT in note and "\n" not in note.strip() and len(note) < 140
    for _ in range(3):
        play_step(page)
    assert exported_moves(page, tmp_path) == 3
    assert page.evaluate("euroStore.status()") == "blocked"


@pytest.mark.parametrize("fault", [OPEN_THROWS, OPEN_FAILS_LATER], ids=["open-throws", "open-fails-later"])
def test_starts_when_indexeddb_fails(page, base, tmp_path, fault):
    page.add_init_script(fault)
    page.goto(base + URL)
    plays_without_storage(page, tmp_path)
    # Leaving asks first: these moves exist nowhere else.
    with page.expect_event("dialog") as dlg:
        page.close(run_before_unload=True)
    assert dlg.value.type == "beforeunload"
    dlg.value.dismiss()
    assert page.locator(PLAYABLE).count() > 0  # still here


def test_starts_in_a_profile_that_blocks_site_data(playwright, base, tmp_path, guard):
    """Chromium's own setting (Settings > Site data: "Don't allow sites to save data"): IndexedDB
    refuses with UnknownError and localStorage throws SecurityError."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(
        json.dumps({"profile": {"default_content_setting_values": {"cookies": 2}}})
    )
    ctx = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=E2E_ARGS,
        headless=True,
        service_workers="block",
        viewport={"width": 1024, "height": 768},
        accept_downloads=True,
    )
    try:
        page = guard.attach(ctx.pages[0] if ctx.pages else ctx.new_page())
        page.goto(base + URL)
        wait_ready(page)
        assert (
            page.evaluate("(() => { try { localStorage.length; return 'ok'; } catch (e) { return e.name; } })()")
            == "SecurityError"
        )  # the profile really blocks site data
        plays_without_storage(page, tmp_path)
    finally:
        ctx.close()


def test_unreadable_setting_is_dropped_with_a_note(page, base):
    """localStorage euro:settings = 8,000 '[': json.loads overflowed Pyodide's stack on every load."""
    page.goto(base + URL)
    wait_ready(page)
    page.evaluate("localStorage.setItem('euro:settings', '['.repeat(8000))")
    page.reload()
    wait_ready(page)
    assert "settings could not be read" in page.inner_text(".message")
    assert page.evaluate("localStorage.getItem('euro:settings')") is None  # dropped
    assert page.locator(PLAYABLE).count() > 0  # the saved game is back, playable
    play_step(page)
    page.reload()
    wait_ready(page)
    assert not page.locator(".message").count() or "settings" not in page.inner_text(".message")


def second_tab(page, guard):
    other = guard.attach(page.context.new_page())
    other.goto(page.url.split("?")[0])
    wait_ready(other)
    return other


def asked_elsewhere(page):
    page.wait_for_selector(".confirm.elsewhere")
    text = page.inner_text(".confirm.elsewhere")
    assert "open in another tab" in text
    return text


def test_two_tabs_one_writer(page, base, guard):
    """Tab 2 opens the game tab 1 plays: it is asked, plays on as a copy (tab 1's slot untouched),
    then takes the game over; tab 1 is then asked and its next move overwrites nothing."""
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    play_step(page)
    slot = page.evaluate("euroStore.current()")
    tab2 = second_tab(page, guard)
    asked_elsewhere(tab2)
    assert tab2.locator('[data-action="ui:take-over"]').count() == 1
    # A copy: its moves go to a new slot; tab 1 keeps writing its own.
    click_and_wait(tab2, '[data-action="ui:play-copy"]')
    play_step(tab2)
    copy = tab2.evaluate("euroStore.current()")
    assert copy != slot and len(saved_record(tab2)["actions"]) == 3
    play_step(page)
    first = json.loads(page.evaluate(f"euroStore.load({json.dumps(slot)})"))
    assert len(first["actions"]) == 3
    assert len(json.loads(tab2.evaluate(f"euroStore.load({json.dumps(copy)})"))["actions"]) == 3
    # Take over: tab 2 reloads (the current game is tab 1's again) and takes it; tab 1 is told.
    tab2.reload()
    wait_ready(tab2)
    asked_elsewhere(tab2)
    click_and_wait(tab2, '[data-action="ui:take-over"]')
    tab2.wait_for_selector(".confirm.elsewhere", state="detached")  # the newest save is loaded
    asked_elsewhere(page)  # tab 1 lost the slot
    play_step(tab2)  # the newest save (tab 1's three moves) plus this one
    mine = json.loads(tab2.evaluate(f"euroStore.load({json.dumps(slot)})"))
    assert mine["actions"][:3] == first["actions"] and len(mine["actions"]) == 4
    # Tab 1 goes on as a copy: a new slot; the taken slot keeps tab 2's four moves.
    click_and_wait(page, '[data-action="ui:play-copy"]')
    play_step(page)
    assert page.evaluate("euroStore.current()") not in (slot, copy)
    assert json.loads(tab2.evaluate(f"euroStore.load({json.dumps(slot)})")) == mine
    engine.replay(mine)


def test_back_to_the_game_in_a_second_tab_keeps_its_moves_as_a_copy(page, base, guard):
    """Audit (issue 50, item 2): tab 2, asked about the game tab 1 plays, answers "Back to the
    game": the table says before any move that the next one starts a copy, and that move is
    stored in a new slot; tab 1's slot is untouched."""
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    slot = page.evaluate("euroStore.current()")
    stored = page.evaluate(f"euroStore.load({json.dumps(slot)})")
    tab2 = second_tab(page, guard)
    asked_elsewhere(tab2)
    click_and_wait(tab2, '[data-action="ui:resume"]')
    note = tab2.inner_text(".message.elsewhere-copy")
    assert "next move here starts a copy" in note
    assert tab2.locator('.message.elsewhere-copy [data-action="ui:take-over"]').count() == 1
    play_step(tab2)
    tab2.wait_for_selector(".message.elsewhere-copy", state="detached")
    copy = tab2.evaluate("euroStore.current()")
    assert copy != slot and len(saved_record(tab2)["actions"]) == 2
    assert page.evaluate(f"euroStore.load({json.dumps(slot)})") == stored


NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get() { return undefined; } });"


@pytest.mark.own_context  # its init script is the context's
def test_a_save_never_replaces_a_newer_one(page, base, guard):
    """Without Web Locks (older browsers) the slot's revision still refuses a stale save: tab 2 read
    the game before tab 1's move, so tab 2's move is not written over it; tab 2 is asked."""
    page.context.add_init_script(NO_LOCKS)
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    slot = page.evaluate("euroStore.current()")
    tab2 = second_tab(page, guard)
    assert tab2.locator(".confirm.elsewhere").count() == 0  # no lock to see: it plays
    play_step(page)
    newer = page.evaluate(f"euroStore.load({json.dumps(slot)})")
    play_step(tab2)  # its save is refused: stored is newer than what tab 2 read
    asked_elsewhere(tab2)
    assert page.evaluate(f"euroStore.load({json.dumps(slot)})") == newer
    click_and_wait(tab2, '[data-action="ui:play-copy"]')  # its own move survives as a copy
    assert len(saved_record(tab2)["actions"]) == 2 and tab2.evaluate("euroStore.current()") != slot


def test_a_seeded_link_whose_writes_fail_plays_and_says_so(page, base):
    """Every put throws from the first moment (a full disk): the link's game and the first screen
    kept for its next opening (web/store.js keepLinkTable, a put inside a request's event) both
    fail; the page says the game is not kept and plays on, with no uncaught error (the guard)."""
    page.add_init_script(FAIL_PUTS + "window.__failWrites = true;")
    page.goto(base + URL)
    wait_ready(page)
    problem_shown(page)
    # queued after the link table's write: once it answers, that write has thrown or not
    assert page.evaluate("(q) => euroStore.linkTable(q)", "?" + URL.split("?")[1]) is None
    play_step(page)
    problem_shown(page)


# The stored table's write (web/store.js keepTable, after each save) never says it committed:
# it stays under way until the page goes, as it may on a slow device when the player leaves.
HOLD_TABLE = """
(() => {
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode) {
    const tx = transaction.call(this, stores, mode);
    if (!window.__holdTable || String(stores) !== "meta" || mode !== "readwrite") return tx;
    window.__heldTables = (window.__heldTables || 0) + 1;
    return new Proxy(tx, {
      get(t, k) { const v = Reflect.get(t, k, t); return typeof v === "function" ? v.bind(t) : v; },
      set(t, k, v) { if (k !== "oncomplete") t[k] = v; return true; },
    });
  };
})();
"""


def test_leaving_with_unsaved_moves_asks(page, base):
    page.add_init_script(FAIL_PUTS)
    page.add_init_script(HOLD_TABLE)
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    dialogs, stay = [], [True]  # the first question is answered "stay", a later one "leave"
    page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss() if stay[0] else d.accept()))
    page.evaluate("window.__failWrites = true")
    play_step(page)
    problem_shown(page)
    with page.expect_event("dialog"):
        page.close(run_before_unload=True)
    assert dialogs == ["beforeunload"] and not page.is_closed()
    page.evaluate("window.__failWrites = false; window.__holdTable = true")
    play_step(page)  # stored again: leaving is quiet, though the stored table (no move) is still being written
    problem_shown(page, False)
    page.wait_for_function("window.__heldTables >= 1")
    stay[0] = False  # a question asked now is counted, and would not stop the close
    with page.expect_event("close", timeout=HANG_GUARD):
        page.close(run_before_unload=True)
    assert dialogs == ["beforeunload"]

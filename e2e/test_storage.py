"""Storage that cannot lose a game (web/store.js, IndexedDB save slots): failing writes keep the
game in memory with a plain message and Export, the next move after the fault clears saves
everything; the old localStorage save is migrated; saved games can be resumed and deleted."""

import pytest
import json

import engine
import engine.barcelona
from e2e_harness import wait_ready
from scripts.browser import PLAYABLE, click_and_wait, play_step, saved_record, state

URL = "index.html?game=barcelona&players=3&seed=11"

# Makes every IndexedDB put fail the way a full disk does while window.__failWrites is set.
FAIL_PUTS = """
(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.__failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  };
})();
"""


def moves(page):
    return len(saved_record(page)["actions"])


def problem_shown(page, shown=True):
    page.wait_for_selector(".storage-problem", state="visible" if shown else "detached")


def check_problem_and_export(page, tmp_path, expect_moves):
    text = page.inner_text(".storage-problem")
    assert "storage is full" in text and len(text) < 120
    with page.expect_download() as dl:
        page.click('.storage-problem [data-action="ui:export"]')  # the way out is right in the message
    path = tmp_path / "exported.json"
    dl.value.save_as(path)
    assert len(json.loads(path.read_text())["actions"]) == expect_moves  # the moves in memory


def test_failing_writes_lose_no_move(page, base, tmp_path):
    page.add_init_script(FAIL_PUTS)
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    play_step(page)
    assert moves(page) == 2
    page.evaluate("window.__failWrites = true")
    play_step(page)
    problem_shown(page)
    play_step(page)
    play_step(page)
    assert moves(page) == 2  # stored: still the last good write
    check_problem_and_export(page, tmp_path, 5)
    page.evaluate("window.__failWrites = false")
    play_step(page)  # the retry: the whole record, so the 3 moves made while failing land too
    problem_shown(page, False)
    assert moves(page) == 6
    rec = saved_record(page)
    page.reload()
    wait_ready(page)
    assert saved_record(page) == rec and page.locator(PLAYABLE).count() > 0
    engine.replay(rec)  # a valid game


@pytest.mark.own_context  # the quota override stays with the origin
def test_real_quota_full_then_freed(page, base, tmp_path):
    """The same with the browser's real quota: CDP gives the origin a small quota, a filler
    database takes all of it, the app's writes fail with the browser's own QuotaExceededError.
    The quota is set before the page opens any database: set later, it did not apply to the
    origin's storage already open, and the filler wrote ~1.6 GB (into RAM: the context is
    off the record) before the real limit stopped it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": base.rstrip("/"), "quotaSize": 3_000_000})
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    filled = page.evaluate("""async () => {
      const db = await new Promise((ok, no) => { const r = indexedDB.open("filler", 1);
        r.onupgradeneeded = () => r.result.createObjectStore("x"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
      const put = (k, n) => new Promise(ok => { const t = db.transaction("x", "readwrite");
        const bytes = new Uint8Array(n); for (let i = 0; i < n; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(n, i + 65536)));
        t.objectStore("x").put(new Blob([bytes]), k); t.oncomplete = () => ok(true); t.onabort = () => ok(false); });
      let k = 0;
      for (const n of [500000, 100000, 20000, 4000, 1000]) while (await put(k++, n)) {}
      db.close();
      return k;
    }""")
    assert 5 < filled < 100  # the small quota, not the machine's memory, stopped the filler
    play_step(page)
    problem_shown(page)
    play_step(page)
    assert moves(page) == 1
    check_problem_and_export(page, tmp_path, 3)
    page.evaluate(
        "new Promise(ok => { const r = indexedDB.deleteDatabase('filler'); r.onsuccess = r.onerror = () => ok(); })"
    )
    play_step(page)
    problem_shown(page, False)
    assert moves(page) == 4
    rec = saved_record(page)
    page.reload()
    wait_ready(page)
    assert saved_record(page) == rec


def test_not_stored_game_is_not_replaced_without_asking(page, base):
    page.add_init_script(FAIL_PUTS)
    page.goto(base + URL)
    wait_ready(page)
    page.evaluate("window.__failWrites = true")
    play_step(page)
    problem_shown(page)
    click_and_wait(page, '[data-action="ui:new-game"]')
    click_and_wait(page, '[data-action="ui:start"]')
    assert "not saved" in page.inner_text(".confirm")
    click_and_wait(page, '[data-action="ui:confirm-no"]')
    click_and_wait(page, '[data-action="ui:resume"]')
    assert page.locator(PLAYABLE).count() > 0  # still the same game, with its move
    page.evaluate("window.__failWrites = false")
    play_step(page)
    problem_shown(page, False)
    assert moves(page) == 2


def test_migrates_the_old_localstorage_save(page, base):
    g = engine.barcelona.new_game(["Old", "Save"], 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    rec = dict(g.record(), meta={"hidden": False, "colours": ["#E69F00", "#56B4E9"], "bots": []})
    page.goto(base + "index.html")
    wait_ready(page)
    page.evaluate(f"localStorage.setItem('euro:current', {json.dumps(json.dumps(rec))})")
    page.reload()
    wait_ready(page)
    assert saved_record(page)["actions"] == rec["actions"] and "Old" in page.inner_text("main")
    assert page.evaluate("localStorage.getItem('euro:current')") is None  # moved, once it was stored
    page.reload()
    wait_ready(page)
    assert saved_record(page)["actions"] == rec["actions"]


def test_saved_games_resume_and_delete(page, base):
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    first = saved_record(page)
    click_and_wait(page, '[data-action="ui:new-game"]')
    assert page.locator(".saved-games li").count() == 1
    page.fill('input[name="name0"]', "Second")
    click_and_wait(page, '[data-action="ui:start"]')  # a NEW slot: the first game stays saved
    play_step(page)
    play_step(page)
    second = saved_record(page)
    assert second["players"][0] == "Second" and first["players"][0] != "Second"
    click_and_wait(page, '[data-action="ui:new-game"]')
    rows = page.locator(".saved-games li")
    assert rows.count() == 2 and "Second" in rows.nth(0).inner_text()
    old_slot = rows.nth(1).get_attribute("data-slot")
    click_and_wait(page, f'[data-action="ui:slot-resume:{old_slot}"]')
    assert saved_record(page) == first and page.locator(PLAYABLE).count() > 0
    page.reload()
    wait_ready(page)
    assert saved_record(page) == first  # the resumed slot is the current one
    click_and_wait(page, '[data-action="ui:new-game"]')
    new_slot = page.locator(".saved-games li").nth(0).get_attribute("data-slot")
    click_and_wait(page, f'[data-action="ui:slot-delete:{new_slot}"]')
    assert "Delete this saved game" in page.inner_text(".confirm")
    click_and_wait(page, '[data-action="ui:confirm-no"]')
    assert page.locator(".saved-games li").count() == 2
    click_and_wait(page, f'[data-action="ui:slot-delete:{new_slot}"]')
    click_and_wait(page, '[data-action="ui:confirm-yes"]')
    assert page.locator(".saved-games li").count() == 1
    page.reload()
    wait_ready(page)
    click_and_wait(page, '[data-action="ui:new-game"]')
    assert page.locator(".saved-games li").count() == 1
    assert saved_record(page) == first


def test_corrupt_save_is_kept_aside_and_offered(page, base, tmp_path):
    page.goto(base + URL)
    wait_ready(page)
    play_step(page)
    bad = "[" * 30_000  # used to overflow Pyodide's stack: the page never became ready again
    page.evaluate(f"""async () => {{ const id = await euroStore.current();
        await euroStore.save(id, {json.dumps(bad)}, JSON.stringify({{id, game: "barcelona", players: ["A"],
        date: "2024-01-01", moves: 1, over: false}})); }}""")
    page.reload()
    wait_ready(page)
    msg = page.inner_text(".message")
    assert "could not be restored" in msg and "nested too deeply" in msg and len(msg) < 300
    assert page.locator("#new-game").is_visible()
    with page.expect_download() as dl:
        page.click('[data-action="ui:download-damaged"]')
    path = tmp_path / "damaged.json"
    dl.value.save_as(path)
    assert path.read_text() == bad
    kept = page.evaluate("euroStore.damaged().then(all => all.map(d => d.text.length))")
    assert kept == [len(bad)]  # kept in IndexedDB too, never deleted
    n = state(page)
    click_and_wait(page, '[data-action="ui:start"]')
    assert state(page) > n
    play_step(page)
    assert moves(page) == 1


# Every readwrite transaction that writes "records" (a save), with the options the page asked for.
SAVE_OPTIONS = """
(() => {
  window.__saveOptions = [];
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    if (mode === "readwrite" && [].concat(stores).includes("records")) window.__saveOptions.push(options || null);
    return open.apply(this, arguments);
  };
})();
"""


def test_a_move_is_stored_only_once_flushed_to_disk(page, base):
    """A kill right after a move must not lose it (issue 50): the save holding a move asks for
    durability "strict", whose commit waits for the flush (bench/save_window.py measures the window)."""
    page.add_init_script(SAVE_OPTIONS)
    page.goto(base + URL)
    wait_ready(page)
    before = moves(page)
    play_step(page)
    assert moves(page) > before
    saves = page.evaluate("() => window.__saveOptions")
    assert saves and all(o == {"durability": "strict"} for o in saves), saves


# Each save transaction: did it read the stored rev (a get on "summaries"), and was it sent to
# commit in the task that made it (the tap's), before any callback of the page could run?
SAVE_PATH = """
(() => {
  window.__saves = [];
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const tx = open.apply(this, arguments);
    if (mode === "readwrite" && [].concat(stores).includes("records")) {
      const s = { read: false, committed: false };
      window.__saves.push(s);
      const get = tx.objectStore("summaries").get;
      tx.objectStore = ((store) => function (name) {
        const os = store.call(this, name);
        if (name === "summaries") os.get = function () { s.read = true; return get.apply(this, arguments); };
        return os;
      })(tx.objectStore);
      const commit = tx.commit;
      tx.commit = function () { s.committed = true; return commit.apply(this, arguments); };
    }
    return tx;
  };
})();
"""


def test_a_move_is_sent_to_disk_before_the_screen_is_drawn(page, base):
    """How long a move stays unsaved (issue 50, item 4; docs/saving.md): once a save under the
    slot's Web Lock has checked the stored rev, later saves read nothing and call commit() at
    once, so the write is not held up by Python drawing the next screen (bench/save_window.py:
    tap -> committed in a few ms instead of ~0.5 s). The first saves still check the rev."""
    page.add_init_script(SAVE_PATH)
    page.goto(base + URL)
    wait_ready(page)
    for _ in range(4):
        play_step(page)
    saves = page.evaluate("() => window.__saves")
    assert saves[0]["read"] and not saves[0]["committed"]  # the first: the rev is checked
    fast = [s for s in saves if s["committed"]]
    assert len(fast) >= 2 and not any(s["read"] for s in fast), saves
    assert saves[-1]["committed"]  # from then on, every move
    engine.replay(saved_record(page))

"""Hands on phones in e2e (docs/pairing.md): the table page and the phone pages the phone tests share
(e2e/test_phones_e2e.py, e2e/test_phones_qr_e2e.py), each device a page of its own browser context
(its own storage), with the guard, and what they check after every decision: no hand-off screen,
no choice of a phone's seat on the table or on another phone, no seat's secrets on the table and
only its own on each phone, every message a phone received its own seat's view. Pairing itself
(text codes, waits on the pages' own state) is scripts/phones.py's, shared with the bench."""

import json

import pytest

import engine

from e2e_harness import E2E_ARGS, Guard, later_visit, wait_ready
from scripts.browser import CHROMIUM, GAME_ACTION, click_and_wait, play_step, reveal
from scripts.phones import PHONE, RTC_FLAGS, TABLET, wait_moves, wait_phone_current

# Every text a data channel of the page receives, as it arrived (window.__remoteIn): what a
# device was sent, checked against the engine's view of its seat (messages_hold_only_own_view).
RECORD_MESSAGES = """
window.__remoteIn = [];
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, opts) {
  if (type === "message") {
    const inner = fn;
    fn = function (e) { window.__remoteIn.push(String(e.data)); return inner.call(this, e); };
  }
  return listen.call(this, type, fn, opts);
};
"""


class Devices:
    """``devices(**context)`` -> a page of a new context of ``browser`` (a device of its own) with
    the guard (reported by e2e/conftest.py like a page's) and RECORD_MESSAGES; ``close()`` ends them."""

    def __init__(self, request, browser):
        self.browser, self.contexts, self.guard = browser, [], Guard()
        request.node._guards = getattr(request.node, "_guards", []) + [self.guard]

    def __call__(self, **context):
        ctx = self.browser.new_context(service_workers="block", **context)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.add_init_script(later_visit())
        page.add_init_script(RECORD_MESSAGES)
        return self.guard.attach(page)

    def close(self):
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture(scope="module")
def rtc_browser(browser_type):
    """The phone files' browser: its host candidates are addresses, not mDNS names (RTC_FLAGS)."""
    b = browser_type.launch(executable_path=CHROMIUM, args=E2E_ARGS + RTC_FLAGS)
    yield b
    b.close()


@pytest.fixture
def device(request, rtc_browser):
    """device(**context) -> a page of a new context (a device of its own) with the guard."""
    devices = Devices(request, rtc_browser)
    yield devices
    devices.close()


def boot(page, url):
    page.goto(url)
    wait_ready(page)
    return page


def table_and_phones(device, base, query, seats):
    """A table page booted on ``index.html?query`` and one phone page per seat of ``seats`` (on the
    new-game screen), the table's pairing card open: (table, {seat: phone})."""
    table = boot(device(**TABLET), f"{base}index.html?{query}")
    phones = {seat: boot(device(**PHONE), f"{base}index.html") for seat in seats}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    return table, phones


def saved(table):
    return json.loads(table.evaluate("window.euroStore.currentText()"))


def rec_current(rec):
    """The seat to decide in the table's saved record (replayed here with the engine)."""
    return engine.game_module(rec["game"]).replay(rec).current_player


def barcelona_secrets(table, phones):
    """Barcelona's hands: none on the table; on each phone only its own seat's."""
    assert table.locator(".hand").count() == 0
    for seat, phone in phones.items():
        assert phone.locator(".hand").count() == 1, seat


def strasbourg_secrets(table, phones):
    """Strasbourg's screens (hand, stacks, tasks, what is behind the screen): none on the table;
    on each phone only its own seat's."""
    assert table.locator(".pboard .secret").count() == 0
    for seat, phone in phones.items():
        assert phone.locator(".pboard .secret").count() == 1, seat
        assert phone.locator(f'.pboard[data-seat="{seat}"] .secret').count() == 1, seat


def play_on_phones(table, phones, turns, secrets):
    """Play ``turns`` seat changes (or to the end of the game), every person's decision tapped on its
    phone (a computer seat plays on the table), checking at each decision that the table shows no
    hand-off and offers no choice of a phone's seat, the other phones none either, and
    ``secrets(table, phones)``."""
    done, last = 0, None
    while done < turns:
        table.wait_for_function("!document.body.dataset.bot")
        if table.get_attribute("body", "data-game-over") == "1":
            return
        screen = table.get_attribute("body", "data-screen")
        assert screen == "remote", screen  # a phone decides: never a hand-off, never a seat's view
        assert table.locator('[data-action="ui:handoff-ok"]').count() == 0
        rec = saved(table)
        seat = rec_current(rec)
        if seat != last:
            done, last = done + 1, seat
        for s, p in phones.items():
            wait_phone_current(p, table, s)
        secrets(table, phones)
        assert table.locator(f"main {GAME_ACTION}").count() == 0  # the table offers no choice of a phone's seat
        for other, p in phones.items():
            if other != seat:
                assert p.locator(f"main {GAME_ACTION}").count() == 0
        play_step(phones[seat], tap=True)
        wait_moves(table, len(rec["actions"]))


def messages_hold_only_own_view(rec, phones):
    """Every state a phone received (as it came over its channel) is its own seat's: exactly the
    engine's view(seat) at that move (so nothing of another seat), with choices only on its turns;
    and the phone keeps no game in its storage."""
    mod = engine.game_module(rec["game"])
    games = {}

    def at(n):
        if n not in games:
            games[n] = mod.replay(dict(rec, actions=rec["actions"][:n]))
        return games[n]

    for seat, phone in phones.items():
        texts = phone.evaluate("window.__remoteIn")
        assert texts, seat
        for text in texts:
            m = json.loads(text)
            assert m["t"] == "state" and m["seat"] == seat, (seat, m.get("seat"))
            g = at(m["moves"])
            assert m["view"] == json.loads(json.dumps(g.view(seat))), (seat, m["moves"])
            if m["legal"]:  # its choices only on its own turns (none while the pairing card is open)
                assert not g.is_over and g.current_player == seat, (seat, m["moves"])
                assert [aid for aid, _ in m["legal"]] == [a.id for a in g.legal_actions()], (seat, m["moves"])
        assert phone.evaluate("window.euroStore.currentText()") in (None, "")
        assert phone.evaluate("Object.keys(localStorage).filter(k => /slot|game|record/i.test(k))") == []


def the_end_on_every_phone(table, phones, over_title):
    """The game is over on the table and every phone says so, with no choice left."""
    assert table.get_attribute("body", "data-game-over") == "1"
    for seat, phone in phones.items():
        wait_phone_current(phone, table, seat)
        assert phone.locator(f"main {GAME_ACTION}").count() == 0
        assert phone.locator(".phone-bar .prompt p").inner_text() == over_title

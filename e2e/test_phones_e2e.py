"""Hands on phones through real pages (docs/pairing.md): a table page and two phone pages, each in
its own browser context (its own storage, as separate devices), paired through the text codes
read from one page's DOM and typed into the other's, then whole turns of a hidden-hands game with
every person's seat on its phone: no hand-off screen, no hand of any seat on the table, no other
seat's hand on a phone; a wrong code refused; a phone reloaded rejoins by pairing again and the
game goes on. Every wait is on a page's own state (docs/testing.md).

Chromium hides host candidates behind mDNS names (``<uuid>.local``) unless the page may use the
camera or microphone; this test browser's renderer cannot resolve them, so it is launched with
``--disable-features=WebRtcHideLocalIpsWithMdns`` and the candidates are the machine's addresses.
The mDNS form of a code is tests/web/test_remote_code.py's. No STUN/TURN server is ever asked
(``iceServers: []``), and the guard still fails on any request to another host."""

import json

import pytest

import engine
from web.i18n import t

from e2e_harness import E2E_ARGS, Guard, later_visit, load_record, near_the_end, wait_ready
from scripts.browser import CHROMIUM, GAME_ACTION, click_and_wait, play_step, reveal
from scripts.phones import (
    PHONE,
    RTC_FLAGS,
    TABLET,
    answer_on_table,
    join,
    pair,
    table_code,
    wait_moves,
    wait_phone_current,
)

RTC_ARGS = E2E_ARGS + RTC_FLAGS
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
TURNS = 8  # seat changes played through the phones (several whole turns of each person)


@pytest.fixture(scope="module")
def rtc_browser(browser_type):
    b = browser_type.launch(executable_path=CHROMIUM, args=RTC_ARGS)
    yield b
    b.close()


@pytest.fixture
def device(request, rtc_browser, base):
    """device(**context) -> a page of a new context (a device of its own) with the guard."""
    contexts = []
    guard = Guard()
    request.node._guards = getattr(request.node, "_guards", []) + [guard]

    def make(**context):
        ctx = rtc_browser.new_context(service_workers="block", **context)
        contexts.append(ctx)
        page = ctx.new_page()
        page.add_init_script(later_visit())
        page.add_init_script(RECORD_MESSAGES)
        return guard.attach(page)

    yield make
    for ctx in contexts:
        ctx.close()


def boot(page, url):
    page.goto(url)
    wait_ready(page)
    return page


def saved(table):
    return json.loads(table.evaluate("window.euroStore.currentText()"))


def barcelona_secrets(table, phones):
    """Barcelona's hands: none on the table; on each phone only its own seat's."""
    assert table.locator(".hand").count() == 0
    for seat, phone in phones.items():
        assert phone.locator(".hand").count() == 1, seat


def test_two_phones_play_barcelona_turns_with_hidden_hands(device, base):
    table = boot(device(**TABLET), f"{base}index.html?game=barcelona&players=3&seed=7&hidden=1&bots=2&botdelay=0")
    phones = {0: boot(device(**PHONE), f"{base}index.html"), 1: boot(device(**PHONE), f"{base}index.html")}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    assert table.locator(".pair-seat").count() == 2  # the people's seats; the computer's stays

    # A wrong code is refused on both sides, and a phone's code typed into another seat's field.
    click_and_wait(phones[0], '[data-action="ui:join"]')
    phones[0].fill('textarea[name="table-code"]', "not-a-code")
    click_and_wait(phones[0], '[data-action="ui:join-code"]')
    assert phones[0].locator(".message").count() == 1
    click_and_wait(phones[0], '[data-action="ui:join-leave"]')
    join(phones[0], table_code(table, 0))
    phones[0].locator("textarea.phone-code").wait_for()
    answer_on_table(table, 1, phones[0].locator("textarea.phone-code").input_value())
    assert table.locator(".message").count() == 1
    assert table.locator('.pair-seat[data-seat="1"]').get_attribute("data-status") == "offered"
    answer_on_table(table, 0, phones[0].locator("textarea.phone-code").input_value())
    table.wait_for_selector('.pair-seat[data-seat="0"][data-status="connected"]')
    phones[0].wait_for_selector(".phone-bar")
    pair(table, phones[1], 1)
    click_and_wait(table, '[data-action="ui:phones-done"]')

    before = len(saved(table)["actions"])
    play_on_phones(table, phones, TURNS, barcelona_secrets)
    assert len(saved(table)["actions"]) > before + TURNS
    # The phones keep no game (the table holds it and its record).
    for p in phones.values():
        assert p.evaluate("window.euroStore.currentText()") in (None, "")

    # A phone reloads: the table pairs its seat again (a new code, a new secret) and the game goes on.
    table.wait_for_function("!document.body.dataset.bot")
    seat = rec_current(saved(table))
    phone = phones[seat]
    phone.reload()
    wait_ready(phone)
    table.wait_for_selector('.remote-wait [data-action="ui:phones"]')  # the table saw the phone go
    click_and_wait(table, '.remote-wait [data-action="ui:phones"]')
    table.wait_for_selector(f'.pair-seat[data-seat="{seat}"] textarea.table-code')
    pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    n = len(saved(table)["actions"])
    wait_phone_current(phone, table, seat)
    play_step(phone, tap=True)
    wait_moves(table, n)
    barcelona_secrets(table, phones)

    # The table reloads: the game and its phone seats come back (record meta), each seat pairs again.
    table.reload()
    wait_ready(table)
    table.wait_for_function("!document.body.dataset.bot")
    assert table.get_attribute("body", "data-screen") == "remote"  # not a hand-off screen
    phones[0].wait_for_selector(".join .message")  # the phones saw the table go
    phones[1].wait_for_selector(".join .message")
    click_and_wait(table, '.remote-wait [data-action="ui:phones"]')
    for seat, phone in phones.items():
        click_and_wait(phone, '[data-action="ui:join-leave"]')
        pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    play_on_phones(table, phones, 2, barcelona_secrets)


def test_two_phones_play_strasbourg_turns_with_hidden_hands(device, base):
    table = boot(device(**TABLET), f"{base}index.html?game=strasbourg&players=3&seed=5&hidden=1&bots=2&botdelay=0")
    phones = {0: boot(device(**PHONE), f"{base}index.html"), 1: boot(device(**PHONE), f"{base}index.html")}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    pair(table, phones[0], 0)
    pair(table, phones[1], 1)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    # the whole game, every person's decision on a phone (the first choice on screen each time)
    play_on_phones(table, phones, 10_000, strasbourg_secrets)
    assert table.get_attribute("body", "data-game-over") == "1"
    rec = saved(table)
    assert engine.game_module("strasbourg").replay(rec).is_over
    messages_hold_only_own_view(rec, phones)
    for seat, phone in phones.items():
        wait_phone_current(phone, table, seat)
        assert phone.locator(f"main {GAME_ACTION}").count() == 0
        assert phone.locator(".phone-bar .prompt p").inner_text() == t("app.over.title")  # the phone says so too


def test_the_last_turns_of_barcelona_on_phones_to_the_end(device, base):
    """A two-person hidden-hands Barcelona game opened near its end on the table (Import), both
    seats on phones, played to the end screen: the phones say the game is over too."""
    from engine.barcelona import bot, new_game
    from engine.core.rng import Rng

    g, r = new_game(2, seed=8), Rng(8)
    while not g.is_over:
        g.apply(bot.choose(g, r))
    table = boot(device(**TABLET), f"{base}index.html?botdelay=0")
    load_record(table, near_the_end(g, 6, knobs="hidden=1"))
    phones = {0: boot(device(**PHONE), f"{base}index.html"), 1: boot(device(**PHONE), f"{base}index.html")}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    pair(table, phones[0], 0)
    pair(table, phones[1], 1)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    play_on_phones(table, phones, 10_000, barcelona_secrets)
    assert table.get_attribute("body", "data-game-over") == "1"
    assert engine.game_module("barcelona").replay(saved(table)).is_over
    for seat, phone in phones.items():
        wait_phone_current(phone, table, seat)
        assert phone.locator(f"main {GAME_ACTION}").count() == 0
        assert phone.locator(".phone-bar .prompt p").inner_text() == t("app.over.title")


def strasbourg_secrets(table, phones):
    """Strasbourg's screens (hand, stacks, tasks, what is behind the screen): none on the table;
    on each phone only its own seat's."""
    assert table.locator(".pboard .secret").count() == 0
    for seat, phone in phones.items():
        assert phone.locator(".pboard .secret").count() == 1, seat
        assert phone.locator(f'.pboard[data-seat="{seat}"] .secret').count() == 1, seat


def play_on_phones(table, phones, turns, secrets):
    """Play ``turns`` seat changes (or to the end of the game), every person's decision tapped on its phone (the computer seat
    plays on the table), checking at each decision that the table offers no choice of a phone's
    seat, the other phone none either, and ``secrets(table, phones)``."""
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


def rec_current(rec):
    """The seat to decide in the table's saved record (replayed here with the engine)."""
    mod = engine.game_module(rec["game"])
    g = mod.replay(rec)
    return g.current_player


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


@pytest.mark.whole_game
def test_a_whole_barcelona_game_on_three_phones(device, base):
    """Barcelona with hidden hands from its start to its end screen, all three seats people, each
    on its own phone (paired by the text codes): no hand-off screen ever, no hand on the table,
    only its own on each phone, and every message a phone got is its own seat's view."""
    table = boot(device(**TABLET), f"{base}index.html?game=barcelona&players=3&seed=3&hidden=1&botdelay=0")
    phones = {seat: boot(device(**PHONE), f"{base}index.html") for seat in range(3)}
    click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
    assert table.locator(".pair-seat").count() == 3
    for seat, phone in phones.items():
        pair(table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    assert len(saved(table)["actions"]) == 0  # from the very start
    play_on_phones(table, phones, 10_000, barcelona_secrets)
    assert table.get_attribute("body", "data-game-over") == "1"
    rec = saved(table)
    assert engine.game_module("barcelona").replay(rec).is_over
    for seat, phone in phones.items():
        wait_phone_current(phone, table, seat)
        assert phone.locator(".phone-bar .prompt p").inner_text() == t("app.over.title")
    messages_hold_only_own_view(rec, phones)

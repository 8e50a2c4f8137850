"""Keyboard only (page.keyboard; no mouse or touch event): a 2-player Barcelona game from the
new-game form (its first turns, then the last turns of an imported game to the result) and a
3-player Strasbourg round.

How a move is chosen, deterministically (``kb_move``): every HINT_EVERY-th step press H (the Hint
shortcut) and take the suggested control, else take the (7n+3 mod count)-th of the current choices
(web/keys.CHOICES, in document order); press the fewest arrow keys (along the screen's grid,
web/keys.spatial_target; Home/End) from the focused choice until it has focus, then Enter or Space
(alternately). A Hint is a redraw and a search in the worker (~130 ms here): asked at every step it
was half of these tests' time, and one in HINT_EVERY still plays the shortcut in every part. After a move focus must
be on the next decision's first choice or on Confirm / End turn, which the next step presses
with Enter, C or E. Every wait is on the page's state (body[data-state], focus, data-bot).
"""

import pytest

from e2e_harness import load_record, near_the_end, wait_ready
from scripts.browser import saved_record, state, wait_no_bot, wait_state_after

from web.screens import keys
from web.screens.keys import CHOICES, CONFIRM, HANDOFF

MAX_TABS = 120
OPENING_STEPS = 30  # keyboard steps from the form: both seats' first turns, picks, confirms, End turn
HINT_EVERY = 8  # steps between two Hints (the other steps take a choice by their number)
LAST_TURNS = 4  # seat changes before the end of the imported game, played by keyboard to the result


def focused(page):
    """(data-action or name, tag) of the focused element."""
    return page.evaluate("""() => { const e = document.activeElement;
        return e ? [e.getAttribute('data-action') || e.getAttribute('name') || '', e.tagName.toLowerCase()] : ['', '']; }""")


def press(page, key, redraw=True):
    """Press a key; when it should handle an event, wait for main.py's redraw."""
    before = state(page)
    page.keyboard.press(key)
    if redraw:
        wait_state_after(page, before)


def tab_to(page, selector):
    """Tab (forward only) until the element matching ``selector`` has focus."""
    for _ in range(MAX_TABS):
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}")


def choose_option(page, name, value):
    """Pick ``value`` in the new-game form's select ``name`` with the arrow keys (each change redraws
    the form; focus comes back to the select)."""
    tab_to(page, f'select[name="{name}"]')
    values = page.eval_on_selector(f'select[name="{name}"]', "s => [...s.options].map(o => o.value)")
    for _ in range(len(values)):
        current = page.eval_on_selector(f'select[name="{name}"]', "s => s.value")
        if current == value:
            return
        key = "ArrowDown" if values.index(value) > values.index(current) else "ArrowUp"
        press(page, key)
        assert focused(page) == [name, "select"], "focus must come back to the select after the redraw"
    assert page.eval_on_selector(f'select[name="{name}"]', "s => s.value") == value


def start_game(page, base, game, players, bots=()):
    page.goto(f"{base}index.html?botdelay=0&botbudget=300")  # hints: a short search is enough
    wait_ready(page)
    assert page.locator("#new-game").count() == 1
    choose_option(page, "game", game)
    choose_option(page, "players", str(players))
    for seat in bots:
        choose_option(page, f"kind{seat}", "bot")
    tab_to(page, '[data-action="ui:start"]')
    press(page, "Enter")
    wait_no_bot(page)
    assert page.locator("#new-game").count() == 0


def choices(page):
    return page.eval_on_selector_all(
        CHOICES,
        "els => els.filter(e => e.getClientRects().length).map(e => [e.dataset.action, e.classList.contains('hint')])",
    )


def boxes(page):
    """(x, y, width, height) of every choice laid out (page.core.rendered), as main.on_key measures them."""
    return [
        tuple(b)
        for b in page.eval_on_selector_all(
            CHOICES,
            "els => els.filter(e => e.getClientRects().length)"
            ".map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })",
        )
    ]


def arrow_path(bx, here, want):
    """The fewest arrow / Home / End presses from choice ``here`` to ``want``, by the page's own
    rules (web/screens/keys.py: along the grid, else document order), found breadth first."""

    def step(key, i):
        to = keys.spatial_target(key, i, bx) if key in keys.DIRECTIONS else None
        return keys.arrow_target(key, i, len(bx)) if to is None else to

    paths, todo = {here: []}, [here]
    while todo and want not in paths:
        i = todo.pop(0)
        for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"):
            j = step(key, i)
            if j not in paths:
                paths[j] = paths[i] + [key]
                todo.append(j)
    return paths[want]


def kb_move(page, n):
    """One step of the game by keyboard (see the module docstring). ``n``: the step number, which
    picks Enter or Space and C or the Enter key, so both are used. Returns the chosen control's
    data-action (None for a confirmation or a hand-off)."""
    if page.locator(CONFIRM).count():
        assert focused(page)[0] == "ui:confirm", "a pending confirmation must have focus"
        key = ("e" if page.locator(".end-turn").count() else "c") if n % 2 else "Enter"
        press(page, key)
        return
    if page.locator(HANDOFF).count():
        assert focused(page)[0] == "ui:handoff-ok"
        press(page, "Enter")
        return
    opts = choices(page)
    assert opts, "a person's decision must offer choices"
    current = focused(page)[0]
    ids = [a for a, _ in opts]
    assert current in ids, f"after a move focus must be on a choice, not {current!r}"
    if n % HINT_EVERY == 0 and not any(h for _, h in opts):
        press(page, "h")  # Hint: the game's bot suggests a move
        # worked out in the background worker (Hard level); its answer redraws
        page.wait_for_function("document.body.dataset.hint === 'shown'")
        opts = choices(page)
        ids = [a for a, _ in opts]
        current = focused(page)[0]
        assert current in ids, "the Hint keeps focus on the choice"
        assert any(h for _, h in opts), "the Hint marks one of the choices"
    hinted = [i for i, (_, h) in enumerate(opts) if h]
    want = hinted[0] if hinted else (7 * n + 3) % len(opts)
    for key in arrow_path(boxes(page), ids.index(current), want):
        page.keyboard.press(key)
    page.wait_for_function(f"document.activeElement && document.activeElement.dataset.action === {ids[want]!r}")
    press(page, "Enter" if n % 2 else " ")
    return ids[want]


def play_until(page, done, limit):
    """Keyboard steps until ``done()``: the data-action of every choice made, in order."""
    chosen = []
    for n in range(limit):
        if done():
            return chosen
        chosen.append(kb_move(page, n))
        wait_no_bot(page)  # computer seats (botdelay=0) decide after the redraw
    pytest.fail(f"not done after {limit} keyboard steps")


def barcelona_last_turns():
    """A 2-player Barcelona game's last turns (its record, from the engine's own Easy bot)."""
    from engine.barcelona import bot, new_game
    from engine.core.rng import Rng

    g, r = new_game(2, seed=8), Rng(8)
    while not g.is_over:
        g.apply(bot.choose(g, r))
    return near_the_end(g, LAST_TURNS)


def test_barcelona_by_keyboard_from_the_form_to_the_result(page, base):
    """The form and the first turns of a game, then the last turns of another (its record
    imported) to the result: every decision kind of a game by keyboard without playing a whole
    game through the page (e2e/test_barcelona.py plays the whole game, by clicks)."""
    start_game(page, base, "barcelona", 2)
    assert focused(page)[0] in [a for a, _ in choices(page)], "the new game's first choice has focus"
    for n in range(OPENING_STEPS):
        kb_move(page, n)
        wait_no_bot(page)
    assert len(saved_record(page)["actions"]) >= OPENING_STEPS // 4  # moves, not only confirmations
    load_record(page, barcelona_last_turns())
    tab_to(page, CHOICES)  # the imported game's first choice, by Tab as a keyboard user would
    steps = play_until(page, lambda: page.get_attribute("body", "data-game-over") == "1", 600)
    assert len(steps) > 2 * LAST_TURNS
    assert "win" in page.locator(".end .winners").inner_text()
    assert "Game over" in page.locator("#announce").inner_text()


def test_strasbourg_round_by_keyboard(page, base):
    start_game(page, base, "strasbourg", 3, bots=(2,))
    round2 = '[data-region="board"] [data-info^="Round 2 of 5"]'
    steps = play_until(page, lambda: page.locator(round2).count() > 0, 600)
    kinds = {aid.split(":")[0] for aid in steps if aid}
    # the round's decision kinds by keyboard: the hand, the auctions and a placement
    assert {"keep", "bid"} <= kinds and len(kinds) >= 5, kinds
    # the live region read the moves out; the prompt of the new round is in it
    assert page.locator("#announce").inner_text().strip()


def test_keys_do_nothing_while_typing(page, base):
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=3")
    wait_ready(page)
    # "?" opens Help from the board, and again closes it
    press(page, "?")
    assert page.locator(".card.help .keys").count() == 1
    assert "Undo" in page.locator(".card.help .keys").inner_text()
    press(page, "?")
    assert page.locator(".card.help").count() == 0
    # in the new-game form's name field, H and U are letters, not Hint and Undo
    tab_to(page, '[data-action="ui:new-game"]')
    press(page, "Enter")
    tab_to(page, 'input[name="name0"]')
    before = state(page)
    page.keyboard.press("End")
    for ch in "hu?":
        page.keyboard.press(ch)
    assert state(page) == before, "a shortcut fired while typing in a form field"
    assert page.input_value('input[name="name0"]').endswith("hu?")
    # Escape cancels a pick made with the keyboard; focus returns to a choice
    tab_to(page, '[data-action="ui:resume"]')
    press(page, "Enter")
    first = focused(page)[0]
    assert first.startswith("ui:pick:") or first in [a for a, _ in choices(page)]
    press(page, "Enter")  # a pick (which one?), or the move itself ("Confirm every move" is off)
    if page.locator(".preview").count() or page.locator(".pick").count():
        press(page, "Escape")
    assert page.locator(".preview").count() == 0 and page.locator(".pick").count() == 0
    assert focused(page)[0] in [a for a, _ in choices(page)]

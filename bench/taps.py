#!/usr/bin/env python3
"""Taps per decision: plays seeded games through the real page (Debian Chromium, the e2e harness's
server) with the fewest taps, and prints the taps beside the number of decisions the engine asked.

Usage: bench/taps.py [TURNS=12] [GAMES=barcelona,strasbourg] [confirm] [hidden] [--dist DIR]
  TURNS    turns played per game (a turn: one seat's run of decisions until another seat, or the
           solo opponent, is to move)
  confirm  with "Confirm every move" on (URL knob confirm=1), for comparison; default settings else
  --dist   a built dist/ to serve (e.g. another commit's, for a side-by-side run) instead of
           building this tree's
  hidden   with hidden hands (URL knob hidden=1): the hand-off card's tap ("I am Ann") counts too;
           where the card offers the decision itself (web/model/handoff_choices.py: nothing secret
           shows), that one tap takes the device and decides ("decided on the card"); where its
           board offers the decision's place (Barcelona's intersection), the tap on it takes the
           device and plays the one action there ("decided on the card") or picks the place, and
           the order is the next tap ("order after the card")

How: a copy of the engine in this process (same game, same seed) chooses each decision with the
game's "easy" bot and knows whose turn it is; the page is then driven with taps only: the action's
own control (board target or decision-bar button), or its board place first when the place stands
for several actions (Barcelona: two different citizens on one intersection), then Confirm / End
turn when the page asks. Every tap waits on the page's redraw counter (body[data-state]), never on
time. The engine copy and the page are checked to agree (the saved record's actions) at the end.
Goal: <= 1.15 taps per decision with default settings, both games.
"""

import sys
from pathlib import Path
from statistics import mean

from playwright.sync_api import sync_playwright

from bench._common import build_and_serve, launch

from scripts.browser import CONFIRM, Server, saved_record, state, wait_ready, wait_state_after

import engine  # noqa: E402,F401  (registers the games)
from engine.core import registry
from engine.core.rng import Rng

PICK = 'main [data-action^="ui:pick:"]'
HANDOFF = '#app [data-action="ui:handoff-ok"]'
SEEDS = {"barcelona": 42, "strasbourg": 5}
PLAYERS = {"barcelona": 3, "strasbourg": 3}


def tap(page, selector):
    before = state(page)
    page.locator(selector).first.click()
    wait_state_after(page, before)


def turn_number(game, seat):
    return game.view(seat).get("turn")


def play_decision(page, aid, extra):
    """Play engine action ``aid`` on the page with the fewest taps; returns the taps made.
    ``extra`` counts the taps beyond the action's own: "pick" (its board place first), "confirm"."""
    sel = f'main [data-action="{aid}"]:not(.tray > *)'  # the tray's copy is hidden at this size
    taps = 0
    if not page.locator(sel).count():
        # behind a board place: the pick whose actions include this one
        picks = page.eval_on_selector_all(PICK, "els => els.map(e => e.dataset.action)")
        keys = {aid.split(":")[1]} if ":" in aid else set()
        keys |= {"site:" + k for k in keys}  # Barcelona: an intersection "R,C", a building site
        pick = next((p for p in picks if p[len("ui:pick:") :] in keys), None)
        assert pick, f"{aid!r} is neither on screen nor behind a board place ({picks})"
        tap(page, f'main [data-action="{pick}"]')
        taps += 1
        extra["pick"] += 1
    assert page.locator(sel).count(), f"{aid!r} not on screen"
    tap(page, sel)
    taps += 1
    if page.locator(CONFIRM).count():
        tap(page, CONFIRM)
        taps += 1
        extra["confirm"] += 1
    return taps


def card_place(page, aid):
    """The hand-off card's board target (``ui:pick:KEY``, web/screens/handoff_card.py) that stands
    for ``aid`` (Barcelona: a placement's intersection "R,C"), or None."""
    if ":" not in aid:
        return None
    sel = f'#app .handoff [data-action="ui:pick:{aid.split(":")[1]}"]'
    return sel if page.locator(sel).count() else None


def play(ctx, base, name, turns, confirm, hidden=False):
    spec = registry.get(name)
    seed, players = SEEDS[name], PLAYERS[name]
    game = spec.new_game(players, seed=seed, **spec.defaults())
    bot, rng = spec.bot("easy"), Rng(seed)
    page = ctx.new_page()
    page.goto(f"{base}index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.goto(f"{base}index.html?game={name}&players={players}&seed={seed}&confirm={int(confirm)}&hidden={int(hidden)}")
    wait_ready(page)
    per_turn = []  # (decisions, taps) of each finished turn
    decisions = taps = 0
    cur = [0, 0]
    extra = {"pick": 0, "confirm": 0, "handoff": 0, "on_card": 0, "card_order": 0}
    while len(per_turn) < turns and not game.is_over:
        seat, turn = game.current_player, turn_number(game, game.current_player)
        aid = bot(game, rng).id
        n = 0
        on_card = f'#app [data-action="ui:handoff-play:{aid}"]'
        place = card_place(page, aid)
        if page.locator(HANDOFF).count() and page.locator(on_card).count():
            # the card offers the decision itself (nothing secret shows): one tap takes the device
            # and decides
            tap(page, on_card)
            n, extra["on_card"] = 1, extra["on_card"] + 1
            if page.locator(CONFIRM).count():
                tap(page, CONFIRM)
                n, extra["confirm"] = n + 1, extra["confirm"] + 1
        elif page.locator(HANDOFF).count() and place:
            # the card's board offers the decision's place (Barcelona: its intersection): one tap
            # takes the device and plays the seat's one action there, or picks the place, and the
            # order is the next tap (the pick's button or the half on the board)
            tap(page, place)
            n = 1
            if page.locator(f'main [data-action="{aid}"]:not(.tray > *)').count():
                n, extra["card_order"] = n + play_decision(page, aid, extra), extra["card_order"] + 1
            else:
                extra["on_card"] += 1
                if page.locator(CONFIRM).count():
                    tap(page, CONFIRM)
                    n, extra["confirm"] = n + 1, extra["confirm"] + 1
        else:
            if page.locator(HANDOFF).count():  # hidden hands: the card asks who holds the device
                tap(page, HANDOFF)
                n, extra["handoff"] = 1, extra["handoff"] + 1
            n += play_decision(page, aid, extra)
        game.apply(aid)
        decisions, taps = decisions + 1, taps + n
        cur = [cur[0] + 1, cur[1] + n]
        if game.is_over or game.current_player != seat or turn_number(game, seat) != turn:
            per_turn.append(tuple(cur))
            cur = [0, 0]
    rec = saved_record(page)
    assert rec and rec["actions"] == game.actions, "the page and the engine copy disagree"
    page.close()
    return decisions, taps, per_turn, extra


def main(argv):
    dist = None
    if "--dist" in argv:
        i = argv.index("--dist")
        dist, argv = argv[i + 1], argv[:i] + argv[i + 2 :]
    turns = int(next((a for a in argv if a.isdigit()), 12))
    games = next((a.split(",") for a in argv if not a.isdigit() and a not in ("confirm", "hidden")), None)
    games = games or ["barcelona", "strasbourg"]
    confirm, hidden = "confirm" in argv, "hidden" in argv
    server = Server(Path(dist)) if dist else build_and_serve()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            ctx = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
            print(
                f"settings: {'Confirm every move ON' if confirm else 'default (Confirm every move off)'}, "
                f"{'hidden hands' if hidden else 'open hands'}; "
                f"{turns} turns per game; policy: the game's easy bot, seeded"
            )
            print(
                f"{'game':<11} {'turns':>5} {'decisions':>9} {'taps':>5} {'taps/decision':>13} "
                f"{'decisions/turn':>14} {'taps/turn':>9} {'taps/turn min-max':>17} {'place picks':>11} {'confirms':>8} "
                f"{'hand-offs':>9} {'decided on the card':>19} {'order after the card':>20}"
            )
            for name in games:
                d, t, per_turn, extra = play(ctx, server.url.rstrip("/") + "/", name, turns, confirm, hidden)
                tt = [x[1] for x in per_turn]
                print(
                    f"{name:<11} {len(per_turn):>5} {d:>9} {t:>5} {t / d:>13.2f} "
                    f"{mean(x[0] for x in per_turn):>14.2f} {mean(tt):>9.2f} {min(tt):>14}-{max(tt):<2} "
                    f"{extra['pick']:>11} {extra['confirm']:>8} {extra['handoff']:>9} {extra['on_card']:>19} "
                    f"{extra['card_order']:>20}",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])

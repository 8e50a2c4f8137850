#!/usr/bin/env python3
"""Hands on phones (docs/pairing.md): taps per decision with every person's seat on a phone, and
the latency from a phone's tap to the table's updated table and to the phone's next screen.

A table page (1180x820) and one phone page per person (390x844, touch), each in its own browser
context, paired through the text codes (scripts/phones.py), play ``N`` decisions of a two-person
hidden-hands game through the phones (Strasbourg: with a
computer in the third seat, which plays on the table) with the fewest taps (the first choice on screen; a two-step
board choice is two taps). Clocks: ``Date.now()`` (the pages share the machine's clock): the
phone's tap (its click event), the table's redraw after it played the move (body[data-remote-moves]
set at the end of that redraw) and the frame after it, the phone's redraw with the next state
(body[data-remote-seq]). Prints medians and p90 (goal: tap -> table's table, median <= 150 ms; taps
per decision <= 1.10). Never a timed assertion: figures for bench/RESULTS.md.

Usage: bench/phone_latency.py [N=40] [game=barcelona|strasbourg] [--dist DIR] (DIR: a built dist/,
else dist/ is built first)."""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import build_and_serve, median, pct
from scripts.browser import CHROMIUM, CHROMIUM_ARGS, Server, click_and_wait, play_step, reveal, wait_ready
from scripts.phones import PHONE, RTC_FLAGS, TABLET, pair, wait_moves, wait_phone_current

TAP_CLOCK = (
    "addEventListener('click', () => { window.__tapAt = Date.now(); window.__taps = (window.__taps || 0) + 1; }, true);"
)
TABLE_CLOCK = """window.__movesAt = {};
new MutationObserver(() => {
  const m = document.body && document.body.dataset.remoteMoves;
  if (m && !(m in window.__movesAt)) {
    window.__movesAt[m] = Date.now();
    requestAnimationFrame(() => { window.__movesAt[m + ":frame"] = Date.now(); });
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-remote-moves"]});"""
PHONE_CLOCK = """window.__seqAt = {};
new MutationObserver(() => {
  const s = document.body && document.body.dataset.remoteSeq;
  if (s && !(s in window.__seqAt)) window.__seqAt[s] = Date.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-remote-seq"]});"""


def main(argv):
    n = int(argv[0]) if argv and argv[0].isdigit() else 40
    game = next((a for a in argv if a in ("barcelona", "strasbourg")), "barcelona")
    dist = argv[argv.index("--dist") + 1] if "--dist" in argv else None
    server = Server(Path(dist)) if dist else build_and_serve()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + RTC_FLAGS)

            def device(script, **context):
                page = browser.new_context(service_workers="block", **context).new_page()
                page.add_init_script(script)
                return page

            table = device(TABLE_CLOCK, **TABLET)
            # two people on phones (Strasbourg: three seats at least, the third a computer)
            seats = "players=2" if game == "barcelona" else "players=3&bots=2&botdelay=0"
            table.goto(f"{server.url}index.html?game={game}&{seats}&seed=3&hidden=1")
            wait_ready(table)
            phones = {seat: device(TAP_CLOCK + PHONE_CLOCK, **PHONE) for seat in (0, 1)}
            for p in phones.values():
                p.goto(f"{server.url}index.html")
                wait_ready(p)
            click_and_wait(table, reveal(table, '[data-action="ui:phones"]'))
            for seat, p in phones.items():
                pair(table, p, seat)
            click_and_wait(table, '[data-action="ui:phones-done"]')
            to_table, to_frame, round_trip, taps = [], [], [], 0
            for _ in range(n):
                if table.get_attribute("body", "data-game-over") == "1":
                    print("game over")
                    break
                seat = next(
                    s
                    for s, p in phones.items()
                    if p.locator(".phone-bar .actions .act, main .legal[data-action]").count()
                )
                phone = phones[seat]
                moves = int(table.get_attribute("body", "data-remote-moves") or 0)
                before = phone.evaluate("window.__taps || 0")
                seq = int(phone.get_attribute("body", "data-remote-seq") or 0)
                play_step(phone, tap=True)
                wait_moves(table, moves)
                wait_phone_current(phone, table, seat)
                for s, p in phones.items():
                    wait_phone_current(p, table, s)
                tap_at = phone.evaluate("window.__tapAt")
                table.wait_for_function(f"window.__movesAt['{moves + 1}:frame'] !== undefined")
                at = table.evaluate(f"[window.__movesAt['{moves + 1}'], window.__movesAt['{moves + 1}:frame']]")
                to_table.append(at[0] - tap_at)
                to_frame.append(at[1] - tap_at)
                first = phone.evaluate(
                    f"Math.min(...Object.entries(window.__seqAt).filter(([k]) => Number(k) > {seq}).map(([, v]) => v))"
                )
                if first is not None and first != float("inf"):  # the first state after the tap
                    round_trip.append(first - tap_at)
                taps += phone.evaluate("window.__taps || 0") - before
            decisions = len(to_table)
            print(
                f"{game}: {decisions} decisions on two phones, {taps} taps: {taps / max(1, decisions):.2f} taps per decision"
            )
            for name, xs in (
                ("phone tap -> table redrawn", to_table),
                ("phone tap -> table's next frame", to_frame),
                ("phone tap -> phone shows the next state", round_trip),
            ):
                print(f"  {name}: median {median(xs):.0f} ms, p90 {pct(xs, 90):.0f} ms (n={len(xs)})")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])

"""A long session in one page: 120 moves over 6 games (the first opened on the shared booted
app, then 5 new games from the form). Live DOM nodes, all DOM nodes the renderer process holds (CDP
Memory.getDOMCounters: detached trees count there too) and the JS heap, each after a forced GC,
are measured at the same point of the first and the last game and must stay flat."""

from e2e_harness import start_game
from scripts.browser import click_and_wait, play_step

MOVES_PER_GAME = 20  # a game's worth of redraws of every kind; what must stay flat is per game
NEW_GAMES = 5


def measure(page, cdp):
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    counters = cdp.send("Memory.getDOMCounters")
    heap = cdp.send("Runtime.getHeapUsage")
    return {
        "live_elements": page.evaluate("document.getElementsByTagName('*').length"),
        "dom_nodes": counters["nodes"],
        "listeners": counters["jsEventListeners"],
        "documents": counters["documents"],
        "js_heap": heap["usedSize"],
        "perf_heap": page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0"),
    }


def play_game(page):
    for _ in range(MOVES_PER_GAME):
        play_step(page)


def test_moves_and_5_new_games_stay_flat(table):
    page = start_game(table, "game=barcelona&players=3&seed=21")
    cdp = page.context.new_cdp_session(page)
    play_game(page)
    first = measure(page, cdp)
    for _ in range(NEW_GAMES):
        click_and_wait(page, '[data-action="ui:new-game"]')
        click_and_wait(page, '[data-action="ui:start"]')
        play_game(page)
    last = measure(page, cdp)
    cdp.detach()
    print(f"\nafter game 1 ({MOVES_PER_GAME} moves): {first}")
    print(f"after game {NEW_GAMES + 1} ({MOVES_PER_GAME * (NEW_GAMES + 1)} moves): {last}")
    for key in ("live_elements", "dom_nodes"):
        assert last[key] <= first[key] * 1.10, (key, first[key], last[key])
    assert last["listeners"] <= first["listeners"] + 5, (first["listeners"], last["listeners"])
    assert last["documents"] <= first["documents"]
    assert last["js_heap"] <= first["js_heap"] * 1.25, (first["js_heap"], last["js_heap"])

"""Barcelona end to end: a whole 2-player game by clicks only, every action kind changing the
board when clicked, and undo.

The games are deterministic: the test process runs the same engine (``engine.barcelona``) to know
what each click must do, and checks the page against it (the autosaved record, the scores, the
SVG). The printed first-game layout (``layout=printed``) fixes the action tiles:
columns A-E 2 coins / 1 wide street / intersection / cobblestone / Modernisme project, rows 1-5
improve / 1 cloth + 3 VP / public service / Cerdà +2 / 2 narrow streets, diagonal tram and passenger.
"""

import random

import pytest
from e2e_harness import start_game
from scripts.browser import PLAYABLE, GAME_ACTION, actions_on_screen, click_action, click_and_wait, saved_record

import engine
import engine.barcelona as bcn
from engine.barcelona import board as B
from engine.barcelona import data as D
from web.i18n import t as _t, tr  # the page speaks English by default: the en catalog's words

HANDOFF = '[data-action="ui:handoff-ok"]'
UNDO = '[data-action="ui:undo"]'
WHOLE_GAME_SEED = 121  # 106 clicks with the "sorted ids, n mod count" choice below (CPython-checked)
MAX_CLICKS = 400


def query(seed, extra=""):
    return f"game=barcelona&players=2&seed={seed}&layout=printed{extra}"


def ids_on_screen(page):
    return page.eval_on_selector_all(GAME_ACTION, "els => els.map(e => e.dataset.action)")


def click_id(page, aid):
    """Click the one control of engine action ``aid`` (board target or panel button; two different
    citizens: the intersection first, then the order in the decision bar)."""
    click_action(page, aid)


def board_titles(page):
    """The tooltips of the board SVG: every piece on the board has one naming it."""
    return page.eval_on_selector_all("main svg title", "els => els.map(e => e.textContent)")


def count_prefix(titles, prefix):
    return sum(1 for t in titles if t.startswith(prefix))


def log_lines(page):
    return page.eval_on_selector_all(".log li", "els => els.map(e => e.textContent)")


# ----- 1. a whole game -----------------------------------------------------------------------------
def test_whole_game_by_clicks(table):
    """Play to the end clicking only on-screen controls. Click n is the (n mod count)-th of the
    distinct action ids on screen, sorted: deterministic whatever the panel layout, and it mixes
    board targets (citizens, buildings, streets...) with panel buttons. At every step the ids on
    screen must be exactly the engine's legal actions: nothing is missing or unclickable."""
    page = start_game(table, f"game=barcelona&players=2&seed={WHOLE_GAME_SEED}")
    mirror = engine.replay(saved_record(page))  # the same game in this process (default layout)
    assert mirror.options["layout"] == "printed", "WHOLE_GAME_SEED was chosen for the printed layout"
    kinds, where = set(), {"board": 0, "panel": 0}
    for n in range(MAX_CLICKS):
        if page.get_attribute("body", "data-game-over") == "1":
            break
        if page.locator(HANDOFF).count():
            click_and_wait(page, HANDOFF)
            continue
        ids = sorted(set(actions_on_screen(page, [a.id for a in mirror.legal_actions()])))
        assert ids == sorted(a.id for a in mirror.legal_actions()), f"click {n}: on screen != legal"
        aid = ids[n % len(ids)]
        kinds.add(aid.split(":")[0])
        on_board = page.locator(f'.board [data-action="{aid}"], .region [data-action="{aid}"]').count()
        where["board" if on_board or aid.startswith("place:") else "panel"] += 1
        click_id(page, aid)
        mirror.apply(aid)
    else:
        pytest.fail(f"game not over after {MAX_CLICKS} clicks")
    assert mirror.is_over
    rec = saved_record(page)
    assert rec["actions"] == mirror.record()["actions"]
    g = engine.replay(rec)  # the engine's own replay of the autosave
    assert g.is_over
    end = page.locator("section.end")
    assert end.is_visible()
    table = end.locator("table.scores")
    assert table.is_visible()
    totals = [int(t) for t in table.locator("tr.total td, td.total").all_inner_texts()]
    assert totals == g.scores()
    winners = end.locator(".winners").inner_text()
    for s in range(2):
        assert (g.names[s] in winners) == (s in g.winners()), winners
    assert "win" in winners
    chart = end.locator("svg.chart")
    assert chart.is_visible()
    assert chart.locator("polyline").count() == 2
    assert page.locator(PLAYABLE).count() == 0
    assert page.locator(".board svg").count() == 1
    # both board targets and panel buttons were clicked
    assert where["board"] > 0 and where["panel"] > 0, where
    assert kinds >= {"place", "act", "build"}
    assert kinds & {"keep", "discard", "stile", "split", "owner"}


# ----- 2. every action kind changes the board -------------------------------------------------------
COVER_SEED = 12  # a 54-action scripted game covers every tag below (planned in CPython)
COVER = (
    "place",
    "act",
    "cobble",
    "street",
    "cross",
    "improve",
    "mtake",
    "service",
    "tram",
    "passenger:yes",
    "stile",
    "build:1",
    "build:corner",
    "build:2",
    "build:3",
)


def tag(aid):
    """What a click covers: the action kind, with the choice for streets/passenger and the
    level for buildings (each action tile is one "act" click: the goods tiles need no choice)."""
    kind, _, arg = aid.partition(":")
    if kind in ("streets", "passenger"):
        return aid
    if kind == "build":
        return "build:" + arg.split(":")[1]
    return kind


def _after(g, aid):
    h = g.clone()
    h.apply(aid)
    return h


def coverage_plan(seed, choice_seed=0, limit=300):
    """Action ids from the start of a 2-player printed-layout game until every COVER tag was played.

    Greedy on the engine: take an uncovered tag when offered; place citizens where the street
    actions lead to uncovered tags (or a building of an uncovered level); take street actions that
    open an uncovered choice, else one that gains coins (money makes the rest affordable); any other
    choice from a seeded RNG. Deterministic for a given engine."""
    g = bcn.new_game(2, seed=seed, layout="printed")
    rng = random.Random(choice_seed)
    todo, ids = set(COVER), []

    def opens(h):
        return {tag(a.id) for a in h.legal_actions()} & todo

    while todo:
        assert not g.is_over and len(ids) < limit, f"seed {seed}: never reached {sorted(todo)}"
        legal = [a.id for a in g.legal_actions()]
        fresh = [a for a in legal if tag(a) in todo]
        kind = legal[0].split(":")[0]
        if fresh:
            aid = fresh[0]
        elif kind == "place" and len(legal) > 1:
            score = {}
            for p in legal:
                h = _after(g, p)
                score[p] = sum(len(opens(_after(h, a.id))) for a in h.legal_actions())
            top = max(score.values())
            aid = rng.choice([p for p in legal if score[p] == top])
        elif kind == "act":
            opts = [a for a in legal if a != "act:done"]
            seat = g.current_player
            aid = next((a for a in opts if opens(_after(g, a))), None) or next(
                (a for a in opts if _after(g, a).players[seat].coins > g.players[seat].coins), "act:done"
            )
        else:
            aid = rng.choice(legal)
        todo.discard(tag(aid))
        ids.append(aid)
        g.apply(aid)
    return ids


def _cross_name(rc):
    r, c = rc
    return f"{'ABCDE'[c]}{r + 1}"


def _rc(s):
    return tuple(int(x) for x in s.split(","))


def _site_label(site):
    if site[0] == "b":
        return f"block {'ABCD'[int(site[2])]}{int(site[1]) + 1}"
    return f"{'upper' if site[2] == 'u' else 'lower'} corner of block {'ABCD'[int(site[1])]}{int(site[1]) + 1}"


def pboard(page, seat):
    loc = page.locator(f'main .pboard[data-seat="{seat}"]')
    return {"titles": loc.locator("title").all_text_contents(), "text": loc.text_content()}


def tram_box(page, name):
    return page.evaluate(
        """name => {
        const t = [...document.querySelectorAll('.board svg title')].find(e => e.textContent === 'tram of ' + name);
        if (!t) return null;
        const b = t.parentNode.getBBox();
        return [Math.round(b.x), Math.round(b.y)];
    }""",
        name,
    )


def check_board_change(page, aid, seat, g, before, after):
    """Assert what the click of ``aid`` by ``seat`` visibly changed; ``g`` is the engine after it."""
    kind, _, arg = aid.partition(":")
    name = g.names[seat]
    tb, ta = before["titles"], after["titles"]
    me = g.view(None)["player_boards"][seat]
    if kind == "place" and arg != "none":
        where, code = arg.split(":")
        t = f"{_cross_name(_rc(where))}: citizens (top first) " + ", ".join(_t(D.CLASS_NAMES[k]) for k in code)
        assert t in ta and t not in tb, t
        assert f"{_cross_name(_rc(where))}: the current player acts here" in ta
    elif kind == "act" and arg != "done":
        key = g.action_tiles[before["lines"][arg]]
        assert any(_t(D.ACTION_NAMES[key]) in e for e in after["new_log"]), (aid, after["new_log"])
        if key in D.ACTION_GAINS:  # a goods tile: the warehouse (and for cloth the VP) at once
            ware = f"warehouse: {me['coins']} coins, {me['cloth']} cloth,"
            assert any(t.startswith(ware) for t in after["pboard"]["titles"]), ware
            if key == "cloth":
                assert f"{me['vp']} VP · Cerdà" in after["pboard"]["text"]
    elif kind == "cobble":
        assert count_prefix(ta, f"cobblestone of {name}") == count_prefix(tb, f"cobblestone of {name}") + 1
    elif kind == "streets":
        targets = page.eval_on_selector_all('.board [data-action^="street:"]', "els => els.map(e => e.dataset.action)")
        assert targets and all(B.segment_kind(t[7:]) == arg for t in targets), targets
    elif kind == "street":
        label = f"{B.segment_kind(arg)} street of {name}"
        assert count_prefix(ta, label) == count_prefix(tb, label) + 1
    elif kind == "cross":
        t = f"intersection {_cross_name(_rc(arg))}: tile of {name}"
        assert t in ta and t not in tb
    elif kind == "improve":
        i = int(arg)
        assert any(t.startswith(f"space {i + 1}:") and t.endswith("; improved") for t in after["pboard"]["titles"])
        assert not any(t.startswith(f"space {i + 1}:") and t.endswith("; improved") for t in before["pboard"]["titles"])
    elif kind == "mtake":
        tile, i = arg.split("@")
        head = f"space {int(i) + 1}: {_t(D.CONDITIONS[tile][1])} ×"
        assert any(t.startswith(head) for t in after["pboard"]["titles"]), head
    elif kind == "service":
        assert _t(D.SERVICES[arg][0])[:17] in after["pboard"]["text"]
        assert _t(D.SERVICES[arg][0])[:17] not in before["pboard"]["text"]
    elif kind == "tram":
        assert count_prefix(ta, f"tram of {name}") == 1
        assert after["tram"] is not None and after["tram"] != before["tram"]
        assert any(B.segment_label(arg) in e for e in after["new_log"])
    elif kind == "passenger" and arg == "yes":
        assert count_prefix(ta, f"passenger of {name}") == count_prefix(tb, f"passenger of {name}") + 1
    elif kind == "stile":
        lvl = arg.split(".")[0]
        sag = next(t for t in after["pboard"]["titles"] if t.startswith("Sagrada Família"))
        old = next(t for t in before["pboard"]["titles"] if t.startswith("Sagrada Família"))
        assert sag.count(f"L{lvl}") == old.count(f"L{lvl}") + 1, (old, sag)
    elif kind == "build":
        site, level, _ = arg.split(":")
        t = f"{_site_label(site)}: {'corner' if level == 'corner' else 'L' + level} building"
        assert t in ta and t not in tb, t


def snapshot(page, seat, g):
    return {
        "titles": board_titles(page),
        "pboard": pboard(page, seat),
        "tram": tram_box(page, g.names[seat]),
        "log": log_lines(page),
    }


def test_each_action_kind_changes_the_board(table):
    """A scripted game (ids planned on the engine, then clicked one by one on [data-action=id])
    that plays every action kind; after each click the board shows the change, the log shows the
    engine's new lines (newest first) and the autosave holds the action."""
    plan = coverage_plan(COVER_SEED)
    page = start_game(table, query(COVER_SEED))
    g = bcn.new_game(2, seed=COVER_SEED, layout="printed")
    seen, lines = set(), {}
    for aid in plan:
        seat = g.current_player
        before = snapshot(page, seat, g)
        before["lines"] = lines
        n_log = len(g.view(seat)["log"])
        click_id(page, aid)
        g.apply(aid)
        if aid.startswith("place:") and aid != "place:none":
            r, c = _rc(aid.split(":")[1])
            lines = {"v": f"v{c}", "h": f"h{r}", "d": "d"}
        after = snapshot(page, seat, g)
        new = [tr(e["text"], g.names) for e in g.view(g.current_player)["log"][n_log:]]
        dom_new = after["log"][: len(new)]
        assert all(d.endswith(e) for d, e in zip(dom_new, reversed(new))), (aid, dom_new, new)
        after["new_log"] = new
        check_board_change(page, aid, seat, g, before, after)
        assert saved_record(page)["actions"] == g.record()["actions"]
        seen.add(tag(aid))
    assert set(COVER) <= seen


# ----- 3. undo -----------------------------------------------------------------------------------------
def board_html(page):
    return page.inner_html(".board")


def test_undo_within_a_turn_not_across_seats(table):
    """Place citizens, take a street action: undo steps back through the action and the placing,
    each time to exactly the board shown before that step. Once the turn has passed to the other
    seat, Undo takes the whole end of the turn back (it drew citizens only into seat 0's hidden
    hand, which no screen showed: Game.can_take_back(unseen=True)) until seat 1 decides; after
    that it never reaches back into seat 0's turn."""
    seed = COVER_SEED
    page = start_game(table, query(seed))
    g = bcn.new_game(2, seed=seed, layout="printed")
    undo = page.locator(UNDO)
    start = board_html(page)
    assert undo.is_disabled()
    # A1, the diagonal: 2 coins / improve / tram (the citizens in the first hand, top first)
    place = next(a.id for a in g.legal_actions() if a.id.startswith("place:0,0:"))
    steps = [place, "act:h", "improve:0"]  # row 1 is "Improve Modernisme"; space 1 costs nothing
    boards = [start]
    for aid in steps:
        click_id(page, aid)
        g.apply(aid)
        assert g.can_undo() and undo.is_enabled(), aid
        boards.append(board_html(page))
    assert len(set(boards)) == len(boards)  # every step changed the board
    assert any("; improved" in t for t in pboard(page, 0)["titles"])
    for k in range(len(steps), 0, -1):
        click_and_wait(page, UNDO)
        assert saved_record(page)["actions"] == steps[: k - 1]
        assert board_html(page) == boards[k - 1], f"undo of {steps[k - 1]} did not restore the board"
    assert undo.is_disabled()  # back at the start of the game
    assert not any("; improved" in t for t in pboard(page, 0)["titles"])
    # play the turn again, to its end: the turn passes to seat 1 and undo is disabled
    g = bcn.new_game(2, seed=seed, layout="printed")
    for aid in (place, "act:h", "improve:0", "act:done"):
        click_id(page, aid)
        g.apply(aid)
    while g.current_player == 0:  # a forced building, if any
        aid = sorted(a.id for a in g.legal_actions())[0]
        click_id(page, aid)
        g.apply(aid)
    assert g.current_player == 1 and not g.can_undo()
    assert saved_record(page)["actions"] == g.record()["actions"]
    if g.can_take_back(unseen=True):  # the turn ended by "Finish actions": its draw is all it revealed
        assert undo.is_enabled()
        click_and_wait(page, UNDO)
        assert saved_record(page)["actions"] == g.record()["actions"][:-1]
        last = g.actions[-1]
        click_id(page, last)
    else:  # a build ended it, turning up the next building tile (rulebook p.12): no way back
        assert undo.is_disabled()
    assert saved_record(page)["actions"] == g.record()["actions"]
    # a step of seat 1 can be undone, but never back into seat 0's turn's own moves: back at seat
    # 1's first decision, only the take-back of seat 0's turn end (as right after it) is left
    click_id(page, next(a.id for a in g.legal_actions() if a.id.startswith("place:")))
    assert undo.is_enabled()
    click_and_wait(page, UNDO)
    assert saved_record(page)["actions"] == g.record()["actions"]
    assert undo.is_enabled() == g.can_take_back(unseen=True)

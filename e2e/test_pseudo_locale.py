"""No visible word skips the catalogs: the pseudo-locale ``qps`` (scripts/catalogs.py
wraps every English text of every catalog in ⟦…⟧) is switched on with ``lang=qps``, both games'
screens are walked, and any rendered text outside the markers fails the test, unless it is a
number, punctuation, a symbol, a single letter (seat letters, key names) or a player's name.

Text inside the board drawings counts too (what a player reads on the board is words as well).
The engine's words come from the game domains (barcelona, strasbourg): until those catalogs
exist, their keys show unmarked and this test names them.
"""

import json
import re

import pytest
from e2e_harness import load_record, start_game, wait_ready
from scripts.browser import PLAYABLE, ROOT, click_and_wait, play_step, state, wait_state_after

NAMES = ["Ann", "Bob", "Cyd"]
OPEN, CLOSE = "⟦", "⟧"
MARKED = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*" + CLOSE)
CUT = re.compile(OPEN + "[^" + OPEN + CLOSE + "\n]*")
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row: a word (any script)
# Proper names that are not catalog text: the games' printed titles (engine/core/registry.py
# "never translated") and the languages' own names in the picker.
ALLOWED = {"Barcelona", "Strasbourg"}

# Rendered text of the page (innerText: only what is displayed), minus the language pickers
# (each language's name in its own language is no catalog text) and the hidden live region.
# The tutorial pages' language links are those names too, and the examples page's <code> is the
# embed parameters' syntax (focus=block:0,1), not words.
VISIBLE_TEXT = """() => {
  const skip = Array.from(document.querySelectorAll('.lang-pick, #announce, #loading, a[hreflang], code'));
  skip.forEach(el => el.dataset.qpsHidden = el.style.display, skip.forEach(el => el.style.display = 'none'));
  const text = document.body.innerText;
  skip.forEach(el => el.style.display = el.dataset.qpsHidden || '');
  return text;
}"""


def unmarked(text, names=()):
    """The words of ``text`` outside ⟦…⟧ (nested markers: innermost first)."""
    prev = None
    while prev != text:
        prev, text = text, MARKED.sub(" ", text)
    # A catalog text the board cut to fit its space (glyphs.fit: no ellipsis, the full text is in
    # the element's data-info) keeps its opening marker but loses the closing one.
    text = CUT.sub(" ", text)
    allowed = ALLOWED | {w for n in names for w in WORD.findall(n)}
    return sorted({w for w in WORD.findall(text) if w not in allowed})


def check(page, where, names=NAMES):
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    text = page.evaluate(VISIBLE_TEXT)
    words = unmarked(text, names)
    assert not words, f"{where}: text outside the catalogs: {words[:40]}"


WIDE = {"width": 1366, "height": 900}  # wide enough for scores and log beside the board (no drawer hides them)
# confirm=1 ("Confirm every move"): a tap selects, so the preview is on screen to check
QPS = "lang=qps&confirm=1&botdelay=0"


@pytest.fixture
def wide(browser, guard):
    """A fresh page (the new-game screen of a first visit, the tutorial pages)."""
    ctx = browser.new_context(viewport=WIDE, service_workers="block")
    page = guard.attach(ctx.new_page())
    yield page
    ctx.close()


@pytest.fixture
def qps(request, tables):
    """The app booted once in qps (conftest's ``tables``): each test opens its game by import."""
    yield from tables.lend(request, query=QPS, viewport=WIDE)


def test_unmarked_finds_words():
    """The detector itself: words outside markers are found, marked ones and names are not."""
    assert unmarked("⟦New game⟧ Ann 12 ⟦Step ⟦3⟧ of 4⟧ −1 B", ["Ann"]) == []
    assert unmarked("⟦Log⟧ Player 1 takes 2 coins", ["Ann"]) == ["Player", "coins", "takes"]
    assert unmarked("⟦a⟧ 新游戏") == ["新游戏"]


def test_new_game_screen(wide, base):
    wide.goto(f"{base}index.html?lang=qps")
    wait_ready(wide)
    assert wide.get_attribute("body", "data-lang") == "qps"
    check(wide, "new-game form")
    for game in ("barcelona", "strasbourg"):  # each game's form (options, player counts)
        before = state(wide)
        wide.select_option('select[name="game"]', game)
        wide.wait_for_function(f"Number(document.body.dataset.state) > {before}")
        check(wide, f"new-game form of {game}", names=[f"⟦Player {i}⟧" for i in range(1, 6)])
    before = state(wide)  # the solo game's own options (Gaudí)
    wide.select_option('select[name="game"]', "barcelona")
    wait_state_after(wide, before)
    before = state(wide)
    wide.select_option('select[name="players"]', "1")
    wait_state_after(wide, before)
    assert wide.locator('fieldset[data-option="sagrada_gr"]').count() == 1
    check(wide, "new-game form of the solo game", names=["⟦Player 1⟧"])


@pytest.mark.parametrize(
    "game,query",
    [
        ("barcelona", "players=2&seed=11&layout=printed"),
        ("strasbourg", "players=3&seed=5"),
        ("barcelona", "players=1&seed=3&botdelay=0"),  # the solo game: Gaudí's card, board, steps
    ],
)
def test_game_screens(qps, game, query):
    """A game in progress with a decision open (and a move selected: the preview), the log and
    scores, Board as text, History, Help; then a few moves on."""
    names = NAMES[: int(query.split("players=")[1][0])]
    wide = start_game(qps, f"game={game}&{query}&names={','.join(names)}")
    check(wide, f"{game}: first decision")
    click_and_wait(wide, wide.locator(PLAYABLE).first, confirm=False)  # selected: the preview (or a pick)
    check(wide, f"{game}: a move selected")
    before = state(wide)
    wide.keyboard.press("Escape")  # drops the selected move or the picked place (web/main.on_key)
    wait_state_after(wide, before)
    for _ in range(4):
        play_step(wide)
    check(wide, f"{game}: a few moves on")
    click_and_wait(wide, '[data-action="ui:board-text"]')
    check(wide, f"{game}: board as text")
    click_and_wait(wide, '[data-action="ui:board-text"]')
    click_and_wait(wide, '[data-action="ui:history"]')
    click_and_wait(wide, '[data-action="ui:hist-prev"]')
    check(wide, f"{game}: history")
    click_and_wait(wide, '[data-action="ui:hist-close"]')
    click_and_wait(wide, '[data-action="ui:help"]')
    check(wide, f"{game}: help")
    click_and_wait(wide, '[data-action="ui:help"]')  # closed again: the next test reuses the app


def test_handoff_screen(qps):
    wide = start_game(qps, "game=barcelona&players=2&seed=3&hidden=1&names=Ann,Bob")
    assert wide.locator('[data-action="ui:handoff-ok"]').count() == 1
    check(wide, "hand-off")


@pytest.mark.parametrize(
    "fixture", ["barcelona-2p-bot-end.json", "strasbourg-3p-bot-end.json", "barcelona-1p-bot-end.json"]
)
def test_end_screen(qps, fixture):
    """A finished record imported: the end screen (winners, score table, chart)."""
    record = json.loads((ROOT / "tests/fixtures/records" / fixture).read_text())["record"]
    wide = load_record(qps, record)
    wide.wait_for_selector('body[data-game-over="1"]', state="attached")
    check(wide, f"end screen ({fixture})", names=record["players"])


def _frame_record():
    import engine
    from web.embed import lessons as L
    from web.model.history import encode_record

    rec = engine.replay(L.BY_ID["bcn.street.coins"].record).record()
    return encode_record(rec), rec["players"]


def _board_settled(page, attr):
    board = page.locator("euro-board")
    board.locator(f"xpath=self::*[@data-{attr} or @data-live='error']").wait_for(state="attached")
    return board


def test_tutorial_frame(wide, base, guard):
    """The embed frame (tutorial/frame.html, lang= in its URL): the picture and its button, the
    live board (prompt, targets, choices, Back), a bad parameter's message, the runtime that cannot
    start, and the page title: every word from the catalogs."""
    rec, names = _frame_record()
    wide.goto(f"{base}tutorial/frame.html?record={rec}&lang=qps")
    board = _board_settled(wide, "static")
    assert board.get_attribute("data-static") == "1", board.inner_text()
    check(wide, "frame: the picture", names)
    assert MARKED.fullmatch(wide.title()), wide.title()
    board.locator(".eb-play").click()
    board.locator("xpath=self::*[@data-live='1' or @data-live='error']").wait_for(state="attached")
    assert board.get_attribute("data-live") == "1", board.inner_text()
    check(wide, "frame: the live board", names)
    before = int(board.get_attribute("data-state"))
    board.locator(".eb-live [data-action]").first.click()  # a move (or a pick): its words too
    board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")
    check(wide, "frame: after a tap", names)
    wide.goto(f"{base}tutorial/frame.html?record={rec}&focus=nowhere&mark=x&lang=qps")
    board = _board_settled(wide, "static")
    assert board.get_attribute("data-live") == "error"
    check(wide, "frame: a bad parameter", names)
    wide.route("**/pyodide.mjs", lambda r: r.abort())
    wide.goto(f"{base}tutorial/frame.html?record={rec}&lang=qps")
    board = _board_settled(wide, "static")
    assert board.get_attribute("data-live") == "error"
    check(wide, "frame: the runtime cannot start", names)
    # the aborted request's console line is this test's own doing, not a page error
    guard.errors[:] = [e for e in guard.errors if "net::ERR_FAILED" not in e]


@pytest.mark.parametrize("page_name", ["barcelona.qps.html", "strasbourg.qps.html", "examples.qps.html"])
def test_tutorial_and_examples_pages(wide, base, page_name):
    """The tutorial pages and the examples page, built in qps too (scripts/build_tutorials.py):
    the texts, the boards drawn at build time, a board gone live (its prompt and buttons), and on
    the examples page the iframe's board."""
    wide.goto(f"{base}tutorial/{page_name}")
    boards = wide.locator("euro-board")
    assert boards.count() > 1 and wide.get_attribute("html", "lang") == "qps-ploc"
    names = [f"Player {i}" for i in range(1, 6)]  # the lesson records' default names
    check(wide, f"{page_name}: the page", names)
    board = boards.first
    board.locator(".eb-play").click()
    board.locator("xpath=self::*[@data-live='1' or @data-live='error']").wait_for(state="attached")
    assert board.get_attribute("data-live") == "1", board.inner_text()
    check(wide, f"{page_name}: a live board", names)
    if page_name.startswith("examples"):
        frame = wide.locator("#example-frame").element_handle().content_frame()
        frame.locator('euro-board[data-static="1"], euro-board[data-live="error"]').wait_for(state="attached")
        assert frame.locator("euro-board").get_attribute("data-static") == "1"
        words = unmarked(frame.evaluate(VISIBLE_TEXT), names)
        assert not words, f"{page_name}: the frame's text outside the catalogs: {words[:40]}"


@pytest.mark.parametrize("fixture", ["barcelona-3p-random-mid.json", "strasbourg-4p-bot-mid.json"])
def test_a_game_of_the_1x_engine(qps, fixture):
    """A record saved before the catalogs existed, replayed by engine/legacy/v1 (English labels,
    prompts and log lines): web/i18n/legacy_words.py words it from the catalogs like any game."""
    record = json.loads((ROOT / "tests/fixtures/legacy/1.0.0" / fixture).read_text())["record"]
    assert record["engine"].startswith("1.")
    wide = load_record(qps, record)
    wide.wait_for_selector('body[data-screen="play"]', state="attached")
    assert wide.get_attribute("body", "data-engine") == record["engine"]
    check(wide, f"1.x game ({fixture})", names=record["players"])
    click_and_wait(wide, wide.locator(PLAYABLE).first, confirm=False)
    check(wide, f"1.x game ({fixture}): a move selected", names=record["players"])

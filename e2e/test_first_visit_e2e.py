"""A first visit downloads only the parts of the app its first move needs (scripts/app_parts.py;
docs/build.md "First visit"), says how far the download has come by bytes, and fetches anything
else when it is needed before the background download brought it: never an ImportError.

The runtime is held back by a route on a part (released only once the test has seen what it checks:
the page's own state, never time); a background download is held (never answered) where a test needs
a part to be missing when the player asks for it."""

import pytest

from e2e_harness import wait_ready
from scripts.browser import play_step, saved_record

LINK = "index.html?game=barcelona&players=2&botdelay=0&seed=5"


class Hold:
    """Keeps the first ``count`` requests for ``pattern`` (held: never answered unless released);
    later ones pass at once (the on-demand fetch of a part whose background download is held)."""

    def __init__(self, page, pattern, count=1):
        self.held, self.left = [], count
        page.route(pattern, self._route)

    def _route(self, route):
        if self.left > 0:
            self.left -= 1
            self.held.append(route)
        else:
            route.fallback()

    def release(self):
        self.left = 0
        for r in self.held:
            r.fallback()
        self.held.clear()


@pytest.mark.first_visit
def test_the_bar_counts_the_download_by_bytes(page, base):
    hold = Hold(page, "**/web/parts/game-barcelona.zip")
    page.goto(base + LINK)
    page.wait_for_function("window.euroDownload && window.euroDownload.got > 0")
    assert page.locator("#loading").is_visible() and page.locator("#loading-progress").is_visible()
    first = page.evaluate("window.euroDownload")
    assert 4e6 < first["total"] < 8e6, first  # the runtime's files and the three parts, in bytes
    text = page.text_content("#loading-stage")
    assert text.startswith("downloading the game: ") and text.endswith(f" of {first['total'] / 1e6:.1f} MB"), text
    # the bytes keep arriving (the runtime's files) while the held part waits: all but its own
    held = page.evaluate("globalThis.euroParts.manifest.bytes['game-barcelona']")
    page.wait_for_function(f"window.euroDownload.got === window.euroDownload.total - {held}")
    assert page.evaluate("document.getElementById('loading-progress').value") > 40
    assert page.get_attribute("body", "data-ready") is None
    hold.release()
    page.wait_for_function("window.euroDownload.got === window.euroDownload.total")  # every byte counted, no more
    wait_ready(page)
    play_step(page)
    assert len(saved_record(page)["actions"]) == 1


@pytest.mark.first_visit
def test_another_game_and_language_before_their_parts_arrived(page, base):
    """The player chooses the other game and another language while the background download of
    their parts is held: each is fetched at once, and the game starts in that language."""
    Hold(page, "**/web/parts/game-strasbourg.zip")
    Hold(page, "**/web/parts/lang-de.zip")
    page.goto(base + LINK)
    wait_ready(page)
    assert page.evaluate("globalThis.euroParts.wanted") == ["core", "lang-en", "game-barcelona"]
    page.click('[data-action="ui:new-game"]')
    page.wait_for_selector("#new-game")
    page.select_option("#lang-toolbar", "de")
    page.wait_for_selector('body[data-lang="de"]')
    assert page.text_content("#new-game h1") == "Neues Spiel"  # German words: its catalog was fetched
    page.select_option('select[name="game"]', "strasbourg")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 3")
    page.click('[data-action="ui:start"]')
    page.wait_for_selector('body[data-screen="play"], body[data-screen="handoff"]')
    assert saved_record(page)["game"] == "strasbourg"
    fetched = page.evaluate("globalThis.euroParts.fetched")
    assert fetched == ["lang-de", "game-strasbourg"], fetched
    play_step(page)
    assert len(saved_record(page)["actions"]) == 1

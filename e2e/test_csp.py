"""The Content-Security-Policy (web/page/csp.py, sent by scripts/serve.py, so every e2e test runs
under it): no violation while a game is played, and it does block what it should."""

import json

from e2e_harness import wait_ready
from scripts.browser import PLAYABLE, click_and_wait, play_step, reveal

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e =>
  window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));
"""


def test_no_violation_while_a_game_is_played(page, base, tmp_path):
    page.add_init_script(WATCH)
    response = page.goto(f"{base}index.html?game=barcelona&players=3&seed=5")
    assert "'self'" in response.headers["content-security-policy"]
    assert "frame-ancestors" in response.headers["content-security-policy"]
    wait_ready(page)
    for _ in range(6):
        play_step(page)
    click_and_wait(page, '[data-action="ui:history"]')
    click_and_wait(page, '[data-action="ui:hist-first"]')
    click_and_wait(page, '[data-action="ui:hist-close"]')
    export = reveal(page, '[data-action="ui:export"]')  # below 1366 px: in the More menu
    with page.expect_download() as dl:
        export.click()
    path = tmp_path / "g.json"
    dl.value.save_as(path)
    click_and_wait(page, '[data-action="ui:new-game"]')
    page.press('input[name="name0"]', "Enter")  # the form is never submitted (no inline onsubmit)
    click_and_wait(page, '[data-action="ui:start"]')
    play_step(page)
    page.set_input_files('input[data-action="ui:import"]', str(path))
    page.wait_for_function("document.querySelectorAll('.log li').length > 0")
    play_step(page)
    assert page.locator(PLAYABLE).count() > 0
    assert page.evaluate("window.__csp") == []


def test_policy_blocks_inline_script_and_other_hosts(page, base, guard):
    page.add_init_script(WATCH)
    page.goto(f"{base}index.html")
    wait_ready(page)
    # An injected inline script (what an escaping bug would let through) does not run.
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';
                             document.body.appendChild(s); }""")
    page.evaluate("fetch('http://example.com/x').catch(() => null)")
    page.wait_for_function("window.__csp.length >= 2")
    seen = page.evaluate("window.__csp")
    assert page.evaluate("window.__ran === undefined")
    assert any(v.startswith("script-src") for v in seen) and any(v.startswith("connect-src") for v in seen), json.dumps(
        seen
    )
    assert all("Content Security Policy" in e for e in guard.errors)  # the expected blocks, nothing else
    guard.reset()

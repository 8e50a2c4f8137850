"""pytest-playwright fixtures: Debian Chromium, a local build served on 127.0.0.1, and
guards that fail a test on any foreign request or console error (see e2e_harness.py).

Never `playwright install`: the browser is /usr/bin/chromium (see docs/architecture.md).
Service workers are blocked in the default contexts, so a page's requests always reach the server
and a test's routes see them; the offline and update tests make their own context.

Two pages a test can ask for:
  page   a fresh page with the origin's storage empty but the snapshot mark (it starts as a later
         visit does: e2e_harness.later_visit; ``@pytest.mark.first_visit``: as a first visit) (e2e_harness.FreshPages: a page of one shared
         context, in the renderer process earlier pages booted in); the test navigates and boots it
         itself. A test that changes the context itself (a fake clock, context routes or init
         scripts, permissions, a quota) is marked ``@pytest.mark.own_context``: a new context.
  table  ONE booted app shared by the tests that ask for it (Pyodide boots once, not per test);
         each test starts its game with start_game(table, "game=...&seed=...") (e2e_harness),
         which imports a new game's record through the page: a clean new game without a reload.
         Use it when a test needs "a fresh game in a booted app" and does not reload, navigate,
         install routes, init scripts or a fake clock, or need its own storage, viewport or
         context. A test that leaves the app in another state (language, preferences, a message,
         an open menu...) or fails makes the next table test boot a fresh page.
"""

import pytest

from e2e_harness import E2E_ARGS, TABLE_ARGS, FreshPages, Guard, Tables, later_visit
from scripts.browser import CHROMIUM, DIST, Server, build_dist


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": E2E_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block", "viewport": {"width": 1024, "height": 768}}


# ----- the site -------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def dist():
    build_dist()  # skipped when the build is current (./run.sh test has just built it)
    return DIST  # dist/, or the folder EURO_DIST names (scripts/browser.py)


@pytest.fixture(scope="session")
def server(dist):
    s = Server(dist)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def base(server):
    return server.url


# ----- guards -----------------------------------------------------------------------------------------
@pytest.fixture
def guard(request):
    g = Guard()
    request.node._guards = getattr(request.node, "_guards", []) + [g]
    return g


@pytest.fixture(scope="session")
def fresh_pages(browser, browser_context_args, base):
    pages = FreshPages(browser, browser_context_args, base)
    yield pages
    pages.close()


@pytest.fixture
def page(request, guard, browser, browser_context_args, fresh_pages):
    """A fresh page (see the module docstring) with the network guard and console-error collector."""
    later = not request.node.get_closest_marker("first_visit")  # e2e_harness.later_visit
    if request.node.get_closest_marker("own_context"):
        ctx = browser.new_context(**browser_context_args)
        p = ctx.new_page()
        if later:
            p.add_init_script(later_visit())
        yield guard.attach(p)
        ctx.close()
    else:
        yield guard.attach(fresh_pages.new_page(later))
        fresh_pages.release()


# ----- the shared booted app (see the module docstring) ------------------------------------------
@pytest.fixture(scope="session")
def table_browser(browser_type):
    """The shared booted apps' own browser, with V8's optimising tier (e2e_harness.TABLE_ARGS)."""
    b = browser_type.launch(executable_path=CHROMIUM, args=TABLE_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def tables(table_browser, browser_context_args, base):
    t = Tables(table_browser, browser_context_args, base)
    yield t
    t.close()


@pytest.fixture
def table(request, tables):
    """The shared booted page, clean: start a game on it with e2e_harness.start_game. Another
    context setting (e.g. a viewport) or boot link (``query="lang=qps&botdelay=0"``) has its own:
    ``yield from tables.lend(request, viewport=...)`` in a fixture of the test module."""
    yield from tables.lend(request)


@pytest.fixture
def booted(request, tables):
    """The shared app of one boot link and context setting, given by indirect parametrization:
    ``@pytest.mark.parametrize("booted", [{"query": "lang=de&botdelay=0", "viewport": {...}}],
    indirect=True)``. Tests with the same setting share it like ``table``'s."""
    yield from tables.lend(request, **request.param)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item._failed = report.failed
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # Checked right after the test body so a violation is a test FAILURE, not a teardown error.
    result = yield
    for g in getattr(item, "_guards", []):
        g.check()
    return result

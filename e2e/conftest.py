"""pytest-playwright fixtures: Debian Chromium, a local build served on 127.0.0.1, and
guards that fail a test on any foreign request or console error (see e2e_harness.py).

Never `playwright install`: the browser is /usr/bin/chromium (see docs/architecture.md).
Service workers are blocked in the default context because route() cannot see the
requests a service worker answers; the offline test makes its own context.
"""
import pytest

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, ROOT, Guard, Server, build_dist


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block", "viewport": {"width": 1024, "height": 768}}


# ----- the site -------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def dist():
    build_dist()
    return ROOT / "dist"


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


@pytest.fixture
def page(page, guard):
    """pytest-playwright's page with the network guard and console-error collector attached."""
    return guard.attach(page)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # Checked right after the test body so a violation is a test FAILURE, not a teardown error.
    result = yield
    for g in getattr(item, "_guards", []):
        g.check()
    return result



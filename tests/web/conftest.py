"""Shell tests run on Tiny (fake_game.py + fake_render.py), a third game registered in the game
registry for the test and unregistered after: the web layer plays it with no edit of its own."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fake_game  # noqa: E402

from engine.core import registry  # noqa: E402
from web.model.games import games  # noqa: E402
from web.model.session import Session  # noqa: E402


@pytest.fixture
def tiny():
    """Tiny's GameSpec, registered (after the built-in games) for the test only."""
    games()  # the built-in games first, so they keep their place in the form
    registry.register(fake_game.SPEC)
    yield fake_game.SPEC
    registry.unregister(fake_game.SPEC.name)


@pytest.fixture
def session(tiny):
    return Session()


@pytest.fixture
def bare_session(tiny):
    """A session whose game has no renderer: everything goes to the action panel."""

    def no_renderer(g):
        raise ImportError("no renderer")

    return Session(load_renderer=no_renderer)

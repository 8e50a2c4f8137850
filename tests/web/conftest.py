"""Shell tests run on a stand-in game (fake_game.py) so they do not depend on the real engines."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fake_game  # noqa: E402
import fake_render  # noqa: E402

from web.session import Session  # noqa: E402


def _load_module(name):
    if name == "barcelona":
        return fake_game
    raise ImportError(f"no {name} in the tests")


@pytest.fixture
def session():
    return Session(load_module=_load_module, load_renderer=lambda g: fake_render)


@pytest.fixture
def bare_session():
    """A session whose game has no renderer: everything goes to the action panel."""
    def no_renderer(g):
        raise ImportError("no renderer")
    return Session(load_module=_load_module, load_renderer=no_renderer)

import pytest

from web import i18n


@pytest.fixture(autouse=True)
def english():
    """The tests that read words read the English catalog (another test may have switched)."""
    i18n.activate("en")
    yield
    i18n.activate("en")

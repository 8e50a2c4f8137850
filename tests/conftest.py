"""Every CPython test starts in English with no player names in the translation state: web.i18n's
language is process-global, tests switch it (a language test, a Session opening a record in the
player's language), and pytest-xdist puts tests on a worker in an order that changes between runs.
Without this, a test that reads English words passed or failed by what ran before it on its worker."""

import pytest

from web import i18n


@pytest.fixture(autouse=True)
def english_and_no_names():
    i18n.activate(i18n.DEFAULT)
    i18n.use_names(())
    yield

"""One word for one thing in each language (docs/i18n.md "Term sources"): the tutorial
must call a game piece what the game's own catalog and the printed rulebook call it."""

from pathlib import Path

import pytest

from scripts import catalogs

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"  # ../shared/seeds beside the repo

# (language, the printed rulebook's word, a word for the same piece that must not appear)
TERMS = [
    # Barcelona's citizens: the German rulebook (seed 004) prints "Einwohner", never "Bürger"
    ("de", "Einwohner", "Bürger"),
]


def _texts(lang):
    for domain in catalogs.DOMAINS:
        cat = catalogs.read(lang, domain)
        for m in cat or ():
            if m.id:
                for s in m.string if isinstance(m.string, (list, tuple)) else [m.string]:
                    yield domain, m.id, s or ""


@pytest.mark.parametrize("lang,word,not_word", TERMS)
def test_every_domain_uses_the_rulebooks_term(lang, word, not_word):
    texts = list(_texts(lang))
    wrong = [(d, k) for d, k, s in texts if not_word in s]
    assert not wrong, f"{lang}: {not_word!r} where the game says {word!r}: {wrong[:8]}"
    using = {d for d, k, s in texts if word in s}
    assert {"barcelona", "tutorial"} <= using, using


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook seeds are not on this machine")
def test_the_term_is_the_printed_one():
    text = next(SEEDS.glob("004_*.txt")).read_text()
    assert "Einwohner" in text and "Bürger" not in text

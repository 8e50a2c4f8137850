"""One word for one thing in each language (docs/i18n.md "Term sources"): the tutorial
must call a game piece what the game's own catalog and the printed rules call it. The printed
words, each with where it is printed, are tests/support/rulebook_terms.py."""

import pytest

from scripts import catalogs
from tests.support.rulebook_terms import TERMS


def _texts(lang):
    for domain in catalogs.DOMAINS:
        cat = catalogs.read(lang, domain)
        for m in cat or ():
            if m.id:
                for s in m.string if isinstance(m.string, (list, tuple)) else [m.string]:
                    yield domain, m.id, s or ""


def term_problems(term, texts):
    """What is wrong with ``texts`` ((domain, id, translation) of the term's language) for ``term``."""
    wrong = [(d, k) for d, k, s in texts if term.not_word in s]
    using = {d for d, k, s in texts if term.word in s}
    problems = []
    if wrong:
        problems.append(f"{term.lang}: {term.not_word!r} where the game says {term.word!r}: {wrong[:8]}")
    if not {term.game, "tutorial"} <= using:
        problems.append(f"{term.lang}: {term.word!r} ({term.source}) only in {sorted(using)}")
    return problems


@pytest.mark.parametrize("term", TERMS, ids=lambda t: f"{t.lang}-{t.piece}")
def test_every_domain_uses_the_rulebooks_term(term):
    problems = term_problems(term, list(_texts(term.lang)))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("term", TERMS, ids=lambda t: f"{t.lang}-{t.piece}")
def test_the_check_sees_a_changed_term(term):
    """The check can fail: the catalogs with the term changed in one message are refused."""
    texts = list(_texts(term.lang))
    i = next(i for i, (d, k, s) in enumerate(texts) if term.word in s)
    spoiled = texts[:i] + [(*texts[i][:2], texts[i][2].replace(term.word, term.not_word))] + texts[i + 1 :]
    assert term_problems(term, spoiled)
    only = [t for t in texts if t[0] != "tutorial"]  # the tutorial no longer says it
    assert term_problems(term, only)


def test_every_term_says_where_it_is_printed():
    for term in TERMS:
        assert term.lang in catalogs.LANGS and term.word != term.not_word, term
        assert term.word in term.source and len(term.source) > 40, term


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_texts_carry_no_english_abbreviation(lang):
    """Audit (issue 51): Traditional Chinese showed "1c/2c" on the cost chips (English's "c" for
    cloth). No Chinese translation may put a Latin letter right after a number placeholder, save
    the units every language shares (VP, $)."""
    import re

    bad = [
        (d, k, s) for d, k, s in _texts(lang) if re.search(r"\{n\}[A-Za-z]", s) and not re.search(r"\{n\}(VP|\$)", s)
    ]
    assert not bad, bad[:5]


def test_german_strasbourg_keeps_deck_and_stacks_apart():
    """Audit (issue 51): German used "Stapel" for both the deck (Nachziehstapel) and the bid
    stacks. Every Strasbourg text whose English speaks of the deck says Nachziehstapel (or, on
    the short seat line, "zum Ziehen")."""
    english = {k: s for d, k, s in _texts("en") if d == "strasbourg"}
    german = {k: s for d, k, s in _texts("de") if d == "strasbourg"}
    deck = [k for k, s in english.items() if "deck" in s.lower() and k in german]
    assert len(deck) >= 10
    wrong = [(k, german[k]) for k in deck if "Nachziehstapel" not in german[k] and "zum Ziehen" not in german[k]]
    assert not wrong, wrong

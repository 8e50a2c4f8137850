"""The words the printed rules use for the games' pieces, one language at a time: the facts
tests/web/test_i18n_terms.py holds every catalog to (docs/i18n.md "Term sources"). The rules
texts are not in the repository, so each term says where it is printed: the rules' name and the
place in them, and the public pages that use the same word."""

from typing import NamedTuple


class Term(NamedTuple):
    lang: str  # the catalog language (locale/<lang>/LC_MESSAGES)
    game: str
    piece: str  # what the word names (in English)
    word: str  # the printed word: the game's and the tutorial's catalogs use it
    not_word: str  # a word for the same piece that no catalog of the language may use
    source: str  # where the word is printed


TERMS = (
    Term(
        lang="de",
        game="barcelona",
        piece="citizen",
        word="Einwohner",
        not_word="Bürger",
        source=(
            "Barcelona, German rules summary ('Regeln'): the set-up ('erste Einwohner auf die "
            "Einwohnerleisten') and turn step 1 ('aus deinen beiden Einwohner-Plättchen einen Stapel'); "
            "'Bürger' nowhere in it. German reviews say 'Einwohner' too: jungundaltspielt.de "
            "('Bauboom auf der Avinguda Diagonal', 'zwei Einwohner auf der Hand'), westpark-gamers.de "
            "(2024-08-30, 'zwei Einwohner-Plättchen auf einen Kreuzungspunkt')."
        ),
    ),
)

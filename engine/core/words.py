"""Counted nouns for the engines' English labels and log lines ("1 coin", "2 coins").

Until the message catalogs turn labels into keys, every count in a label goes through
``count`` so no label reads "1 coins" or "card(s)"."""


def count(n, singular, plural=None) -> str:
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"

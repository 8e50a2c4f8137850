"""Players' names as text: cleaned where they enter (the new-game form, an imported record, a
link) and isolated where they are shown.

Why (issue 50, an outside audit): a name with right-to-left letters or bidi control characters
reordered the text around it in scores, the log and the hand-off screen ("אבג, 12 VP" is shown
as "12 ,גבא" by the Unicode bidi algorithm, UAX #9 rule N1), and a control character can hide
or reverse the text after it.

- ``clean``: control characters (category Cc: newlines, tabs, NUL, C1), the bidi formatting
  characters (marks, embeddings, overrides, isolates: UAX #9 "Explicit Directional Formatting")
  and line/paragraph separators are dropped, runs of spaces collapse, the length limit holds.
  ZWJ/ZWNJ stay: emoji sequences and Persian or Indic spelling need them.
- ``isolate``: a name that holds any right-to-left or Arabic-number character is wrapped in
  FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, the plain-text form of HTML's ``<bdi>``, so it
  works alike in HTML text, SVG ``<text>`` and attributes. A name of left-to-right letters,
  digits and punctuation cannot reorder text in the app's languages (all left to right), so it
  is shown exactly as typed (what tests and screen readers read stays the same); a right-to-left
  catalog would make isolation unconditional here.
"""

import unicodedata

FSI, PDI = "\u2068", "\u2069"
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
SEPARATORS = frozenset("\u2028\u2029")
RTL_CLASSES = frozenset(("R", "AL", "AN"))


def clean(name, limit):
    """``name`` as the app keeps it: no control or bidi formatting character, spaces collapsed,
    at most ``limit`` characters (may be empty: the caller gives a default or refuses)."""
    kept = "".join(
        " " if c in SEPARATORS or c in "\t\n\r\v\f" else c
        for c in str(name)
        if c not in BIDI_CONTROLS and (unicodedata.category(c) != "Cc" or c in "\t\n\r\v\f")
    )
    return " ".join(kept.split())[:limit].strip()


def isolate(name):
    """``name`` ready to sit inside other text without reordering it (see the module's note)."""
    name = str(name)
    if any(unicodedata.bidirectional(c) in RTL_CLASSES for c in name):
        return f"{FSI}{name}{PDI}"
    return name

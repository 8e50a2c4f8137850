"""Accessible names of board targets (their ``aria-label``): the drawing kit's screen-reader
helper, beside the SVG primitives that write it (svgkit.target)."""

import re
from html import unescape

MAX_NAME = 400  # an accessible name is read in one go: what the target does, gives and costs


def accessible_name(label, info_text=None, visual="") -> str:
    """A target's accessible name (``aria-label``): its action label (what it does, gives and
    costs, in the engine's words) followed by the inspector's description of the place when that
    adds something (e.g. what improving a space costs, the street actions of an intersection).
    The words drawn in the target (``visual``'s <text>) come first when the name does not contain
    them already (WCAG 2.5.3 "label in name": a speech user says what they see, e.g. "Inter-section")."""
    label = " ".join(str(label or "").split())
    extra = " ".join(str(info_text or "").split())
    if extra and label in extra:
        extra = " ".join(extra.replace(label, " ").split()).strip(" .;")
    name = f"{label}. {extra}" if extra and extra != label else label
    lines = [" ".join(unescape(t).split()) for t in _TEXT.findall(visual or "")]
    seen = "".join(lines)  # how a browser strings the drawn words together
    if seen.strip() and not _contains(_tokens(name), _tokens(seen)):
        readable = "".join(t if t.endswith("-") else t + " " for t in lines).strip()
        name = f"{readable if _contains(_tokens(readable), _tokens(seen)) else seen}: {name}"
    return name if len(name) <= MAX_NAME else name[:MAX_NAME].rsplit(" ", 1)[0]


_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


def _tokens(s):
    return re.findall(r"[^\W_]+", re.sub(r"\([^()]*\)", " ", s).lower())


def _contains(words, part):
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))

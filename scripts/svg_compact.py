"""Smaller tutorial pages: the static boards of one page, drawn by the app's renderers,
written with less repetition. The service worker precaches every page of every language, so
their bytes are what an offline tutorial costs (docs/embedding.md "Page size").

``compact(svgs) -> (css, svgs)`` for the boards of ONE page:
- drawing attributes (fill, stroke, font-size...) that recur as the same combination become one
  CSS class of the page (``class="q3"``; a rule of one class has a lower specificity than every
  rule of the renderers' own style, ``.bcn text`` and up, so what wins is unchanged: like a
  presentation attribute, the class rule loses to every one of them);
- the renderers' ``<style>`` block, the same in every board of a game, goes once into the page's
  style (an inline SVG's style applies to the whole document anyway);
- ``data-info`` (the text the app shows when a board place is tapped) is dropped: a static board
  has no tap handler; the live board, drawn anew by Python, has it.
Geometry, words, titles, roles and labels stay as they are: the picture is the same
(tests/web/test_tutorial.py compares the computed drawing attributes before and after).
"""

import re
from collections import Counter

PRESENTATION = (
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "opacity",
    "font-size",
    "font-weight",
    "font-family",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "letter-spacing",
    "paint-order",
)
LENGTHS = ("font-size", "stroke-width", "letter-spacing")  # a bare number needs "px" in CSS
MIN_USES = 3
PREFIX = "q"  # no renderer class starts with q + a base-36 digit (tests check)

_TAG = re.compile(r'<([a-zA-Z]+)((?:\s+[\w:-]+="[^"]*")*)(\s*/?)>')
_ATTR = re.compile(r'\s+([\w:-]+)="([^"]*)"')
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)
_NUMBER = re.compile(r"-?[0-9.]+\Z")


def _split(attrs):
    """(other attributes in order, the drawing ones as a sorted tuple) of one tag."""
    rest, pres = [], []
    for name, value in _ATTR.findall(attrs):
        (pres if name in PRESENTATION else rest).append((name, value))
    return rest, tuple(sorted(pres))


def _css_value(name, value):
    return value + "px" if name in LENGTHS and _NUMBER.match(value) else value


def _name(i):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        out = digits[i % 36] + out
        i //= 36
        if not i:
            return PREFIX + out


def compact(svgs):
    """(css for the page's <style>, the svgs rewritten); see the module's docstring."""
    styles = []
    bare = []
    for svg in svgs:
        for block in _STYLE.findall(svg):
            if block not in styles:
                styles.append(block)
        bare.append(re.sub(r'\s+data-info="[^"]*"', "", _STYLE.sub("", svg)))
    counts = Counter()
    for svg in bare:
        for m in _TAG.finditer(svg):
            if m.group(1) != "svg":
                combo = _split(m.group(2))[1]
                if combo:
                    counts[combo] += 1
    chosen = [c for c, n in counts.most_common() if n >= MIN_USES]
    names = {c: _name(i) for i, c in enumerate(chosen)}

    def tag(m):
        if m.group(1) == "svg":
            return m.group(0)
        rest, combo = _split(m.group(2))
        cls = names.get(combo)
        if cls is None:
            return m.group(0)
        attrs, placed = [], False
        for name, value in rest:
            if name == "class":
                value, placed = f"{value} {cls}", True
            attrs.append(f' {name}="{value}"')
        if not placed:
            attrs.append(f' class="{cls}"')
        return f"<{m.group(1)}{''.join(attrs)}{m.group(3)}>"

    out = [_TAG.sub(tag, svg) for svg in bare]
    rules = "".join(f".{names[c]}{{{';'.join(f'{k}:{_css_value(k, v)}' for k, v in c)}}}" for c in chosen)
    return rules + "".join(styles), out

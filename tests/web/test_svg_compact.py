"""scripts/svg_compact.py: the tutorial pages' boards written with less repetition draw the same
picture (page size). A pixel comparison in Chromium of every lesson board was made
when it was written (docs/embedding.md); here, in CPython, every element must get back exactly
its drawing attributes from the page's class rules."""

import re

import pytest

from scripts import svg_compact as C
from web.embed import board as E, lessons as L

TAG = re.compile(r'<([a-zA-Z]+)((?:\s+[\w:-]+="[^"]*")*)\s*/?>')
ATTR = re.compile(r'\s+([\w:-]+)="([^"]*)"')


def boards(game, lang="en"):
    return [E.static_svg(E.parse_params({"lesson": x.id, "lang": lang})) for x in L.LESSONS[game]]


def expanded(svg, rules):
    """Every tag as (name, {attribute: value}) with the page's q-classes turned back into attributes."""
    out = []
    for m in TAG.finditer(svg):
        attrs = dict(ATTR.findall(m.group(2)))
        classes = attrs.pop("class", "").split()
        for c in [c for c in classes if c in rules]:
            classes.remove(c)
            attrs.update(rules[c])
        if classes:
            attrs["class"] = " ".join(classes)
        out.append((m.group(1), attrs))
    return out


def parse_rules(css):
    rules = {}
    for name, body in re.findall(r"\.(q[0-9a-z]+)\{([^}]*)\}", css):
        decl = dict(d.split(":", 1) for d in body.split(";"))
        for k in C.LENGTHS:  # "12px" in CSS is the attribute's 12
            if k in decl and decl[k].endswith("px") and C._NUMBER.match(decl[k][:-2]):
                decl[k] = decl[k][:-2]
        rules[name] = decl
    return rules


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_every_element_keeps_its_drawing_attributes(game):
    svgs = boards(game, "de")
    css, small = C.compact(svgs)
    rules = parse_rules(css)
    assert rules, "nothing was shared"
    for before, after in zip(svgs, small):
        plain = re.sub(r'\s+data-info="[^"]*"', "", re.sub(r"<style>.*?</style>", "", before, flags=re.S))
        assert expanded(after, rules) == expanded(plain, {})
        assert "<style>" not in after and "data-info=" not in after
    for block in set(re.findall(r"<style>(.*?)</style>", "".join(svgs), re.S)):
        assert block in css  # the renderers' style, once, in the page's


def test_the_page_is_smaller_and_the_renderers_use_no_q_class():
    svgs = boards("barcelona")
    css, small = C.compact(svgs)
    assert len(css) + sum(map(len, small)) < 0.7 * sum(map(len, svgs))
    live = E.Board(E.parse_params({"lesson": "bcn.place"})).html() + "".join(svgs)
    for value in re.findall(r'class="([^"]*)"', live):
        assert not any(re.fullmatch(r"q[0-9a-z]+", c) for c in value.split()), value


def test_one_class_rule_loses_to_every_rule_of_the_renderers():
    # a class rule has specificity (0,1,0): like the attribute it replaces, it loses to every rule
    # of the renderers' style (.bcn text, .bcn .hit ...), so what is drawn does not change
    svgs = boards("strasbourg") + boards("barcelona")
    for block in set(re.findall(r"<style>(.*?)</style>", "".join(svgs), re.S)):
        for selectors in re.findall(r"([^{}]+)\{", block):
            for sel in selectors.split(","):
                parts = sel.split()
                assert len(parts) >= 2 and parts[0] in (".bcn", ".sxb"), sel

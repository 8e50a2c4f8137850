"""Labels fit their boxes in every language (playtest: German "Belebte Kreuzungen" ran out of its
Cerdà tile). svgkit.text squeezes a label that would not fit (textLength), never below the font
floor."""

import xml.etree.ElementTree as ET

import pytest

from engine.barcelona import new_game
from web import i18n
from web.kit import svgkit
from web.boards.barcelona import render_regions

SVG = "{http://www.w3.org/2000/svg}"


def test_a_label_too_long_for_its_room_is_squeezed_to_it():
    long, short = (
        svgkit.text(0, 0, "Belebte Kreuzungen", size=12, max_w=80),
        svgkit.text(0, 0, "Coins", size=12, max_w=80),
    )
    assert 'textLength="80"' in long and 'lengthAdjust="spacingAndGlyphs"' in long
    assert "textLength" not in short and 'font-size="12"' in long


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_cerda_tiles_labels_inside_their_tiles(lang):
    i18n.activate(lang)
    try:
        checked = 0
        for seed in range(1, 9):
            g = new_game(["a", "b"], seed)
            tracks = next(r for r in render_regions(g.view(0), []) if r.name == "tracks")
            root = ET.fromstring(tracks.svg)
            for parent in root.iter():
                kids = list(parent)
                for rect, label in zip(kids, kids[1:]):
                    if rect.tag != SVG + "rect" or rect.get("height") != "40" or label.tag != SVG + "text":
                        continue
                    room = float(rect.get("width"))
                    drawn = float(
                        label.get("textLength")
                        or svgkit.text_width(label.text, label.get("font-size"), label.get("font-weight"))
                    )
                    assert drawn <= room, (lang, seed, label.text, drawn, room)
                    checked += 1
        assert checked >= 8 * 3
    finally:
        i18n.activate("en")

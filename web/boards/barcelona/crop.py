"""Tutorial focuses that show part of the main board (web/embed/board.py): ``block:R,C`` (one
block of the grid, 0-3) and ``line:h0-h4 / v0-v4 / d`` (a street line), as a box of the main
board's viewBox units (the embed narrows the board's viewBox to it)."""

import re

from . import layout as L

BLOCK = re.compile(r"block:([0-3]),([0-3])\Z")
LINE = re.compile(r"line:([hv][0-4]|d)\Z")
CROP_MARGIN = 34  # viewBox units around a cropped block or street line (its intersections show)
HELP = "block:R,C, line:h0-v4|d"  # how they are written (the message naming the focuses)


def crop_box(focus):
    """(x, y, w, h) in the main board's units for block:R,C or line:X; None for any other focus."""
    m = BLOCK.match(focus)
    if m:
        r, c = int(m.group(1)), int(m.group(2))
        (x0, y0), (x1, y1) = L.gxy(r, c), L.gxy(r + 1, c + 1)
        return x0 - CROP_MARGIN, y0 - CROP_MARGIN, x1 - x0 + 2 * CROP_MARGIN, y1 - y0 + 2 * CROP_MARGIN
    m = LINE.match(focus)
    if not m:
        return None
    line = m.group(1)
    (ax, ay), (bx, by) = L.gxy(0, 0), L.gxy(4, 4)
    tx, ty = L.tile_pos(line)
    if line == "d":
        x0, y0, x1, y1 = ax, ay, max(bx, tx), max(by, ty)
    elif line[0] == "h":
        y = L.gxy(int(line[1]), 0)[1]
        x0, y0, x1, y1 = ax, y, max(bx, tx), y
    else:
        x = L.gxy(0, int(line[1]))[0]
        x0, y0, x1, y1 = x, min(ty, ay), x, by
    pad = CROP_MARGIN + L.ACTION_TILE / 2
    return x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad

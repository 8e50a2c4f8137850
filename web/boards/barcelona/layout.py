"""Where things go on the Barcelona table: every coordinate and size the drawing modules share,
by name. The table is drawn as regions (web.kit.svgkit.Region) that the page shows at a scale >= 1:
the main board at most 740 units wide, every other board at most 400. So 1 unit >= 1 CSS px:
every font-size is >= 12 units and every hit shape >= HIT (44 px) units.
"""
HIT = 46                      # min hit size in viewBox units (>= 44 CSS px at scale >= 1)
GAP = 10                      # between stacked panels
FONT = 13                     # body text; never below MIN_FONT
MIN_FONT = 12

# ---- main board region: the Eixample grid (5 x 5 intersections, 4 x 4 blocks)
BOARD_W, BOARD_H = 740, 772
MAIN = (4, 4, 732, 764)       # x, y, w, h of the main board panel
GX, GY, GS = 104, 122, 132    # first intersection, spacing
NARROW_W, WIDE_W = 18, 30     # street widths
CROSS_R = 22                  # intersection plaza radius
STREET_PAD = 27               # a street space stops this far from the intersection centres
BLOCK_INSET = 6               # a block's edge from its street's edge
CHAMFER = 18                  # the cut corners of a block
ACTION_TILE = 66              # side of an action tile
ROW_BONUS_X = 34              # centre x of the first-building-in-row bonus tiles

# ---- side regions and player boards: 400 units wide
SIDE_W = 400
PAD = 10                      # inner margin of a region's panel
PAVEMENT_CELL = 60
PLAYER_W = 400
MOD_SPACE, MOD_SPACE_W, MOD_SPACE_H = 76, 72, 84     # Modernisme space pitch, width, height
WAREHOUSE_SLOT = 34
SAGRADA_STEP = 27

W = BOARD_W                   # kept for the page's legacy sizing (table_panels.board_min_px)


def gxy(r, c):
    """Centre of intersection (r, c)."""
    return GX + c * GS, GY + r * GS


def seg_geom(seg):
    """(x1, y1, x2, y2, horizontal) of a street segment id."""
    line, i = seg.split("-")
    k, i = int(line[1:]), int(i)
    if line[0] == "h":
        (x1, y1), (x2, y2) = gxy(k, i), gxy(k, i + 1)
        return x1, y1, x2, y2, True
    (x1, y1), (x2, y2) = gxy(i, k), gxy(i + 1, k)
    return x1, y1, x2, y2, False


def street_rect(seg, is_wide):
    """(x, y, w, h) of the street space of segment ``seg``."""
    x1, y1, _, _, horiz = seg_geom(seg)
    w = WIDE_W if is_wide else NARROW_W
    length = GS - 2 * STREET_PAD
    if horiz:
        return x1 + STREET_PAD, y1 - w / 2, length, w
    return x1 - w / 2, y1 + STREET_PAD, w, length


def seg_mid(seg):
    x1, y1, x2, y2, _ = seg_geom(seg)
    return (x1 + x2) / 2, (y1 + y2) / 2


TOKEN_OFFSET = 25             # passenger / tram sit this far from the street's middle


def tram_pos(seg):
    mx, my = seg_mid(seg)
    return (mx + TOKEN_OFFSET, my) if seg_geom(seg)[4] else (mx, my + TOKEN_OFFSET)


def passenger_pos(seg):
    mx, my = seg_mid(seg)
    return (mx - TOKEN_OFFSET, my) if seg_geom(seg)[4] else (mx, my - TOKEN_OFFSET)


def _half(line, wide):
    return (WIDE_W if line in wide else NARROW_W) / 2


def block_rect(r, c, wide):
    """Inner rectangle of block (r, c) between its four streets."""
    x0, y0 = gxy(r, c)
    x1, y1 = gxy(r + 1, c + 1)
    return (x0 + _half(f"v{c}", wide) + BLOCK_INSET, y0 + _half(f"h{r}", wide) + BLOCK_INSET,
            x1 - _half(f"v{c + 1}", wide) - BLOCK_INSET, y1 - _half(f"h{r + 1}", wide) - BLOCK_INSET)


def site_polygon(site, wide):
    """Chamfered (octagonal) block or one of the triangles cut by the diagonal."""
    ch = CHAMFER
    if site[0] == "b":
        r, c = int(site[1]), int(site[2])
        a, b, e, d = block_rect(r, c, wide)
        return [(a + ch, b), (e - ch, b), (e, b + ch), (e, d - ch), (e - ch, d), (a + ch, d), (a, d - ch), (a, b + ch)]
    i = int(site[1])
    a, b, e, d = block_rect(i, i, wide)
    g = 16   # half the diagonal avenue, measured along the block edge
    if site[2] == "u":
        return [(a + g + 6, b), (e - ch, b), (e, b + ch), (e, d - g - 6)]
    return [(a, b + g + 6), (e - g - 6, d), (a + ch, d), (a, d - ch)]


def site_centre(site, pts):
    """Where a site's building (and its target tag) sits: the centroid of a block, or of the
    triangle's three block corners."""
    if site[0] == "t":
        if site[2] == "u":
            a, b, e, d = pts[0][0] - 22, pts[0][1], pts[2][0], pts[3][1] + 22
            return (a + 2 * e) / 3 + 4, (2 * b + d) / 3 - 2
        a, b, e, d = pts[0][0], pts[0][1] - 22, pts[1][0] + 22, pts[1][1]
        return (2 * a + e) / 3 - 4, (b + 2 * d) / 3 + 2
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def tile_pos(line):
    """Centre of the action tile of a street line (h0-h4, v0-v4, d)."""
    if line == "d":
        x, y = gxy(4, 4)
        return x + 70, y + 78
    k = int(line[1:])
    if line[0] == "v":
        return GX + k * GS, 46
    return GX + 4 * GS + 70, GY + k * GS

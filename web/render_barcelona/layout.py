"""Where things go on the Barcelona table: every coordinate and size the drawing modules share,
by name. The viewBox is W units wide; the page shows it at up to 1024 CSS px, so 1 unit = 0.64 px
and a 44 px tap target is 68.75 units: every clickable element gets a hit shape of at least HIT.
"""
W = 1600
HIT = 70                      # min hit size in viewBox units (>= 68.75 = 44 CSS px at 1024 px)
GAP = 10                      # between stacked panels

# ---- main board: the Eixample grid (5 x 5 intersections, 4 x 4 blocks)
MAIN = (8, 8, 948, 952)       # x, y, w, h of the main board panel
GX, GY, GS = 120, 140, 170    # first intersection, spacing
NARROW_W, WIDE_W = 22, 40     # street widths
CROSS_R = 27                  # intersection plaza radius
STREET_PAD = 33               # a street space stops this far from the intersection centres
BLOCK_INSET = 7               # a block's edge from its street's edge
CHAMFER = 26                  # the cut corners of a block
ACTION_TILE = 76              # side of an action tile
ROW_BONUS_X = 50              # centre x of the first-building-in-row bonus tiles

# ---- left column below the main board
TRACKS = (8, 972, 948, 222)   # citizen tracks panel
CERDA_H = 104                 # Cerdà track panel height (full width of the left column)
SERVICES_W = 560              # public services panel (left), Sagrada supply (right)
SAGRADA_X, SAGRADA_W = 578, 378
SUPPLY_H = 172                # height of both

# ---- right column: side board, then the player boards
SIDE_X = 972
PAVEMENT_CELL = 70
MOD_ROW_H = 72                # one Modernisme display row
PLAYER_H = 210                # one player board
PLAYER_GAP = 8

# ---- inside a player board (offsets from its top-left corner)
PB_MARK = (30, 20)            # seat token
PB_NAME = (50, 26)
PB_STATS = (210, 26)
PB_MOD = (18, 36)             # Modernisme spaces: heading; the spaces start 10 below
MOD_SPACE, MOD_SPACE_W, MOD_SPACE_H = 72, 68, 76     # pitch, width, height
PB_WAREHOUSE = (390, 66)
WAREHOUSE_SLOT = 26
PB_ROW3 = 156                 # y of the third row: tiles, markers, passengers, Sagrada
PB_CROSS_X, PB_MARKERS_X, PB_PASSENGERS_X, PB_SAGRADA_X = 18, 150, 262, 384
SAGRADA_STEP = 14


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
    """(x, y, w, h) of the street space of segment ``seg`` and its length."""
    x1, y1, _, _, horiz = seg_geom(seg)
    w = WIDE_W if is_wide else NARROW_W
    length = GS - 2 * STREET_PAD
    if horiz:
        return x1 + STREET_PAD, y1 - w / 2, length, w
    return x1 - w / 2, y1 + STREET_PAD, w, length


def seg_mid(seg):
    x1, y1, x2, y2, _ = seg_geom(seg)
    return (x1 + x2) / 2, (y1 + y2) / 2


TOKEN_OFFSET = 38             # passenger / tram sit this far from the street's middle


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
    g = 22   # half the diagonal avenue, measured along the block edge
    if site[2] == "u":
        return [(a + g + 8, b), (e - ch, b), (e, b + ch), (e, d - g - 8)]
    return [(a, b + g + 8), (e - g - 8, d), (a + ch, d), (a, d - ch)]


def site_centre(site, pts):
    """Where a site's building (and its target tag) sits: the centroid of a block, or of the
    triangle's three block corners."""
    if site[0] == "t":
        if site[2] == "u":
            a, b, e, d = pts[0][0] - 30, pts[0][1], pts[2][0], pts[3][1] + 30
            return (a + 2 * e) / 3 + 4, (2 * b + d) / 3 - 2
        a, b, e, d = pts[0][0], pts[0][1] - 30, pts[1][0] + 30, pts[1][1]
        return (2 * a + e) / 3 - 4, (b + 2 * d) / 3 + 2
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def tile_pos(line):
    """Centre of the action tile of a street line (h0-h4, v0-v4, d)."""
    if line == "d":
        x, y = gxy(4, 4)
        return x + 72, y + 92
    k = int(line[1:])
    if line[0] == "v":
        return GX + k * GS, 62
    return 910, GY + k * GS

"""Where things go on the Strasbourg table, by name.

The table is a set of regions (docs/architecture.md "Page layout", ``render_regions``), each its own SVG
shown at a scale >= 1 (1 viewBox unit >= 1 CSS px): the city ("board", BOARD_W wide) and the
side boards, the viewer's own board and the other seats' boards (SIDE_W wide each). So every
font is >= 12 units (body text 13+) and every tap shape >= HIT = 44 units.
``render`` composes the regions into one SVG W units wide (history, tutorials)."""
BOARD_W = 740                 # the city region
BOARD_H = 650                 # its usual height (what a phone's box is fitted to; it may grow)
SIDE_W = 400                  # round boards, council, prestige, auction, supply, player boards
HIT = 44                      # min tap size in viewBox units (= 44 CSS px at scale 1)
M = 12                        # margin inside a region
COL_GAP = 12                  # between the composed columns of ``render``
W = BOARD_W + COL_GAP + SIDE_W

# ---- city region
CS = 76                       # city cell size
GRID = (34, 78)               # the grid's top-left inside the board region
LEGEND_H = 66                 # one guild box of the legend (guild, goods left, sale value)

# ---- round boards
ROUND_ROW_H = 48
STEP_X, STEP_W, STEP_H = 44, 32, 40     # first step's x, a step's size (pitch STEP_W + 2)

# ---- player boards
GOODS_W, GOODS_GAP = 68, 9    # 5 goods boxes across SIDE_W - 2 M
CHIP_W, CHIP_GAP = 48, 4      # a card value to put on a stack

"""Where things go on the Strasbourg table, by name. The viewBox is W units wide; the page
shows it at up to 1024 CSS px, so 1 unit = 0.853 px and a 44 px tap target is 51.6 units:
every clickable element gets a hit shape of at least HIT (white points: a circle of radius
HIT / 2; city cells are CS units anyway)."""
W = 1200
HIT = 52                      # min hit size in viewBox units (>= 51.6 = 44 CSS px at 1024 px for W 1200)
MARGIN, GAP = 8, 8

STATUS_H = 40                 # the status line across the top
CITY = (8, 56, 800)           # x, y, w of the city panel (height from its rows)
CS = 80                       # city cell size
CITY_GRID = (36, 58)          # the grid's top-left inside the city panel
RIGHT_X = 816                 # round boards, council, prestige: the column right of the city
ROUND_ROW_H, STEP_W = 44, 30  # one round board; one step on it
COUNCIL_ROW_H = 42
PRESTIGE_ROW_H = 28
AUCTION_ROW_H, AUCTION_LEFT_W = 44, 420
AUCTION_COLS = (0, 170, 420, 575)   # bidding order, revealed bid, stacks left, rank: offsets from the table's x

# ---- inside a player board (offsets from its top-left corner)
PB_MARK = (30, 22)
PB_NAME = (50, 28)
PB_STATS_X = 290
PB_LINE2 = 44                 # goods, deck, hand, stacks, tasks
PB_GOODS_X = 70
GOODS_W = 58
PB_CONTENT_X = 126            # where hand cards, stack rows and task lines start
STACK_ROW_W = 590             # a stack row (bid target); the stacking chips follow it
STACK_ROW_H = 58
CHIP_X = 600

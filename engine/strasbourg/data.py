"""Every component value of Strasbourg, in one place, each with its provenance.

Provenance tags used below:

* ``SEED §x``   the Traditional-Chinese rules text (the translation by 波利 of 板橋團), THE AUTHORITY;
                "§ 起始設置 n" = setup item n, "§ 關說階段" = lobbying phase, etc.
* ``RESEARCH §x`` the component notes, section x: docs/sources.md lists each section's public
                sources; the one a value rests on is named here.
* ``RECONSTRUCTED`` no public text gives the printed value; the value is ours, and
                the comment says why. An owner of the physical game should correct
                these (only this module needs editing; nothing else hard-codes them).
"""

# --------------------------------------------------------------------------
# Players, money, pieces
# --------------------------------------------------------------------------
from ..core.msg import N_, msg

START_COINS = 5                     # SEED § 起始設置 6 ("5塊錢")
FAMILY_MEMBERS = 15                 # SEED § 起始設置 6 ("15個家族成員")
PRIVILEGES = 10                     # SEED § 起始設置 5 ("10枚特權狀")
CHAPELS = 5                         # SEED § 起始設置 5 ("5枚教堂")
ROUNDS = 5                          # SEED § 遊戲流程 ("總共進行5輪")
TASKS_DEALT = 5                     # SEED § 起始設置 8 ("每個玩家發5張")
FAILED_TASK_VP = -3                 # SEED § 遊戲回合 / 分數的來源 7
PRIVILEGE_VP = 1                    # SEED § 分數的來源 4
COUNCIL_SEAT_VP = 1                 # SEED § 議會階段
SHOP_VP = 1                         # SEED § 分數的來源 2
PARISH_SHOP_VP = 1                  # SEED § 分數的來源 3
# Coins, family members, goods and privilege markers never run out: SEED § 起始設置 note
# ("※家族成員、錢幣、貨物、特權狀標示物不夠使用時，請自行拿其他物品代替"). The counts below are
# the physical pieces; substitutes make up any shortfall (state.py counts may go below 0).

# Influence deck: 24 cards, values 1-6, four of each.  SEED § 起始設置 6 (24 cards);
# RESEARCH §1 (values 1-6 x4, topolino / poeppelhelden / metagames).
DECK = tuple(v for v in range(1, 7) for _ in range(4))

# --------------------------------------------------------------------------
# Guilds (5) and goods
# --------------------------------------------------------------------------
# Names: RESEARCH §7 (Smiths, Vintners, Shoemakers, Butchers, Bakers).
# Colours: red = butchers, green = shoemakers are RESEARCH §3 (surrealist.de);
# the other three colours are RECONSTRUCTED (any distinct colours will do).
GUILDS = ("smiths", "vintners", "shoemakers", "butchers", "bakers")
# Names are message keys (engine/core/msg.py): the catalogs locale/*/LC_MESSAGES/strasbourg.po
# hold the words.
GUILD_NAMES = {
    # i18n: guild name; term chosen: the rules text (SEED) names no guild (RESEARCH §7 gives English)
    "smiths": N_("str.guild.smiths"),
    # i18n: guild name; term chosen: the rules text (SEED) names no guild
    "vintners": N_("str.guild.vintners"),
    # i18n: guild name; term chosen: the rules text (SEED) names no guild
    "shoemakers": N_("str.guild.shoemakers"),
    # i18n: guild name; term chosen: the rules text (SEED) names no guild
    "butchers": N_("str.guild.butchers"),
    # i18n: guild name; term chosen: the rules text (SEED) names no guild
    "bakers": N_("str.guild.bakers"),
}
GUILD_COLOURS = {"smiths": "#5b6770", "vintners": "#7b3f8c", "shoemakers": "#3f8c4a",
                 "butchers": "#b8332e", "bakers": "#d9a63a"}
GUILD_LETTER = {"S": "smiths", "V": "vintners", "H": "shoemakers", "U": "butchers", "B": "bakers"}

GOODS_PER_GUILD = 6                 # SEED § 起始設置 4 (30 tiles, 5 x 6)

# Sale value of one goods tile, in coins. RECONSTRUCTED: the seed says the tile
# shows its sale value (§ 步驟 C/E) but no source prints it. We follow the
# space-value ranking of RESEARCH §3 (Smiths > Vintners > Shoemakers > Butchers
# > Bakers) and size it so one trade win with 2-3 tiles buys roughly one shop.
GOODS_VALUE = {"smiths": 4, "vintners": 3, "shoemakers": 3, "butchers": 2, "bakers": 2}

# --------------------------------------------------------------------------
# Council (8 seats)
# --------------------------------------------------------------------------
# RESEARCH §7 (entretenimientodigital, ludorium): Nobility, Church, 5 guilds, Merchants.
COUNCIL_SEATS = ("nobility", "church") + GUILDS + ("merchants",)
COUNCIL_NAMES = dict(GUILD_NAMES, nobility=N_("str.council.nobility"), church=N_("str.council.church"),
                     merchants=N_("str.council.merchants"))

# --------------------------------------------------------------------------
# Round boards: steps A-I. SEED § 關說階段 gives the order A..I:
#   A nobility & church auction, B/D/F guild auctions, C/E trade auctions,
#   G trade auction + merchants seat, H nobility builds the edifice,
#   I church places a chapel.
# CONFLICT (RESEARCH §2): katz2019 and polo-deepdelver put the chapel at H and the
# edifice at I. The seed is the authority, so H = edifice, I = chapel here.
# --------------------------------------------------------------------------
STEP_LETTERS = "ABCDEFGHI"

# The guild of steps B, D, F on each of the 5 boards. RECONSTRUCTED: RESEARCH §2
# (Games Journal 424) says each guild appears exactly 3 times over the 5 boards and
# not evenly per board; the actual sequences are unknown. This cyclic pattern uses
# each guild exactly 3 times, never twice on one board, and varies its position.
ROUND_BOARDS = (
    ("smiths", "vintners", "shoemakers"),
    ("butchers", "shoemakers", "vintners"),
    ("shoemakers", "bakers", "butchers"),
    ("bakers", "butchers", "smiths"),
    ("vintners", "smiths", "bakers"),
)


def board_steps(guilds):
    """The 9 steps (letter, kind, guild) of a round board with guilds for B, D, F."""
    b, d, f = guilds
    return (("A", "nobility", None), ("B", "guild", b), ("C", "trade", None),
            ("D", "guild", d), ("E", "trade", None), ("F", "guild", f),
            ("G", "election", None), ("H", "edifice", None), ("I", "chapel", None))


# The steps of each round board, by board number (a table: every step of every round asks).
BOARD_STEPS = tuple(board_steps(b) for b in ROUND_BOARDS)


# Edifices ("large guild facilities"): 5 tiles worth 2-6 points each. RESEARCH §5
# (kinako0503 blog). Shuffled, one under each round board: SEED § 起始設置 2.
EDIFICES = (2, 3, 4, 5, 6)

# --------------------------------------------------------------------------
# City: 9 x 6 grid. RESEARCH §3 (surrealist.de: 9 x 6 cells, guild areas in
# colours, a few empty grey lots). The layout, prices, lots and white points
# below are RECONSTRUCTED: irregular linked guild areas, higher prices for the
# higher-ranked guilds (RESEARCH §3, ludorium ranking), 6 grey lots for the 5
# edifices (so the last edifice still has a choice), lots kept off the edges so
# an edifice has up to 4 neighbours. '.' = grey empty lot.
# --------------------------------------------------------------------------
CITY_ROWS = 6
CITY_COLS = 9
CITY_LAYOUT = (
    "SSSVVVVHH",
    "SS.VVV.HH",
    "SSSV.VHHH",
    "U.UBBBH.H",
    "UUBB.BBUU",
    "UUBBBBUUU",
)
# Admission fee (coins) of each cell; 0 on lots. RECONSTRUCTED as described above:
# Smiths 4-6, Vintners 3-5, Shoemakers 2-4, Butchers 2-3, Bakers 1-3.
CITY_PRICES = (
    (6, 5, 4, 5, 4, 3, 4, 3, 2),
    (5, 4, 0, 3, 5, 4, 0, 4, 3),
    (4, 6, 5, 4, 0, 3, 2, 3, 4),
    (3, 0, 2, 1, 2, 3, 3, 0, 2),
    (2, 3, 1, 2, 0, 1, 3, 2, 3),
    (2, 2, 3, 1, 2, 1, 2, 3, 2),
)

# White points where a chapel may stand: a point (r, c) is the corner shared by
# cells (r-1, c-1), (r-1, c), (r, c-1) and (r, c); 1 <= r <= 5, 1 <= c <= 8.
# SEED § 步驟 I ("建築物之間交會的其中一個點上(白色圓點)"). Which points are white
# is RECONSTRUCTED: 12 points spread over the city, none touching two lots.
WHITE_POINTS = ((1, 1), (1, 4), (1, 8), (2, 2), (2, 6), (3, 4), (3, 8),
                (4, 1), (4, 6), (5, 3), (5, 5), (5, 8))

# --------------------------------------------------------------------------
# Task cards (25). The eight kinds are those of the German task overview sheet
# (RESEARCH §6, doczz), the only public list; it names no other kind, so none is
# invented here. Each entry: (id, kind, parameter, points).
#   edifice_pair  2+ own shops next to the edifice of the given value
#   guild3        3+ own shops in the given guild's area
#   edifice3      3+ own shops next to one edifice (any)
#   line3         3 own shops in an unbroken row or column
#   council       own family members in the council at the end: 4/3/2 with 3/4/5 players
#   edifices4     own shops next to 4+ different edifices
#   diag3         3 own shops in an unbroken diagonal line
#   most_shops    strictly more shops in the city than every other player
# RECONSTRUCTED: the mix of the 25 cards and their points. One edifice_pair card
# per edifice (5) and one guild3 card per guild (5), as the cards that name an
# edifice or a guild suggest (RESEARCH §6 "INFERRED"), and the other 15 spread
# 3/3/3/2/2/2 over the six general kinds. Points lie in the printed range 2-8
# (RESEARCH §6, minaspeltips) and follow how often a kind came true in the
# all-greedy simulation (bench/strasbourg_sim.py "task kinds"): the rarer, the more.
# --------------------------------------------------------------------------
COUNCIL_TASK_NEED = {3: 4, 4: 3, 5: 2}   # RESEARCH §6 type 5 (FACT)

TASK_CARDS = (
    # points RECONSTRUCTED by how often the kind came true for a seat in the all-greedy
    # simulation (3-5 players, 40 games each): council 38% -> 2; edifices4 26% -> 3;
    # edifice_pair 11-18% -> 3 (4 for the 2-point edifice, the rarest); most_shops 17% -> 4;
    # line3 6%, edifice3 5% -> 5; diag3 4% -> 6; guild3 by guild: bakers 6%, butchers 5% -> 5,
    # shoemakers 3% -> 6, vintners 1% -> 7, smiths 1% (fewest and dearest cells) -> 8.
    ("T01", "edifice_pair", 2, 4),
    ("T02", "edifice_pair", 3, 3),
    ("T03", "edifice_pair", 4, 3),
    ("T04", "edifice_pair", 5, 3),
    ("T05", "edifice_pair", 6, 3),
    ("T06", "guild3", "smiths", 8),
    ("T07", "guild3", "vintners", 7),
    ("T08", "guild3", "shoemakers", 6),
    ("T09", "guild3", "butchers", 5),
    ("T10", "guild3", "bakers", 5),
    ("T11", "edifice3", None, 5),
    ("T12", "edifice3", None, 5),
    ("T13", "line3", None, 5),
    ("T14", "line3", None, 5),
    ("T15", "council", None, 2),
    ("T16", "council", None, 2),
    ("T17", "edifices4", None, 3),
    ("T18", "edifices4", None, 3),
    ("T19", "diag3", None, 6),
    ("T20", "diag3", None, 6),
    ("T21", "most_shops", None, 4),
    ("T22", "most_shops", None, 4),
    ("T23", "edifice3", None, 5),
    ("T24", "line3", None, 5),
    ("T25", "diag3", None, 6),
)
TASKS = {t[0]: t for t in TASK_CARDS}


TASK_KINDS = {"edifice_pair": N_("str.task.edifice_pair"), "guild3": N_("str.task.guild3"),
              "edifice3": N_("str.task.edifice3"), "line3": N_("str.task.line3"),
              "council": N_("str.task.council"), "edifices4": N_("str.task.edifices4"),
              "diag3": N_("str.task.diag3"), "most_shops": N_("str.task.most_shops")}


def guild_name(guild):
    """The message naming a guild."""
    return {"key": GUILD_NAMES[guild]}


def council_name(seat):
    """The message naming a council seat."""
    return {"key": COUNCIL_NAMES[seat]}


def task_text(task_id, num_players=None):
    """The wording of a task card (public only once the game is over), as a message."""
    _, kind, param, points = TASKS[task_id]
    if kind == "edifice_pair":
        what = msg(TASK_KINDS[kind], edifice=param)
    elif kind == "guild3":
        what = msg(TASK_KINDS[kind], guild=guild_name(param))
    elif kind == "council":
        what = msg(TASK_KINDS[kind], need=COUNCIL_TASK_NEED.get(num_players, "3/4/2"))
    else:
        what = msg(TASK_KINDS[kind])
    return msg("str.task.text", id=task_id, what=what, points=points)

"""Plain game state of Strasbourg (no rules here), with a fast ``copy``.

Everything mutable lives in ``State`` and its ``Player`` objects, built from
lists, dicts and ints only, so ``copy()`` is a handful of list copies (the game's
``clone()`` uses it instead of ``deepcopy``).

City cells are indexed ``i = r * CITY_COLS + c``. A chapel point ``(r, c)`` is the
corner shared by cells (r-1,c-1), (r-1,c), (r,c-1), (r,c).
"""

from . import data

CELLS = [(r, c) for r in range(data.CITY_ROWS) for c in range(data.CITY_COLS)]
CELL_GUILD = [data.GUILD_LETTER.get(data.CITY_LAYOUT[r][c]) for r, c in CELLS]  # None = lot
CELL_PRICE = [data.CITY_PRICES[r][c] for r, c in CELLS]
LOTS = [i for i, g in enumerate(CELL_GUILD) if g is None]


def cell_index(r, c):
    return r * data.CITY_COLS + c


def neighbours(i):
    """Orthogonally adjacent cell indices (RESEARCH §5: 'adjacent' = orthogonal); a table."""
    return NEIGHBOURS[i]


def _neighbours(i):
    r, c = divmod(i, data.CITY_COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS:
            out.append(rr * data.CITY_COLS + cc)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(CELLS)))
# The cells of each guild, in cell order (shops are bought on them).
GUILD_CELLS = {g: tuple(i for i, x in enumerate(CELL_GUILD) if x == g) for g in data.GUILDS}


def point_cells(point):
    """The (up to) 4 cells around a chapel point: its parish (SEED § 步驟 I)."""
    r, c = point
    return [
        cell_index(rr, cc)
        for rr in (r - 1, r)
        for cc in (c - 1, c)
        if 0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS
    ]


class Player:
    __slots__ = (
        "coins",
        "supply",
        "deck",
        "hand",
        "stacks",
        "spent",
        "goods",
        "privileges",
        "dealt",
        "tasks",
        "prestige",
        "tasks_done",
        "goods_sure",
        "goods_unsure",
        "privileges_seen",
    )

    def __init__(self):
        self.coins = data.START_COINS
        self.supply = data.FAMILY_MEMBERS  # family members not on the board (< 0: substitutes in use)
        self.deck = []  # influence cards; deck[-1] is the top, deck[0] the bottom
        self.hand = []  # drawn this round, not yet put on a stack
        self.stacks = []  # list of lists of card values (face down, unrevealed)
        self.spent = []  # cards removed from the game
        self.goods = dict.fromkeys(data.GUILDS, 0)  # (fromkeys: made in C, every new game)
        self.privileges = 0
        self.dealt = []  # task cards still to decide on (before round 1)
        self.tasks = []  # kept task cards (secret until the end)
        self.prestige = 0  # prestige track (council points during the game)
        self.tasks_done = False
        # Public tallies of what is behind the screen (coins, goods, privileges are secret:
        # SEED § 起始設置 6, 步驟 b/C). Everyone sees a tile taken from the supply, a sale step
        # won, a privilege taken or spent, so these are what a player at the table can count;
        # masked_for (game.py) rebuilds the hidden amounts from them, never from the real ones.
        self.goods_sure = dict.fromkeys(data.GUILDS, 0)  # taken since this seat's last sale: still held
        self.goods_unsure = dict.fromkeys(data.GUILDS, 0)  # taken before it: held or sold, nobody else knows
        self.privileges_seen = 0  # privileges taken minus spent (public acts)

    def copy(self):
        p = Player.__new__(Player)
        p.coins = self.coins
        p.supply = self.supply
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.stacks = [s[:] for s in self.stacks]
        p.spent = self.spent[:]
        p.goods = dict(self.goods)
        p.privileges = self.privileges
        p.dealt = self.dealt[:]
        p.tasks = self.tasks[:]
        p.prestige = self.prestige
        p.tasks_done = self.tasks_done
        p.goods_sure = dict(self.goods_sure)
        p.goods_unsure = dict(self.goods_unsure)
        p.privileges_seen = self.privileges_seen
        return p


class State:
    """Board, supply, round position and the pending-decision machinery.

    ``phase`` is one of: ``tasks``, ``plot``, ``lobby``, ``over``.
    ``decision`` is the pending ``Decision`` (engine/core/decision.py) or None; ``queue``
    holds the lobbying items still to run, also ``Decision``s (lobbying.py).
    ``auction`` is the running auction (dict) or None; ``last_auction`` the last
    resolved one (for the view).
    """

    def __init__(self, n):
        self.players = [Player() for _ in range(n)]
        self.n = n  # the player count: a plain attribute (read in every step)
        self.boards = []  # board numbers (index into data.ROUND_BOARDS), round order
        self.edifices = []  # edifice value under each round board
        self.round = 0  # 0..4
        self.step = 0  # 0..8 (index into STEP_LETTERS)
        self.step_open = False  # the current step has been started
        self.start_player = 0
        self.council = dict.fromkeys(data.COUNCIL_SEATS)
        self.shops = [None] * len(CELLS)  # owner seat of the family member on a guild cell
        self.built = {}  # lot cell index -> edifice value
        self.chapels = []  # chapel points (r, c)
        # Goods, privileges and family members never run out (SEED § 起始設置 note:
        # substitutes are used), so these counts may go below 0; view() shows max(0, n).
        self.goods_supply = dict.fromkeys(data.GUILDS, data.GOODS_PER_GUILD)
        self.privilege_supply = data.PRIVILEGES
        self.chapel_supply = data.CHAPELS
        self.phase = "tasks"
        self.decision = None
        self.queue = []
        self.auction = None
        self.last_auction = None
        self.plot_order = []  # seats still to plot this round (front = acting)
        self.plot_stage = "draw"  # 'draw' or 'stack' for the acting seat
        self.score_history = []
        self.coins_earned = 0  # ledger for the conservation invariant
        self.coins_paid = 0
        self.final = None  # end-of-game breakdown (list of dicts) once over

    def copy(self):
        s = State.__new__(State)
        s.players = [p.copy() for p in self.players]
        s.n = self.n
        s.boards = self.boards[:]
        s.edifices = self.edifices[:]
        s.round = self.round
        s.step = self.step
        s.step_open = self.step_open
        s.start_player = self.start_player
        s.council = dict(self.council)
        s.shops = self.shops[:]
        s.built = dict(self.built)
        s.chapels = self.chapels[:]
        s.goods_supply = dict(self.goods_supply)
        s.privilege_supply = self.privilege_supply
        s.chapel_supply = self.chapel_supply
        s.phase = self.phase
        s.decision = self.decision
        s.queue = self.queue[:]
        s.auction = _copy_auction(self.auction)
        s.last_auction = _copy_auction(self.last_auction)
        s.plot_order = self.plot_order[:]
        s.plot_stage = self.plot_stage
        s.score_history = [h[:] for h in self.score_history]
        s.coins_earned = self.coins_earned
        s.coins_paid = self.coins_paid
        s.final = None if self.final is None else [dict(b) for b in self.final]
        return s

    def step_info(self):
        """(letter, kind, guild) of the current step of the current round."""
        return data.BOARD_STEPS[self.boards[self.round]][self.step]

    def clockwise_from(self, seat):
        return list(CLOCKWISE[self.n][seat])  # a fresh list: callers pop from it

    def seats_held(self, seat):
        return list(self.council.values()).count(seat)

    def shop_count(self, seat):
        return self.shops.count(seat)


# n -> seat -> the seats clockwise from it (a table: every auction and round asks)
CLOCKWISE = {n: tuple(tuple((s + k) % n for k in range(n)) for s in range(n)) for n in range(1, 9)}


def _copy_auction(a):
    if a is None:
        return None
    out = dict(a)
    for k in ("order", "deferred", "passed"):
        out[k] = a[k][:]
    out["bids"] = [dict(b) for b in a["bids"]]
    if "ranking" in a:
        out["ranking"] = [dict(r) for r in a["ranking"]]
    return out

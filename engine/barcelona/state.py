"""The Barcelona player board state (RULEBOOK p.4-5 step 4, Spanish rules sheet, steps 11-17)."""

from . import data as D


class PlayerState:
    """Everything on one player's board plus their score and hidden citizens."""

    __slots__ = (
        "name",
        "coins",
        "cloth",
        "cobbles_placed",
        "narrow_stacks",
        "wide",
        "crosses_built",
        "passengers_placed",
        "mod_tiles",
        "mod_top",
        "marker_stacks",
        "sagrada",
        "sagrada_tiles",
        "cerda",
        "vp",
        "breakdown",
        "hand",
        "services",
        "tram",
    )

    def __init__(self, name: str):
        self.name = name
        self.coins = D.START_COINS
        self.cloth = D.START_CLOTH
        self.cobbles_placed = 0
        self.narrow_stacks = list(D.NARROW_STACKS)
        self.wide = D.WIDE_TILES
        self.crosses_built = 0
        self.passengers_placed = 0
        self.mod_tiles = [None] * D.MODERNISME_SPACES
        self.mod_top = [False] * D.MODERNISME_SPACES
        self.marker_stacks = list(D.MARKER_STACKS)
        self.sagrada = 0
        self.sagrada_tiles = []  # (level, index) taken
        self.cerda = D.CERDA_START
        self.vp = 0
        self.breakdown = {}  # category -> VP
        self.hand = []  # hidden citizens (classes)
        self.services = []  # service keys built
        self.tram = None  # segment id or None (tram still on the board)

    @property
    def cobbles_left(self) -> int:
        return D.COBBLESTONES - self.cobbles_placed

    @property
    def capacity(self) -> int:
        """Warehouse slots free of cobblestones hold 1 coin or 1 cloth each (p.7)."""
        return D.WAREHOUSE_SLOTS - self.cobbles_left

    @property
    def markers_left(self) -> int:
        return sum(self.marker_stacks)

    @property
    def narrow_left(self) -> int:
        return sum(self.narrow_stacks)

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        for k in self.__slots__:
            v = getattr(self, k)
            if isinstance(v, list):
                v = list(v)
            elif isinstance(v, dict):
                v = dict(v)
            setattr(p, k, v)
        return p

"""The component values of engine/strasbourg/data.py, written out a second time (issue 50).

The rules text states the counts (Strasbourg rulebook (zh-Hant), sections 起始設置 and 分數的來源);
the component notes (RESEARCH in data.py) give the deck, the edifices, the task cards' kinds;
the city, its prices and white points, the round boards, the goods' values and the task cards'
points are RECONSTRUCTED (docs/strasbourg.md "Component data and provenance"). The rule tests
read them from data.py, so a value changed there by mistake changed no test's verdict; here
each one is written out. A deliberate change (an owner of the physical game correcting a
value) is made in both places. scripts/mutation_check.py checks that every value is pinned
(docs/testing.md "Mutation check").
"""

from engine.strasbourg import data


def test_counts_of_the_rules_text():
    """Strasbourg rulebook (zh-Hant), 起始設置 4-8 (6 goods a guild, 10 privileges, 5 chapels,
    5 coins, 15 family members, 5 task cards), 遊戲流程 (5 rounds), 分數的來源 1-7 (1 VP a council
    seat, a shop, a shop in a parish, an unused privilege; -3 an unfulfilled task card)."""
    assert (data.GOODS_PER_GUILD, data.PRIVILEGES, data.CHAPELS) == (6, 10, 5)
    assert (data.START_COINS, data.FAMILY_MEMBERS, data.TASKS_DEALT, data.ROUNDS) == (5, 15, 5, 5)
    assert (data.COUNCIL_SEAT_VP, data.SHOP_VP, data.PARISH_SHOP_VP, data.PRIVILEGE_VP) == (1, 1, 1, 1)
    assert data.FAILED_TASK_VP == -3


def test_deck_edifices_and_council_task():
    """RESEARCH §1: 24 influence cards, 1-6 four times; §5: edifices worth 2-6; §6 type 5: the
    council card needs 4/3/2 seats with 3/4/5 players."""
    assert sorted(data.DECK) == [v for v in range(1, 7) for _ in range(4)]
    assert data.EDIFICES == (2, 3, 4, 5, 6)
    assert data.COUNCIL_TASK_NEED == {3: 4, 4: 3, 5: 2}


def test_city():
    """The 9 x 6 city (RESEARCH §3), its guild areas and 6 lots, each cell's price and the 12
    white points (RECONSTRUCTED)."""
    assert (data.CITY_ROWS, data.CITY_COLS) == (6, 9)
    assert data.CITY_LAYOUT == (
        "SSSVVVVHH",
        "SS.VVV.HH",
        "SSSV.VHHH",
        "U.UBBBH.H",
        "UUBB.BBUU",
        "UUBBBBUUU",
    )
    assert data.CITY_PRICES == (
        (6, 5, 4, 5, 4, 3, 4, 3, 2),
        (5, 4, 0, 3, 5, 4, 0, 4, 3),
        (4, 6, 5, 4, 0, 3, 2, 3, 4),
        (3, 0, 2, 1, 2, 3, 3, 0, 2),
        (2, 3, 1, 2, 0, 1, 3, 2, 3),
        (2, 2, 3, 1, 2, 1, 2, 3, 2),
    )
    assert data.WHITE_POINTS == (
        (1, 1), (1, 4), (1, 8), (2, 2), (2, 6), (3, 4), (3, 8), (4, 1), (4, 6), (5, 3), (5, 5), (5, 8),
    )  # fmt: skip


def test_round_boards_and_goods():
    """The guilds of steps B, D, F on each round board, each guild 3 times (RESEARCH §2; the
    order RECONSTRUCTED); a goods tile's sale value (RECONSTRUCTED from the ranking, §3)."""
    assert data.ROUND_BOARDS == (
        ("smiths", "vintners", "shoemakers"),
        ("butchers", "shoemakers", "vintners"),
        ("shoemakers", "bakers", "butchers"),
        ("bakers", "butchers", "smiths"),
        ("vintners", "smiths", "bakers"),
    )
    assert data.GOODS_VALUE == {"smiths": 4, "vintners": 3, "shoemakers": 3, "butchers": 2, "bakers": 2}


def test_task_cards():
    """The 25 task cards: kind, parameter, points (kinds RESEARCH §6; mix and points
    RECONSTRUCTED within the printed 2-8)."""
    assert data.TASK_CARDS == (
        ("T01", "edifice_pair", 2, 4), ("T02", "edifice_pair", 3, 3), ("T03", "edifice_pair", 4, 3),
        ("T04", "edifice_pair", 5, 3), ("T05", "edifice_pair", 6, 3),
        ("T06", "guild3", "smiths", 8), ("T07", "guild3", "vintners", 7), ("T08", "guild3", "shoemakers", 6),
        ("T09", "guild3", "butchers", 5), ("T10", "guild3", "bakers", 5),
        ("T11", "edifice3", None, 5), ("T12", "edifice3", None, 5), ("T13", "line3", None, 5),
        ("T14", "line3", None, 5), ("T15", "council", None, 2), ("T16", "council", None, 2),
        ("T17", "edifices4", None, 3), ("T18", "edifices4", None, 3), ("T19", "diag3", None, 6),
        ("T20", "diag3", None, 6), ("T21", "most_shops", None, 4), ("T22", "most_shops", None, 4),
        ("T23", "edifice3", None, 5), ("T24", "line3", None, 5), ("T25", "diag3", None, 6),
    )  # fmt: skip

"""Task cards and where pieces may go, each pinned by a scenario that plays it (issue 50).

A task accepted with one shop fewer than it needs, or a chapel put on a point that holds one,
failed no engine test before these. Sections are those of the Strasbourg rulebook (zh-Hant);
the task cards' conditions are those of the German task overview sheet as the component notes
give them (RESEARCH §6: the rulebook names the cards but not their conditions). The
reconstructed values of engine/strasbourg/data.py are pinned in test_str_recon_values.py.
"""

import pytest

from engine.core.errors import IllegalAction
from engine.strasbourg import data, new_game, scoring
from engine.strasbourg.scoring import task_done
from engine.strasbourg.state import CELL_GUILD, CELL_PRICE, GUILD_CELLS, cell_index, neighbours, point_cells

from tests.support.game_checks import check_invariants

from .helpers import at_step


def ids(g):
    return [a.id for a in g.legal_actions()]


def _empty(n=4, seed=3):
    """A game whose board holds nothing and whose seats hold no task card yet."""
    g = new_game(n, seed)
    for p in g.st.players:
        p.dealt, p.tasks = [], []
    return g


# ----- task cards: the guild card ------------------------------------------------------------------
GUILD_CARDS = [t for t, kind, _, _ in data.TASK_CARDS if kind == "guild3"]


@pytest.mark.parametrize("task", GUILD_CARDS)
def test_a_guild_card_needs_three_shops_in_its_guild(task):
    """RESEARCH §6 type 2 (the German task overview): "3 own family members on city spaces of
    the guild shown on the card"; Strasbourg rulebook (zh-Hant), section 遊戲回合: a kept card
    scores its printed points when fulfilled at the end, "如果沒有達成的話，每張加分卡必須-3分".
    Two shops of the guild are one too few; shops of another guild do not count."""
    guild = data.TASKS[task][2]
    g = _empty()
    st = g.st
    st.players[0].tasks = [task]
    mine = GUILD_CELLS[guild]
    for i in mine[:2]:
        st.shops[i] = 0
    others = [i for i in range(len(CELL_GUILD)) if CELL_GUILD[i] not in (None, guild)]
    for i in others[:3]:  # three shops of other guilds: not the card's guild
        st.shops[i] = 0
    assert not task_done(st, 0, task)
    assert scoring.breakdown(st, 0)["tasks"] == -3
    st.shops[mine[2]] = 1  # another seat's shop in the guild: not the card owner's
    assert not task_done(st, 0, task)
    st.shops[mine[2]] = 0
    assert task_done(st, 0, task)
    assert scoring.breakdown(st, 0)["tasks"] == data.TASKS[task][3] > 0
    assert not task_done(st, 1, task)


def test_a_task_card_is_checked_only_at_the_end_and_scores_once():
    """Strasbourg rulebook (zh-Hant), section 遊戲回合: "遊戲最後結束時每個玩家再檢視自己有沒有達成
    這些加分卡上的條件"; section 分數的來源 6-7: a fulfilled card scores its points, an unfulfilled
    one -3. Two guild cards kept, one fulfilled: its points and -3."""
    g = _empty()
    st = g.st
    st.players[0].tasks = ["T09", "T10"]  # butchers, bakers
    for i in GUILD_CELLS["butchers"][:3]:
        st.shops[i] = 0
    assert scoring.breakdown(st, 0)["tasks"] == data.TASKS["T09"][3] - 3
    assert "tasks" not in scoring.breakdown(st, 0, with_tasks=False)


# ----- task cards: the other kinds (RESEARCH §6 types 1, 3-8) -------------------------------------------
def test_edifice_cards_need_two_three_and_four():
    """RESEARCH §6 types 1, 3 and 6: at least 2 own shops next to the card's edifice; at least
    3 next to one edifice; at least 1 next to each of 4 or more different edifices."""
    g = _empty()
    st = g.st
    lot = cell_index(1, 2)  # a lot with 4 neighbours: (0,2) (2,2) (1,1) (1,3)
    st.built[lot] = 4
    st.shops[cell_index(0, 2)] = 0
    assert not task_done(st, 0, "T03")
    st.shops[cell_index(2, 2)] = 0
    assert task_done(st, 0, "T03") and not task_done(st, 0, "T02")  # T02: the 3-point edifice
    assert not task_done(st, 0, "T11")
    st.shops[cell_index(1, 1)] = 0
    assert task_done(st, 0, "T11")
    for lot, value in ((cell_index(1, 6), 2), (cell_index(3, 1), 3), (cell_index(3, 7), 5)):
        assert CELL_GUILD[lot] is None
        st.built[lot] = value
    assert not task_done(st, 0, "T17")
    st.shops[cell_index(0, 6)] = 0
    st.shops[cell_index(2, 1)] = 0
    assert not task_done(st, 0, "T17")  # 3 edifices
    st.shops[cell_index(3, 8)] = 0
    assert task_done(st, 0, "T17")  # 4


def test_line_cards_need_three_in_an_unbroken_line():
    """RESEARCH §6 types 4 and 7: at least 3 own shops in an unbroken orthogonal straight line;
    in an unbroken diagonal line. A gap breaks it; a bend is no line."""
    g = _empty()
    st = g.st
    for rc in ((5, 0), (5, 1), (5, 3)):  # a gap at (5,2)
        st.shops[cell_index(*rc)] = 0
    assert not task_done(st, 0, "T13")
    st.shops[cell_index(4, 1)] = 0  # a bend
    assert not task_done(st, 0, "T13") and not task_done(st, 0, "T19")
    st.shops[cell_index(3, 1)] = 0  # column 1: (3,1) (4,1) (5,1)
    assert task_done(st, 0, "T13")
    g = _empty()
    st = g.st
    for rc in ((0, 8), (1, 7), (3, 5)):  # a gap at (2,6)
        st.shops[cell_index(*rc)] = 0
    assert not task_done(st, 0, "T19")
    st.shops[cell_index(2, 6)] = 0
    assert task_done(st, 0, "T19") and not task_done(st, 0, "T13")


def test_most_shops_card_needs_strictly_more():
    """RESEARCH §6 type 8: more own family members in the city than any other player (a tie
    fails: docs/strasbourg.md)."""
    g = _empty(n=3)
    st = g.st
    st.shops[cell_index(0, 0)] = 0
    assert task_done(st, 0, "T21")
    st.shops[cell_index(5, 8)] = 2
    assert not task_done(st, 0, "T21")
    st.shops[cell_index(0, 1)] = 0
    assert task_done(st, 0, "T21") and not task_done(st, 2, "T21")


# ----- § 步驟 I: the chapel ---------------------------------------------------------------------------
def test_a_chapel_never_goes_on_a_point_that_holds_one():
    """Strasbourg rulebook (zh-Hant), section 步驟 I: the Church seat holder takes one of the 5
    chapels and puts it "在右邊城市板圖中，建築物之間交會的其中一個點上(白色圓點)": on one of the
    white points, one chapel a point. The taken points are no option."""
    g = at_step(3, "I", [[], [], []], start=0)
    taken = [data.WHITE_POINTS[0], data.WHITE_POINTS[5], data.WHITE_POINTS[11]]
    g.st.chapels = list(taken)
    g.st.chapel_supply = data.CHAPELS - len(taken)
    g._legal_cache = None
    assert (g.st.decision.kind, g.st.decision.seat) == ("chapel", 1)
    offered = {tuple(map(int, i.split(":")[1].split(","))) for i in ids(g)}
    assert offered == set(data.WHITE_POINTS) - set(taken)
    for r, c in taken:
        with pytest.raises(IllegalAction):
            g.apply(f"chapel:{r},{c}")
    free = next(p for p in data.WHITE_POINTS if p not in taken)
    g.apply(f"chapel:{free[0]},{free[1]}")
    assert sorted(g.st.chapels) == sorted(taken + [free]) and g.st.chapel_supply == 1


def test_the_last_free_point_takes_the_chapel_by_itself():
    """Strasbourg rulebook (zh-Hant), section 步驟 I (as above): with one white point free the
    chapel goes there, never on a taken one (docs/strasbourg.md: a chapel with only one spot
    left is placed there)."""
    g = at_step(3, "H", [[], [], []], start=0)
    g.st.chapels = list(data.WHITE_POINTS[1:])
    g.st.chapel_supply = 1
    g.apply(ids(g)[0])  # step H: the edifice; step I follows
    assert g.st.chapels[-1] == data.WHITE_POINTS[0]
    assert len(set(g.st.chapels)) == len(data.WHITE_POINTS) and g.st.chapel_supply == 0


def test_no_chapel_once_the_five_are_placed():
    """Strasbourg rulebook (zh-Hant), section 起始設置 5 (5 chapels) and 步驟 I (one of the 5):
    with none left step I places nothing."""
    g = at_step(3, "H", [[], [], []], start=0)
    g.st.chapels = list(data.WHITE_POINTS[:5])
    g.st.chapel_supply = 0
    g.apply(ids(g)[0])
    assert g.st.chapels == list(data.WHITE_POINTS[:5]) and g.st.decision.kind != "chapel"
    check_invariants(g)


# ----- § 步驟 H: the edifice --------------------------------------------------------------------------
def test_an_edifice_goes_on_an_empty_lot_only():
    """Strasbourg rulebook (zh-Hant), section 步驟 H: the Nobility builds this round's edifice
    "在右邊城市板圖中，空地的地方(沒有畫有任何建築物的空地)": an empty lot, not a guild's cell and
    not a lot that holds an edifice; the last empty lot takes it by itself."""
    g = at_step(3, "H", [[], [], []], start=0)
    lots = [i for i, guild in enumerate(CELL_GUILD) if guild is None]
    g.st.built = {lots[0]: 2}
    g._legal_cache = None
    offered = {cell_index(*map(int, i.split(":")[1].split(","))) for i in ids(g)}
    assert offered == set(lots[1:])
    r, c = divmod(lots[0], data.CITY_COLS)
    with pytest.raises(IllegalAction):
        g.apply(f"build:{r},{c}")
    g = at_step(3, "H", [[], [], []], start=0)
    g.st.built = {i: 3 for i in lots[:-1]}
    g.st.queue.insert(0, g.st.decision)  # the step's build, started again on this board
    g.st.decision = None
    g._advance()
    assert len(g.st.built) == len(lots) and g.st.built[lots[-1]] == g.st.edifices[0]


# ----- § 步驟 B, D, F c: a shop ---------------------------------------------------------------------
def test_a_shop_is_an_empty_cell_of_the_steps_guild_at_its_printed_price():
    """Strasbourg rulebook (zh-Hant), section 步驟 B, D, F: c. "併購一間城市中的產業，付出上面標示的
    金額，並且放置1名自己的家族成員標示物" (docs/strasbourg.md rule 7: an empty cell of the step's
    guild). A cell dearer than the coins held is no option; one at the price is."""
    g = at_step(4, "B", [[[6]], [[5]], [[4]], []], start=0)
    guild = g.st.step_info()[2]
    cells = GUILD_CELLS[guild]
    g.st.shops[cells[0]] = 3
    g.st.players[0].coins = sorted({CELL_PRICE[i] for i in cells[1:]})[1]  # a price of the guild's, not its lowest
    while g.st.decision.kind == "bid":
        g.apply("bid:1" if g.st.players[g.current_player].stacks else "pass")
    assert (g.st.decision.kind, g.st.decision.seat) == ("shop", 0)
    p = g.st.players[0]
    shops = {cell_index(*map(int, i.split(":")[1].split(","))) for i in ids(g) if i.startswith("shop:")}
    assert cells[0] not in shops
    assert shops == {i for i in cells[1:] if CELL_PRICE[i] <= p.coins}
    assert all(CELL_GUILD[i] == guild for i in shops)
    price = max(CELL_PRICE[i] for i in shops)
    i = next(i for i in shops if CELL_PRICE[i] == price)
    coins = p.coins
    g.apply(f"shop:{i // data.CITY_COLS},{i % data.CITY_COLS}")
    assert g.st.shops[i] == 0 and p.coins == coins - price
    assert any(CELL_PRICE[j] == coins for j in shops)  # a cell at exactly the coins held is offered


# ----- who places, and where: steps A, H, I ----------------------------------------------------------------
def test_a_council_seat_taken_sends_the_member_home_and_a_seat_held_stays():
    """Strasbourg rulebook (zh-Hant), section 步驟 A and B, D, F a: the winner puts a family member
    on the seat; one already there goes back to its owner (docs/strasbourg.md: RESEARCH §7); a seat
    the player already holds stays as it is and takes no member."""
    from engine.strasbourg import lobbying

    g = at_step(3, "A", [[], [], []], start=0)
    st = g.st
    st.council["smiths"] = 1
    supply = [p.supply for p in st.players]

    def said():
        text = g.log[-1]["text"]
        return text["key"], text.get("prev")

    lobbying.place_seat(g, 0, "smiths")
    assert st.council["smiths"] == 0
    assert [p.supply for p in st.players] == [supply[0] - 1, supply[1] + 1, supply[2]]
    assert said() == ("str.log.take_seat_from", {"seat": 1})
    lobbying.place_seat(g, 0, "smiths")
    assert st.council["smiths"] == 0 and st.players[0].supply == supply[0] - 1
    assert said() == ("str.log.already_seat", None)
    lobbying.place_seat(g, 2, "bakers")  # an empty seat
    assert st.council["bakers"] == 2 and [p.supply for p in st.players] == [supply[0] - 1, supply[1] + 1, supply[2] - 1]
    assert said() == ("str.log.take_seat", None)


def test_two_free_white_points_are_a_choice():
    """Strasbourg rulebook (zh-Hant), section 步驟 I: the Church holder chooses the point; with two
    free ones left both are offered (placed by itself only when one is left)."""
    g = at_step(3, "H", [[], [], []], start=0)
    g.st.chapels = list(data.WHITE_POINTS[2:])
    g.st.chapel_supply = 1
    g.apply(ids(g)[0])
    assert (g.st.decision.kind, g.st.decision.seat) == ("chapel", 1)
    assert sorted(ids(g)) == sorted(f"chapel:{r},{c}" for r, c in data.WHITE_POINTS[:2])
    g.apply(f"chapel:{data.WHITE_POINTS[1][0]},{data.WHITE_POINTS[1][1]}")
    assert g.st.chapels[-1] == data.WHITE_POINTS[1] and g.st.chapel_supply == 0


def test_two_empty_lots_are_a_choice():
    """Strasbourg rulebook (zh-Hant), section 步驟 H: the Nobility holder chooses the empty lot; with
    two left both are offered."""
    g = at_step(3, "H", [[], [], []], start=0)
    lots = [i for i, guild in enumerate(CELL_GUILD) if guild is None]
    g.st.built = {i: 3 for i in lots[2:]}
    g.st.queue.insert(0, g.st.decision)
    g.st.decision = None
    g._advance()
    assert g.st.decision.kind == "build"
    offered = {cell_index(*map(int, i.split(":")[1].split(","))) for i in ids(g)}
    assert offered == set(lots[:2])


def test_a_parish_is_the_four_cells_around_its_point():
    """Strasbourg rulebook (zh-Hant), section 步驟 I: "所有教堂周圍格子的建築都算教區" - the cells
    around the point, on the board's first row and column too."""
    assert sorted(point_cells((1, 1))) == [cell_index(0, 0), cell_index(0, 1), cell_index(1, 0), cell_index(1, 1)]
    assert sorted(point_cells((4, 1))) == [cell_index(3, 0), cell_index(3, 1), cell_index(4, 0), cell_index(4, 1)]
    assert all(len(point_cells(pt)) == 4 for pt in data.WHITE_POINTS)


def test_next_to_means_up_down_left_right_within_the_city():
    """Strasbourg rulebook (zh-Hant), section 步驟 H: an edifice scores for "緊鄰的上下左右格子" -
    the orthogonal neighbours, none beyond the city's edge."""
    last = data.CITY_ROWS * data.CITY_COLS - 1
    assert sorted(neighbours(0)) == [1, data.CITY_COLS]
    assert sorted(neighbours(last)) == [last - data.CITY_COLS, last - 1]
    assert sorted(neighbours(cell_index(0, 8))) == [cell_index(0, 7), cell_index(1, 8)]
    assert sorted(neighbours(cell_index(5, 0))) == [cell_index(4, 0), cell_index(5, 1)]
    assert sorted(neighbours(cell_index(2, 4))) == [
        cell_index(1, 4),
        cell_index(2, 3),
        cell_index(2, 5),
        cell_index(3, 4),
    ]


def test_lines_of_three_stop_at_the_city_edge():
    """RESEARCH §6 types 4 and 7: three own shops in an unbroken straight line - on the first and
    last rows and columns too, and never running over an edge into the next row."""
    for cells, line, diagonal in (
        (((0, 0), (0, 1), (0, 2)), True, False),  # the first row
        (((0, 0), (1, 0), (2, 0)), True, False),  # the first column
        (((3, 8), (4, 8), (5, 8)), True, False),  # the last column
        (((5, 6), (5, 7), (5, 8)), True, False),  # the last row
        (((0, 7), (0, 8), (1, 0)), False, False),  # over the right edge into the next row
        (((3, 2), (4, 1), (5, 0)), False, True),  # a diagonal to the first column
        (((3, 6), (4, 7), (5, 8)), False, True),  # a diagonal to the last corner
        (((0, 1), (1, 0), (1, 8)), False, False),  # a diagonal over the left edge into the row above
        (((4, 0), (5, 0)), False, False),  # two: no line, and nothing beyond the last row
        (((4, 8), (5, 8)), False, False),
    ):
        g = _empty()
        for rc in cells:
            g.st.shops[cell_index(*rc)] = 0
        assert (task_done(g.st, 0, "T13"), task_done(g.st, 0, "T19")) == (line, diagonal), cells

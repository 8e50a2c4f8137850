"""End scoring and task cards, SEED § 遊戲結束計分 and § 遊戲回合 (task cards).

Categories (per seat, VP):
  council     points taken in the council phases (1 per seat per round)
  shops       1 per own family member in the city                 (SEED 分數 2)
  parishes    1 per own shop on a cell around a chapel, once per shop (SEED 分數 3)
  privileges  1 per unused privilege tile                         (SEED 分數 4)
  edifices    each own shop orthogonally next to an edifice scores its value, for
              every adjacent edifice (SEED 分數 5; RESEARCH §5 'orthogonal')
  tasks       printed points per fulfilled kept task, -3 per failed one (SEED 分數 6, 7)
Winner: most VP; tie: most shops in the city; still tied: shared (SEED).
"""

from itertools import compress, repeat
from operator import eq, itemgetter

from ..core.msg import N_, count, items, msg, seat
from . import data
from .state import CELL_GUILD, NEIGHBOURS, point_cells

_POINT_CELLS = {pt: point_cells(pt) for pt in data.WHITE_POINTS}


def parish_cells(st):
    """Cells around any chapel: the parishes (SEED § 步驟 I)."""
    cells = set()
    for pt in st.chapels:
        cells.update(_POINT_CELLS.get(tuple(pt)) or point_cells(pt))
    return cells


def own_shops(st, seat):
    shops = st.shops
    return list(compress(range(len(shops)), map(eq, shops, repeat(seat))))  # in C: scoring is hot


def _owners_getter(cells):
    """shops -> the owners on ``cells``, always a tuple (itemgetter of one index is not)."""
    if len(cells) == 1:
        return lambda shops, i=cells[0]: (shops[i],)
    return itemgetter(*cells)


# Cell -> the owners of its orthogonal neighbours, read in C (a table; scoring asks per lot).
_NEIGHBOUR_OWNERS = tuple(_owners_getter(cells) for cells in NEIGHBOURS)


def edifice_neighbours(st, seat):
    """{edifice cell: number of own shops orthogonally adjacent}."""
    shops = st.shops
    return {lot: _NEIGHBOUR_OWNERS[lot](shops).count(seat) for lot in st.built}


def _line_table(dirs):
    """For each cell, the (j, k) pairs that make a line of three with it in one of ``dirs``:
    the next two cells that way, both on the board."""
    rows, cols = data.CITY_ROWS, data.CITY_COLS
    table = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        table.append(
            tuple(
                (r2 * cols + c2, (r + 2 * dr) * cols + c + 2 * dc)
                for dr, dc in dirs
                for r2, c2 in ((r + dr, c + dc),)
                if 0 <= r + 2 * dr < rows and 0 <= c + 2 * dc < cols
            )
        )
    return tuple(table)


# The lines of the two line tasks, tables made at import: the end scoring checks every seat.
_LINES = {
    ((0, 1), (1, 0)): _line_table(((0, 1), (1, 0))),  # row or column
    ((1, 1), (1, -1)): _line_table(((1, 1), (1, -1))),
}  # diagonal


def _line(st, seat, dirs):
    """Three own shops in a line (in one of ``dirs``)?"""
    table = _LINES.get(dirs) or _line_table(dirs)
    shops = st.shops
    for i in own_shops(st, seat):
        for j, k in table[i]:
            if shops[j] == seat and shops[k] == seat:
                return True
    return False


def task_done(st, seat, task_id):
    """Is the task fulfilled now? (Checked for real only at the end.)"""
    _, kind, param, _ = data.TASKS[task_id]
    if kind == "edifice_pair":
        for lot, val in st.built.items():
            if val == param:
                return _NEIGHBOUR_OWNERS[lot](st.shops).count(seat) >= 2
        return False
    if kind == "guild3":
        return sum(1 for i in own_shops(st, seat) if CELL_GUILD[i] == param) >= 3
    if kind == "edifice3":
        return any(v >= 3 for v in edifice_neighbours(st, seat).values())
    if kind == "line3":
        return _line(st, seat, ((0, 1), (1, 0)))
    if kind == "diag3":
        return _line(st, seat, ((1, 1), (1, -1)))
    if kind == "council":
        return st.seats_held(seat) >= data.COUNCIL_TASK_NEED[st.n]
    if kind == "edifices4":
        return sum(1 for v in edifice_neighbours(st, seat).values() if v >= 1) >= 4
    if kind == "most_shops":
        mine = st.shop_count(seat)
        return all(mine > st.shop_count(o) for o in range(st.n) if o != seat)
    raise AssertionError(kind)  # pragma: no cover


def breakdown(st, seat, with_tasks=True, done=None, pcells=None):
    """Per category VP. ``with_tasks=False`` (during play) gives only the public categories:
    task cards are secret and privileges are behind the screen. ``done``: the seat's fulfilled
    task cards, ``pcells`` the parish cells, when the caller has them already (``finish``)."""
    p = st.players[seat]
    shops = own_shops(st, seat)
    if pcells is None:
        pcells = parish_cells(st)
    edifice_vp = 0
    all_shops = st.shops
    for lot, val in st.built.items():
        edifice_vp += val * _NEIGHBOUR_OWNERS[lot](all_shops).count(seat)
    out = {
        "council": p.prestige,
        "shops": len(shops) * data.SHOP_VP,
        "parishes": sum(1 for i in shops if i in pcells) * data.PARISH_SHOP_VP,
    }
    if with_tasks:
        out["privileges"] = p.privileges * data.PRIVILEGE_VP
    out["edifices"] = edifice_vp
    if with_tasks:
        if done is None:
            done = [t for t in p.tasks if task_done(st, seat, t)]
        out["tasks"] = sum(data.TASKS[t][3] if t in done else data.FAILED_TASK_VP for t in p.tasks)
    return out


# the score categories' words (the end table's, str.score.<id>), literal for the extractor
_PART_WORDS = {
    "council": N_("str.score.council"),
    "shops": N_("str.score.shops"),
    "parishes": N_("str.score.parishes"),
    "privileges": N_("str.score.privileges"),
    "edifices": N_("str.score.edifices"),
    "tasks": N_("str.score.tasks"),
}


def _part(category, points):
    """One category of a final score: "Task cards −7"."""
    return msg("str.log.final_part", what=msg(_PART_WORDS[category]), points=f"{points:+d}".replace("-", "−"))


def finish(game):
    st = game.st
    before = game.scores()  # prestige until now: the final scoring's own points are the difference
    dones = [[t for t in st.players[s].tasks if task_done(st, s, t)] for s in range(st.n)]
    pcells = parish_cells(st)  # the same for every seat
    st.final = [breakdown(st, s, done=dones[s], pcells=pcells) for s in range(st.n)]
    totals = game.scores()
    points = [a - b for a, b in zip(totals, before)]
    for s, b in enumerate(st.final):
        st.players[s].tasks_done = True
        done = dones[s]
        game.log_event(
            msg(
                "str.log.final",
                who=seat(s),
                tasks=", ".join(st.players[s].tasks) or "–",
                done=", ".join(done) or "–",
                score=sum(b.values()),
                points=points,  # every seat's, on each line: the banner reads the first
                totals=totals,
            ),
            seat=s,
        )
        # what the final score is made of, each category with its points: a task penalty shows as
        # such (issue 51: every line that changes a number says why); nothing is secret any more
        game.log_event(
            msg("str.log.final_parts", who=seat(s), parts=items([_part(k, v) for k, v in b.items() if v])),
            seat=s,
        )
    st.score_history.append([sum(b.values()) for b in st.final])
    st.phase = "over"
    st.decision = None
    w = winners(st)
    game.log_event(count("str.log.winner", "str.log.winners", len(w), who=items([seat(s) for s in w])))


def winners(st):
    totals = [sum(b.values()) for b in st.final]
    best = max(totals)
    tied = [s for s in range(st.n) if totals[s] == best]
    most = max(st.shop_count(s) for s in tied)
    return [s for s in tied if st.shop_count(s) == most]

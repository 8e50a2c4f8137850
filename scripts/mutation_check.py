"""A small mutation check of the printed values and the placement restrictions (issue 50).

Does a rule test notice when a printed value or a placement restriction changes? For each
mutant (one change at a time) the engine's rule tests run on a copy of the source tree (the
working tree is never touched); a mutant the tests notice is *killed*, one they do not notice
*survived*: a value or a restriction that no test pins.

    .venv/bin/python scripts/mutation_check.py                        # everything, one job
    .venv/bin/python scripts/mutation_check.py --only strasbourg --jobs 2
    .venv/bin/python scripts/mutation_check.py --list                 # the mutants, not run
    .venv/bin/python scripts/mutation_check.py --match FIRST_IN_ROW   # mutants whose id holds this

The mutants:
  values        every number in the data modules (engine/barcelona/data.py, solo_data.py,
                engine/strasbourg/data.py) +1, and every symbol of the printed tables (a street
                or pavement bonus letter, a city cell's guild, a reward kind, a tile's action, a
                round board's guild, a task card's kind...) replaced by the next one of its kind;
  restrictions  in the functions that say where a piece may go (RESTRICTIONS below): each
                comparison flipped (< <=, > >=, == !=, in / not in, is / is not), each condition
                negated (if, comprehension filters, `x if c else y`) or dropped (an `if` never
                taken, a filter or one operand of and/or left out), `not x` -> `x`, and <-> or,
                True <-> False, each number +1 and -1.

The tests: every test_*.py of tests/<game>/ but those in EXCLUDED (golden masters, whose
replays of recorded games say that something changed but not which rule, would otherwise hide
the holes; slow random playouts; tests of the web shell). Each mutant runs them with `pytest -x`
(stops at the first failure) in a child forked from a worker that has only pytest imported (the
engine and the tests are imported afresh each time). A mutant whose module no longer imports
counts as killed (an import error fails every test). The result is kept in docs/testing.md
("Mutation check"). A maintainer's tool: the suite runs only tests/test_mutation_check.py, one
known mutant.

Equivalent mutants (the change cannot alter any game) are listed in EQUIVALENT with the reason,
and reported apart from the survivors.
"""

import argparse
import ast
import copy
import json
import os
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from queue import Queue

ROOT = Path(__file__).resolve().parents[1]

# ------------------------------------------------------------------------------------ what
_REWARDS = ("coin", "cloth", "vp", "cerda", "sagrada", "goods")
_BCN_ACTIONS = ("coins", "cloth", "mtake", "improve", "service", "cross", "narrow", "wide", "cobble", "cerda", "tram")
_BCN_LINES = ("h0", "h1", "h2", "h3", "h4", "v0", "v1", "v2", "v3", "v4")
_BCN_CONDITIONS = (
    "block_line", "coins", "busy_cross", "cerda_mult", "services", "busy_passengers", "improved", "cobbles",
    "cloth", "narrow_line", "wide_line", "narrow", "wide", "passengers", "crosses", "empty_stacks", "corners",
    "modernisme", "bottom_markers",
)  # fmt: skip
_SOLO_ACTIONS = ("cobble", "streets", "cross", "mtake", "improve", "service", "passenger", "sagrada")
_ARROWS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_GUILDS = ("smiths", "vintners", "shoemakers", "butchers", "bakers")
_TASK_KINDS = ("edifice_pair", "guild3", "edifice3", "line3", "council", "edifices4", "diag3", "most_shops")

# Per data module: the tables whose symbols are printed values, {name: (how, alphabets[, keys])}:
# "word", a string of one of the alphabets becomes the next string of that alphabet; "grid", each
# letter of a string made of the alphabet's letters becomes the next letter; "name", a name
# (a constant of the module) becomes the next name. ``keys``: only the values of these dict keys.
# Dict keys themselves are names, not values: left alone.
SYMBOLS = {
    "engine/barcelona/data.py": {
        "WIDE_LINES": ("word", (_BCN_LINES,)),
        "_STREET_BONUS_ROWS": ("grid", ("cCkvV.",)),
        "PRINTED_LAYOUT": ("word", (_BCN_ACTIONS,)),
        "ACTION_GAINS": ("word", (_REWARDS,)),
        "INTERSECTION_REWARDS": ("word", (_REWARDS,)),
        "PASSENGER_COST": ("word", (_REWARDS,)),
        "MODERNISME_TAKE_COST": ("word", (_REWARDS,)),
        "MODERNISME_IMPROVE_COST": ("word", (_REWARDS,)),
        "_B": ("word", (_REWARDS,)),
        "_P": ("word", (_REWARDS, _BCN_ACTIONS)),
        "_PAVEMENT_ROWS": ("grid", ("ckKeEsSnwxm*",)),
        "LEVEL_RULES": ("name", (("WORKING", "MIDDLE", "UPPER"),)),
        "BUILDING_TILES": ("word", (_REWARDS,)),
        "SAGRADA_TILES": ("word", (_REWARDS,)),
        "MODERNISME_ONLY": ("word", (_BCN_CONDITIONS,)),
        "CERDA_ONLY": ("word", (_BCN_CONDITIONS,)),
    },
    "engine/barcelona/solo_data.py": {
        "CARDS": ("word", (_SOLO_ACTIONS, _ARROWS), ("action", "arrow", "back")),
        "SERVICE_ACTIONS": ("word", (_SOLO_ACTIONS + ("market",),)),
    },
    "engine/strasbourg/data.py": {
        "ROUND_BOARDS": ("word", (_GUILDS,)),
        "CITY_LAYOUT": ("grid", ("SVHUB.",)),
        "TASK_CARDS": ("word", (_GUILDS, _TASK_KINDS)),
    },
}
# Tables of the data modules whose numbers are not printed values: {module: {table: why}}.
NOT_VALUES = {
    "engine/strasbourg/data.py": {"TASKS": "an index into TASK_CARDS' rows (the card's id)"},
}
# A number that keys a dict names a row (a level, a player count), it is no value; but in these
# tables the key is a printed value (a track position).
VALUE_KEYS = {"SAGRADA_SLOTS"}

# The placement restrictions: (module, function, what it restricts). Nested functions count.
RESTRICTIONS = {
    "barcelona": (
        ("engine/barcelona/turn.py", "place_options", "citizens: an intersection without citizens, visible cost paid (p.6)"),
        ("engine/barcelona/turn.py", "owner_reward", "owner rewards: 1/2/3 for 1/3/5 tiles built (p.8)"),
        ("engine/barcelona/action_check.py", "action_possible", "an action that cannot be paid or placed is not taken (p.6)"),
        ("engine/barcelona/action_check.py", "_any_free", "a street only on a free space (p.7)"),
        ("engine/barcelona/action_check.py", "_any_frontier", "a cobblestone next to another (p.7)"),
        ("engine/barcelona/action_check.py", "pavement_frontier", "a cobblestone next to another (p.7)"),
        ("engine/barcelona/action_check.py", "tram_targets", "the tram: placed on a free space, moved 1-2 (p.10-11)"),
        ("engine/barcelona/board_actions.py", "cobble_options", "a cobblestone: next to another, or anywhere (p.7, appendix 2)"),
        ("engine/barcelona/board_actions.py", "free_segments", "a street only on a free space of its width (p.7)"),
        ("engine/barcelona/board_actions.py", "street_mode_options", "wide or narrow streets (p.7, appendix 2)"),
        ("engine/barcelona/board_actions.py", "street_options", "a street only on a free space of its width (p.7)"),
        ("engine/barcelona/board_actions.py", "cross_options", "an intersection tile: no tile yet, cost paid (p.8)"),
        ("engine/barcelona/board_actions.py", "cross_tile_cost", "an intersection tile's cost (p.8)"),
        ("engine/barcelona/tram_actions.py", "passenger_options", "a passenger: none on the space yet, 5 at most (p.11)"),
        ("engine/barcelona/tile_actions.py", "improve_options", "improve a marker still at the bottom (p.9)"),
        ("engine/barcelona/tile_actions.py", "mtake_options", "a Modernisme tile on an empty space (p.9)"),
        ("engine/barcelona/tile_actions.py", "service_options", "a public service not yet owned, paid (p.10)"),
        ("engine/barcelona/tile_actions.py", "do_service", "appendix 2: each service's effect as printed"),
        ("engine/barcelona/board_actions.py", "do_street_mode", "appendix 2: a wide or 2 narrow streets"),
        ("engine/barcelona/building.py", "open_levels", "the levels open on a site (p.12-13)"),
        ("engine/barcelona/building.py", "buildable", "a building: its site's corners, citizens and class (p.12-13)"),
        ("engine/barcelona/conditions.py", "COUNTERS", "the 19 conditions of appendix 1 and their printed limits"),
        ("engine/barcelona/conditions.py", "block_line", "appendix 1: the longest line of own blocks"),
        ("engine/barcelona/conditions.py", "_street_line_best", "appendix 1: the longest line of own streets"),
        ("engine/barcelona/solo_turn.py", "choose_intersection", "Gaudí's citizens: an empty intersection, not his own"),
        ("engine/barcelona/solo_actions.py", "_street_spaces", "Gaudí's streets: free spaces next to his pawn"),
        ("engine/barcelona/solo_actions.py", "_passenger_spaces", "Gaudí's passenger: a space without passenger or tram"),
    ),
    "strasbourg": (
        ("engine/strasbourg/lobbying.py", "roles", "the winning places of a step (步驟 A, B/D/F, C/E/G)"),
        ("engine/strasbourg/lobbying.py", "_effects", "what each winning place gets (步驟 A-G a/b/c)"),
        ("engine/strasbourg/lobbying.py", "shop_cells", "a shop: an empty cell of the step's guild, paid (步驟 B/D/F c)"),
        ("engine/strasbourg/lobbying.py", "open_cells", "a shop step is asked while the guild has an empty cell"),
        ("engine/strasbourg/lobbying.py", "place_seat", "a council seat (步驟 A, B/D/F a, G)"),
        ("engine/strasbourg/lobbying.py", "free_lots", "an edifice on an empty lot (步驟 H)"),
        ("engine/strasbourg/lobbying.py", "start_build", "an edifice on an empty lot (步驟 H)"),
        ("engine/strasbourg/lobbying.py", "free_points", "a chapel on a free white point (步驟 I)"),
        ("engine/strasbourg/lobbying.py", "start_chapel", "a chapel on a free white point, 5 chapels (步驟 I)"),
        ("engine/strasbourg/state.py", "point_cells", "a chapel's parish: the 4 cells around its point (步驟 I)"),
        ("engine/strasbourg/state.py", "_neighbours", "next to an edifice: up, down, left, right (步驟 H)"),
        ("engine/strasbourg/scoring.py", "_line_table", "the lines of three of the line tasks"),
        ("engine/strasbourg/scoring.py", "task_done", "the task cards' conditions"),
    ),
}  # fmt: skip

GAME_OF = {
    "engine/barcelona/data.py": "barcelona",
    "engine/barcelona/solo_data.py": "barcelona",
    "engine/strasbourg/data.py": "strasbourg",
}

# Test files left out of the mutants' runs, with why.
EXCLUDED = {
    "tests/barcelona/test_bcn_playout.py": "random playouts: invariants, not rules (slow)",
    "tests/barcelona/test_solo_playouts.py": "random playouts: invariants, not rules (slow)",
    "tests/barcelona/test_solo_owner_reward.py": "golden master: replays a recorded game (REPRO)",
    "tests/barcelona/test_solo_bench.py": "the bench's rescoring, not rules",
    "tests/barcelona/test_bcn_i18n.py": "words of the web shell",
    "tests/barcelona/test_bcn_draws.py": "the random draws' plumbing (the Rng's own draws), not rules",
    "tests/barcelona/test_bcn_gains_log.py": "the log's plumbing (when a gain is stated), not rules",
    "tests/strasbourg/test_playouts.py": "random playouts: invariants, not rules (slow)",
    "tests/strasbourg/test_pace.py": "golden master: replays recorded games (and slow)",
    "tests/strasbourg/test_screens.py": "the web shell's screens",
    "tests/strasbourg/test_i18n.py": "words of the web shell",
}

# Mutants that cannot change a game, by id (see Mutant.id), with why. An id names the line only
# where one function holds the same change twice: an edit there shows them as survivors again,
# to be looked at again.
_WHY = {
    "memo": "the key of a memo of options: every key it now gives still groups only hands (or tiles) "
    "whose options are the same",
    "label0": "an intersection without a printed cost: its cost 0 reads the same whichever memo holds it",
    "gaudi_at": "a frame whose gaudi_at is None reads as one without it (frame.get)",
    "owned": "all 20 intersections off the diagonal owned means every player's 5 tiles built: the "
    "action is closed before",
    "coins_only": "no improvement prints cloth, no Modernisme tile's space prints coins "
    "(data.MODERNISME_*_COST, pinned by test_bcn_recon_values)",
    "first": "a list of targets or True/False: the caller reads only its truth",
    "start": "the tram's own space is never reached again (it is 0 away from the start)",
    "two_away": "a cell two steps from a stone: any pavement of at least 3 rows and columns with a free "
    "cell next to a stone has one the changed step still finds (the free edge row or column is found "
    "from the other side)",
    "own_tram": "the moving tram's own space is left out anyway; a None is no space",
    "reach": "reachable games only: every space left with at most 3 other trams and 20 passengers "
    "on 40 spaces, and a tram always reaches a space without a tram",
    "bfs": "the search relaxes a space again whenever a cheaper way reaches it: the order in the queue "
    "changes the work, not the spaces reached",
    "bound": "the two bounds of the tram's reach check the same 2 (either alone suffices)",
    "left": "a street frame always has 1 or 2 streets left (it is removed with its last one)",
    "shortcut": "a shortcut over sites or corners that could not build anyway (the combinations decide)",
    "corner": "a corner building holds one marker at most (it is never extended)",
    "best": "the same best either way",
    "interior": "the printed white points lie inside the city (rows 1-5, columns 1-8: "
    "test_str_recon_values), so the parish's 4 cells never leave it",
    "one_left": "with one lot or point left, the first is the last",
    "chapels": "5 chapels, 12 white points: a chapel always has a free point",
    "rows": "the lines run down or across: their rows never go below 0",
}
EQUIVALENT = {
    f"engine/barcelona/{k}": _WHY[why]
    for why, ks in {
        "memo": [
            "turn.py::place_options::if hand[0] <= hand[1] -> if not (hand[0] <= hand[1])",
            "turn.py::place_options::2 (line 100) -> 3",
            "turn.py::place_options::hand[0] <= hand[1] -> hand[0] < hand[1]",
            "turn.py::place_options::0 (line 100 col 37) -> 1",
            "turn.py::place_options::0 (line 100 col 37) -> -1",
            "turn.py::place_options::1 (line 100 col 48) -> 0",
            "turn.py::place_options::0 (line 115 col 102) -> -1",
            "tile_actions.py::mtake_options::_MEMO.get(key) or memo_action(key, partial(_mtake_action, tile, i, "
            "free)) -> memo_action(key, partial(_mtake_action, tile, i, free))",
        ],
        "label0": ["turn.py::place_options::printed and rc not in owned -> rc not in owned"],
        "gaudi_at": ["turn.py::owner_reward::if gaudi_at is None -> if False"],
        "owned": [
            "action_check.py::action_possible::rc not in owned and printed.get(rc, 0) <= budget -> "
            "printed.get(rc, 0) <= budget"
        ],
        "coins_only": [
            "action_check.py::action_possible::not top and coins >= need_coin and (cloth >= need_cloth) -> "
            "not top and coins >= need_coin",
            "action_check.py::action_possible::tile is None and coins >= need_coin and (cloth >= need_cloth) -> "
            "tile is None and cloth >= need_cloth",
            "tile_actions.py::mtake_options::tile is None and coins >= need_coin and (cloth >= (0 if free else "
            "need_cloth)) -> tile is None and cloth >= (0 if free else need_cloth)",
            "tile_actions.py::mtake_options::0 -> -1",
        ],
        "first": [
            "action_check.py::action_possible::True (line 58) -> False",
            "action_check.py::tram_targets::if first -> if False",
            "action_check.py::tram_targets::if first and nxt != start and (nxt not in others) -> if False",
            "building.py::buildable::if first -> if False",
        ],
        "start": [
            "action_check.py::tram_targets::first and nxt != start and (nxt not in others) -> first and nxt not in others",
            "action_check.py::tram_targets::nxt != start -> nxt == start",
        ],
        "two_away": [f"action_check.py::_any_frontier::1 (line 87 col {c}) -> 2" for c in (26, 38, 53, 65)],
        "own_tram": [
            "action_check.py::tram_targets::if i != seat and q.tram -> (no filter)",
            "action_check.py::tram_targets::i != seat and q.tram -> i != seat or q.tram",
            "action_check.py::tram_targets::i != seat and q.tram -> q.tram",
            "action_check.py::tram_targets::i != seat and q.tram -> i != seat",
            "solo_actions.py::_passenger_spaces::if q.tram -> (no filter)",
        ],
        "reach": [
            "action_check.py::tram_targets::False (line 115) -> True",
            "action_check.py::tram_targets::first and nxt != start and (nxt not in others) -> first and nxt != start",
            "action_check.py::tram_targets::nxt not in others -> nxt in others",
            "action_check.py::tram_targets::s not in others and s not in passengers (line 113) -> "
            "s not in others or s not in passengers",
            "action_check.py::tram_targets::s not in others and s not in passengers (line 113) -> s not in passengers",
            "action_check.py::tram_targets::s not in others and s not in passengers (line 113) -> s not in others",
        ],
        "bfs": [
            "action_check.py::tram_targets::if c == d -> if not (c == d)",
            "action_check.py::tram_targets::if c == d -> if False",
            "action_check.py::tram_targets::c == d -> c != d",
        ],
        "bound": [
            "action_check.py::tram_targets::c > 2 or dist.get(nxt, 3) <= c -> dist.get(nxt, 3) <= c",
            "action_check.py::tram_targets::2 -> 3",
            "action_check.py::tram_targets::3 -> 4",
        ],
        "left": [
            "board_actions.py::street_options::f.left <= 0 or (p.wide if f.width == 'wide' else p.narrow_left) <= 0 "
            "-> (p.wide if f.width == 'wide' else p.narrow_left) <= 0",
            "board_actions.py::street_options::f.left <= 0 -> f.left < 0",
            "board_actions.py::street_options::0 (line 84 col 17) -> -1",
        ],
        "shortcut": [
            "building.py::buildable::if not occ -> if False",
            "building.py::buildable::if not m & m - 1 -> if False",
            "building.py::buildable::1 (line 50) -> 2",
            "building.py::buildable::1 (line 50) -> 0",
        ],
        "corner": ["conditions.py::COUNTERS::1 (line 95) -> 0"],
        "best": [
            "conditions.py::block_line::run > best -> run >= best",
            "conditions.py::_street_line_best::run > best -> run >= best",
        ],
    }.items()
    for k in ks
} | {
    f"engine/strasbourg/{k}": _WHY[why]
    for why, ks in {
        "one_left": ["lobbying.py::start_build::0 -> -1", "lobbying.py::start_chapel::0 -> -1"],
        "chapels": ["lobbying.py::start_chapel::st.chapel_supply and pts -> st.chapel_supply"],
        "interior": [
            "state.py::point_cells::if 0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS -> (no filter)",
            "state.py::point_cells::0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS -> "
            "0 <= rr < data.CITY_ROWS or 0 <= cc < data.CITY_COLS",
            "state.py::point_cells::0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS -> 0 <= cc < data.CITY_COLS",
            "state.py::point_cells::0 <= rr < data.CITY_ROWS and 0 <= cc < data.CITY_COLS -> 0 <= rr < data.CITY_ROWS",
            "state.py::point_cells::0 <= rr < data.CITY_ROWS -> 0 <= rr <= data.CITY_ROWS",
            "state.py::point_cells::0 <= cc < data.CITY_COLS -> 0 <= cc <= data.CITY_COLS",
            "state.py::point_cells::0 (line 50 col 11) -> -1",
            "state.py::point_cells::0 (line 50 col 40) -> -1",
        ],
        "rows": ["scoring.py::_line_table::0 (line 66 col 19) -> -1"],
    }.items()
    for k in ks
}


# ---------------------------------------------------------------------------------- mutants
@dataclass
class Mutant:
    game: str
    path: str  # relative to the tree
    where: str  # the table or function
    line: int
    col: int
    before: str
    after: str
    index: int  # the node's index in _sites(path)
    op: str  # what to do to the node
    kind: str  # "value" or "restriction"

    @property
    def id(self):
        return f"{self.path}::{self.where}::{self.before} -> {self.after}"


def _next(seq, x):
    return seq[(seq.index(x) + 1) % len(seq)]


def _is_int(node):
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    return (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) is int
    )


def _int_value(node):
    return node.value if isinstance(node, ast.Constant) else -node.operand.value


def _dict_keys(tree):
    """{id of a dict key node}, {id of a dict value node: its key (a string key) or None}."""
    keys, value_key = set(), {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Dict):
            for k, v in zip(n.keys, n.values):
                keys.add(id(k))
                value_key[id(v)] = k.value if isinstance(k, ast.Constant) else None
    return keys, value_key


def _top_names(tree):
    """The table (module-level name) or function each node of a module belongs to."""
    owner = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            t = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            name = ast.unparse(t)
        elif isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
            name = stmt.name
        else:
            name = None
        for n in ast.walk(stmt):
            owner[id(n)] = name
    return owner


def _value_sites(tree, path):
    """(node, before, after, op, table) of each printed value of a data module."""
    owner, (keys, value_key), symbols = _top_names(tree), _dict_keys(tree), SYMBOLS.get(path, {})
    skip = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            skip.add(id(n.value))  # docstrings
        if _is_int(n) and isinstance(n, ast.UnaryOp):
            skip.add(id(n.operand))  # -2 is one number
    for n in ast.walk(tree):
        table = owner.get(id(n))
        if id(n) in skip or table is None:
            continue
        if id(n) in keys and table not in VALUE_KEYS:
            continue
        if _is_int(n) and table not in NOT_VALUES.get(path, {}):
            v = _int_value(n)
            yield n, str(v), str(v + 1), "int+1", table
            continue
        spec = symbols.get(table)
        if spec is None:
            continue
        how, alphabets, only_keys = (spec + (None,))[:3]
        if only_keys is not None and value_key.get(id(n), None) not in only_keys:
            continue
        if how == "name":
            alphabet = next((a for a in alphabets if isinstance(n, ast.Name) and n.id in a), None)
            if alphabet:
                yield n, n.id, _next(alphabet, n.id), "name", table
            continue
        if not (isinstance(n, ast.Constant) and isinstance(n.value, str)) or id(n) in keys:
            continue
        if how == "word":
            alphabet = next((a for a in alphabets if n.value in a), None)
            if alphabet:
                yield n, repr(n.value), repr(_next(alphabet, n.value)), "word", table
        elif how == "grid":
            (letters,) = alphabets
            if n.value and all(ch in letters for ch in n.value):
                for i, ch in enumerate(n.value):
                    new = n.value[:i] + _next(letters, ch) + n.value[i + 1 :]
                    yield n, f"{n.value!r}[{i}]", repr(new), f"grid{i}", table


_FLIP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}  # fmt: skip


def _find_function(tree, name):
    """The function ``name``, or the module-level table of that name (a dict of lambdas)."""
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name:
            return n
    for n in tree.body:
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
            return n
    return None


def _restriction_sites(func):
    """(node, before, after, op) of each mutation of a restriction function."""
    for n in ast.walk(func):
        if isinstance(n, ast.Compare):
            for i, op in enumerate(n.ops):
                new = copy.deepcopy(n)
                new.ops[i] = _FLIP[type(op)]()
                yield n, ast.unparse(n), ast.unparse(new), f"cmp{i}"
        elif isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not):
            yield n, ast.unparse(n), ast.unparse(n.operand), "not"
        elif isinstance(n, ast.BoolOp):
            new = ast.BoolOp(ast.Or() if isinstance(n.op, ast.And) else ast.And(), n.values)
            yield n, ast.unparse(n), ast.unparse(new), "andor"
            for i in range(len(n.values)):  # one condition dropped
                rest = n.values[:i] + n.values[i + 1 :]
                new = rest[0] if len(rest) == 1 else ast.BoolOp(n.op, rest)
                yield n, ast.unparse(n), ast.unparse(new), f"drop{i}"
        elif isinstance(n, ast.Constant) and type(n.value) is bool:
            yield n, repr(n.value), repr(not n.value), "bool"
        elif isinstance(n, ast.Constant) and type(n.value) is int:
            yield n, repr(n.value), repr(n.value + 1), "int+1"
            yield n, repr(n.value), repr(n.value - 1), "int-1"  # a limit lowered by one
        tests = []
        if isinstance(n, (ast.If, ast.IfExp, ast.While)):
            tests.append(("test", n.test))
        elif isinstance(n, ast.comprehension):
            tests += [(f"ifs{i}", t) for i, t in enumerate(n.ifs)]
        for field, t in tests:
            yield n, f"if {ast.unparse(t)}", f"if not ({ast.unparse(t)})", f"neg:{field}"
            if field.startswith("ifs"):  # the filter dropped: the restriction lifted
                yield n, f"if {ast.unparse(t)}", "(no filter)", f"nofilter:{field}"
        if isinstance(n, ast.If):  # the branch never taken: a `continue` or `return` lifted
            yield n, f"if {ast.unparse(n.test)}", "if False", "false:test"


def _line(n):
    """(line, column) of a node (a comprehension has none: its target's)."""
    n = n if hasattr(n, "lineno") else n.target
    return n.lineno, n.col_offset


def _walk_index(tree):
    return {id(n): i for i, n in enumerate(ast.walk(tree))}


def mutants(only=None):
    out = []
    for path in SYMBOLS:
        game = GAME_OF[path]
        if only and game != only:
            continue
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        index = _walk_index(tree)
        for n, before, after, op, table in _value_sites(tree, path):
            out.append(Mutant(game, path, table, n.lineno, n.col_offset, before, after, index[id(n)], op, "value"))
    for game, targets in RESTRICTIONS.items():
        if only and game != only:
            continue
        for path, name, _ in targets:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            func = _find_function(tree, name)
            if func is None:
                print(f"warning: {path} has no function {name} (RESTRICTIONS is out of date)", file=sys.stderr)
                continue
            index = _walk_index(tree)
            for n, before, after, op in _restriction_sites(func):
                out.append(Mutant(game, path, name, *_line(n), before, after, index[id(n)], op, "restriction"))
    seen = {}
    for m in out:  # the same change twice in one place: tell them apart by their line
        seen.setdefault(m.id, []).append(m)
    for ms in seen.values():
        if len(ms) > 1:
            lines = {m.line for m in ms}
            for m in ms:
                m.before += f" (line {m.line})" if len(lines) == len(ms) else f" (line {m.line} col {m.col})"
    return out


def mutated_source(m, source):
    """The module's source with the mutant's one change (the module unparsed: same code)."""
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    n = nodes[m.index]
    if m.op in ("int+1", "int-1"):
        _replace(tree, n, ast.Constant(_int_value(n) + (1 if m.op == "int+1" else -1)))
    elif m.op == "word":
        n.value = ast.literal_eval(m.after)
    elif m.op.startswith("grid"):
        n.value = ast.literal_eval(m.after)
    elif m.op == "name":
        n.id = m.after
    elif m.op.startswith("cmp"):
        i = int(m.op[3:])
        n.ops[i] = _FLIP[type(n.ops[i])]()
    elif m.op == "not":
        _replace(tree, n, n.operand)
    elif m.op == "andor":
        n.op = ast.Or() if isinstance(n.op, ast.And) else ast.And()
    elif m.op == "bool":
        n.value = not n.value
    elif m.op.startswith("drop"):
        i = int(m.op[4:])
        rest = n.values[:i] + n.values[i + 1 :]
        _replace(tree, n, rest[0] if len(rest) == 1 else ast.BoolOp(n.op, rest))
    elif m.op.startswith("nofilter:ifs"):
        del n.ifs[int(m.op[12:])]
    elif m.op == "false:test":
        n.test = ast.Constant(False)
    elif m.op.startswith("neg:"):
        field = m.op[4:]
        if field.startswith("ifs"):
            i = int(field[3:])
            n.ifs[i] = ast.UnaryOp(ast.Not(), n.ifs[i])
        else:
            n.test = ast.UnaryOp(ast.Not(), n.test)
    else:  # pragma: no cover
        raise ValueError(m.op)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _replace(tree, old, new):
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list):
                for i, x in enumerate(value):
                    if x is old:
                        value[i] = new
                        return
    raise ValueError("node not found")  # pragma: no cover


# ------------------------------------------------------------------------------------ tests
def rule_test_files(game):
    return [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "tests" / game).glob("test_*.py"))
        if p.relative_to(ROOT).as_posix() not in EXCLUDED
    ]


# The tree's conftest: the tests must import the tree's engine, never the working tree's.
_GUARD = '''import pathlib

import engine

assert pathlib.Path(engine.__file__).resolve().is_relative_to(pathlib.Path(__file__).resolve().parent), engine.__file__
'''


def make_tree(dest):
    """A copy of what the engine's rule tests need: the engine, the tests, and the web shell's
    modules and catalogs that a few of them read (a copy too: the working tree may change while
    the check runs)."""
    dest = Path(dest)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "engine", dest / "engine", ignore=ignore)
    shutil.copytree(
        ROOT / "web", dest / "web", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "vendor", "static")
    )
    shutil.copytree(ROOT / "locale", dest / "locale", ignore=ignore)
    (dest / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "__init__.py", dest / "tests")
    for game in ("barcelona", "strasbourg", "support"):  # support: the shared checks the tests import
        if (ROOT / "tests" / game).is_dir():
            shutil.copytree(ROOT / "tests" / game, dest / "tests" / game, ignore=ignore)
    if (ROOT / "bench" / "game_checks.py").exists():  # where the shared checks were before
        (dest / "bench").mkdir()
        for name in ("__init__.py", "game_checks.py"):
            shutil.copy(ROOT / "bench" / name, dest / "bench")
    (dest / "conftest.py").write_text(_GUARD)
    (dest / "pytest.ini").write_text("[pytest]\naddopts =\n")
    # Bytecode checked by the source's hash, not its time and size: a mutant of the same size
    # written in the same second as the original never runs from the original's bytecode, nor
    # the original from the mutant's (a module compiled again keeps the hash check).
    for p in (dest / "engine").rglob("*.py"):
        py_compile.compile(str(p), invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH, quiet=1)
    return dest


# A worker per tree: an interpreter with pytest imported that forks a child per run, so a run
# pays neither the interpreter's start nor pytest's import (the child imports the engine and the
# tests afresh: its parent never does). Requests and answers are JSON lines.
_WORKER = r"""
import importlib, json, os, sys, time
import pytest
from _pytest.config import default_plugins
for name in default_plugins:
    importlib.import_module("_pytest." + name)
for line in sys.stdin:
    req = json.loads(line)
    pid = os.fork()
    if pid == 0:
        fd = os.open(req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        try:
            code = int(pytest.main(req["args"]))
        except BaseException:
            code = 3
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    deadline, rc = time.monotonic() + req["timeout"], None
    while rc is None:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            rc = os.waitstatus_to_exitcode(status)
        elif time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            rc = "timeout"
        else:
            time.sleep(0.005)
    print(json.dumps(rc), flush=True)
"""


class Worker:
    def __init__(self, tree):
        self.tree = Path(tree)
        env = dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1", PYTHONPATH=str(tree))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # the tests' rewritten bytecode is kept (they never change)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER], cwd=tree, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def run(self, args, timeout):
        """(exit code or "timeout", the run's output)."""
        out = self.tree / "run.out"
        self.proc.stdin.write(json.dumps({"args": args, "out": str(out), "timeout": timeout}) + "\n")
        self.proc.stdin.flush()
        rc = json.loads(self.proc.stdout.readline())
        return rc, out.read_text(errors="replace")

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def run_tests(worker, files, timeout, first_failure=True):
    """(outcome, detail): "passed", "failed" (the first failing test; without
    ``first_failure``, every failing test), "error" or "timeout". ``files`` may hold
    ``--deselect`` options."""
    args = ["-q", "-p", "no:cacheprovider", "--no-header", "-rf", *files]
    if first_failure:
        args.insert(0, "-x")
    rc, out = worker.run(args, timeout)
    if rc == "timeout":
        return "timeout", f"over {timeout:.0f} s"
    if rc == 0:
        return "passed", ""
    failed = re.findall(r"^FAILED (\S+)", out, re.M)
    if rc == 1 and failed:
        return "failed", failed[0] if first_failure else failed
    lines = out.strip().splitlines()
    err = next((x for x in reversed(lines) if "Error" in x), lines[-1] if lines else "")
    return "error", err.strip()[:160]


def check(ms, jobs=1, files_of=rule_test_files, log=partial(print, flush=True)):
    """Run each mutant; returns [(mutant, outcome, detail)] in the mutants' order."""
    games = sorted({m.game for m in ms})
    files = {g: files_of(g) for g in games}
    with tempfile.TemporaryDirectory(prefix="mutation_check.") as tmp:
        trees, workers = Queue(), []
        for j in range(max(1, jobs)):
            workers.append(Worker(make_tree(Path(tmp) / f"tree{j}")))
            trees.put(workers[-1])
        first = trees.get()
        budget = {}
        for g in games:  # the unmutated tree passes, and how long it takes
            t = time.perf_counter()
            outcome, detail = run_tests(first, files[g], timeout=600, first_failure=False)
            if outcome == "failed":
                # A test that fails unmutated tells nothing about a mutant: left out, and said so
                # (a few rule tests word a message through the web shell, which may be mid-move).
                log(f"warning: left out, failing on the unmutated tree: {', '.join(detail)}")
                files[g] = files[g] + [x for node in detail for x in ("--deselect", node)]
                t = time.perf_counter()
                outcome, detail = run_tests(first, files[g], timeout=600)
            if outcome != "passed":
                raise SystemExit(f"the unmutated {g} tests do not pass: {outcome} {detail}")
            budget[g] = max(60.0, 10 * (time.perf_counter() - t))
        trees.put(first)
        sources = {m.path: (ROOT / m.path).read_text(encoding="utf-8") for m in ms}

        def one(m):
            tree = trees.get()
            try:
                target = tree.tree / m.path
                target.write_text(mutated_source(m, sources[m.path]), encoding="utf-8")
                try:
                    return run_tests(tree, files[m.game], budget[m.game])
                finally:
                    target.write_text(sources[m.path], encoding="utf-8")
            finally:
                trees.put(tree)

        results = []
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for k, (m, (outcome, detail)) in enumerate(zip(ms, pool.map(one, ms)), 1):
                results.append((m, outcome, detail))
                mark = "survived" if outcome == "passed" else "killed"
                if outcome == "passed" and m.id in EQUIVALENT:
                    mark = "equivalent"
                log(f"[{k}/{len(ms)}] {mark:10} {m.id} (line {m.line}){'  ' + detail if detail else ''}")
        for w in workers:
            w.close()
    return results


def report(results, seconds):
    print()
    for kind in ("value", "restriction"):
        rows = [r for r in results if r[0].kind == kind]
        if not rows:
            continue
        survived = [m for m, o, _ in rows if o == "passed" and m.id not in EQUIVALENT]
        equivalent = [m for m, o, _ in rows if o == "passed" and m.id in EQUIVALENT]
        killed = len(rows) - len(survived) - len(equivalent)
        print(f"{kind} mutants: {len(rows)}, killed {killed}, equivalent {len(equivalent)}, survived {len(survived)}")
        by_place = {}
        for m in survived:
            by_place.setdefault(f"{m.path} {m.where}", []).append(m)
        for place, ms in sorted(by_place.items()):
            print(f"  {place}: {len(ms)} survived")
            for m in ms:
                print(f"    line {m.line}: {m.before} -> {m.after}")
    print(f"{len(results)} mutants in {seconds:.0f} s")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=sorted(RESTRICTIONS), help="one game's mutants")
    ap.add_argument("--kind", choices=("value", "restriction"), help="only printed values or only restrictions")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    ap.add_argument("--match", help="only mutants whose id contains this text")
    ap.add_argument("--ids", help="only the mutants whose ids a file lists, one a line (a run's survivors)")
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = ap.parse_args(argv)
    ms = mutants(args.only)
    if args.kind:
        ms = [m for m in ms if m.kind == args.kind]
    if args.match:
        ms = [m for m in ms if args.match in m.id]
    if args.ids:
        wanted = set(Path(args.ids).read_text(encoding="utf-8").splitlines())
        ms = [m for m in ms if m.id in wanted]
    if args.list:
        for m in ms:
            print(f"{m.kind:11} line {m.line:4}  {m.id}")
        print(f"{len(ms)} mutants")
        return 0
    t = time.perf_counter()
    results = check(ms, jobs=args.jobs)
    report(results, time.perf_counter() - t)
    return 1 if any(o == "passed" and m.id not in EQUIVALENT for m, o, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Barcelona: the game state, the turn flow and every rule (RULEBOOK p.4-16).

The turn is a stack of *frames*. A decision frame (place, act, goods, ...) waits for
one action of its ``seat``; an automatic frame (gain, endturn) runs by itself. Effects
that need a choice push a decision frame above the rest of the effects, so rewards
resolve in printed order and "finish one action before the next" (p.6) holds by
construction. ``legal_actions()`` lists the options of the top decision frame.

Where each rule lives (rulebook wording -> method):
  放置市民 placing citizens (p.6)              _opts_place / _do_place
  十字路口奖励 owner rewards (p.8)              _opts_owner
  街道行动 street actions (p.6-11)              _start_action and _opts_<action>
  仓库 warehouse capacity (p.7)                 _settle_warehouse / _opts_keep
  建造建筑 building (p.12-13)                   _build_options / _do_build
  市民轨/塞尔达计分 tracks and scoring (p.14)     _end_turn / _cerda_scoring
  游戏结束 game end (p.16)                       _end_turn / _final_scoring
"""
from itertools import combinations

from ..core.action import Action
from ..core.game import Game
from ..core.rng import Rng
from . import board as B
from . import data as D
from .conditions import condition_vp
from . import view as view_mod
from .spec import SPEC
from .state import PlayerState

DECISIONS = {"place", "owner", "act", "goods", "keep", "cobble", "street_mode", "street",
             "cross", "improve", "mtake", "service", "tram", "passenger", "pact", "stile",
             "split", "build"}


_FMT_CACHE = {}


def _fmt_reward(items) -> str:
    """Words for a reward tuple, e.g. '+2 coin, +1 Cerdà' (memoised: labels are hot)."""
    items = tuple(items)
    text = _FMT_CACHE.get(items)
    if text is None:
        text = _FMT_CACHE[items] = _format_reward(items)
    return text


def _format_reward(items) -> str:
    if not items:
        return "nothing"
    names = {"vp": "VP", "coin": "coin", "cloth": "cloth", "cerda": "Cerdà", "sagrada": "Sagrada"}
    parts = []
    for kind, amt in items:
        if kind == "action":
            parts.append(f"{D.ACTION_NAMES[amt]} action")
        elif kind == "goods":
            parts.append(f"+{amt} coins/cloth in any mix")
        else:
            parts.append(f"+{amt} {names[kind]}")
    return ", ".join(parts)


def _cost_ok(p, cost, free_coins=False, free_cloth=False) -> bool:
    need_coin = sum(a for k, a in cost if k == "coin") if not free_coins else 0
    need_cloth = sum(a for k, a in cost if k == "cloth") if not free_cloth else 0
    return p.coins >= need_coin and p.cloth >= need_cloth


def _pay(p, cost, free_coins=False, free_cloth=False) -> None:
    for k, a in cost:
        if k == "coin" and not free_coins:
            p.coins -= a
        elif k == "cloth" and not free_cloth:
            p.cloth -= a


_PLACE_CACHE = {}


def _place_action(rc, code, cost, acts) -> Action:
    """The place action for citizens ``code`` (top first) on ``rc``, whose street actions
    are ``acts`` (a preview for the label); memoised."""
    key = (rc, code, cost, acts)
    a = _PLACE_CACHE.get(key)
    if a is None:
        lab = f"Place on {B.cross_label(rc)}"
        if len(code) == 2:
            lab += f" ({D.CLASS_NAMES[code[0]]} on top of {D.CLASS_NAMES[code[1]]})"
        if cost:
            lab += f", pay {cost} coin"
        lab += f": {acts}"
        a = _PLACE_CACHE[key] = Action(f"place:{B.cross_id(rc)}:{code}", lab)
    return a


class BarcelonaGame(Game):
    SPEC = SPEC     # name, player counts and options (engine/barcelona/spec.py)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """RULEBOOK p.4-5, steps 1-5 (Spanish 003 steps 1-20)."""
        rng, n = self.rng, self.num_players
        # 1B action tiles: shuffled, or the printed first-game layout
        if self.options["layout"] == "printed":
            self.action_tiles = dict(D.PRINTED_LAYOUT)
        else:
            tiles = list(D.ACTION_TILES)
            rng.shuffle(tiles)
            keys = list(B.LINES) + ["d"]
            self.action_tiles = dict(zip(keys, tiles))
        # what each intersection's street actions are, for the place labels' preview
        self._cross_acts = {rc: " / ".join(D.ACTION_NAMES[self.action_tiles[line]] for _, line in self._lines_at(rc))
                            for rc in B.INTERSECTIONS}
        # 1C-1D citizen tracks pre-filled for 2-3 players; the rest go in the bag
        self.tracks = dict(D.PREFILL[n])
        bag = []
        for cls in D.CLASSES:
            bag += [cls] * (D.CITIZENS[cls] - self.tracks[cls])
        rng.shuffle(bag)
        self.bag = bag
        self.off_board = {c: 0 for c in D.CLASSES}   # citizens spilled past the last section
        # 1E three random Cerdà scoring tiles; 2F remove their Modernisme twins
        self.cerda_tiles = rng.sample(D.CERDA_TILES, D.CERDA_SCORINGS)
        self.cerda_scored = 0
        deck = [k for k in D.MODERNISME_TILES if k not in self.cerda_tiles]
        rng.shuffle(deck)
        self.mod_deck = deck
        self.mod_discard = []
        self.mod_display = []
        self._refill_display()
        # 2I five of the seven public-service stacks; 2 players drop the cheapest tile
        keys = rng.sample(list(D.SERVICES), D.SERVICES_USED)
        tiles = D.SERVICE_TILES[:2] if n == 2 else D.SERVICE_TILES
        self.services = {k: list(tiles) for k in sorted(keys, key=list(D.SERVICES).index)}
        # 3H building stacks (face up: the top tile's reward is public), 3J Sagrada tiles
        self.building_stacks = {}
        for level, rewards in D.BUILDING_TILES.items():
            idx = list(range(len(rewards)))
            rng.shuffle(idx)
            self.building_stacks[level] = idx          # top = idx[-1]
        self.sagrada_supply = {lvl: list(range(len(t))) for lvl, t in D.SAGRADA_TILES.items()}
        self.row_bonus = [True] * 4
        # the board
        self.citizens = {}            # (r, c) -> [bottom, ..., top]
        self.cross_owner = {}         # (r, c) -> seat
        self.streets = {}             # segment -> seat
        self.passengers = {}          # segment -> seat
        self.sites = {}               # site -> {"level": 1/2/3/"corner", "markers": [seats]}
        self.pavement = {D.PAVEMENT_START: None}   # cell -> seat (None: printed start stone)
        # 4 player boards, 5 start player (seat 0) and 2 hidden citizens each
        self.players = [PlayerState(name) for name in self.names]
        for p in self.players:
            p.hand = self._draw(D.HAND_SIZE)
        self.turn = 0                 # turns completed
        self.end_triggered = False
        self.over = False
        self.tiebreak = None
        self.score_history = [[0] * n]
        self.stack = []
        self._legal = None
        self._begin_turn(0)

    def _draw(self, k) -> list:
        """Draw up to k citizens at random from the bag (RULEBOOK p.6 step 4)."""
        out = []
        for _ in range(min(k, len(self.bag))):
            i = self.rng.below(len(self.bag))
            self.bag[i], self.bag[-1] = self.bag[-1], self.bag[i]
            out.append(self.bag.pop())
        return out

    def _refill_display(self) -> None:
        """Fill the Modernisme display to 4. Whenever the deck runs out, the discards are
        shuffled into a new deck at once (p.9 and p.14: "任何时候…立即"), not only when the
        next tile is needed."""
        while len(self.mod_display) < D.MODERNISME_DISPLAY:
            self._reshuffle_discards()
            if not self.mod_deck:
                break
            self.mod_display.append(self.mod_deck.pop())
        self._reshuffle_discards()
        self.barrier()

    def _reshuffle_discards(self) -> None:
        if not self.mod_deck and self.mod_discard:
            self.mod_deck = self.mod_discard
            self.mod_discard = []
            self.rng.shuffle(self.mod_deck)

    # ------------------------------------------------------------- interface
    @property
    def current_player(self):
        if self.over:
            return None
        return self.stack[-1]["seat"]

    @property
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list:
        return [p.vp for p in self.players]

    def score_breakdown(self) -> list:
        return [dict(p.breakdown) for p in self.players]

    def winners(self) -> list:
        """Most VP; ties: Cerdà track, then Sagrada track, then building markers on the
        main board; still tied: shared (RULEBOOK p.16)."""
        def key(s):
            p = self.players[s]
            return (p.vp, p.cerda, p.sagrada, self._markers_on_board(s))
        seats = range(self.num_players)
        best = max(key(s) for s in seats)
        return [s for s in seats if key(s) == best]

    def view(self, seat=None) -> dict:
        """Everything ``seat`` may see (None: the public view); see view.py."""
        return view_mod.view(self, seat)

    def _markers_on_board(self, seat) -> int:
        return sum(b["markers"].count(seat) for b in self.sites.values())

    def legal_actions(self) -> list:
        if self._legal is None:
            if self.over:
                self._legal = []
            else:
                frame = self.stack[-1]
                self._legal = getattr(self, "_opts_" + frame["t"])(frame)
        return list(self._legal)

    def _do(self, action: Action) -> None:
        frame = self.stack[-1]
        self._legal = None
        getattr(self, "_do_" + frame["t"])(frame, action)
        self._run()             # leaves the new decision's options in self._legal

    def clone(self) -> "BarcelonaGame":
        g = BarcelonaGame.__new__(BarcelonaGame)
        d = g.__dict__
        for k, v in self.__dict__.items():
            if k == "players":
                v = [p.copy() for p in v]
            elif k == "rng":
                v = v.copy()
            elif k in ("citizens",):
                v = {a: list(b) for a, b in v.items()}
            elif k == "sites":
                v = {a: {"level": b["level"], "markers": list(b["markers"])} for a, b in v.items()}
            elif k in ("building_stacks", "sagrada_supply", "services"):
                v = {a: list(b) for a, b in v.items()}
            elif k == "stack":
                v = [dict(f) for f in v]
            elif k == "score_history":
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            elif isinstance(v, dict):
                v = dict(v)
            d[k] = v
        return g

    def masked_for(self, seat, seed) -> "BarcelonaGame":
        """A clone in which nothing hidden from ``seat`` keeps its true value: the other seats'
        hands and the bag are pooled, sorted and re-dealt, the Modernisme deck and the building
        tiles below each stack's (public) top are sorted and reshuffled, and the RNG is reseeded,
        all from ``seed``. The pools are the complement of what ``seat`` sees, so anything
        computed on this copy (bots, hints) is a function of that seat's view."""
        h = self.clone()
        rng = Rng(seed)
        others = [p for i, p in enumerate(h.players) if i != seat]
        pool = sorted(list(h.bag) + [c for p in others for c in p.hand])
        rng.shuffle(pool)
        for p in others:
            p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
        h.bag = pool
        h.mod_deck = sorted(h.mod_deck)
        rng.shuffle(h.mod_deck)
        for level, stack in h.building_stacks.items():
            below = sorted(stack[:-1])
            rng.shuffle(below)
            h.building_stacks[level] = below + stack[-1:]
        h.rng = Rng(seed)
        h._legal = None
        return h

    # ---------------------------------------------------------- frame engine
    def _push(self, t, seat, **data) -> None:
        data["t"] = t
        data["seat"] = seat
        self.stack.append(data)

    def _run(self) -> None:
        """Run automatic frames until a decision with options is on top."""
        while self.stack and not self.over:
            frame = self.stack[-1]
            if frame["t"] in DECISIONS:
                opts = getattr(self, "_opts_" + frame["t"])(frame)
                if opts:
                    self._legal = opts
                    return
                self.stack.pop()        # nothing possible: the step is skipped (documented)
                continue
            self.stack.pop()
            getattr(self, "_auto_" + frame["t"])(frame)

    def _vp(self, seat, amount, category) -> None:
        if amount:
            p = self.players[seat]
            p.vp += amount
            p.breakdown[category] = p.breakdown.get(category, 0) + amount

    def _gain(self, seat, items, category) -> None:
        """Queue rewards for a seat, resolved in printed order."""
        flat = []
        for kind, amt in items:
            if kind == "sagrada":
                flat += [("sagrada", 1)] * amt
            else:
                flat.append((kind, amt))
        if flat:
            self._push("gain", seat, items=flat, cat=category)

    def _auto_gain(self, frame) -> None:
        seat, items = frame["seat"], frame["items"]
        kind, amt = items[0]
        if len(items) > 1:
            self._push("gain", seat, items=items[1:], cat=frame["cat"])
        p = self.players[seat]
        if kind == "vp":
            self._vp(seat, amt, frame["cat"])
        elif kind in ("coin", "cloth"):
            if kind == "coin":
                p.coins += amt
            else:
                p.cloth += amt
            self._settle_warehouse(seat)
        elif kind == "cerda":
            self._cerda(seat, amt)
        elif kind == "sagrada":
            self._sagrada_step(seat)
        elif kind == "goods":
            self._push("split", seat, n=amt)
        elif kind == "action":
            self._start_action(seat, amt, {})

    def _settle_warehouse(self, seat) -> None:
        """Goods over capacity return to the supply (p.7); with both kinds over
        capacity the player chooses what to keep (discarding is allowed any time)."""
        p = self.players[seat]
        cap = p.capacity
        if p.coins + p.cloth <= cap:
            return
        if p.coins == 0 or p.cloth == 0:
            p.coins, p.cloth = min(p.coins, cap), min(p.cloth, cap)
            return
        self._push("keep", seat)

    def _cerda(self, seat, steps) -> None:
        """Cerdà track: clamp at the bottom; 2 VP per step past the top (p.15)."""
        p = self.players[seat]
        target = p.cerda + steps
        if target > D.CERDA_MAX:
            self._vp(seat, (target - D.CERDA_MAX) * D.CERDA_TOP_VP, "Cerdà track top")
            target = D.CERDA_MAX
        p.cerda = max(D.CERDA_MIN, target)

    def _sagrada_step(self, seat) -> None:
        """One Sagrada step; passing a slot lets you choose a tile of its level (p.15)."""
        p = self.players[seat]
        if p.sagrada >= D.SAGRADA_MAX:
            return
        p.sagrada += 1
        level = D.SAGRADA_SLOTS.get(p.sagrada)
        if level and self.sagrada_supply[level]:
            self._push("stile", seat, level=level)

    # ------------------------------------------------------------- the turn
    def _begin_turn(self, seat) -> None:
        self._push("endturn", seat)
        self._push("build_step", seat)
        self._push("place", seat)

    def _opts_place(self, f):
        """Stack your citizens, in the order you choose, on an intersection without
        citizens, paying its visible cost (p.6)."""
        p = self.players[f["seat"]]
        hand = p.hand
        if not hand:
            return [Action("place:none", "No citizens in hand: skip to building")]
        codes = sorted({hand[-1] + hand[0], hand[0] + hand[-1]}) if len(hand) == 2 else [hand[0]]
        out = []
        citizens, coins = self.citizens, p.coins
        for rc in B.INTERSECTIONS:
            if rc in citizens:
                continue
            cost = self._cross_cost(rc)
            if cost > coins:
                continue
            acts = self._cross_acts[rc]
            for code in codes:
                out.append(_place_action(rc, code, cost, acts))
        if not out:
            out.append(Action("place:none", "No intersection available: return citizens to the bag"))
        return out

    def _cross_cost(self, rc) -> int:
        """The printed cost is visible until an intersection tile covers it."""
        return 0 if rc in self.cross_owner else D.INTERSECTION_COST.get(rc, 0)

    def _do_place(self, f, a) -> None:
        seat = f["seat"]
        p = self.players[seat]
        self.stack.pop()
        if a.arg == "none":
            self.bag += p.hand
            p.hand = []
            self.log_event(f"{p.name} places no citizens", seat=seat)
            return
        where, code = a.arg.split(":")
        rc = tuple(int(x) for x in where.split(","))
        p.coins -= self._cross_cost(rc)
        order = list(reversed(code))                # bottom .. top
        self.citizens[rc] = order
        p.hand = []
        self.log_event(f"{p.name} places {'/'.join(D.CLASS_NAMES[c] for c in code)} on {B.cross_label(rc)}",
                       seat=seat)
        self._push("act", seat, rc=rc, used="")
        owner = self.cross_owner.get(rc)
        if owner is not None:
            self._owner_reward(owner)

    def _owner_reward(self, owner) -> None:
        """The owner of the intersection takes up to 1/2/3 different rewards of the
        tiles they built (p.8)."""
        built = self.players[owner].crosses_built
        k = next(r for need, r in D.OWNER_REWARD_COUNT if built >= need)
        if built <= k:
            items = [x for i in range(built) for x in D.INTERSECTION_REWARDS[i]]
            self.log_event(f"{self.players[owner].name} takes intersection rewards: {_fmt_reward(items)}",
                           seat=owner)
            self._gain(owner, items, "intersection rewards")
        else:
            self._push("owner", owner, k=k)

    def _opts_owner(self, f):
        built = self.players[f["seat"]].crosses_built
        out = []
        for combo in combinations(range(built), f["k"]):
            items = [x for i in combo for x in D.INTERSECTION_REWARDS[i]]
            out.append(Action("owner:" + ",".join(map(str, combo)),
                              f"Intersection rewards: {_fmt_reward(items)}"))
        return out

    def _do_owner(self, f, a) -> None:
        self.stack.pop()
        items = [x for i in a.arg.split(",") for x in D.INTERSECTION_REWARDS[int(i)]]
        self.log_event(f"{self.players[f['seat']].name} takes intersection rewards: {_fmt_reward(items)}",
                       seat=f["seat"])
        self._gain(f["seat"], items, "intersection rewards")

    def _lines_at(self, rc):
        r, c = rc
        out = [("v", f"v{c}"), ("h", f"h{r}")]
        if rc in B.DIAGONAL:
            out.append(("d", "d"))
        return out

    def _opts_act(self, f):
        """Any or all of the vertical, horizontal and diagonal actions, each once, in
        any order; an unaffordable action cannot be taken (p.6)."""
        seat = f["seat"]
        out = []
        names = {"v": "Vertical", "h": "Horizontal", "d": "Diagonal"}
        for code, line in self._lines_at(f["rc"]):
            if code in f["used"]:
                continue
            key = self.action_tiles[line]
            if self._action_possible(seat, key):
                out.append(Action(f"act:{code}", f"{names[code]} street: {D.ACTION_NAMES[key]}"))
        out.append(Action("act:done", "Finish actions and build"))
        return out

    def _do_act(self, f, a) -> None:
        if a.arg == "done":
            self.stack.pop()
            return
        f["used"] += a.arg
        line = dict(self._lines_at(f["rc"]))[a.arg]
        key = self.action_tiles[line]
        self.log_event(f"{self.players[f['seat']].name}: {D.ACTION_NAMES[key]}", seat=f["seat"])
        self._start_action(f["seat"], key, {})

    # ----------------------------------------------------------- the actions
    def _action_possible(self, seat, key) -> bool:
        """Can the seat take this action now? (an unaffordable action cannot be taken,
        p.6). Cheap checks that agree with the option generators below."""
        p = self.players[seat]
        if key in ("goods", "cerda", "sagrada"):
            return True
        if key == "streets":
            return bool((p.wide and self._free_segments("wide")) or
                        (p.narrow_left and self._free_segments("narrow")))
        if key == "cobble":
            return p.cobbles_left > 0 and bool(self._pavement_frontier())
        if key == "cross":
            return p.crosses_built < len(D.INTERSECTION_TILE_COST) and any(
                rc not in self.cross_owner and self._cross_tile_cost(seat, rc, False) <= p.coins
                for rc in B.INTERSECTIONS)
        if key == "improve":
            return any(not p.mod_top[i] and _cost_ok(p, D.MODERNISME_IMPROVE_COST[i])
                       for i in range(D.MODERNISME_SPACES))
        if key == "mtake":
            return bool(self.mod_display) and any(
                p.mod_tiles[i] is None and _cost_ok(p, D.MODERNISME_TAKE_COST[i])
                for i in range(D.MODERNISME_SPACES))
        if key == "service":
            return any(t and k not in p.services and p.coins >= t[0][0] for k, t in self.services.items())
        if key == "tram":
            return bool(self._tram_targets(seat))
        raise ValueError(key)

    def _pavement_frontier(self):
        """Empty pavement cells orthogonally next to a cobblestone (p.7)."""
        out = set()
        for (r, c) in self.pavement:
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell not in self.pavement and 0 <= cell[0] < D.PAVEMENT_ROWS and 0 <= cell[1] < D.PAVEMENT_COLS:
                    out.add(cell)
        return out

    def _start_action(self, seat, key, flags) -> None:
        """Begin one action (street, passenger, bonus or service effect)."""
        if key == "cerda":
            self._cerda(seat, 2)
        elif key == "sagrada":
            self._gain(seat, (("sagrada", 2),), "Sagrada")
        elif key == "streets":
            self._push("street_mode", seat)
        else:
            self._push(key, seat, **flags)

    # goods: 2 coins, or 1 cloth and 3 VP (p.7)
    def _opts_goods(self, f):
        return [Action("goods:coins", "Gain 2 coins"), Action("goods:cloth", "Gain 1 cloth and 3 VP")]

    def _do_goods(self, f, a) -> None:
        self.stack.pop()
        items = (("coin", 2),) if a.arg == "coins" else (("cloth", 1), ("vp", 3))
        self._gain(f["seat"], items, "actions")

    def _opts_keep(self, f):
        p = self.players[f["seat"]]
        cap = p.capacity
        out = []
        for coins in range(max(0, cap - p.cloth), min(cap, p.coins) + 1):
            out.append(Action(f"keep:{coins},{cap - coins}",
                              f"Warehouse full: keep {coins} coins and {cap - coins} cloth"))
        return out

    def _do_keep(self, f, a) -> None:
        self.stack.pop()
        p = self.players[f["seat"]]
        p.coins, p.cloth = (int(x) for x in a.arg.split(","))

    def _opts_split(self, f):
        n = f["n"]
        return [Action(f"split:{c},{n - c}", f"Take {c} coins and {n - c} cloth") for c in range(n + 1)]

    def _do_split(self, f, a) -> None:
        self.stack.pop()
        c, k = (int(x) for x in a.arg.split(","))
        self._gain(f["seat"], (("coin", c), ("cloth", k)), "Sagrada")

    # cobblestone (p.7; Universitat: anywhere, appendix 2)
    def _opts_cobble(self, f):
        p = self.players[f["seat"]]
        if p.cobbles_left <= 0:
            return []
        if f.get("anywhere"):
            cells = [(r, c) for r in range(D.PAVEMENT_ROWS) for c in range(D.PAVEMENT_COLS)
                     if (r, c) not in self.pavement]
        else:
            cells = sorted(self._pavement_frontier())
        return [Action(f"cobble:{r},{c}",
                       f"Cobblestone on pavement {r + 1}-{c + 1}: {_fmt_reward(D.PAVEMENT_BONUS[(r, c)])}")
                for r, c in cells]

    def _do_cobble(self, f, a) -> None:
        self.stack.pop()
        seat = f["seat"]
        cell = tuple(int(x) for x in a.arg.split(","))
        self.players[seat].cobbles_placed += 1
        self.pavement[cell] = seat
        self._gain(seat, D.PAVEMENT_BONUS[cell], "cobblestone bonuses")

    # streets (p.8)
    def _free_segments(self, kind):
        return [s for s in B.SEGMENT_IDS if s not in self.streets and B.segment_kind(s) == kind]

    def _opts_street_mode(self, f):
        p = self.players[f["seat"]]
        out = []
        if p.wide and self._free_segments("wide"):
            out.append(Action("streets:wide", "Build 1 wide street"))
        free = self._free_segments("narrow")
        if p.narrow_left and free:
            n = min(2, p.narrow_left, len(free))       # decision 6: 1 when only 1 can be placed
            out.append(Action("streets:narrow", "Build 2 narrow streets" if n == 2 else "Build 1 narrow street"))
        return out

    def _do_street_mode(self, f, a) -> None:
        self.stack.pop()
        self._push("street", f["seat"], kind=a.arg, left=2 if a.arg == "narrow" else 1)

    def _opts_street(self, f):
        p = self.players[f["seat"]]
        if f["left"] <= 0 or (p.wide if f["kind"] == "wide" else p.narrow_left) <= 0:
            return []
        return [Action(f"street:{s}", f"{f['kind'].capitalize()} street on {B.segment_label(s)}: "
                                      f"+{self._street_vp(s)} VP for the line, bonus {_fmt_reward(D.STREET_BONUS[s])}")
                for s in self._free_segments(f["kind"])]

    def _do_street(self, f, a) -> None:
        seat, seg = f["seat"], a.arg
        p = self.players[seat]
        f["left"] -= 1
        if f["left"] <= 0:
            self.stack.pop()
        self.streets[seg] = seat
        kind = f["kind"]
        if kind == "wide":
            p.wide -= 1
            if p.wide == 0:
                self._cerda(seat, D.WIDE_EMPTY_CERDA)
        else:
            i = 0 if p.narrow_stacks[0] else 1      # the left stack first (p.8)
            p.narrow_stacks[i] -= 1
            if p.narrow_stacks[i] == 0:
                self._cerda(seat, D.NARROW_EMPTY_CERDA)
        vp = self._street_vp(seg)
        self._vp(seat, vp, "streets")
        self.log_event(f"{p.name} builds a {kind} street on {B.segment_label(seg)} (+{vp} VP)", seat=seat)
        self._gain(seat, D.STREET_BONUS[seg], "street bonuses")

    def _street_vp(self, seg) -> int:
        """1 VP per narrow / 2 per wide tile connected in a straight line, any owner,
        this one included (p.8)."""
        line, i, _, _ = B.SEGMENTS[seg]
        segs = B.LINE_SEGMENTS[line]
        lo = i
        while lo > 0 and segs[lo - 1] in self.streets:
            lo -= 1
        hi = i
        while hi < len(segs) - 1 and segs[hi + 1] in self.streets:
            hi += 1
        return (hi - lo + 1) * D.STREET_VP[B.segment_kind(seg)]

    # intersection tile (p.8; Hospital de Sant Pau ignores every coin cost)
    def _cross_tile_cost(self, seat, rc, free) -> int:
        if free:
            return 0
        p = self.players[seat]
        return D.INTERSECTION_TILE_COST[p.crosses_built] + D.INTERSECTION_COST.get(rc, 0)

    def _opts_cross(self, f):
        seat = f["seat"]
        p = self.players[seat]
        if p.crosses_built >= len(D.INTERSECTION_TILE_COST):
            return []
        out = []
        for rc in B.INTERSECTIONS:
            if rc in self.cross_owner:
                continue
            cost = self._cross_tile_cost(seat, rc, f.get("free"))
            if cost > p.coins:
                continue
            gains = [x for s in B.CROSS_SEGMENTS[rc] if s not in self.streets for x in D.STREET_BONUS[s]]
            out.append(Action(f"cross:{B.cross_id(rc)}",
                              f"Intersection tile on {B.cross_label(rc)} (cost {cost}): {_fmt_reward(gains)}"))
        return out

    def _do_cross(self, f, a) -> None:
        self.stack.pop()
        seat = f["seat"]
        p = self.players[seat]
        rc = tuple(int(x) for x in a.arg.split(","))
        p.coins -= self._cross_tile_cost(seat, rc, f.get("free"))
        gains = [x for s in B.CROSS_SEGMENTS[rc] if s not in self.streets for x in D.STREET_BONUS[s]]
        self.cross_owner[rc] = seat
        p.crosses_built += 1
        self.log_event(f"{p.name} builds an intersection on {B.cross_label(rc)}", seat=seat)
        self._gain(seat, gains, "intersection bonuses")

    # Modernisme (p.9)
    def _opts_improve(self, f):
        p = self.players[f["seat"]]
        return [Action(f"improve:{i}", f"Improve Modernisme space {i + 1} (x{D.MODERNISME_MULT_TOP[i]}"
                                       f"{', pay ' + _fmt_reward(D.MODERNISME_IMPROVE_COST[i])[1:] if D.MODERNISME_IMPROVE_COST[i] else ''})")
                for i in range(D.MODERNISME_SPACES)
                if not p.mod_top[i] and _cost_ok(p, D.MODERNISME_IMPROVE_COST[i])]

    def _do_improve(self, f, a) -> None:
        self.stack.pop()
        p = self.players[f["seat"]]
        i = int(a.arg)
        _pay(p, D.MODERNISME_IMPROVE_COST[i])
        p.mod_top[i] = True
        self.log_event(f"{p.name} improves Modernisme space {i + 1}", seat=f["seat"])

    def _opts_mtake(self, f):
        p = self.players[f["seat"]]
        free = bool(f.get("free"))
        out = []
        for tile in self.mod_display:
            for i in range(D.MODERNISME_SPACES):
                if p.mod_tiles[i] is None and _cost_ok(p, D.MODERNISME_TAKE_COST[i], free_cloth=free):
                    due = tuple((k, a) for k, a in D.MODERNISME_TAKE_COST[i] if not (free and k == "cloth"))
                    pay = f", pay {_fmt_reward(due)[1:]}" if due else ""
                    out.append(Action(f"mtake:{tile}@{i}",
                                      f"Modernisme '{D.CONDITIONS[tile][1]}' to space {i + 1} "
                                      f"(x{D.MODERNISME_MULT_BOTTOM}, x{D.MODERNISME_MULT_TOP[i]} improved{pay})"))
        return out

    def _do_mtake(self, f, a) -> None:
        self.stack.pop()
        p = self.players[f["seat"]]
        tile, i = a.arg.split("@")
        i = int(i)
        _pay(p, D.MODERNISME_TAKE_COST[i], free_cloth=bool(f.get("free")))
        p.mod_tiles[i] = tile
        self.mod_display.remove(tile)
        self.log_event(f"{p.name} takes Modernisme project '{D.CONDITIONS[tile][1]}'", seat=f["seat"])
        self._refill_display()

    # public services (p.10, appendix 2)
    def _opts_service(self, f):
        p = self.players[f["seat"]]
        out = []
        for key, tiles in self.services.items():
            if tiles and key not in p.services and p.coins >= tiles[0][0]:
                cost, vp = tiles[0]
                out.append(Action(f"service:{key}", f"{D.SERVICES[key][0]}: pay {cost}, {vp} VP, "
                                                    f"Cerdà +2, {D.SERVICES[key][1]}"))
        return out

    def _do_service(self, f, a) -> None:
        self.stack.pop()
        seat, key = f["seat"], a.arg
        p = self.players[seat]
        cost, vp = self.services[key].pop(0)
        p.coins -= cost
        p.services.append(key)
        self._vp(seat, vp, "public services")
        self._cerda(seat, D.SERVICE_CERDA)
        self.log_event(f"{p.name} builds {D.SERVICES[key][0]}", seat=seat)
        if key == "market":
            blocks = {B.site_block(s) for s, b in self.sites.items() if seat in b["markers"]}
            self._gain(seat, (("cloth", len(blocks)),), "public services")
        elif key == "station":
            self._push("tram", seat, free=True)
        elif key == "hospital":
            self._push("cross", seat, free=True)
        elif key == "companys":
            self._push("street_mode", seat)
        elif key == "university":
            self._push("cobble", seat, anywhere=True)
        elif key == "museum":
            self._gain(seat, (("sagrada", 2),), "Sagrada")
        elif key == "pavilion":
            self._push("mtake", seat, free=True)

    # tram and passengers (p.10-11)
    def _tram_targets(self, seat):
        p = self.players[seat]
        others = {q.tram for i, q in enumerate(self.players) if i != seat and q.tram}
        if p.tram is None:
            return [s for s in B.SEGMENT_IDS if s not in others and s not in self.passengers]
        start = p.tram
        found = set()

        def walk(seg, visited, cost):
            for nxt, _ in B.SEGMENT_NEIGHBOURS[seg]:
                if nxt in visited:
                    continue        # no turning back (p.11)
                c = cost + (0 if self.streets.get(nxt) == seat else 1)
                if c > 2:
                    continue
                if nxt not in others:
                    found.add(nxt)
                walk(nxt, visited | {nxt}, c)
        walk(start, {start}, 0)
        found.discard(start)
        return sorted(found, key=B.SEGMENT_IDS.index)

    def _opts_tram(self, f):
        p = self.players[f["seat"]]
        verb = "Place tram on" if p.tram is None else "Move tram to"
        return [Action(f"tram:{s}", f"{verb} {B.segment_label(s)}") for s in self._tram_targets(f["seat"])]

    def _do_tram(self, f, a) -> None:
        self.stack.pop()
        seat = f["seat"]
        p = self.players[seat]
        p.tram = a.arg
        self.log_event(f"{p.name} moves the tram to {B.segment_label(a.arg)}", seat=seat)
        self._push("passenger", seat, free=bool(f.get("free")))

    def _opts_passenger(self, f):
        p = self.players[f["seat"]]
        if p.tram in self.passengers or p.passengers_placed >= len(D.PASSENGER_COST):
            return []
        cost = D.PASSENGER_COST[p.passengers_placed]
        if not _cost_ok(p, cost, free_coins=f["free"]):
            return []
        line = B.SEGMENTS[p.tram][0]
        key = self.action_tiles[line]
        due = tuple((k, a) for k, a in cost if not (f["free"] and k == "coin"))
        pay = f"pay {_fmt_reward(due)[1:]}" if due else "free"
        coins, cloth = p.coins, p.cloth             # is the action possible once paid?
        _pay(p, cost, free_coins=f["free"])
        p.passengers_placed += 1
        can = self._action_possible(f["seat"], key)
        p.coins, p.cloth = coins, cloth
        p.passengers_placed -= 1
        then = f", then you may take the {D.ACTION_NAMES[key]} action" if can else ""
        return [Action("passenger:yes", f"Drop a passenger ({pay}){then}"),
                Action("passenger:no", "No passenger")]

    def _do_passenger(self, f, a) -> None:
        self.stack.pop()
        if a.arg == "no":
            return
        seat = f["seat"]
        p = self.players[seat]
        seg = p.tram
        _pay(p, D.PASSENGER_COST[p.passengers_placed], free_coins=f["free"])
        p.passengers_placed += 1
        self.passengers[seg] = seat
        self.log_event(f"{p.name} drops a passenger on {B.segment_label(seg)}", seat=seat)
        line = B.SEGMENTS[seg][0]
        key = self.action_tiles[line]
        if self._action_possible(seat, key):
            self._push("pact", seat, key=key)
        owner = self.streets.get(seg)
        if owner is not None:   # the street scores again for its owner (p.11)
            self._vp(owner, self._street_vp(seg), "streets")

    def _opts_pact(self, f):
        return [Action("pact:yes", f"Take the street's action: {D.ACTION_NAMES[f['key']]}"),
                Action("pact:no", "Skip the street's action")]

    def _do_pact(self, f, a) -> None:
        self.stack.pop()
        if a.arg == "yes":
            self._start_action(f["seat"], f["key"], {})

    # Sagrada Família tiles (p.15)
    @staticmethod
    def _sagrada_reward(lvl, i):
        """A tile's reward as gained: "if you gain several kinds of resources from the tile,
        you may take them in any combination" (p.15), so printed coins and cloth together
        become that many goods in any mix."""
        items = D.SAGRADA_TILES[lvl][i]
        kinds = {k for k, _ in items}
        if not {"coin", "cloth"} <= kinds:
            return tuple(items)
        n = sum(a for k, a in items if k in ("coin", "cloth"))
        out, mixed = [], False
        for k, a in items:
            if k not in ("coin", "cloth"):
                out.append((k, a))
            elif not mixed:
                out.append(("goods", n))
                mixed = True
        return tuple(out)

    def _opts_stile(self, f):
        lvl = f["level"]
        return [Action(f"stile:{lvl}.{i}", f"Sagrada Família level {lvl} tile: {_fmt_reward(self._sagrada_reward(lvl, i))}")
                for i in self.sagrada_supply[lvl]]

    def _do_stile(self, f, a) -> None:
        self.stack.pop()
        lvl, i = (int(x) for x in a.arg.split("."))
        self.sagrada_supply[lvl].remove(i)
        self.players[f["seat"]].sagrada_tiles.append([lvl, i])
        self._gain(f["seat"], self._sagrada_reward(lvl, i), "Sagrada")

    # ------------------------------------------------------------- building
    def _auto_build_step(self, f) -> None:
        """After the actions you must build if you can (p.12)."""
        if self._build_options(f["seat"]):
            self._push("build", f["seat"])

    def _build_options(self, seat):
        out = []
        tops = {rc: st[-1] for rc, st in self.citizens.items() if st}
        for site, corners in B.BUILD_SITES.items():
            occupied = [rc for rc in corners if rc in tops]
            if len(occupied) < 2:
                continue
            built = self.sites.get(site)
            if site[0] == "t":
                levels = ["corner"] if built is None else []
            else:
                cur = 0 if built is None else built["level"]
                levels = [lvl for lvl in (1, 2, 3) if lvl > cur]
            for level in levels:
                if not self.building_stacks[level]:
                    continue
                need, must, _, _, _ = D.LEVEL_RULES[level]
                for combo in combinations(occupied, need):
                    if must and not any(tops[rc] == must for rc in combo):
                        continue
                    out.append((site, level, combo))
        return out

    def _opts_build(self, f):
        out = []
        for site, level, combo in self._build_options(f["seat"]):
            lvl = "corner building" if level == "corner" else f"level {level}"
            top = self.building_stacks[level][-1]
            cs = ";".join(B.cross_id(rc) for rc in combo)
            out.append(Action(f"build:{site}:{level}:{cs}",
                              f"Build {lvl} on {B.site_label(site)} using "
                              f"{', '.join(B.cross_label(rc) for rc in combo)}: "
                              f"+{self._build_vp_preview(site, level, combo)} VP "
                              f"(tile: {_fmt_reward(D.BUILDING_TILES[level][top])})"))
        return out

    def _build_vp_preview(self, site, level, combo) -> int:
        """The VP the building itself scores (p.12 steps 2-4 and level 3's 7 VP): row bonus,
        lowest visible track value once its citizens are placed, level VP."""
        counts = dict(self.tracks)
        cap = D.SECTION_LENGTH * D.SECTIONS
        for rc in combo:
            cls = self.citizens[rc][-1]
            counts[cls] = min(cap, counts[cls] + 1)
        track = min(D.TRACK_VP[n] if n < len(D.TRACK_VP) else D.TRACK_VP_OFF_BOARD for n in counts.values())
        row = D.FIRST_IN_ROW_VP if self.row_bonus[B.site_row(site)] else 0
        return row + track + D.LEVEL_RULES[level][4]

    def _do_build(self, f, a) -> None:
        """RULEBOOK p.12-13 steps 1-6 (step 7, the Cerdà check, runs at turn end)."""
        self.stack.pop()
        seat = f["seat"]
        p = self.players[seat]
        site, level, cs = a.arg.split(":")
        level = level if level == "corner" else int(level)
        combo = [tuple(int(x) for x in c.split(",")) for c in cs.split(";")]
        # 1 place the tile (the next tile of the stack is revealed)
        tile = self.building_stacks[level].pop()
        if self.building_stacks[level]:
            self.barrier()
        entry = self.sites.setdefault(site, {"level": level, "markers": []})
        entry["level"] = level
        # 2 first building in its row of blocks: 5 VP
        row = B.site_row(site)
        if self.row_bonus[row]:
            self.row_bonus[row] = False
            self._vp(seat, D.FIRST_IN_ROW_VP, "buildings")
        # 3 remove the top citizen of each used intersection to the citizen tracks
        for rc in combo:
            cls = self.citizens[rc].pop()
            if not self.citizens[rc]:
                del self.citizens[rc]
            self._to_track(cls)
        # 4 VP: the lowest visible value of the three tracks
        self._vp(seat, min(self._track_value(c) for c in D.CLASSES), "buildings")
        # 6 (runs after step 5's rewards, queued below them): the leftmost building marker
        self._push("marker", seat, site=site)
        # 5 rewards of the tile and of its level
        _, _, cerda, sagrada, vp = D.LEVEL_RULES[level]
        self._cerda(seat, cerda)
        self._vp(seat, vp, "buildings")
        lvl = "corner building" if level == "corner" else f"level {level} building"
        self.log_event(f"{p.name} builds a {lvl} on {B.site_label(site)}", seat=seat)
        self._gain(seat, tuple(D.BUILDING_TILES[level][tile]) + ((("sagrada", sagrada),) if sagrada else ()),
                   "buildings")

    def _auto_marker(self, f) -> None:
        """Step 6 (p.13), after step 5's rewards: put the leftmost building marker on the
        building (on top of any markers there); an emptied stack moves you 1 on the Cerdà
        track. No marker left: skipped (the building still counted)."""
        seat = f["seat"]
        p = self.players[seat]
        for i, n in enumerate(p.marker_stacks):
            if n:
                p.marker_stacks[i] -= 1
                self.sites[f["site"]]["markers"].append(seat)
                if p.marker_stacks[i] == 0:
                    self._cerda(seat, D.MARKER_EMPTY_CERDA)
                break

    def _to_track(self, cls) -> None:
        """Fill the class track left to right, spilling past the last section off the board (p.14)."""
        if self.tracks[cls] < D.SECTION_LENGTH * D.SECTIONS:
            self.tracks[cls] += 1
        else:
            self.off_board[cls] += 1

    def _track_value(self, cls) -> int:
        n = self.tracks[cls]
        return D.TRACK_VP[n] if n < len(D.TRACK_VP) else D.TRACK_VP_OFF_BOARD

    # --------------------------------------------------------- end of turn
    def _auto_endturn(self, f) -> None:
        """Steps 3-4 of the turn (p.6): Cerdà check, then draw 2 citizens."""
        seat = f["seat"]
        s = self.cerda_scored
        # a section that fills scores even in the last round after the bag ran out
        # (docs/barcelona.md decision 11); after the third there is nothing left to score
        if s < D.CERDA_SCORINGS and any(self.tracks[c] >= D.SECTION_LENGTH * (s + 1) for c in D.CLASSES):
            self._cerda_scoring()
        p = self.players[seat]
        p.hand = self._draw(D.HAND_SIZE)
        self.barrier()
        if len(p.hand) < D.HAND_SIZE and not self.end_triggered:
            # Decision: an exhausted bag ends the game like the third section (docs/barcelona.md)
            self.end_triggered = True
            self.log_event("The bag of citizens is empty: the game ends after this round")
        self.turn += 1
        self.score_history.append(self.scores())
        if self.end_triggered and seat == self.num_players - 1:
            self._final_scoring()
            return
        self._begin_turn((seat + 1) % self.num_players)

    def _cerda_scoring(self) -> None:
        """Score the current section's Cerdà tile x0-x4 by Cerdà position, flip it;
        after the 1st and 2nd reset markers above the start; new Modernisme display (p.14)."""
        key = self.cerda_tiles[self.cerda_scored]
        self.cerda_scored += 1
        for seat, p in enumerate(self.players):
            mult = D.cerda_multiplier(p.cerda)
            self._vp(seat, condition_vp(self, seat, key) * mult, "Cerdà scoring")
        self.log_event(f"Cerdà scoring {self.cerda_scored}: {D.CONDITIONS[key][1]}")
        if self.cerda_scored < D.CERDA_SCORINGS:
            for p in self.players:
                if p.cerda > D.CERDA_START:
                    p.cerda = D.CERDA_START
        else:
            self.end_triggered = True
            self.log_event("The third section is full: the round is completed, then the game ends")
        self.mod_discard += self.mod_display
        self.mod_display = []
        self._refill_display()

    def _final_scoring(self) -> None:
        """Cobblestones, passengers, Modernisme tiles x multipliers (p.16)."""
        for seat, p in enumerate(self.players):
            self._vp(seat, D.COBBLE_END_VP[p.cobbles_placed], "cobblestones (end)")
            self._vp(seat, D.PASSENGER_END_VP[p.passengers_placed], "passengers (end)")
            for i, tile in enumerate(p.mod_tiles):
                if tile is not None:
                    mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
                    self._vp(seat, condition_vp(self, seat, tile) * mult, "Modernisme (end)")
        self.score_history.append(self.scores())
        self.over = True
        self.stack = []
        w = self.winners()
        top = [s for s in range(self.num_players) if self.players[s].vp == self.players[w[0]].vp]
        if len(top) > 1:
            self.tiebreak = ("tied on VP; decided by Cerdà track, Sagrada track, then building markers"
                             if len(w) < len(top) else "tied on VP and every tie-break: shared victory")
        self.log_event("Game over. Winner: " + ", ".join(self.players[s].name for s in w))

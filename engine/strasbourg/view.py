"""What a seat may see (JSON-safe). ``seat=None`` is the public spectator view.

Secret, shown only to its own seat: drawn cards not yet stacked (hand), the
values of unrevealed stacks, the remaining make-up of the own deck, task cards
(dealt and kept) until the game ends. Everyone sees stack sizes, deck sizes and
the number of kept task cards.

Behind each player's screen (SEED § 起始設置 6 "1面隱藏資訊用的屏風 / 5塊錢，放在隱藏屏風後面",
§ 步驟 b "放在自己的屏風後面", § 步驟 C/E "從屏風後面…賣掉"; privileges too, RESEARCH §7):
coins, goods and privileges. Shown to the own seat only, and to everyone once the game is
over (``screened`` tells the renderer which). The goods left in the supply would betray what
was sold, so they are shown only at the end too; the privileges left are public (every
privilege is taken and spent in the open). Public: the acts themselves (a tile taken, a
sale step won, a privilege taken or spent, a shop bought at its printed price), never
the amounts sold or held.
"""

from collections import Counter

from ..core.msg import N_, msg, seat as seat_msg
from . import data, lobbying, scoring
from .auction import rank, winners_count
from .decisions import PROMPT_WORDS as PROMPT_PARAMS, RULES
from .state import CELL_GUILD, CELL_PRICE, CELLS, point_cells

# What a step of a round board is called (a message key; the guild steps name their guild).
KIND_TEXT = {
    "nobility": N_("str.step.nobility"),
    "guild": N_("str.step.guild"),
    "trade": N_("str.step.trade"),
    "election": N_("str.step.election"),
    "edifice": N_("str.step.edifice"),
    "chapel": N_("str.step.chapel"),
}


def step_label(kind, guild):
    """The message naming a step: "Smiths guild auction", "trade auction"..."""
    if guild:
        return {"key": KIND_TEXT[kind], "guild": data.guild_name(guild)}
    return {"key": KIND_TEXT[kind]}


def round_boards(st):
    out = []
    for r, b in enumerate(st.boards):
        steps = []
        for letter, kind, guild in data.board_steps(data.ROUND_BOARDS[b]):
            steps.append({"letter": letter, "kind": kind, "guild": guild, "label": step_label(kind, guild)})
        out.append(
            {
                "round": r + 1,
                "board": b + 1,
                "steps": steps,
                "edifice": st.edifices[r],
                "edifice_built": r < st.round or (r == st.round and st.step > 7),
            }
        )
    return out


_STATIC_CELLS = [
    {
        "r": r,
        "c": c,
        "guild": CELL_GUILD[i],
        "colour": data.GUILD_COLOURS.get(CELL_GUILD[i], "#9a9a9a"),
        "price": CELL_PRICE[i] if CELL_GUILD[i] else None,
        "lot": CELL_GUILD[i] is None,
    }
    for i, (r, c) in enumerate(CELLS)
]
_POINT_CELLS = {(r, c): [list(divmod(i, data.CITY_COLS)) for i in point_cells((r, c))] for r, c in data.WHITE_POINTS}


def city(st):
    pcells = scoring.parish_cells(st)
    cells = [
        dict(base, owner=st.shops[i], edifice=st.built.get(i), parish=i in pcells)
        for i, base in enumerate(_STATIC_CELLS)
    ]
    points = [
        {"r": r, "c": c, "chapel": (r, c) in st.chapels, "cells": [x[:] for x in _POINT_CELLS[(r, c)]]}
        for r, c in data.WHITE_POINTS
    ]
    return {
        "rows": data.CITY_ROWS,
        "cols": data.CITY_COLS,
        "cells": cells,
        "white_points": points,
        "chapels": [list(p) for p in st.chapels],
    }


def player_state(game, s, seat):
    st = game.st
    p = st.players[s]
    own = seat == s
    over = st.phase == "over"
    screened = not (own or over)
    out = {
        "seat": s,
        "name": game.names[s],
        "screened": screened,
        "family_supply": max(0, p.supply),
        "deck_size": len(p.deck),
        "hand_size": len(p.hand),
        "stacks": [{"cards": len(x)} for x in p.stacks],
        "prestige": p.prestige,
        "shops": st.shop_count(s),
        "council_seats": st.seats_held(s),
        "task_count": len(p.tasks) if not p.dealt else len(p.dealt),
        "tasks_chosen": not p.dealt,
        "spent_cards": len(p.spent),
    }
    if not screened:  # behind the screen (SEED § 起始設置 6): own seat, or the end of the game
        out.update(coins=p.coins, goods=dict(p.goods), privileges=p.privileges)
    if own:
        out["hand"] = sorted(p.hand, reverse=True)
        for d, x in zip(out["stacks"], p.stacks):
            d["values"] = list(x)
            d["total"] = sum(x)
        out["deck_counts"] = {str(v): c for v, c in sorted(Counter(p.deck).items())}
    if own or over:
        out["tasks"] = [
            {
                "id": t,
                "text": data.task_text(t, st.n),
                "points": data.TASKS[t][3],
                "fulfilled_now": scoring.task_done(st, s, t),
            }
            for t in p.tasks
        ]
    if own and p.dealt:
        out["dealt"] = [{"id": t, "text": data.task_text(t, st.n)} for t in p.dealt]
    return out


def auction_view(st, a, n):
    if a is None:
        return None
    out = {
        "letter": a["letter"],
        "kind": a["kind"],
        "guild": a["guild"],
        "start_player": a["start"],
        "lap": a["lap"],
        "bids": [{"seat": b["seat"], "value": b["value"], "cards": list(b["cards"])} for b in a["bids"]],
        "passed": list(a["passed"]),
        "deferred": list(a["deferred"]),
        "to_act": list(a["order"]),
        "rewards": lobbying.reward_text(a["kind"], n),
    }
    if "ranking" in a:
        out["ranking"] = [dict(r) for r in a["ranking"]]
    else:
        roles = lobbying.roles(a["kind"], n)
        wins = winners_count(a["kind"], n)
        out["ranking_so_far"] = [
            {"seat": b["seat"], "value": b["value"], "role": roles[i] if i < wins else None}
            for i, b in enumerate(rank(a["bids"], a["start"], n))
        ]
    return out


def step_text(st):
    letter, k, guild = st.step_info()
    return letter, step_label(k, guild)


# The parameters a prompt (decisions.RULES, decisions.PROMPT_WORDS) may name.
PROMPT_WORDS = {
    "name": lambda game, d: seat_msg(d.seat),
    "round": lambda game, d: game.st.round + 1,
    "step": lambda game, d: step_text(game.st)[0],
    "what": lambda game, d: step_text(game.st)[1],
    "role": lambda game, d: {"key": lobbying.ROLE_NAMES[d.role]},
    "guild": lambda game, d: data.guild_name(d.guild),
    "edifice": lambda game, d: game.st.edifices[game.st.round],
}


def prompt(game):
    """The prompt of the pending decision, a message (its words are the catalog's)."""
    st = game.st
    if st.phase == "over":
        return msg("str.prompt.over")
    d = st.decision
    return msg(RULES[d.kind].prompt, **{w: PROMPT_WORDS[w](game, d) for w in PROMPT_PARAMS[d.kind]})


def phase_name(st):
    if st.phase in ("tasks", "over"):
        return st.phase
    if st.phase == "plot":
        return "plotting"
    return f"lobbying-{data.STEP_LETTERS[st.step]}"


def build(game, seat):
    st = game.st
    over = st.phase == "over"
    letter = data.STEP_LETTERS[min(st.step, 8)]
    v = {
        "game": game.GAME_NAME,
        "players": list(game.names),
        "seat": seat,
        "current_player": game.current_player,
        "decision": st.decision.kind if st.decision else None,
        "is_over": over,
        "scores": game.scores(),
        "log": [{"n": e["n"], "seat": e["seat"], "text": e["text"]} for e in game.log_for(seat)],
        "score_history": [h[:] for h in st.score_history],
        "phase": phase_name(st),
        "prompt": prompt(game),
        "round": st.round + 1 if not over else data.ROUNDS,
        "round_marker": {"round": min(st.round, data.ROUNDS - 1) + 1, "step": letter, "active": st.phase == "lobby"},
        "start_player": st.start_player,
        "rounds": round_boards(st),
        "council": [
            {"seat": k, "label": data.council_name(k), "owner": st.council[k], "guild": k if k in data.GUILDS else None}
            for k in data.COUNCIL_SEATS
        ],
        "city": city(st),
        "guilds": [
            {"key": g, "name": data.guild_name(g), "colour": data.GUILD_COLOURS[g], "goods_value": data.GOODS_VALUE[g]}
            for g in data.GUILDS
        ],
        "supply": {
            **({"goods": {g: max(0, k) for g, k in st.goods_supply.items()}} if over else {}),
            "privileges": max(0, st.privilege_supply),
            "chapels": st.chapel_supply,
            "edifices": [st.edifices[r] for r in range(st.round + (st.step > 7), data.ROUNDS)],
        },
        "player_states": [player_state(game, s, seat) for s in range(st.n)],
        "auction": auction_view(st, st.auction, st.n),
        "last_auction": auction_view(st, st.last_auction, st.n),
        # before the end only the public categories, for every seat alike (no task cards, no
        # privileges: behind the screen; the own ones are on the own board)
        "score_breakdown": game.score_breakdown(),
        "winners": game.winners(),
    }
    return v

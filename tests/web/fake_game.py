"""Tiny: a third game on the shared engine core, used ONLY by the web tests. Not a rules engine.

It exists to prove that adding a game needs a new engine module and a renderer, and no edit
to web code: conftest.py registers its GameSpec (SPEC below) for a test and unregisters it after,
and tests/web/test_tiny_game.py plays it through web.model.session like the real games.

Each seat holds a secret number (hidden info). On your turn: take 1-3 coins
("take:N", drawn as buttons by the shell) or claim a board cell ("cell:K", drawn on
the board by fake_render; same seat keeps the turn, so it can be undone), or "pass".
Ends after the ``rounds`` option's number of rounds (3 or 5).
"""

from engine.core.action import Action
from engine.core.game import Game
from engine.core.record import check_record_shape
from engine.core.registry import GameSpec, OptionSpec


class FakeGame(Game):
    GAME_NAME = "tiny"
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS = {"rounds": (3, (3, 5))}

    def _setup(self):
        n = self.num_players
        self.secret = [self.rng.below(100) for _ in range(n)]
        self.coins = [0] * n
        self.cells = {}
        self.turn = 0
        self.claimed = False
        self.history = [[0] * n]

    @property
    def current_player(self):
        return None if self.is_over else self.turn % self.num_players

    @property
    def is_over(self):
        return self.turn >= self.options["rounds"] * self.num_players

    def legal_actions(self):
        if self.is_over:
            return []
        acts = [Action(f"take:{k}", f"Take {k} coin{'s' * (k > 1)}") for k in (1, 2, 3)]
        acts += [Action(f"cell:{k}", f"Claim cell {k}") for k in range(4) if k not in self.cells and not self.claimed]
        acts.append(Action("pass", "Pass"))
        return acts

    def _do(self, action):
        seat = self.current_player
        if action.kind == "take":
            self.coins[seat] += int(action.arg)
        elif action.kind == "cell":
            self.cells[int(action.arg)] = seat
        self.log_event(f"{self.names[seat]}: {action.label}", seat=seat)
        self.log_event(f"secret note for {self.names[seat]}", seat=seat, private_to=seat)
        if action.kind == "cell":
            self.claimed = True
        else:
            self.claimed = False
            self.turn += 1
        self.history.append(self.scores())

    def score_breakdown(self):
        return [
            {"coins": self.coins[s], "cells": 2 * sum(1 for v in self.cells.values() if v == s)}
            for s in range(self.num_players)
        ]

    def scores(self):
        return [sum(b.values()) for b in self.score_breakdown()]

    def winners(self):
        sc = self.scores()
        return [s for s in range(self.num_players) if sc[s] == max(sc)]

    def masked_for(self, seat, seed):
        """Every other seat's secret number becomes 0 (the only hidden state besides the RNG)."""
        h = self.clone()
        h.secret = [v if i == seat else 0 for i, v in enumerate(h.secret)]
        h.rng.state = seed
        return h

    def view(self, seat):
        v = {
            "game": self.GAME_NAME,
            "players": list(self.names),
            "seat": seat,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "scores": self.scores(),
            "score_breakdown": self.score_breakdown(),
            "winners": self.winners() if self.is_over else None,
            "log": self.log_for(seat),
            "score_history": [list(h) for h in self.history],
            "phase": "over" if self.is_over else "turn",
            "prompt": "Game over" if self.is_over else f"{self.names[self.current_player]}: take coins or claim a cell",
            "cells": {str(k): v for k, v in self.cells.items()},
        }
        if seat is not None:
            v["secret"] = self.secret[seat]
        if self.is_over:
            v["tiebreak"] = "Ties are shared."
        return v


def new_game(players, seed=0, **options):
    return FakeGame(players, seed, **options)


def replay(record):
    check_record_shape(record, FakeGame.GAME_NAME)
    return FakeGame.from_record(record)


# ----- its bots: policy(game, rng) -> Action (game: the seat's masked copy) -----------------------
def cautious(game, rng):
    """Easy: always takes a single coin."""
    return next(a for a in game.legal_actions() if a.id == "take:1")


def greedy(game, rng):
    """Normal: always takes three coins (a computer's move ends its turn, like the real games' turns)."""
    return next(a for a in game.legal_actions() if a.id == "take:3")


SPEC = GameSpec(
    name="tiny",
    title="Tiny",
    player_counts=(2, 3, 4),
    module="fake_game",
    renderer="fake_render",
    options=(OptionSpec("rounds", 3, (3, 5)),),
    bots={"easy": "fake_game:cautious", "normal": "fake_game:greedy"},
)

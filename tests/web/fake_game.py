"""A tiny throwaway game on the shared engine core, used ONLY to test the app shell
(session, panels, e2e before the real engines land). Not a rules engine.

Each seat holds a secret number (hidden info). On your turn: take 1-3 coins
("take:N", drawn as buttons by the shell) or claim a board cell ("cell:K", drawn on
the board by the fake renderer; same seat keeps the turn, so it can be undone), or "pass".
Ends after ROUNDS rounds.
"""
from engine.core.action import Action
from engine.core.game import Game
from engine.core.record import check_record_shape
from engine.core.errors import RecordError

ROUNDS = 3


class FakeGame(Game):
    GAME_NAME = "barcelona"
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS = {"layout": ("printed", ("printed", "shuffled"))}

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
        return self.turn >= ROUNDS * self.num_players

    def legal_actions(self):
        if self.is_over:
            return []
        acts = [Action(f"take:{k}", f"Take {k} coin{'s' * (k > 1)}") for k in (1, 2, 3)]
        acts += [Action(f"cell:{k}", f"Claim cell {k}") for k in range(4)
                 if k not in self.cells and not self.claimed]
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
        return [{"coins": self.coins[s], "cells": 2 * sum(1 for v in self.cells.values() if v == s)}
                for s in range(self.num_players)]

    def scores(self):
        return [sum(b.values()) for b in self.score_breakdown()]

    def winners(self):
        sc = self.scores()
        return [s for s in range(self.num_players) if sc[s] == max(sc)]

    def view(self, seat):
        v = {
            "game": self.GAME_NAME, "players": list(self.names), "seat": seat,
            "current_player": self.current_player, "is_over": self.is_over, "scores": self.scores(),
            "log": self.log_for(seat), "score_history": [list(h) for h in self.history],
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

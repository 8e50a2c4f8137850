"""A stand-in for the analysis package ``review`` (tests only): the API the web's review screen
codes against (``Review(record, state=None)``, ``quick``, ``total``, ``done``, ``step``,
``result``, ``state``; ``ReviewError`` with a ``message``), computed plainly from a replay so the
screen's tests have real games to show. Its "evaluation" is no evaluation at all: a decision's
better move is another legal one and its loss a number made from the position, enough to
exercise the screen (never shipped: web/model/review_view.py loads the real package)."""

from engine.core import registry
from engine.core.msg import msg


class ReviewError(ValueError):
    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


def _replay(record):
    rec = {k: v for k, v in record.items() if k not in ("meta",)}
    module = registry.get(rec["game"]).engine()
    return module, module.replay(dict(rec, actions=[]))


SCORING_WORDS = ("scoring", "council", "final", "over")


class Review:
    def __init__(self, record, state=None):
        if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
            raise ReviewError(msg("core.err.record_missing", fields="actions"))
        self.record = record
        module, game = _replay(record)
        self.actions = list(record["actions"])
        turns, events, decisions = [], [], []
        points = [[] for _ in range(game.num_players)]
        seen_log = 0
        for k, aid in enumerate(self.actions):
            seat = game.current_player
            n_legal = len(game.legal_actions())
            if n_legal > 1:
                decisions.append((k, seat, [a.id for a in game.legal_actions() if a.id != aid][0]))
            game.apply(aid)
            log = game.log_for(None)
            for e in log[seen_log:]:
                key = (e.get("text") or {}).get("key", "")
                if any(w in key for w in SCORING_WORDS):
                    events.append({"at": k + 1, "turn": len(turns), "key": key, "points": list(game.scores())})
            seen_log = len(log)
            if game.is_over or game.current_player != seat:
                rnd = None if record["game"] == "barcelona" else 1 + len(turns) // max(1, 4 * game.num_players)
                turns.append({"at": k + 1, "seat": seat, "round": rnd})  # Barcelona has no rounds
                for i, s in enumerate(game.scores()):
                    points[i].append(s)
        if not game.is_over:
            raise ReviewError(msg("core.err.record_missing", fields="the end"))
        for e in events:
            e["turn"] = min(e["turn"], len(turns) - 1)
        breakdown = game.score_breakdown()
        self._quick = {
            "game": record["game"],
            "seats": game.num_players,
            "names": list(game.names),
            "players": [
                {"seat": i, "points": points[i], "sources": dict(breakdown[i]), "final": game.scores()[i]}
                for i in range(game.num_players)
            ],
            "turns": turns,
            "rounds": []
            if record["game"] == "barcelona"
            else [
                {"at": t["at"], "round": t["round"]}
                for i, t in enumerate(turns)
                if i == 0 or turns[i - 1]["round"] != t["round"]
            ],
            "events": events,
        }
        self.decisions = decisions
        self.evaluated = 0
        if state is not None:
            if not isinstance(state, dict) or not isinstance(state.get("evaluated"), int):
                raise ReviewError(msg("core.err.record_missing", fields="state"))
            self.evaluated = max(0, min(len(decisions), state["evaluated"]))

    def quick(self):
        return self._quick

    def total(self):
        return len(self.decisions)

    def done(self):
        return self.evaluated

    def step(self):
        if self.evaluated >= len(self.decisions):
            return False
        self.evaluated += 1
        return True

    def result(self):
        out = dict(self._quick)
        players = []
        for p in self._quick["players"]:
            mine = [d for d in self.decisions[: self.evaluated] if d[1] == p["seat"]]
            counts = {"best": len(mine), "good": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}
            if mine:
                counts["best"] -= 1
                counts["blunder"] = 1
            players.append(dict(p, accuracy=(90 - 10 * p["seat"]) if mine else None, counts=counts, rated=len(mine)))
        out["players"] = players
        tps = []
        for i, (k, seat, better) in enumerate(self.decisions[: self.evaluated]):
            if i % 7 == 3 and len(tps) < 5:
                tps.append(
                    {
                        "at": k,
                        "seat": seat,
                        "played": self.actions[k],
                        "better": better,
                        "loss": 3.0 + (k % 11),
                        "spread": 1.0 + (k % 5),
                        "turn": 0,
                    }
                )
        out["turning_points"] = tps
        out["complete"] = self.evaluated >= len(self.decisions)
        out["method"] = {"unit": "VP", "level": "hard"}
        return out

    def state(self):
        return {"evaluated": self.evaluated}


def analyse(record):
    r = Review(record)
    while r.step():
        pass
    return r.result()

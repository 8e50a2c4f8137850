"""The quick part of a review: one plain replay of the record (docs/review.md "The replay").

The score after every turn, each seat's final VP by source, the turns and rounds as the game
counts them (``GameSpec.turn_count`` / ``round_count``), every scoring event and the decisions the
evaluation will judge. Nothing here searches: a 4-player game's replay is well under a second.
"""

from engine import versions
from engine.core.errors import EngineError
from engine.core.msg import msg

from .errors import ReviewError


def load_empty(record):
    """(spec, game): the record's game before its first action, by the engine that plays the
    record's version (engine/versions.py); ReviewError when the record is damaged."""
    try:
        versions.check_record(record)
        reg = versions.registry_for(record["engine"])
        if record["game"] not in reg.names():
            raise ReviewError(
                msg("core.err.unknown_game", game=repr(str(record["game"])[:40]), known=", ".join(reg.names()))
            )
        spec = reg.get(record["game"])
        game = spec.replay(dict(record, actions=[]))
    except ReviewError:
        raise
    except EngineError as e:
        raise ReviewError(e.message) from None
    return spec, game


def hook(spec, name):
    """A GameSpec's "module:function" capability, or None (a frozen engine's spec may lack it)."""
    get = getattr(spec, "hook", None)
    return get(name) if get is not None and getattr(spec, name, "") else None


def play(game, at, action_id):
    """Play the record's action ``at``; ReviewError (the record's own message) if it is illegal."""
    try:
        game.apply(action_id)
    except EngineError as e:
        raise ReviewError(
            msg("core.err.record_action", number=at + 1, action=repr(str(action_id)[:60]), reason=e.message)
        ) from None


class Replay:
    """The record played once: ``quick`` (the review's first part), ``decisions`` [(at, seat,
    number of options)] of every decision with two or more options, and ``judged`` [(at, seat)]:
    those the game's Hard level searches (``search_hooks`` not None), which the evaluation judges."""

    def __init__(self, record):
        spec, game = load_empty(record)
        self.spec, self.record = spec, record
        turn_count, round_count = hook(spec, "turn_count"), hook(spec, "round_count")
        searched = hook(spec, "search_hooks")
        self.engine_version = versions.version_of(game)
        seats = game.num_players
        points, turns, rounds, decisions, judged, legal_at = [], [], [], [], [], {}
        actors = []  # the seat of each action of the turn under way
        turn_mark = turn_count(game) if turn_count else None
        round_mark = round_count(game) if round_count else None
        round_of_turn = None if round_mark is None else round_mark + 1
        actions = record["actions"]
        for at, action_id in enumerate(actions):
            if game.is_over:
                raise ReviewError(msg("core.err.game_over", action=repr(str(action_id)[:60])))
            seat = game.current_player
            legal = game.legal_actions()
            if len(legal) >= 2:
                decisions.append((at, seat, len(legal)))
                if searched is None or searched(game) is not None:
                    judged.append((at, seat))
                    legal_at[at] = frozenset(a.id for a in legal)
            actors.append(seat)
            play(game, at, action_id)
            k = at + 1
            round_ended = False
            if round_count is not None:
                mark = round_count(game)
                if mark != round_mark:
                    rounds.append({"at": k, "round": round_mark + 1})
                    round_mark, round_ended = mark, True
            if turn_count is not None:
                mark = turn_count(game)
                ended = mark != turn_mark or game.is_over
                turn_mark = mark
            else:
                ended = game.is_over or game.current_player != seat
            if ended or round_ended:  # a round's end ends the turn under way
                turns.append({"at": k, "seat": max(actors, key=actors.count), "round": round_of_turn})
                points.append(list(game.scores()))
                actors = []
                if round_mark is not None:
                    round_of_turn = round_mark + 1
        if not game.is_over:
            raise ReviewError(msg("core.err.review_unfinished"))
        self.game = game
        self.decisions = decisions
        self.judged = judged
        self.legal = legal_at  # at -> the ids legal at a judged decision (a saved state is checked against them)
        finals = list(game.scores())
        sources = game.score_breakdown()
        players = [
            {
                "seat": s,
                "points": [p[s] for p in points],
                "sources": dict(sources[s]),
                "final": finals[s],
            }
            for s in range(seats)
        ]
        self.quick = {
            "game": record["game"],
            "seats": seats,
            "names": list(game.names),
            "players": players,
            "turns": turns,
            "rounds": rounds,
            "events": scoring_events(game.log, turns, seats),
        }


def scoring_events(log, turns, seats):
    """Every scoring the game logged: the log lines whose message carries ``points`` (each seat's
    VP from that scoring alone) and ``totals``, as both games' scorings do for their banners; one
    event per scoring (Strasbourg's final scoring writes one line per seat with the same figures)."""
    out, seen = [], set()
    for entry in log:
        text = entry.get("text")
        if not isinstance(text, dict):
            continue
        pts, totals = text.get("points"), text.get("totals")
        if not (isinstance(pts, list) and isinstance(totals, list) and len(pts) == seats):
            continue
        at = entry.get("n", 0) + 1  # the scoring came inside action n: History step n + 1 shows it
        key = text.get("key")
        if (at, key) in seen:
            continue
        seen.add((at, key))
        turn = next((t for t, tr in enumerate(turns) if tr["at"] >= at), len(turns) - 1)
        out.append({"at": at, "turn": turn, "key": key, "points": list(pts)})
    return out

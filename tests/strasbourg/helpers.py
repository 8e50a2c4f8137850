"""Shared helpers for the Strasbourg tests: positions set up directly, state fingerprints and
an engine message in English. The conservation invariants are tests/support/game_checks.py
(check_invariants)."""

import json

from engine.core.decision import Decision
from engine.strasbourg import data, new_game


def _plain(o):
    """JSON form of the non-JSON parts of the state (decisions, sets and tuples)."""
    if isinstance(o, Decision):
        return {"kind": o.kind, "seat": o.seat, **o.facts}
    return list(o)


def fingerprint(game):
    """Everything in the game state, as a JSON string (for equality checks)."""
    st = game.st
    d = {k: v for k, v in st.__dict__.items() if k != "players"}
    d["players"] = [{k: getattr(p, k) for k in p.__slots__} for p in st.players]
    d["built"] = sorted(st.built.items())
    return json.dumps(d, sort_keys=True, default=_plain) + json.dumps(
        [game.actions, game.undo_floor, game.log, game.rng.state]
    )


def at_step(n, letter, stacks, start=0, seed=1, tasks=None):
    """A game positioned at step ``letter`` of round 1 with the given stacks
    (list per seat of lists of card values), start player ``start``. Tasks are
    chosen (each seat keeps ``tasks[seat]`` or its first dealt card). Cards in
    the given stacks are taken out of the seat's deck so cards stay conserved."""
    g = new_game(n, seed)
    st = g.st
    for s, p in enumerate(st.players):
        p.tasks = list(tasks[s]) if tasks else p.dealt[:1]
        p.dealt = []
        for v in (c for stack in stacks[s] for c in stack):
            p.deck.remove(v)
        p.stacks = [list(x) for x in stacks[s]]
    st.council = {k: None for k in data.COUNCIL_SEATS}
    st.council["nobility"], st.council["church"] = 0, 1  # as after setup with seat 0 starting
    for s, p in enumerate(st.players):
        p.supply = data.FAMILY_MEMBERS - (1 if s < 2 else 0)
    st.start_player = start
    st.phase = "lobby"
    st.plot_order = []
    st.step = data.STEP_LETTERS.index(letter)
    st.step_open = False
    st.decision = None
    g._advance()
    return g


def en(message, names=("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")):
    """An engine message in English (the en catalog), for the few tests that check wording."""
    from web import i18n

    i18n.activate("en")
    return i18n.tr(message, names)

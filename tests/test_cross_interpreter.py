"""The engine gives bit-identical games in CPython and in Pyodide (principle 1).

Plays seeded random games of every game in both interpreters and compares a
digest of each final record and view. Needs node and the vendored Pyodide
(installed by the test command's setup)."""

import json

import pytest

from scripts import pyodide_node

CODE = r'''
import hashlib, json
import engine
from engine.core.rng import Rng

def digest(name, players, seed):
    g = engine.game_module(name).new_game(players, seed)
    r = Rng(seed * 7 + 1)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
    blob = json.dumps([g.record(), g.view(0), g.scores()], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()

CASES = [(name, n, s) for name, counts in (("barcelona", (2, 4)), ("strasbourg", (3, 5)))
         for n in counts for s in (1, 2)]
RESULT = json.dumps([digest(*c) for c in CASES])
'''


def test_same_games_in_cpython_and_pyodide():
    reason = pyodide_node.available()
    if reason:
        pytest.skip(reason)
    ns = {}
    exec(CODE, ns)
    native = json.loads(ns["RESULT"])
    in_pyodide = json.loads(pyodide_node.run(CODE))
    assert in_pyodide == native

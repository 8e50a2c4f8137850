"""The solo game: Gaudí placing on the human's intersection gives the human their owner rewards
at once, inside his turn (rules version 2.2.0; CHANGELOG.md, docs/barcelona.md solo decision 5).

RULEBOOK p.8 (每当有人在你的交叉路口放置市民……无论是在你的回合还是在另一名玩家的回合，
你就可以立刻获得你已建成的交叉路口下标示的奖励): whenever anyone places citizens on your
intersection, on your turn or another's, you *immediately* take your built intersections'
rewards; Spanish rules sheet, line 41 says the same (Cuando un jugador coloca ciudadanos en una intersección que
tú has construido, tú puedes seleccionar beneficios...). The solo texts do not override it.
Records made before 2.2.0 replay as they were made: the rewards then waited for the human's
next turn.
"""

import pytest

from engine.barcelona import bot, new_game, replay
from engine.barcelona import data as D
from engine.core.version import ENGINE_VERSION

# The repro: the human's last action ends their turn; Gaudí then places on A4, the
# human's intersection (2 tiles built: 1 reward of 2), then the second Cerdà scoring follows in
# his turn.
REPRO = (
    "place:0,0:UM act:d tram:h3-1 act:v act:h improve:1 act:done place:3,0:MW act:v keep:3,0 "
    "act:h act:done build:t0u:corner:0,0;1,1 place:4,0:UW act:v act:h street:v3-1 keep:2,1 "
    "street:v4-1 keep:2,1 act:done build:b30:1:3,0;4,0 keep:3,0 place:2,2:UM act:d tram:v2-1 "
    "passenger:yes pact:yes cross:3,0 act:v cross:2,3 act:done build:t1u:corner:1,1;2,2 "
    "place:2,0:MM discard:cloth act:done"
).split()
OPTIONS = dict(rules="original", difficulty="easy", layout="printed")


def repro(version=None, upto=len(REPRO)):
    """The repro's game after ``upto`` actions, by the rules of ``version`` (None: today's)."""
    rec = new_game(1, 36, **OPTIONS).record()
    if version is not None:
        rec["engine"] = version
    rec["actions"] = REPRO[:upto]
    return replay(rec)


def _key(e):
    t = e["text"]
    return t["entry"].get("key") if "entry" in t else t.get("key")


def _gaudi_steps(g):
    return [x["step"] for x in g.solo["steps"]]


def test_the_reward_is_a_decision_of_the_human_inside_gaudis_turn():
    """RULEBOOK p.8 / Spanish rules sheet, line 41: the human chooses the reward as soon as Gaudí has placed, before
    his card's action, his building and the Cerdà scoring of his turn."""
    g = repro()
    assert g.record()["engine"] == ENGINE_VERSION
    turns = g.solo["turns"]
    assert g.current_player == 0 and g.view(0)["decision"] == "owner"
    assert [a.id for a in g.legal_actions()] == ["owner:0", "owner:1"]  # 2 tiles built: 1 of 2
    assert g.view(0)["prompt"] == {"key": "bcn.prompt.owner_gaudi", "where": "A4"}
    assert _gaudi_steps(g) == ["card", "place"]  # his action and building still to come
    assert g.cerda_scored == 1 and not g.can_undo()  # his card was revealed: no undo past it
    assert g.players[0].cerda == 2  # the human's Cerdà position before the scoring
    g.apply("owner:1")  # the cloth
    assert g.solo["turns"] == turns  # the same turn of his, now finished
    assert "action" in _gaudi_steps(g) and g.cerda_scored == 2
    log = g.log
    owner = next(i for i, e in enumerate(log) if _key(e) == "bcn.log.owner_gaudi")
    scoring = next(i for i, e in enumerate(log) if _key(e) == "bcn.log.cerda_scoring" and e["text"]["n"] == 2)
    place = max(i for i, e in enumerate(log) if e.get("gaudi") == "place")
    assert place < owner < scoring
    assert log[owner]["seat"] == 0 and log[owner]["text"]["entry"]["where"] == "A4"
    assert g.current_player == 0 and g.view(0)["decision"] == "place"  # the human's next turn


def test_before_2_2_the_reward_waited_for_the_next_turn():
    """A record made with 2.1.0 replays as it was made: the reward after Gaudí's whole turn (and
    its Cerdà scoring), at the start of the human's next turn."""
    g = repro("2.1.0")
    assert g.record()["engine"] == "2.1.0"  # saved again, it keeps its rules
    assert g.view(0)["decision"] == "owner" and g.view(0)["prompt"] == {"key": "bcn.prompt.owner"}
    assert "action" in _gaudi_steps(g) and g.cerda_scored == 2
    assert [f.kind for f in g.stack] == ["endturn", "build_step", "place", "owner"]
    g.apply("owner:1")
    assert any(_key(e) == "bcn.log.owner" for e in g.log)
    assert not any(_key(e) == "bcn.log.owner_gaudi" for e in g.log)
    assert g.undo().record() == repro("2.1.0").record()  # undo rebuilds it by its own rules


@pytest.mark.parametrize("version,cerda_vp", [(None, 8), ("2.1.0", 4)])
def test_a_reward_in_time_scores_at_the_higher_cerda_multiplier(version, cerda_vp):
    """What the timing changes: the human at Cerdà 2 (x1) with 4 tiles built takes 2 rewards, one
    of them a Cerdà step; at once it is there for the Cerdà scoring of Gaudí's turn (x2), else it
    comes after it. The repro's position, with that tile count and an intersections scoring tile
    (2 VP each; the human owns 2): 8 VP instead of 4."""
    g = repro(version, upto=len(REPRO) - 1)
    p = g.players[0]
    p.crosses_built = 4
    g.cerda_tiles[1] = "crosses"
    g._legal = None
    assert p.cerda == 2 and D.cerda_multiplier(p.cerda) == 1
    g.apply(REPRO[-1])
    g.apply("owner:0,3")  # 2 coins and a Cerdà step
    while g.view(0)["decision"] != "place":
        g.apply(g.legal_actions()[0])  # the warehouse (3 coins, 2 cloth): keep some
    assert g.cerda_scored == 2 and p.breakdown["cerda_scoring"] == cerda_vp


def test_the_bots_answer_the_decision_in_gaudis_turn():
    """Every level's bot answers the human's reward decision inside Gaudí's turn with a legal
    action (the hints and computer seats use them)."""
    g = repro()
    legal = {a.id for a in g.legal_actions()}
    for policy in (bot.easy, bot.plan, bot.choose):
        a = policy(g.masked_for(0, 7), None)
        assert (a.id if hasattr(a, "id") else a) in legal


def test_the_masked_copy_and_a_clone_continue_gaudis_turn_alike():
    """The rest of his turn waits on the stack: a clone and a replay finish it the same way."""
    g = repro()
    h = g.clone()
    for x in (g, h):
        x.apply("owner:0")
        while x.view(0)["decision"] != "place":
            x.apply(x.legal_actions()[0])
    assert h.view(0) == g.view(0)
    assert replay(g.record()).view(0) == g.view(0)


def test_random_solo_games_reward_inside_his_turn_and_replay():
    """Random solo games: whenever his turn waits (his rest on the stack), the decision is the
    human's reward or what it brings (the warehouse, a Sagrada tile, a goods mix), and the
    games replay from their records to the same view. (Seeds where he lands on the human's
    intersection: in 40 random games, 6 did, 7 times, one of them with a choice.)"""
    import random

    waits = set()
    for seed in (13, 16, 31, 32):
        g = new_game(1, seed, layout="shuffled", difficulty="normal")
        rng = random.Random(seed)
        while not g.is_over:
            if any(f.kind == "gaudi_rest" for f in g.stack):
                assert g.current_player == 0
                waits.add(g.stack[-1].kind)
            g.apply(rng.choice(g.legal_actions()))
        assert replay(g.record()).view(0) == g.view(0)
    assert "owner" in waits and waits <= {"owner", "keep", "split", "stile"}

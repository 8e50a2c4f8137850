"""The solo game against Gaudí: rule tests from positions set up directly.

The solo rules are those of the solo booklet and of the official "Gaudí 2.0" update
(BoardGameGeek file page 265171), as the MeepleLM data set summarises them (github.com/leroy9472/
MeepleLM, data/rulebooks/part_1/7/383607.md; a secondary source). Each test names the part of
those rules it pins ("Set-up", "Gaudí's turn", "The card actions", "Building", "Gaudí Rewards",
"Scoring", "Gaudí 2.0"); the reconstructed values (RECON) are those of
engine/barcelona/solo_data.py, listed in docs/barcelona.md.
"""

import pytest

from tests.support.game_checks import citizens_total

from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona import action_check, board_actions, new_game, solo_actions, solo_cards, solo_scoring, solo_turn
from engine.barcelona import solo_data as S
from engine.core.errors import OptionError


G = solo_scoring.GAUDI


def solo_game(seed=0, **options):
    return new_game(1, seed=seed, **options)


def deck_top(g, action):
    """Put the card of ``action`` on top of his deck."""
    c = next(i for i, card in enumerate(S.CARDS) if card["action"] == action)
    deck = [x for x in g.solo["deck"] + g.solo["discard"] if x != c]
    g.solo["deck"], g.solo["discard"] = deck + [c], []
    return c


# ----------------------------------------------------------------------------- set-up
def test_options_difficulty_and_rules_only_solo():
    """Gaudí Rewards and difficulty: Easy/Normal/Hard; the 2.0 update; options only meaningful
    solo are refused at other player counts."""
    g = solo_game()
    assert g.options["difficulty"] == "normal" and g.options["rules"] == "original"
    assert solo_game(difficulty="hard", rules="2.0").options == {
        "layout": "printed",
        "difficulty": "hard",
        "rules": "2.0",
        "sagrada_gr": "off",
    }
    for bad in ({"difficulty": "hard"}, {"rules": "2.0"}, {"sagrada_gr": "on"}):
        with pytest.raises(OptionError):
            new_game(2, seed=1, **bad)
    with pytest.raises(OptionError):
        solo_game(difficulty="impossible")
    g3 = new_game(3, seed=1, difficulty="normal")  # the default is accepted, and dropped
    assert g3.options == {"layout": "printed"} and "difficulty" not in g3.record()["options"]


def test_setup_as_for_two_players():
    """Set-up: as for 2 players (citizen-track pre-fill, public-service stacks); his warehouse
    gets no coins or cloth; his pawn on the centre; 8 cards shuffled; the human is first."""
    g = solo_game(seed=4)
    assert g.tracks == D.PREFILL[2]
    assert all(len(t) == 2 for t in g.services.values())
    gp = g.players[G]
    assert gp.name == S.GAUDI_NAME and gp.coins == 0 and gp.cloth == 0 and gp.hand == []
    assert g.solo["pawn"] == S.PAWN_START == (2, 2)
    assert sorted(g.solo["deck"]) == list(range(8)) and g.solo["discard"] == []
    assert g.current_player == 0 and g.num_players == 1 and len(g.scores()) == 1
    assert citizens_total(g) == sum(D.CITIZENS.values())


def test_setup_sagrada_tiles():
    """Set-up: the VP-only Sagrada tiles go to his board; then one random tile of each level is
    removed from the remaining pool."""
    g = solo_game(seed=2)
    for level, tiles in D.SAGRADA_TILES.items():
        his = g.solo["sagrada_tiles"][str(level)]
        assert his and all(all(k == "vp" for k, _ in tiles[i]) for i in his)
        assert len(g.sagrada_supply[level]) == len(tiles) - len(his) - 1
        assert not set(his) & set(g.sagrada_supply[level])


# --------------------------------------------------------------------------- his turn
def test_gaudi_is_never_a_decision_and_every_step_is_logged():
    """Gaudí's turn: his steps are not legal actions; the human decides every time; the card,
    placement and action are logged for the app."""
    g = solo_game(seed=7)
    while g.turn == 0:
        assert g.current_player == 0
        g.apply(g.legal_actions()[0])
    steps = [e for e in g.log if e.get("gaudi")]
    assert steps[0]["gaudi"] == "card" and steps[0]["seat"] == G
    assert any(e["gaudi"] == "place" for e in steps)
    assert g.current_player == 0 and g.legal_actions()[0].id.startswith("place:")
    assert g.view(0)["gaudi"]["last_turn"][0]["step"] == "card"


def test_citizens_stacked_higher_class_on_top():
    """Gaudí's turn step 3: draw 2, the higher class on top (upper > middle > working)."""
    g = solo_game(seed=1)
    g.bag = [c for c in g.bag if c not in ("U", "W")] + ["W", "U"]  # the draw takes from the bag at random
    g.bag = ["U", "W"]
    solo_turn.place(g)
    rc = g.solo["pawn"]
    assert g.citizens[rc] == ["W", "U"]  # bottom .. top


def test_placement_prefers_own_intersection():
    """Gaudí's turn step 2 (original): his own intersection tile first."""
    g = solo_game(seed=1)
    g.cross_owner[(3, 1)] = G
    assert solo_turn.choose_intersection(g, ["M", "U"], "N") == (3, 1)


def test_placement_avoids_the_humans_tile_and_turns_clockwise_from_the_arrow():
    """Gaudí's turn step 2: without the human's tile preferred; ties by the card's arrow turning
    clockwise from his position."""
    g = solo_game(seed=1)
    assert solo_turn.choose_intersection(g, ["W", "W"], "N") == (1, 2)
    assert solo_turn.choose_intersection(g, ["W", "W"], "E") == (2, 3)
    assert solo_turn.choose_intersection(g, ["W", "W"], "SW") == (3, 1)
    g.cross_owner[(1, 2)] = 0
    assert solo_turn.choose_intersection(g, ["W", "W"], "N") == (1, 3)  # the next one clockwise


def test_placement_where_he_could_build():
    """Gaudí's turn step 2: a place where he could build after placing beats a plain one."""
    g = solo_game(seed=1)
    g.citizens[(1, 1)] = ["W"]
    g.citizens[(2, 1)] = ["W"]
    # clockwise from east: (2,3) first, but (3,2) lets him build block b21 with (2,1)
    assert not solo_turn._can_build_with(g, (2, 3), ["W", "W"])
    assert solo_turn.choose_intersection(g, ["W", "W"], "E") == (3, 2)


def test_placement_looks_further_when_the_neighbours_are_taken():
    """Gaudí's turn step 2: no neighbouring intersection qualifies -> 2 steps away."""
    g = solo_game(seed=1)
    for rc in B.INTERSECTIONS:
        if max(abs(rc[0] - 2), abs(rc[1] - 2)) == 1:
            g.citizens[rc] = ["W"]
    got = solo_turn.choose_intersection(g, ["W", "W"], "N")
    assert max(abs(got[0] - 2), abs(got[1] - 2)) == 2 and got == (0, 2)


def test_impossible_card_reveals_the_next():
    """Gaudí's turn step 4: if the card's action is impossible, reveal until one is possible."""
    g = solo_game(seed=3)
    g.players[G].cobbles_placed = D.COBBLESTONES  # no cobblestone left
    c = deck_top(g, "cobble")
    solo_turn.gaudi_turn(g)
    steps = [s["step"] for s in g.solo["steps"]]
    assert steps.count("card") >= 2 and "skip" in steps
    assert g.solo["discard"][0] == c


# ------------------------------------------------------------------------ card actions
def test_gaudi_rewards_replace_coins_and_cloth():
    """Gaudí Rewards: all coins and cloth he would gain turn into GR at once."""
    g = solo_game()
    solo_actions.gain(g, (("coin", 2), ("cloth", 1), ("vp", 3)), "test")
    assert g.solo["gr"] == 3 and g.players[G].coins == 0 and g.players[G].vp == 3


def test_cobblestone_by_the_cards_priority():
    """The card actions, cobblestone: usual adjacency, bonus chosen by the card's priority list."""
    g = solo_game()
    c = deck_top(g, "cobble")
    g.solo["card"] = c
    frontier = sorted(action_check.pavement_frontier(g))
    want = min(frontier, key=lambda rc: (solo_actions._bonus_rank(S.CARDS[c], D.PAVEMENT_BONUS[rc]), rc))
    solo_actions.do_cobble(g, "N")
    assert g.pavement[want] == G and g.players[G].cobbles_placed == 1


def test_streets_next_to_the_pawn():
    """The card actions, streets: next to his pawn (RECON: a wide street if a wide space touches it)."""
    g = solo_game()
    g.solo["pawn"] = (0, 0)  # no wide line through the corner
    solo_actions.do_streets(g, "E")
    mine = [s for s, o in g.streets.items() if o == G]
    assert len(mine) == 2 and all(s in B.CROSS_SEGMENTS[(0, 0)] for s in mine)
    g2 = solo_game()  # the centre: wide lines h2, v2
    solo_actions.do_streets(g2, "N")
    assert [B.segment_kind(s) for s, o in g2.streets.items() if o == G] == ["wide"]


def test_intersection_where_the_adjacent_bonuses_are_highest():
    """The card actions, intersection: where the sum of adjacent bonuses is highest."""
    g = solo_game()
    solo_actions.do_cross(g, "N")
    rc = next(rc for rc, o in g.cross_owner.items() if o == G)

    def worth(x):
        return solo_actions._worth([b for s in B.CROSS_SEGMENTS[x] for b in D.STREET_BONUS[s]])

    assert worth(rc) == max(worth(x) for x in B.INTERSECTIONS)


def test_modernisme_take_and_improve():
    """The card actions: take Modernisme (the arrow's tile, his rightmost empty space) and
    improve (the leftmost marker at the bottom goes up); 2.0: highest-scoring tile, right to left."""
    g = solo_game()
    c = deck_top(g, "mtake")
    g.solo["card"] = c
    want = g.mod_display[S.CARDS[c]["slot"] - 1]
    solo_actions.do_mtake(g, "N")
    assert g.players[G].mod_tiles[-1] == want
    solo_actions.do_improve(g, "N")
    assert g.players[G].mod_top == [True, False, False, False, False]
    g2 = solo_game(rules="2.0")
    best = max(D.CONDITIONS[k][0] for k in g2.mod_display)
    solo_actions.do_mtake(g2, "N")
    assert D.CONDITIONS[g2.players[G].mod_tiles[-1]][0] == best
    solo_actions.do_improve(g2, "N")
    assert g2.players[G].mod_top == [False, False, False, False, True]


def test_public_service_then_another_card():
    """The card actions, public service: the most expensive he lacks; VP and Cerdà steps; then
    another card's action instead of the service's effect."""
    g = solo_game(seed=5)
    deck_top(g, "service")
    solo_cards.reveal(g)
    solo_actions.do_service(g, "N")
    gp = g.players[G]
    assert gp.services == [next(iter(g.services))]  # all cost 3 at the start: the leftmost
    assert gp.vp >= D.SERVICE_TILES[0][1] and gp.cerda >= D.SERVICE_CERDA
    assert len(g.solo["discard"]) == 2  # one more card revealed for the action


def test_passenger_scores_the_street_for_its_owner():
    """The card actions, passenger: on a built street it scores as usual (for its owner)."""
    g = solo_game()
    segs = B.CROSS_SEGMENTS[(2, 2)]
    g.streets[segs[1]] = G
    solo_actions.do_passenger(g, "N")
    assert g.passengers == {segs[1]: G}  # his own street first
    g = solo_game()
    for seg in segs:
        g.streets[seg] = 0
    solo_actions.do_passenger(g, "N")
    (seg,) = g.passengers
    assert seg in segs and g.players[0].breakdown["streets"] == board_actions.street_vp(g, seg)


def test_sagrada_step_gives_his_tile():
    """The card actions, Sagrada: passing a tile slot gives him that tile."""
    g = solo_game()
    slot = min(D.SAGRADA_SLOTS)
    level = D.SAGRADA_SLOTS[slot]
    for _ in range(slot):
        solo_actions.sagrada_step(g)
    assert g.players[G].sagrada == slot and g.players[G].sagrada_tiles and g.players[G].vp > 0
    assert g.solo["sagrada_tiles"][str(level)] == []


@pytest.mark.parametrize("variant", ["off", "on"])
def test_optional_variant_steps_past_the_sagrada_end_give_gr(variant):
    """Gaudí Rewards, optional variant: "once at the end of the Sagrada track, each further step
    gives him 1 GR" (option sagrada_gr, off by default); without it a step there does nothing and
    his Sagrada card is impossible (the next card is revealed)."""
    g = solo_game(sagrada_gr=variant)
    p = g.players[G]
    p.sagrada = D.SAGRADA_MAX
    vp, gr, log = p.vp, g.solo["gr"], len(g.log)
    solo_actions.sagrada_step(g)
    solo_actions.sagrada_step(g)
    assert p.sagrada == D.SAGRADA_MAX and p.vp == vp
    if variant == "on":
        assert g.solo["gr"] == gr + 2 * S.PAST_SAGRADA_GR
        assert [e["text"]["what"]["key"] for e in g.log[log:]] == ["bcn.gaudi.sagrada_gr"] * 2
        assert solo_actions.possible(g, "sagrada") and g.view(0)["gaudi"]["sagrada_gr"] is True
    else:
        assert g.solo["gr"] == gr and len(g.log) == log
        assert not solo_actions.possible(g, "sagrada") and g.view(0)["gaudi"]["sagrada_gr"] is False


def _last_round_where_gaudi_must_take_the_humans_tile(crosses_built, made_with=None):
    """The end is triggered and every intersection is the human's: Gaudí's last placement (the
    round's last turn) lands on one of the human's tiles. ``made_with``: play by the rules of
    that engine version (a record's; 2.1.0: the rewards waited for the human's next turn)."""
    g = solo_game(seed=3)
    if made_with is not None:
        g.made_with = made_with
    g.end_triggered = True
    g.cross_owner = {rc: 0 for rc in B.INTERSECTIONS}
    g.players[0].crosses_built = crosses_built
    g._legal = None
    return g


def _play_until_owner_choice_or_end(g):
    start = len(g.log)
    while not g.is_over:
        ids = [a.id for a in g.legal_actions()]
        if any(i.startswith("owner:") for i in ids) and any(e.get("gaudi") == "place" for e in g.log[start:]):
            return ids
        g.apply(ids[0])
    return []


@pytest.mark.parametrize("made_with,key", [(None, "bcn.log.owner_gaudi"), ("2.1.0", "bcn.log.owner")])
def test_owner_reward_in_the_last_round_comes_before_the_final_scoring(made_with, key):
    """Owner rewards (RULEBOOK p.8): Gaudí placing on the human's intersection gives the
    human their owner rewards, at once (inside his turn; before 2.2.0 they waited for the next
    turn, and in the last round came before the final scoring: docs/barcelona.md, solo
    decision 5). Either way nothing is lost at the end."""
    g = _last_round_where_gaudi_must_take_the_humans_tile(crosses_built=1, made_with=made_with)
    assert _play_until_owner_choice_or_end(g) == [] and g.is_over
    place = max(i for i, e in enumerate(g.log) if e.get("gaudi") == "place")
    owner = [e for e in g.log[place:] if key in (e["text"].get("key"), e["text"].get("entry", {}).get("key"))]
    assert len(owner) == 1 and owner[0]["seat"] == 0  # 1 tile built: its reward, 2 coins
    assert g.log[-1]["text"]["key"].startswith("bcn.log.over_solo")
    assert not g.solo["owed"]  # nothing left owed after the end


@pytest.mark.parametrize("made_with", [None, "2.1.0"])
def test_owner_reward_choice_in_the_last_round_is_a_decision_before_the_end(made_with):
    """With 2 tiles built the human chooses 1 of 2 rewards (p.8): a decision, then the end."""
    g = _last_round_where_gaudi_must_take_the_humans_tile(crosses_built=2, made_with=made_with)
    ids = _play_until_owner_choice_or_end(g)
    assert ids == ["owner:0", "owner:1"] and not g.is_over
    vp = g.players[0].vp
    g.apply("owner:1")  # the cloth
    assert g.is_over and g.players[0].vp >= vp


# ----------------------------------------------------------------------------- building
def _ready_to_build_level3(g):
    g.citizens.clear()
    for rc in ((0, 1), (0, 2), (1, 1)):
        g.citizens[rc] = ["U"]
    g.solo["pawn"] = (0, 1)


def test_building_prefers_level_3_and_keeps_cerda_in_the_original_rules():
    """Building: level 3 before 2 before 1 before a corner; original rules: no Cerdà loss."""
    g = solo_game()
    _ready_to_build_level3(g)
    solo_turn.build(g)
    assert g.sites["b01"]["level"] == 3 and g.sites["b01"]["markers"] == [G]
    assert g.players[G].cerda == 0


def test_building_loses_cerda_in_2_0():
    """Gaudí 2.0: he does lose Cerdà steps for level-2 and level-3 buildings."""
    g = solo_game(rules="2.0")
    g.players[G].cerda = 4
    _ready_to_build_level3(g)
    solo_turn.build(g)
    assert g.sites["b01"]["level"] == 3 and g.players[G].cerda < 4 + D.MARKER_EMPTY_CERDA


# ------------------------------------------------------------------------------ scoring
def test_cerda_scoring_for_gaudi():
    """Scoring: Cerdà scoring = the tile's VP x his Cerdà multiplier x the GR value, without
    checking the tile's condition; afterwards his pawn goes back to the centre, deck reshuffled."""
    g = solo_game(difficulty="hard")
    g.players[G].cerda = 5
    g.solo["pawn"] = (0, 0)
    g.solo["discard"] = [g.solo["deck"].pop()]
    key = g.cerda_tiles[0]
    g.tracks["W"] = D.SECTION_ENDS[0]
    from engine.barcelona.scoring import cerda_scoring

    cerda_scoring(g)
    assert g.players[G].breakdown["cerda_scoring"] == D.CONDITIONS[key][0] * D.cerda_multiplier(5) * 4
    assert g.solo["pawn"] == (2, 2) and len(g.solo["deck"]) == 8 and g.solo["discard"] == []
    assert g.players[G].cerda == D.CERDA_START  # reset after the 1st scoring, as for players


@pytest.mark.parametrize("difficulty,value", [("easy", 2), ("normal", 3), ("hard", 4)])
def test_final_scoring_gr_and_modernisme(difficulty, value):
    """Gaudí Rewards: 2/3/4 VP each by difficulty; final: Modernisme tile VP x multiplier x GR
    value; cobblestones and passengers as for a player."""
    g = solo_game(difficulty=difficulty)
    gp = g.players[G]
    gp.mod_tiles[0], gp.mod_top[0] = "cobbles", True
    g.solo["gr"] = 5
    gp.cobbles_placed, gp.passengers_placed = 2, 1
    solo_scoring.final_scoring(g)
    assert gp.breakdown["gr_end"] == 5 * value
    assert gp.breakdown["modernisme_end"] == D.CONDITIONS["cobbles"][0] * D.MODERNISME_MULT_TOP[0] * value
    assert gp.breakdown["cobbles_end"] == D.COBBLE_END_VP[2]
    assert gp.breakdown["passengers_end"] == D.PASSENGER_END_VP[1]


def test_empty_modernisme_spaces_score_in_2_0():
    """Gaudí 2.0: empty Modernisme spaces score as a 1-GR tile at the end."""
    g = solo_game(rules="2.0")
    solo_scoring.final_scoring(g)
    assert g.players[G].breakdown["modernisme_end"] == D.MODERNISME_SPACES * D.MODERNISME_MULT_BOTTOM * 3


def test_ties_go_to_gaudi():
    """Scoring: ties go to Gaudí; winners() is [0] only when the human beat him."""
    g = solo_game()
    g.over = True
    g.players[0].vp = g.players[G].vp = 50
    assert g.winners() == []
    g.players[0].vp = 51
    assert g.winners() == [0]


def test_human_on_his_intersection_gives_him_a_reward():
    """RECON (owner rewards, p.8): the human placing on his intersection gives him 1 GR."""
    g = solo_game(seed=2)
    aid = g.legal_actions()[0].id
    rc = tuple(int(x) for x in aid.split(":")[1].split(","))
    g.cross_owner[rc] = G
    g._legal = None
    g.apply(next(a for a in g.legal_actions() if a.id.startswith(f"place:{B.cross_id(rc)}:")))
    assert g.solo["gr"] == S.OWNER_REWARD_GR


# ------------------------------------------------------------------------- hidden info
def test_deck_order_is_secret_but_2_0_top_back_is_public():
    """His deck order is secret (masked_for reshuffles it); with 2.0 the top card's back shows,
    and it identifies the card (8 different backs), so the masked copy keeps it."""
    g = solo_game(seed=11)
    v = g.view(0)["gaudi"]
    assert "deck" not in v and v["deck_size"] == 8 and v["next_back"] is None
    orders = {tuple(g.masked_for(0, s).solo["deck"]) for s in range(6)}
    assert len(orders) > 1 and all(sorted(o) == list(range(8)) for o in orders)
    g2 = solo_game(seed=11, rules="2.0")
    top = g2.solo["deck"][-1]
    assert g2.view(0)["gaudi"]["next_back"] == S.CARDS[top]["back"]
    assert all(g2.masked_for(0, s).solo["deck"][-1] == top for s in range(6))
    assert len({c["back"] for c in S.CARDS}) == len(S.CARDS)


# ------------------------------------------------------------- his turn, step by step (the app)
# what a step of his last turn may hold (view parts; public: no hand, no deck order)
PUBLIC_STEP_PARTS = {
    "board",
    "side",
    "tracks",
    "bag_size",
    "end_triggered",
    "score_history",
    "player_boards",
    "scores",
    "score_breakdown",
    "modernisme_preview",
    "gaudi",
}
PUBLIC_GAUDI_STEP = {
    "pawn",
    "card",
    "deck_size",
    "next_back",
    "gr",
    "vp",
    "score",
    "breakdown",
    "revealed",
    "sagrada_tiles",
    "board",
    "score_history",
}


def test_each_step_keeps_the_table_as_it_stood_after_it():
    """Gaudí's turn (reveal, place 2 citizens, the action, build): every logged step keeps the
    public table after it, so the app can show it step by step: his placed citizens from the
    'place' step on, his building (citizens gone, his marker on it) only from the 'build' step.
    Public information only (no deck order), JSON-safe, and only his last turn."""
    import json

    g = solo_game()
    _ready_to_build_level3(g)
    deck_top(g, "sagrada")  # an action that changes nothing on the main board
    g.players[G].sagrada = 0
    before = dict(g.view(0)["board"]["citizens"])
    solo_turn.gaudi_turn(g)
    v = g.view(0)
    steps = v["gaudi"]["last_turn"]
    json.dumps(steps)
    kinds = [x["step"] for x in steps]
    assert kinds[:3] == ["card", "place", "action"] and "build" in kinds
    place, build = kinds.index("place"), kinds.index("build")
    where = steps[place]["mark"].split(":")[1]  # place:R,C:<citizens>
    site = steps[build]["mark"].split(":")[1]  # build:<site>:<level>:<crosses>
    used = steps[build]["mark"].split(":")[3].split(";")
    from web.model.automaton import as_of_step

    for k, x in enumerate(steps):
        board = as_of_step(v, k + 1)["board"]  # each step holds the parts it changed
        assert (where in board["citizens"]) == (where not in before and k >= place or where in before)
        assert (site in board["sites"]) == (k >= build), (k, x["step"])
        if k >= build:
            assert board["sites"][site]["markers"] == [G]
            assert not any(rc in board["citizens"] for rc in used if rc != where)
        else:
            assert all(rc in board["citizens"] for rc in used if rc != where or k >= place)
        assert set(x["table"]) <= PUBLIC_STEP_PARTS and set(x["table"]["gaudi"]) <= PUBLIC_GAUDI_STEP
        assert all("hand" not in b for b in x["table"].get("player_boards", []))  # only hand_size
    assert steps[0]["table"]["board"]["citizens"] == before
    assert steps[0]["table"]["gaudi"]["pawn"] == "0,1" and steps[place]["table"]["gaudi"]["pawn"] == where
    last = as_of_step(v, len(steps))["board"]
    assert last == dict(v["board"], active_cross=None)  # the last step: the table now
    for s in range(3):  # a masked copy (hidden deck order) shows the same steps
        assert g.masked_for(0, s).view(0)["gaudi"]["last_turn"] == steps
    solo_turn.gaudi_turn(g)  # his next turn starts a new list
    again = [x["step"] for x in g.view(0)["gaudi"]["last_turn"]]
    assert again[0] == "card" and again.count("place") == 1

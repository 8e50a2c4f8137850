"""Whole-turn scenarios from positions set up directly (RULEBOOK p.6-16)."""

from engine.barcelona import data as D

from tests.support.game_checks import citizens_total

from .helpers import fill_track, ids, phase, position, put, set_hand, set_turn


def test_full_turn_owner_actions_build_scoring_draw():
    """RULEBOOK p.6 turn steps 1-4 in order: place (owner rewarded, p.8), street actions
    (p.6), mandatory building (p.12), Cerdà scoring at turn end (p.14), draw 2."""
    g = position(3)
    g.cerda_tiles = ["crosses", "narrow", "wide"]
    g.building_stacks[2] = [D.BUILDING_TILES[2].index((("vp", 4),))]
    # seat 2 owns (0,2) with 3 tiles built -> chooses 2 of its 3 rewards
    for rc in ((0, 2), (4, 1), (4, 3)):
        g.cross_owner[rc] = 2
    g.players[2].crosses_built = 3
    g.players[2].coins = g.players[2].cloth = 0
    g.players[2].cobbles_placed = 6
    g.players[2].cerda = next(x for x in range(D.CERDA_MAX + 1) if D.cerda_multiplier(x) == 1)
    # the track is one citizen short of the first Cerdà space (3 players pre-fill M)
    need = D.SECTION_ENDS[0] - 1 - g.tracks["M"]
    for _ in range(need):
        g.bag.remove("M")
    g.tracks["M"] = D.SECTION_ENDS[0] - 1
    put(g, (1, 1), "W")
    set_turn(g, 1, "MW")
    g.players[1].coins = 0
    g.players[1].cloth = 0
    g.turn = 1
    g._legal = None

    g.apply("place:0,2:MW")  # middle on top; printed v2 = cross, h0 = improve
    assert g.current_player == 2 and phase(g) == "owner"
    g.apply("owner:0,2")  # coin 2 + 3 VP (INTERSECTION_REWARDS 0 and 2)
    assert g.players[2].coins == 2 and g.players[2].breakdown["cross_rewards"] == 3
    assert g.current_player == 1 and phase(g) == "act"
    assert not g.can_undo()
    assert set(ids(g)) == {"act:v", "act:h", "act:done"}
    g.apply("act:h")
    g.apply("improve:0")
    assert g.can_undo()  # same seat, nothing revealed
    g.apply("act:done")
    assert phase(g) == "build"  # mandatory: (0,2) M + (1,1) W
    assert "build:b01:2:0,2;1,1" in ids(g)
    g.apply("build:b01:2:0,2;1,1")
    # level 2: Sagrada +1 (no slot at 1), Cerdà -1; M reaches the first Cerdà space
    assert g.cerda_scored == 1
    assert g.players[2].breakdown["cerda_scoring"] == D.CONDITIONS["crosses"][0] * 3 * 1
    assert g.players[2].cerda == D.CERDA_START  # reset after the 1st scoring
    assert g.current_player == 2 and len(g.players[1].hand) == 2
    assert citizens_total(g) == 72
    assert not g.can_undo()


def test_game_end_equal_turns_and_final_scoring_in_play():
    """RULEBOOK p.16: the 3rd section fills on seat 0's turn; seats 1 and 2 still play;
    then cobblestones, passengers and Modernisme score and the game is over."""
    g = position(3)
    g.cerda_scored = 2
    g.cerda_tiles = ["crosses", "narrow", "wide"]
    set_hand(g, 1, "MM")
    set_hand(g, 2, "MM")
    fill_track(g, "W", D.TRACK_LENGTH - 2)
    put(g, (0, 2), "W")
    set_turn(g, 0, "WW")
    g.players[0].cobbles_placed = 3
    g.players[1].passengers_placed = 2
    assert citizens_total(g) == 72
    g.apply("place:0,1:WW")
    g.apply("act:done")
    g.apply("build:b01:1:0,1;0,2")
    assert g.end_triggered and not g.is_over and g.current_player == 1
    for seat in (1, 2):
        assert g.current_player == seat
        while g.current_player == seat:
            legal = ids(g)
            g.apply("act:done" if "act:done" in legal else legal[0])
    assert g.is_over and g.turn % 3 == 0
    assert g.players[0].breakdown["cobbles_end"] == D.COBBLE_END_VP[3]
    assert g.players[1].breakdown["passengers_end"] == D.PASSENGER_END_VP[2]


def test_bag_runs_out_ends_game_after_round():
    """Engine decision (rulebook silent): if the bag cannot refill a hand, the game ends
    after the round like a filled third section, so all seats have equal turns."""
    g = position(2)
    g.bag, spare = [], list(g.bag)
    g.tracks["W"] += spare.count("W")  # park the bag's citizens on the tracks' count
    g.tracks["M"] += spare.count("M")
    g.tracks["U"] += spare.count("U")
    g.off_board = {c: max(0, g.tracks[c] - 21) for c in D.CLASSES}
    g.tracks = {c: min(21, n) for c, n in g.tracks.items()}
    g.cerda_scored = 3  # no scoring noise
    assert citizens_total(g) == 72
    set_turn(g, 0)
    g._legal = None
    legal = ids(g)
    g.apply(legal[0])
    while g.current_player == 0:
        legal = ids(g)
        g.apply("act:done" if "act:done" in legal else legal[0])
    assert g.end_triggered and g.players[0].hand == [] and not g.is_over
    assert ids(g) != []
    while not g.is_over:
        legal = ids(g)
        g.apply("act:done" if "act:done" in legal else legal[0])
    assert g.turn == 2


def test_section_filling_in_last_round_after_bag_end_still_scores():
    """docs/barcelona.md decision 11 (rulebook silent on an empty bag): once the bag has run
    out the round is completed, and a section that fills during it still scores (p.14)."""
    g = position(3)
    g.cerda_scored = 1
    g.end_triggered = True  # the bag ran out on an earlier turn this round
    fill_track(g, "W", D.SECTION_ENDS[1])
    set_turn(g, 1, "MM")
    g.apply(next(i for i in ids(g) if i.startswith("place:")))
    while g.current_player == 1:
        legal = ids(g)
        g.apply("act:done" if "act:done" in legal else legal[0])
    assert g.cerda_scored == 2

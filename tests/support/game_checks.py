"""Each game's own invariants on a live game (beyond the engine contract of tests/support/invariants.py):
conservation of pieces, coins and cards, track and board bounds, scores equal to their breakdown,
offers that match the rules. They read the engines' state, so they are per game. Each check
raises AssertionError (the tests call them directly); ``problems`` turns them into the soak's
list of problem strings. Used by the soak (tests/support/soak.py) after every action and by the
games' tests.
"""

from engine.barcelona import action_check, board_actions, scoring
from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona import solo_scoring
from engine.barcelona import solo_data as S
from engine.barcelona.decisions import RULES
from engine.core.decision import Decision
from engine.strasbourg import data


# ----- Barcelona -------------------------------------------------------------------------------------
def citizens_total(g):
    return (
        len(g.bag)
        + sum(len(p.hand) for p in g.players)
        + sum(len(st) for st in g.citizens.values())
        + sum(g.tracks.values())
        + sum(g.off_board.values())
    )


def check_state(g):
    assert citizens_total(g) == 72
    assert len(g.bag) >= 0 and all(v >= 0 for v in g.tracks.values())
    assert all(v >= 0 for v in g.off_board.values())
    assert all(n <= D.TRACK_LENGTH for n in g.tracks.values())
    assert all(cls in D.CLASSES for st in g.citizens.values() for cls in st)
    assert all(1 <= len(st) for st in g.citizens.values())
    keep_seat = None if g.is_over or g.stack[-1].kind != "keep" else g.stack[-1].seat
    for seat, p in enumerate(g.players):
        assert p.coins >= 0 and p.cloth >= 0, (seat, p.coins, p.cloth)
        assert 0 <= p.cobbles_placed <= D.COBBLESTONES
        assert all(n >= 0 for n in p.narrow_stacks) and 0 <= p.wide <= D.WIDE_TILES
        assert all(n >= 0 for n in p.marker_stacks)
        assert 0 <= p.crosses_built <= len(D.INTERSECTION_TILE_COST)
        assert 0 <= p.passengers_placed <= len(D.PASSENGER_COST)
        assert D.CERDA_MIN <= p.cerda <= D.CERDA_MAX and 0 <= p.sagrada <= D.SAGRADA_MAX
        if seat != keep_seat:
            assert p.coins + p.cloth <= p.capacity, (seat, p.coins, p.cloth, p.capacity)
        assert p.vp == sum(p.breakdown.values())
        assert p.crosses_built == sum(1 for o in g.cross_owner.values() if o == seat)
        assert p.passengers_placed == sum(1 for o in g.passengers.values() if o == seat)
        assert p.cobbles_placed == sum(1 for o in g.pavement.values() if o == seat)
        assert p.markers_left + scoring.markers_on_board(g, seat) == sum(D.MARKER_STACKS)
        built = sum(1 for o in g.streets.values() if o == seat)
        assert built == (sum(D.NARROW_STACKS) - p.narrow_left) + (D.WIDE_TILES - p.wide)
    assert len({p.tram for p in g.players if p.tram}) == sum(1 for p in g.players if p.tram)
    if not g.is_over and g.stack[-1].kind == "act":
        check_act_offers(g, g.stack[-1])
    assert len(g.mod_display) <= D.MODERNISME_DISPLAY
    assert g.scores() == [sum(b.values()) for b in g.score_breakdown()]


def check_act_offers(g, f):
    """RULEBOOK p.6: an action is offered exactly when it can be carried out (paid for);
    the cheap _action_possible test must agree with the real option generators."""
    seat = f.seat
    offered = {a.arg for a in g.legal_actions()}
    for code, line in B.LINES_AT[f.rc]:
        key = g.action_tiles[line]
        if key in ("coins", "cloth", "cerda"):
            real = True
        elif key in ("narrow", "wide"):  # the street tiles build without a width question
            real = bool(board_actions.street_options(g, Decision("street", seat, width=key, left=1)))
        else:
            real = bool(RULES[key].options(g, Decision(key, seat)))
        assert action_check.action_possible(g, seat, key) == real, key
        assert (code in offered) == (real and code not in f.used), (code, key)


# ----- Barcelona solo (the solo summary) -------------------------------------------------------
G = solo_scoring.GAUDI


def check_solo(g, before):
    """Invariants of a solo position; ``before``: (Gaudí's VP, GR) at the previous action."""
    gp = g.players[G]
    assert citizens_total(g) == sum(D.CITIZENS.values())
    assert g.num_players == 1 and len(g.scores()) == 1 and len(g.score_breakdown()) == 1
    # Gaudí's turn: he never decides (his steps are not legal actions)
    if not g.is_over:
        assert g.current_player == 0
    # his warehouse stays empty: coins and cloth became Gaudí Rewards
    assert gp.coins == 0 and gp.cloth == 0 and gp.hand == []
    assert sorted(g.solo["deck"] + g.solo["discard"]) == list(range(len(S.CARDS)))
    assert g.solo["pawn"] in B.INTERSECTIONS
    assert 0 <= gp.cobbles_placed <= D.COBBLESTONES and gp.crosses_built <= len(D.INTERSECTION_TILE_COST)
    assert gp.passengers_placed <= len(D.PASSENGER_COST) and gp.wide >= 0 and min(gp.narrow_stacks) >= 0
    assert min(gp.marker_stacks) >= 0 and 0 <= gp.sagrada <= D.SAGRADA_MAX
    assert D.CERDA_MIN <= gp.cerda <= D.CERDA_MAX
    assert gp.mod_tiles.count(None) + sum(1 for t in gp.mod_tiles if t) == D.MODERNISME_SPACES
    assert not set(gp.services) - set(D.SERVICES)
    # his VP and GR only grow (nothing he does costs VP)
    assert gp.vp >= before[0] and g.solo["gr"] >= before[1]
    # ownership on the board: a seat or Gaudí
    assert set(g.cross_owner.values()) <= {0, G} and set(g.streets.values()) <= {0, G}
    assert sum(1 for o in g.streets.values() if o == G) == (D.WIDE_TILES - gp.wide) + (
        sum(D.NARROW_STACKS) - gp.narrow_left
    )
    assert sum(1 for o in g.cross_owner.values() if o == G) == gp.crosses_built
    assert sum(1 for o in g.passengers.values() if o == G) == gp.passengers_placed
    return gp.vp, g.solo["gr"]


# ----- Strasbourg --------------------------------------------------------------------------------------
def check_invariants(game):
    """Conservation, with precise definitions:
    * cards: per seat, deck + hand + unrevealed stacks + cards revealed in the running
      auction + cards removed from the game == the 24-card deck (as a multiset);
    * coins: sum of coins == 5 x players + coins earned by sales - coins paid for
      shops (the bank is unlimited), and nobody is below 0;
    * goods: per guild, supply + all players' tiles == 6, no player negative (the
      supply may go below 0: substitutes, SEED § 起始設置 note);
    * family members: per seat, supply + council seats + shops == 15 (supply may go
      below 0, same note);
    * privileges: supply + held == 10 (supply may go below 0, same note);
      chapels: supply + placed == 5;
    * edifices: one per lot at most, values from the round boards, never more
      than the rounds whose step H has passed."""
    st = game.st
    n = st.n
    in_auction = {s: [] for s in range(n)}
    if st.auction:
        for b in st.auction["bids"]:
            in_auction[b["seat"]] += b["cards"]
    for s, p in enumerate(st.players):
        cards = p.deck + p.hand + [c for x in p.stacks for c in x] + in_auction[s] + p.spent
        assert sorted(cards) == sorted(data.DECK), (s, sorted(cards))
        assert all(len(x) >= 1 for x in p.stacks)
        assert p.coins >= 0
        assert p.privileges >= 0
        assert p.supply + st.seats_held(s) + st.shop_count(s) == data.FAMILY_MEMBERS
    assert sum(p.coins for p in st.players) == data.START_COINS * n + st.coins_earned - st.coins_paid
    for g in data.GUILDS:
        assert all(p.goods[g] >= 0 for p in st.players)
        assert st.goods_supply[g] + sum(p.goods[g] for p in st.players) == data.GOODS_PER_GUILD
    assert st.privilege_supply + sum(p.privileges for p in st.players) == data.PRIVILEGES
    assert st.chapel_supply + len(st.chapels) == data.CHAPELS
    assert sorted(st.built.values()) == sorted(st.edifices[r] for r in range(len(st.built)))
    assert len(st.built) <= st.round + (1 if st.step > 7 else 0)


# ----- for the soak ------------------------------------------------------------------------------------
def _barcelona(g, memo):
    if g.num_players == 1:
        memo["solo"] = check_solo(g, memo.get("solo", (0, 0)))
    else:
        check_state(g)


CHECKS = {"barcelona": _barcelona, "strasbourg": lambda g, memo: check_invariants(g)}


def problems(name, g, memo):
    """The game ``name``'s invariants on ``g`` as a list of problems (empty = fine); ``memo``: a
    dict the caller keeps for one game (what a check compares with the position before)."""
    check = CHECKS.get(name)
    if check is None:
        return []
    try:
        check(g, memo)
    except AssertionError as e:
        return [f"{name} invariant: {str(e)[:200] or 'assertion failed'}"]
    return []

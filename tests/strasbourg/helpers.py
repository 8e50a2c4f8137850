"""Shared helpers for the Strasbourg tests: positions set up directly, state
fingerprints and the conservation invariants."""
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
        [game.actions, game.undo_floor, game.log, game.rng.state])


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
    st.council["nobility"], st.council["church"] = 0, 1       # as after setup with seat 0 starting
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


def en(message, names=("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")):
    """An engine message in English (the en catalog), for the few tests that check wording."""
    from web import i18n
    i18n.activate("en")
    return i18n.tr(message, names)

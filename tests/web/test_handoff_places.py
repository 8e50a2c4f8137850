"""The hand-off card's board (issue 51, taps with hidden hands; web/model/handoff_choices.py
``public_places``, web/screens/handoff_card.py, Session.handoff_pick).

Barcelona rulebook p.6: a turn starts by placing the two citizens in hand, in the order the seat
chooses, on a free intersection. The id and words of a placement name the two citizens (a secret
with hidden hands), but the free intersections are the same whatever the hand: the card draws
the board with them as its choices, the same for every hand, and a tap takes the device and
places both citizens when they are alike, or picks the intersection when they differ (two
orders: the next tap)."""

import random
import re

import pytest

import engine.barcelona as B
import engine.strasbourg as S
from web.boards.barcelona.help import HANDOFF_PLACES
from web.kit.regions import pick_choices
from web.model.handoff_choices import public_places
from web.model.session import Session
from web.screens import panels

PICKS = re.compile(r'data-action="ui:pick:([^"]+)"')


def _hidden(game, box=(900, 640)):
    s = Session()
    s.game, s.choosing = game, False
    s.meta = dict(s.meta, hidden=True)
    s.card_box = box
    return s


def _intersections(game):
    """The intersections of the legal placements, in the engine's order, each once."""
    out = []
    for a in game.legal_actions():
        if a.id.startswith("place:") and a.id != "place:none":
            rc = a.id.split(":")[1]
            if rc not in out:
                out.append(rc)
    return out


def _placements(seed, moves=300):
    """Clones of a seeded 3-seat random game at each placement decision."""
    g = B.new_game(3, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if g.is_over:
            break
        if any(a.id.startswith("place:") for a in g.legal_actions()):
            out.append(g.clone())
        g.apply(rng.choice(g.legal_actions()))
    return out


def _with_hand(game, hand):
    """The same position with the seat to move holding ``hand`` (the rest back in the bag)."""
    g = game.clone()
    p = g.players[g.current_player]
    pool = list(p.hand) + list(g.bag)
    for c in hand:
        pool.remove(c)
    p.hand, g.bag = list(hand), pool
    g._legal = None
    return g


def _card(s):
    """The hand-off card's markup (what main holds: the toolbar is the same on every screen)."""
    html = panels.screen(s)
    return html[html.index('<main class="screen screen-handoff">') :]


def test_the_card_offers_the_intersections_of_the_legal_placements():
    checked = 0
    for seed in (3, 11):
        for g in _placements(seed):
            s = _hidden(g)
            want = _intersections(g)
            assert s.handoff_places() == want
            card = _card(s)
            assert PICKS.findall(card) == want  # one target per free intersection, nothing else
            assert not re.search(r'data-action="place:', card)  # no engine id: they name the hand
            checked += bool(want)
    assert checked > 20


def test_the_card_is_the_same_whatever_the_hand():
    """Set up directly: the same public position with alike citizens, two different ones and
    other alike ones in the hand of the seat to move. The card (its places, targets, words) must
    not change, though the legal placements do (one order or two per intersection)."""
    g = _placements(7)[4]
    hands = (["U", "U"], ["W", "M"], ["M", "M"], ["U", "W"])
    games = [_with_hand(g, h) for h in hands]
    legal = [{a.id for a in x.legal_actions()} for x in games]
    assert len({frozenset(x) for x in legal}) == len(hands)  # the hands do make other decisions
    cards = [_card(_hidden(x)) for x in games]
    assert all(c == cards[0] for c in cards)
    assert [public_places(x, HANDOFF_PLACES) for x in games] == [_intersections(games[0])] * len(hands)
    assert "ui:pick:" in cards[0]


def test_a_tap_on_an_intersection_places_alike_citizens_at_once():
    g = _with_hand(_placements(7)[4], ["U", "U"])
    s, seat, n = _hidden(g), g.current_player, len(g.actions)
    key = s.handoff_places()[0]
    assert s.handoff_play(f"ui:pick:{key}") is True  # what main.py calls for the card's ui:pick:
    assert s.game.actions[n:] == [f"place:{key}:UU"]
    assert s.shown_seat == seat and s.screen == "play" and s.pick is None


@pytest.mark.parametrize("hand", [["W", "M"], ["M", "U"]])
def test_a_tap_on_an_intersection_picks_it_when_the_citizens_differ(hand):
    g = _with_hand(_placements(7)[4], hand)
    s, seat, n = _hidden(g), g.current_player, len(g.actions)
    key = s.handoff_places()[-1]
    assert s.handoff_pick(key) is False
    assert len(s.game.actions) == n  # nothing played: the order is the seat's next tap
    assert s.shown_seat == seat and s.screen == "play" and s.pick == key
    view = s.view()
    sentence, acts = pick_choices(s, view, s.legal_actions())
    a, b = hand
    assert sorted(x.id for x in acts) == sorted({f"place:{key}:{a}{b}", f"place:{key}:{b}{a}"})
    html = panels.screen(s)
    for x in acts:  # both orders are one tap away: the pick's buttons (and the halves on the board)
        assert html.count(f'data-action="{x.id}"') >= 2
    assert 'class="picked"' in html  # the intersection is marked on the board
    s.flow.tap(acts[0].id)
    assert s.game.actions[n:] == [acts[0].id]


def test_the_card_refuses_a_place_it_does_not_offer():
    g = _placements(7)[4]
    s = _hidden(g)
    taken = next(f"{r},{c}" for r in range(5) for c in range(5) if f"{r},{c}" not in s.handoff_places())
    with pytest.raises(ValueError):
        s.handoff_pick(taken)
    assert s.screen == "handoff" and len(s.game.actions) == len(g.actions)


def test_no_places_off_the_card_or_where_the_game_names_none():
    g = _placements(7)[4]
    s = _hidden(g)
    s.handoff_ok()
    assert s.screen == "play" and s.handoff_places() == []
    # Strasbourg's help names no places: its card keeps its buttons and no board
    t = S.new_game(3, 5)
    st = _hidden(t)
    assert st.screen == "handoff" and st.handoff_places() == []
    assert "card-board" not in _card(st)
    assert public_places(t, None) == []


def test_the_guard_drops_places_a_masked_copy_lists_otherwise():
    """A place that depended on what the seat holds (here: a made-up mapping that reads the
    order, i.e. the hand) is not public: the masked copies re-deal the hand and list others."""
    for g in _placements(7)[:6]:
        assert public_places(g, lambda aid: aid if aid.startswith("place:") and aid != "place:none" else None) == []

"""The hand-off card's choices (web/model/handoff_choices.py): with hidden hands, the next seat's
decision is on the card where nothing secret shows, so the tap that takes the device decides
(issue 51: taps per decision with hidden hands). Strasbourg rules: plotting (draw a card or stop)
and the auction (a pass) are decisions every seat could name for the next one; Barcelona
rulebook p.6: a placement names the two citizens the seat holds, a secret."""

import random

import engine.barcelona as B
import engine.strasbourg as S
from web.boards.strasbourg.help import HANDOFF_KINDS
from web.model.handoff_choices import public_choices as _public
from web.model.session import Session
from web.screens import panels


def public_choices(game):
    return _public(game, HANDOFF_KINDS)


def _hidden(game):
    s = Session()
    s.game, s.choosing = game, False
    s.meta = dict(s.meta, hidden=True)
    return s


def _turn_starts(module, seed, n=3, moves=400):
    """(game, seat) at the first decision of each seat's run of decisions."""
    g = module.new_game(n, seed)
    rng = random.Random(seed)
    out, last = [], None
    for _ in range(moves):
        if g.is_over:
            break
        if g.current_player != last:
            out.append(g.clone())
            last = g.current_player
        g.apply(rng.choice(g.legal_actions()))
    return out


def test_strasbourg_plotting_and_passing_are_on_the_card():
    kinds = set()
    for g in _turn_starts(S, 5):
        ids = {a.id for a in public_choices(g)}
        legal = {a.id for a in g.legal_actions()}
        assert ids <= legal
        if {"draw", "stop"} <= legal:
            assert {"draw", "stop"} <= ids, "plotting shows nothing secret"
            kinds.add("plotting")
        if "pass" in legal:
            assert "pass" in ids
            assert not {a for a in ids if a.startswith("bid:")}, "a bid tells the seat's stacks"
            kinds.add("auction")
    assert kinds == {"plotting", "auction"}


def test_the_guard_keeps_secret_words_off_the_card():
    """Even asked for every kind, the guard (the public view's copies) keeps Barcelona's
    placements (rulebook p.6: they name the two citizens the seat holds) and Strasbourg's bids
    (the sum of a face-down stack) off the card."""
    for module, seed, secret in ((B, 42, "place:"), (S, 5, "bid:")):
        for g in _turn_starts(module, seed):
            kinds = tuple({a.kind for a in g.legal_actions()})
            assert not [a for a in _public(g, kinds) if a.id.startswith(secret)]
    assert _public(B.new_game(3, 42), ()) == []  # Barcelona names no kind


def test_no_strasbourg_secret_is_on_the_card():
    """Strasbourg: a bid says the sum of a face-down stack, task cards and stacking name cards
    the seat holds: never on the card, in random games."""
    offered = set()
    for seed in range(4):
        g = S.new_game(3, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over:
                break
            ids = {a.id for a in public_choices(g)}
            offered |= {a.split(":")[0] for a in ids}
            assert not {a for a in ids if a.startswith(("bid:", "keep", "put:", "rest:"))}, ids
            g.apply(rng.choice(g.legal_actions()))
    assert {"draw", "stop", "pass"} <= offered


def test_the_card_plays_the_choice_and_hands_the_device_over():
    g = next(x for x in _turn_starts(S, 5) if "draw" in {a.id for a in x.legal_actions()})
    s = _hidden(g)
    assert s.screen == "handoff"
    html = panels.screen(s)
    assert 'data-action="ui:handoff-play:draw"' in html and 'data-action="ui:handoff-ok"' in html
    # nothing of the game but those choices: no engine id, no board
    card = html.split('class="handoff-choices"')[1].split("</section>")[0]
    assert 'data-action="draw"' not in html and "<svg" not in card
    seat, n = g.current_player, len(g.actions)
    s.handoff_play("draw")
    assert s.game.actions[n:] == ["draw"] and s.shown_seat == seat and s.screen == "play"


def test_the_card_refuses_a_choice_it_does_not_offer():
    g = next(x for x in _turn_starts(S, 5) if any(a.id.startswith("bid:") for a in x.legal_actions()))
    s = _hidden(g)
    bid = next(a.id for a in g.legal_actions() if a.id.startswith("bid:"))
    try:
        s.handoff_play(bid)
    except ValueError:
        pass
    else:
        raise AssertionError("a bid was played from the hand-off card")
    assert s.screen == "handoff" and len(s.game.actions) == len(g.actions)

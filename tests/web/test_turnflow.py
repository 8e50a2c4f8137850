"""Turn flow (web/model/turnflow.py + its Session methods): preview then confirm, end-of-turn
confirmation, last-move marks and their privacy, the hand-off summary, the computer speed.

Preview secrecy: a preview is computed on masked copies of the game, so it may depend only on
what the deciding seat sees; tests/web/secrets_shaker.py changes everything else and the preview
must come out the same."""

import json
import random

import pytest

import engine
from engine.core.errors import RecordError
from secrets_shaker import SHAKE
from web.screens import decision_panels, form_panels, panels
from web.kit import html_kit
from web.model import turnflow
from web.model.games import SetupError
from web.model.links import settings_from_query
from web.model.prefs import PREFS_KEY
from web.model.session import Session
from web.model.settings import BOT_SPEEDS, settings_from_form
from web.i18n import tr


def _module(name):
    try:
        m = engine.game_module(name)
    except ImportError:
        m = None
    if not hasattr(m, "new_game"):
        pytest.skip(f"{name} engine not available")
    return m


def session(name, players=3, seed=42, hidden=False, confirm=True):
    _module(name)
    s = Session()
    s.start({"game": name, "players": players, "hidden": hidden}, seed)
    s.flow.set_confirm(confirm)
    if hidden:
        s.handoff_ok()
    return s


def ids(s):
    return [a.id for a in s.game.legal_actions()]


def play_until(s, pred, seed=1, limit=400):
    """Confirm random legal moves (through the session, hidden hands passed on) until ``pred(s)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if s.screen == "handoff":
            s.handoff_ok()
        if pred(s):
            return True
        if s.game.is_over:
            return False
        aid = rng.choice(ids(s))
        s.flow.select(aid)
        s.flow.confirm()
    return False


def strasbourg_plotted(seed=5, hidden=False):
    """Strasbourg, task cards kept, the first plotter has drawn 2 cards and stopped: two
    put/rest decisions left, the last of which locks the stacks and passes the turn."""
    s = session("strasbourg", seed=seed, hidden=hidden)
    while any(a.kind in ("drop", "keep") for a in s.game.legal_actions()):
        keep = [a.id for a in s.game.legal_actions() if a.kind == "keep"]
        s.flow.tap(keep[0] if keep else ids(s)[0])
        s.flow.confirm() if s.flow.selection else None
        s.handoff_ok()
    for aid in ("draw", "draw", "stop"):
        s.flow.select(aid)
        s.flow.confirm()
    return s


# ----- preview, then commit ---------------------------------------------------------------------------
def test_tap_selects_second_tap_plays_and_cancel_clears():
    s = session("barcelona")
    a, b = ids(s)[:2]
    assert s.flow.tap(a) is False and s.flow.selection == a and s.game.actions == []
    assert 'aria-pressed="true"' in s.board(s.view(), s.legal_actions())[0]  # the renderer got selected=
    assert s.flow.tap(b) is False and s.flow.selection == b  # another target changes the selection
    s.flow.cancel()
    assert s.flow.selection is None and s.game.actions == []
    s.flow.tap(a)
    assert s.flow.tap(a) is True and s.game.actions == [a] and s.flow.selection is None


def test_confirm_plays_the_selection_and_undo_drops_it():
    s = session("barcelona")
    a = ids(s)[0]
    with pytest.raises(SetupError):
        s.flow.confirm()  # nothing selected
    s.flow.select(a)
    s.flow.confirm()
    assert s.game.actions == [a]
    nxt = ids(s)[0]
    s.flow.select(nxt)
    s.undo()
    assert s.flow.selection is None  # a selection belongs to its position
    with pytest.raises(SetupError):
        s.flow.select("place:9,9:XX")


def test_preview_shows_label_and_gains_without_touching_the_game():
    s = session("barcelona")
    rec = json.dumps(s.game.record())
    view = json.dumps(s.game.view(0))
    a = next(x for x in s.game.legal_actions() if "pay 1 coin" in tr(x.label))
    s.flow.select(a.id)
    p = s.flow.preview()
    assert p.label == a.label and ("coins", -1) in p.changes and not p.ends_turn
    html = panels.screen(s)
    assert "Coins: −1" in html and 'data-action="ui:confirm"' in html and 'data-action="ui:cancel"' in html
    assert json.dumps(s.game.record()) == rec and json.dumps(s.game.view(0)) == view


def _ender(s):
    """A legal move (not the game's own end-turn button) that ends a turn holding undoable moves."""
    if not s.game.can_undo():
        return None
    return next((a for a in ids(s) if a not in s.flow.end_turn_buttons() and s.flow.preview(a).ends_turn), None)


def test_confirm_off_plays_at_once_but_end_of_turn_still_asks():
    s = session("barcelona", confirm=False)
    a = ids(s)[0]
    assert s.flow.tap(a) is True and s.game.actions == [a]
    assert play_until(s, lambda s: _ender(s) is not None, seed=3)
    end = _ender(s)
    seat, n = s.game.current_player, len(s.game.actions)
    assert s.flow.tap(end) is False and s.flow.selection == end
    assert s.game.current_player == seat and len(s.game.actions) == n
    assert s.can_undo()  # Undo works until the turn is confirmed
    assert 'class="btn primary confirm end-turn"' in panels.screen(s) and ">End turn<" in panels.screen(s)
    s.flow.confirm()
    assert s.game.current_player != seat


def test_the_games_own_end_turn_button_is_one_tap():
    """Barcelona's "Finish actions" when it ends the turn: the button is the confirmation (marked
    end-turn, the E key presses it); no second Confirm."""
    s = session("barcelona", confirm=False)
    assert play_until(s, lambda s: "act:done" in ids(s) and s.flow.preview("act:done").ends_turn and s.game.can_undo())
    assert s.flow.end_turn_buttons() == {"act:done"} and not s.flow.needs_confirm("act:done")
    assert 'class="btn act end-turn" data-action="act:done"' in panels.screen(s)
    seat = s.game.current_player
    assert s.flow.tap("act:done") is True and s.game.current_player != seat


def test_barcelona_finish_without_building_is_an_end_of_turn():
    s = session("barcelona")
    assert play_until(
        s,
        lambda s: (
            "act:done" in ids(s)
            and s.flow.preview("act:done").ends_turn is not False
            and s.flow.preview("act:done").ends_turn
        ),
    )
    p = s.flow.preview("act:done")
    assert p.ends_turn and p.question == "Finish your actions and end your turn?"
    seat = s.game.current_player
    g = s.game.clone()
    g.apply("act:done")
    assert g.current_player != seat  # the preview said what the real move does


def test_barcelona_finish_that_builds_next_is_not_an_end_of_turn():
    s = session("barcelona")
    found = play_until(s, lambda s: "act:done" in ids(s) and not s.flow.preview("act:done").ends_turn, seed=3)
    assert found
    g = s.game.clone()
    seat = g.current_player
    g.apply("act:done")
    assert g.current_player == seat and any(a.kind == "build" for a in g.legal_actions())


def test_strasbourg_last_card_locks_the_stacks_after_confirming_when_a_computer_is_next():
    s = strasbourg_plotted()
    seat = s.game.current_player
    first = [a for a in ids(s) if a.startswith("put:")][0]
    assert not s.flow.preview(first).ends_turn  # one card still to place
    s.flow.set_confirm(False)
    assert s.flow.tap(first) is True
    last = ids(s)[0]
    p = s.flow.preview(last)
    assert p.ends_turn and p.question == "Lock your stacks and end your turn?" and p.taken_back
    s.meta["bots"] = [p.next_seat]  # the computer moves at once: nothing to take back then
    assert s.flow.tap(last) is False and s.game.current_player == seat  # asked even with confirmation off
    assert "Lock your stacks and end your turn?" in panels.screen(s)
    s.flow.confirm()
    assert s.game.current_player != seat


def test_strasbourg_last_card_plays_at_once_and_is_taken_back_until_the_next_seat_decides():
    """Confirm only what cannot be undone: with a person at this device next, the turn's end is
    one tap, and Undo gives the turn back until that seat decides (Game.can_take_back)."""
    s = strasbourg_plotted()
    seat = s.game.current_player
    s.flow.set_confirm(False)
    s.flow.tap([a for a in ids(s) if a.startswith("put:")][0])
    before = s.game.view(seat)
    assert s.flow.tap(ids(s)[0]) is True and s.game.current_player != seat  # no question
    assert s.can_undo() and s.take_back_seat() == seat
    s.undo()
    assert s.game.current_player == seat and s.game.view(seat) == before and s.flow.selection is None
    s.flow.tap(ids(s)[0])
    s.flow.tap("draw")  # the next seat decided: the turn before stands
    assert not s.can_take_back()


def test_hidden_hands_the_card_takes_the_turn_back_through_the_seats_own_card():
    """With hidden hands the end of the turn is one tap too; the next seat's hand-off card offers
    "Back to Ann's turn", which leads to Ann's own card (whoever tapped may be the next seat),
    never straight to Ann's hand."""
    s = strasbourg_plotted(hidden=True)
    seat, name = s.game.current_player, s.game.names[s.game.current_player]
    s.flow.set_confirm(False)
    s.flow.tap([a for a in ids(s) if a.startswith("put:")][0])
    s.flow.tap(ids(s)[0])
    assert s.screen == "handoff" and s.game.current_player != seat
    card = panels.screen(s)
    assert f"Back to {name}" in card and 'data-action="ui:undo"' in card
    s.undo()
    assert s.game.current_player == seat and s.screen == "handoff"  # Ann's card first
    s.handoff_ok()
    assert s.screen == "play" and s.game.can_undo()  # her turn as it was: its own undo too


def _unseen_ender(s):
    """A legal Barcelona move, not the end-turn button, that ends a turn holding undoable moves and
    reveals nothing but the two citizens drawn into the seat's own hand (e.g. a building tile's
    "keep" after a build's bonus steps)."""
    if s.screen != "play" or not s.game.can_undo():
        return None
    buttons = s.flow.end_turn_buttons()
    return next((a for a in ids(s) if a not in buttons and s.flow.preview(a).taken_back), None)


@pytest.mark.parametrize("hidden", [False, True])
def test_barcelona_turn_end_that_only_draws_the_hand_is_one_tap_and_taken_back(hidden):
    """RULEBOOK p.6, steps 3-4: the turn ends by drawing 2 citizens into the seat's hidden hand.
    With a person at this device next, the screen then shows that seat's view or its hand-off
    card, never the drawn hand, so the end of the turn is one tap and Undo (or "Back to Ann's
    turn" on the card) gives it back until that seat decides (Game.can_take_back(unseen=True)).
    With a computer next, the question stays (its view would not hide the draw from Ann long)."""
    s = session("barcelona", hidden=hidden, confirm=False)
    assert play_until(s, lambda s: _unseen_ender(s) is not None, seed=2, limit=600)
    end, seat = _unseen_ender(s), s.game.current_player
    name, before, n = s.game.names[seat], s.game.view(seat), len(s.game.actions)
    assert s.flow.tap(end) is True and s.game.current_player != seat  # no question
    assert s.game.players[seat].hand and not s.game.can_take_back()  # drawn: plain take-back barred
    assert s.can_undo() and s.take_back_seat() == seat
    if hidden:
        assert s.screen == "handoff" and f"Back to {name}" in panels.screen(s)
    s.undo()
    if hidden:
        assert s.screen == "handoff" and s.game.current_player == seat  # Ann's own card first
        s.handoff_ok()
    assert s.game.current_player == seat and len(s.game.actions) == n and s.game.view(seat) == before
    s.meta["bots"] = [(seat + 1) % 3]  # a computer next: asked again
    assert s.flow.tap(end) is False and s.flow.selection == end
    s.flow.confirm()
    assert s.game.current_player != seat and not s.can_take_back()


def test_strasbourg_draw_preview_does_not_tell_the_card():
    """Drawing reveals the top card of the seat's own deck (whose order the seat does not know):
    the preview says so and gives no numbers (the deck make-up would name the card)."""
    s = session("strasbourg", seed=5)
    assert play_until(s, lambda s: "draw" in ids(s))
    p = s.flow.preview("draw")
    assert p.reveals and p.changes == () and not p.ends_turn
    assert "cannot be undone" in decision_panels.preview_box(_selected(s, "draw"))


def _selected(s, aid):
    s.flow.select(aid)
    return s


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_preview_never_depends_on_other_seats_secrets(name):
    """The same position with every other seat's secret (hands, bag, decks, tasks, RNG) changed
    gives the same preview for every legal action."""
    m = _module(name)
    g, rng = m.new_game(3, seed=11), random.Random(11)
    checked = 0
    for k in range(90):
        if g.is_over:
            break
        if k % 6 == 0:
            seat = g.current_player
            for shake_seed in (1, 2):
                h = SHAKE[name](g, seat, shake_seed)
                for a in g.legal_actions()[:12]:
                    assert turnflow.preview(g, a.id, _words(name)) == turnflow.preview(h, a.id, _words(name)), a.id
                    checked += 1
        g.apply(rng.choice(g.legal_actions()).id)
    assert checked > 50


def _words(name):
    return turnflow.turn_words(name)


# ----- last moves ---------------------------------------------------------------------------------------
def test_last_moves_are_each_seats_latest_run():
    log = [{"n": n, "seat": s, "text": "x"} for n, s in enumerate([0, 0, 1, 2, 2, 0, 1])]
    actions = ["a0", "a1", "b0", "c0", "c1", "a2", "b1"]
    actors = [0, 0, 1, 2, 2, 0, 1]
    assert turnflow.last_moves(actions, actors, log) == {1: ["b1"], 0: ["a2"], 2: ["c0", "c1"]}
    # seat 2 to move and its new turn has begun (another seat acted last): its old marks go
    assert 2 not in turnflow.last_moves(actions, actors, log, current=2)
    # seat 1 is still on its turn (it acted last): its marks stay
    assert turnflow.last_moves(actions, actors, log, current=1)[1] == ["b1"]


def test_last_moves_never_mark_what_the_viewer_may_not_see():
    actions = ["put:5,new", "put:4,1", "bid:1", "draw"]
    actors = [1, 1, 1, 1]
    log = [
        {"n": 1, "seat": 1, "text": "Player 2 plots 1 stack of 2 cards"},
        {"n": 2, "seat": 1, "text": "Player 2 reveals 9"},
    ]  # nothing for 0 and 3 (private draw)
    assert turnflow.last_moves(actions, actors, log, viewer=None, secret_kinds=("put",)) == {1: ["bid:1"]}
    assert turnflow.last_moves(actions, actors, log, viewer=0, secret_kinds=("put",)) == {1: ["bid:1"]}
    # the seat itself sees its own moves
    assert turnflow.last_moves(actions, actors, log, viewer=1, secret_kinds=("put",)) == {1: actions}


def test_strasbourg_marks_never_carry_another_seats_card_values():
    s = session("strasbourg", seed=7)
    rng = random.Random(7)
    seen = 0
    for _ in range(120):
        if s.game.is_over:
            break
        for viewer in [None] + list(range(3)):
            for seat, marked in s.flow.last_moves(viewer=viewer).items():
                if seat == viewer:
                    continue
                seen += len(marked)
                for aid in marked:
                    assert aid.split(":")[0] not in ("put", "drop", "draw"), (viewer, seat, aid)
                    actors = s.flow.actors()
                    n = max(k for k, a in enumerate(s.game.actions) if a == aid and actors[k] == seat)
                    assert any(e["n"] == n and e["seat"] == seat for e in s.game.view(viewer)["log"])
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()
    assert seen > 20


def test_every_seat_is_marked_after_a_round_and_the_board_draws_it():
    s = session("barcelona")
    rng = random.Random(4)
    for _ in range(200):
        if set(s.flow.last_moves(viewer=None)) == {0, 1, 2} and s.game.actions:
            break
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()
    marks = s.flow.last_moves()
    assert set(marks) >= {0, 1, 2} - {s.game.current_player}
    svg = s.board(s.view(), s.legal_actions())[0]
    for seat in marks:
        assert f'class="lastmove" data-seat="{seat}"' in svg


def test_actors_survive_undo_and_loading():
    s = session("strasbourg", seed=3)
    rng = random.Random(3)
    for _ in range(40):
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()
    tracked = s.flow.actors()
    assert tracked == turnflow.replay_actors(s.game.record(), _module("strasbourg"))
    t = Session()
    t.load_text(s.save_text())
    assert t.flow.actors() == tracked
    while s.can_undo():
        s.undo()
    assert s.flow.actors() == tracked[: len(s.game.actions)]


# ----- the hand-off summary -------------------------------------------------------------------------------
def test_handoff_lists_what_the_others_did_since_my_last_turn():
    s = session("barcelona", hidden=True)
    me = s.game.current_player
    rng = random.Random(9)
    while s.game.current_player == me:  # my turn
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()
    while s.game.current_player != me:  # the others' turns (hand-off each)
        if s.screen == "handoff":
            lines, _ = s.flow.handoff_summary()
            assert lines  # at least my turn's lines
            s.handoff_ok()
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()
    assert s.screen == "handoff"
    lines, older = s.flow.handoff_summary()
    mine = max(k for k, a in enumerate(s.flow.actors()) if a == me)
    public = s.game.view(None)["log"]
    assert lines and all(e in public for e in lines) and all(e["n"] >= mine for e in lines)
    assert {e["seat"] for e in lines} >= {x for x in range(3) if x != me}
    html = panels.screen(s)
    assert "last turn" in html and all(html_kit.esc(tr(e["text"], s.game.names)) in html for e in lines)
    assert older == 0


def test_handoff_summary_is_public_only():
    s = session("strasbourg", seed=5, hidden=True)
    rng = random.Random(5)
    for _ in range(60):
        if s.screen == "handoff":
            lines, _ = s.flow.handoff_summary()
            assert all("private_to" not in e for e in lines)
            assert not any(e["text"].get("key") == "str.log.you_draw" for e in lines)
            s.handoff_ok()
        s.flow.select(rng.choice(ids(s)))
        s.flow.confirm()


# ----- feedback, help, settings -------------------------------------------------------------------------
def test_only_the_move_just_made_animates():
    s = session("barcelona", confirm=False)
    s.just_played = []
    assert "tf-pop" not in panels.screen(s)
    a = ids(s)[0]
    s.flow.tap(a)
    html = panels.screen(s)
    assert "tf-pop" in html and f'data-last="{a}"' in html and "prefers-reduced-motion: no-preference" in html


@pytest.mark.parametrize(
    "name, terms",
    [
        ("barcelona", ["C1, C2", "S1, S2", "pentagon", "red 1", "Upper on top of working", "W", "M", "U"]),
        ("strasbourg", ["N/C", "$", "$+M", "Ed", "Ch", "Sm"]),
    ],
)
def test_help_has_a_legend_and_rules_summary(name, terms):
    s = session(name)
    s.toggle_help()
    html = panels.screen(s)
    module = turnflow.help_module(name)
    for t in terms:
        assert f">{html_kit.esc(t)}</th>" in html or html_kit.esc(t) in html, t
    assert 10 <= len(module.RULES) <= 15
    assert all(html_kit.esc(r) in html for r in module.RULES)
    assert "Confirm every move: On" in html and 'data-action="ui:toggle-confirm"' in html
    assert f'href="tutorial/{name}.html"' in html  # both games have a tutorial page
    s.toggle_help()
    assert "legend-table" not in panels.screen(s)


def test_prefs_round_trip_and_ignore_junk():
    s = Session()
    assert s.prefs.as_dict() == {"confirm": False, "wakelock": True} and PREFS_KEY == "euro:settings"
    s.flow.set_confirm(True)
    t = Session()
    t.prefs.load(s.prefs.text())
    assert t.prefs.confirm is True
    for junk in ("{", "[]", '{"confirm": "yes"}', None):
        u = Session()
        u.prefs.load(junk)
        assert u.prefs.confirm is False  # "Confirm every move" is off by default


def test_confirm_url_knob_is_known():
    assert settings_from_query("confirm=0") == (None, None)
    s, _ = settings_from_query("game=barcelona&confirm=0")
    assert s["game"] == "barcelona"
    with pytest.raises(SetupError):
        settings_from_query("game=barcelona&confirm=2")


def test_computer_speed_on_the_form_and_in_the_record():
    fields = {
        "game": "barcelona",
        "players": "3",
        "kind1": "bot",
        "speed": "slow",
        "confirm": "1",
        **{f"colour{i}": c for i, c in enumerate(["#E69F00", "#56B4E9", "#009E73"])},
    }
    s = Session()
    s.refresh_form(fields)
    html = form_panels.new_game_form(dict(s.form, confirm=True), s.available())
    assert 'name="speed"' in html and '<option value="slow" selected>' in html and 'name="confirm"' in html
    s.start(settings_from_form(fields), 1)
    assert s.meta["bot_speed"] == "slow" and s.seats.delay == BOT_SPEEDS["slow"]
    rec = json.loads(s.save_text())
    assert rec["meta"]["bot_speed"] == "slow"
    t = Session()
    t.load_text(json.dumps(rec))
    assert t.seats.delay == BOT_SPEEDS["slow"]
    t.seats.delay = 0  # the URL's botdelay= wins
    assert t.seats.delay == 0
    del rec["meta"]["bot_speed"]  # saves from before speeds: normal
    t.load_text(json.dumps(rec))
    assert t.meta["bot_speed"] == "normal"
    rec["meta"]["bot_speed"] = "warp"
    with pytest.raises(RecordError):
        t.load_text(json.dumps(rec))
    with pytest.raises(SetupError):
        s.start(dict(settings_from_form(fields), speed="warp"), 1)


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_preview_applies_only_to_masked_copies(name, monkeypatch):
    """Never on the real game nor a plain clone of it (a clone holds every secret and the RNG)."""
    s = session(name, seed=2)
    real = s.game
    cls = type(real)
    masked, orig_apply, orig_mask = [], cls.apply, cls.masked_for

    def masked_for(self, seat, seed):
        m = orig_mask(self, seat, seed)
        masked.append(m)
        return m

    def apply(self, action):
        assert any(self is m for m in masked), "preview applied a move to an unmasked game"
        return orig_apply(self, action)

    monkeypatch.setattr(cls, "masked_for", masked_for)
    monkeypatch.setattr(cls, "apply", apply)
    for a in real.legal_actions()[:5]:
        s.flow.preview(a.id)
    assert masked


# ----- one tap per decision ---------------------------------------------------------------------
def _default(name, players=3, seed=42):
    """A session with the device's default settings ("Confirm every move" off)."""
    _module(name)
    s = Session()
    s.start({"game": name, "players": players, "hidden": False}, seed)
    return s


def test_confirm_every_move_is_off_by_default_and_a_tap_plays():
    s = _default("barcelona")
    assert s.prefs.confirm is False
    a = ids(s)[0]
    assert not s.flow.preview(a).ends_turn
    assert s.flow.tap(a) is True and s.game.actions == [a] and s.flow.selection is None
    assert s.can_undo()  # Undo takes it back within the turn


def test_a_turn_of_one_decision_is_not_asked_again():
    """Strasbourg's bids pass the turn, but the turn held nothing Undo could take back: the tap
    is the decision (BGA-style); the turn that had undoable moves still asks (End turn)."""
    s = _default("strasbourg", seed=5)
    assert play_until(s, lambda s: any(a.kind == "bid" for a in s.game.legal_actions()) and not s.game.can_undo())
    bid = next(a.id for a in s.game.legal_actions() if a.kind == "bid")
    seat = s.game.current_player
    assert s.flow.preview(bid).ends_turn and not s.flow.needs_confirm(bid)
    assert s.flow.tap(bid) is True and s.game.current_player != seat


def test_strasbourg_plotting_is_one_tap_per_card_and_one_to_stop():
    s = _default("strasbourg", seed=5)
    assert play_until(s, lambda s: "draw" in ids(s))
    seat, n = s.game.current_player, len(s.game.actions)
    assert s.flow.tap("draw") is True and s.flow.tap("draw") is True and s.flow.tap("stop") is True
    assert s.game.actions[n:] == ["draw", "draw", "stop"] and s.game.current_player == seat
    s.flow.set_confirm(True)
    assert s.flow.needs_confirm(ids(s)[0])  # "Confirm every move" still asks for everything


def test_a_reveal_that_is_not_a_draw_button_is_confirmed():
    """Barcelona: a move after which Undo is gone mid-turn (something was drawn or revealed) is
    asked, even with "Confirm every move" off."""
    s, rng, found = _default("barcelona", seed=3), random.Random(3), 0
    for _ in range(600):
        if s.game.is_over:
            break
        for a in ids(s):
            p = s.flow.preview(a)
            if p.reveals:
                assert s.flow.needs_confirm(a), a
                found += 1
        s.apply(rng.choice(ids(s)))
    assert found


def test_solo_turn_ends_with_end_turn():
    """Barcelona solo: the same seat decides after its turn (the non-player opponent's turn is
    not a decision), yet the move that ends the turn is an end of turn ("End turn", not "Confirm")."""
    s, rng = _default("barcelona", players=1, seed=7), random.Random(2)
    for _ in range(300):
        while s.auto.pending():  # the opponent's steps on show
            s.seats.play()
        end = _ender(s)
        if end is not None and not s.flow.preview(end).game_over:
            break
        s.apply(rng.choice(ids(s)))
    assert end is not None and not s.flow.preview(end).game_over
    assert s.flow.needs_confirm(end)
    s.flow.tap(end)
    html = panels.screen(s)
    assert 'class="btn primary confirm end-turn"' in html and ">End turn<" in html


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_every_preview_equals_what_the_move_then_does(name):
    """Over many random positions, for every legal action: the preview's sure changes are exactly
    what applying the move to the real game changes for that seat, and "ends the turn" is true
    exactly when the turn passes (the preview is a diff of the applied move, so a re-implemented
    rule can never drift from it)."""
    m = _module(name)
    words = _words(name)
    names, ignore = dict(words.get("FIELD_NAMES") or {}), tuple(words.get("IGNORE_FIELDS") or ())
    key = words.get("SEAT_ENTRY")
    checked = 0
    for seed in range(4):
        g, rng = m.new_game(3, seed=seed), random.Random(seed)
        for k in range(160):
            if g.is_over:
                break
            if k % 5 == 0:
                seat = g.current_player
                before_view = g.view(seat)
                before = turnflow.numbers(turnflow.seat_entry(before_view, seat, key))
                for a in g.legal_actions()[:16]:
                    p = turnflow.preview(g, a.id, words)
                    h = g.clone()
                    h.apply(a.id)
                    after_view = h.view(seat)
                    ends = (
                        h.is_over or h.current_player != seat or after_view.get("turn", 0) != before_view.get("turn", 0)
                    )
                    assert p.ends_turn == ends, a.id
                    if p.reveals:
                        continue
                    real = turnflow.diff(before, turnflow.numbers(turnflow.seat_entry(after_view, seat, key)), ignore)
                    said = dict(p.changes)
                    shown = {
                        turnflow.field_name(f, names): d
                        for f, d in real.items()
                        if turnflow.field_name(f, names) not in p.uncertain
                    }
                    assert said == shown, (a.id, said, shown)
                    checked += 1
            g.apply(rng.choice(g.legal_actions()).id)
    assert checked > 150


# ----- words (playtest) ----------------------------------------------------------------------------
def test_preview_words_need_no_plural_and_skip_what_the_label_says():
    assert turnflow.change_text("bcn.field.coins", -1) == "Coins: −1"
    assert turnflow.change_text("bcn.field.coins", 2) == "Coins: +2"
    assert "crosses_built" in _words("barcelona")["IGNORE_FIELDS"]  # "+1 intersection tiles built"


def test_no_a_before_a_vowel_in_the_citizen_words():
    from web.i18n import t
    from web.boards.barcelona.words import class_word

    for c in "WMU":
        text = t("bcn.legend.citizen", cls=class_word(c))
        assert "a upper" not in text and text == f"a citizen of the {class_word(c)} class"


def test_the_form_names_the_games_in_the_active_language():
    from web import i18n

    s = Session()
    i18n.activate("zh_Hans")
    try:
        html = form_panels.new_game_form(dict(s.form), s.available())
    finally:
        i18n.activate("en")
    assert "斯特拉斯堡 (" in html or "斯特拉斯堡（" in html
    assert "巴塞罗那" in html and ">Strasbourg " not in html


# ----- new-game form (playtest) --------------------------------------------------------------------
def _form_html(s):
    return form_panels.new_game_form(dict(s.form), s.available())


def test_solo_form_offers_no_hidden_hands_and_no_computer_note():
    from web.i18n import t

    s = Session()
    s.refresh_form({"game": "barcelona", "players": "1"})
    html = _form_html(s)
    assert 'name="hidden"' not in html and t("app.form.bots_note") not in html
    s.refresh_form({"game": "barcelona", "players": "3"})
    assert 'name="hidden"' in _form_html(s)


def test_one_language_menu_and_a_visible_level_label():
    s = Session()
    s.refresh_form({"game": "barcelona", "players": "2", "kind1": "bot"})
    html = _form_html(s)
    assert "lang-form" not in html and "<select" in html
    assert '<label class="level-label">Level <select name="level1"' in html


def test_a_computer_seat_is_named_computer_until_renamed():
    s = Session()
    s.refresh_form({"game": "barcelona", "players": "3", "kind1": "bot"})
    assert s.form["names"][:3] == ["Player 1", "Computer 2", "Player 3"]
    s.refresh_form({"game": "barcelona", "players": "3", "kind1": "human", "name1": "Computer 2"})
    assert s.form["names"][1] == "Player 2"
    s.refresh_form({"game": "barcelona", "players": "3", "kind2": "bot", "name2": "Ann"})
    assert s.form["names"][2] == "Ann"  # a typed name stays


def _site_with_ways(seed, rng_seed, want):
    """A Barcelona session at the first position (random moves) where a site has several ways to
    build and ``want(ways)`` holds: (session, site, [build ids there]), else (session, None, [])."""
    from web.boards.barcelona import targets

    s, rng = session("barcelona", seed=seed, confirm=False), random.Random(rng_seed)
    for _ in range(3000):
        if s.game.is_over:
            break
        builds = {}
        for a in s.game.legal_actions():
            p = targets.parse(a)
            if p and p[0] == "build":
                builds.setdefault(p[1], []).append((p[2], a.id))
        site = next((k for k, v in builds.items() if len(v) > 1 and want(k, v)), None)
        if site:
            return s, site, [aid for _, aid in builds[site]]
        s.apply(rng.choice(ids(s)))
    return s, None, []


def _board(s):
    return panels.screen(s).split('data-region="board"', 1)[1]


@pytest.mark.parametrize("seed", [3, 5])
def test_a_site_with_two_levels_to_build_is_two_targets(seed):
    """Issue 51 (one tap per decision): the common "several ways" (the same corners make a level 1
    or a level 2) is the site split in two targets, one tap each, never a pick; what each builds
    is in its description."""
    s, site, ways = _site_with_ways(seed, 4, lambda k, v: len(v) == 2 and v[0][0] != v[1][0] and k[0] != "t")
    assert site, "no site with two levels to build in this game"
    board = _board(s)
    assert f'data-action="ui:pick:site:{site}"' not in board
    assert all(f'data-action="{aid}"' in board for aid in ways)
    seat = s.game.current_player
    assert s.flow.tap(ways[-1]) is False  # a build reveals the next tile: asked (confirm only what cannot be undone)
    s.flow.confirm()
    assert s.game.actions[-1] == ways[-1] and s.game.view(seat)["board"]["sites"][site]["level"] in (2, "2")


def test_a_building_site_with_several_ways_asks_which_one():
    """Playtest: the chip "L1 10VP +1 more" built level 1 when tapped while the list offered level
    2. A site whose ways the board cannot draw one target each (three or more, or two with the
    same level from other corners) is a pick: the tap asks which one (all listed), never plays the
    first."""
    from web.boards.barcelona import pick_options

    s, site, ways = _site_with_ways(3, 4, lambda k, v: len(v) > 2 or v[0][0] == v[1][0] or k[0] == "t")
    assert site, "no site with several ways to build in this game"
    builds = {site: ways}
    board = _board(s)
    assert f'data-action="ui:pick:site:{site}"' in board
    assert not any(f'data-action="{aid}"' in board for aid in builds[site])
    s.pick_at(f"site:{site}")
    _, acts = pick_options(s.game.legal_actions(), f"site:{site}")
    assert sorted(a.id for a in acts) == sorted(builds[site])
    html = panels.screen(s)
    assert all(f'data-action="{aid}"' in html for aid in builds[site])
    # Audit (issue 51): the list stayed open after a choice. With "Confirm every move" the choice
    # is selected: the list closes, the preview asks to confirm; Cancel brings the list back.
    s.flow.set_confirm(True)
    assert s.flow.tap(builds[site][-1]) is False and s.flow.selection == builds[site][-1]
    html = panels.screen(s)
    assert 'class="pick"' not in html and 'data-action="ui:confirm"' in html
    s.flow.cancel()
    assert 'class="pick"' in panels.screen(s)
    assert s.flow.tap(builds[site][0]) is False and s.flow.tap(builds[site][0]) is True  # played
    assert s.pick is None and 'class="pick"' not in panels.screen(s)

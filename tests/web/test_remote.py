"""Hands on phones, the protocol (web/model/remote.py, docs/pairing.md): a table (the host's
Session) and phones (PhoneSeat) in step through the messages alone; a phone gets nothing of
another seat; a wrong secret, a replayed or stale message, an action that is not legal now are
refused and change nothing. The transport is e2e/test_phones_e2e.py's."""

import json
import random

import pytest

from tests.web.secrets_shaker import SHAKE
from tests.web.test_remote_code import IP_ANSWER, MDNS_OFFER
from web.model.remote import PhoneSeat, Refused
from web.model.remote_code import CodeError
from web.model.session import Session


def secret_for(seat):
    return bytes([seat + 1] * 12)  # the page makes it with the browser's crypto; any 12 bytes here


def table(game="barcelona", players=3, seed=5, bots=()):
    s = Session()
    s.start(
        {
            "game": game,
            "players": players,
            "names": [f"P{i}" for i in range(players)],
            "hidden": True,
            "bots": list(bots),
        },
        seed,
    )
    return s


def pair(s, seats=None):
    """Every phone seat paired through its codes, as the pages do; {seat: PhoneSeat}."""
    s.remote.begin()
    phones = {}
    for seat in s.remote.needs_offer() if seats is None else seats:
        s.remote.offered(seat, secret_for(seat), MDNS_OFFER)
        phone = PhoneSeat()
        phone.join()
        phone.read_code(s.remote.links[seat].code)
        phone.answered(IP_ANSWER)
        s.remote.answer(seat, phone.code)
        s.remote.receive(seat, phone.hello())
        phones[seat] = phone
    s.remote.close_card()
    return phones


def deliver(s, phones):
    for seat, text in s.remote.outgoing():
        phones[seat].receive(text)


def test_table_and_phones_play_whole_turns_in_step():
    s = table(players=3, bots=(2,))
    phones = pair(s)
    assert sorted(phones) == [0, 1]  # the people's seats; the computer's stays on the table
    deliver(s, phones)
    rng, moves = random.Random(1), 0
    while moves < 40 and not s.game.is_over:
        if s.screen == "bot":
            s.play_as(s.game.current_player, rng.choice(s.game.legal_actions()).id)
            deliver(s, phones)
            continue
        assert s.screen == "remote" and s.view()["seat"] is None  # the tablet shows the public table
        seat = s.game.current_player
        phone = phones[seat]
        # the phone shows exactly its seat's view and, only when deciding, exactly the legal ids
        assert phone.view() == json.loads(json.dumps(s.game.view(seat)))
        assert [a.id for a in phone.legal_actions()] == [a.id for a in s.game.legal_actions()]
        for other, p in phones.items():
            if other != seat:
                assert p.legal_actions() == []
        aid = rng.choice(phone.legal_actions()).id
        played = s.remote.receive(seat, phone.tap(aid))
        assert played == aid and s.game.actions[-1] == aid
        moves += 1
        deliver(s, phones)
    assert moves == 40
    for seat, phone in phones.items():
        assert phone.view() == json.loads(json.dumps(s.game.view(seat)))


def test_a_wrong_secret_a_replay_and_a_stale_message_change_nothing():
    s = table(players=2)
    phones = pair(s)
    deliver(s, phones)
    seat = s.game.current_player
    phone = phones[seat]
    before = s.save_text()
    aid = phone.legal_actions()[0].id
    good = json.loads(phone.tap(aid))
    for bad in (
        dict(good, secret=secret_for(1 - seat).hex()),  # another seat's secret
        dict(good, secret="zz"),
        dict(good, seq=good["seq"] - 1),  # an older state
        dict(good, seq=good["seq"] + 1),
        dict(good, seq=True),
        dict(good, id="no-such-action"),
        dict(good, t="other"),
        {"t": "act"},
        [],
    ):
        with pytest.raises(Refused):
            s.remote.receive(seat, json.dumps(bad))
        assert s.save_text() == before
    with pytest.raises(Refused):  # the other seat's phone may not play this seat's decision
        s.remote.receive(1 - seat, json.dumps(dict(good, secret=secret_for(1 - seat).hex())))
    with pytest.raises(Refused):
        s.remote.receive(seat, "[" * 40)  # too deep: refused before json.loads
    assert s.remote.receive(seat, json.dumps(good)) == aid
    after = s.save_text()
    with pytest.raises(Refused):  # the same message again: a replay
        s.remote.receive(seat, json.dumps(good))
    assert s.save_text() == after
    assert phone.tap(aid) is None  # the phone itself sends one tap per state


def test_a_code_for_another_seat_or_pairing_is_refused():
    s = table(players=3)
    s.remote.begin()
    for seat in (0, 1, 2):
        s.remote.offered(seat, secret_for(seat), MDNS_OFFER)
    phone = PhoneSeat()
    phone.read_code(s.remote.links[1].code)
    phone.answered(IP_ANSWER)
    with pytest.raises(CodeError):
        s.remote.answer(0, phone.code)  # typed into another seat's field
    with pytest.raises(CodeError):
        s.remote.answer(1, s.remote.links[1].code)  # the table's own code is no answer
    with pytest.raises(CodeError):
        PhoneSeat().read_code(phone.code)  # an answer is no table's code
    s.remote.lost(1)  # the seat's phone went away: a new pairing, a new secret
    s.remote.offered(1, bytes([9] * 12), MDNS_OFFER)
    with pytest.raises(CodeError):
        s.remote.answer(1, phone.code)  # the old pairing's answer no longer holds the seat
    with pytest.raises(Refused):
        s.remote.receive(1, phone.hello())


def test_a_code_is_answered_once():
    """Once the table took an answer to a seat's code, another answer to that same code (the same
    one scanned again, or a second phone that scanned the seat's code too) is refused: it would
    replace the connection being made."""
    s = table(players=3)
    s.remote.begin()
    s.remote.offered(0, secret_for(0), MDNS_OFFER)
    phones = []
    for _ in range(2):
        p = PhoneSeat()
        p.read_code(s.remote.links[0].code)
        p.answered(IP_ANSWER)
        phones.append(p)
    s.remote.answer(0, phones[0].code)
    for code in (phones[0].code, phones[1].code):
        with pytest.raises(CodeError) as e:
            s.remote.answer(0, code)
        assert e.value.key == "app.remote.err.answered"
    assert s.remote.links[0].status == "connecting"
    s.remote.receive(0, phones[0].hello())
    with pytest.raises(CodeError):
        s.remote.answer(0, phones[1].code)
    assert s.remote.links[0].status == "connected"


def test_a_connection_that_never_opens_fails_and_a_new_code_is_made_only_when_asked():
    """An answer taken whose channel never opens (the page's CONNECT_MS, web/static/remote.js):
    the seat says it could not connect, with a button for a new code; no new offer is made
    meanwhile (the phone still shows its answer to the old one). A seat waiting for an answer, or
    connected, that loses its channel gets a new code at once, as before."""
    from web.screens.remote_panels import pairing_card

    s = table(players=3)
    s.remote.begin()
    for seat in (0, 1, 2):
        s.remote.offered(seat, secret_for(seat), MDNS_OFFER)
    phone = PhoneSeat()
    phone.read_code(s.remote.links[0].code)
    phone.answered(IP_ANSWER)
    s.remote.answer(0, phone.code)
    s.remote.lost(0)  # the page: "failed" (timeout) while connecting
    assert s.remote.links[0].status == "failed" and s.remote.links[0].secret is None
    assert s.remote.needs_offer() == []
    card = pairing_card(s)
    assert 'data-seat="0" data-status="failed"' in card and 'data-action="ui:phone-retry:0"' in card
    with pytest.raises(CodeError):  # the old answer holds nothing now
        s.remote.answer(0, phone.code)
    s.remote.retry(0)
    assert s.remote.needs_offer() == [0]
    s.remote.offered(0, secret_for(1), MDNS_OFFER)
    p2 = PhoneSeat()
    p2.read_code(s.remote.links[0].code)
    p2.answered(IP_ANSWER)
    s.remote.answer(0, p2.code)
    s.remote.receive(0, p2.hello())
    assert s.remote.links[0].status == "connected"
    s.remote.lost(0)  # connected, then lost: a new code at once
    s.remote.lost(1)  # waiting for an answer: likewise
    assert s.remote.needs_offer() == [0, 1]
    s.remote.retry(2)  # only a failed pairing is made again
    assert s.remote.links[2].status == "offered"


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_a_phone_receives_nothing_of_another_seat(game):
    """The messages to a seat's phone are the same whatever the other seats hold (their hands,
    decks, tasks, coins behind the screen shaken: tests/web/secrets_shaker.py), and never hold
    another seat's secret."""
    s = table(game, players=3, seed=11)
    phones = pair(s)
    rng = random.Random(3)
    secrets = {seat: secret_for(seat).hex() for seat in phones}
    for step in range(30):
        texts = dict(s.remote.outgoing())
        for seat in phones:
            body = s.remote.body(seat)
            real = s.game
            s.game = SHAKE[game](real, seat, 100 + step)
            try:
                assert s.remote.body(seat) == body, f"seat {seat}'s message depends on another seat's secrets"
            finally:
                s.game = real
            for other in phones:
                if other != seat and seat in texts:
                    assert secrets[other] not in texts[seat]
        for seat, text in texts.items():
            phones[seat].receive(text)
        seat = s.game.current_player
        s.remote.receive(seat, phones[seat].tap(rng.choice(phones[seat].legal_actions()).id))


def test_a_phone_that_rejoins_gets_the_game_where_it_is():
    s = table(players=2)
    phones = pair(s)
    deliver(s, phones)
    seat = s.game.current_player
    s.remote.receive(seat, phones[seat].tap(phones[seat].legal_actions()[0].id))
    deliver(s, phones)
    s.remote.lost(0)  # phone 0 reloaded
    assert s.remote.needs_offer() == [0] and s.remote.connected() == [1]
    fresh = pair(s, seats=[0])[0]
    deliver(s, {0: fresh, 1: phones[1]})
    assert fresh.view() == json.loads(json.dumps(s.game.view(0)))


def test_the_phone_seats_are_saved_and_pair_again_after_a_reload():
    s = table(players=3, bots=(2,))
    pair(s)
    text = s.save_text()
    assert json.loads(text)["meta"]["phones"] == [0, 1]
    again = Session()
    again.load_text(text)
    assert again.remote.seats() == [0, 1] and again.remote.needs_offer() == [0, 1]
    assert again.screen == "remote"  # no hand-off: the seat waits for its phone to pair again
    again.remote.keep_on_tablet(0)
    again.remote.keep_on_tablet(1)
    assert "phones" not in again.meta and again.screen == "handoff"
    for bad in ([2], [5], ["0"], "0", [True]):  # the computer's seat, no such seat, not a seat number
        rec = json.loads(text)
        rec["meta"]["phones"] = bad
        with pytest.raises(ValueError):
            Session().load_text(json.dumps(rec))


def _rows(n, fill="10"):
    return [(fill * n)[:n] for _ in range(n)]


def test_qr_modules_are_kept_only_with_the_code_they_show():
    """The page's QR modules of a code are drawn only while that code is the seat's (a late
    answer for an older code is dropped); what is not a QR code's square is refused."""
    from web.model.remote import qr_rows
    from web.screens.remote_panels import qr_svg

    s = table()
    s.remote.begin()
    s.remote.offered(0, secret_for(0), MDNS_OFFER)
    old = s.remote.links[0].code
    s.remote.drawn_qr(0, old, _rows(53))
    assert s.remote.links[0].qr == _rows(53)
    s.remote.lost(0)  # the channel closed: a new pairing, its code not made yet
    s.remote.drawn_qr(0, old, _rows(53))
    assert s.remote.links[0].qr is None
    s.remote.offered(0, bytes(range(12)), MDNS_OFFER)
    assert s.remote.links[0].code != old and s.remote.links[0].qr is None
    s.remote.drawn_qr(0, old, _rows(53))  # the older code's modules, arriving late
    assert s.remote.links[0].qr is None
    for bad in (_rows(20), _rows(22), [*_rows(21)[:-1], "2" * 21], _rows(21)[:-1]):
        with pytest.raises(ValueError):
            qr_rows(bad)
    phone = PhoneSeat()
    phone.join()
    phone.read_code(s.remote.links[0].code)
    phone.answered(IP_ANSWER)
    phone.drawn_qr("another code", _rows(49))
    assert phone.qr is None
    phone.drawn_qr(phone.code, _rows(49))
    svg = qr_svg(phone.qr, phone.code, "label")
    # one run per dark module here ("10" rows), each a 1x1 square, inside a 4-module quiet zone
    assert svg.count("h1v1h-1z") == 49 * 25 and 'viewBox="-4 -4 57 57"' in svg
    assert f'data-qr="{phone.code}"' in svg
    phone.lost()
    assert phone.qr is None

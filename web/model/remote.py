"""Hands on phones (docs/pairing.md), pure Python: the table (the host: the tablet that holds the
game) and a phone that holds one seat speak JSON over a WebRTC data channel.

- table -> phone: ``{"t": "state", "v": 1, "seq": n, "seat": s, "view": view(s), "legal":
  [[id, label], ...] (only while it is that seat's decision), "colours": [...], "over": bool}``:
  built from ``view(seat)`` and the legal actions alone, so a phone never receives what its seat
  may not see (tests/web/test_remote.py shakes the other seats' secrets and compares messages).
- phone -> table: ``{"t": "hello", "secret": hex}`` once the channel opens; ``{"t": "act",
  "secret": hex, "seq": n, "id": action id}`` for a tap. The table checks the seat's secret (made
  by the page with the browser's crypto, handed in: nothing here uses a clock or a global
  random), the sequence number (the newest state it sent that seat: a replayed or stale message
  is refused) and the legal actions, as for any tap, and plays it through ``Session.play_as``.

``RemoteTable`` (``Session.remote``) is the table's side; ``PhoneSeat`` (``Session.phone``) is a
phone's. The page glue (web/page/remote.py, web/static/remote.js) moves the texts."""

import hmac
import json

from engine.core.action import Action
from engine.core.msg import N_

from web.model import remote_code
from web.model.limits import parse_json

PROTOCOL = 1
MAX_MESSAGE = 2_000_000  # characters: a state message is far smaller (limits.parse_json checks first)


def qr_rows(rows):
    """QR modules from the page, checked: a square of "0"/"1" rows of a QR code's sizes."""
    rows = [str(r) for r in rows]
    n = len(rows)
    if not 21 <= n <= 177 or (n - 17) % 4 or any(len(r) != n or r.strip("01") for r in rows):
        raise ValueError("QR modules")
    return rows


class Refused(ValueError):
    """A phone's message the table does not play: ``key`` says why (a message key)."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


class SeatLink:
    """One seat held by a phone, on the table's side."""

    def __init__(self):
        self.secret = None  # bytes: the seat's secret of the current pairing (its code holds it)
        self.code = ""  # the table's code for this pairing ("" while the page makes the offer)
        self.qr = None  # that code as QR modules (rows of "0"/"1", made by the page), once made
        self.status = "new"  # new (no offer yet) | offered | connecting | connected | failed
        self.typed = ""  # what was typed into the seat's answer field (kept across redraws)
        self.sent = None  # the body of the last state sent (seq aside)
        self.seq = 0  # the seq of the last state sent to this seat
        self.answered = 0  # the highest seq a played action of this seat answered


class RemoteTable:
    """The table's side: which seats are held by phones, their pairings, what each was sent."""

    def __init__(self, owner):
        self.owner = owner  # the Session: reads game, meta, screen; plays through play_as
        self.links = {}  # seat -> SeatLink
        self.counter = 0  # seq numbers, one count for the whole table: never reused
        self.card_open = False  # the pairing card is on screen

    # ----- which seats ---------------------------------------------------------------------
    def begin(self):
        """ "Hands on phones": every person's seat goes to a phone (hidden hands on: the tablet
        shows the public table); the pairing card opens."""
        s = self.owner
        if s.game is None or s.game.is_over:
            return
        s.meta["hidden"] = True
        for seat in range(len(s.game.names)):
            if seat not in s.meta["bots"] and seat not in self.links:
                self.links[seat] = SeatLink()
        s.meta["phones"] = self.seats()  # saved: a reloaded table keeps its phone seats
        self.card_open = True

    def restore(self, meta):
        """A game opened with phone seats in its meta (a reload, a saved game): each seat waits
        for its phone to pair again (the table says so while that seat decides)."""
        for seat in meta.get("phones", []):
            self.links[seat] = SeatLink()

    def keep_on_tablet(self, seat):
        """A seat goes back to the tablet (its hand-off screen as before)."""
        self.links.pop(int(seat), None)
        if self.links:
            self.owner.meta["phones"] = self.seats()
        else:
            self.owner.meta.pop("phones", None)
            self.card_open = False

    def holds(self, seat):
        return seat in self.links

    def seats(self):
        return sorted(self.links)

    def close_card(self):
        self.card_open = False

    def open_card(self):
        if self.links:
            self.card_open = True

    def reset(self):
        """Another game on the table: no phone holds a seat of it."""
        self.links.clear()
        self.card_open = False

    # ----- pairing -------------------------------------------------------------------------
    def needs_offer(self):
        """The seats whose pairing needs a (new) offer from the page."""
        return [seat for seat, link in sorted(self.links.items()) if link.status == "new"]

    def offered(self, seat, secret, sdp):
        """The page made the offer for ``seat`` with the new ``secret`` (bytes from the browser's
        crypto): the seat's code. A new pairing: the old secret no longer holds the seat."""
        link = self.links[seat]
        if len(bytes(secret)) != remote_code.SECRET_BYTES:
            raise ValueError("secret")
        link.secret = bytes(secret)
        link.code = remote_code.pack(remote_code.OFFER, seat, link.secret, sdp)
        link.status, link.typed, link.sent, link.qr = "offered", "", None, None
        return link.code

    def drawn_qr(self, seat, code, rows):
        """The page made the QR modules of ``code``: kept if it is still ``seat``'s code."""
        link = self.links.get(seat)
        if link is not None and link.code and link.code == code:
            link.qr = qr_rows(rows)

    def answer(self, seat, code):
        """A phone's answer code typed for ``seat`` -> the SDP to hand the browser. Refused
        (CodeError) unless it is an answer to this seat's current code."""
        link = self.links.get(seat)
        if link is None or link.secret is None:
            raise remote_code.CodeError(N_("app.remote.err.no_offer"))
        if link.status in ("connecting", "connected"):  # one answer per code: a replayed answer, or a
            raise remote_code.CodeError(N_("app.remote.err.answered"))  # second phone on the same code
        fields = remote_code.unpack(code)
        if fields["kind"] != remote_code.ANSWER:
            raise remote_code.CodeError(N_("app.remote.err.not_answer"))
        if fields["seat"] != seat or not hmac.compare_digest(fields["proof"], remote_code.tag(link.secret)):
            raise remote_code.CodeError(N_("app.remote.err.other_code"))
        link.status = "connecting"
        return remote_code.sdp(fields)

    def lost(self, seat):
        """The seat's channel closed or failed. Connected, or waiting for an answer: a new pairing at
        once (a new offer, a new secret). Connecting (an answer taken, its channel never opened):
        "failed", and the card says so; a new code only when asked (``retry``), so the phone still
        showing its answer is never met by a code that silently replaced the one it answered."""
        link = self.links.get(seat)
        if link is not None:
            failed = link.status == "connecting"
            link.status, link.code, link.secret, link.sent, link.qr = "new", "", None, None, None
            if failed:
                link.status = "failed"

    def retry(self, seat):
        """A failed pairing: make a new code for ``seat`` (a new offer, a new secret)."""
        link = self.links.get(seat)
        if link is not None and link.status == "failed":
            link.status, link.typed = "new", ""

    def connected(self):
        return [seat for seat, link in sorted(self.links.items()) if link.status == "connected"]

    # ----- messages ------------------------------------------------------------------------
    def body(self, seat):
        """What seat ``seat``'s phone is shown: its view, and its legal actions while it decides."""
        s = self.owner
        g = s.game
        view = g.view(seat)
        deciding = not g.is_over and g.current_player == seat and s.screen == "remote"
        legal = [[a.id, a.label] for a in g.legal_actions()] if deciding else []
        return {
            "t": "state",
            "v": PROTOCOL,
            "seat": seat,
            "view": view,
            "legal": legal,
            "colours": list(s.meta["colours"])[: len(g.names)],
            "over": bool(g.is_over),
            "moves": len(g.actions),
        }

    def outgoing(self):
        """[(seat, text)] of the states to send now: each connected seat whose screen changed."""
        out = []
        if self.owner.game is None:
            return out
        for seat in self.connected():
            link = self.links[seat]
            body = self.body(seat)
            if body == link.sent:
                continue
            self.counter += 1
            link.sent, link.seq = body, self.counter
            out.append((seat, json.dumps(dict(body, seq=self.counter))))
        return out

    def receive(self, seat, text):
        """A phone's message on ``seat``'s channel. "hello" with the seat's secret makes the seat
        connected (its state follows with ``outgoing``); "act" plays an action. Refused (changing
        nothing) unless the secret is the seat's, the seq the newest sent, the action legal now.
        Returns the action id played, or None."""
        link = self.links.get(seat)
        if link is None or link.secret is None:
            raise Refused(N_("app.remote.err.no_seat"))
        try:
            msg = parse_json(str(text)[:MAX_MESSAGE], N_("app.remote.what"))
        except ValueError:
            raise Refused(N_("app.remote.err.message")) from None
        if not isinstance(msg, dict) or not isinstance(msg.get("secret"), str):
            raise Refused(N_("app.remote.err.message"))
        try:
            secret = bytes.fromhex(msg["secret"])
        except ValueError:
            raise Refused(N_("app.remote.err.secret")) from None
        if not hmac.compare_digest(secret, link.secret):
            raise Refused(N_("app.remote.err.secret"))
        kind = msg.get("t")
        if kind == "hello":
            link.status, link.sent = "connected", None
            return None
        if kind != "act" or link.status != "connected":
            raise Refused(N_("app.remote.err.message"))
        seq, aid = msg.get("seq"), msg.get("id")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != link.seq or seq <= link.answered:
            raise Refused(N_("app.remote.err.stale"))
        s = self.owner
        if not isinstance(aid, str) or s.screen != "remote" or s.game.current_player != seat:
            raise Refused(N_("app.remote.err.not_yours"))
        if aid not in {a.id for a in s.game.legal_actions()}:
            raise Refused(N_("app.remote.err.illegal"))
        link.answered = seq
        s.play_as(seat, aid)
        s.seats.watcher = seat
        return aid


class PhoneSeat:
    """A phone's side: the table's code it joined with, its seat and secret, the last state."""

    def __init__(self):
        self.active = False  # the phone screens are on (Join a table)
        self.seat = None
        self.secret = None  # bytes, from the table's code
        self.offer = None  # the table's code's fields
        self.code = ""  # this phone's answer code, once the page made it
        self.qr = None  # that code as QR modules (rows of "0"/"1"), once the page made them
        self.typed = ""  # what was typed into the table's code field (kept across redraws)
        self.status = "join"  # join | answering | waiting | connected | lost
        self.state = None  # the last state message from the table
        self.sent_seq = 0  # the seq of the last action sent (one tap per state)

    def join(self):
        self.active, self.status = True, "join"

    def leave(self):
        self.__init__()

    def read_code(self, code):
        """The table's code typed on the phone -> the offer's SDP for the browser."""
        fields = remote_code.unpack(code)
        if fields["kind"] != remote_code.OFFER:
            raise remote_code.CodeError(N_("app.remote.err.not_offer"))
        self.offer, self.seat, self.secret = fields, fields["seat"], fields["proof"]
        self.status, self.code, self.state, self.qr, self.typed = "answering", "", None, None, ""
        return remote_code.sdp(fields)

    def answered(self, sdp):
        """The browser's answer SDP -> this phone's code (to show the table)."""
        self.code = remote_code.pack(remote_code.ANSWER, self.seat, remote_code.tag(self.secret), sdp)
        self.status = "waiting"
        return self.code

    def drawn_qr(self, code, rows):
        """The page made the QR modules of ``code``: kept if it is still this phone's code."""
        if self.code and self.code == code:
            self.qr = qr_rows(rows)

    def hello(self):
        """Sent once the channel opens: the seat's secret."""
        self.status = "connected"
        return json.dumps({"t": "hello", "secret": self.secret.hex()})

    def lost(self):
        self.status, self.code, self.state, self.qr = "lost", "", None, None

    def receive(self, text):
        """A state from the table (its size and depth checked before json.loads)."""
        msg = parse_json(str(text)[:MAX_MESSAGE], N_("app.remote.what"))
        if not isinstance(msg, dict) or msg.get("t") != "state" or msg.get("seat") != self.seat:
            raise ValueError(N_("app.remote.err.message"))
        if not isinstance(msg.get("view"), dict) or not isinstance(msg.get("legal"), list):
            raise ValueError(N_("app.remote.err.message"))
        self.state = msg

    def view(self):
        return self.state["view"] if self.state else None

    def legal_actions(self):
        """The seat's choices now (Actions rebuilt from the state), [] when it waits."""
        if not self.state:
            return []
        return [Action(str(aid), label) for aid, label in self.state["legal"]]

    def tap(self, aid):
        """A tap on one of the seat's choices -> the message for the table, or None (not a
        choice now, or this state was answered already: one tap per state)."""
        st = self.state
        if not st or st["seq"] == self.sent_seq or aid not in {a.id for a in self.legal_actions()}:
            return None
        self.sent_seq = st["seq"]
        return json.dumps({"t": "act", "secret": self.secret.hex(), "seq": st["seq"], "id": aid})

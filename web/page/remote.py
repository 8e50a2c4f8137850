"""PyScript glue of "Hands on phones" (docs/pairing.md): the table's and a phone's buttons, the
data channels' events (web/static/remote.js, loaded the first time it is needed) and the states
sent after every redraw. No logic: what is sent and what is played is web/model/remote.py's."""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from engine.core.msg import N_, msg
from web.model.remote import Refused
from web.model.remote_code import CodeError
from web.i18n import t
from web.page.core import S, run
from web.page.store import save

asked = set()  # the seats whose offer the page is making (web/static/remote.js)
_loading = []  # what to do once remote.js has loaded


def _js():
    r = getattr(window, "euroRemote", None)
    return None if r is None or is_none(r) else r


def _loaded(_e=None):
    todo = list(_loading)
    _loading.clear()
    for fn in todo:
        fn()


_loaded_proxy = create_proxy(_loaded)


def with_js(fn):
    """Run ``fn`` once web/remote.js is there (a script of our origin: the CSP's script-src)."""
    if _js() is not None:
        fn()
        return
    _loading.append(fn)
    if len(_loading) == 1:
        el = document.createElement("script")
        el.src = "web/remote.js"
        el.addEventListener("load", _loaded_proxy)
        document.head.appendChild(el)


def _send_states(_e=None):
    """Each connected phone its new state (``RemoteTable.outgoing``: view(seat) and its choices,
    JSON). Run just after the table's redraw, in a task of its own: the table's updated table is
    painted without waiting for the phones' views to be made and encoded."""
    P_SEND[0] = False
    if S.phone.active or not S.remote.links:
        document.body.removeAttribute("data-remote-pending")
        return
    r = _js()
    if r is not None:
        for seat, text in S.remote.outgoing():
            r.send(seat, text)
    document.body.dataset.remoteSent = ",".join(f"{seat}:{S.remote.links[seat].seq}" for seat in S.remote.seats())
    document.body.removeAttribute("data-remote-pending")


P_SEND = [False]  # a _send_states is due
_send_proxy = create_proxy(_send_states)


def after_redraw():
    """After every redraw: ask for the offers still missing, and send each phone its new state
    (in a task of its own, _send_states). Tests wait on body[data-remote-moves] (the table: the
    moves of the game), then on body[data-remote-pending] gone (the states sent) and
    body[data-remote-sent] (seat:seq of the last state sent to each phone); a phone keeps
    body[data-remote-seq] (the seq of the state on screen)."""
    if S.phone.active:
        document.body.dataset.remoteSeq = str(S.phone.state["seq"] if S.phone.state else 0)
        return
    if not S.remote.links:
        return
    missing = [seat for seat in S.remote.needs_offer() if seat not in asked]
    if missing:
        asked.update(missing)
        with_js(lambda: [_js().offer(seat) for seat in missing])
    if not P_SEND[0]:
        P_SEND[0] = True
        document.body.dataset.remotePending = "1"
        window.setTimeout(_send_proxy, 0)
    document.body.dataset.remoteMoves = str(len(S.game.actions)) if S.game is not None else "0"


def _code_error(e):
    S.message = msg(e.key)


def _scan(seat):
    """Open the camera view that reads a QR code for ``seat`` (-1: a phone reads the table's)."""
    labels = {"title": t("app.remote.scan_title"), "hint": t("app.remote.scan_hint"), "cancel": t("app.cancel")}
    with_js(lambda: _js().scan(seat, to_js(labels, dict_converter=window.Object.fromEntries)))


def _table_answer(seat, text):
    """A phone's answer for ``seat``, typed or scanned: refused with a message unless it answers
    the seat's current code; else handed to the browser."""
    S.remote.links[seat].typed = text
    try:
        sdp = S.remote.answer(seat, text)
    except CodeError as e:
        _code_error(e)
        return
    _js().accept(seat, sdp)


def _phone_join(text):
    """The table's code, typed or scanned on a phone."""
    try:
        sdp = S.phone.read_code(text)
    except CodeError as e:
        _code_error(e)
        return
    with_js(lambda: _js().answer(sdp))


def _field(selector):
    el = document.querySelector(selector)
    return "" if is_none(el) else str(el.value)


# ----- the buttons ---------------------------------------------------------------------------------
def ui(action):
    """ui:phones, ui:phones-done, ui:phone-answer:<seat>, ui:phone-scan:<seat>, ui:phone-retry:<seat>,
    ui:phone-drop:<seat>, ui:join, ui:join-code, ui:join-scan, ui:join-leave."""
    if action == "ui:phones":
        if S.remote.links:
            S.remote.open_card()
        else:
            S.remote.begin()
            save()  # hidden hands on
    elif action == "ui:phones-done":
        S.remote.close_card()
    elif action.startswith("ui:phone-answer:"):
        seat = int(action.rsplit(":", 1)[1])
        _table_answer(seat, _field(f'[data-remote-answer="{seat}"]'))
    elif action.startswith("ui:phone-scan:"):
        seat = int(action.rsplit(":", 1)[1])
        if S.remote.holds(seat):
            _scan(seat)
    elif action.startswith("ui:phone-retry:"):  # a failed pairing: a new code (after_redraw asks the page)
        S.remote.retry(int(action.rsplit(":", 1)[1]))
    elif action.startswith("ui:phone-drop:"):
        seat = int(action.rsplit(":", 1)[1])
        S.remote.keep_on_tablet(seat)
        asked.discard(seat)
        with_js(lambda: _js().close(seat))
    elif action == "ui:join":
        S.phone.join()
    elif action == "ui:join-code":
        _phone_join(_field('textarea[name="table-code"]'))
    elif action == "ui:join-scan":
        _scan(-1)
    elif action == "ui:join-leave":
        if _js() is not None:
            _js().close(-1)
        S.phone.leave()


def tap(action):
    """A phone's tap on one of its seat's choices: sent to the table (the table plays it and
    sends the next state; nothing changes here meanwhile)."""
    text = S.phone.tap(action)
    if text is not None and _js() is not None:
        _js().send(-1, text)


# ----- the channels' events ------------------------------------------------------------------------
def _table_message(seat, text):
    try:
        played = S.remote.receive(seat, text)
    except Refused as e:  # a stale tap (the table moved on meanwhile) or a message not of this seat
        window.console.warn(f"phone message refused (seat {seat}): {e.key}")
        return
    if played is not None:
        save()


def _phone_message(text):
    S.phone.receive(text)
    S.clear_ui()  # a new state: no place picked from the last one
    S.meta["colours"] = list(S.phone.state.get("colours") or S.meta["colours"])


def on_event(kind, seat, text):
    kind, seat, text = str(kind), int(seat), str(text)
    phone = seat == -1
    if kind == "offer" and not phone and S.remote.holds(seat):
        data = json.loads(text)
        asked.discard(seat)
        run(lambda: _js().qr(seat, S.remote.offered(seat, bytes.fromhex(data["secret"]), data["sdp"])))
    elif kind == "answer" and phone and S.phone.active:
        run(lambda: _js().qr(-1, S.phone.answered(text)))
    elif kind == "qr":
        data = json.loads(text)
        if phone and S.phone.active:
            run(lambda: S.phone.drawn_qr(data["code"], data["rows"]))
        elif not phone and S.remote.holds(seat):
            run(lambda: S.remote.drawn_qr(seat, data["code"], data["rows"]))
    elif kind == "scanned":
        if phone and S.phone.active and S.phone.status in ("join", "lost"):
            run(lambda: _phone_join(text))
        elif not phone and S.remote.holds(seat):
            run(lambda: _table_answer(seat, text))
    elif kind == "scan-failed":
        window.console.warn(f"QR scan failed: {text}")
        run(lambda: setattr(S, "message", msg(N_("app.remote.no_camera"))))
    elif kind == "open" and phone and S.phone.active:
        _js().send(-1, S.phone.hello())
        run(lambda: None)
    elif kind == "message":
        if phone and S.phone.active:
            run(lambda: _phone_message(text))
        elif not phone and S.remote.holds(seat):
            run(lambda: _table_message(seat, text))
    elif kind in ("closed", "failed"):
        if kind == "failed":
            window.console.warn(f"pairing failed (seat {seat}): {text}")
        if phone and S.phone.active:
            run(S.phone.lost)
        elif not phone and S.remote.holds(seat):
            run(lambda: S.remote.lost(seat))


window.euroRemoteEvent = create_proxy(on_event)


def _on_input(evt):
    """Typing into a code field is kept in the model as it happens: the pairing card is redrawn
    whole whenever a channel changes (another phone connects, a QR code is made), and a redraw
    then writes back what was typed instead of emptying the field."""
    el = evt.target
    seat = el.getAttribute("data-remote-answer") if hasattr(el, "getAttribute") else None
    if not is_none(seat) and seat is not None and S.remote.holds(int(seat)):
        S.remote.links[int(seat)].typed = str(el.value)
    elif hasattr(el, "getAttribute") and el.getAttribute("name") == "table-code" and S.phone.active:
        S.phone.typed = str(el.value)


document.addEventListener("input", create_proxy(_on_input))

"""The pairing codes (docs/pairing.md): a WebRTC data channel's offer or answer as a short text.

A browser's data-channel offer is ~600 characters of SDP; the connection needs only a few of them:
the ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS role,
the media id and the host candidates (address and port). ``pack`` keeps those (plus the seat and
the seat's secret, or the answer's tag of it) in ~80 bytes, written in base64url (~110
characters); ``unpack`` reads them back and ``sdp`` writes the minimal SDP a browser accepts
(Chromium, Firefox and Safari write the same data-channel lines). Pure Python, no page: the page
hands the browser's SDP in and gets the rebuilt one out (web/page/remote.py).

Layout (bytes): ``0x10 | kind`` (kind 0 = the table's offer, 1 = a phone's answer; bit 2 = DTLS
setup "passive" instead of actpass/active), the seat, then the offer's 12-byte secret or the
answer's 4-byte tag (the first bytes of SHA-256 of the secret: the phone proves it read the
table's code without showing the secret), then length-prefixed ASCII: ufrag, pwd, mid; the
32-byte fingerprint; a candidate count and each candidate: 4 (IPv4, 4 bytes), 6 (IPv6, 16 bytes)
or 0x6d "m" (an mDNS name ``<uuid>.local``, 16 bytes), then its UDP port (2 bytes).
Only UDP host candidates are kept: no STUN/TURN server is ever asked (``iceServers: []``)."""

import base64
import hashlib
import ipaddress
import re
import uuid

from engine.core.msg import N_

VERSION = 0x10
OFFER, ANSWER = 0, 1
PASSIVE = 0x04
SECRET_BYTES = 12
TAG_BYTES = 4
MAX_CANDIDATES = 8
MAX_CODE = 400  # characters: a longer text is not a code (checked before decoding)
_CAND = re.compile(r"^a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ (\S+)")


class CodeError(ValueError):
    """A text that is not a pairing code (or not the one asked for): ``key`` is its message."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


def tag(secret):
    """The answer's proof that it read the offer: the first bytes of SHA-256 of the secret."""
    return hashlib.sha256(bytes(secret)).digest()[:TAG_BYTES]


def _lines(sdp):
    return [ln.strip() for ln in str(sdp).replace("\r", "").split("\n") if ln.strip()]


def parse_sdp(sdp):
    """The fields a data channel needs, from a browser's SDP: {ufrag, pwd, fingerprint (32 bytes),
    setup, mid, candidates [(address, port)]} (UDP host candidates only, component 1)."""
    out = {"candidates": [], "mid": "0", "setup": "actpass"}
    for ln in _lines(sdp):
        if ln.startswith("a=ice-ufrag:"):
            out.setdefault("ufrag", ln.split(":", 1)[1])
        elif ln.startswith("a=ice-pwd:"):
            out.setdefault("pwd", ln.split(":", 1)[1])
        elif ln.startswith("a=fingerprint:"):
            algo, _, hexes = ln.split(":", 1)[1].partition(" ")
            if algo.lower() == "sha-256":
                out.setdefault("fingerprint", bytes.fromhex(hexes.replace(":", "")))
        elif ln.startswith("a=setup:"):
            out["setup"] = ln.split(":", 1)[1]
        elif ln.startswith("a=mid:"):
            out["mid"] = ln.split(":", 1)[1]
        else:
            m = _CAND.match(ln)
            if m and m.group(1) == "1" and m.group(2).lower() == "udp" and m.group(5) == "host":
                cand = (m.group(3), int(m.group(4)))
                if cand not in out["candidates"]:
                    out["candidates"].append(cand)
    for need in ("ufrag", "pwd", "fingerprint"):
        if need not in out:
            raise CodeError(N_("app.remote.err.sdp"))
    return out


def _address(addr):
    """A candidate's address as bytes with its type, or None (a kind this code does not carry)."""
    if addr.lower().endswith(".local"):
        try:
            return b"m" + uuid.UUID(addr[: -len(".local")]).bytes
        except ValueError:
            return None
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return None
    return (b"\x04" if ip.version == 4 else b"\x06") + ip.packed


def _short_text(s):
    b = str(s).encode("ascii")
    if len(b) > 255:
        raise CodeError(N_("app.remote.err.sdp"))
    return bytes([len(b)]) + b


def pack(kind, seat, proof, sdp):
    """The code of an offer (``proof`` = the seat's secret, 12 bytes) or an answer (``proof`` =
    the secret's ``tag``) for ``seat``, from the browser's SDP."""
    f = parse_sdp(sdp)
    head = VERSION | kind | (PASSIVE if f["setup"] == "passive" else 0)
    want = SECRET_BYTES if kind == OFFER else TAG_BYTES
    proof = bytes(proof)
    if len(proof) != want or not 0 <= int(seat) < 8:
        raise CodeError(N_("app.remote.err.sdp"))
    out = bytes([head, int(seat)]) + proof
    out += _short_text(f["ufrag"]) + _short_text(f["pwd"]) + _short_text(f["mid"]) + f["fingerprint"]
    cands = []
    for addr, port in f["candidates"]:
        a = _address(addr)
        if a is not None and len(cands) < MAX_CANDIDATES:
            cands.append(a + int(port).to_bytes(2, "big"))
    out += bytes([len(cands)]) + b"".join(cands)
    return base64.urlsafe_b64encode(out).decode("ascii").rstrip("=")


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, n):
        if self.at + n > len(self.data):
            raise CodeError(N_("app.remote.err.code"))
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def text(self):
        raw = self.take(self.take(1)[0])
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            raise CodeError(N_("app.remote.err.code")) from None
        if not text or any(c.isspace() for c in text):
            raise CodeError(N_("app.remote.err.code"))
        return text


def unpack(code):
    """A code's fields: {kind, seat, proof, ufrag, pwd, mid, fingerprint, setup, candidates}.
    Raises CodeError for any text that is not a whole code of this version."""
    text = "".join(str(code or "").split())  # spaces and line breaks a copy may add
    if not text or len(text) > MAX_CODE or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise CodeError(N_("app.remote.err.code"))
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise CodeError(N_("app.remote.err.code")) from None
    r = _Reader(data)
    head, seat = r.take(2)
    if head & 0xF0 != VERSION or head & 0x0B > ANSWER or seat >= 8:
        raise CodeError(N_("app.remote.err.code"))
    kind = head & 0x01
    proof = r.take(SECRET_BYTES if kind == OFFER else TAG_BYTES)
    ufrag, pwd, mid = r.text(), r.text(), r.text()
    fingerprint = r.take(32)
    cands = []
    for _ in range(r.take(1)[0]):
        typ = r.take(1)
        if typ == b"\x04":
            addr = str(ipaddress.IPv4Address(r.take(4)))
        elif typ == b"\x06":
            addr = str(ipaddress.IPv6Address(r.take(16)))
        elif typ == b"m":
            addr = f"{uuid.UUID(bytes=r.take(16))}.local"
        else:
            raise CodeError(N_("app.remote.err.code"))
        cands.append((addr, int.from_bytes(r.take(2), "big")))
    if r.at != len(data):
        raise CodeError(N_("app.remote.err.code"))
    if kind == OFFER:
        setup = "passive" if head & PASSIVE else "actpass"
    else:
        setup = "passive" if head & PASSIVE else "active"
    return {
        "kind": kind,
        "seat": seat,
        "proof": proof,
        "ufrag": ufrag,
        "pwd": pwd,
        "mid": mid,
        "fingerprint": fingerprint,
        "setup": setup,
        "candidates": cands,
    }


def sdp(fields):
    """The minimal SDP of a data channel from a code's fields (what ``unpack`` returns)."""
    fp = ":".join(f"{b:02X}" for b in fields["fingerprint"])
    mid = fields["mid"]
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {mid}",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, (addr, port) in enumerate(fields["candidates"]):
        prio = (126 << 24) | ((65535 - i) << 8) | 255  # host, ordered as the code lists them
        lines.append(f"a=candidate:{i + 1} 1 udp {prio} {addr} {port} typ host")
    lines += [
        f"a=ice-ufrag:{fields['ufrag']}",
        f"a=ice-pwd:{fields['pwd']}",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fp}",
        f"a=setup:{fields['setup']}",
        f"a=mid:{mid}",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"

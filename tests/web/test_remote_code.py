"""The pairing codes (web/model/remote_code.py, docs/pairing.md): what Chromium's data-channel
offers and answers need, packed into a short text and rebuilt as an SDP the browser accepts
(e2e/test_phones_e2e.py pairs real pages through them)."""

import pytest

from web.model import remote_code
from web.model.remote_code import ANSWER, OFFER, CodeError, pack, parse_sdp, sdp, tag, unpack

# Chromium 156's own SDP (this machine, iceServers: []): host candidates as mDNS names (the default)
# and as addresses (--disable-features=WebRtcHideLocalIpsWithMdns, the e2e's setting).
MDNS_OFFER = """v=0
o=- 8676588536515232428 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:4091378665 1 udp 2113937151 7af584f6-d4ff-422d-93c2-bc91a7b51fe7.local 60073 typ host generation 0 network-cost 999
a=candidate:951826953 1 udp 2113942271 7a456943-2c0e-4c59-836d-cea8c876463a.local 60854 typ host generation 0 network-cost 999
a=ice-ufrag:iXNr
a=ice-pwd:tp5dBmNY9nCzriIg83KT+jhF
a=ice-options:trickle
a=fingerprint:sha-256 48:6A:9A:D6:F2:1B:8F:12:EF:2D:C3:E0:E1:92:AD:FC:ED:B1:A0:EC:1F:37:17:18:99:D4:99:07:C5:DA:6A:32
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
IP_ANSWER = """v=0
o=- 4905413071674938265 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:4002365304 1 udp 2113937151 192.0.2.2 46420 typ host generation 0 network-cost 999
a=candidate:3925693384 1 udp 2113942271 fd00::2 38997 typ host generation 0 network-cost 999
a=candidate:1 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0
a=candidate:2 1 udp 1677729535 198.51.100.7 40000 typ srflx raddr 0.0.0.0 rport 0
a=ice-ufrag:NyFD
a=ice-pwd:kzn9bhd9RfXwm2M/LnN+wsJN
a=ice-options:trickle
a=fingerprint:sha-256 49:D0:E9:1C:5F:71:14:F2:2B:85:18:F7:7A:3B:4B:DD:93:A0:BF:67:8B:BE:D7:5C:54:16:ED:B8:AD:CF:D5:DA
a=setup:active
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
SECRET = bytes(range(1, 13))


def test_an_offer_fits_a_short_code_and_comes_back_whole():
    code = pack(OFFER, 2, SECRET, MDNS_OFFER)
    assert len(code) < 200, len(code)  # published schemes: well under 200 characters
    f = unpack(code)
    assert (f["kind"], f["seat"], f["proof"], f["setup"], f["mid"]) == (OFFER, 2, SECRET, "actpass", "0")
    assert parse_sdp(sdp(f)) == parse_sdp(MDNS_OFFER)  # every field the connection needs, unchanged
    assert f["candidates"] == [
        ("7af584f6-d4ff-422d-93c2-bc91a7b51fe7.local", 60073),
        ("7a456943-2c0e-4c59-836d-cea8c876463a.local", 60854),
    ]


def test_an_answer_keeps_udp_host_candidates_only():
    code = pack(ANSWER, 1, tag(SECRET), IP_ANSWER)
    assert len(code) < 200, len(code)
    f = unpack(code)
    assert (f["kind"], f["seat"], f["setup"]) == (ANSWER, 1, "active")
    # no TCP candidate, no server-reflexive one (no STUN server is ever asked anyway)
    assert f["candidates"] == [("192.0.2.2", 46420), ("fd00::2", 38997)]
    rebuilt = sdp(f)
    assert "a=setup:active" in rebuilt and "a=ice-pwd:kzn9bhd9RfXwm2M/LnN+wsJN" in rebuilt
    assert "a=fingerprint:sha-256 49:D0:E9" in rebuilt


def test_the_answer_holds_a_tag_of_the_secret_never_the_secret():
    code = pack(ANSWER, 1, tag(SECRET), IP_ANSWER)
    assert SECRET not in __import__("base64").urlsafe_b64decode(code + "=" * (-len(code) % 4))
    assert tag(SECRET) != tag(bytes(12)) and len(tag(SECRET)) == remote_code.TAG_BYTES


@pytest.mark.parametrize(
    "text",
    ["", "hello", "x" * 500, "<script>", "EAA", "ABCDEFGH" * 10],
)
def test_what_is_not_a_code_is_refused(text):
    with pytest.raises(CodeError):
        unpack(text)


def test_a_cut_or_lengthened_code_is_refused_and_spaces_are_forgiven():
    code = pack(OFFER, 0, SECRET, MDNS_OFFER)
    assert unpack(" ".join(code[i : i + 10] for i in range(0, len(code), 10)))["proof"] == SECRET
    for bad in (code[:-3], code + "AAAA", code[:40]):
        with pytest.raises(CodeError):
            unpack(bad)


def test_an_sdp_without_what_the_connection_needs_is_refused():
    with pytest.raises(CodeError):
        pack(OFFER, 0, SECRET, MDNS_OFFER.replace("a=ice-pwd", "a=x-pwd"))
    with pytest.raises(CodeError):
        pack(OFFER, 0, SECRET[:5], MDNS_OFFER)  # a secret of the wrong size

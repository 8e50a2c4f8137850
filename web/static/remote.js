// Hands on phones (docs/pairing.md): the WebRTC data channels between the table (the tablet that
// holds the game) and the phones, one channel per seat. Only moves texts: the codes are made and
// read, and every message is checked, in Python (web/model/remote.py, web/model/remote_code.py;
// web/page/remote.py is the glue). No server of any kind: iceServers is empty, so the browsers
// offer their host candidates only and nothing leaves the local network; the offer and the answer
// travel as codes the players copy from one screen to the other.
//
// Events go to Python through window.euroRemoteEvent(kind, seat, text): "offer" (JSON {sdp,
// secret}: the table's offer for a seat with a new secret from the browser's crypto), "answer"
// (the phone's answer SDP), "open", "message", "closed", "failed" (the reason). The phone's
// channel is seat -1.
window.euroRemote = (function () {
  "use strict";
  var links = new Map();  // seat -> {pc, dc}
  function tell(kind, seat, text) {
    if (typeof window.euroRemoteEvent === "function") window.euroRemoteEvent(kind, seat, String(text || ""));
  }
  function gathered(pc) {  // host candidates only: gathering ends at once (no server to ask)
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      pc.addEventListener("icegatheringstatechange", function () {
        if (pc.iceGatheringState === "complete") resolve();
      });
    });
  }
  function close(seat) {
    var l = links.get(seat);
    if (!l) return;
    links.delete(seat);
    l.closed = true;
    try { if (l.dc) l.dc.close(); l.pc.close(); } catch (e) { /* already closed */ }
  }
  function watch(seat, l, dc) {
    l.dc = dc;
    dc.addEventListener("open", function () { if (links.get(seat) === l) tell("open", seat); });
    dc.addEventListener("message", function (e) { if (links.get(seat) === l) tell("message", seat, e.data); });
    dc.addEventListener("close", function () { if (links.get(seat) === l) { links.delete(seat); tell("closed", seat); } });
  }
  function make(seat) {
    close(seat);
    var pc = new RTCPeerConnection({ iceServers: [] }), l = { pc: pc, dc: null, closed: false };
    links.set(seat, l);
    pc.addEventListener("connectionstatechange", function () {
      if (links.get(seat) === l && (pc.connectionState === "failed" || pc.connectionState === "closed")) {
        links.delete(seat);
        tell("closed", seat);
      }
    });
    return l;
  }
  function fail(seat, e) { tell("failed", seat, (e && e.message) || e); }
  function hex(bytes) { return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join(""); }
  return {
    // The table: a new offer (and secret) for ``seat``, replacing any earlier pairing of it.
    offer: function (seat) {
      var l = make(seat), pc = l.pc;
      watch(seat, l, pc.createDataChannel("euro", { ordered: true }));
      var secret = hex(crypto.getRandomValues(new Uint8Array(12)));
      pc.createOffer()
        .then(function (o) { return pc.setLocalDescription(o); })
        .then(function () { return gathered(pc); })
        .then(function () {
          if (links.get(seat) === l) tell("offer", seat, JSON.stringify({ sdp: pc.localDescription.sdp, secret: secret }));
        })
        .catch(function (e) { fail(seat, e); });
    },
    // The table: the phone's answer (SDP rebuilt from its code) for ``seat``.
    accept: function (seat, sdp) {
      var l = links.get(seat);
      if (!l) return Promise.resolve(false);
      return l.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) })
        .then(function () { return true; })
        .catch(function (e) { fail(seat, e); return false; });
    },
    // A phone: answer the table's offer (SDP rebuilt from the table's code).
    answer: function (sdp) {
      var l = make(-1), pc = l.pc;
      pc.addEventListener("datachannel", function (e) { if (links.get(-1) === l) watch(-1, l, e.channel); });
      pc.setRemoteDescription({ type: "offer", sdp: String(sdp) })
        .then(function () { return pc.createAnswer(); })
        .then(function (a) { return pc.setLocalDescription(a); })
        .then(function () { return gathered(pc); })
        .then(function () { if (links.get(-1) === l) tell("answer", -1, pc.localDescription.sdp); })
        .catch(function (e) { fail(-1, e); });
    },
    send: function (seat, text) {
      var l = links.get(seat);
      if (!l || !l.dc || l.dc.readyState !== "open") return false;
      l.dc.send(String(text));
      return true;
    },
    close: close,
    // Tests and the pairing card: "none" | "new" | "connecting" | "open" for a seat's channel.
    state: function (seat) {
      var l = links.get(seat);
      if (!l) return "none";
      return l.dc && l.dc.readyState === "open" ? "open" : l.pc.connectionState;
    },
  };
})();

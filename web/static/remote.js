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
// QR codes (docs/pairing.md "QR codes"): "qr" (JSON {code, rows}: the code's modules, one string of
// 0/1 per row, made by lean-qr; Python draws them) and a scan's "scanned" (the text read) or
// "scan-failed" (why: no camera, no permission, the decoder would not load) or "scan-closed".
window.euroRemote = (function () {
  "use strict";
  var links = new Map();  // seat -> {pc, dc}
  // The vendored QR libraries, beside this script (web/vendor/qr, copied by scripts/setup.sh).
  var here = (document.currentScript && document.currentScript.src) || location.href;
  function vendor(name) { return new URL("vendor/qr/" + name, here).href; }
  function tell(kind, seat, text) {
    if (typeof window.euroRemoteEvent === "function") window.euroRemoteEvent(kind, seat, String(text || ""));
  }
  // How long the candidates of the other interfaces may follow the first one before the code is
  // made from those gathered (host candidates only: gathering usually completes at once, but a
  // busy device or an interface that never answers must not leave the code unmade), and how long
  // a connection may take from the answer to its open channel before the seat says it could not
  // connect (a fresh code then: never a silent wait).
  var GATHER_MS = 2500, CONNECT_MS = 20000;
  // ICE gathering: complete, the end-of-candidates event, or GATHER_MS after the first candidate
  // (the code carries what the description holds by then). No candidate at all: it fails. Called
  // before the description is set, so that no early candidate goes unseen.
  function gathered(pc) {
    return new Promise(function (resolve, reject) {
      var done = false, timer = 0;
      function finish() {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (/\na=candidate:/.test((pc.localDescription && pc.localDescription.sdp) || "")) resolve();
        else reject(new Error("no-candidates"));
      }
      if (pc.iceGatheringState === "complete") { finish(); return; }
      pc.addEventListener("icegatheringstatechange", function () {
        if (pc.iceGatheringState === "complete") finish();
      });
      pc.addEventListener("icecandidate", function (e) {
        if (!e.candidate) finish();
        else if (!timer) timer = setTimeout(finish, GATHER_MS);
      });
    });
  }
  function close(seat) {
    var l = links.get(seat);
    if (!l) return;
    links.delete(seat);
    l.closed = true;
    clearTimeout(l.watchdog);
    try { if (l.dc) l.dc.close(); l.pc.close(); } catch (e) { /* already closed */ }
  }
  function watch(seat, l, dc) {
    l.dc = dc;
    // "open" once: a channel the other side made may be open already when its datachannel event
    // comes (then no open event follows), and a phone that never saw it would never say hello.
    function opened() { if (!l.opened && links.get(seat) === l) { l.opened = true; tell("open", seat); } }
    dc.addEventListener("open", opened);
    if (dc.readyState === "open") Promise.resolve().then(opened);
    dc.addEventListener("message", function (e) {
      l.heard = true;  // the phone's hello (or any message) came: the table's watchdog stands down
      if (links.get(seat) === l) tell("message", seat, e.data);
    });
    dc.addEventListener("close", function () { if (links.get(seat) === l) { links.delete(seat); tell("closed", seat); } });
  }
  function make(seat) {
    close(seat);
    var pc = new RTCPeerConnection({ iceServers: [] }), l = { pc: pc, dc: null, closed: false };
    links.set(seat, l);
    pc.addEventListener("connectionstatechange", function () {
      if (links.get(seat) === l && (pc.connectionState === "failed" || pc.connectionState === "closed")) {
        links.delete(seat);
        clearTimeout(l.watchdog);
        tell("closed", seat);
      }
    });
    return l;
  }
  function fail(seat, e) { tell("failed", seat, (e && e.message) || e); }

  // ----- QR codes: made with lean-qr (an ES module, imported on first use) ---------------------
  var leanQr = null;
  function qr(seat, code) {
    if (!leanQr) leanQr = import(vendor("lean-qr.mjs"));
    leanQr.then(function (m) {
      var bits = m.generate(String(code), { minCorrectionLevel: m.correction.M }), rows = [];
      for (var y = 0; y < bits.size; y++) {
        var row = "";
        for (var x = 0; x < bits.size; x++) row += bits.get(x, y) ? "1" : "0";
        rows.push(row);
      }
      tell("qr", seat, JSON.stringify({ code: String(code), rows: rows }));
    }).catch(function (e) { console.warn("QR code not made: " + ((e && e.message) || e)); });
  }

  // ----- QR codes: read from the camera -------------------------------------------------------------
  // The browser's BarcodeDetector where it reads QR codes (Chrome on Android and macOS, Safari
  // 17+ on macOS... not on iOS nor desktop Linux), else zxing-wasm's reader (a classic script
  // that defines ZXingWASM; its WebAssembly is fetched from web/vendor/qr, never from its CDN).
  var reader = null, readerKind = "";
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var el = document.createElement("script");
      el.src = src;
      el.onload = resolve;
      el.onerror = function () { reject(new Error("not loaded: " + src)); };
      document.head.appendChild(el);
    });
  }
  function zxingReader() {
    return (window.ZXingWASM ? Promise.resolve() : loadScript(vendor("zxing-reader.js"))).then(function () {
      var z = window.ZXingWASM;
      z.prepareZXingModule({ overrides: { locateFile: function (path) { return vendor(path); } }, fireImmediately: true });
      var options = { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 1 };
      return function (image) {
        return z.readBarcodes(image, options).then(function (found) {
          return found.length && found[0].isValid ? found[0].text : null;
        });
      };
    });
  }
  function makeReader() {
    if (reader) return reader;
    var native = window.BarcodeDetector && typeof window.BarcodeDetector.getSupportedFormats === "function"
      ? window.BarcodeDetector.getSupportedFormats().catch(function () { return []; })
      : Promise.resolve([]);
    reader = native.then(function (formats) {
      if (formats.indexOf("qr_code") < 0) return zxingReader().then(function (read) { readerKind = "zxing-wasm"; return read; });
      readerKind = "BarcodeDetector";
      var det = new window.BarcodeDetector({ formats: ["qr_code"] });
      return function (image) {
        return det.detect(image).then(function (found) { return found.length ? found[0].rawValue : null; });
      };
    });
    reader.catch(function () { reader = null; });  // a failed load may be tried again
    return reader;
  }
  var scanning = null;  // {seat, stream, box, done}
  function stopScan(kind, text) {
    var s = scanning;
    if (!s) return;
    scanning = null;
    s.done = true;
    if (s.stream) s.stream.getTracks().forEach(function (t) { t.stop(); });
    s.box.remove();
    tell(kind, s.seat, text);
  }
  // A full-screen camera view outside #app (redraws never touch it), with its hint and a Cancel
  // button (labels from Python: this file holds no words); Escape cancels too.
  function scanBox(labels) {
    var box = document.createElement("div"), hint = document.createElement("p");
    var video = document.createElement("video"), cancel = document.createElement("button");
    box.className = "qr-scan";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-label", labels.title);
    hint.textContent = labels.hint;
    video.muted = true;
    video.setAttribute("playsinline", "");  // iOS Safari: inline, not full-screen
    cancel.type = "button";
    cancel.className = "btn";
    cancel.textContent = labels.cancel;
    cancel.addEventListener("click", function () { stopScan("scan-closed", ""); });
    box.addEventListener("keydown", function (e) { if (e.key === "Escape") stopScan("scan-closed", ""); });
    box.append(hint, video, cancel);
    document.body.appendChild(box);
    cancel.focus();
    return { box: box, video: video };
  }
  function scan(seat, labels) {
    stopScan("scan-closed", "");
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      tell("scan-failed", seat, "no-camera");  // not a secure context (http), or no camera API
      return;
    }
    var ui = scanBox(labels), s = { seat: seat, stream: null, box: ui.box, done: false };
    scanning = s;
    var canvas = document.createElement("canvas"), ctx = canvas.getContext("2d", { willReadFrequently: true });
    function frame(read) {
      if (s.done) return;
      var v = ui.video, w = v.videoWidth, h = v.videoHeight;
      if (!w || !h) { requestAnimationFrame(function () { frame(read); }); return; }
      var k = Math.min(1, 800 / Math.max(w, h));  // enough pixels for a code that fills the view
      canvas.width = Math.round(w * k);
      canvas.height = Math.round(h * k);
      ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
      read(ctx.getImageData(0, 0, canvas.width, canvas.height)).then(function (text) {
        if (s.done) return;
        if (text) stopScan("scanned", text);
        else requestAnimationFrame(function () { frame(read); });
      }).catch(function (e) { if (!s.done) stopScan("scan-failed", (e && e.message) || String(e)); });
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false })
      .then(function (stream) {
        if (s.done) { stream.getTracks().forEach(function (t) { t.stop(); }); return null; }
        s.stream = stream;
        ui.video.srcObject = stream;
        return Promise.all([ui.video.play(), makeReader()]);
      })
      .then(function (got) { if (got && !s.done) frame(got[1]); })
      .catch(function (e) { if (!s.done) stopScan("scan-failed", (e && e.name) || String(e)); });
  }
  function hex(bytes) { return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join(""); }
  return {
    // The table: a new offer (and secret) for ``seat``, replacing any earlier pairing of it.
    offer: function (seat) {
      var l = make(seat), pc = l.pc;
      watch(seat, l, pc.createDataChannel("euro", { ordered: true }));
      var secret = hex(crypto.getRandomValues(new Uint8Array(12))), ready = gathered(pc);  // listening from the start
      pc.createOffer()
        .then(function (o) { return pc.setLocalDescription(o); })
        .then(function () { return ready; })
        .then(function () {
          if (links.get(seat) === l) tell("offer", seat, JSON.stringify({ sdp: pc.localDescription.sdp, secret: secret }));
        })
        .catch(function (e) { fail(seat, e); });
    },
    // The table: the phone's answer (SDP rebuilt from its code) for ``seat``. Its channel must open
    // and the phone's first message (its hello) come within CONNECT_MS, else the seat's pairing "failed" (Python shows "could not connect" and a
    // new code on request): the pairing never hangs without saying so.
    accept: function (seat, sdp) {
      var l = links.get(seat);
      if (!l) return Promise.resolve(false);
      return l.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) })
        .then(function () {
          clearTimeout(l.watchdog);
          l.watchdog = setTimeout(function () {
            if (links.get(seat) === l && !l.heard) {  // no hello: an open channel is not yet a phone
              close(seat);
              tell("failed", seat, "timeout");
            }
          }, CONNECT_MS);
          return true;
        })
        .catch(function (e) { fail(seat, e); return false; });
    },
    // A phone: answer the table's offer (SDP rebuilt from the table's code).
    answer: function (sdp) {
      var l = make(-1), pc = l.pc;
      var ready = gathered(pc);
      pc.addEventListener("datachannel", function (e) { if (links.get(-1) === l) watch(-1, l, e.channel); });
      pc.setRemoteDescription({ type: "offer", sdp: String(sdp) })
        .then(function () { return pc.createAnswer(); })
        .then(function (a) { return pc.setLocalDescription(a); })
        .then(function () { return ready; })
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
    qr: qr,
    scan: scan,
    // Tests: "" while no camera view is open, else the seat it scans for.
    scanning: function () { return scanning ? String(scanning.seat) : ""; },
    // Tests and the docs' figures: which reader read the codes ("" before the first scan).
    reader: function () { return readerKind; },
    // Tests and the pairing card: "none" | "new" | "connecting" | "open" for a seat's channel.
    state: function (seat) {
      var l = links.get(seat);
      if (!l) return "none";
      return l.dc && l.dc.readyState === "open" ? "open" : l.pc.connectionState;
    },
  };
})();

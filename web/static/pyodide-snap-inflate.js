// The memory snapshot's inflate, off the page's main thread (web/pyodide-snap.mjs; copied by the
// build beside it as snap-inflate.js): the page fetches the gzip bytes (so the preload start.js
// began is used) and transfers the body stream here, or its bytes where the browser cannot transfer
// a stream (WebKit); the browser's own stream unpacks it and the ~31 MB go back as a transferred
// buffer (no copy). A failure is a message: the loader then starts plainly.
onmessage = (e) => {
  const gzip = e.data instanceof ArrayBuffer ? new Response(e.data).body : e.data;
  new Response(gzip.pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer()
    .then((buf) => postMessage({ buffer: buf }, [buf]), (err) => postMessage({ error: String(err) }));
};

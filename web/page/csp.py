"""The Content-Security-Policy of the app, in one place: index.html and the tutorial pages carry
it in a <meta> (e2e/test_csp.py checks they match), scripts/serve.py sends it as a header.

- script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval': our files only (boot.js, store.js,
  PyScript, Pyodide); no inline script at all, so nothing needs a hash. Pyodide 314 alone needs
  only 'wasm-unsafe-eval' (it compiles WebAssembly). PyScript 0.7.31 also needs 'unsafe-eval':
  polyscript composes its start-up hooks with ``Function("return(w,x)=>...")`` (core-*.js, the
  ``jo`` helper), and without it the page stops at "Loaded Pyodide" with two
  ``script-src eval`` violations (seen by running the app under this policy). 'unsafe-eval' only
  lets code that already runs in the page build functions from strings; what decides what runs
  at all (no inline script, no other host) stays strict.
- style-src 'unsafe-inline': the board SVG and the panels carry style attributes, and the
  tutorial page its <style>; styles cannot run code.
- img-src data: for the empty favicon (href="data:,"); blob: for the Export download link.
- No manifest-src: default-src 'self' covers the web app manifest, and WebKit reports the
  directive as unknown (a console line in every Safari), so it is left out.
- worker-src 'self': the computer seats' worker (web/worker.js, a module worker of our origin; no
  blob: workers). A worker runs under the policy sent with its own script (serve.py's header; the
  <meta> does not reach it): its Pyodide needs 'wasm-unsafe-eval' and fetches only 'self'.
- Nothing from another host anywhere; no plugins; no <base>; forms go nowhere.
"""

POLICY = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval' 'unsafe-eval'",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: blob:",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "frame-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
CSP = "; ".join(f"{k} {v}" for k, v in POLICY.items())
# frame-ancestors is ignored in a <meta>: header only. The tutorial frames the app from 'self'.
CSP_HEADER = CSP + "; frame-ancestors 'self'"
META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'

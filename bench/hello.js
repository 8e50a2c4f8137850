// Baseline for bench/load_time.py (a file, not inline: the server's Content-Security-Policy forbids inline script).
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide();
document.body.textContent = py.runPython("'hello from Python ' + __import__('sys').version.split()[0]");
document.body.dataset.ready = "1";

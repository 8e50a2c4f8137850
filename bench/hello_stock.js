// Baseline for bench/load_time.py: the runtime as its npm package ships it (its standard library
// as sources only; scripts/build.py adds bytecode to dist's copy, see docs/build.md "Precompiled bytecode").
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ stdLibURL: new URL("./stock_stdlib.zip", import.meta.url).href });
document.body.textContent = py.runPython("'hello from Python ' + __import__('sys').version.split()[0]");
document.body.dataset.ready = "1";

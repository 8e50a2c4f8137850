# bench/floor.html's script: nothing but "ready" (bench/load_time.py's floor case).
from pyscript import document

document.body.dataset.ready = "1"

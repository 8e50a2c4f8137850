"""The computer seats' background worker (web/static/worker.js runs ``web.worker.bots``)."""

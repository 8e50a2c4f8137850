"""Device settings, pure Python: "Confirm every move", "Keep the screen on" and the language picked
last, kept in localStorage ``euro:settings`` (main.py reads and writes it; no game data, so also
in embed mode). ``Prefs`` is the session's ``prefs``.
"""

import json

from engine.core.msg import N_

from web import i18n
from web.model.limits import parse_json

PREFS_KEY = "euro:settings"  # device settings (localStorage), not part of any game: {"confirm": bool}


class Prefs:
    """The device settings of a session (its ``prefs``); it reads nothing else of the session."""

    def __init__(self):
        self.confirm = False  # "Confirm every move": off by default
        self.wakelock = True  # "Keep the screen on" (web/device.js holds the lock)
        self.lang = None  # the language picked last (None: not picked)
        self.dropped = False  # the stored device settings were unreadable and were dropped

    def as_dict(self):
        """What is stored: {"confirm", "wakelock"[, "lang"]}."""
        out = {"confirm": self.confirm, "wakelock": self.wakelock}
        if self.lang is not None:
            out["lang"] = self.lang
        return out

    def load(self, text):
        """Device settings from localStorage ``euro:settings`` (JSON), read through web/model/limits
        (size and depth checked before json.loads: a ``[[[[...`` value would overflow the stack).
        Anything odd is ignored; a value that is not a JSON object at all is dropped: returns
        False then (main.py removes it and the page says so once), else True."""
        if not text:
            return True
        try:
            data = parse_json(text, N_("app.what.settings"))
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self.dropped = True
            return False
        for key in ("confirm", "wakelock"):
            if isinstance(data.get(key), bool):
                setattr(self, key, data[key])
        lang = data.get("lang")
        if (
            isinstance(lang, str) and i18n.normalize(lang) in i18n.LANGUAGES
        ):  # the language picked last (never the pseudo-locale)
            self.lang = i18n.normalize(lang)
        return True

    def text(self):
        return json.dumps(self.as_dict())

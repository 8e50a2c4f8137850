"""Device settings, pure Python: "Confirm every move", "Keep the screen on" and the language picked
last, kept in localStorage ``euro:settings`` (main.py reads and writes it; no game data, so also
in embed mode). ``PrefsPart`` is their part of web.model.session.Session, with the Help panel's switch.
"""

import json

from engine.core.msg import N_

from web import i18n
from web.model.games import MAX_SEATS, computer_name, default_name
from web.model.limits import parse_json

PREFS_KEY = "euro:settings"  # device settings (localStorage), not part of any game: {"confirm": bool}


class PrefsPart:
    """Device settings of web.model.session.Session (uses its form, and _selected of the turn flow)."""

    def _init_prefs(self):
        # "Confirm moves", "Keep the screen on" (localStorage euro:settings; web/device.js holds the lock)
        self.prefs = {"confirm": False, "wakelock": True}  # "Confirm every move": off by default
        self.prefs_note = False  # the stored device settings were unreadable and were dropped
        self.help_open = False  # the Help panel (legend, rules summary, settings)

    def load_prefs(self, text):
        """Device settings from localStorage ``euro:settings`` (JSON), read through web/limits
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
            self.prefs_note = True
            return False
        for key in ("confirm", "wakelock"):
            if isinstance(data.get(key), bool):
                self.prefs[key] = data[key]
        lang = data.get("lang")
        if (
            isinstance(lang, str) and i18n.normalize(lang) in i18n.LANGUAGES
        ):  # the language picked last (never the pseudo-locale)
            self.prefs["lang"] = i18n.normalize(lang)
        return True

    def set_language(self, lang, keep=True):
        """Speak ``lang`` from now on (the picker, a ``lang=`` link, the browser's languages):
        every text is translated at the next redraw; the game and its record are unchanged.
        ``keep``: remember it in the device settings (the picker); a link's lang= is not stored.
        Default player names nobody typed follow the language on the form."""
        old = [default_name(i) for i in range(MAX_SEATS)]
        old_bots = [computer_name(i) for i in range(MAX_SEATS)]
        lang = i18n.activate(lang)
        if keep:
            self.prefs["lang"] = lang
        names = self.form.get("names") or []
        self.form["names"] = [
            default_name(i)
            if i < len(old) and n == old[i]
            else computer_name(i)
            if i < len(old_bots) and n == old_bots[i]
            else n
            for i, n in enumerate(names)
        ]
        return lang

    def prefs_text(self):
        return json.dumps(self.prefs)

    def set_confirm(self, on):
        self.prefs["confirm"] = bool(on)
        self._selected = None

    def toggle_help(self):
        self.help_open = not self.help_open

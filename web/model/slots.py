"""Save slots, pure Python (web/store.js does the IndexedDB writes, main.py the calls): what the
saved-games list shows, the storage problems the page says, the questions asked before a game that
is not safely stored is replaced, and one game, one writer (a slot another tab plays).
``Saves`` is the session's ``saves``; a summary read back from storage is checked field by field
(``valid_summary``).
"""

from engine.core.msg import N_

from web.model.games import MAX_NAME, SetupError
from web.i18n import t

SAVE_KEY = "euro:current"  # the localStorage save of the app before IndexedDB (migrated once)
STORAGE_FULL = N_("app.storage.full")  # a message key: shown with tr() (form_panels.storage_notes)
STORAGE_BLOCKED = N_("app.storage.blocked")
SLOT_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


class Saves:
    """The save slots of a session (its ``saves``) and the questions asked before a game that is
    not safely stored is replaced.

    ``owner``: what it reads of the session: ``game``, ``meta`` (bots) and ``embed`` (embed mode:
    nothing is stored); a question puts the new-game screen on top (it sets ``choosing``), and
    deleting the game on screen discards it (``discard_game()``)."""

    def __init__(self, owner):
        self.owner = owner
        self.slot = None  # id of the slot the game on screen is saved in; None = a new slot
        self.slots = []  # summaries of the saved games (summary() dicts), newest first
        self.problem = ""  # set while writes fail: the game on screen lives only in memory
        self.blocked = False  # no site data here (blocked profile): nothing is ever stored
        self.elsewhere = None  # slot id another tab plays: nothing is written to it meanwhile
        self.damaged = None  # a saved text that could not be restored, kept aside (download)
        self.question = None  # a pending question: ("delete", slot id) / ("start"|"import", None)
        self.pending = None  # what "yes" to that question goes ahead with (import text)

    @property
    def autosave(self):
        """False in embed mode: an embedded board never reads or writes the reader's saved games."""
        return self.owner.embed is None

    def opened(self, slot=None):
        """A game was started (``slot`` None: it gets a NEW slot, the one it replaces stays saved)
        or loaded from ``slot``: no question is pending any more, and no other tab plays it
        (a slot another tab holds is asked about again when its lock is claimed)."""
        self.slot, self.question, self.elsewhere = slot, None, None

    def summary(self, date):
        """What the saved-games list shows for the game on screen (stored beside its record)."""
        g = self.owner.game
        return {
            "id": self.slot,
            "game": g.GAME_NAME,
            "players": list(g.names),
            "date": str(date)[:40],
            "moves": len(g.actions),
            "over": bool(g.is_over),
            "bots": list(self.owner.meta["bots"]),
        }

    def saved(self, ok, summary=None, problem=""):
        """main.py reports a write: ok -> the summary is listed (newest first) and a storage
        problem clears; not ok -> the game stays in memory and the problem is shown until a later
        write (after the next move) succeeds. Returns True when the storage note appears or goes
        (the list is on the new-game screen only, which is redrawn when opened)."""
        before = self.problem
        if ok:
            self.problem = ""
            if summary is not None:
                self.slots = [summary] + [x for x in self.slots if x.get("id") != summary.get("id")]
        else:
            self.problem = problem or STORAGE_FULL
        return before != self.problem

    def set_slots(self, summaries):
        """The list read from the store at start-up: only well-formed entries, newest first."""
        good = [x for x in summaries if valid_summary(x)]
        self.slots = sorted(good, key=lambda x: x["date"], reverse=True)

    def ask(self, what, slot=None, pending=None):
        """Put a question on the new-game screen (answered by ui:confirm-yes / ui:confirm-no)."""
        if what in ("delete", "resume") and not any(x["id"] == slot for x in self.slots):
            raise SetupError(t("app.err.slot_gone"))
        self.question, self.pending = (what, slot), pending
        self.owner.choosing = True

    def answer(self, yes):
        """-> (what, slot, pending) to go ahead with, or None after "no" (nothing changes)."""
        question, pending = self.question, self.pending
        self.question = self.pending = None
        if not yes or question is None:
            return None
        return question[0], question[1], pending

    def at_risk(self):
        """A game in progress that is NOT safely stored (writes failing, storage blocked, or its
        slot played in another tab): replacing it on screen would lose it, so New game / Import
        ask first, and leaving the page asks too. A stored game stays in its slot anyway."""
        g = self.owner.game
        if g is None or self.owner.embed is not None or g.is_over:
            return False
        if self.blocked:  # nothing is ever stored: a game with moves is at risk
            return len(g.actions) > 0
        return bool(self.problem or self.elsewhere)

    def set_blocked(self):
        """Storage is blocked (web/store.js probe): the page says once that games are not kept."""
        self.blocked = True
        self.problem = STORAGE_BLOCKED

    def open_elsewhere(self, slot):
        """Another tab plays ``slot`` (it took the slot's lock, or stored a newer save): when that
        is the game on screen, nothing is written until the player takes it over or goes on with
        a copy (the question on the new-game screen). Returns True when asked."""
        if slot is None or slot != self.slot or self.owner.embed is not None:
            return False
        self.elsewhere = slot
        self.question, self.pending = ("elsewhere", slot), None
        self.owner.choosing = True
        return True

    def back_to_game(self):
        """ "Back to the game" while another tab plays the slot: the question goes, and the table
        says plainly, before any move, that the next move here starts a copy (``copy_due``)."""
        if self.question is not None and self.question[0] == "elsewhere":
            self.question, self.pending = None, None

    @property
    def copy_due(self):
        """The player went back to a game another tab plays without choosing, and the table says
        so (form_panels.storage_notes): the next save starts a copy (a new slot), so no move made
        here is stored nowhere."""
        return self.elsewhere is not None and self.question is None and self.owner.embed is None

    def play_as_copy(self):
        """Go on with the game on screen as a copy: the next save makes a NEW slot."""
        self.elsewhere, self.slot, self.question, self.pending = None, None, None, None
        self.owner.choosing = self.owner.game is None

    def taken_over(self):
        """This tab holds the slot again (the newest save of it is loaded by main.py)."""
        self.elsewhere, self.question, self.pending = None, None, None
        self.owner.choosing = self.owner.game is None

    def forget(self, slot):
        """After a delete: drop it from the list; deleting the game on screen discards it."""
        self.slots = [x for x in self.slots if x["id"] != slot]
        if self.slot == slot:
            self.slot = None
            self.owner.discard_game()


def valid_slot_id(slot):
    return isinstance(slot, str) and 0 < len(slot) <= 40 and set(slot) <= SLOT_ID_CHARS


def valid_summary(x):
    """A summary read back from storage is data from outside too: check every field."""
    return (
        isinstance(x, dict)
        and valid_slot_id(x.get("id"))
        and isinstance(x.get("game"), str)
        and len(x["game"]) <= 40
        and isinstance(x.get("players"), list)
        and len(x["players"]) <= 8
        and all(isinstance(p, str) and len(p) <= MAX_NAME for p in x["players"])
        and isinstance(x.get("date"), str)
        and len(x["date"]) <= 40
        and isinstance(x.get("moves"), int)
        and not isinstance(x["moves"], bool)
        and isinstance(x.get("over"), bool)
    )

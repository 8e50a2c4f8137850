"""History browsing, pure Python: the read-only History browser over the live game's record
(web/model/history.History). ``Browser`` is the session's ``browse``; it never touches the live game
or the saved games. In embed mode (``?embed=1&record=...``, web/model/session.Session.open_embed)
the session puts an embedded record's History here itself.
"""

from web.model.games import SetupError
from web.model.history import History, position_links
from web.i18n import t
from web.model.open_record import engine_of


class Browser:
    """The History browser of a session (its ``browse``).

    ``owner``: what it reads of the session: ``screen``, ``game``, ``meta`` (hidden, bots),
    ``load_module`` and ``embed`` (embed mode's controls=/play=, None outside it); it closes the
    Help card (``help_open``) when History opens."""

    def __init__(self, owner):
        self.owner = owner
        self.history = None  # web.model.history.History while browsing (read-only)
        self.copied = None  # ("link" | "embed", text) just copied (shown to copy again)
        self.arrows = {}  # step -> the renderer's arrows= there (a review's turning point)

    def can_open(self):
        """The History button: while a game is on screen; in embed mode only with controls=1 and play=1
        (without play=1 the embedded board is a history browser already)."""
        s = self.owner
        if s.screen not in ("play", "over", "handoff", "bot", "review"):  # handoff: hidden hands, so public views only
            return False
        return s.embed is None or (s.embed["controls"] and s.embed["play"])

    def open(self):
        s = self.owner
        if not self.can_open():
            raise SetupError(t("app.err.no_history"))
        self.history = History(
            s.game.record(),
            engine_of(s.game, s.load_module),
            hidden=s.meta["hidden"],
            bots=s.meta["bots"],
        )
        self.arrows = {}
        s.help_open = False  # History replaces the Help card (the toolbar offers both at once)

    def open_review(self, step, arrows=None):
        """From the game review of a finished game: History at ``step`` (a number of actions), where
        every secret may be shown: each step is the deciding seat's own view (computer seats'
        too) and its action is named. ``arrows``: a turning point's move played and the better
        one, drawn at that step (the renderer's ``arrows=``)."""
        s = self.owner
        if not s.review.can_open():
            raise SetupError(t("app.review.not_over"))
        self.history = History(s.game.record(), engine_of(s.game, s.load_module), hidden=False, bots=())
        self.history.go(int(step))
        self.arrows = {self.history.step: list(arrows)} if arrows else {}
        self.copied = None
        s.help_open = False

    def step(self, where):
        """``where``: -1/+1 a step, "first" or "last"; ("turn" | "round", -1 | 1) a turn or a round."""
        h = self.history
        if h is None:
            raise SetupError(t("app.err.not_browsing"))
        embed = self.owner.embed
        if embed is not None and not embed["controls"]:
            raise SetupError(t("app.err.embed_controls"))
        if isinstance(where, tuple):
            h.jump(*where)
        else:
            {-1: h.prev, 1: h.next, "first": h.first, "last": h.last}[where]()
        self.copied = None

    def copy(self, kind, page_url):
        """History's "Copy link to this position" (kind "link") / "Copy embed code" ("embed"):
        the text, also kept in ``copied`` so the panel shows it (select and copy by hand when the
        browser's clipboard is not available)."""
        if self.history is None:
            raise SetupError("not browsing the history")
        link, code = position_links(self.history.record, self.history.step, page_url)
        self.copied = (kind, link if kind == "link" else code)
        return self.copied[1]

    def close(self):
        """Back to the live game, exactly as it was (history never changes it)."""
        embed = self.owner.embed
        if embed is not None and not embed["play"]:
            raise SetupError(t("app.err.embed_only"))
        self.history = None
        self.arrows = {}

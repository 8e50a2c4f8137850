"""History and embed mode on the session, pure Python: the read-only History browser over the
live game's record (web/history.History) and embed mode (``?embed=1&record=...``: a tutorial's board,
read-only at a step, or playable from it with play=1). ``BrowsePart`` is their part of
web.model.session.Session; neither ever touches the live game or the saved games.
"""

from web.model.games import SetupError
from web.model.history import History, parse_embed_query, position_links
from web.i18n import t
from web.model.open_record import engine_of, open_record, record_engine


class BrowsePart:
    """History and embed mode of web.model.session.Session (uses its game, meta, screen, load_module)."""

    def _init_browse(self):
        self.history = None  # web.model.history.History while browsing (read-only)
        self.copied = None  # History: ("link" | "embed", text) just copied (shown to copy again)
        self.embed = None  # embed mode: {"controls", "play", "record", "step"}; see open_embed

    def can_browse(self):
        """The History button: while a game is on screen; in embed mode only with controls=1 and play=1
        (without play=1 the embedded board is a history browser already)."""
        if self.screen not in ("play", "over", "handoff", "bot"):  # handoff: hidden hands, so public views only
            return False
        return self.embed is None or (self.embed["controls"] and self.embed["play"])

    def open_history(self):
        if not self.can_browse():
            raise SetupError(t("app.err.no_history"))
        self.history = History(
            self.game.record(),
            engine_of(self.game, self.load_module),
            hidden=self.meta["hidden"],
            bots=self.meta["bots"],
        )
        self.help_open = False  # History replaces the Help card (the toolbar offers both at once)

    def hist_step(self, where):
        """``where``: -1/+1 a step, "first" or "last"."""
        h = self.history
        if h is None:
            raise SetupError(t("app.err.not_browsing"))
        if self.embed is not None and not self.embed["controls"]:
            raise SetupError(t("app.err.embed_controls"))
        {-1: h.prev, 1: h.next, "first": h.first, "last": h.last}[where]()
        self.copied = None

    def copy_position(self, kind, page_url):
        """History's "Copy link to this position" (kind "link") / "Copy embed code" ("embed"):
        the text, also kept in ``copied`` so the panel shows it (select and copy by hand when the
        browser's clipboard is not available)."""
        if self.history is None:
            raise SetupError("not browsing the history")
        link, code = position_links(self.history.record, self.history.step, page_url)
        self.copied = (kind, link if kind == "link" else code)
        return self.copied[1]

    def close_history(self):
        """Back to the live game, exactly as it was (history never changes it)."""
        if self.embed is not None and not self.embed["play"]:
            raise SetupError(t("app.err.embed_only"))
        self.history = None

    @property
    def autosave(self):
        """False in embed mode: an embedded board never reads or writes the reader's autosave."""
        return self.embed is None

    def open_embed(self, query):
        """Show the record in ``?embed=1&record=...`` (web.model.history.parse_embed_query). Without play=1
        the board is a read-only history at ``step``; with play=1 the reader plays on from there.
        Embed mode starts first, so even a broken link gets the embed screen (never the autosave);
        errors are ValueErrors with a clear message."""
        self.embed = {"controls": False, "play": False}
        self.game, self.history, self.choosing = None, None, False
        spec = parse_embed_query(query)
        rec = spec["record"]
        game, meta = open_record(rec, self.load_module)  # every action id must be legal: a tampered record stops here
        self.embed = {"controls": spec["controls"], "play": spec["play"], "record": rec, "step": spec["step"]}
        meta["bots"], meta["bot_levels"] = [], {}  # an embedded board (tutorial) is played by its reader at every seat
        self.meta, self.shown_seat, self.zoom = meta, None, 1.0
        self._embed_position(game)

    def _embed_position(self, full_game):
        rec, step = self.embed["record"], self.embed["step"]
        module = record_engine(rec, self.load_module)
        history = History(rec, module, hidden=self.meta["hidden"], step=step)
        if self.embed["play"]:
            self.game, self.history = history.game_at(step).clone(), None
        else:
            self.game, self.history = full_game, history

    def embed_reset(self):
        """play=1: back to the embedded position."""
        if self.embed is None or not self.embed["play"] or "record" not in self.embed:
            raise SetupError(t("app.err.no_reset"))
        self.shown_seat = None
        self._embed_position(None)

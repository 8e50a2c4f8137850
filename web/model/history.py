"""Read-only history (time travel) over a game record, and embed links. Pure Python.

A game IS its record, so the position after ``k`` actions is a replay of the record's first
``k`` action ids. ``History`` never touches the live game: it keeps its own copy of the record
and its own replayed games.

Speed: replaying from the start at every step would cost O(k) per step (a long game has several
hundred actions and Pyodide is a few times slower than CPython). ``History`` keeps snapshots:
step 0, every ``CHECKPOINT``-th step it passes, and the last few steps visited. A step is the
nearest snapshot at or before it, cloned, plus at most ``CHECKPOINT - 1`` actions (stepping
forward: one action; stepping back: a clone and up to 15 actions). Snapshots are never mutated.

Hidden information: with hidden hands on, every step shows the public view (``view(None)``),
never a seat's secrets, and the step's action label is not shown (a label can name a private
choice). Nor does the number of steps tell a secret: with hidden hands the steps are the actions
that left a public log line (``stops``); an action that logged nothing public (a tile sold from
behind a screen, one action per tile) is folded into the next step, so a sale of three tiles and a
sale of none are one step each. With hidden hands off the view is that of the seat to act at that
step, except that a computer seat's view is never shown: at its steps the first person's seat is
the viewer, and the label of a computer's action is not shown either.

Steps by turn and by round (issue 52): ``turn_stops`` are the steps at which another seat is to
decide than at the step before (a seat's run of decisions begins: its turn, or a decision it takes
in another's, like a reward a building's owner takes), ``round_stops`` those at which the game's
round (``Game.round_index``, each game says what a round is) moves on; both
also hold 0 and the end. They are taken from ``stops``, and the seat to act and the round are
public at every step, so with hidden hands they tell no more than the single steps do: a turn
that ends inside folded private actions begins at the next public step. ``open_at(i)``: History at
the position before action ``i`` (a review's turning point), on the last step at or before it.

Embed links (``index.html?embed=1&record=...``): ``embed_query`` makes the query,
``parse_embed_query`` reads it back (see docs/app-model.md "History and embed mode").
"""

import base64
import binascii
import json
from bisect import bisect_left, bisect_right
from urllib.parse import parse_qsl, urlencode

from engine import versions
from engine.core.errors import RecordError
from engine.core.msg import N_
from web.i18n import t as _t
from web.model.limits import MAX_QUERY, MAX_TEXT, check_record_fields, parse_int, parse_json, quote

CHECKPOINT = 16
RECENT = 4  # non-checkpoint snapshots kept (the steps just visited)


class History:
    def __init__(self, record, module, hidden=False, step=None, bots=()):
        """``record``: a game record (a copy is kept; ``meta`` is dropped); ``module``: the game's
        engine module (``replay``); ``step``: the step shown first (default: the last);
        ``bots``: the computer seats (their views are never shown)."""
        self.bots = frozenset(bots)
        self.record = {k: (list(v) if k == "actions" else v) for k, v in record.items() if k != "meta"}
        self.actions = self.record["actions"]
        self.module = module
        self.hidden = bool(hidden)
        self._snaps = {0: module.replay(dict(self.record, actions=[]))}
        self._recent = []
        self._stops = None
        self._marks = None  # per step of ``stops``: (seat to act, round), from one replay
        self.step = self.total if step is None else self._check(step)

    @property
    def total(self):
        return len(self.actions)

    def _check(self, k):
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= self.total:
            raise RecordError(_t("app.err.step", step=repr(k), high=self.total))
        return k

    @property
    def stops(self):
        """The numbers of actions History steps to: every one with hidden hands off; with hidden
        hands on 0, the end, and every action's position whose action left a public log line
        (a log line's ``n`` is the index of the action that logged it)."""
        if self._stops is None:
            if not self.hidden:
                self._stops = range(self.total + 1)
            else:
                public = {
                    e["n"]
                    for e in self.game_at(self.total).log_for(None)
                    if isinstance(e.get("n"), int) and 0 <= e["n"] < self.total
                }
                self._stops = sorted({0, self.total} | {n + 1 for n in public})
        return self._stops

    @property
    def ordinal(self):
        """The step shown, counted in ``stops`` (what the screen says: "Step 3 of 40")."""
        return max(0, bisect_right(self.stops, self.step) - 1)

    @property
    def count(self):
        """How many steps History has (the last is ``total`` actions)."""
        return len(self.stops) - 1

    def _public_marks(self):
        """(seat to act, round) at each of ``stops``, from one replay of the record."""
        if self._marks is None:
            wanted = set(self.stops)
            g = self._snaps[0].clone()
            marks = {}
            for k in range(self.total + 1):
                if k in wanted:
                    rnd = getattr(g, "round_index", None)
                    marks[k] = (None if g.is_over else g.current_player, rnd() if rnd else None)
                if k < self.total:
                    g.apply(self.actions[k])
            self._marks = marks
        return self._marks

    def _changes(self, part):
        marks = self._public_marks()
        out, last = [], object()
        for k in self.stops:
            now = marks[k][part]
            if k == 0 or k == self.total or now != last:
                out.append(k)
            last = now
        return out

    def turn_stops(self):
        """The steps at which a seat's run of decisions begins (and 0 and the end)."""
        return self._changes(0)

    def round_stops(self):
        """The steps at which a round begins (and 0 and the end); only 0 and the end in a game
        without rounds."""
        return self._changes(1)

    def turn_ordinal(self):
        """(the turn shown, counted from 1 at the first decision; how many) by ``turn_stops``."""
        stops = self.turn_stops()
        return max(1, min(len(stops) - 1, bisect_right(stops, self.step))), max(1, len(stops) - 1)

    def round_number(self):
        """The round shown, from 1 (None in a game without rounds)."""
        rnd = self._public_marks()[self._on_stop(self.step)][1]
        return None if rnd is None else rnd + 1

    def _on_stop(self, k):
        stops = self.stops
        return stops[max(0, bisect_right(stops, k) - 1)]

    # ----- moving -----------------------------------------------------------------------------
    def open_at(self, i):
        """Show the position before action ``i`` (0..total), on the last step at or before it."""
        self.go(self._on_stop(self._check(i)))

    def jump(self, by, direction):
        """To the next (``direction`` 1) or previous (-1) step of ``by``: "turn" or "round"."""
        stops = self.turn_stops() if by == "turn" else self.round_stops()
        if direction > 0:
            self.go(stops[min(len(stops) - 1, bisect_right(stops, self.step))])
        else:
            self.go(stops[max(0, bisect_left(stops, self.step) - 1)])

    def go(self, k):
        """Show step ``k`` (a number of actions), clamped to 0..total."""
        self.step = max(0, min(self.total, int(k)))

    def prev(self):
        stops = self.stops
        self.go(stops[max(0, bisect_left(stops, self.step) - 1)])

    def next(self):
        stops = self.stops
        self.go(stops[min(len(stops) - 1, bisect_right(stops, self.step))])

    def first(self):
        self.go(0)

    def last(self):
        self.go(self.total)

    # ----- positions ----------------------------------------------------------------------------
    def game_at(self, k=None):
        """The game after ``k`` actions (default: the step shown). Read it; never mutate it."""
        k = self.step if k is None else self._check(k)
        g = self._snaps.get(k)
        if g is not None:
            return g
        j = max(s for s in self._snaps if s <= k)
        g = self._snaps[j].clone()
        for i in range(j, k):
            g.apply(self.actions[i])
            if (i + 1) % CHECKPOINT == 0 and i + 1 < k and i + 1 not in self._snaps:
                self._snaps[i + 1] = g.clone()
        self._snaps[k] = g
        if k % CHECKPOINT:
            self._recent.append(k)
            while len(self._recent) > RECENT:
                self._snaps.pop(self._recent.pop(0), None)
        return g

    def viewer(self, k=None):
        """The seat whose view is shown at step ``k``: None (public) with hidden hands; a person's
        seat (never a computer's) otherwise."""
        if self.hidden:
            return None
        g = self.game_at(k)
        seat = g.current_player
        if seat in self.bots:
            return min(s for s in range(g.num_players) if s not in self.bots)
        return seat

    def view(self, k=None):
        return self.game_at(k).view(self.viewer(k))

    def label(self, k=None):
        """The label of the action that led to step ``k`` (None at step 0 or with hidden hands)."""
        k = self.step if k is None else self._check(k)
        if k == 0 or self.hidden or self.game_at(k - 1).current_player in self.bots:
            return None
        aid = self.actions[k - 1]
        for a in self.game_at(k - 1).legal_actions():
            if a.id == aid:
                return a.label
        return aid


# ----- embed links -----------------------------------------------------------------------------------
EMBED_PARAMS = ("embed", "record", "step", "controls", "play", "lang")  # lang: the page's language


def encode_record(record):
    """base64url (no padding) of the compact JSON of ``record``."""
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_record(data):
    """The inverse of encode_record; RecordError with a clear message on anything odd."""
    data = "".join(data.split())  # line breaks pasted into a link
    if len(data) > MAX_TEXT * 4 // 3 + 4:  # checked before decoding: base64 is 4/3 of the text
        raise RecordError(_t("app.err.embed_large", mb=MAX_TEXT // 1_000_000))
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise RecordError(_t("app.err.embed_base64")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(_t("app.err.embed_utf8")) from None
    rec = parse_json(text, N_("app.what.embedded"))  # size and depth checked before json.loads
    check_record_fields(rec)
    versions.check_record(rec)  # checked by the engine that plays its rules version
    return rec


def embed_query(record, step=None, controls=False, play=False):
    """The query string (with the leading ``?``) that embeds ``record``:
    ``index.html`` + embed_query(game.record(), step=3, controls=True)."""
    versions.check_record(record)
    params = {"embed": "1", "record": encode_record(record)}
    if step is not None:
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(record["actions"]):
            raise RecordError(_t("app.err.step", step=repr(step), high=len(record["actions"])))
        params["step"] = str(step)
    if controls:
        params["controls"] = "1"
    if play:
        params["play"] = "1"
    return "?" + urlencode(params)


def position_links(record, step, page_url):
    """(link, embed code) for the position after ``step`` actions of ``record`` (History's "Copy link
    to this position" / "Copy embed code"; docs/embedding.md). The record is cut at ``step`` (the
    link shows that position and nothing after it); ``page_url`` is the app page's address.
    Link: the app in embed mode, playable from there. Code: an <iframe> of tutorial/frame.html."""
    from html import escape

    rec = {k: v for k, v in record.items() if k != "meta"}
    rec["actions"] = list(rec["actions"][:step])
    base = str(page_url).split("#", 1)[0].split("?", 1)[0]
    folder = base.rsplit("/", 1)[0] + "/"
    link = base + embed_query(rec, controls=True, play=True)
    frame = folder + "tutorial/frame.html?" + urlencode({"record": encode_record(rec)})
    code = (
        f'<iframe src="{escape(frame)}" title="{escape(str(rec.get("game", "game")).title())}: '
        f'position after {step} moves" style="width:100%;height:560px;border:0" loading="lazy"></iframe>'
    )
    return link, code


def is_embed_query(query):
    return any(k == "embed" for k, _ in parse_qsl(str(query).lstrip("?"), keep_blank_values=True))


def parse_embed_query(query):
    """``?embed=1&record=...[&step=N][&controls=1][&play=1]`` -> dict(record, step, controls, play).
    The record's shape is checked here; its moves are checked by replaying it (Session.open_embed).
    Raises RecordError with a message for the reader on anything odd."""
    if len(str(query)) > MAX_QUERY:
        raise RecordError(_t("app.err.embed_long"))
    params = {}
    for key, value in parse_qsl(str(query).lstrip("?"), keep_blank_values=True):
        if key not in EMBED_PARAMS:
            raise RecordError(_t("app.err.embed_param", param=quote(key, 30), known=", ".join(EMBED_PARAMS)))
        if key in params:
            raise RecordError(_t("app.err.url_twice", param=quote(key, 30)))
        params[key] = value
    if params.get("embed") != "1":
        raise RecordError(_t("app.err.embed_one"))
    for key in ("controls", "play"):
        if params.get(key, "0") not in ("0", "1"):
            raise RecordError(_t("app.err.zero_one", param=key))
    if not params.get("record"):
        raise RecordError(_t("app.err.embed_record"))
    rec = decode_record(params["record"])
    n = len(rec["actions"])
    step = n
    if "step" in params:
        step = parse_int(params["step"], "step")
        if not 0 <= step <= n:
            raise RecordError(_t("app.err.embed_step", step=step, n=n))
    return {"record": rec, "step": step, "controls": params.get("controls") == "1", "play": params.get("play") == "1"}

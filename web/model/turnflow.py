"""Turn flow and feedback, pure Python (no js imports; tested in CPython).

``TurnFlow`` is the session's ``flow``: the selected move, its preview,
when a tap plays at once and when it asks to confirm, who made each action, the last-move marks
and the hand-off summary. The functions below it are its pure pieces.

- Preview: what a selected action gives the deciding seat, computed on a *masked copy* of the
  game (``game.masked_for(seat, seed)``, see web/model/hints.py), never on the real game: applying a
  draw on the real game would show its outcome before the player committed to it.
- End of turn: whether an action passes the turn (or ends the game), so the page asks to confirm.
- Last moves: each seat's most recent turn, as action ids the renderer marks, filtered so that a
  mark never shows a choice the viewer may not see.
- Hand-off summary: the public log lines since the incoming seat's last action.

Everything game-specific (readable names of a seat's numbers, which action kinds carry a secret in
their id, the question asked before a turn ends) comes from the renderer package's ``help`` module
(``web/boards/<game>/help.py``) through the ``words`` argument; a game without one gets defaults.
"""

import importlib
from dataclasses import dataclass, field

from engine.core.msg import N_

from web.model import automaton
from web.model.games import SetupError, game_spec
from web.i18n import t, tr
from web.model.open_record import engine_of
from web.i18n.catalogs import game_prefixes

# Two different mask seeds: a number that comes out differently on the two masked copies depends on
# something hidden from the seat (a draw, another seat's secret), so the preview does not state it.
PREVIEW_SEEDS = (0x5EED, 0xB0A7)
MAX_SUMMARY = 24  # hand-off summary: the most recent lines (older ones are counted)


@dataclass(frozen=True)
class Preview:
    """What selecting ``id`` would do, as far as the deciding seat may know."""

    id: str
    label: str
    ends_turn: bool = False  # the turn passes (or the game ends) once it is confirmed
    game_over: bool = False
    reveals: bool = False  # something new is revealed (a draw): no numbers, no undo
    changes: tuple = ()  # ((readable name, delta), ...) for the deciding seat
    question: str = ""  # the confirmation question when the turn ends
    uncertain: tuple = field(default=())  # names whose change depends on hidden things
    next_seat: object = None  # who decides after it
    taken_back: bool = False  # the turn passes and may be taken back until that seat decides


# ----- numbers of a seat ------------------------------------------------------------------------------
def seat_entry(view, seat, key=None):
    """The seat's own entry in a view: ``view[key][seat]`` when the game names its key, else the
    first top-level list of one dict per player (e.g. ``player_boards``, ``player_states``)."""
    n = len(view.get("players") or ())
    keys = (
        [key]
        if key
        else [
            k
            for k, v in view.items()
            if isinstance(v, list) and len(v) == n and n and all(isinstance(x, dict) for x in v)
        ]
    )
    for k in keys:
        rows = view.get(k)
        if isinstance(rows, list) and seat is not None and 0 <= seat < len(rows) and isinstance(rows[seat], dict):
            return rows[seat]
    return {}


def numbers(entry, prefix=""):
    """The numeric fields of a seat's entry, flattened: {"coins": 3, "goods.smiths": 1}. Lists
    (hands, stacks, tiles) are skipped: the counts beside them say how many."""
    out = {}
    for k, v in entry.items():
        path = f"{prefix}{k}"
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, (int, float)):
            out[path] = v
        elif isinstance(v, dict):
            out.update(numbers(v, path + "."))
    return out


def diff(before, after, ignore=()):
    """{path: delta} of the numbers that changed (a field that appeared counts from 0)."""
    out = {}
    for k in sorted(set(before) | set(after)):
        if k in ignore or k.split(".")[0] in ignore:
            continue
        d = after.get(k, 0) - before.get(k, 0)
        if d:
            out[k] = d
    return out


def field_name(path, names):
    """A readable name for a flattened field: the game's table (``names``: exact path, or the
    parent with ``{key}`` for dict entries such as "goods.smiths" -> "Smiths goods"), else the
    field's own words."""
    if path in names:
        return names[path]
    parent, _, key = path.rpartition(".")
    if parent in names and "{key}" in names[parent]:
        return names[parent].format(key=key.replace("_", " ").capitalize())
    return path.replace(".", " ").replace("_", " ")


def change_text(name, delta):
    """ "Coins: +2", "Cloth: −1" (a real minus sign). ``name``: words, a catalog key or a message
    (the game's FIELD_NAMES), in the active language."""
    sign = "+" if delta > 0 else "−"
    amount = abs(delta)
    if isinstance(name, str) and name.startswith(tuple(p + "." for p in game_prefixes() + ("app",))):
        name = t(name)
    name = tr(name)
    # "Coins: −1": the name leads, so no language needs a singular beside it ("−1 coins").
    return t("app.preview.change", sign=sign, amount=f"{amount:g}", name=name[:1].upper() + name[1:])


def _after(game, seat, aid, seed, entry_key):
    """(view entry numbers before, after, masked game after, whether the view's turn number
    changed) on the copy masked with ``seed``."""
    m = game.masked_for(seat, seed)
    v = m.view(seat)
    before = numbers(seat_entry(v, seat, entry_key))
    m.apply(aid)
    after = m.view(seat)
    # A game whose view counts turns ("turn": one per seat's turn) says when a turn
    # ends even if the same seat decides next (the solo game: the non-player opponent's turn is
    # not a decision).
    ended = v.get("turn") is not None and after.get("turn") != v.get("turn")
    return before, numbers(seat_entry(after, seat, entry_key)), m, ended


def preview(game, aid, words=None):
    """The Preview of legal action ``aid`` for the seat deciding in ``game`` (the real game is
    never changed: everything is applied to masked copies)."""
    words = words or {}
    seat = game.current_player
    label = next((a.label for a in game.legal_actions() if a.id == aid), None)
    if label is None:
        raise ValueError(f"{aid!r} is not a legal action now")
    names, ignore = dict(words.get("FIELD_NAMES") or {}), tuple(words.get("IGNORE_FIELDS") or ())
    entry_key = words.get("SEAT_ENTRY")
    try:
        results = [_after(game, seat, aid, s, entry_key) for s in PREVIEW_SEEDS]
    except Exception:  # a masked copy that cannot take the action: say only what it is
        return Preview(aid, label)
    (b0, a0, m0, ended), (b1, a1, _, _) = results
    ends = m0.is_over or m0.current_player != seat or ended
    # Still this seat's turn but no way back: the action revealed something (a card drawn from the
    # seat's own deck, whose order the seat does not know): its numbers would show the outcome.
    reveals = not ends and not m0.can_undo()
    d0, d1 = diff(b0, a0, ignore), diff(b1, a1, ignore)
    if reveals:
        changes, uncertain = (), ()
    else:
        sure = [k for k in d0 if d1.get(k) == d0[k]]
        changes = tuple((field_name(k, names), d0[k]) for k in sure)
        uncertain = tuple(field_name(k, names) for k in sorted(set(d0) | set(d1)) if k not in sure)
    question = ""
    if ends:
        by_kind = words.get("END_TURN_QUESTIONS") or {}
        kind = aid.split(":", 1)[0]
        # A key or message (web/i18n.tr words it when shown): the game's, else the app's.
        question = (
            N_("app.preview.last_move")
            if m0.is_over
            else by_kind.get(kind) or words.get("END_TURN_QUESTION") or N_("app.preview.end_question")
        )
    # The engine's take-back (Game.can_take_back): nothing revealed (or only a draw into this
    # seat's own hidden hand, which the page never shows before the next seat decides: the
    # question is skipped only when a person at this device decides next, whose view or hand-off
    # card is then on screen); an older engine's game has none.
    back = ends and not m0.is_over and m0.current_player != seat and take_back_allowed(m0)
    return Preview(aid, label, ends, bool(m0.is_over), reveals, changes, question, uncertain, m0.current_player, back)


def take_back_allowed(game):
    """``game.can_take_back(unseen=True)``: the page vouches that the mover's view is not shown
    between a move that passes the turn and the next seat's decision (the screen shows that
    seat's view or its hand-off card; a take-back needs both to be people at this device).
    False for an older engine's game, which has no take-back."""
    try:
        return bool(game.can_take_back(unseen=True))
    except (AttributeError, TypeError):
        return False


# ----- who made which action -------------------------------------------------------------------------------
def replay_actors(record, module):
    """The seat that made each action of ``record``, by a step-by-step replay through ``module``
    (an engine module with ``replay``): the record does not store who decided."""
    g = module.replay(dict(record, actions=[]))
    out = []
    for aid in record.get("actions", []):
        out.append(g.current_player)
        g.apply(aid)
    return out


def _runs(actors):
    """[(seat, first index, last index)] of maximal runs of one seat, newest first."""
    out, i = [], len(actors) - 1
    while i >= 0:
        j = i
        while j > 0 and actors[j - 1] == actors[i]:
            j -= 1
        out.append((actors[i], j, i))
        i = j - 1
    return out


def last_moves(actions, actors, log, viewer=None, current=None, secret_kinds=()):
    """{seat: [action ids]} of each seat's most recent turn (its newest run of consecutive
    actions), for the renderer's ``lastmove``. A seat whose new turn has begun (``current``, with
    another seat's action last) has no marks. Privacy: an action of another seat is kept only if
    the viewer's log (``view(viewer)["log"]``) has an entry of that seat for that action (``n``)
    and its kind is not one whose id names a secret (``secret_kinds``, e.g. a put:V,K
    whose public log line says only how many cards were plotted)."""
    visible = {(e.get("n"), e.get("seat")) for e in log or ()}
    out = {}
    for seat, first, last in _runs(list(actors)):
        if seat is None or seat in out or seat == -1:
            continue
        if seat == current and last != len(actors) - 1:
            out[seat] = []  # its next turn has begun: the old marks go
            continue
        ids = []
        for k in range(first, last + 1):
            aid = actions[k]
            own = viewer is not None and seat == viewer
            if own or ((k, seat) in visible and aid.split(":", 1)[0] not in secret_kinds):
                ids.append(aid)
        out[seat] = ids
    return {s: ids for s, ids in out.items() if ids}


def since_last_turn(log, actors, seat):
    """The log lines (``view(None)["log"]`` entries) since ``seat``'s last action: what the others
    did while the device was away. Returns (entries, older count) with at most MAX_SUMMARY entries."""
    last = max((k for k, s in enumerate(actors) if s == seat), default=-1)
    lines = [
        e
        for e in log or ()
        if isinstance(e.get("n"), int) and (e["n"] > last or (e["n"] == last and e.get("seat") != seat))
    ]
    older = max(0, len(lines) - MAX_SUMMARY)
    return lines[older:], older


def latest_turn(actions, actors):
    """(seat, [ids]) of the newest run of actions (what just happened), else (None, [])."""
    runs = _runs(list(actors))
    if not runs:
        return None, []
    seat, first, last = runs[0]
    return seat, list(actions[first : last + 1])


def turn_words(name):
    """Game ``name``'s turn-flow words and player aid (``<renderer package>.help``: its upper-case
    names), else {}."""
    module = help_module(name)
    return {k: getattr(module, k) for k in dir(module) if k.isupper()} if module is not None else {}


def help_module(name):
    """The renderer's help module (legend(), RULES, TUTORIAL), or None."""
    try:
        return importlib.import_module(game_spec(name).renderer + ".help")
    except (ImportError, ValueError):
        return None


class TurnFlow:
    """The turn flow of a session (its ``flow``): the selected move and its preview, who made each
    action, the last-move marks.

    ``owner``: what it reads of the session: ``game``, ``screen``, ``viewer``, ``prefs`` (confirm),
    ``local_person(seat)`` (a person at this device),
    ``load_module``, ``position()``, ``banners`` (the banner on screen) and ``apply(action id)``
    (a move is played there)."""

    def __init__(self, owner):
        self.owner = owner
        self._selected = None  # (position key, action id): chosen, not yet confirmed
        self._previews = {}  # (position key, action id) -> Preview
        self._actors = None  # ((game, seed, names), actions, seats that made them)

    def _words(self):
        return turn_words(self.owner.game.GAME_NAME)

    @property
    def selection(self):
        """The selected (not yet confirmed) action id for the position on screen, else None."""
        s = self.owner
        if self._selected is None or s.screen != "play" or self._selected[0] != s.position():
            return None
        return self._selected[1]

    def preview(self, aid=None):
        """The Preview of ``aid`` (default: the selection), computed on masked copies; cached
        per position. None when nothing is selected."""
        aid = aid or self.selection
        if aid is None:
            return None
        key = (self.owner.position(), aid)
        if key not in self._previews:
            self._previews = {k: v for k, v in self._previews.items() if k[0] == key[0]}
            self._previews[key] = preview(self.owner.game, aid, self._words())
        return self._previews[key]

    def needs_confirm(self, aid):
        """Whether a tap on ``aid`` only selects it (Confirm / End turn plays it). One tap plays a
        move, except what Undo could not take back: a move that reveals something mid-turn (unless
        its button says it draws: the game's ``DRAW_KINDS``, e.g. a "Draw a card"), the
        end of the game, and the end of a turn that had moves Undo could still take back (a turn of
        one decision has nothing to lock in but the tap itself; the game's own end-turn button,
        ``end_turn_buttons``, is its confirmation), unless the next seat is a person at this
        device too and the engine lets the turn be taken back until that seat decides (Undo, or
        "Back to Ann's turn" on the hand-off card). "Confirm every move" asks always."""
        if self.owner.prefs.confirm:
            return True
        p = self.preview(aid)
        if p.game_over:
            return True
        if p.reveals:
            return aid.split(":", 1)[0] not in (self._words().get("DRAW_KINDS") or ())
        if p.taken_back and self.owner.local_person(p.next_seat):
            return False
        return p.ends_turn and self.owner.game.can_undo() and aid not in self.end_turn_buttons()

    def end_turn_buttons(self):
        """The legal actions that are the turn's own "end turn" button right now (the game's
        ``END_TURN_IDS``, e.g. a "Finish actions" when no further step follows): the
        tap is the confirmation, the decision bar marks the button (class end-turn, key E)."""
        g = self.owner.game
        if self.owner.screen != "play" or g is None:
            return set()
        ids = set(self._words().get("END_TURN_IDS") or ()) & {a.id for a in g.legal_actions()}
        return {aid for aid in ids if self.preview(aid).ends_turn}

    def select(self, aid):
        s = self.owner
        if s.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        if aid not in {a.id for a in s.game.legal_actions()}:
            raise SetupError(t("app.err.not_possible"))
        self._selected = (s.position(), aid)

    def tap(self, aid):
        """A tap on a game action (board target or button): select it, or play it when it is
        already selected or needs no confirmation. True when the move was made."""
        if self.selection == aid or not self.needs_confirm(aid):
            self.owner.apply(aid)
            self._selected = None
            return True
        self.select(aid)
        return False

    def confirm(self):
        aid = self.selection
        if aid is None:
            raise SetupError(t("app.err.nothing_selected"))
        self.owner.apply(aid)
        self._selected = None

    def cancel(self):
        self._selected = None

    def set_confirm(self, on):
        """ "Confirm every move" (a device setting, ``prefs.confirm``): a move selected before is dropped."""
        self.owner.prefs.confirm = bool(on)
        self._selected = None

    def played(self, seat, actors):
        """An action by ``seat`` was just applied (``actors``: ``actors()`` before it): the
        selection goes, the cache of who made each action follows. Returns the (seat, id) played,
        or None when the game is not the one the cache knew (it is replayed when next asked)."""
        self._selected = None
        g = self.owner.game
        if len(g.actions) == len(actors) + 1:
            self._actors = (self._actors[0], list(g.actions), actors + [seat])
            return seat, g.actions[-1]
        self._actors = None
        return None

    def actors(self):
        """The seat that made each action of the game on screen (cached; after Undo the list is
        cut; a loaded or embedded game is replayed step by step once)."""
        g = self.owner.game
        key = (g.GAME_NAME, g.seed, tuple(g.names))
        c = self._actors
        if c is not None and c[0] == key:
            if c[1] == g.actions:
                return list(c[2])
            if len(g.actions) < len(c[1]) and c[1][: len(g.actions)] == g.actions:
                self._actors = (key, list(g.actions), c[2][: len(g.actions)])
                return list(self._actors[2])
        actors = replay_actors(g.record(), engine_of(g, self.owner.load_module))
        self._actors = (key, list(g.actions), actors)
        return list(actors)

    def last_moves(self, viewer="screen", log=None):
        """{seat: [ids]} for the renderer's ``lastmove``: each seat's latest turn, as far as the
        viewer (default: the seat on screen; None = public) may see it. ``log``: that viewer's
        ``view(viewer)["log"]`` if the caller has it already."""
        g = self.owner.game
        if g is None or not g.actions:
            return {}
        viewer = self.owner.viewer if viewer == "screen" else viewer
        log = g.view(viewer).get("log", []) if log is None else log
        return last_moves(
            g.actions,
            self.actors(),
            log,
            viewer=viewer,
            current=g.current_player,
            secret_kinds=tuple(self._words().get("SECRET_ID_KINDS") or ()),
        )

    def handoff_summary(self):
        """(log entries, older count): what the others did since the incoming seat's last action,
        from the public log (the device is between players)."""
        g = self.owner.game
        if self.owner.screen != "handoff":
            return [], 0
        return since_last_turn(g.view(None).get("log", []), self.actors(), g.current_player)

    def highlights(self, view=None):
        """The board's selected= and lastmove= for the screen on show (no marks in history).
        ``view``: the view on screen (its log decides which marks the viewer may see)."""
        s = self.owner
        if s.game is None or s.screen not in ("play", "bot", "over", "remote"):
            return {}
        if view is not None and view.get("seat") != s.viewer:
            return {}  # not the live view on screen (a caller's own view): no marks
        out = {"lastmove": self.last_moves(log=None if view is None else view.get("log", []))}
        auto = automaton.entry(view or {})
        if auto:  # the non-player opponent's marks: the steps of its last turn shown so far
            out["lastmove"][auto["seat"]] = [x["mark"] for x in auto["last_turn"] if x.get("mark")]
        b = s.banners.shown()  # the move a banner tells of (web/model/banners.py): its mark alone
        if b is not None and b.mark and b.seat is not None and not b.auto:
            out["lastmove"][b.seat] = [b.mark]
        if self.selection is not None:
            out["selected"] = self.selection
        return out

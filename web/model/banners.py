"""Banners: what the others did, shown over the board. Pure Python (no js imports).

When a computer seat or a solo game's non-player opponent moves, the main area says so:
one banner per move ("Player 2 places W/U on C3 → +2 coins, +3 VP"), one after the other, each
for the chosen speed's time (the page's timer, web/main.py) or until tapped (Next / Skip). With
hidden hands (pass-and-play), the seat that takes the device reads the moves made since its last
turn on the hand-off screen (decision_panels.handoff_summary); of those, only the scorings come
back as banners, at its own pace (no timer). Every scoring (the log lines the game's help
module names in SCORING_KEYS) is a banner of its own: the scoring's log lines and
each seat's score before and after it.

Where the words come from: only the log of the seat on screen (``view(viewer)["log"]``: another
seat's private lines are not in it), worded by web/i18n.tr when drawn. Each log entry names its
action (``n``) and seat; ``Session.flow.actors()`` says who made each action. The game's
``SCORING_KEYS`` (its renderer's help module) name the log lines that open a scoring; its
``SECRET_ID_KINDS`` the actions whose id names a secret (no board mark for those).

State: ``Queue`` (``Session.banners``) holds the events still to show and an index; ``refresh``
(called when the table is drawn, panels.play) adds what the log gained since the last call.
"""

from dataclasses import dataclass, field

from web.kit.html_kit import button, esc, seat_badge
from web.i18n import t, tr
from web.i18n.player_names import isolate
from web.model import automaton
from web.model.open_record import engine_of
from web.model.turnflow import turn_words

MAX_QUEUE = 30  # a catch-up longer than this keeps its newest events
MAX_LINES = 6  # log lines shown in one banner (a scoring's lines for 5 seats fit)
STEP_BY_STEP = "slow"  # the computer speed at which each move is a banner the next move waits for
# ms a banner of a computer's or a non-player opponent's move stays up, by the game's computer speed
# (web/model/settings.BOT_SPEEDS)
BANNER_MS = {"fast": 1500, "normal": 3000, "slow": 6000}
DEFAULT_MS = BANNER_MS["normal"]


@dataclass
class Banner:
    kind: str  # "move" | "scoring"
    seat: object  # the seat that moved (None: a scoring)
    n: int  # the action's index in the record
    lines: list = field(default_factory=list)  # engine messages: the log entries' texts
    mark: object = None  # the action id the board marks while the banner is up (None: none)
    auto: bool = False  # a step of a non-player opponent's turn (one banner per step)
    scores: tuple = ()  # scoring: ((seat, before, after), ...) of the public scores
    opened: object = None  # scoring: the key of the line that opened it


def _key(entry):
    text = entry.get("text")
    return text.get("key") if isinstance(text, dict) else None


def after(log, seen):
    """The entries of ``log`` after position ``seen`` = (n, k): every entry of actions before n
    and the first k entries of action n were handled. Returns (entries, new position)."""
    n0, k0 = seen
    out, count, last = [], {}, None
    for e in log or ():
        n = e.get("n")
        if not isinstance(n, int):
            continue
        i = count.get(n, 0)
        count[n] = i + 1
        if n > n0 or (n == n0 and i >= k0):
            out.append(e)
        last = n
    if last is None or last < n0:
        return out, seen
    return out, (last, count[last])


def end_of(log):
    """The position after every entry of ``log``."""
    return after(log, (-1, 0))[1]


def events(entries, actors, actions, viewer, scoring_keys=(), secret_kinds=(), auto_key=""):
    """The banners of ``entries`` (log entries of the viewer's log, in order):
    - a scoring line (its key in ``scoring_keys``) opens a scoring event; the lines after it of the
      same action (each seat's share, the winners) join it;
    - a step of a non-player opponent's turn (an entry carrying ``auto_key``, the game's
      GameSpec.automaton) is an event of its own, marked with the entry's own ``mark``;
    - the other lines of an action made by another seat than ``viewer`` are one move event of that
      seat, marked with the action's id unless its kind names a secret;
    - lines of the viewer's own actions are skipped, except another seat's lines in them (an
      owner's reward: an event of that seat, no mark)."""
    out, cur = [], None
    for e in entries:
        n = e.get("n")
        text = e.get("text")
        if not isinstance(n, int) or text is None:
            continue
        key = _key(e)
        if key in scoring_keys and not (cur is not None and cur.kind == "scoring" and (cur.n, cur.opened) == (n, key)):
            cur = Banner("scoring", None, n, [text], opened=key)  # each seat's final line: one event
            out.append(cur)
            continue
        if automaton.is_step(e, auto_key):
            cur = Banner("move", e.get("seat"), n, [text], e.get("mark"), auto=True)
            out.append(cur)
            continue
        if cur is not None and cur.n == n and cur.kind == "scoring":
            cur.lines.append(text)
            continue
        actor = actors[n] if 0 <= n < len(actors) else None
        seat = e.get("seat")
        if actor == viewer or actor is None:
            if seat is None or seat == viewer or seat == actor:
                continue  # the viewer's own move: the viewer made it
            mark, actor = None, seat
        else:
            aid = actions[n] if n < len(actions) else ""
            mark = aid if aid and aid.split(":", 1)[0] not in secret_kinds else None
        if cur is not None and cur.kind == "move" and not cur.auto and (cur.n, cur.seat) == (n, actor):
            cur.lines.append(text)
            continue
        cur = Banner("move", actor, n, [text], mark)
        out.append(cur)
    return out


class Queue:
    """The banners to show (``items[at:]``) and what the log held when they were worked out."""

    def __init__(self):
        self.items, self.at = [], 0
        self.game = None  # (game name, seed, names) the events belong to
        self.viewer = None  # the seat whose log they came from
        self.seen = (-1, 0)  # position in that log (see ``after``)
        self.origin = (-1, 0)  # the log's end when the game was opened (its setup lines are older)
        self.actions = 0  # number of actions then (Undo cuts the queue)
        self.timed = True  # each banner goes after the speed's time (False: a catch-up)

    # ----- what the page shows -------------------------------------------------------------
    def shown(self):
        """The banner on screen, or None."""
        return self.items[self.at] if self.at < len(self.items) else None

    def left(self):
        return max(0, len(self.items) - self.at)

    def next(self):
        """ui:banner-next (and the timer): the next banner, or none."""
        self.at = min(len(self.items), self.at + 1)

    def skip(self):
        """ui:banner-skip: every banner goes."""
        self.at = len(self.items)

    def due(self, s):
        """ms until the banner on screen goes by itself; None: no banner, or one that stays until
        tapped (a catch-up: the person who took the device reads at their own pace)."""
        if self.shown() is None or not self.timed:
            return None
        return banner_ms(s)

    def hold(self, s):
        """ms a computer seat's next decision waits on top of its delay. Step by step (the "slow"
        speed): until the banners still to show are read (each banner's timer redraws, which
        starts the computer's delay again: web/main.py schedule_bot). Otherwise 0: the computers
        play on at their delay while their turns' banners are read (the audit, issue 51: a person
        waited ~60 s between turns behind a 3 s banner per computer move)."""
        if not self.timed or s.meta.get("bot_speed") != STEP_BY_STEP:
            return 0
        return banner_ms(s) * self.left()

    # ----- keeping up with the game -------------------------------------------------------------
    def refresh(self, s):
        """Add the events of what the log on screen gained since the last call. ``s``: the Session."""
        g = s.game
        if g is None or s.browse.history is not None or s.embed is not None or s.screen not in ("play", "bot", "over"):
            return
        if s.seats.fixed_delay is not None:  # URL botdelay= (tests, demos): no banners
            self.items, self.at = [], 0
            return
        viewer = s.viewer
        if s.screen == "over":
            viewer = self.viewer if self.viewer is not None else viewer
        if viewer is None:
            return  # the public view (several people, hidden hands): at their turn
        key = (g.GAME_NAME, g.seed, tuple(g.names))
        log = s.view().get("log", []) if viewer == s.viewer else g.view(viewer).get("log", [])
        actors, actions = s.flow.actors(), list(g.actions)
        if key != self.game or len(actions) < self.actions:
            # a game just opened or resumed, or Undo: nothing to tell
            self.__init__()
            self.game, self.viewer, self.seen, self.actions = key, viewer, end_of(log), len(actions)
            self.origin = self.seen
            return
        catch_up = False
        if viewer != self.viewer:
            # another seat looks now: what was queued for the last one is never shown to it
            self.viewer, self.items, self.at = viewer, [], 0
            if s.meta.get("hidden"):  # the device was handed over: what happened since its last turn
                last = max((k for k, a in enumerate(actors) if a == viewer), default=-1)
                self.seen, catch_up = max((last + 1, 0), self.origin), True
        new, self.seen = after(log, self.seen)
        self.actions = len(actions)
        if not new:
            return
        words = turn_words(g.GAME_NAME)
        found = events(
            new,
            actors,
            actions,
            viewer,
            tuple(words.get("SCORING_KEYS") or ()),
            tuple(words.get("SECRET_ID_KINDS") or ()),
            automaton.key_of(g.GAME_NAME),
        )
        if catch_up:
            # The hand-off screen listed these moves already (decision_panels.handoff_summary) and
            # the board marks the last turn: repeating them as banners covered board rows (the
            # audit, issue 51). Only the scorings stay: their score rows are not in that list.
            found = [b for b in found if b.kind == "scoring"]
        for b in found:
            if b.kind == "scoring":
                b.scores = own_scores(b.lines) or score_change(s, b.n)
        own = any(0 <= e["n"] < len(actors) and actors[e["n"]] == viewer for e in new)
        if catch_up or own:
            if not catch_up and s.meta.get("bot_speed") != STEP_BY_STEP:
                found = by_turn([], found)[1]
            self.items, self.at = found[-MAX_QUEUE:], 0  # what came before is over
            self.timed = not catch_up
        elif found:
            queued = self.items[self.at :]
            if s.meta.get("bot_speed") != STEP_BY_STEP:  # one banner per computer turn
                queued, found = by_turn(queued, found)
            self.items, self.at = (queued + found)[-MAX_QUEUE:], 0
            self.timed = True


def by_turn(queued, found):
    """(queued, found) with each run of moves by one seat as ONE banner: a computer's turn of
    several moves is told once, its lines in order, marked by its newest move (the board marks the
    whole turn). A move of the seat whose banner is the last one queued (possibly the one on
    screen) joins it. Steps of a non-player opponent (``auto``) and scorings stay as they are."""
    queued, out = list(queued), []

    def joins(last, b):
        return (
            last is not None and b.kind == last.kind == "move" and not b.auto and not last.auto and b.seat == last.seat
        )

    for b in found:
        last = out[-1] if out else (queued[-1] if queued else None)
        if joins(last, b):
            last.lines = last.lines + b.lines
            last.mark = b.mark if b.mark is not None else last.mark
            continue
        out.append(b)
    return queued, out


def banner_ms(s):
    return BANNER_MS.get(s.meta.get("bot_speed"), DEFAULT_MS)


def own_scores(lines):
    """((seat, score before the scoring, after it), ...) from the scoring's own log line: the
    engine writes each seat's ``points`` from that scoring alone and its ``totals`` right after
    it, so the banner tells the scoring's points, never the triggering move's (the audit,
    issue 51: a Cerdà banner said +15 where 15 came from a level-2 build). None when no line
    carries them (an engine from before they were logged: ``score_change``)."""
    for text in lines:
        if not isinstance(text, dict):
            continue
        points, totals = text.get("points"), text.get("totals")
        if (
            isinstance(points, list)
            and isinstance(totals, list)
            and len(points) == len(totals)
            and all(isinstance(x, int) for x in points + totals)
        ):
            return tuple((i, a - p, a) for i, (p, a) in enumerate(zip(points, totals)))
    return None


def score_change(s, n):
    """Older engines' scorings: ((seat, score before action n, after it), ...): the public scores (``view(None)["scores"]``)
    of replays of the record cut before and after action ``n`` (a scoring is rare: a few a game)."""
    try:
        rec = s.game.record()
        module = engine_of(s.game, s.load_module)
        before = module.replay(dict(rec, actions=rec["actions"][:n])).view(None).get("scores") or []
        after_ = module.replay(dict(rec, actions=rec["actions"][: n + 1])).view(None).get("scores") or []
    except Exception:  # a record that no longer replays must not break the table
        return ()
    return tuple((i, b, a) for i, (b, a) in enumerate(zip(before, after_)))


# ----- drawing ---------------------------------------------------------------------------------------
def html(s):
    """The banner on screen (refreshed first), as a status region laid over the top of the board
    box; "" when there is none. Panels put it in the main column (style.css "Banners")."""

    q = getattr(s, "banners", None)
    if q is None:
        return ""
    q.refresh(s)
    b = q.shown()
    if b is None:
        return ""
    view_names = list(s.game.names)
    colours = s.meta["colours"]
    if b.kind == "scoring":
        head = f'<p class="banner-who">{esc(t("app.banner.scoring"))}</p>'
    else:
        head = f'<p class="banner-who">{seat_badge(b.seat, view_names, colours)}</p>' if b.seat is not None else ""
    shown = b.lines if len(b.lines) <= MAX_LINES else b.lines[:1] + ["…"] + b.lines[-(MAX_LINES - 2) :]
    if b.kind == "move" and len(shown) > 3:  # a whole turn: its short phrases run on in one paragraph
        lines = f'<p class="banner-turn">{esc(" · ".join(tr(x) for x in shown))}</p>'
    else:
        lines = "".join(f"<p>{esc(tr(x))}</p>" for x in shown)
    scores = ""
    if b.scores:
        parts = [
            t("app.banner.score", who=isolate(view_names[i]), change=_signed(a - x), total=a)
            for i, x, a in b.scores
            if i < len(view_names)
        ]
        scores = f'<p class="banner-scores">{esc(" · ".join(parts))}</p>'
    left = q.left()
    count = (
        f'<span class="banner-count">{esc(t("app.banner.count", i=q.at + 1, n=len(q.items)))}</span>'
        if len(q.items) > 1
        else ""
    )
    buttons = button("ui:banner-next", t("app.banner.next") if left > 1 else t("app.banner.ok"), cls="btn banner-next")
    if left > 1:
        buttons += button("ui:banner-skip", t("app.banner.skip"), cls="btn banner-skip")
    seat = "" if b.seat is None else f' data-banner-seat="{b.seat}"'
    if b.mark:  # main.py moves the banner to the foot of the board box when it would hide the mark
        seat += f' data-banner-mark="{esc(b.mark)}"'
    return (
        f'<section class="banner banner-{b.kind}" role="status" aria-live="polite" '
        f'aria-label="{esc(t("app.banner.region"))}" data-banner="{b.kind}" data-banner-n="{b.n}"{seat}>'
        f'<div class="banner-text">{head}{lines}{scores}</div>'
        f'<div class="banner-btns">{count}{buttons}</div></section>'
    )


def _signed(d):
    return f"+{d:g}" if d >= 0 else f"−{abs(d):g}"

"""A non-player opponent (a solo game's automaton), pure Python. The game's spec names the view key
of its entry (``GameSpec.automaton``: also the key its steps carry in the log) and how far its turns
have gone (``GameSpec.automaton_progress``); its renderer the letter on its tokens
(``Renderer.automaton_letter``). Panels add its column to the scores and its token to the log.

Its whole turn runs inside the person's last action; ``AutomatonTurn`` (the session's ``auto``)
shows the steps that turn logged one at a time, paced like a computer seat's decisions, and
``as_of_step`` gives the view while only the first of them are on screen."""

from engine.core import registry

from web.base import renderer
from web.i18n import t


def key_of(name):
    """The view key (and log key) of game ``name``'s non-player opponent; "" when it has none."""
    try:
        return registry.get(name).automaton
    except ValueError:  # a game no longer registered (OptionError is a ValueError)
        return ""


def entry(view):
    """The view's non-player opponent entry (a dict), or None when the game has none or not now."""
    key = key_of(view.get("game"))
    return view.get(key) or None if key else None


def letter(view):
    """The letter on the opponent's tokens in the active language ("" when not said)."""
    try:
        key = renderer.of(view.get("game")).automaton_letter
    except (ImportError, ValueError):
        return ""
    return t(key) if key else ""


def is_step(log_entry, key):
    """Whether a log entry is a step of the non-player opponent's turn (it carries ``key``)."""
    return bool(key) and isinstance(log_entry, dict) and key in log_entry


def as_of_step(view, shown):
    """The view while the first ``shown`` steps of the non-player opponent's turn are on screen
    (its entry's ``last_turn``): only those steps, only the log up to the last of them, and every
    region as it stood after it. Each step's ``table`` holds the view parts that the step changed
    (the first step: all of them; the game engine builds them): laid over the live view in order,
    so the board, the side boards, the player boards and the scores never show a later step's
    pieces. A pure function."""
    key = key_of(view.get("game"))
    auto = view[key]
    steps = auto["last_turn"][:shown]
    out = dict(view, **{key: dict(auto, last_turn=steps)})
    for step in steps:
        for part, values in (step.get("table") or {}).items():
            out[part] = _overlay(out.get(part), values)
    if steps and shown < len(auto["last_turn"]):
        out["log"] = _log_until(view.get("log", []), len(auto["last_turn"]) - shown, key)
    return out


def _overlay(live, part):
    """A step's view part over the live one: a dict key by key, a list of dicts (player boards)
    board by board (the live hand stays: a step holds none), anything else replaced."""
    if isinstance(live, dict) and isinstance(part, dict):
        return dict(live, **part)
    if isinstance(live, list) and isinstance(part, list) and all(isinstance(x, dict) for x in live + part):
        return [dict(a, **b) for a, b in zip(live, part)] + live[len(part) :]
    return part


def _log_until(log, hidden, key):
    """The log without its last ``hidden`` opponent steps (entries carrying ``key``) and what was
    logged after them."""
    idx = [i for i, e in enumerate(log) if is_step(e, key)]
    return list(log[: idx[-hidden]]) if len(idx) >= hidden else list(log)


class AutomatonTurn:
    """The non-player opponent's last turn shown step by step (the session's ``auto``).

    ``owner``: what it reads of the session: ``game`` (None: no game) and ``browse.history``
    (History on screen: nothing is pending)."""

    def __init__(self, owner):
        self.owner = owner
        self.shown = None  # steps of that turn shown so far; None = nothing to show

    def progress(self):
        """(turns, steps) of the opponent in the game on screen (GameSpec.automaton_progress), or None."""
        g = self.owner.game
        if g is None:
            return None
        try:
            spec = registry.get(g.GAME_NAME)
        except ValueError:
            return None
        return spec.automaton_turn(g)

    def steps(self):
        """How many steps its last turn logged (0: none)."""
        p = self.progress()
        return p[1] if p is not None else 0

    def pending(self):
        """Steps of the opponent's turn still to show (never once the game is over, nor in History)."""
        g = self.owner.game
        return (
            self.shown is not None
            and g is not None
            and not g.is_over
            and self.owner.browse.history is None
            and self.shown < self.steps()
        )

    def reset(self):
        """A game started, loaded or undone: nothing to show."""
        self.shown = None

    def after(self, before):
        """An action was applied; ``before``: ``progress()`` just before it. A new turn of the
        opponent shows its first step at once; a turn that went on after a decision inside it shows
        the first new step; else nothing is pending."""
        now = self.progress()
        turns, steps = before if before is not None else (None, 0)
        if (now[0] if now is not None else None) != turns:
            self.shown = 1
        elif turns is not None and now[1] > steps:
            self.shown = steps + 1
        else:
            self.shown = None

    def next(self):
        """The next step goes on screen (the computer seats' clock paces it)."""
        self.shown += 1

    def view(self, view):
        """``view`` as it stands after the steps shown so far (``view`` itself when none is pending)."""
        if entry(view) and self.pending():
            return as_of_step(view, self.shown)
        return view

"""What the page showed before the runtime, handed to the session (web/preboot.js; docs/build.md
"Page start-up"). Pure decisions plus four calls from web/main.py:

- ``hand_over(S, read_form)`` (boot, before the saved game is restored): from now on Python handles
  the page's events. When the build-time new-game form is on screen (web/preboot.js showed it), the
  session's form takes what the player chose there, and the next redraw of the new-game screen
  patches that same DOM (``adopting``) instead of replacing it. Returns True when the player
  pressed Start before the runtime was ready: main.py then starts the game from the form.
- ``adopting(S)`` (redraw): True once, for that first redraw of the adopted form.
- ``keep_table(S, slot, store)`` (after a save): the screen on #app becomes the one the next visit
  shows while the runtime loads, when that screen is what a resume will show and holds no secret
  of a seat the next person should not see (``storable``).
- ``keep_link_table(S, seed, store)`` (a link just started its game): with a seed in the link, its
  first screen is what the same link shows at once when it is opened again, under the same rule.
"""

import json

from web import i18n

# The screens a resume shows (web/session.Session.screen after load_text).
TABLE_SCREENS = ("play", "bot", "over", "handoff")
_adopt = {"pending": False}


def storable(screen, hidden, embed=False):
    """Whether the screen on display may be stored as the game's waiting table. Hidden hands: only
    the hand-off screen (public) and the end (everything is shown then): a seat's own hand or a
    computer's turn seen by a person who took the device stays off storage; the stored table is
    then the last hand-off screen, which is also what the resume shows (shown_seat is None after a
    load). Never in embed mode (a tutorial board keeps nothing)."""
    if embed or screen not in TABLE_SCREENS:
        return False
    return not hidden or screen in ("handoff", "over")


def hand_over(s, read_form, js):
    """Take the page over from web/preboot.js; returns True when Start was pressed before."""
    shown = str(js.handOver()) if js is not None else ""
    if shown in ("form", "queued"):
        try:
            s.refresh_form({**_kept(js), **read_form()})  # game, seats, names, levels and options as chosen
        except Exception:  # noqa: BLE001 - a form Python cannot read: its own form is drawn instead
            return False
        _adopt["pending"] = shown == "form"
    return shown == "queued"


def _kept(js):
    """What the form before the runtime kept off screen (a name of a seat beyond the player count,
    an option of another count: web/static/preboot.js ``kept``), so that Python's form keeps it
    too: {field: value}; {} when there is none or it cannot be read."""
    kept = getattr(js, "kept", None)
    try:
        got = json.loads(str(kept())) if kept is not None else {}
    except Exception:  # noqa: BLE001 - a page's own answer, but never worth the form: nothing kept
        return {}
    return {str(k): str(v) for k, v in got.items()} if isinstance(got, dict) else {}


def adopting(s):
    """For main.redraw: patch the form already on screen (it is Python's own markup) once."""
    pending, _adopt["pending"] = _adopt["pending"], False
    return pending and s.screen == "new"


def keep_table(s, slot, js):
    """After a save of ``slot``: hand web/preboot.js the screen to keep, if it may be kept."""
    if js is None or not slot or s.game is None or getattr(s, "help_open", False):
        return False
    if not storable(s.screen, s.meta.get("hidden", False), s.embed is not None):
        return False
    js.keepTable(slot, s.screen, i18n.active())
    return True


def keep_link_table(s, seed, js):
    """Right after a link started its game and drew it: hand web/preboot.js that first screen to
    keep for the link, if the link is seeded (another opening starts the same table) and the
    screen may be kept (``storable``: no seat's hidden hand)."""
    keep = getattr(js, "keepLinkTable", None) if js is not None else None
    if keep is None or seed is None or s.game is None or getattr(s, "help_open", False):
        return False
    if not storable(s.screen, s.meta.get("hidden", False), s.embed is not None):
        return False
    keep(s.screen, i18n.active())
    return True

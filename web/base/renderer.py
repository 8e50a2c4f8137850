"""The renderer interface: what a game's renderer package declares, and the one way web/ reaches it.

Each game's ``GameSpec.renderer`` names a package (``web.boards.<game>``, or a test's module)
whose attribute ``RENDERER`` is a ``Renderer``. The rest of web/ asks ``of(game)`` for it and
calls its fields; nothing is probed (no ``getattr`` on the module, no signature inspection).
The drawing functions take ONE set of keyword arguments, like ``chess.svg.board``'s:

``render(view, legal_actions, colours=None, *, hint=None, selected=None, lastmove=None,
marks=None, arrows=None, scale=None) -> (svg_markup, ids drawn on it)``

  view           ``game.view(seat)``: only what it holds is drawn; all text escaped
  legal_actions  the Actions to offer: each with a place on the board becomes
                 ``<g class="legal" data-action=ID>`` (the others are the page's buttons)
  colours        seat colours (default ``web.kit.seats.DEFAULT_COLOURS``)
  hint           the suggested action id (class ``hint``)
  selected       the chosen, unconfirmed action id (class ``selected``)
  lastmove       {seat: [action id, ...]}: each seat's last move, marked
  marks          {element: note}: tutorial notes on action ids or named regions
  arrows         [(seat, played id, better id)]: a move played and a better one (the game
                 review's turning points), both ringed and named, an arrow from one to the other
  scale          CSS px per viewBox unit the main board is shown at (None = 1 or more)

``regions(view, legal_actions, colours=None, *, <the same keywords>) -> [web.kit.svgkit.Region]``
is the same table as regions the page lays out (docs/architecture.md "Page layout"); a
renderer without it (``regions=None``) is shown as one "board" region of ``render``'s picture.
tests/web/test_renderer_contract.py checks every registered game's renderer against this.
"""

import importlib
from dataclasses import dataclass, field
from collections.abc import Callable

from engine.core import registry

# The keyword arguments every drawing function takes (and nothing else but view and legal).
KEYWORDS = ("colours", "hint", "selected", "lastmove", "marks", "arrows", "scale")


def _no_groups():
    return {}


@dataclass(frozen=True)
class Renderer:
    render: Callable  # see the module docstring
    regions: Callable | None = None  # render_regions, or None: one "board" region of render's picture
    pick_options: Callable | None = None  # (legal, key) -> (sentence, [Action]): the second step of ui:pick:KEY
    # (legal, ids) -> [(pick key, label, ids it stands for)]: the tray's first step when more than
    # TRAY_MAX of the choices lie off the main board (web/screens/table_panels.tray), or []
    tray_picks: Callable | None = None
    action_groups: Callable = _no_groups  # () -> {action kind: heading (words or a message)} in the active language
    board_viewbox: tuple | None = None  # (w, h) of the main board region (the page fits it to its box)
    width: float = 0  # W: the composed picture's viewBox width ...
    hit: float = 0  # ... and its smallest hit shape (board_min_px); 0: not said
    help: str = ""  # dotted module: player aid and turn-flow words (web/model/turnflow.py)
    automaton_letter: str = ""  # catalog key: the letter on a non-player opponent's tokens (GameSpec.automaton)
    # Tutorial boards (web/embed/board.py, web/embed/lessons.py)
    focus: tuple = ()  # focusable region names beyond "board" and "player:N"
    focus_aliases: dict = field(default_factory=dict)  # other names for them (e.g. "city" -> "board")
    crop: Callable | None = None  # (focus) -> (x, y, w, h) of the main board, or None (no crop focus)
    crop_help: str = ""  # how the crop focuses are written, for the error message
    lessons: str = ""  # dotted module with LESSONS (its lessons)
    lesson_positions: str = ""  # dotted module with POSITIONS (lesson id -> the record and seat it opens at)
    # Records of a frozen 1.x engine (web/i18n/legacy_words.py): dotted module with ALIASES [(pattern, key)]
    legacy_words: str = ""


_CACHE = {}


def load(module_name):
    """The ``Renderer`` a renderer package declares (ImportError if it does not import;
    TypeError if it declares none)."""
    return declared(importlib.import_module(module_name))


def declared(module):
    """The ``RENDERER`` of an imported renderer package (TypeError if it declares none)."""
    got = vars(module).get("RENDERER")
    if not isinstance(got, Renderer):
        raise TypeError(f"{module.__name__} declares no RENDERER (web/base/renderer.py)")
    return got


def of(game):
    """The ``Renderer`` of a registered game (ValueError: no such game; ImportError: it does not
    import). Kept per renderer module, so a test registering a game of its own gets its own."""
    name = registry.get(game).renderer
    if name not in _CACHE:
        _CACHE[name] = load(name)
    return _CACHE[name]


def draw(renderer, view, legal, colours=None, **highlights):
    """``render`` with the keywords given (None = not given), e.g. from the page: (svg, ids drawn)."""
    svg, drawn = renderer.render(view, legal, colours, **_keywords(highlights))
    return svg, set(drawn)


def draw_regions(renderer, view, legal, colours=None, **highlights):
    return list(renderer.regions(view, legal, colours, **_keywords(highlights)))


def _keywords(highlights):
    unknown = set(highlights) - set(KEYWORDS)
    if unknown:
        raise TypeError(f"not a renderer keyword: {sorted(unknown)}")
    return {k: v for k, v in highlights.items() if v is not None}


def module(dotted):
    """A module a renderer names (its help, lessons, legacy words), or None when it names none."""
    return importlib.import_module(dotted) if dotted else None


def loaded():
    """(game name, Renderer) of the registered games whose renderer was asked for already, importing
    none: a first visit downloads another game's renderer only when that game is drawn
    (docs/build.md "First visit")."""
    return [(spec.name, _CACHE[spec.renderer]) for spec in registry.specs() if spec.renderer in _CACHE]


def every():
    """(game name, Renderer) of every registered game whose renderer imports."""
    out = []
    for spec in registry.specs():
        try:
            out.append((spec.name, of(spec.name)))
        except ImportError:
            continue
    return out

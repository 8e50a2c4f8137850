"""How a seat is shown, in one place: the default Okabe-Ito colours, and each seat's letter and
shape (so colour is never the only cue). The renderers (svgkit.seat_mark), the side panels and the
session's setup form all read these tables."""

DEFAULT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00")
SEAT_LETTERS = "ABCDE"
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
SEAT_MARKS = tuple(zip(SEAT_LETTERS, SEAT_SHAPES))  # ("A", "circle"), ("B", "square"), ...
DARK_INK = frozenset({"#000000", "#0072B2", "#D55E00", "#009E73"})  # seat colours that need white text


def letter(seat) -> str:
    return SEAT_LETTERS[int(seat) % len(SEAT_LETTERS)]


def shape(seat) -> str:
    return SEAT_SHAPES[int(seat) % len(SEAT_SHAPES)]


def needs_white_text(colour) -> bool:
    return colour in DARK_INK


def rival_colour(colours) -> str:
    """The colour of a non-player opponent (a solo game's automaton): the first default colour no seat uses."""
    return next((c for c in DEFAULT_COLOURS if c not in colours), DEFAULT_COLOURS[-1])

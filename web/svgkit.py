"""SVG building blocks shared by the game renderers (pure Python, no js imports).

Both renderers draw seats the same way (Okabe-Ito colour + shape + letter, so colour
is never the only cue), escape every text, and wrap each legal target in the same
clickable group: highlight + visual + an invisible hit shape big enough to tap.
"""
from html import escape

DEFAULT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00")
SEAT_LETTERS = "ABCDE"
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
DARK_INK = {"#000000", "#0072B2", "#D55E00", "#009E73"}   # seat colours that need white text
INK = "#1d1d1d"


def esc(x) -> str:
    return escape(str(x), quote=True)


def num(v) -> str:
    """Compact number for coordinates."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def text(x, y, s, size=14, anchor="middle", weight="normal", fill=None, extra="") -> str:
    f = f' style="fill:{fill}"' if fill else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{f}{extra}>{esc(s)}</text>')


def title(s) -> str:
    return f"<title>{esc(s)}</title>"


def trunc(s, n) -> str:
    s = str(s)
    return s if len(s) <= n else s[: n - 1] + "…"


def hit_rect(cx, cy, w, h, hit) -> str:
    """Invisible tap area centred on (cx, cy), at least ``hit`` units each way."""
    w, h = max(w, hit), max(h, hit)
    return f'<rect class="hit" x="{num(cx - w / 2)}" y="{num(cy - h / 2)}" width="{num(w)}" height="{num(h)}"/>'


def hit_circle(cx, cy, r, hit) -> str:
    return f'<circle class="hit" cx="{num(cx)}" cy="{num(cy)}" r="{num(max(r, hit / 2))}"/>'


class RenderContext:
    """Per-render state: legal ids and labels, ids drawn so far, seat colours and names."""

    def __init__(self, view, legal_actions, colours):
        self.view = view
        self.legal = {a.id: a.label for a in legal_actions}
        self.drawn = set()
        self.names = list(view.get("players") or [])
        cols = list(colours or DEFAULT_COLOURS)
        self.colours = [cols[i % len(cols)] for i in range(max(len(self.names), 1))]
        self.seat = view.get("seat")

    def colour(self, seat):
        return self.colours[int(seat) % len(self.colours)]

    def ink(self, seat):
        return "#ffffff" if self.colour(seat) in DARK_INK else INK

    def name(self, seat):
        seat = int(seat)
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def target(self, aid, visual, hit, label=None) -> str:
        """A clickable group for a legal id (drawn once); anything else stays inert."""
        if aid not in self.legal or aid in self.drawn:
            return visual
        self.drawn.add(aid)
        return (f'<g class="legal" data-action="{esc(aid)}" tabindex="0" role="button">'
                f'{title(label or self.legal[aid])}{visual}{hit}</g>')


def seat_mark(ctx, seat, x, y, r=11) -> str:
    """Seat token: colour + shape + letter."""
    seat = int(seat)
    fill, ink = ctx.colour(seat), ctx.ink(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    st = f'fill="{fill}" stroke="#1d1d1d" stroke-width="1.5"'
    n = num
    if shape == "circle":
        body = f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" {st}/>'
    elif shape == "square":
        body = f'<rect x="{n(x - r * .9)}" y="{n(y - r * .9)}" width="{n(r * 1.8)}" height="{n(r * 1.8)}" rx="2" {st}/>'
    elif shape == "triangle":
        body = (f'<polygon points="{n(x)},{n(y - r * 1.15)} {n(x + r * 1.2)},{n(y + r * .9)} '
                f'{n(x - r * 1.2)},{n(y + r * .9)}" {st}/>')
    elif shape == "diamond":
        body = (f'<polygon points="{n(x)},{n(y - r * 1.2)} {n(x + r * 1.2)},{n(y)} {n(x)},{n(y + r * 1.2)} '
                f'{n(x - r * 1.2)},{n(y)}" {st}/>')
    else:
        body = (f'<polygon points="{n(x - r * .55)},{n(y - r)} {n(x + r * .55)},{n(y - r)} {n(x + r * 1.1)},{n(y)} '
                f'{n(x + r * .55)},{n(y + r)} {n(x - r * .55)},{n(y + r)} {n(x - r * 1.1)},{n(y)}" {st}/>')
    dy = r * 0.38 if shape != "triangle" else r * 0.5
    return body + text(x, y + dy, SEAT_LETTERS[seat % len(SEAT_LETTERS)], size=num(r * 1.05), weight="700", fill=ink)

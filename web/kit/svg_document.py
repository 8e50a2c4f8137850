"""The outer <svg> of a board and the one-picture form of a game's regions (history, tests,
tutorials): markup assembly only; the drawing itself is svgkit's and the renderers'."""

from web.kit.svgkit import esc, num


def document(root, width, height, aria, style, background, parts) -> str:
    """The outer <svg> of a board: role "group" (not "img", whose children are hidden from
    screen readers) so the targets inside stay buttons; text alternative: panels' Board as text."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{root}" viewBox="0 0 {num(width)} {num(height)}" '
        f'preserveAspectRatio="xMidYMin meet" role="group" aria-label="{esc(aria)}">'
        f'<style>{style}</style><rect width="{num(width)}" height="{num(height)}" fill="{background}"/>'
        + "".join(parts)
        + "</svg>"
    )


def stack_regions(root, regions, aria, style, background, gap=10) -> str:
    """One SVG holding every region (the old single-picture ``render``: history, tests,
    tutorials): the "board" region on the left, the others stacked in a column at its right.
    Each region is nested as its own <svg> at its own size."""
    left = [r for r in regions if r.place == "board"]
    right = [r for r in regions if r.place != "board"]
    lw = max((r.width for r in left), default=0)
    rw = max((r.width for r in right), default=0)
    parts, y = [], 0
    for r in left:
        parts.append(_nest(r, 0, y))
        y += r.height + gap
    h = y
    x, y = (lw + gap if left else 0), 0
    for r in right:
        parts.append(_nest(r, x, y))
        y += r.height + gap
    width, height = x + rw, max(h, y) - gap
    return document(root, width, max(height, 1), aria, style, background, parts)


def _nest(region, x, y) -> str:
    svg = region.svg
    head, rest = svg.split(">", 1)
    return (
        head.replace(
            "<svg ",
            f'<svg x="{num(x)}" y="{num(y)}" width="{num(region.width)}" '
            f'height="{num(region.height)}" data-region="{esc(region.name)}" ',
            1,
        )
        + ">"
        + rest
    )


def render_from_regions(regions_fn, compose):
    """A renderer's ``render`` (web/base/renderer.py: the declared keywords) made from its
    ``regions``: the same table drawn as regions, composed into one picture by ``compose(view,
    regions) -> svg`` (history, tests, tutorials). Returns ``render``: (svg, the ids drawn)."""

    def render(
        view: dict,
        legal_actions,
        colours=None,
        *,
        hint=None,
        selected=None,
        lastmove=None,
        marks=None,
        arrows=None,
        scale=None,
    ):
        regions = regions_fn(
            view,
            legal_actions,
            colours,
            hint=hint,
            selected=selected,
            lastmove=lastmove,
            marks=marks,
            arrows=arrows,
            scale=scale,
        )
        drawn = set()
        for r in regions:
            drawn |= r.drawn
        return compose(view, regions), drawn

    render.__doc__ = (
        f"SVG markup for the whole table (every region in one picture), and the ids drawn. {compose.__doc__ or ''}"
    )
    return render

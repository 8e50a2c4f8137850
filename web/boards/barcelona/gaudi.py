"""The solo game's Gaudí on the table (view["gaudi"], engine/barcelona/solo_view.py): his colour and
name in the render context, his pawn on the main board, his card region (the card just
revealed, his deck, his Gaudí Rewards and the steps of his last turn) and his board.

Gaudí is no seat: his index (``view["gaudi"]["seat"]``) follows the players' so the board's
owner fields (streets, intersections, markers) draw in his colour like a second player's."""

from engine.core.msg import N_
from web.i18n import t, tr
from web.kit.seats import rival_colour
from web.kit.svgkit import inert, text

from . import layout as L
from .glyphs import MUTED, panel
from .side import wrap

W, P = L.SIDE_W, L.PAD
ARROW_GLYPH = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
# option ids of the solo game (engine/barcelona/solo_data.py) and reward kinds, by name
DIFFICULTY = {
    "easy": N_("bcn.ui.difficulty.easy"),
    "normal": N_("bcn.ui.difficulty.normal"),
    "hard": N_("bcn.ui.difficulty.hard"),
}
# i18n: the solo rules' names (original booklet / the «Gaudí 2.0» update): no seed names them, terms chosen
RULES = {"original": N_("bcn.ui.rules.original"), "2.0": N_("bcn.ui.rules.v2")}
PRIORITY = {
    "vp": N_("bcn.ui.kind.vp"),
    "coin": N_("bcn.ui.kind.coin"),
    "cloth": N_("bcn.ui.kind.cloth"),
    "cerda": N_("bcn.ui.kind.cerda"),
    "sagrada": N_("bcn.ui.kind.sagrada"),
    "goods": N_("bcn.ui.kind.goods"),
    "action": N_("bcn.ui.kind.action"),
    "none": N_("bcn.ui.kind.none"),
}


def prepare(ctx):
    """Give Gaudí a name and a colour in the context (his seat index is players + 0)."""
    g = ctx.view.get("gaudi")
    if not g:
        return
    seat = g["seat"]
    while len(ctx.names) < seat:
        ctx.names.append(t("bcn.ui.seat", n=len(ctx.names) + 1))
    ctx.names[seat : seat + 1] = [tr(g.get("name")) or t("bcn.gaudi")]  # a message (older views: words)
    ctx.colours = list(ctx.colours[:seat]) + [rival_colour(ctx.colours[:seat])]
    ctx.letters[seat] = t("bcn.ui.gaudi_letter")  # "G" on his streets and tiles, not seat B's letter


def draw_pawn(ctx) -> str:
    """His pawn: a tall marker beside the intersection it stands on."""
    g = ctx.view.get("gaudi")
    if not g or not g.get("pawn"):
        return ""
    r, c = (int(x) for x in g["pawn"].split(","))
    x, y = L.gxy(r, c)
    x, y = x - 24, y - 24
    col = ctx.colour(g["seat"])
    body = (
        f'<path d="M{x - 9} {y + 12}L{x - 5} {y - 4}A7 7 0 1 1 {x + 5} {y - 4}L{x + 9} {y + 12}Z" '
        f'fill="{col}" stroke="#1d1d1d" stroke-width="2"/>' + text(x, y + 9, "G", size=12, weight="700", fill="#1d1d1d")
    )
    return inert(t("bcn.ui.gaudi_pawn", name=ctx.name(g["seat"])), body)


def draw_card(ctx) -> tuple:
    """His card region: the revealed card, deck and discard, Gaudí Rewards, his last turn."""
    g = ctx.view["gaudi"]
    ctx.anchor(("region", "gaudi"), 50, 12)
    out = []
    y = 48
    card = g.get("card")
    if card:
        arrow = card["back"] if g.get("rules") == "2.0" else card["arrow"]
        name = tr(card["name"])
        desc = t(
            "bcn.ui.card_desc",
            n=card["id"] + 1,
            name=name,
            arrow=ARROW_GLYPH.get(arrow, arrow),
            slot=card["slot"],
            priority=", ".join(t(PRIORITY.get(k, k)) for k in card["priority"]),
        )
        out.append(
            inert(
                desc,
                f'<rect x="{P}" y="{y - 18}" width="{W - 2 * P}" height="32" rx="6" fill="#fff" '
                f'stroke="#1d1d1d" stroke-width="1.5"/>'
                + text(
                    P + 10, y + 3, t("bcn.ui.card", n=card["id"] + 1, name=name), size=14, anchor="start", weight="700"
                )
                + text(W - P - 14, y + 5, ARROW_GLYPH.get(arrow, arrow), size=20, anchor="end", weight="700"),
            )
        )
    else:
        out.append(text(P, y, t("bcn.ui.no_card"), size=13, anchor="start", fill=MUTED))
    y += 34
    revealed = len(g.get("revealed", []))
    deck = (
        t("bcn.ui.deck_next", n=g["deck_size"], revealed=revealed, back=ARROW_GLYPH.get(g["next_back"], ""))
        if g.get("next_back")
        else t("bcn.ui.deck_cards", n=g["deck_size"], revealed=revealed)
    )
    out.append(text(P, y, deck, size=13, anchor="start"))
    y += 22
    level = t(DIFFICULTY.get(g["difficulty"], g["difficulty"]))
    out.append(
        inert(
            t("bcn.ui.gr_tip", value=g["gr_value"], difficulty=level),
            text(P, y, t("bcn.ui.gr_line", gr=g["gr"], value=g["gr_value"], vp=g["vp"]), size=13, anchor="start"),
        )
    )
    y += 22
    rules = t(RULES.get(g["rules"], g["rules"]))
    if g.get("sagrada_gr"):
        words = t("bcn.ui.gaudi_rules_variant", rules=rules, difficulty=level)
    else:
        words = t("bcn.ui.gaudi_rules", rules=rules, difficulty=level)
    out.append(text(P, y, words, size=12, anchor="start", fill=MUTED))
    steps = g.get("last_turn", [])
    if steps:
        y += 26
        out.append(text(P, y, t("bcn.ui.last_turn"), size=14, anchor="start", weight="700"))
        for s in steps:
            for k, line in enumerate(wrap(tr(s.get("text"), ctx.names), 50)):
                y += 18
                out.append(text(P + (4 if k == 0 else 16), y, ("• " if k == 0 else "") + line, size=12, anchor="start"))
    h = y + 14
    return panel(0, 0, W, h, ctx.name(g["seat"])) + "".join(out), h

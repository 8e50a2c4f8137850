"""The hand-off card's board (issue 51: taps with hidden hands): where the next seat's decision
happens, when that place shows nothing the seat holds (Session.handoff_places, from the game's
``HANDOFF_PLACES``: e.g. the free places of a placement, whatever pieces the seat holds for it).

The board is the renderer's main board drawn from the public view (``view(None)``) with one
``ui:pick:<key>`` target per place (the renderer draws a legal ``ui:pick:`` id at its place), so
every seat sees the same targets and words whatever it holds. A tap takes the device and goes on
with that place (Session.handoff_pick). The board shows the part that holds the places
(kit.regions.focus_regions), drawn for the scale it is shown at in the card's box (the page
measures ``.card-board`` into ``Session.card_box``): text >= 12 px, targets >= 44 px.
"""

from engine.core.action import Action
from web.base import renderer as renderer_api
from web.i18n import t, tr
from web.kit.html_kit import esc
from web.kit.regions import board_scale, focus_regions

PICK = "ui:pick:"  # the first step of a two-step board choice (Session.pick_at); here: the card's


def with_board(s, inner):
    """The card (``inner``: its title, "I am Ann", choices and the moves since) with the board
    beside it (landscape) or under its button (portrait), when the next decision has places."""
    board = card_board(s)
    if not board:
        return f'<div class="card handoff">{inner}</div>'
    return f'<div class="card handoff" data-board="1"><div class="handoff-text">{inner}</div>{board}</div>'


def card_board(s):
    """The card's board section, or "" when the decision has no public places (or the game no
    regions to draw them in)."""
    places = s.handoff_places()
    if not places:
        return ""
    rend = s.renderer(s.game.GAME_NAME)
    if rend is None or rend.regions is None:
        return ""
    view = s.game.view(None)
    prompt = view.get("prompt") or ""
    legal = [Action(PICK + key, prompt) for key in places]
    colours = list(s.meta["colours"])

    def draw(scale):
        return renderer_api.draw_regions(rend, view, legal, colours, scale=scale)

    box = s.card_box or s.board_box
    regions, _parts = focus_regions(draw(board_scale(box, rend.board_viewbox)), box, draw)
    board = next((r for r in regions if r.place == "board"), None)
    if board is None or not board.drawn:
        return ""
    words = tr(prompt, view.get("players") or [])
    return (
        f'<section class="card-board-area" aria-label="{esc(words)}">'
        f'<p class="card-board-why">{esc(t("app.handoff.at_once"))} <strong>{esc(words)}</strong></p>'
        f'<div class="card-board">{board.svg}</div></section>'
    )

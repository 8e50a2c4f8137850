"""Tiny's renderer (tests only): the four cells of fake_game.py as board targets. It declares the
least a renderer may (web/base/renderer.py): ``render`` and its action groups; no regions, lessons."""

from web.base.renderer import Renderer

# Action kind -> heading of its group of buttons (web/decision_panels.actions_panel).
ACTION_GROUPS = {"take": "Take coins", "cell": "Claim a cell", "pass": "Pass"}


def render(
    view, legal_actions, colours=None, *, hint=None, selected=None, lastmove=None, marks=None, arrows=None, scale=None
):
    legal = {a.id for a in legal_actions}
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" class="board">']
    drawn = set()
    for k in range(4):
        aid = f"cell:{k}"
        owner = view.get("cells", {}).get(str(k))
        cls = "legal hint" if aid == hint else "legal"  # the suggested move, as the real renderers mark it
        attrs = f' data-action="{aid}" class="{cls}"' if aid in legal else ""
        if aid in legal:
            drawn.add(aid)
        fill = "#ddd" if owner is None else ["#E69F00", "#56B4E9", "#009E73", "#F0E442"][owner]
        parts.append(f'<rect x="{10 + k * 95}" y="10" width="85" height="100" fill="{fill}"{attrs}/>')
    parts.append("</svg>")
    return "".join(parts), drawn


RENDERER = Renderer(render=render, action_groups=lambda: ACTION_GROUPS)

"""A turning point on a tutorial board (docs/embedding.md "A turning point"): the parameters
``at``, ``better``, ``loss`` and ``spread`` of an embedded board checked, and the words under it.

``at`` is the index of a decision in the record's actions (the review's turning point ``at``,
docs/review.md): the board shows the position before it, the move the record played there and
``better`` (the move the Hard level prefers) both drawn with the renderers' ``arrows`` keyword (as
the review screen draws them), and says the estimated difference ``loss`` in VP (``spread``: its
noise, optional). The author gives ``better`` and ``loss`` as ``./run.sh review`` prints them in
``turning_points`` (checked against the record, nothing evaluated: a page appears at once), or
neither: then the board evaluates that one decision with the review's judge (``judge``), which
holds the page's runtime for about a second or two. Pure Python: CPython-testable.
"""

import math
import re

from engine.core.errors import RecordError
from web.model.limits import parse_int, quote

PARAMS = ("at", "better", "loss", "spread")
MAX_VP = 1000  # no game's margin comes near it: a larger figure is a typo


def _t(key, **params):
    """The page's words (web/i18n/__init__.py), in the language the board's parameters activated."""
    from web.i18n import t

    return t(key, **params)


def _vp(params, key, low_ok):
    """A figure in VP from the parameters: finite, above 0 (``low_ok``: 0 allowed), at most MAX_VP."""
    raw = params[key].strip()
    try:
        value = float(raw) if len(raw) <= 12 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and (value >= 0 if low_ok else value > 0) and value <= MAX_VP):
        key_msg = "app.err.embed_spread" if low_ok else "app.err.embed_loss"
        raise RecordError(_t(key_msg, value=quote(params[key], 20), high=MAX_VP))
    return value


def parse(params, record, position):
    """The turning point of checked parameters, or None when ``at`` is not given: {"at", "seat",
    "played", "better", "loss", "spread"}. ``params``: the board's parameters (name -> text);
    ``position(record, step)``: web/embed/draw.position (the replay checks every id). RecordError,
    worded in the board's language, for anything that does not fit: nothing is drawn then."""
    given = [k for k in PARAMS if params.get(k, "") != ""]
    if "at" not in params or params["at"] == "":
        if given:
            raise RecordError(_t("app.err.embed_needs_at", param=given[0]))
        return None
    for other in ("step", "lesson"):
        if params.get(other, "") != "":
            raise RecordError(_t("app.err.embed_at_with", param=other))
    figures = [k for k in ("better", "loss", "spread") if k in given]
    if figures and not {"better", "loss"} <= set(figures):  # the author's figures: both, or none
        raise RecordError(_t("app.err.embed_at_needs", param="loss" if "better" in figures else "better"))
    n = len(record["actions"])
    at = parse_int(params["at"], "at")
    if not 0 <= at < n:  # a decision of the record: the move played there is in it
        raise RecordError(_t("app.err.embed_at", at=at, last=n - 1))
    if figures:
        loss = _vp(params, "loss", low_ok=False)
        spread = _vp(params, "spread", low_ok=True) if "spread" in given else None
    game, _ = position(record, at)
    played = record["actions"][at]
    legal = {a.id for a in game.legal_actions()}
    if played not in legal:
        raise RecordError(_t("app.err.embed_at_played", at=at, played=quote(played, 40)))
    if not figures:  # none given: the review's own judgement of this decision
        got = judge(record, at)
        return dict(got, loss=round(got["loss"], 1), spread=round(got["spread"], 1))
    better = params["better"].strip()
    if better == played:
        raise RecordError(_t("app.err.embed_better_same", better=quote(better, 40)))
    if better not in legal:
        raise RecordError(_t("app.err.embed_better", better=quote(better, 40), at=at))
    return {"at": at, "seat": game.current_player, "played": played, "better": better, "loss": loss, "spread": spread}


_JUDGED = {}  # (record's game, seed, options, actions up to the decision) -> the judgement: a frame
_JUDGED_MAX = 32  # parses its parameters for the picture and again for the live board


def judge(record, at):
    """The game review's judgement of decision ``at`` (review/judge.py, with the game's search hooks
    as review.Review runs it: the same candidates and worlds, so the same figures as ``./run.sh
    review`` for that decision): {"at", "seat", "played", "better", "loss", "spread", "worlds"}.
    ``loss`` is 0 when the judge prefers the move played (then ``better`` is it). Deterministic."""
    import json

    from review.judge import Judge
    from review.replay import hook, load_empty, play

    key = json.dumps(
        [record.get(k) for k in ("game", "engine", "players", "options", "seed")] + [record["actions"][: at + 1]],
        sort_keys=True,
    )
    if key not in _JUDGED:
        spec, game = load_empty(record)
        for i, aid in enumerate(record["actions"][:at]):
            play(game, i, aid)
        hooks = hook(spec, "search_hooks")
        j = Judge(game, at, record["actions"][at], record["seed"], hooks(game) if hooks is not None else None)
        while not j.done():
            j.step()
        if len(_JUDGED) >= _JUDGED_MAX:
            _JUDGED.clear()
        _JUDGED[key] = j.result()
    return dict(_JUDGED[key])


def arrows(turning):
    """The renderers' ``arrows`` highlight of a turning point (web/kit/arrows.py)."""
    return [(turning["seat"], turning["played"], turning["better"])] if turning else None


def caption(turning, game):
    """The words of a turning point (``game``: the position before it): who played what, what the
    Hard level prefers, and the estimated difference with its uncertainty (the review screen's
    words, web/model/review_view.vp_words)."""
    from html import escape

    from web.model.review_view import vp_words
    from web.screens.review_panels import move_label

    seat = turning["seat"]
    names = list(game.names)
    who = names[seat] if 0 <= seat < len(names) else ""
    played, better = move_label(game, turning["played"]), move_label(game, turning["better"])
    if turning["better"] == turning["played"]:  # an evaluated decision the Hard level agrees with
        verdict = _t("app.embed.tp_agrees")
    else:
        verdict = _t("app.embed.tp_loss", worse=vp_words(turning["loss"], turning["spread"]))
    return (
        f'<div class="eb-turning" data-at="{turning["at"]}" data-played="{escape(turning["played"])}" '
        f'data-better="{escape(turning["better"])}">'
        f'<p class="eb-tp-played">{escape(_t("app.embed.tp_played", who=who, move=played))}</p>'
        f'<p class="eb-tp-better">{escape(_t("app.embed.tp_better", move=better))}</p>'
        f'<p class="eb-tp-loss">{escape(verdict)}</p></div>'
    )


_MARK = re.compile(r'<g class="review-mark[^"]*"[^>]*><circle cx="([-0-9.]+)"')


def spot(svg):
    """The x (viewBox units) a wide board opens centred on (web/embed/draw.spot): the middle of the
    two moves' rings; None when neither is drawn on this picture."""
    xs = [float(x) for x in _MARK.findall(svg)]
    return round((min(xs) + max(xs)) / 2, 1) if xs else None

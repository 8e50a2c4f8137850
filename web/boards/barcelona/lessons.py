"""Barcelona's tutorial lessons (web/kit/lesson_kit.py says what a lesson is; the positions are in
lesson_positions.py, found by scripts/find_lesson_positions.py). Checks read the engine's view and
state before and after the reader's move; nothing here re-implements a rule."""

from engine.barcelona import board as _bcn_board
from web.kit.lesson_kit import Lesson, after_move, any_move, best, decision, is_, kind_is


def pb(game, seat):
    return game.view(seat)["player_boards"][seat]


def bcn_vp(game, seat):
    return game.view(seat)["scores"][seat]


def act_tile(game, aid):
    """The action tile of the street that ``act:v|h|d`` takes at the intersection being used."""
    if not aid.startswith("act:") or aid == "act:done":
        return None
    frame = game.stack[-1]
    for code, line in _bcn_board.LINES_AT[frame.rc]:
        if code == aid[4:]:
            return game.action_tiles[line]
    return None


def street_lesson(tile):
    def where(game):
        if decision(game) != "act":
            return False
        tiles = [act_tile(game, a.id) for a in game.legal_actions()]
        return tile in tiles and any(t not in (None, tile) for t in tiles)

    def check(before, aid, after):
        return act_tile(before, aid) == tile

    return where, check


def _level(aid):
    """build:SITE:LEVEL:... -> the level (a corner building counts as 1), else -1."""
    if not aid.startswith("build:"):
        return -1
    part = aid.split(":")[2]
    return int(part) if part.isdigit() else 1


def build_level(before, aid, after):
    return _level(aid) == max(_level(a.id) for a in before.legal_actions())


def track_floor(game, seat):
    """The lowest value visible on the three citizen tracks (the view's ``next_value``): what a
    building scores from the tracks once its citizens moved onto them (p.13 step 4)."""
    return min(game.view(seat)["tracks"]["next_value"].values())


def tracks_matter(game):
    """A build decision where the citizens moved decide what the tracks pay, and the highest
    level does not always pay the most from them (not the same lesson as bcn.build)."""
    if decision(game) != "build":
        return False
    seat = game.current_player
    legal = [a.id for a in game.legal_actions()]
    floors = {aid: track_floor(after_move(game, aid), seat) for aid in legal}
    highest = max(_level(aid) for aid in legal)
    return len(set(floors.values())) > 1 and any(
        floors[aid] < max(floors.values()) for aid in legal if _level(aid) == highest
    )


STREET_TILES = ("coins", "cloth", "wide", "narrow", "cross", "cobble", "improve", "mtake", "service", "cerda", "tram")
# The tiles whose action asks one more decision of the same seat (where the street goes, which
# intersection, which cobblestone...): their lesson steps on to it, so the reader completes it.
STEP_ON = {
    "wide": "street",
    "narrow": "street",
    "cross": "cross",
    "cobble": "cobble",
    "improve": "improve",
    "mtake": "mtake",
    "service": "service",
    "tram": "tram",
}

LESSONS = [
    Lesson(
        "bcn.place",
        "barcelona",
        "placement and costs",
        kind_is("place"),
        lambda b, aid, a: pb(a, b.current_player)["coins"] >= pb(b, b.current_player)["coins"],
    ),
]
for _tile in STREET_TILES:
    _w, _c = street_lesson(_tile)
    _then = ((STEP_ON[_tile], any_move),) if _tile in STEP_ON else ()
    LESSONS.append(Lesson(f"bcn.street.{_tile}", "barcelona", f"street action: {_tile}", _w, _c, then=_then))


def placed_on(aid):
    """place:R,C:XX -> (R, C), else None."""
    if not aid.startswith("place:") or aid == "place:none":
        return None
    return tuple(int(v) for v in aid.split(":")[1].split(","))


def owned_by_other(before, aid, after):
    """The citizens went on an intersection another player owns (its tile covers the printed
    cost; the engine then gives that owner a reward)."""
    owner = before.cross_owner.get(placed_on(aid))
    return owner is not None and owner != before.current_player


def opponent_tile_free(game):
    return decision(game) == "place" and any(owned_by_other(game, a.id, None) for a in game.legal_actions())


def owner_choice(game):
    """The owner picks rewards, and every pick is settled at once (no full warehouse to sort out
    first: its VP would come only after that follow-up)."""
    if decision(game) != "owner":
        return False
    seat = game.current_player
    return all(after_move(game, a.id).current_player != seat for a in game.legal_actions())


LESSONS += [
    Lesson(
        "bcn.cross",
        "barcelona",
        "intersections and owner rewards",
        kind_is("cross"),
        best(lambda g, s: pb(g, s)["coins"] + pb(g, s)["cloth"]),
    ),
    Lesson("bcn.owner.place", "barcelona", "intersections and owner rewards", opponent_tile_free, owned_by_other),
    Lesson("bcn.owner", "barcelona", "intersections and owner rewards", owner_choice, best(bcn_vp)),
    Lesson("bcn.build", "barcelona", "building and levels", kind_is("build"), build_level),
    Lesson("bcn.tracks", "barcelona", "tracks and Cerdà scoring", tracks_matter, best(track_floor), focus="tracks"),
    Lesson(
        "bcn.cerda",
        "barcelona",
        "tracks and Cerdà scoring",
        kind_is("cobble"),
        best(lambda g, s: pb(g, s)["cerda"] * 100 + bcn_vp(g, s)),
        focus="pavement",
    ),
    Lesson(
        "bcn.modernisme",
        "barcelona",
        "Modernisme",
        kind_is("improve", "mtake"),
        best(lambda g, s: g.view(s)["modernisme_preview"][s] if "modernisme_preview" in g.view(s) else 0),
        focus="player:{seat}",
    ),
    Lesson("bcn.services", "barcelona", "public services", kind_is("service"), best(bcn_vp), focus="services"),
    Lesson(
        "bcn.sagrada",
        "barcelona",
        "Sagrada Família",
        kind_is("stile"),
        best(lambda g, s: bcn_vp(g, s) * 10 + pb(g, s)["coins"] + pb(g, s)["cloth"]),
        focus="sagrada",
    ),
    Lesson("bcn.tram", "barcelona", "tram and passengers", kind_is("passenger"), is_("passenger:yes")),
    Lesson(
        "bcn.end",
        "barcelona",
        "the end",
        lambda g: g.view(None).get("end_triggered") and decision(g) == "build",
        build_level,
    ),
]

#!/usr/bin/env python3
"""Find a position for every tutorial lesson (web/embed/lessons.py) by seeded search and write
them to each game's lesson_positions.py (web/boards/<game>/).

For each game, plays seeded games (moves drawn by random.Random(seed): deterministic, no clock)
and stops at the first position where a lesson's ``where`` holds and its check both accepts one
legal move and rejects another. Barcelona: 2 players, printed layout; Strasbourg: 3 players.

    .venv/bin/python scripts/find_lesson_positions.py           # (re)write the positions module
    .venv/bin/python scripts/find_lesson_positions.py --check   # exit 1 if a stored position broke
    .venv/bin/python scripts/find_lesson_positions.py --only bcn.owner sxb.council
        # search these lessons only; the other stored positions are kept as they are
"""

import argparse
import json
import random
import sys
from pathlib import Path

import engine
from engine.core import registry
from web.embed import lessons as L
from web.kit import lesson_kit as K
from web.base import renderer

ROOT = Path(__file__).resolve().parent.parent


SETUP = {"barcelona": (2, {"layout": "printed"}), "strasbourg": (3, {})}
GAMES_PER_LESSON = 400


def search(game_name, lessons, max_games=GAMES_PER_LESSON):
    players, options = SETUP[game_name]
    spec = registry.get(game_name)
    found = {}
    for seed in range(1, max_games + 1):
        todo = [x for x in lessons if x.id not in found]
        if not todo:
            break
        rng = random.Random(seed)
        game = spec.new_game(players, seed, **options)
        while not game.is_over and len(game.actions) < 4000:
            for lesson in todo:
                if lesson.id not in found and lesson.where(game) and K.discriminates(lesson.check, game):
                    found[lesson.id] = {"record": game.record(), "seat": game.current_player}
            legal = game.legal_actions()
            game.apply(rng.choice(legal).id)
    return found


def out_path(game_name):
    """The game's lesson_positions.py, beside its lessons module (Renderer.lessons)."""
    dotted = renderer.of(game_name).lessons.rsplit(".", 1)[0] + ".lesson_positions"
    return ROOT / (dotted.replace(".", "/") + ".py")


def write(game_name, positions):
    lines = [
        '"""Lesson positions found by scripts/find_lesson_positions.py (seeded search); generated,',
        'do not edit. lesson id -> {"record": game record, "seat": the seat to act}."""',
        "POSITIONS = {",
    ]
    for key in sorted(positions):
        lines.append(f"    {key!r}: {json.dumps(positions[key], separators=(',', ':'))},")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    text = text.replace(":true", ":True").replace(":false", ":False").replace(":null", ":None")
    out_path(game_name).write_text(text)


def check():
    bad = []
    for lesson in L.BY_ID.values():
        pos = lesson.position
        if pos is None:
            bad.append(f"{lesson.id}: no position")
            continue
        game = engine.replay(pos["record"])
        if not (lesson.where(game) and K.discriminates(lesson.check, game)):
            bad.append(f"{lesson.id}: the stored position no longer fits")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", nargs="+", metavar="LESSON", help="lesson ids to (re)search")
    ap.add_argument("--games", type=int, default=GAMES_PER_LESSON, help="seeded games per game at most")
    args = ap.parse_args()
    if args.check:
        bad = check()
        print("\n".join(bad) or "every lesson position fits")
        sys.exit(1 if bad else 0)
    for game_name, lessons in L.LESSONS.items():
        positions = {}
        if args.only:
            positions = {k: v for k, v in K.positions(game_name).items() if k not in args.only}
            lessons = [x for x in lessons if x.id in args.only]
            if not lessons:
                continue
        got = search(game_name, lessons, args.games)
        positions.update(got)
        missing = [x.id for x in lessons if x.id not in got]
        print(f"{game_name}: {len(got)} positions" + (f"; none for {', '.join(missing)}" if missing else ""))
        write(game_name, positions)
        print(f"wrote {out_path(game_name).relative_to(ROOT)}")


if __name__ == "__main__":
    main()

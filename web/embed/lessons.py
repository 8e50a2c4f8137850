"""Every game's tutorial lessons, found through the registry: each renderer names its lessons
module (``Renderer.lessons``: LESSONS, web/boards/<game>/lessons.py; their stored positions:
``Renderer.lesson_positions``); what a lesson is (web.kit.lesson_kit.Lesson) and the checks they
share are in web/kit/lesson_kit.py."""

from web.base import renderer


def _collect():
    out = {}
    for name, rend in renderer.every():
        mod = renderer.module(rend.lessons)
        if mod is not None:
            out[name] = list(mod.LESSONS)
    return out


LESSONS = _collect()  # game name -> [Lesson], in tutorial order
BY_ID = {lesson.id: lesson for lessons in LESSONS.values() for lesson in lessons}


def by_id(lesson_id):
    """The lesson with a stored position, else None."""
    lesson = BY_ID.get(str(lesson_id))
    return lesson if lesson is not None and lesson.position is not None else None


def focus_of(lesson):
    """The lesson's region, with {seat} = the seat to act."""
    if "{seat}" not in lesson.focus:
        return lesson.focus
    return lesson.focus.replace("{seat}", str(lesson.position["seat"]))

"""The game review (issue 52, docs/review.md): after a finished game, the score over time, where
the points came from, and each decision judged against the strongest level's preference.

Pure: the standard library and the engine only; no js or pyscript, no clock, no global random;
it speaks no human language (message keys only). The browser's worker and ``./run.sh review``
run the same code::

    from review import Review, ReviewError, analyse
    r = Review(record)        # ReviewError (.message: a message) if damaged or unfinished
    r.quick()                 # the replay's part at once
    while r.step(): ...       # the evaluation, a short step at a time
    r.result(); r.state()     # Review(record, state=saved) resumes
"""

from .errors import ReviewError
from .review import Review, analyse

__all__ = ["Review", "ReviewError", "analyse"]

"""What each action changed, stated in Barcelona's log when it is read (BarcelonaGame.log):
``BarcelonaGame.apply`` notes (first line, end, action number, values before, values after,
scorings, the action's label) per action; ``state`` puts each seat's change into the line that
action wrote for the seat ("... → +2 coins"), or a line of its own that names its reason: the
action's label ("P2: −1 cloth (Cobblestone on pavement 2-2)"), or the scoring the action set off
(``BarcelonaGame.gains_cut``: "P1: +6 VP and Cerdà −2 (Cerdà scoring 2)"). Issue 51: every line
that changes a number says why."""

from operator import sub

from ..core.msg import msg
from .effects import SEATS

_GAINS = "bcn.log.gains"  # the message "entry → gains" (its key is extracted in game.py)
_DELTA_TEXT = {}  # (coins, cloth, VP, Cerdà, Sagrada) change -> its message (shared, never changed)


def state(self) -> None:  # self: the BarcelonaGame
    """Each noted action's changes, in order, go into the last line that action wrote for
    the seat ("... → +2 coins"), or a line of their own right after its lines that names the
    action as the reason ("P2: −1 cloth (Cobblestone on pavement 2-2)"). What a scoring the
    action set off changed (``gains_cut``) is a line of its own just before the scoring's lines,
    with the scoring as its reason ("P1: +6 VP and Cerdà −2 (Cerdà scoring 2)")."""
    pending, self._gains = self._gains, []
    log = self._log
    added = 0  # lines of their own inserted so far: later places move down
    for first_entry, end, n, before, after, cuts, label in pending:
        # the action's own part, then one part per scoring: (first line, values, reason)
        parts = [(first_entry, before, None)]
        if cuts:
            parts += cuts
        for j, (start, b_values, reason) in enumerate(parts):
            stop, a_values = (parts[j + 1][0], parts[j + 1][1]) if j + 1 < len(parts) else (end, after)
            start += added
            stop += added
            inserted = 0  # this part's lines of their own so far
            for seat in range(len(a_values) // 5):
                k = 5 * seat
                now, b = a_values[k : k + 5], b_values[k : k + 5]  # five values per board
                if now == b:
                    continue
                delta = tuple(map(sub, now, b))
                text = _DELTA_TEXT.get(delta)
                if text is None:
                    text = _DELTA_TEXT[delta] = self._delta_text(delta)
                i = stop  # a scoring's part is never put into a line: the scoring's line is everyone's
                while reason is None and i > start:  # the line this action wrote for that seat, the last first
                    i -= 1
                    e = log[i]
                    if e.get("seat") == seat and "private_to" not in e:
                        # the entry's message gains a structured "what changed" ("... → +2 coins")
                        e["text"] = {"entry": e["text"], "gains": text, "key": _GAINS}  # msg(), inline
                        break
                else:
                    line = msg("bcn.log.who_gains", who=SEATS[seat], gains=text)
                    why = label if reason is None else reason
                    # the action's part after its lines; a scoring's just before the scoring's
                    # own lines (the game's last line stays "Game over")
                    at = stop if reason is None else start + inserted
                    log.insert(at, {"n": n, "seat": seat, "text": msg("bcn.log.because", line=line, reason=why)})
                    inserted += 1
                    stop += 1
                    added += 1

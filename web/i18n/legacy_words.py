"""The frozen 1.x engines' English, read back into today's catalog keys (docs/i18n.md "Games of
the 1.x engine").

Records saved before the catalogs existed replay on engine/legacy/v1, a frozen copy whose labels,
prompts, log lines and data-table names are English sentences. The copy must not change (its
fixtures replay it byte for byte), so the words are translated at the web edge instead: a
sentence is matched against the **English templates of today's catalogs** (most of the 1.x
wording survived the move to message keys), its parameters are read back the same way
(recursively: "+2 coins" inside a reward, a service's name inside a log line), and the result is
an engine message, ``{"key": ..., **params}``, which ``i18n.tr`` words in any language.

Where the 1.x wording differs from today's English, each renderer's 1.x words (``Renderer.legacy_words``,
its ``ALIASES``) name the key it means, with the 1.x sentence as its pattern. A sentence nothing matches is shown as it is (a player's name, a
board coordinate such as "C3-D4"); tests/web/test_i18n_legacy.py replays every
tests/fixtures/legacy record and fails on any shown word left in English.
"""
import re

from web.i18n import catalogs as cats
from web.base import renderer


def prefixes():
    """Only the games' and the engines' shared keys: the app's and the tutorial's own words are
    never what a 1.x engine says (and matching them too would only add false readings)."""
    return tuple(p + "." for p in cats.game_prefixes()) + ("core.",)



def _aliases(rends):
    """1.x sentences whose wording today's English no longer has: (pattern, key), kept beside
    each game's words (so the catalog build files their keys under the game's domain); of the
    games whose renderer is loaded (``rends``: a game's 1.x record is read once it is drawn, and a
    first visit does not download the other game's renderer to read nothing of it)."""
    out = []
    for _, rend in rends:
        mod = renderer.module(rend.legacy_words)
        if mod is not None:
            out += list(mod.ALIASES)
    return out


_PH = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_NUM = re.compile(r"^\d+$")   # a count; a sign stays text ("+2", "−3" read the same everywhere)
_WORD = re.compile(r"[^\W\d_]{2}")
_state = {"templates": None, "games": None, "memo": {}, "inner": {}}


class _Tpl:
    """One English template; its regex is compiled when a string first passes the cheap tests
    (compiling all ~1000 up front took 0.7 s in CPython, more in Pyodide)."""
    __slots__ = ("key", "plural", "text", "_regex", "names", "anchor", "weight", "worded")

    def __init__(self, key, text, plural=None):
        self.key, self.plural, self.text, self._regex = key, plural, text, None
        literals = _PH.split(text)[::2]
        self.names = list(dict.fromkeys(_PH.findall(text)))
        self.anchor = max(literals, key=len)          # a cheap first test: it must occur in the string
        self.weight = sum(len(x) for x in literals)   # the most specific template wins
        self.worded = bool(_WORD.search("".join(literals)))

    @property
    def regex(self):
        if self._regex is None:
            parts, pos, seen = [], 0, set()
            for m in _PH.finditer(self.text):
                parts.append(re.escape(self.text[pos:m.start()]))
                name = m.group(1)
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
                seen.add(name)
                pos = m.end()
            parts.append(re.escape(self.text[pos:]))
            self._regex = re.compile("^" + "".join(parts) + "$", re.S)
        return self._regex


def _english_entries():
    """(key, template, plural-or-None) for every English entry of the games' and engines' keys."""
    out, seen = [], set()
    cat = cats.catalog(cats.DEFAULT)
    keep = prefixes()
    while cat is not None:
        for k, v in getattr(cat, "_catalog", {}).items():
            if isinstance(k, tuple):       # a plural entry: (msgid, form index)
                key, plural = k[0], True
            else:
                key, plural = k, None
            if not key or not key.startswith(keep) or not isinstance(v, str) or not v:
                continue
            if (key, v) not in seen:
                seen.add((key, v))
                out.append((key, v, plural))
        cat = getattr(cat, "_fallback", None)
    return out


def _templates():
    rends = renderer.loaded()
    games = tuple(name for name, _ in rends)
    if _state["templates"] is None or _state["games"] != games:  # another game's renderer loaded since
        _state["games"] = games
        _state["memo"].clear()
        _state["inner"].clear()
        tpls = [_Tpl(key, text, plural) for key, text, plural in _english_entries()
                if "{key}" not in text and "{plural}" not in text]   # names tr() keeps for itself
        tpls += [_Tpl(key, text, True if _is_plural(key) else None) for text, key in _aliases(rends)]
        # literal-only templates first when equal (an exact name beats a pattern), then by weight
        tpls.sort(key=lambda tp: (-tp.weight, len(tp.names)))
        _state["templates"] = tpls
    return _state["templates"]


def _is_plural(key):
    cat = cats.catalog(cats.DEFAULT)
    while cat is not None:
        if (key, 0) in getattr(cat, "_catalog", {}):
            return True
        cat = getattr(cat, "_fallback", None)
    return False


def _param(value, depth):
    if _NUM.match(value):
        return int(value)
    found = _read(value, depth + 1)
    return value if found is None else found


def _plain(value):
    """A parameter that reads the same in every language: a number, a board coordinate ("C3-D4",
    "T07"), a sign ("−3"), or an engine message."""
    return not isinstance(value, str) or not _WORD.search(value)


def _left(m) -> int:
    """How much of a reading is still English: the letters of its word-bearing text parameters."""
    if isinstance(m, dict):
        return sum(_left(v) for k, v in m.items() if k not in ("key", "plural"))
    if isinstance(m, list):
        return sum(_left(v) for v in m)
    return len(m) if isinstance(m, str) and _WORD.search(m) else 0


_SEPS = (", ", "; ", " / ")    # how the 1.x engine joined a list inside a sentence


def _read(text, depth=0):
    """The best reading of ``text``: of every template that matches (and, inside a sentence, of
    a list split at the 1.x separators) the one leaving the least English (ties: the most
    specific template)."""
    memo_key = (text, depth)
    memo = _state["inner"]
    if memo_key in memo:
        return memo[memo_key]
    best, best_left = None, None
    if depth <= 8 and text.strip():
        for tp in _templates():
            if tp.anchor and tp.anchor not in text:
                continue
            m = tp.regex.match(text)
            if m is None or ("n" in tp.names and not _NUM.match(m.group("n"))):
                continue              # {n} is always a number (a count, an ordinal)
            out = {"key": tp.key}
            for name in tp.names:
                out[name] = _param(m.group(name), depth)
            # "{who}: {action}", "{a} / {b}" say nothing by themselves: inside a sentence they may
            # only join parts that were read (or need no words), never split a phrase ("Player 2").
            if depth and not tp.worded and not all(_plain(out[name]) for name in tp.names):
                continue
            if tp.plural:
                out["plural"] = tp.key
            left = _left(out)
            if best is None or left < best_left:
                best, best_left = out, left
                if left == 0:
                    break
        if depth and (best is None or best_left):
            for sep in _SEPS:
                if sep in text:
                    parts = [_param(p, depth) for p in text.split(sep)]
                    if any(isinstance(p, dict) for p in parts):
                        left = _left(parts)
                        if best is None or left < best_left:
                            best, best_left = {"items": parts}, left
    memo[memo_key] = best
    return best


def read(text):
    """The engine message (a dict) a 1.x English sentence means, or None."""
    memo = _state["memo"]
    if text not in memo:
        if len(memo) > 20000:     # a very long session: start again rather than grow without end
            memo.clear()
            _state["inner"].clear()
        memo[text] = _read(text)
    return memo[text]

"""bench/barcelona_solo.py plays one game per seed and rescores Gaudí at every difficulty
(tests/support/solo_games.py): the difficulty is only the value of a Gaudí Reward (the solo
rules' "Gaudí Rewards (GR) and difficulty"), nothing he does depends on it, and his points that
depend on it are multiples of it. Checked here against games really played at each difficulty
(the Easy level never looks at his score, so its games are the same)."""

import pytest

from engine.core import registry
import engine  # noqa: F401 (fills the registry)
from tests.support import solo_games


@pytest.mark.parametrize("rules", ["original", "2.0"])
def test_rescored_gaudi_equals_a_game_played_at_that_difficulty(rules):
    easy = registry.get("barcelona").bot("easy")
    played = solo_games.play_game(easy, 4, "normal", rules)
    scaled = sum(played.players[1].breakdown.get(k, 0) for k in solo_games.SCALED)
    assert scaled > 0  # the rescoring has something to do
    for d in ("easy", "normal", "hard"):
        g = solo_games.play_game(easy, 4, d, rules)
        assert g.record()["actions"] == played.record()["actions"]  # the same game
        assert solo_games.score_at(played, d) == g.players[1].vp, d
        assert solo_games.results(easy, 4, [d], rules, False, "normal")[d] == solo_games.play(easy, 4, d, rules)

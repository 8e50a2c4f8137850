"""scripts/mutation_check.py works: one known mutant, the first building's row bonus of 5 VP
(Barcelona rulebook (zh-Hans), p. 12) changed to 6, is killed by the rule test that pins it.
The whole check is a maintainer's tool, not part of the suite (docs/testing.md "Mutation check")."""

from scripts import mutation_check as mc

ROW_BONUS = "engine/barcelona/data.py::FIRST_IN_ROW_VP::5 -> 6"


def test_a_known_mutant_is_killed_by_the_test_that_pins_it():
    (mutant,) = [m for m in mc.mutants("barcelona") if m.id == ROW_BONUS]
    log = []
    (result,) = mc.check([mutant], files_of=lambda game: ["tests/barcelona/test_bcn_printed_values.py"], log=log.append)
    assert result[1:] == (
        "failed",
        "tests/barcelona/test_bcn_printed_values.py::test_first_building_in_a_row_of_blocks_scores_5_vp",
    )
    assert log[-1].startswith("[1/1] killed ")

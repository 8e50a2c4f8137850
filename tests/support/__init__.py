"""What the tests share with each other and with the benches (bench/ imports it; it never imports
bench/): the engine contract and each game's invariants as checks on a live game, the soak that
plays random games with them, the table-fit measurement of a page, the solo game against Gaudí
rescored at every difficulty, the pairwise rate of computer levels, and the rulebook terms the
catalogs must use."""

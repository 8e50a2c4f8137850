"""One package per game's board (renderer, glyphs, words, lessons, help), each named only by its
game's registry entry (GameSpec.renderer). The boards never import each other."""

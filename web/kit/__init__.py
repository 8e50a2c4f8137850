"""The drawing kit: SVG and HTML primitives, seat marks, board regions, lesson checks. No game,
no turn flow: every function draws from its arguments."""

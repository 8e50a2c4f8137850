"""What the page shows, as HTML made from the session: the new-game form, the decision bar, the
table, scores and log, help, the keyboard's rules. Pure Python."""

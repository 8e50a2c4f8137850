"""A board embedded in a rules-tutorial page (web/static/embed-board.js loads ``web.embed.board``)."""

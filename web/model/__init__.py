"""The app's model in pure Python (tested in CPython): the session and its parts (seats, turn flow,
history, preferences, saved games), setup and links, limits on input, hints and computer seats."""

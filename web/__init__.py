"""Browser side of the app; session.py and panels.py are pure Python (tested in CPython)."""

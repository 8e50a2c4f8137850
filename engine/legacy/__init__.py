"""Frozen copies of older rules engines (scripts/freeze_engine.py); never edited."""

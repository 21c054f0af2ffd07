"""Build-time helpers for ``build.py``: standard library only."""

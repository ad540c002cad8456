"""The game page (index.html): its parts, built in order by app.py (docs/architecture.md)."""

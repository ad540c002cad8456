"""A page: index.html, the game. ``app.py`` wires its parts (docs/architecture.md, "The game
page")."""

"""The rules page (rules.html) and its example game."""

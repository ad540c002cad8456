"""The game page's frame: its window and document, what it shows now, the one funnel of changes."""

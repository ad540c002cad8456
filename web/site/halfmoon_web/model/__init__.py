"""A floor: the values of the game, the settings, the statistics and the steps, DOM-free
(docs/architecture.md)."""

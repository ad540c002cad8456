"""A page: rules.html, its language switch, diagram and example game (docs/architecture.md)."""

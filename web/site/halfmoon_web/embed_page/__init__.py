"""A page: embed.html, one board or a step viewer from its URL (docs/architecture.md)."""

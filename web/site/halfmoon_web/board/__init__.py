"""A floor: the board component and the step viewer, drawn into the DOM (docs/architecture.md)."""

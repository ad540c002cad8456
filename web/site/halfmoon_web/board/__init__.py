"""The board component: its model, its DOM, its keys, what a tap says (docs/architecture.md)."""

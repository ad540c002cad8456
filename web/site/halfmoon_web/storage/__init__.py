"""A floor: the only owner of localStorage, which reads and writes the model's values
(docs/storage.md)."""

"""What is kept in localStorage and how it is read back (docs/storage.md)."""

"""Stand-ins for the browser, shared by the view's unit tests."""

from __future__ import annotations


class MemoryStorage:
    """A ``localStorage`` without a quota (the Web Storage API's names)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = {} if items is None else items

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

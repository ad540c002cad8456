"""Stand-ins for the browser, shared by the view's unit tests: one ``localStorage`` and one
``URLSearchParams`` (the only ones in tests/)."""

from __future__ import annotations

from urllib.parse import parse_qsl


class MemoryStorage:
    """A ``localStorage`` (the Web Storage API's names). ``quota`` (characters, keys included)
    makes ``setItem`` fail as a full browser's does; ``full`` refuses every write;
    ``fail_get`` makes reading fail as a browser that forbids storage does."""

    def __init__(
        self,
        items: dict[str, str] | None = None,
        *,
        quota: int | None = None,
        full: bool = False,
        fail_get: bool = False,
    ) -> None:
        self.items = {} if items is None else items
        self.quota, self.full, self.fail_get = quota, full, fail_get

    def used(self, without: str = "") -> int:
        """Characters stored, keys included, leaving out one key."""
        return sum(len(k) + len(v) for k, v in self.items.items() if k != without)

    def getItem(self, key: str) -> str | None:
        if self.fail_get:
            raise RuntimeError("SecurityError")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        over = self.quota is not None and self.used(key) + len(key) + len(value) > self.quota
        if self.full or over:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class SearchParams:
    """``URLSearchParams`` as the pages use it: decoded as the browser decodes a query (``+``
    is a space, ``%xx`` escapes), ``get`` gives the first value of a name or null, ``?daily``
    is ``daily`` = ``""``. Pyodide calls the constructor ``new``."""

    def __init__(self, search: str) -> None:
        self.pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)

    @classmethod
    def new(cls, search: str) -> SearchParams:
        return cls(search)

    def get(self, name: str) -> str | None:
        return next((value for key, value in self.pairs if key == name), None)

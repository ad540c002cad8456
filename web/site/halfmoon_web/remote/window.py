"""The ``window`` a page's Python sees in the worker (docs/worker.md, "The mirror"): the mirror
document, the facts about the page the main thread sent at start (its address, whether it is
framed, the browser's languages), and the worker's own timers, each of which ends by sending
the changes it made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from halfmoon_web.remote.mirror import Changes, MirrorDocument, MirrorElement


@dataclass(frozen=True)
class PageFacts:
    """What the main thread tells the worker about the page at start."""

    href: str
    search: str
    framed: bool
    languages: tuple[str, ...]
    stored: dict[str, str] | None
    """What ``localStorage`` held when the page was sent; None where the browser refuses it."""

    @classmethod
    def from_message(cls, data: dict[str, Any]) -> PageFacts:
        """The facts of the start message (``web/site/applier.mjs``)."""
        return cls(
            href=str(data["href"]),
            search=str(data["search"]),
            framed=bool(data["framed"]),
            languages=tuple(str(lang) for lang in data["languages"]),
            stored=None
            if data.get("stored") is None
            else {str(k): str(v) for k, v in data["stored"].items()},
        )


class StorageRefused(Exception):
    """The browser refuses this page its storage (as reading ``window.localStorage`` throws
    there)."""


class MirrorStorage:
    """``localStorage`` for the page's Python in the worker (docs/worker.md, "Storage"): what
    was stored when the page was sent, and each write, which the page's applier carries out
    with the batch it belongs to."""

    def __init__(self, items: dict[str, str], changes: Changes) -> None:
        self._items = dict(items)
        self._changes = changes

    @property
    def length(self) -> int:
        return len(self._items)

    def key(self, index: int) -> str | None:
        keys = list(self._items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self._items.get(str(key))

    def setItem(self, key: str, value: object) -> None:
        self._items[str(key)] = str(value)
        self._changes.add("store", str(key), str(value))

    def removeItem(self, key: str) -> None:
        if self._items.pop(str(key), None) is not None:
            self._changes.add("store", str(key), None)


@dataclass
class Location:
    """The page's address."""

    href: str
    search: str


@dataclass
class Navigator:
    """The browser's languages, as the page has them."""

    languages: list[str]
    language: str


@dataclass
class MirrorEvent:
    """An event the main thread forwarded, as the view's handlers read it."""

    type: str
    target: MirrorElement | None
    currentTarget: MirrorElement | None = None
    key: str = ""
    ctrlKey: bool = False
    altKey: bool = False
    metaKey: bool = False
    shiftKey: bool = False
    animationName: str = ""
    defaultPrevented: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def preventDefault(self) -> None:
        """The main thread decided it already, from what the view declared ahead
        (:meth:`MirrorDocument.decide_in_event`)."""
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        """Nothing to stop: each listener's events come on their own."""


class MirrorWindow:
    """The page's ``window``, as far as the view uses it, for Python in the worker."""

    def __init__(
        self,
        document: MirrorDocument,
        facts: PageFacts,
        host: Any,
        later: Callable[[Callable[[], None]], Callable[..., None]],
    ) -> None:
        """``host`` is the worker's global scope (``js``: its ``URLSearchParams``,
        ``performance``, ``JSON``, ``setTimeout``); ``later(run)`` makes the callback a timer
        calls: it runs ``run`` and then sends its changes."""
        self.document = document
        document.defaultView = self
        self.self = self
        self.top = object() if facts.framed else self
        self.location = Location(facts.href, facts.search)
        self.navigator = Navigator(
            list(facts.languages), facts.languages[0] if facts.languages else ""
        )
        self.URLSearchParams = host.URLSearchParams
        self.performance = host.performance
        self.JSON = host.JSON
        self._host = host
        self._later = later
        self._storage = (
            None if facts.stored is None else MirrorStorage(facts.stored, document.changes)
        )
        self._frames: list[Callable[..., Any]] = []

    @property
    def localStorage(self) -> MirrorStorage:
        """The page's storage; raises where the browser refuses it (storage/storage.py reads
        it so)."""
        if self._storage is None:
            raise StorageRefused("the browser refuses this page its storage")
        return self._storage

    def setTimeout(self, callback: Callable[[], Any], ms: int = 0) -> Any:
        """``callback`` after ``ms`` milliseconds, its changes sent then."""
        return self._host.setTimeout(self._later(lambda: callback()), ms)

    def clearTimeout(self, handle: Any) -> None:
        self._host.clearTimeout(handle)

    def requestAnimationFrame(self, callback: Callable[..., Any]) -> int:
        """``callback`` before the batch it belongs to is sent: the applier then carries out
        the batch and what ran "before the next frame" in one task, before that frame."""
        self._frames.append(callback)
        return len(self._frames)

    def run_frames(self) -> None:
        """Run the callbacks waiting for the next frame (those they ask for too)."""
        while self._frames:
            frames, self._frames = self._frames, []
            for callback in frames:
                callback(self.performance.now())

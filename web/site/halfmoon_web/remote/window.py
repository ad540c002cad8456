"""The ``window`` a page's Python sees in the worker (docs/worker.md, "The mirror"): the mirror
document, the facts about the page the main thread sent at start (its address, whether it is
framed, the browser's languages, what is stored, the media queries' answers), the page's time
and timers (``page_time.py``), and what it asks of the page (``asks.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from halfmoon_web.remote.asks import Asks, Clipboard
from halfmoon_web.remote.mirror import (
    Changes,
    Listening,
    MirrorDocument,
    MirrorElement,
    plain_options,
)
from halfmoon_web.remote.page_time import DateMaker, PageClock, PageTimers, Performance

MEDIA = ("(prefers-reduced-motion: reduce)",)
"""The media queries the page answers at start and whenever their answer changes."""


@dataclass(frozen=True)
class PageFacts:
    """What the main thread tells the worker about the page at start."""

    href: str
    search: str
    framed: bool
    languages: tuple[str, ...]
    stored: dict[str, str] | None
    """What ``localStorage`` held when the page was sent; None where the browser refuses it."""
    can_share: bool = False
    """The browser has a share sheet (``navigator.share``)."""
    media: dict[str, bool] = field(default_factory=dict)
    """Each of :data:`MEDIA`'s answers on the page."""
    visibility: str = "visible"
    """``document.visibilityState`` when the page was sent."""
    early: bool = False
    """early.js keeps the taps made on the board it painted (``window.halfmoonEarly``)."""

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
            can_share=data.get("can_share") is True,
            media={str(k): v is True for k, v in (data.get("media") or {}).items()},
            visibility=str(data.get("visibility", "visible")),
            early=data.get("early") is True,
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
        self._written = 0
        self._latest: dict[str, str | None] = {}
        """Python's last write of each key it wrote (None: removed)."""
        self._written_over: dict[str, list[str | None]] = {}
        """For each key, the values Python's writes replaced, until the page reads back the
        last: a report of one of them was read before Python's write was carried out."""
        self._outcomes: Callable[[int, bool, list[str]], None] | None = None

    @property
    def length(self) -> int:
        return len(self._items)

    def key(self, index: int) -> str | None:
        keys = list(self._items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self._items.get(str(key))

    def setItem(self, key: str, value: object) -> None:
        self._wrote(str(key), str(value))
        self._items[str(key)] = str(value)
        self._changes.add("store", str(key), str(value))

    def removeItem(self, key: str) -> None:
        if str(key) in self._items:
            self._wrote(str(key), None)
        if self._items.pop(str(key), None) is not None:
            self._changes.add("store", str(key), None)

    def _wrote(self, key: str, value: str | None) -> None:
        replaced = self._written_over.setdefault(key, [])
        # What the mirror holds (maybe another tab's), and Python's own last write (a write
        # not mirrored until kept: storage/late_storage.py).
        for before in {self._items.get(key), self._latest.get(key)} - {value}:
            replaced.append(before)
        del replaced[:-16]
        self._latest[key] = value

    def write_later(
        self, key: str, text: str, *, spares: Sequence[str], report: bool, mirror: bool
    ) -> int:
        """Send a write the page reports on (storage/late_storage.py); its number. ``spares``
        are given up, one at a time, when it does not fit; ``report``: said kept or refused
        (else only refused); ``mirror``: read back at once (else once it is kept)."""
        self._written += 1
        self._wrote(key, text)
        if mirror:
            self._items[key] = text
        how = {"n": self._written, "spares": list(spares), "report": report}
        self._changes.add("store", key, text, how)
        return self._written

    def watch(self, keys: Sequence[str]) -> None:
        """Have the page send, with each message, the value of each of ``keys`` that differs
        from what the mirror last had (``storedNow``): read fresh, as on the main thread,
        even where this page missed another tab's ``storage`` event (docs/worker.md)."""
        self._changes.add("watch", list(keys))

    def mirror_kept(self, key: str, text: str) -> None:
        """A write not mirrored was kept: read back from now on."""
        self._items[key] = text

    def listen_outcomes(self, listener: Callable[[int, bool, list[str]], None]) -> None:
        """Hear the page's reports of writes (``{stored: n, ok, given_up}``)."""
        self._outcomes = listener

    def outcome(self, number: object, kept: object, given_up: object) -> None:
        """The page reports a write: the spare keys it gave up are gone; the listener hears."""
        spares = [str(key) for key in given_up] if isinstance(given_up, list) else []
        for key in spares:
            self._items.pop(key, None)
        if self._outcomes is not None and isinstance(number, int):
            self._outcomes(number, kept is True, spares)

    def fresh(self, key: object, value: object) -> None:
        """The page read ``key`` fresh for this message (``storedNow``): followed, unless it
        is a value Python has written over since, read before that write was carried out (the
        page writes after the frame; docs/worker.md, "Tabs"). The page reading back Python's
        last write ends that: a value written over is another tab's again from then on."""
        name = str(key)
        if value in self._written_over.get(name, ()):
            return
        if name in self._latest and value == self._latest[name]:
            self._written_over.pop(name, None)
        self.follow(key, value)

    def follow(self, key: object, value: object) -> None:
        """Another tab's write (its ``storage`` event), already on the page: mirrored only.
        A key of None is the storage cleared."""
        if key is None:
            self._items.clear()
        elif isinstance(value, str):
            self._items[str(key)] = value
        else:
            self._items.pop(str(key), None)


class Location:
    """The page's address (``history.replaceState`` changes it)."""

    def __init__(self, href: str) -> None:
        self.href = href

    @property
    def _parts(self) -> tuple[str, str, str]:
        """The origin, the path and the query (with its ``?``) of :attr:`href`."""
        rest = self.href.split("#", 1)[0]
        scheme, _, after = rest.partition("://")
        host, slash, tail = after.partition("/")
        path, mark, query = (slash + tail).partition("?")
        return f"{scheme}://{host}" if scheme else "", path or "/", mark + query

    @property
    def origin(self) -> str:
        return self._parts[0]

    @property
    def pathname(self) -> str:
        return self._parts[1]

    @property
    def search(self) -> str:
        query = self._parts[2]
        return query if len(query) > 1 else ""


class History:
    """``history``: ``replaceState`` changes the page's address (``["history", href]``)."""

    def __init__(self, location: Location, changes: Changes) -> None:
        self._location = location
        self._changes = changes

    def replaceState(self, _state: object, _title: str, href: str) -> None:
        self._location.href = str(href)
        self._changes.add("history", str(href))


class Navigator:
    """The browser's languages, its clipboard and (where it has one) its share sheet."""

    def __init__(self, languages: list[str], asks: Asks, can_share: bool) -> None:
        self.languages = languages
        self.language = languages[0] if languages else ""
        self.clipboard = Clipboard(asks)
        if can_share:
            self.share = lambda data: asks.ask("share", plain_options(data))


class EarlyTaps:
    """``window.halfmoonEarly``: ``take()`` asks the page for what early.js kept; the page
    answers in the turn it carries out the batch that asks (after the board's listeners)."""

    def __init__(self, asks: Asks) -> None:
        self._asks = asks

    def take(self) -> Any:
        return self._asks.ask("early-taps")


class MediaAnswer:
    """``matchMedia(query)``: whether the page matches it, as the page said."""

    def __init__(self, matches: bool) -> None:
        self.matches = matches


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
    code: str = ""
    repeat: bool = False
    newValue: str | None = None
    """A ``storage`` event's new text (None: the key was removed)."""
    detail: Any = None
    pointTarget: MirrorElement | None = None
    """A pointer event's element under the pointer (the page's ``elementFromPoint``), which for
    a touch differs from its target once the finger moved (docs/worker.md, "Events")."""
    button: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def preventDefault(self) -> None:
        """The main thread decided it already, from what the view declared ahead
        (:meth:`MirrorDocument.decide_in_event`)."""
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        """Nothing to stop: each listener's events come on their own."""


class MirrorWindow(Listening):
    """The page's ``window`` (number -1), as far as the view uses it, for Python in the
    worker."""

    def __init__(self, document: MirrorDocument, facts: PageFacts, host: Any) -> None:
        """``host`` is the worker's global scope (its ``URLSearchParams``, ``URL``, ``JSON``,
        ``Object``, ``Blob``); the time and the timers are the page's."""
        self.id_number = -1
        self.listeners = {}
        self.document = document
        document.defaultView = self
        document.elements[-1] = self
        document.visibilityState = facts.visibility
        self.self = self
        self.top = object() if facts.framed else self
        changes = document.changes
        self.location = Location(facts.href)
        self.history = History(self.location, changes)
        self.asks = Asks(changes)
        self.navigator = Navigator(list(facts.languages), self.asks, facts.can_share)
        self.clock = PageClock()
        self.performance = Performance(self.clock)
        self.Date = DateMaker(self.clock)
        self.timers = PageTimers(changes)
        self.media = dict(facts.media)
        # The game page's sounds (game_page/parts/sounds.py): the page plays the tones.
        self.halfmoonTones = lambda tones: self.asks.ask("tones", tones)
        if facts.early:
            self.halfmoonEarly = EarlyTaps(self.asks)
        for name in ("URLSearchParams", "URL", "JSON", "Object", "Blob"):
            setattr(self, name, getattr(host, name, None))
        self._storage = None if facts.stored is None else MirrorStorage(facts.stored, changes)
        self._frames: list[Callable[..., Any]] = []
        self._after_batch: list[Callable[[], object]] = []

    def _changes(self) -> Changes:
        return self.document.changes

    def matchMedia(self, query: str) -> MediaAnswer:
        """The page's answer to one of :data:`MEDIA` (False for any other)."""
        return MediaAnswer(self.media.get(str(query), False))

    @property
    def localStorage(self) -> MirrorStorage:
        """The page's storage; raises where the browser refuses it (storage/storage.py reads
        it so)."""
        if self._storage is None:
            raise StorageRefused("the browser refuses this page its storage")
        return self._storage

    def setTimeout(self, callback: Callable[[], Any], ms: int = 0) -> int:
        """``callback`` after ``ms`` milliseconds of the page's (its changes sent then)."""
        return self.timers.set(callback, ms, repeat=False)

    def setInterval(self, callback: Callable[[], Any], ms: int = 0) -> int:
        """``callback`` every ``ms`` milliseconds of the page's."""
        return self.timers.set(callback, ms, repeat=True)

    def clearTimeout(self, handle: Any) -> None:
        self.timers.clear(handle)

    clearInterval = clearTimeout

    def requestAnimationFrame(self, callback: Callable[..., Any]) -> int:
        """``callback`` before the batch it belongs to is sent: the applier then carries out
        the batch and what ran "before the next frame" in one task, before that frame."""
        self._frames.append(callback)
        return len(self._frames)

    def after_batch(self, callback: Callable[[], object]) -> None:
        """``callback`` once the batch it belongs to is sent, its changes in a batch of their
        own: what the view does "after the frame is painted" (a save), which in a worker
        need not wait for the page's frame (the page paints the first batch meanwhile)."""
        self._after_batch.append(callback)

    def take_after_batch(self) -> list[Callable[[], object]]:
        """The callbacks waiting for the batch to be sent (none wait any more)."""
        waiting, self._after_batch = self._after_batch, []
        return waiting

    def run_frames(self) -> None:
        """Run the callbacks waiting for the next frame (those they ask for too)."""
        while self._frames:
            frames, self._frames = self._frames, []
            for callback in frames:
                callback(self.performance.now())

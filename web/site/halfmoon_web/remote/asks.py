"""What Python asks of the page and waits for (docs/worker.md, "Asks"): the clipboard, the
share sheet, an imported file's text. Each ask is a change, ``["ask", n, what, args]``; the page
carries it out and answers ``{"answer": n, "ok": true|false, "value": ...}``, which settles the
ask's :class:`Answer` (a Python awaitable with a promise's ``then``)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from halfmoon_web.remote.mirror import Changes


class AskFailed(Exception):
    """The page could not do what was asked (the clipboard refused, the share sheet dismissed,
    the file unreadable): its message."""


class Answer:
    """The answer to one ask, awaited (``await``) or followed (``then``)."""

    def __init__(self) -> None:
        self.done = False
        self.ok = False
        self.value: Any = None
        self._then: list[tuple[Callable[[Any], Any] | None, Callable[[Any], Any] | None]] = []
        self._waiters: list[Any] = []

    def then(
        self,
        on_value: Callable[[Any], Any] | None = None,
        on_error: Callable[[Any], Any] | None = None,
    ) -> Answer:
        """Call ``on_value`` with the value, or ``on_error`` with the failure, once answered."""
        self._then.append((on_value, on_error))
        if self.done:
            self._run()
        return self

    def settle(self, ok: bool, value: Any) -> None:
        """The page answered."""
        if self.done:
            return
        self.done, self.ok, self.value = True, ok, value
        self._run()
        for future in self._waiters:
            if not future.done():
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(AskFailed(str(value)))
        self._waiters.clear()

    def _run(self) -> None:
        waiting, self._then = self._then, []
        for on_value, on_error in waiting:
            if self.ok and on_value is not None:
                on_value(self.value)
            elif not self.ok and on_error is not None:
                on_error(AskFailed(str(self.value)))

    def __await__(self) -> Generator[Any, None, Any]:
        if not self.done:
            import asyncio

            future = asyncio.get_event_loop().create_future()
            self._waiters.append(future)
            return (yield from future.__await__())
        if not self.ok:
            raise AskFailed(str(self.value))
        return self.value


class Asks:
    """The asks sent to the page and not yet answered, by number."""

    def __init__(self, changes: Changes) -> None:
        self._changes = changes
        self._open: dict[int, Answer] = {}
        self._next = 1

    def ask(self, what: str, *args: Any) -> Answer:
        """Send an ask; its answer, to wait for."""
        number = self._next
        self._next += 1
        answer = self._open[number] = Answer()
        self._changes.add("ask", number, what, list(args))
        return answer

    def answer(self, number: object, ok: object, value: Any) -> None:
        """The page's answer to ask ``number`` (an unknown number is ignored)."""
        answer = self._open.pop(number, None) if isinstance(number, int) else None
        if answer is not None:
            answer.settle(bool(ok), value)


class Clipboard:
    """``navigator.clipboard``: ``writeText`` asks the page."""

    def __init__(self, asks: Asks) -> None:
        self._asks = asks

    def writeText(self, text: object) -> Answer:
        return self._asks.ask("copy", str(text))


class MirrorFile:
    """A file the player picked: its name and size as the page sent them; ``text()`` asks the
    page to read it."""

    def __init__(self, asks: Asks, picker: int, index: int, name: str, size: int) -> None:
        self._asks, self._picker, self._index = asks, picker, index
        self.name = name
        self.size = size

    def text(self) -> Answer:
        return self._asks.ask("file-text", self._picker, self._index)


class MirrorFiles:
    """An ``<input type=file>``'s ``files``, as the page sent them with its ``change`` event."""

    def __init__(self, files: list[MirrorFile]) -> None:
        self._files = files

    @property
    def length(self) -> int:
        return len(self._files)

    def item(self, index: int) -> MirrorFile | None:
        return self._files[index] if 0 <= index < len(self._files) else None

    def __len__(self) -> int:
        return len(self._files)

"""Storage whose writes the browser carries out later, elsewhere: the page's, for Python in a
worker (docs/worker.md, "A write the browser refuses").

In a worker, a write is a change the page carries out after the batch: whether the browser
kept it is known only when the page says so. :class:`LateStorage` keeps the promises of
:class:`~halfmoon_web.storage.storage.Storage` with that:

- A write is taken as kept, and the page reports it only when the browser refused it (after
  giving up the spare keys for room, as :meth:`Storage.set_text` does at once). A refusal
  makes the key *refused*: its text is held in memory, as a refusal at once holds it.
- A refused key's later writes are *tries*: taken as refused, and reported either way; the
  first one kept frees the key.
- A merged write (the statistics) is never taken as kept before the page says so: until then
  it waits as a refused one waits (reads see it merged; a retry remakes it from what is stored
  then), but the player is told only once the page has refused it.

Only the last write of each key is followed: a report of an older one is overtaken by the
report, or the silence, of the newer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from halfmoon_web.storage.storage import SPARE_KEYS, Backend, Merge, Storage


class LateBackend(Backend, Protocol):
    """A backend whose writes are carried out later, and told back (``remote/window.py``'s
    ``MirrorStorage``)."""

    def write_later(
        self, key: str, text: str, *, spares: Sequence[str], report: bool, mirror: bool
    ) -> int:
        """Send a write; its number. ``spares``: keys to give up, one at a time, if it does
        not fit; ``report``: say whether it was kept (else only a refusal is said); ``mirror``:
        reads see it at once (else only once it is kept)."""
        ...

    def mirror_kept(self, key: str, text: str) -> None:
        """A write that was not mirrored was kept: reads see it now."""
        ...

    def watch(self, keys: Sequence[str]) -> None:
        """Keep ``keys`` read fresh: another tab's write is seen even when its ``storage`` event
        was missed."""
        ...

    def listen_outcomes(self, listener: Callable[[int, bool, list[str]], None]) -> None:
        """Hear each outcome the page reports: the write's number, whether it was kept, the
        spare keys it gave up for it."""
        ...


class _Sent(NamedTuple):
    """A write whose outcome may still be reported."""

    number: int
    text: str
    spare: bool
    merge: Merge | None


class LateStorage(Storage):
    """:class:`Storage` over a :class:`LateBackend`: refusals are learnt after the write."""

    def __init__(self, backend: LateBackend, fresh: Sequence[str] = ()) -> None:
        """``fresh``: the keys another tab's writes to must be seen in, as soon as the next
        event, as a read of the browser's storage would see them (the tabs' merges and
        conflicts: docs/storage.md, "Tabs")."""
        super().__init__(backend)
        if fresh:
            backend.watch(fresh)
        self._late = backend
        self._refused: set[str] = set()
        """Keys whose last write was refused: written as tries until one is kept."""
        self._sent: dict[str, _Sent] = {}
        """The last write of each key, by key."""
        backend.listen_outcomes(self._outcome)

    @property
    def saving(self) -> bool:
        """Every value written so far is stored, or not yet refused."""
        refused_merges = any(key in self._refused for key in self._merges)
        return not self.blocked and not self._unsaved and not refused_merges

    @property
    def pending(self) -> list[str]:
        """The keys whose last write was refused (held in memory, tried again)."""
        merges = (key for key in self._merges if key in self._refused and key not in self._unsaved)
        return [*self._unsaved, *merges]

    def set_text(self, key: str, text: str, *, spare: bool = False) -> bool:
        """Send the write; True when it is taken as kept (the key was not refused)."""
        if not spare:
            self._drop_merge(key)
        trying = key in self._refused
        self._send(key, text, spare=spare, report=trying, merge=None)
        if trying:
            if not spare:
                self._unsaved[key] = text
            return False
        self._unsaved.pop(key, None)
        if not spare:
            self._retry_merges()
        return True

    def _try_merge(self, key: str) -> bool:
        """Send the merged write, reported either way; it stays waiting until it is kept."""
        merge = self._merges[key]
        text = merge.text()
        if text is None:  # nothing to write any more
            del self._merges[key]
            merge.done()
            return True
        self._send(key, text, spare=False, report=True, merge=merge)
        return key not in self._refused

    def _retry_merges(self) -> None:
        """Try again the merged writes the page refused (a write was sent: there may be room);
        one not yet reported is not sent twice."""
        for key in [key for key in self._merges if key in self._refused]:
            if key in self._merges:
                self._try_merge(key)

    def _send(self, key: str, text: str, *, spare: bool, report: bool, merge: Merge | None) -> None:
        spares = () if spare else tuple(victim for victim in SPARE_KEYS if victim != key)
        mirror = merge is None and key not in self._refused
        number = self._late.write_later(key, text, spares=spares, report=report, mirror=mirror)
        self._sent[key] = _Sent(number, text, spare, merge)

    def _outcome(self, number: int, kept: bool, given_up: list[str]) -> None:
        """The page reports a write: kept (asked for) or refused."""
        self.given_up.extend(given_up)
        key = next((key for key, sent in self._sent.items() if sent.number == number), None)
        if key is not None:
            sent = self._sent.pop(key)
            if kept:
                self._kept(key, sent)
            else:
                self._refuse(key, sent)
        if self.on_outcome is not None:
            self.on_outcome()

    def _kept(self, key: str, sent: _Sent) -> None:
        self._refused.discard(key)
        if sent.merge is not None or self._unsaved.get(key) == sent.text:
            self._late.mirror_kept(key, sent.text)
        if self._unsaved.get(key) == sent.text:
            del self._unsaved[key]
        if sent.merge is not None and self._merges.get(key) is sent.merge:
            del self._merges[key]
            sent.merge.done()
        self._retry_merges()  # there is room again

    def _refuse(self, key: str, sent: _Sent) -> None:
        if sent.spare:  # a cache: never kept stale (as Storage.offer_text drops it)
            self._delete(key)
            return
        self._refused.add(key)
        if sent.merge is None:
            self._unsaved[key] = sent.text

"""The game in progress as stored, shared by every tab of this browser.

There is one game in progress per browser. Each page remembers which game it last read from or
wrote to storage (its *base*: the start and the moves). Before writing, it checks that storage
still holds its base: if another tab stored a different game meanwhile, the write is refused
(a *conflict*) and the page asks the player which game to keep. When another tab's write is
announced (the ``storage`` event) and this page has nothing unsaved, it simply shows the newer
game. So no tab silently overwrites a game another tab showed (docs/storage.md, "Tabs").
"""

from __future__ import annotations

from typing import Literal

from halfmoon_web.model.session import GameSession
from halfmoon_web.model.snapshot import game_identity
from halfmoon_web.model.stored_json import Unreadable, parse_stored
from halfmoon_web.storage.saved import SavedData, json_text
from halfmoon_web.storage.storage import GAME_KEY

SaveResult = Literal["saved", "behind", "conflict", "failed", "newer"]
Incoming = Literal["same", "adopt", "conflict"]


class GameStore:
    """Loads, saves and reconciles the game in progress under :data:`GAME_KEY`."""

    def __init__(self, data: SavedData) -> None:
        self.data = data
        self.base: str | None = None
        """The identity of the game this page last read or wrote (None: no game was stored)."""
        self.unsaved = False
        """This page holds moves that are not stored (a refused or failed write, or a newer
        version's game in storage)."""
        self._refused = False
        """The last write of the game was refused by the browser (not a conflict)."""
        self._base_text: str | None = None
        """The exact text last read or written: when storage still holds it, nothing changed
        and no game needs to be parsed and replayed (a save happens after every move)."""

    def load(self) -> GameSession | None:
        """The stored game (None when there is none or it is unusable, then shelved)."""
        session = self.data.read(GAME_KEY, GameSession.from_json)
        self.base = None if session is None else game_identity(session.game)
        self._base_text = None if session is None else self.data.storage.get_text(GAME_KEY)
        return session

    def stored_elsewhere(self) -> GameSession | None:
        """The stored game, when it is not the one this page last read or wrote (an unusable
        one is shelved, as another tab's: this page's game goes on and is saved in its place)."""
        if self.data.storage.get_text(GAME_KEY) in (None, self._base_text):
            return None
        stored = self.data.read(GAME_KEY, GameSession.from_json, elsewhere=True)
        if stored is None or game_identity(stored.game) == self.base:
            return None
        return stored

    def save(self, session: GameSession, now: float, *, force: bool = False) -> SaveResult:
        """Store ``session``, unless another tab stored a different game since this page's
        last read or write: then nothing is written, and the result is ``behind`` when this
        page has nothing new (it should show the stored game), else ``conflict`` (``force``
        overwrites: the player chose). A game a newer version of Half Moon stored is never
        written over, not even by ``force``: the result is ``newer`` (docs/storage.md,
        "Forward compatibility")."""
        if self.data.stored_newer(GAME_KEY):
            self.unsaved, self._refused = True, False
            return "newer"
        if not force and self.stored_elsewhere() is not None:
            if not self.unsaved and game_identity(session.game) == self.base:
                return "behind"
            self.unsaved, self._refused = True, False
            return "conflict"
        text = json_text(session.to_json(now))
        saved = self.data.storage.set_text(GAME_KEY, text)
        self.base, self._base_text = game_identity(session.game), text
        self.unsaved = self._refused = not saved
        return "saved" if saved else "failed"

    def kept_late(self) -> None:
        """Storage reported writes (a worker page learns their outcome after them:
        storage/late_storage.py): a write of the game it took as refused, now kept, leaves
        nothing unsaved."""
        if self._refused and GAME_KEY not in self.data.storage.pending:
            self.unsaved = self._refused = False

    def incoming(self, text: str | None, current: GameSession) -> tuple[Incoming, GameSession]:
        """What to do with a game another tab stored (``text``, the ``storage`` event's new
        value): nothing (``same``: it is this page's game, or not a game at all), show it
        (``adopt``: this page has nothing unsaved), or ask (``conflict``). The session to show
        comes back with it (``current`` for ``same``)."""
        theirs = _session_of(text)
        if theirs is None:
            return "same", current
        identity = game_identity(theirs.game)
        if identity == game_identity(current.game):
            self.base = identity
            current.counted = current.counted or theirs.counted  # a win counts once
            return "same", current
        if self.unsaved or game_identity(current.game) != self.base:
            return "conflict", theirs
        self.base = identity
        return "adopt", theirs

    def adopted(self, session: GameSession) -> None:
        """The page now shows ``session``, as stored by another tab."""
        self.base = game_identity(session.game)
        self.unsaved = False


def _session_of(text: str | None) -> GameSession | None:
    """The game in a value another tab stored; None when it is not one (the next save of this
    page replaces it, and a read at start would shelve it)."""
    if text is None:
        return None
    try:
        return GameSession.from_json(parse_stored(text))
    except (Unreadable, ValueError):
        return None

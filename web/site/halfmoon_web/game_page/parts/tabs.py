"""The game page and the other tabs of this browser (docs/storage.md, "Tabs").

Every save (:class:`~halfmoon_web.game_page.parts.saver.Saver`) checks that storage still holds the
game this page last read or wrote. When another tab stored a different game meanwhile, the saver
writes nothing and tells this part, which shows that game if this page has nothing unsaved, else
asks the player which game to keep (the ``sync-dialog``). The decisions are
:class:`~halfmoon_web.storage.game_store.GameStore`'s; this puts them on the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from halfmoon_web.game_page.frame.context import Actions, PageContext
from halfmoon_web.game_page.parts.dialogs import Dialogs
from halfmoon_web.game_page.parts.saver import Saver
from halfmoon_web.model.session import GameSession
from halfmoon_web.storage.game_store import SaveResult
from halfmoon_web.storage.storage import GAME_KEY

if TYPE_CHECKING:
    from halfmoon_web.storage.stores import Stores


class TabSync:
    """Follows another tab's game, or asks which to keep when both moved."""

    ctx: PageContext
    stores: Stores
    saver: Saver
    dialogs: Dialogs
    _theirs: GameSession | None
    """Another tab's game, while the player chooses between it and this page's."""

    def __init__(self, ctx: PageContext, saver: Saver, dialogs: Dialogs) -> None:
        self.ctx = ctx
        self.stores = ctx.stores
        self.saver = saver
        self.dialogs = dialogs
        self._theirs = None

    def actions(self) -> Actions:
        """The buttons of the dialog that asks which game to keep."""
        return {
            "sync-keep": lambda _: self.keep_this_game(),
            "sync-take": lambda _: self.take_their_game(),
            "sync-choose": lambda _: self.choose(),
        }

    def on_save_refused(self, result: SaveResult) -> None:
        """A save found another tab's game in storage (the saver writes nothing then): follow
        it when this page has nothing new (``behind``), else ask which game to keep."""
        if result == "behind":
            self.follow_stored()
        else:
            self.ask_which_game(self.stores.games.stored_elsewhere())

    def follow_stored(self) -> None:
        """Follow the game as stored now (its ``storage`` event may have been missed)."""
        self.saver.flush()  # this page's change first, or its own last save looks like theirs
        self.reconcile(self.stores.storage.get_text(GAME_KEY))

    def reconcile(self, text: str | None) -> None:
        """Another tab stored ``text`` as the game: show it, or ask when this page has moves
        of its own that are not stored."""
        self.saver.flush()
        decision, theirs = self.stores.games.incoming(text, self.ctx.state.session)
        if decision == "adopt":
            self.show_session(theirs, "game_from_other_tab")
        elif decision == "conflict":
            self.ask_which_game(theirs)

    def catch_up(self) -> bool:
        """Before leaving the game shown: follow what another tab stored meanwhile (the game
        left is then the newest one, counted once). False when the player must choose first."""
        self.follow_stored()
        return not self.dialogs.is_open("sync-dialog")

    def ask_which_game(self, theirs: GameSession | None) -> None:
        """Open the dialog that asks whether to keep this page's game or another tab's."""
        if theirs is None:
            return
        self._theirs = theirs
        self.dialogs.open("sync-dialog")

    def choose(self) -> None:
        """The not-saved indicator's Choose button: ask again which game to keep."""
        self.saver.flush()
        self.ask_which_game(self.stores.games.stored_elsewhere())

    def keep_this_game(self) -> None:
        """The player keeps this page's game: it replaces the other tab's."""
        self.dialogs.close("sync-dialog")
        self._theirs = None
        self.saver.save_game(force=True)
        self.ctx.dom.say(self.ctx.state.t("kept_this_game"))

    def take_their_game(self) -> None:
        """The player takes the other tab's game: this page shows it."""
        theirs, self._theirs = self._theirs, None
        self.dialogs.close("sync-dialog")
        if theirs is not None:
            self.show_session(theirs, "took_other_game")
            self.saver.show_saving()

    def show_session(self, session: GameSession, message_key: str) -> None:
        """Show a game another tab stored (its clock waits for the next tap)."""
        self.ctx.show(session, self.ctx.state.t(message_key), stored=True)

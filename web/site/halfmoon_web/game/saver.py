"""Saving the game page's game: the game in progress with its clock, the board's snapshot for
the next visit's first paint, and the indicator that shows when saving stopped
(docs/storage.md; the snapshot: docs/startup.md, "The board snapshot")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board.board import Board
from ..shared import i18n
from ..storage.game_store import SaveResult
from ..storage.snapshot import game_identity, make_snapshot
from ..storage.storage import SNAPSHOT_KEY
from . import saving_view
from .clock import format_time
from .page_state import PageState

if TYPE_CHECKING:
    from .page_dom import PageDom
    from .startup import Stores


class Saver:
    """Writes the game and the board's snapshot; says when something is not saved."""

    dom: PageDom
    stores: Stores
    state: PageState
    board: Board
    _snapshot_drawn: tuple[object, ...] | None
    """What the saved snapshot shows (game, language, options), to skip a rewrite."""
    _leave_guard: object | None
    """The ``beforeunload`` listener (made the first time it is needed)."""
    _guarding: bool
    """Whether it listens now: something is not saved."""

    def __init__(self, dom: PageDom, stores: Stores, state: PageState, board: Board) -> None:
        self.dom = dom
        self.stores = stores
        self.state = state
        self.board = board
        self._snapshot_drawn = None
        self._leave_guard = None
        self._guarding = False

    def save(self, *, leaving: bool = False, force: bool = False) -> SaveResult:
        """Store the game in progress (``force``: over another tab's; see
        :meth:`~halfmoon_web.storage.game_store.GameStore.save`) and, when it was written, the
        snapshot (``leaving``: even if the board is the same, for the clock it shows)."""
        result = self.stores.games.save(self.state.session, self.dom.now(), force=force)
        if result in ("saved", "failed"):
            self.save_snapshot(always=leaving)
        return result

    def save_snapshot(self, *, always: bool = False) -> None:
        """Keep the board as drawn for early.js to paint on the next visit, unless the stored
        one already shows the same game, language and options."""
        state = self.state
        game = state.session.game
        drawn = (
            game_identity(game),
            state.lang,
            state.settings.diagram_labels,
            state.motion_reduced(),
        )
        if drawn == self._snapshot_drawn and not always:
            return
        self._snapshot_drawn = drawn
        time_text = format_time(state.session.clock.elapsed(self.dom.now()))
        markup = self.board.view.markup()
        text = make_snapshot(game, lang=state.lang, markup=markup, time_text=time_text)
        if text is None:
            self.stores.storage.remove(SNAPSHOT_KEY)
        else:
            self.stores.storage.offer_text(SNAPSHOT_KEY, text)

    def problem_texts(self) -> list[str]:
        """What to tell the player about stored values found unusable since the last look."""
        stores = self.stores
        return saving_view.problem_texts(stores.data, stores.storage, self.state.lang)

    def show_saving(self) -> None:
        """The indicator that stays while anything is not being saved, and the problems met
        since the last look (said after the current message)."""
        stores = self.stores
        saving_view.show_saving(self.dom, self.state.lang, stores.storage, stores.games)
        texts = self.problem_texts()
        if texts:
            self.dom.say(i18n.sentences(self.dom.said(), *texts))
        self.guard_leaving()

    def guard_leaving(self) -> None:
        """Listen for ``beforeunload`` (the browser's leave prompt) while leaving would lose
        something, and only then (a listener also keeps a page out of the back-forward cache)."""
        stores = self.stores
        moves = len(self.state.session.game.history)
        wanted = saving_view.something_to_lose(stores.storage, stores.games, moves)
        if wanted == self._guarding:
            return
        if self._leave_guard is None:
            self._leave_guard = self.dom.proxy(_ask_before_leaving)
        listen = self.dom.window.addEventListener if wanted else self.dom.window.removeEventListener
        listen("beforeunload", self._leave_guard)
        self._guarding = wanted


def _ask_before_leaving(event: Any) -> None:
    """Ask the browser to confirm leaving (it shows its own words)."""
    event.preventDefault()
    event.returnValue = True  # what browsers before the standard's preventDefault() read

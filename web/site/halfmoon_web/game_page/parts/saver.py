"""Saving the game page's game: the game in progress with its clock, the board's snapshot for
the next visit's first paint, and the indicator that shows when saving stopped
(docs/storage.md; the snapshot: docs/startup.md, "The board snapshot").

A tap's save is off the tap's path (docs/performance.md): :meth:`Saver.changed` only notes that
the game changed; the save runs in a task after the next frame is painted, once for however
many changes came before it, and :meth:`Saver.flush` runs it at once where it cannot wait
(the page hidden or closed, another tab's game read). While a change waits, ``<html>`` carries
``data-saving`` (docs/interface.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from halfmoon_web.board.board import Board
from halfmoon_web.game_page.frame.context import Change, PageContext
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.game_page.parts import saving_view
from halfmoon_web.game_page.parts.shortcuts import SHORTCUT_SCOPE, journal_keys
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.snapshot import KEPT_ACTIONS, game_identity, make_snapshot
from halfmoon_web.shared import i18n
from halfmoon_web.shared.dom import tap_journal
from halfmoon_web.storage.game_store import SaveResult
from halfmoon_web.storage.storage import SNAPSHOT_KEY, UNSAVED_TAPS_KEY

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.storage.stores import Stores


JOURNAL_SELECTOR = ", ".join(
    ["#board [data-place]", *(f'[data-action="{action}"]' for action in KEPT_ACTIONS)]
)
"""What a tap journal writes down: the game page's cards, each named by its ``data-place``, and
the Undo and Redo buttons, by their ``data-action`` (model/snapshot.py's ``KEPT_ACTIONS``)."""
JOURNAL_ATTRS = ("data-place", "data-action")
JOURNAL_KEYS = (journal_keys(), SHORTCUT_SCOPE)
"""And the key presses that undo or redo (Ctrl+Z, U...), where a shortcut acts."""


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
    _stored_elapsed: int | None
    """The game's time in the save last written (for a worker page's journal)."""
    """Whether it listens now: something is not saved."""
    on_refused: Callable[[SaveResult], None] | None = None
    """Told when another tab's game stopped a save (``behind`` or ``conflict``): tab sync."""
    _waiting: bool
    """A change waits to be saved."""

    def __init__(self, ctx: PageContext, board: Board) -> None:
        self.dom = ctx.dom
        self.stores = ctx.stores
        self.state = ctx.state
        self.board = board
        self._snapshot_drawn = None
        self._leave_guard = None
        self._guarding = False
        self._waiting = False
        self._stored_elapsed = None

    def on_change(self, change: Change) -> None:
        """A move, or another game of this page's: save it after the frame; a game as stored
        (another tab's, an import) or other settings: the snapshot now; another language:
        the indicator's words."""
        if change.reason == "move" or (change.reason == "game" and not change.stored):
            self.changed()
        elif change.reason == "game" or change.reason == "settings":
            self.save_snapshot()
        if change.reason in ("language", "settings"):
            self.show_saving()

    def changed(self) -> None:
        """The game changed: save it in a task after the frame that shows the change is
        painted (a hidden page paints nothing: in the next task). Changes made before it runs
        are saved together."""
        if self._waiting:
            return
        self._waiting = True
        self.dom.document.documentElement.setAttribute("data-saving", "")
        self.dom.after_paint(self.flush)

    def flush(self, *, leaving: bool = False) -> None:
        """Save now the change that waits, if any (``leaving``: the page is being hidden or
        closed, so save even without one, for the clock)."""
        if self._waiting or leaving:
            self.save_game(leaving=leaving)

    def save_game(self, *, leaving: bool = False, force: bool = False) -> SaveResult:
        """Save the game in progress now (see :meth:`save`), then show what is not saved. When
        another tab stored a different game meanwhile, nothing is written and tab sync is told
        (``on_refused``: it follows that game, or asks which to keep), unless ``leaving``: the
        page being hidden or closed, there is no one to ask."""
        waited, self._waiting = self._waiting, False
        result = self.save(leaving=leaving, force=force)
        if result in ("behind", "conflict") and not leaving and self.on_refused is not None:
            self.on_refused(result)
        self.show_saving()
        if waited:
            self.dom.document.documentElement.removeAttribute("data-saving")
        return result

    def save(self, *, leaving: bool = False, force: bool = False) -> SaveResult:
        """Store the game in progress (``force``: over another tab's; see
        :meth:`~halfmoon_web.storage.game_store.GameStore.save`) and, when it was written, the
        snapshot (``leaving``: even if the board is the same, for the clock it shows)."""
        now = self.dom.now()
        result = self.stores.games.save(self.state.session, now, force=force)
        if result in ("saved", "failed"):
            self.save_snapshot(always=leaving)
        if result == "saved":
            self._stored_elapsed = self.state.session.clock.elapsed(now)
            self.journal()
        return result

    def tapped(self) -> None:
        """A card was tapped (after the game page played it): when no save waits, the game as
        stored holds this tap too, a selection aside, and the page that keeps a journal is
        told so; else the save that waits tells it. A selection is then never played again
        by the next start, as a page whose Python runs on the main thread keeps none."""
        if not self._waiting:
            self.journal()

    def journal(self) -> None:
        """Tell a page whose Python runs in a worker that the game as stored holds every tap
        played so far, the selection aside: it keeps the later taps, to be stored if it goes
        before the next save (docs/worker.md, "Saving against a closing tab")."""
        journal = tap_journal(self.dom.document)
        if journal is not None:  # nothing to compute for a page that keeps none
            session = self.state.session
            selected = list(self.board.model.selected())
            now, stored = self.dom.now(), self._stored_elapsed
            clock = None
            if session.clock.running and stored is not None:
                clock = (now, session.clock.elapsed(now), stored)
            base = game_identity(session.game)
            spec = (JOURNAL_SELECTOR, JOURNAL_ATTRS, base, selected, clock, JOURNAL_KEYS)
            journal(UNSAVED_TAPS_KEY, *spec)

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
        markup = self.board.markup()
        text = make_snapshot(game, lang=state.lang, markup=markup, time_text=time_text)
        if text is None:
            self.stores.storage.remove(SNAPSHOT_KEY)
        else:
            self.stores.storage.offer_text(SNAPSHOT_KEY, text)

    def problem_texts(self) -> list[str]:
        """What to tell the player about stored values found unusable since the last look."""
        stores = self.stores
        return saving_view.problem_texts(stores.data, stores.storage, self.state.lang)

    def storage_told(self) -> None:
        """The page reported writes (a worker page learns a refusal, or a try kept, after
        the write: storage/late_storage.py): what is saved now is shown."""
        self.stores.games.kept_late()
        self.show_saving()

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

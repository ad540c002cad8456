"""The game page's context, and the one funnel its changes go through.

A :class:`PageContext` holds the window and document (:class:`~.page_dom.PageDom`), the stores
(:class:`~halfmoon_web.storage.stores.Stores`) and what the page shows
(:class:`~.page_state.PageState`); a part is built from it, or from the pieces of it it needs. A
part that changes what the page shows says so with :meth:`PageContext.changed` (or shows another
game with :meth:`PageContext.show`, the one way to); the wiring module subscribes the parts that
draw it, each to the reasons it cares about, in one order (docs/architecture.md, "The game
page's wiring"). So no part keeps a list of the others to redraw.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from halfmoon_web.board.board import Board
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.game_page.frame.page_state import PageState
    from halfmoon_web.model.session import GameSession
    from halfmoon_web.storage.stores import Stores

Reason = Literal["move", "game", "stats", "backups", "language", "settings"]
"""What changed: ``move`` a removal, an undo, a redo or a restart of the game shown; ``game``
another game shown; ``stats`` the statistics; ``backups`` the kept copies; ``language`` the
page's language; ``settings`` the settings (the board's options, the looks)."""


class Change(NamedTuple):
    """One change, as the parts hear of it."""

    reason: Reason
    announce: bool = True
    """Whether the end of the game, if it ended, is said in the status line."""
    lead: str = ""
    """What the status line says of the change, said before the end of the game."""
    stored: bool = False
    """The game shown comes from storage (another tab's, an import): nothing new to save."""


Listener = Callable[[Change], None]

Action = Callable[[Any], object]
"""What a click on a ``data-action`` element does, given that element."""
Actions = dict[str, Action]
"""A part's actions by ``data-action`` name: what it offers the page's one click listener
(docs/architecture.md, "The game page's wiring")."""


class PageContext:
    """What every part of the game page holds, and the funnel of its changes."""

    dom: PageDom
    stores: Stores
    state: PageState
    _listeners: list[Listener]

    def __init__(self, dom: PageDom, stores: Stores, state: PageState) -> None:
        self.dom = dom
        self.stores = stores
        self.state = state
        self._listeners = []

    def subscribe(self, listener: Listener) -> None:
        """Tell ``listener`` every change, after the parts that subscribed before it."""
        self._listeners.append(listener)

    def on(self, reasons: Collection[Reason], draw: Callable[[], object]) -> None:
        """Call ``draw`` after each change of one of ``reasons`` (a part that only redraws)."""
        self.subscribe(lambda change: draw() if change.reason in reasons else None)

    def changed(
        self, reason: Reason, *, announce: bool = True, lead: str = "", stored: bool = False
    ) -> None:
        """Something the page shows changed: every subscribed part hears of it, in order."""
        change = Change(reason, announce, lead, stored)
        for listener in self._listeners:
            listener(change)

    def show(self, session: GameSession, words: str, *, stored: bool = False) -> None:
        """Show another game, saying ``words`` (``stored``: it is the game as stored, by
        another tab or an import: the page's base from now on)."""
        self.state.session = session
        if stored:
            self.stores.games.adopted(session)
        self.dom.say(words)
        self.changed("game", announce=not stored, stored=stored)


def board_listener(board: Board, state: PageState) -> Listener:
    """The game page's board, following the page's changes: another game shown, the
    language or the options changed."""

    def follow(change: Change) -> None:
        if change.reason == "game":
            board.show(state.session.model)
        elif change.reason in ("language", "settings"):
            board.set_options(**state.board_options()._asdict())

    return follow

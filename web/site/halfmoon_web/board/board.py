"""A reusable board component: one container, one model, one delegated click listener.

Mount it anywhere (game page, rules page step viewer, ``embed.html``)::

    board = Board(container, BoardModel(game), BoardOptions(lang="en", labels=True), on_tap=handler)

Taps go to the engine through :class:`~halfmoon_web.model.board_model.BoardModel`; after each tap
the board re-renders and calls ``on_tap(outcome)`` with a
:class:`~halfmoon_web.model.board_model.TapOutcome` (removal, error key, status). Cards are native
buttons (Enter and Space tap them); the board is one tab stop, and the arrow keys, Home, End and
the ranks move the focus between its cards (docs/keyboard.md): one delegated keydown listener, the
targets from :mod:`.board_keys`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy

from halfmoon_web.board.board_keys import board_keys, key_target
from halfmoon_web.board.board_view import BoardView
from halfmoon_web.model.board_model import (
    BoardModel,
    BoardOptions,
    RedoOutcome,
    TapOutcome,
    UndoOutcome,
)
from halfmoon_web.shared.dom import decide_in_event, focus_lost, found

TapHandler = Callable[[TapOutcome], None]
DEFAULT_OPTIONS = BoardOptions()


class Board:
    """Controller of one board: model + view + listeners."""

    def __init__(
        self,
        container: Any,
        model: BoardModel,
        options: BoardOptions = DEFAULT_OPTIONS,
        *,
        interactive: bool = True,
        on_tap: TapHandler | None = None,
    ) -> None:
        self.container = container
        self.model = model
        self.assist = options.assist
        self.on_tap = on_tap
        """Told each tap's outcome (a page may set it once its handler is built)."""
        self.view = BoardView(
            container,
            lang=options.lang,
            labels=options.labels,
            reduced_motion=options.reduced_motion,
            interactive=interactive,
            game=model.game,  # adopts the board the page shows, if it is this game's
        )
        self._pressed: str | None = None
        """The place of the card a pointer pressed and has not let go (a drag, maybe)."""
        handlers = {
            "click": self._on_click,
            "keydown": self._on_key,
            "focusin": self._on_focus,
            "animationend": self.view.on_animation_end,
            "pointerdown": self._on_press,
            "pointerup": self._on_drop,
            "pointercancel": self._on_cancel,
        }
        self._listeners = [(name, create_proxy(handler)) for name, handler in handlers.items()]
        """The listeners and their proxies, kept alive until :meth:`close`."""
        for name, listener in self._listeners:
            container.addEventListener(name, listener)
        self._declare_keys()
        self.render()

    def _declare_keys(self) -> None:
        """The keys whose default the page prevents on a card at once (:meth:`_on_key` does,
        where Python runs on the main thread)."""
        rule = {"prevent_keys": board_keys(self.view.lang), "within": "button[data-place]"}
        decide_in_event(self.container, "keydown", rule)

    def close(self) -> None:
        """Stop listening and free the listeners' proxies: a board that is replaced (a
        replay's, at the next opening) leaves nothing behind."""
        for name, listener in self._listeners:
            self.container.removeEventListener(name, listener)
            listener.destroy()
        self._listeners = []
        self.on_tap = None

    # -- events ---------------------------------------------------------------------------
    def _on_click(self, event: Any) -> None:
        target = self._card(event)
        if target is None or target.disabled:
            return
        self.tap(target.getAttribute("data-place"))

    def _on_press(self, event: Any) -> None:
        """A press on a card (the main button, a finger, a pen): it may become a drag."""
        card = self._card(event)
        pressed = card is not None and event.button == 0
        self._pressed = card.getAttribute("data-place") if pressed else None

    def _on_drop(self, event: Any) -> None:
        """Drag to pair (docs/interface.md, "Cards": Drag to pair): a card pressed and let go on
        another card is both taps, the pressed card's first unless it is selected already; let go
        anywhere else it is no tap (the click, if any, lands on no card)."""
        pressed, self._pressed = self._pressed, None
        under = getattr(event, "pointTarget", None)
        card = under.closest("button[data-place]") if found(under) else None
        if pressed is None or not found(card) or not self.container.contains(card):
            return
        place = card.getAttribute("data-place")
        if place == pressed or card.disabled:
            return  # let go on the card pressed: its click is the tap
        if pressed not in self.model.selected():
            self.tap(pressed)
        if pressed in self.model.selected():
            self.tap(place)

    def _on_cancel(self, _event: Any) -> None:
        """The browser took the pointer (a scroll, a gesture): no drag."""
        self._pressed = None

    def _card(self, event: Any) -> Any:
        """The card button an event happened on, or None."""
        target = event.target.closest("button[data-place]")
        if not found(target) or not self.container.contains(target):
            return None
        return target

    def _on_key(self, event: Any) -> None:
        """Arrow keys, Home, End and the ranks move the focus to another card (docs/keyboard.md);
        with Ctrl, Alt or Meta a key is left to the page (its shortcuts)."""
        card = self._card(event)
        if card is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        cards = self.model.game.playable()
        place = key_target(
            str(event.key), str(card.getAttribute("data-place")), cards, self.view.lang
        )
        if place is None:
            return
        event.preventDefault()
        self.view.focus_place(place)

    def _on_focus(self, event: Any) -> None:
        """The focused card becomes the board's tab stop."""
        card = self._card(event)
        if card is not None:
            self.view.set_current(str(card.getAttribute("data-place")))

    def focus_current(self) -> None:
        """Put the keyboard focus on the board's tab stop, if it has a card."""
        if self.view.current is not None:
            self.view.focus_place(self.view.current)

    def markup(self) -> str:
        """The board's markup at rest, for the game page's snapshot (:meth:`BoardView.markup`)."""
        return self.view.markup()

    def warm_faces(self) -> None:
        """Make the model faces of every card now (:meth:`BoardView.warm_faces`), so that no
        tap draws a face of its own."""
        self.view.warm_faces()

    def lost_focus(self) -> bool:
        """True when the keyboard focus is on no usable element and the board will not give it
        back (a card that leaves with the focus hands it to the next card in the next frame,
        board_view.py): then the page puts it elsewhere (docs/accessibility.md, "Focus")."""
        return not self.view.focus_due and focus_lost(self.container.ownerDocument)

    def tap(self, place: str) -> TapOutcome:
        """Tap the card at ``place`` (as a click would); it becomes the board's tab stop."""
        self.view.set_current(place)
        before = self.model.selection
        outcome = self.model.tap(place)
        self.render()
        if outcome.error is not None:
            self._refuse((*before, place))
        if self.on_tap is not None:
            self.on_tap(outcome)
        return outcome

    def _refuse(self, places: tuple[str, ...]) -> None:
        """The cards of a refused pair or triple shake, or are outlined under reduced motion,
        for a moment (docs/interface.md, "A refused pair"): a sign without words, whatever the
        Move errors setting says."""
        cue = self.view.refuse(places)
        window = self.container.ownerDocument.defaultView
        window.setTimeout(create_once_callable(lambda: self.view.end_refusal(cue)), 650)

    # -- commands -------------------------------------------------------------------------
    def undo(self) -> UndoOutcome | None:
        """Take back the last removal."""
        outcome = self.model.undo()
        self.render()
        return outcome

    def redo(self) -> RedoOutcome | None:
        """Play the last undone removal again."""
        outcome = self.model.redo()
        self.render()
        return outcome

    def celebrate(self) -> None:
        """Play the win's celebration (not under reduced motion)."""
        self.view.celebrate()

    def show(self, model: BoardModel) -> None:
        """Show another game with its own selection (the game page's other games: the one
        way to, docs/architecture.md)."""
        self.model = model
        self.view.deal_next()
        self.render()

    def set_game(self, game: Any) -> None:
        """Show another position of this board's game (e.g. another step of the step
        viewer); the selection is cleared."""
        self.model.set_game(game)
        self.render()

    def set_options(
        self,
        *,
        lang: str | None = None,
        labels: bool | None = None,
        assist: bool | None = None,
        reduced_motion: bool | None = None,
    ) -> None:
        """Change display options; only the given ones change."""
        if lang is not None:
            self.view.set_lang(lang)
            self._declare_keys()
        if labels is not None:
            self.view.set_labels(labels)
        if assist is not None:
            self.assist = assist
        if reduced_motion is not None:
            self.view.set_reduced_motion(reduced_motion)
        self.render()

    def render(self) -> None:
        """Draw the model's game, selection and (with placement assist) the dimmed cards."""
        dimmed = self.model.dimmed() if self.assist else frozenset()
        self.view.render(self.model.game, self.model.selected(), dimmed)

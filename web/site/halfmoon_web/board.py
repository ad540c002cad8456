"""A reusable board component: one container, one model, one delegated click listener.

Mount it anywhere (game page, rules page step viewer, ``embed.html``)::

    board = Board(container, BoardModel(game), lang="en", labels=True, on_tap=handler)

Taps go to the engine through :class:`~halfmoon_web.model.BoardModel`; after each tap the board
re-renders and calls ``on_tap(outcome)`` with a :class:`~halfmoon_web.model.TapOutcome`
(removal, error key, status). Keyboard use comes free: cards are native buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from .board_view import BoardView
from .dom import found
from .model import BoardModel, TapOutcome, UndoOutcome

TapHandler = Callable[[TapOutcome], None]


class Board:
    """Controller of one board: model + view + listeners."""

    def __init__(
        self,
        container: Any,
        model: BoardModel,
        *,
        lang: str = "en",
        labels: bool = False,
        assist: bool = False,
        reduced_motion: bool = False,
        interactive: bool = True,
        on_tap: TapHandler | None = None,
    ) -> None:
        self.container = container
        self.model = model
        self.assist = assist
        self.on_tap = on_tap
        self.view = BoardView(
            container,
            lang=lang,
            labels=labels,
            reduced_motion=reduced_motion,
            interactive=interactive,
        )
        self._click = create_proxy(self._on_click)
        self._anim = create_proxy(self.view.on_animation_end)
        container.addEventListener("click", self._click)
        container.addEventListener("animationend", self._anim)
        self.render()

    # -- events ---------------------------------------------------------------------------
    def _on_click(self, event: Any) -> None:
        target = event.target.closest("button[data-place]")
        if not found(target) or not self.container.contains(target) or target.disabled:
            return
        self.tap(target.getAttribute("data-place"))

    def tap(self, place: str) -> TapOutcome:
        """Tap the card at ``place`` (as a click would)."""
        outcome = self.model.tap(place)
        self.render()
        if self.on_tap is not None:
            self.on_tap(outcome)
        return outcome

    # -- commands -------------------------------------------------------------------------
    def undo(self) -> UndoOutcome | None:
        """Take back the last removal."""
        outcome = self.model.undo()
        self.render()
        return outcome

    def restart(self) -> None:
        """Back to the start position."""
        self.model.restart()
        self.render()

    def set_game(self, game: Any) -> None:
        """Show another game (e.g. another step of the step viewer)."""
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

    def destroy(self) -> None:
        """Detach the listeners and release their proxies."""
        self.container.removeEventListener("click", self._click)
        self.container.removeEventListener("animationend", self._anim)
        self._click.destroy()
        self._anim.destroy()

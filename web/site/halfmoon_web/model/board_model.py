"""One board's state without the DOM: a Game plus the current selection.

Every rule is the engine's: a tap goes through :func:`halfmoon_core.tap`, the dimming of
placement assist through :func:`halfmoon_core.joinable`. This only keeps the two together and
says what happened, so that a view (game page, rules page, embed) can show it.
"""

from __future__ import annotations

from typing import NamedTuple

from halfmoon_core import Card, Game, Move, Status, joinable, tap
from halfmoon_core.tapping import ErrorKey, Selection, clean_selection


class BoardOptions(NamedTuple):
    """How a board is shown: its language, the diagram labels, placement assist, motion."""

    lang: str = "en"
    labels: bool = False
    assist: bool = False
    reduced_motion: bool = False


class TapOutcome(NamedTuple):
    """What one tap did."""

    place: str
    move: Move | None
    removed: tuple[Card, ...]
    """The removed cards in the order they were tapped."""
    error: ErrorKey | None
    status: Status
    changed: bool
    """True when the tap changed the selection or the table."""


class RedoOutcome(NamedTuple):
    """What one redo did: the move played again and the cards it removed."""

    move: Move
    removed: tuple[Card, ...]
    status: Status


class UndoOutcome(NamedTuple):
    """What one undo did: the move taken back and the cards returned to the table."""

    move: Move
    returned: tuple[Card, ...]


class BoardModel:
    """A game and its selection (an ordered tuple of 0–2 places)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.selection: Selection = ()

    def set_game(self, game: Game) -> None:
        """Show another game; the selection is cleared."""
        self.game = game
        self.selection = ()

    def tap(self, place: str) -> TapOutcome:
        """Apply a tap on ``place`` (docs/rules.md, "Selecting cards"); a completed pair or triple
        is played."""
        before = self.selection
        result = tap(self.selection, place, self.game)
        removed: tuple[Card, ...] = ()
        if result.move is not None:
            tapped = (*clean_selection(before, self.game), place)  # in the order of the taps
            removed = tuple(self.game.card_at(p) for p in tapped)  # type: ignore[misc]
            self.game.push(result.move)
        self.selection = result.selection
        changed = result.move is not None or result.selection != before
        return TapOutcome(place, result.move, removed, result.error, self.game.status, changed)

    def undo(self) -> UndoOutcome | None:
        """Take back the last removal (None when there is none); the selection is cleared."""
        if not self.game.can_undo:
            return None
        move = self.game.pop()
        self.selection = ()
        returned = tuple(self.game.card_at(p) for p in move.places)
        return UndoOutcome(move, returned)  # type: ignore[arg-type]

    def redo(self) -> RedoOutcome | None:
        """Play the last undone removal again (None when there is none); the selection is
        cleared."""
        if not self.game.can_redo:
            return None
        move = self.game.redo_line[0]
        removed = tuple(self.game.card_at(p) for p in move.places)
        self.game.redo()
        self.selection = ()
        return RedoOutcome(move, removed, self.game.status)  # type: ignore[arg-type]

    def restart(self) -> None:
        """Back to the start position."""
        self.game.restart()
        self.selection = ()

    def selected(self) -> Selection:
        """The selection, without places that lost their card."""
        self.selection = clean_selection(self.selection, self.game)
        return self.selection

    def dimmed(self) -> frozenset[str]:
        """Playable places that could not join the selection (empty without a selection);
        the selected cards themselves are never dimmed."""
        if not self.selected():
            return frozenset()
        others = frozenset(self.game.playable()) - frozenset(self.selection)
        return others - joinable(self.selection, self.game)

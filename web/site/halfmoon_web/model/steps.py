"""The step viewer's model: a start, a list of moves, and the step being shown (DOM-free)."""

from __future__ import annotations

from halfmoon_core import Card, Game, Move, parse_moves, replay


class StepLine:
    """A line of play to walk through: step 0 is the start, step ``n`` follows the n-th move.

    Raises the engine's errors (MoveError names the first illegal step) when built from bad input.
    """

    def __init__(self, start: str, moves: str | list[Move]) -> None:
        self.moves = parse_moves(moves) if isinstance(moves, str) else list(moves)
        games = [Game.from_start(start)]
        self.start = games[0].start
        replay(self.start, self.moves)  # validate every step once, with a precise message
        self._removed: list[tuple[Card, ...]] = []
        game = games[0]
        for move in self.moves:
            self._removed.append(tuple(game.card_at(place) for place in move.places))  # type: ignore[misc]
            game.push(move)
        self.step = 0

    @property
    def total(self) -> int:
        """M, the number of steps after the start."""
        return len(self.moves)

    def game_at(self, step: int) -> Game:
        """A fresh game showing the position after ``step`` moves."""
        return replay(self.start, self.moves[:step])

    def go(self, step: int) -> int:
        """Move to ``step`` (clamped to 0..M) and return it."""
        self.step = max(0, min(self.total, step))
        return self.step

    def removed_at(self, step: int) -> tuple[Card, ...]:
        """The cards removed by step ``step`` (1-based), in the order of the move's places."""
        return self._removed[step - 1]

    def move_at(self, step: int) -> Move:
        """The move played at step ``step`` (1-based)."""
        return self.moves[step - 1]

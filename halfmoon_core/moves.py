"""Move notation: ``1-8``, ``8-5-3``, ``R6-2``; lists joined by ``,`` (docs/formats.md)."""

from __future__ import annotations

from typing import NamedTuple

from .errors import MoveError
from .places import PLACE_INDEX, parse_place, place_label


class Move(NamedTuple):
    """A removal: the places of the removed cards, kept in canonical order (piles, then reserve).

    ``Move.of("8", "1") == Move.of("1", "8")``: the order of the places does not matter.
    """

    places: tuple[str, ...]

    @classmethod
    def of(cls, *places: str) -> Move:
        """A move from place names in any order (names are normalised, not checked for legality)."""
        names = [parse_place(place) for place in places]
        if len(names) not in (2, 3):
            raise MoveError("move_size", count=len(names))
        for name in names:
            if names.count(name) > 1:
                raise MoveError("move_place_twice", place=place_label(name))
        return cls(tuple(sorted(names, key=PLACE_INDEX.__getitem__)))

    def __str__(self) -> str:
        return "-".join(self.places)


def parse_move(text: str) -> Move:
    """Read one move such as ``8-5-3`` or ``r6-2``."""
    if not isinstance(text, str):
        raise MoveError("move_not_text")
    raw = text.strip()
    if not raw:
        raise MoveError("move_empty")
    try:
        return Move.of(*raw.split("-"))
    except MoveError as exc:
        raise MoveError("move_in", move=raw, error=exc.message) from None


def parse_moves(text: str) -> list[Move]:
    """Read a list of moves joined by ``,`` (empty text is the empty list)."""
    if not isinstance(text, str):
        raise MoveError("moves_not_text")
    if not text.strip():
        return []
    moves = []
    for number, part in enumerate(text.split(","), start=1):
        if not part.strip():
            raise MoveError("moves_empty_item", number=number)
        moves.append(parse_move(part))
    return moves


def format_moves(moves: list[Move] | tuple[Move, ...]) -> str:
    """Join moves with ``,``."""
    return ",".join(str(move) for move in moves)

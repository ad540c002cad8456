"""Place names: piles ``1``..``12`` and reserve slots ``R1``..``R8`` (docs/formats.md)."""

from __future__ import annotations

from .cards import ascii_upper
from .errors import MoveError

PILE_COUNT = 12
PILE_HEIGHT = 8
RESERVE_COUNT = 8

PILES: tuple[str, ...] = tuple(str(n) for n in range(1, PILE_COUNT + 1))
RESERVE: tuple[str, ...] = tuple(f"R{n}" for n in range(1, RESERVE_COUNT + 1))
PLACES: tuple[str, ...] = PILES + RESERVE
PLACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(PLACES)}


def parse_place(text: str) -> str:
    """Normalise a place name (``r3`` → ``R3``, `` 7 `` → ``7``) or raise :class:`MoveError`."""
    if not isinstance(text, str):
        raise MoveError(f"a place must be text, not {type(text).__name__}")
    name = ascii_upper(text.strip())
    if name not in PLACE_INDEX:
        raise MoveError(f"{text!r} is not a place (piles are 1..12, reserve slots R1..R8)")
    return name


def is_reserve(place: str) -> bool:
    """True for a reserve slot name."""
    return place.startswith("R")


def place_label(place: str) -> str:
    """A place in words, for messages: ``pile 4`` or ``reserve slot R3``."""
    return f"reserve slot {place}" if is_reserve(place) else f"pile {place}"

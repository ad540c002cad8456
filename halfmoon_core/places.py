"""Place names: piles ``1``..``12`` and reserve slots ``R1``..``R8`` (docs/formats.md)."""

from __future__ import annotations

from .cards import ascii_upper
from .errors import MoveError
from .messages import Message

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
        raise MoveError("place_not_text", type=type(text).__name__)
    name = ascii_upper(text.strip())
    if name not in PLACE_INDEX:
        raise MoveError("place_unknown", text=text)
    return name


def is_reserve(place: str) -> bool:
    """True for a reserve slot name."""
    return place.startswith("R")


def place_label(place: str) -> Message:
    """A place in words, for messages: ``pile 4`` or ``reserve slot R3``."""
    return Message("place_reserve" if is_reserve(place) else "place_pile", place=place)

"""Deal codes ``HM1-N-XXXXXXX`` and the deal they stand for (docs/formats.md)."""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from .cards import Card, ascii_upper, canonical_deck
from .errors import DealCodeError
from .places import PILE_COUNT, PILE_HEIGHT, RESERVE_COUNT
from .position import Layout
from .prng import SplitMix64, shuffle

FORMAT = "HM1"
MODES = ("N",)
LETTERS = 7
DEAL_COUNT = 26**LETTERS
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EXAMPLE = "HM1-N-AAAAAAB"
"""The code of deal 1, the example the messages give."""
_SHAPE = re.compile(r"^([A-Z0-9]+)-([A-Z0-9]+)-(.*)$")


class DealCode(NamedTuple):
    """A parsed deal code: the mode letter and the deal number in ``range(26**7)``."""

    mode: str
    number: int

    def __str__(self) -> str:
        return format_code(self.number, self.mode)


def format_code(number: int, mode: str = "N") -> str:
    """The code of deal ``number``: ``format_code(1) == 'HM1-N-AAAAAAB'``."""
    if not 0 <= number < DEAL_COUNT:
        raise DealCodeError("deal_number_range", number=number, last=DEAL_COUNT - 1)
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(_ALPHABET[digit])
    return f"{FORMAT}-{mode}-{''.join(reversed(letters))}"


def parse_code(text: str) -> DealCode:
    """Read a deal code (case-insensitive, surrounding spaces allowed) or raise DealCodeError."""
    if not isinstance(text, str):
        raise DealCodeError("deal_not_text")
    raw = ascii_upper(text.strip())
    if not raw:
        raise DealCodeError("deal_empty", example=EXAMPLE)
    match = _SHAPE.match(raw)
    if not match:
        raise DealCodeError("deal_shape", text=text.strip(), example=EXAMPLE)
    prefix, mode, letters = match.groups()
    if prefix != FORMAT:
        raise DealCodeError("deal_format", prefix=prefix, format=FORMAT)
    if mode not in MODES:
        raise DealCodeError("deal_mode", mode=mode)
    if len(letters) != LETTERS:
        raise DealCodeError("deal_length", letters=LETTERS, example=EXAMPLE, text=text.strip())
    if not all(ch in _ALPHABET for ch in letters):
        raise DealCodeError("deal_letters")
    number = 0
    for ch in letters:
        number = number * 26 + _ALPHABET.index(ch)
    return DealCode(mode, number)


def normalise_code(text: str) -> str:
    """The canonical spelling of a deal code (upper case, no spaces)."""
    return str(parse_code(text))


def random_code(rng: random.Random | None = None) -> str:
    """A code drawn uniformly from all 26**7 normal deals."""
    chooser = rng or random.SystemRandom()
    return format_code(chooser.randrange(DEAL_COUNT))


def shuffled_deck(number: int) -> list[Card]:
    """The 104 cards of deal ``number`` in dealing order."""
    cards = canonical_deck()
    shuffle(cards, SplitMix64(number))
    return cards


def deal(code: str | DealCode) -> Layout:
    """The starting layout of a deal: pile 1 bottom→top, pile 2, …, pile 12, then R1..R8."""
    parsed = code if isinstance(code, DealCode) else parse_code(code)
    cards = shuffled_deck(parsed.number)
    piles = tuple(tuple(cards[p * PILE_HEIGHT : (p + 1) * PILE_HEIGHT]) for p in range(PILE_COUNT))
    start = PILE_COUNT * PILE_HEIGHT
    reserve = tuple(cards[start : start + RESERVE_COUNT])
    return Layout(piles, reserve)

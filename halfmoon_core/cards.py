"""Cards of the two decks and their canonical two-character codes (SPEC §1)."""

from __future__ import annotations

from typing import NamedTuple

from .errors import CardError

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
JACK, QUEEN, KING = 11, 12, 13
COURT_RANKS = frozenset((JACK, QUEEN, KING))
PAIR_SUM = 11
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_upper(text: str) -> str:
    """Upper-case ASCII letters only, so that e.g. ``ſ`` or ``ﬀ`` never turn into ``S``/``FF``."""
    return text.translate(_ASCII_UPPER)


class Card(NamedTuple):
    """One card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``S H D C``."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        """Canonical code, e.g. ``5S``, ``TH``, ``JC``."""
        return RANK_CHARS[self.rank - 1] + self.suit

    @property
    def is_court(self) -> bool:
        """True for J, Q and K (cards without a value)."""
        return self.rank in COURT_RANKS

    @property
    def value(self) -> int:
        """Value of a number card (A = 1 .. 10); court cards have value 0."""
        return 0 if self.is_court else self.rank

    def __str__(self) -> str:
        return self.code


def parse_card(text: str) -> Card:
    """Read a card code such as ``5S``, ``th`` or ``10H`` (case-insensitive)."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text, not {type(text).__name__}")
    raw = ascii_upper(text.strip())
    if raw.startswith("10"):
        raw = "T" + raw[2:]
    if len(raw) != 2 or raw[0] not in RANK_CHARS or raw[1] not in SUIT_CHARS:
        raise CardError(f"{text!r} is not a card (expected e.g. 5S, TH, 10H, JC)")
    return Card(RANK_CHARS.index(raw[0]) + 1, raw[1])


def canonical_deck() -> list[Card]:
    """The 104 cards in canonical order: deck 1 then deck 2, suits S H D C, ranks A..K."""
    one_deck = [Card(rank, suit) for suit in SUIT_CHARS for rank in range(1, 14)]
    return one_deck + one_deck


def pairs_with(a: Card, b: Card) -> bool:
    """True when ``a`` and ``b`` are number cards whose values sum to 11."""
    return not a.is_court and not b.is_court and a.rank + b.rank == PAIR_SUM


def is_triple(cards: list[Card] | tuple[Card, ...]) -> bool:
    """True when the cards are exactly one jack, one queen and one king."""
    return len(cards) == 3 and {c.rank for c in cards} == COURT_RANKS

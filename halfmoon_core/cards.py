"""Cards of the two decks, their two-character codes, and the rule of what may be removed.

The rule has one home here: :data:`REMOVALS` lists the rank sets of a removal, and every other
module (legal moves, the status, position validation, the tap machine) asks the functions below.
See docs/rules.md and docs/formats.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from .errors import CardError
from .messages import Message

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
        raise CardError("card_not_text", type=type(text).__name__)
    raw = ascii_upper(text.strip())
    if raw.startswith("10"):
        raw = "T" + raw[2:]
    if len(raw) != 2 or raw[0] not in RANK_CHARS or raw[1] not in SUIT_CHARS:
        raise CardError("card_unknown", text=text)
    return Card(RANK_CHARS.index(raw[0]) + 1, raw[1])


def canonical_deck() -> list[Card]:
    """The 104 cards in canonical order: deck 1 then deck 2, suits S H D C, ranks A..K."""
    one_deck = [Card(rank, suit) for suit in SUIT_CHARS for rank in range(1, 14)]
    return one_deck + one_deck


RemovalKind = Literal["pair", "triple"]


class Removal(NamedTuple):
    """One kind of removal: ``pair`` or ``triple``, and the ranks it takes (one card of each)."""

    kind: RemovalKind
    ranks: tuple[int, ...]


REMOVALS: tuple[Removal, ...] = (
    *(Removal("pair", (low, PAIR_SUM - low)) for low in range(1, (PAIR_SUM + 1) // 2)),
    Removal("triple", (JACK, QUEEN, KING)),
)
"""Every removal: two number cards whose values sum to 11 (A+10, 2+9, 3+8, 4+7, 5+6), or one
jack, one queen and one king, of any suits."""

_KIND_BY_RANKS: dict[tuple[int, ...], RemovalKind] = {r.ranks: r.kind for r in REMOVALS}


def removal_kind(cards: Sequence[Card]) -> RemovalKind | None:
    """``"pair"`` or ``"triple"`` when the cards may be removed together, else None."""
    return _KIND_BY_RANKS.get(tuple(sorted(card.rank for card in cards)))


def part_of_removal(cards: Sequence[Card]) -> bool:
    """True when the cards are a removal or part of one (more cards could complete it)."""
    ranks = {card.rank for card in cards}
    return len(ranks) == len(cards) and any(ranks <= set(r.ranks) for r in REMOVALS)


def why_not_removal(cards: Sequence[Card]) -> Message | None:
    """None when the cards may be removed together, else the reason (in words, as data)."""
    if removal_kind(cards) is not None:
        return None
    codes = " + ".join(card.code for card in cards)
    if len(cards) == 2:
        if any(card.is_court for card in cards):
            return Message("removal_court_pair", cards=codes)
        total = sum(card.value for card in cards)
        return Message("removal_sum", cards=codes, total=total, target=PAIR_SUM)
    if len(cards) == 3:
        return Message("removal_not_triple", cards=codes)
    return Message("removal_size", count=len(cards))

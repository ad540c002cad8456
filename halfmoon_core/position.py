"""Layouts and position strings ``HMP1:…`` (docs/formats.md)."""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from .cards import JACK, KING, QUEEN, RANK_CHARS, REMOVALS, Card, ascii_upper, canonical_deck
from .errors import PositionError
from .places import PILE_COUNT, PILE_HEIGHT, PLACES, is_reserve

PREFIX = "HMP1:"
PAIR_POINTS = 10
TRIPLE_POINTS = 15
_CARD_TOKEN = re.compile(r"(10|[A2-9TJQK])([SHDC])")
_RANK_WORDS = {
    1: "aces",
    2: "2s",
    3: "3s",
    4: "4s",
    5: "5s",
    6: "6s",
    7: "7s",
    8: "8s",
    9: "9s",
    10: "10s",
    JACK: "jacks",
    QUEEN: "queens",
    KING: "kings",
}


class Layout(NamedTuple):
    """Cards on the table: 12 piles bottom→top, and 8 reserve slots (``None`` when empty)."""

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]

    def cards(self) -> list[Card]:
        """Every card on the table."""
        found = [card for pile in self.piles for card in pile]
        return found + [card for card in self.reserve if card is not None]


class Removed(NamedTuple):
    """What is missing from a position: the pairs and triples already made."""

    pairs: int
    triples: int

    @property
    def score(self) -> int:
        """Points for the removals: 10 a pair, 15 a triple."""
        return PAIR_POINTS * self.pairs + TRIPLE_POINTS * self.triples

    @property
    def moves(self) -> int:
        """Number of removals made."""
        return self.pairs + self.triples


def is_position_text(text: object) -> bool:
    """True when ``text`` is meant as a position string: it starts with ``HMP1:`` (any case).

    It says nothing of whether the rest is valid (:func:`parse_position` does); a deal code, or
    anything else, is not a position string.
    """
    return isinstance(text, str) and ascii_upper(text.strip()[: len(PREFIX)]) == PREFIX


def format_position(layout: Layout) -> str:
    """The position string of a layout."""
    fields = ["".join(card.code for card in pile) for pile in layout.piles]
    fields += ["" if card is None else card.code for card in layout.reserve]
    return PREFIX + "/".join(fields)


def _parse_field(text: str, place: str) -> tuple[Card, ...]:
    label = _place_label(place)
    upper = ascii_upper(text.strip())
    cards: list[Card] = []
    pos = 0
    while pos < len(upper):
        match = _CARD_TOKEN.match(upper, pos)
        if not match:
            bad = upper[pos : pos + 2] or upper[pos:]
            raise PositionError(
                f"{label}: {bad!r} is not a card (cards are written like 5S, TH, JC)"
            )
        rank = 10 if match.group(1) == "10" else RANK_CHARS.index(match.group(1)) + 1
        cards.append(Card(rank, match.group(2)))
        pos = match.end()
    return tuple(cards)


def _place_label(place: str) -> str:
    return f"reserve {place}" if is_reserve(place) else f"pile {place}"


def parse_position(text: str) -> Layout:
    """Read and validate a position string; raise PositionError saying exactly what is wrong."""
    if not isinstance(text, str):
        raise PositionError("a position must be text")
    if not is_position_text(text):
        raise PositionError(f"a position string starts with {PREFIX}")
    raw = text.strip()
    fields = raw[len(PREFIX) :].split("/")
    if len(fields) != len(PLACES):
        raise PositionError(
            f"a position has {len(PLACES)} fields (piles 1..12, then R1..R8) separated by '/',"
            f" this one has {len(fields)}"
        )
    parsed = [_parse_field(field, place) for field, place in zip(fields, PLACES, strict=True)]
    for place, cards in zip(PLACES[:PILE_COUNT], parsed, strict=False):
        if len(cards) > PILE_HEIGHT:
            raise PositionError(
                f"pile {place} holds {len(cards)} cards; a pile holds at most {PILE_HEIGHT}"
            )
    for place, cards in zip(PLACES[PILE_COUNT:], parsed[PILE_COUNT:], strict=True):
        if len(cards) > 1:
            raise PositionError(f"reserve {place} holds {len(cards)} cards; a slot holds 1 at most")
    layout = Layout(
        tuple(parsed[:PILE_COUNT]),
        tuple(cards[0] if cards else None for cards in parsed[PILE_COUNT:]),
    )
    removed_cards(layout)  # validates the counts and the pairing of what is missing
    return layout


def removed_cards(layout: Layout) -> Removed:
    """Pairs and triples missing from a layout; PositionError when that is impossible."""
    on_table = Counter(layout.cards())
    for card, count in sorted(on_table.items()):
        if count > 2:
            raise PositionError(
                f"{card.code} appears {count} times; each card is in the two decks twice"
            )
    missing = Counter(canonical_deck())
    missing.subtract(on_table)
    by_rank = Counter()
    for card, count in missing.items():
        by_rank[card.rank] += count
    problems = []
    made: Counter[str] = Counter()
    for removal in REMOVALS:
        counts = [by_rank[rank] for rank in removal.ranks]
        if len(set(counts)) != 1:
            problems.append(_mismatch(removal.ranks, counts))
        made[removal.kind] += counts[0]
    if problems:
        raise PositionError(
            "the cards missing from the two decks cannot be split into pairs summing to 11"
            " and J+Q+K triples: removed " + "; ".join(problems)
        )
    return Removed(made["pair"], made["triple"])


def _mismatch(ranks: tuple[int, ...], counts: list[int]) -> str:
    """``3 aces but 2 10s`` or ``1 jacks, 1 queens and 0 kings``: removed counts that differ."""
    words = [f"{count} {_RANK_WORDS[rank]}" for rank, count in zip(ranks, counts, strict=True)]
    if len(words) == 2:
        return " but ".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"

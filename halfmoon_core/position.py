"""Layouts and position strings ``HMP1:…`` (docs/formats.md)."""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from .cards import RANK_CHARS, REMOVALS, Card, ascii_upper, canonical_deck
from .errors import PositionError
from .messages import Message
from .places import PILE_COUNT, PILE_HEIGHT, PLACES, RESERVE_COUNT, is_reserve

PREFIX = "HMP1:"
PAIR_POINTS = 10
TRIPLE_POINTS = 15
#: One card of a position (a pattern string: compiled on first use, not while a page starts).
_CARD_TOKEN = r"(10|[A2-9TJQK])([SHDC])"


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
    token = re.compile(_CARD_TOKEN)  # re's own cache: compiled once
    pos = 0
    while pos < len(upper):
        match = token.match(upper, pos)
        if not match:
            bad = upper[pos : pos + 2] or upper[pos:]
            raise PositionError("position_bad_card", place=label, text=bad)
        rank = 10 if match.group(1) == "10" else RANK_CHARS.index(match.group(1)) + 1
        cards.append(Card(rank, match.group(2)))
        pos = match.end()
    return tuple(cards)


def _place_label(place: str) -> Message:
    return Message("position_reserve" if is_reserve(place) else "position_pile", place=place)


def parse_position(text: str) -> Layout:
    """Read and validate a position string; raise PositionError saying exactly what is wrong."""
    if not isinstance(text, str):
        raise PositionError("position_not_text")
    if not is_position_text(text):
        raise PositionError("position_prefix", prefix=PREFIX)
    raw = text.strip()
    fields = raw[len(PREFIX) :].split("/")
    if len(fields) != len(PLACES):
        raise PositionError("position_fields", fields=len(PLACES), count=len(fields))
    parsed = [_parse_field(field, place) for field, place in zip(fields, PLACES, strict=True)]
    for place, cards in zip(PLACES[:PILE_COUNT], parsed, strict=False):
        if len(cards) > PILE_HEIGHT:
            raise PositionError(
                "position_pile_height", place=place, count=len(cards), most=PILE_HEIGHT
            )
    for place, cards in zip(PLACES[PILE_COUNT:], parsed[PILE_COUNT:], strict=True):
        if len(cards) > 1:
            raise PositionError("position_reserve_full", place=place, count=len(cards))
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
            raise PositionError("position_card_thrice", card=card.code, count=count)
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
        raise PositionError("position_unpaired", problems=tuple(problems))
    return Removed(made["pair"], made["triple"])


def _mismatch(ranks: tuple[int, ...], counts: list[int]) -> Message:
    """``3 aces but 2 10s`` or ``1 jacks, 1 queens and 0 kings``: removed counts that differ."""
    words = [
        Message(f"removed_{rank}", count=count) for rank, count in zip(ranks, counts, strict=True)
    ]
    if len(words) == 2:
        return Message("position_pair_mismatch", first=words[0], second=words[1])
    return Message("position_triple_mismatch", first=words[0], second=words[1], third=words[2])


WHOLE_GAME = removed_cards(Layout(((),) * PILE_COUNT, (None,) * RESERVE_COUNT))
"""What a won game has removed: every card of the two decks, 40 pairs and 8 triples
(docs/rules.md, "Score, moves, end of game")."""
WIN_SCORE = WHOLE_GAME.score
"""A won game's score, the highest there is: 40 pairs of 10 points and 8 triples of 15."""
WIN_MOVES = WHOLE_GAME.moves
"""A won game's moves, the most a game has: its 40 pairs and 8 triples."""

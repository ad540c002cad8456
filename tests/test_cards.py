"""Cards, their canonical codes (docs/formats.md), and the rule of what may be removed."""

from __future__ import annotations

from collections import Counter

import pytest

from halfmoon_core import Card, CardError, parse_card
from halfmoon_core.cards import (
    REMOVALS,
    canonical_deck,
    part_of_removal,
    removal_kind,
    why_not_removal,
)


def cards(*codes: str) -> list[Card]:
    """Cards from their codes."""
    return [parse_card(code) for code in codes]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("5S", 5, "S"), ("TH", 10, "H"), ("JC", 11, "C"), ("QD", 12, "D"), ("KS", 13, "S"),
     ("AH", 1, "H"), ("10H", 10, "H"), ("th", 10, "H"), ("10d", 10, "D"), (" 7c ", 7, "C")],
)  # fmt: skip
def test_parse_card_reads_canonical_lowercase_and_10_spellings(text, rank, suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    "text", ["", "5", "1S", "11H", "5X", "ZS", "5SS", "10", "T", "S5", "5ſ", "Aß"]
)
def test_parse_card_rejects_text_that_is_not_a_card(text) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(text)


def test_parse_card_rejects_non_text() -> None:
    with pytest.raises(CardError, match="must be text"):
        parse_card(5)  # type: ignore[arg-type]


def test_card_code_is_canonical_with_t_for_ten() -> None:
    assert [Card(r, "S").code for r in range(1, 14)] == [
        "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS",
    ]  # fmt: skip
    assert str(Card(10, "H")) == "TH"


def test_court_cards_are_jack_queen_king_and_have_no_value() -> None:
    assert [Card(r, "C").is_court for r in range(1, 14)] == [False] * 10 + [True] * 3
    assert [Card(r, "C").value for r in range(1, 14)] == [*range(1, 11), 0, 0, 0]


def test_canonical_deck_is_two_decks_in_spec_order() -> None:
    deck = canonical_deck()
    assert len(deck) == 104
    assert set(Counter(deck).values()) == {2}
    assert deck[0] == Card(1, "S") and deck[12] == Card(13, "S") and deck[13] == Card(1, "H")
    assert deck[51] == Card(13, "C") and deck[52:] == deck[:52]


@pytest.mark.parametrize(("a", "b"), [("AS", "TH"), ("2D", "9C"), ("3H", "8H"), ("4C", "7S"),
                                      ("5S", "6D"), ("10H", "AC")])  # fmt: skip
def test_number_cards_summing_to_11_pair_in_either_order(a, b) -> None:
    assert removal_kind([parse_card(a), parse_card(b)]) == "pair"
    assert removal_kind([parse_card(b), parse_card(a)]) == "pair"


@pytest.mark.parametrize(("a", "b"), [("5S", "AH"), ("5S", "5H"), ("JC", "QH"), ("KH", "KH"),
                                      ("AS", "JS"), ("6S", "6D")])  # fmt: skip
def test_other_two_cards_do_not_pair(a, b) -> None:
    assert removal_kind([parse_card(a), parse_card(b)]) is None


def test_triple_is_one_jack_one_queen_one_king_of_any_suits() -> None:
    assert removal_kind([parse_card("JC"), parse_card("QH"), parse_card("KH")]) == "triple"
    assert removal_kind((parse_card("KS"), parse_card("JD"), parse_card("QS"))) == "triple"
    assert removal_kind([parse_card("JC"), parse_card("QH"), parse_card("QS")]) is None
    assert removal_kind([parse_card("JC"), parse_card("QH")]) is None
    assert removal_kind(cards("JC", "QH", "KH", "KS")) is None


def test_the_removals_are_the_five_pairs_summing_to_11_and_jqk() -> None:
    assert [(r.kind, r.ranks) for r in REMOVALS] == [
        ("pair", (1, 10)), ("pair", (2, 9)), ("pair", (3, 8)), ("pair", (4, 7)), ("pair", (5, 6)),
        ("triple", (11, 12, 13)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("codes", "expected"),
    [(("5S",), True), (("JC",), True), (("JC", "KS"), True), (("JC", "QH", "KS"), True),
     (("5S", "6D"), True), (("5S", "5H"), False), (("JC", "JD"), False), (("JC", "5S"), False),
     (("5S", "AH"), False), (("JC", "QH", "KS", "KH"), False), ((), True)],
)  # fmt: skip
def test_part_of_removal_says_whether_more_cards_could_complete_a_removal(
    codes: tuple[str, ...], expected: bool
) -> None:
    assert part_of_removal(cards(*codes)) is expected


@pytest.mark.parametrize(
    ("codes", "reason"),
    [
        (("5S", "6D"), None),
        (("JC", "QH", "KS"), None),
        (("8S", "QC"), "8S + QC: court cards are removed only as J+Q+K"),
        (("JC", "QH"), "JC + QH: court cards are removed only as J+Q+K"),
        (("8S", "TH"), "8S + TH sums to 18, not 11"),
        (("QC", "KS", "9H"), "QC + KS + 9H is not one jack, one queen and one king"),
        (("5S",), "a removal is 2 or 3 cards, not 1"),
        (("JC", "QH", "KS", "KH"), "a removal is 2 or 3 cards, not 4"),
    ],
)
def test_why_not_removal_gives_the_reason_in_words(
    codes: tuple[str, ...], reason: str | None
) -> None:
    assert why_not_removal(cards(*codes)) == reason

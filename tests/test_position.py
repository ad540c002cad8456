"""Position strings ``HMP1:…`` (docs/formats.md): reading, writing, validation, derived score."""

from __future__ import annotations

import pytest

from halfmoon_core import (
    Card,
    Game,
    PositionError,
    deal,
    format_position,
    is_position_text,
    parse_position,
)
from halfmoon_core.position import PREFIX, Layout, removed_cards

DEAL_1 = format_position(deal("HM1-N-AAAAAAB"))
EMPTY = PREFIX + "/" * 19
ALL_REMOVED = Layout(((),) * 12, (None,) * 8)


def fields(position: str) -> list[str]:
    """The 20 fields of a position string."""
    return position[len(PREFIX) :].split("/")


def join(parts: list[str]) -> str:
    """A position string from 20 fields."""
    return PREFIX + "/".join(parts)


def without(position: str, *codes: str) -> str:
    """The position with the top card of each place whose top is one of ``codes`` removed
    (first match, so ``without(p, "5S", "6D")`` removes one 5♠ and one 6♦)."""
    parts = fields(position)
    for code in codes:
        for i, part in enumerate(parts):
            if part.endswith(code):
                parts[i] = part[:-2]
                break
        else:
            raise AssertionError(f"no place shows {code}")
    return join(parts)


def test_a_full_deal_is_232_characters() -> None:
    assert len(DEAL_1) == 232 and DEAL_1.startswith("HMP1:") and len(fields(DEAL_1)) == 20


def test_parse_then_format_gives_back_the_same_string() -> None:
    assert format_position(parse_position(DEAL_1)) == DEAL_1


def test_lowercase_is_accepted_and_formats_as_uppercase() -> None:
    assert format_position(parse_position(DEAL_1.lower())) == DEAL_1


def test_10_is_accepted_for_t() -> None:
    spelled = DEAL_1.replace("T", "10")
    assert "10" in spelled
    assert format_position(parse_position(spelled)) == DEAL_1


def test_surrounding_spaces_are_ignored() -> None:
    assert parse_position(f"  {DEAL_1}\n") == parse_position(DEAL_1)


def test_fields_are_bottom_to_top_and_empty_fields_are_empty_places() -> None:
    layout = parse_position(EMPTY)
    assert layout == ALL_REMOVED
    parts = [""] * 20
    parts[0] = "5S6D"
    parts[12], parts[14], parts[15] = "KH", "JC", "QD"
    layout = parse_position(join(parts))
    assert layout.piles[0] == (Card(5, "S"), Card(6, "D"))
    assert layout.piles[1] == ()
    assert layout.reserve[0] == Card(13, "H") and layout.reserve[1] is None
    assert layout.reserve[2] == Card(11, "C") and layout.reserve[3] == Card(12, "D")


def test_score_and_moves_follow_from_the_missing_cards() -> None:
    assert removed_cards(parse_position(DEAL_1)) == (0, 0)
    # A pair and a triple from deal 1's tops: 2♦ (pile 7) + 9♥ (pile 4), J♥ + Q♣ + K♠.
    after = without(DEAL_1, "2D", "9H", "JH", "QC", "KS")
    removed = removed_cards(parse_position(after))
    assert (removed.pairs, removed.triples, removed.score, removed.moves) == (1, 1, 25, 2)
    game = Game.from_position(after)
    assert (game.score, game.moves) == (25, 2)


def test_the_empty_table_is_a_won_game_of_520_points_and_48_moves() -> None:
    removed = removed_cards(parse_position(EMPTY))
    assert (removed.pairs, removed.triples) == (40, 8)
    assert (removed.score, removed.moves) == (520, 48)


def test_a_card_three_times_is_rejected_naming_the_card() -> None:
    parts = fields(DEAL_1)
    parts[12] = "5S"  # R1 was TH: now a third 5♠ and one 10♥ fewer
    parts[0] = parts[0][:-2]
    with pytest.raises(PositionError, match="5S appears 3 times"):
        parse_position(join(parts))


def test_a_pile_taller_than_8_is_rejected_naming_the_pile() -> None:
    parts = fields(EMPTY)
    parts[6] = "AS2S3S4S5S6S7S8S9S"
    with pytest.raises(PositionError, match="pile 7 holds 9 cards"):
        parse_position(join(parts))


def test_a_reserve_slot_with_two_cards_is_rejected_naming_the_slot() -> None:
    parts = fields(EMPTY)
    parts[14] = "5S6D"
    with pytest.raises(PositionError, match="reserve R3 holds 2 cards"):
        parse_position(join(parts))


@pytest.mark.parametrize("count", [19, 21, 1])
def test_a_wrong_number_of_fields_is_rejected(count: int) -> None:
    with pytest.raises(PositionError, match=f"20 fields.*this one has {count}"):
        parse_position(PREFIX + "/" * (count - 1))


@pytest.mark.parametrize(
    ("field", "bad"),
    [("5X", "5X"), ("ZZ", "ZZ"), ("5", "5"), ("1H", "1H"), ("5S 6D", " 6"), ("5ſ", "5ſ")],
)
def test_bad_card_text_is_rejected_naming_the_place_and_the_text(field: str, bad: str) -> None:
    parts = fields(EMPTY)
    parts[3] = field
    with pytest.raises(PositionError, match=f"pile 4: '{bad}' is not a card"):
        parse_position(join(parts))


def test_bad_card_text_in_the_reserve_names_the_slot() -> None:
    parts = fields(EMPTY)
    parts[19] = "XX"
    with pytest.raises(PositionError, match="reserve R8: 'XX' is not a card"):
        parse_position(join(parts))


def test_missing_cards_that_cannot_pair_are_rejected_naming_the_ranks() -> None:
    with pytest.raises(PositionError, match="1 5s but 0 6s"):
        parse_position(without(DEAL_1, "5H"))
    with pytest.raises(PositionError, match="1 aces but 0 10s"):
        parse_position(without(DEAL_1, "AS"))
    with pytest.raises(PositionError, match="1 jacks, 1 queens and 0 kings"):
        parse_position(without(DEAL_1, "JH", "QC"))


def test_a_missing_5_and_5_cannot_pair_even_though_two_cards_are_missing() -> None:
    parts = fields(DEAL_1)
    # deal 1 shows 5H on pile 6; remove it and another 5 from below the top of a pile.
    parts[5] = parts[5][:-2]
    parts[0] = parts[0].replace("6D", "", 1)  # a 6, so the 5s must pair with 6s
    parse_position(join(parts))  # one 5 + one 6 missing: fine
    parts[0] = fields(DEAL_1)[0]
    parts[3] = parts[3].replace("5C", "", 1)
    with pytest.raises(PositionError, match="2 5s but 0 6s"):
        parse_position(join(parts))


@pytest.mark.parametrize("text", ["", "HMP2:" + "/" * 19, "5S/6D", "deal HM1-N-AAAAAAB"])
def test_text_without_the_prefix_is_rejected(text: str) -> None:
    with pytest.raises(PositionError, match="starts with HMP1:"):
        parse_position(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [(EMPTY, True), ("  hmp1:5S", True), ("HMP1:", True), ("HMP1:nonsense", True),
     ("HMP1", False), ("HM1-N-AAAAAAB", False), ("", False), ("x HMP1:", False),
     ("HMP2:/", False), (None, False), (["HMP1:"], False)],
)  # fmt: skip
def test_is_position_text_looks_at_the_prefix_only(text: object, expected: bool) -> None:
    assert is_position_text(text) is expected


def test_lowercase_prefix_is_accepted() -> None:
    assert parse_position("hmp1:" + "/" * 19) == ALL_REMOVED


def test_non_text_is_rejected() -> None:
    with pytest.raises(PositionError, match="must be text"):
        parse_position(None)  # type: ignore[arg-type]


def test_layout_cards_lists_piles_then_reserve_without_empty_slots() -> None:
    layout = Layout(((Card(5, "S"),),) + ((),) * 11, (Card(6, "D"),) + (None,) * 7)
    assert layout.cards() == [Card(5, "S"), Card(6, "D")]

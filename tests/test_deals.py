"""Deal codes and the deals they stand for (docs/formats.md), with golden layouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from halfmoon_core import (
    DealCode,
    DealCodeError,
    deal,
    format_code,
    format_position,
    normalise_code,
    parse_code,
    random_code,
)
from halfmoon_core.cards import canonical_deck
from halfmoon_core.deals import DEAL_COUNT, shuffled_deck

# Golden deals: generated once with the HM1 shuffle and pasted here. They must never change:
# the same code has to give the same deal forever, in CPython and in the browser.
GOLDEN = {
    "HM1-N-AAAAAAA": (
        "HMP1:3H8CJS6S4H2DTS7H/AD8HTH6SADKCJDKH/5H9H5C9S3DQD5DJC/QSTH8S3DJD2SAS9S/KCKD4C7"
        "D5S9D6H2H/2S6C3SKSASQCJH8D/4S9D5D3H6DQD5S6H/8SAH7S7H8H6DTC4C/8CQS2H7D2C2D9HQC/5H"
        "KH3C4D7S4HJC3C/7C3STSJHAC2CJSKD/QH9C4D6C4SAH7CTD/AC/8D/TC/9C/KS/5C/QH/TD"
    ),
    "HM1-N-AAAAAAB": (
        "HMP1:6D7DJS8SKC7H6C8S/6S9S5STDKHJDADQC/TC4H3S4SJS9CJCKS/5C3C7CAS8C9S8H9H/QH3H6S7"
        "HACAHAC6H/6DKD3DKSJCTH5C5H/2H3C2S8D7S4C8D2D/JD2C9D2S5S9C5D7S/3S6C2CADTD4C9DQD/4S"
        "4HQCQD2D9H4DQS/KCTS7D6H5H5DAHTC/2HKDQH3D8CQS3H8H/TH/KH/JH/TS/JH/AS/4D/7C"
    ),
    "HM1-N-ZZZZZZZ": (
        "HMP1:7S9CJH6CKSACAD4C/2H2S2C9HJC6HTC9H/5DJS4H8SJS5SQSTD/2S4S2DTSTSQD7D3H/8H6H6CJ"
        "C3S4H6S9D/QH4S5CJH8HKC8D5C/5HAD2D8S6D5SKC7H/4C2H9CASKDAHKS4D/3H4DAHJD3SJDTCQS/QH"
        "ACKH7H9D3C9SQC/7CKD2CQD7C6S3DAS/8C8C5HKH7S8DTH7D/TD/5D/9S/QC/6D/3C/TH/3D"
    ),
    "HM1-N-HALFMON": (
        "HMP1:5H6S9C9HQC7STDAH/6D4D2S2HKDQH3STC/9SADJH4HKCTSJH3C/8SAHKSQS9H7HAS3H/AS6DQD4"
        "CAC4SKH3D/7SQCKD7C7D6C9C5D/QH7C4S6HJS5S9S3H/4DTH5HKC2H3D8H8D/5S6C7HTSKS4H8CJC/6S"
        "8STH4CQSJS2C2D/2C9DTC2S9D2D5DKH/5CACADTD6H8C7DJD/8D/5C/JC/JD/3S/3C/QD/8H"
    ),
    "HM1-N-QWERTYU": (
        "HMP1:6H9C5HTSQS4S8SKH/6C5D4HKH2HASJS9H/7CAD3DJC6D6SJD3D/3H3HQD7D3CTC6H8D/5C5DTD5"
        "CJDAHKCQD/QH2C6C7SAC8SJC5S/9D3C2S8CAD3SQHQC/5S2D4HAS2D9S7H4D/8CQCTH7STHKDKD9H/7H"
        "JSKS4S6DTDJH9D/4D2SAH2H7D9SJH6S/TS8HTC5HQS3S2C8H/4C/KS/AC/4C/8D/9C/7C/KC"
    ),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deal_has_its_pinned_position_string(code: str) -> None:
    assert len(GOLDEN[code]) == 232
    assert format_position(deal(code)) == GOLDEN[code]


def test_deal_fills_pile_1_bottom_to_top_then_the_other_piles_then_the_reserve() -> None:
    cards = shuffled_deck(1)
    layout = deal("HM1-N-AAAAAAB")
    assert [c for pile in layout.piles for c in pile] + list(layout.reserve) == cards
    assert [len(pile) for pile in layout.piles] == [8] * 12 and len(layout.reserve) == 8


def test_every_deal_holds_each_card_of_the_two_decks_exactly_twice() -> None:
    for number in (0, 1, 2, 12345, DEAL_COUNT - 1):
        assert Counter(deal(format_code(number)).cards()) == Counter(canonical_deck())


def test_neighbouring_deals_differ() -> None:
    layouts = {format_position(deal(format_code(n))) for n in range(20)}
    assert len(layouts) == 20


def test_deal_accepts_a_parsed_code() -> None:
    assert deal(DealCode("N", 1)) == deal("HM1-N-AAAAAAB")


def test_hm1_n_aaaaaab_is_deal_1() -> None:
    assert parse_code("HM1-N-AAAAAAB") == DealCode("N", 1)
    assert format_code(1) == "HM1-N-AAAAAAB"


@pytest.mark.parametrize(
    ("code", "number"),
    [("HM1-N-AAAAAAA", 0), ("HM1-N-AAAAABA", 26), ("HM1-N-BAAAAAA", 26**6),
     ("HM1-N-ZZZZZZZ", 26**7 - 1)],
)  # fmt: skip
def test_letters_are_base_26_most_significant_first(code: str, number: int) -> None:
    assert parse_code(code).number == number
    assert format_code(number) == code


def test_there_are_26_to_the_7_deals() -> None:
    assert DEAL_COUNT == 26**7
    with pytest.raises(DealCodeError, match="outside"):
        format_code(DEAL_COUNT)
    with pytest.raises(DealCodeError, match="outside"):
        format_code(-1)


@pytest.mark.parametrize(
    "text", ["hm1-n-aaaaaab", "  HM1-N-AAAAAAB  ", "\tHm1-n-AaAaAaB\n", "HM1-N-AAAAAAB "]
)
def test_codes_are_case_insensitive_and_may_carry_surrounding_spaces(text: str) -> None:
    assert parse_code(text) == DealCode("N", 1)
    assert normalise_code(text) == "HM1-N-AAAAAAB"


def test_str_of_a_parsed_code_is_its_canonical_spelling() -> None:
    assert str(parse_code(" hm1-n-zzzzzzz ")) == "HM1-N-ZZZZZZZ"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("HM2-N-AAAAAAB", "unknown deal format 'HM2'"),
        ("XX1-N-AAAAAAB", "unknown deal format"),
        ("HM1-X-AAAAAAB", "unknown deal mode 'X'"),
        ("HM1-NN-AAAAAAB", "unknown deal mode"),
        ("HM1-N-AAAAAA", "7 letters"),
        ("HM1-N-AAAAAAAB", "7 letters"),
        ("HM1-N-", "7 letters"),
        ("HM1-N-AAAAA1B", "only hold the letters"),
        ("HM1-N-AAAAA_B", "only hold the letters"),
        ("HM1-N-AAAAAÄB", "only hold the letters"),
        ("HM1-N-AAA AAB", "only hold the letters"),
        ("HM1-N-AAAAAAı", "only hold the letters"),  # dotless i upper-cases to I: not a letter
        ("HM1-N-AAAAAﬀ", "7 letters"),  # the ﬀ ligature upper-cases to FF: still 6 characters
        ("", "empty"),
        ("   ", "empty"),
        ("HM1NAAAAAAB", "not a deal code"),
        ("HM1 N AAAAAAB", "not a deal code"),
        ("deal one", "not a deal code"),
    ],
)
def test_bad_codes_are_rejected_with_a_message_saying_why(text: str, message: str) -> None:
    with pytest.raises(DealCodeError, match=message):
        parse_code(text)
    with pytest.raises(DealCodeError, match=message):
        normalise_code(text)


def test_a_code_with_words_after_it_is_quoted_whole_with_an_example() -> None:
    with pytest.raises(DealCodeError) as caught:
        parse_code(" HM1-N-AAAAAAB extra ")
    assert str(caught.value) == (
        "the deal part must be 7 letters A–Z, like HM1-N-AAAAAAB; got 'HM1-N-AAAAAAB extra'"
    )


def test_non_text_is_not_a_code() -> None:
    with pytest.raises(DealCodeError, match="must be text"):
        parse_code(1)  # type: ignore[arg-type]


def test_a_good_code_in_any_case_with_spaces_is_read() -> None:
    assert normalise_code(" hm1-n-abcdefg ") == "HM1-N-ABCDEFG"


def test_random_code_is_a_valid_code_drawn_from_the_whole_range() -> None:
    rng = random.Random(5)
    codes = [random_code(rng) for _ in range(200)]
    assert all(normalise_code(code) == code for code in codes)
    assert len(set(codes)) == 200
    firsts = Counter(code[6] for code in codes)  # most significant letter spreads over A..Z
    assert len(firsts) > 15


def test_random_code_without_a_generator_uses_system_randomness() -> None:
    code = random_code()
    assert normalise_code(code) == code
    assert len({random_code() for _ in range(5)}) > 1


def test_random_code_is_repeatable_with_a_seeded_generator() -> None:
    assert random_code(random.Random(3)) == random_code(random.Random(3))

"""Texts, card names and the choice of language (web/site/halfmoon_web/i18n.py)."""

from __future__ import annotations

import pytest

from halfmoon_core import Game, parse_card
from halfmoon_web import i18n


@pytest.mark.parametrize(
    ("code", "en", "vi"),
    [
        ("5S", "5 of spades", "5 bích"),
        ("AH", "ace of hearts", "Át cơ"),
        ("TD", "10 of diamonds", "10 rô"),
        ("JC", "jack of clubs", "Bồi chuồn"),
        ("QH", "queen of hearts", "Đầm cơ"),
        ("KS", "king of spades", "Già bích"),
    ],
)
def test_card_names(code: str, en: str, vi: str) -> None:
    card = parse_card(code)
    assert i18n.card_name(card, "en") == en
    assert i18n.card_name(card, "vi") == vi


@pytest.mark.parametrize(
    ("code", "en", "vi"),
    [
        ("5S", "5♠", "5♠"),
        ("TH", "10♥", "10♥"),
        ("JC", "J♣", "V♣"),
        ("QD", "Q♦", "D♦"),
        ("KH", "K♥", "R♥"),
        ("AS", "A♠", "A♠"),
    ],
)
def test_short_forms(code: str, en: str, vi: str) -> None:
    card = parse_card(code)
    assert i18n.card_short(card, "en") == en
    assert i18n.card_short(card, "vi") == vi


def test_accessible_names_follow_the_contract() -> None:
    five = parse_card("5S")
    assert i18n.card_label(five, "1", 8, "en") == "5 of spades, pile 1, 8 cards"
    assert i18n.card_label(five, "12", 1, "en") == "5 of spades, pile 12, 1 card"
    assert i18n.card_label(parse_card("AH"), "R3", 1, "en") == "ace of hearts, reserve R3"
    assert i18n.card_label(five, "1", 8, "vi") == "5 bích, chồng 1, 8 lá"
    assert i18n.card_label(parse_card("AH"), "R3", 1, "vi") == "Át cơ, ô dự trữ R3"
    assert i18n.empty_label("3", "en") == "pile 3, empty"


def test_move_errors_in_both_languages() -> None:
    assert i18n.t("en", "E1") == "The sum must be 11"
    assert i18n.t("vi", "E1") == "Tổng phải bằng 11"
    assert i18n.t("en", "E2") == "You need a J, a Q and a K"
    assert i18n.t("vi", "E2") == "Cần một Bồi, một Đầm và một Già"


def test_removal_text_uses_display_letters() -> None:
    cards = [parse_card(c) for c in ("JC", "QH", "KH")]
    assert i18n.t("en", "removed", cards=i18n.cards_text(cards, "en")) == "Removed J♣ + Q♥ + K♥"
    assert i18n.t("vi", "removed", cards=i18n.cards_text(cards, "vi")) == "Đã loại V♣ + D♥ + R♥"


STALEMATE_AT_DEAL = "HM1-N-AAABATO"
"""A deal with no pair and no triple among its playable cards."""
ALL_REMOVED = "HMP1:" + "/" * 19
"""The position with every card removed."""


@pytest.mark.parametrize(
    ("start", "en", "vi"),
    [
        (STALEMATE_AT_DEAL, "No more moves", "Hết nước đi"),
        (ALL_REMOVED, "You won!", "Bạn đã thắng!"),
        ("HM1-N-AAAAAAB", "", ""),
    ],
    ids=["stalemate", "won", "playing"],
)
def test_end_title_says_how_the_engine_game_ends(start: str, en: str, vi: str) -> None:
    """The end words follow the engine's status, in the end dialog's words (SPEC §11)."""
    status = Game.from_start(start).status
    assert i18n.end_title(status, "en") == en
    assert i18n.end_title(status, "vi") == vi
    assert i18n.end_title(status, "fr") == en


def test_catalogs_have_the_same_keys() -> None:
    assert set(i18n.MESSAGES["en"]) == set(i18n.MESSAGES["vi"])


@pytest.mark.parametrize(
    ("url", "saved", "browser", "expected"),
    [
        ("en", "vi", ["vi-VN"], "en"),
        (None, "en", ["vi"], "en"),
        (None, None, ["fr-FR", "en-GB", "vi"], "en"),
        (None, None, ["de", "vi-VN", "en"], "vi"),
        (None, None, ["fr"], "vi"),
        (None, None, [], "vi"),
        ("xx", None, ["EN-us"], "en"),
        ("VI", None, ["en"], "vi"),
    ],
)
def test_language_choice(
    url: str | None, saved: str | None, browser: list[str], expected: str
) -> None:
    assert i18n.choose_language(url, saved, browser) == expected


@pytest.mark.parametrize(
    "text", ["", "   ", "hello", "HM2-N-AAAAAAB", "HM1-X-AAAAAAB", "HM1-N-AAAA", "HM1-N-AAAAAA1"]
)
def test_every_deal_code_message_has_a_vietnamese_form(text: str) -> None:
    from halfmoon_core import DealCodeError, parse_code

    with pytest.raises(DealCodeError) as caught:
        parse_code(text)
    message = str(caught.value)
    assert i18n.engine_text(message, "en") == message
    translated = i18n.engine_text(message, "vi")
    assert translated != message and "deal" not in translated

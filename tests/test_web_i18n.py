"""Texts, card names and the choice of language (web/site/halfmoon_web/shared/i18n.py)."""

from __future__ import annotations

import pytest
from web_support import SearchParams

from halfmoon_core import Game, parse_card
from halfmoon_web.shared import i18n


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


@pytest.mark.parametrize(
    ("codes", "en", "vi"),
    [
        (("9H", "2D"), "9 of hearts and 2 of diamonds", "9 cơ và 2 rô"),
        (
            ("JH", "QC", "KS"),
            "jack of hearts, queen of clubs and king of spades",
            "Bồi cơ, Đầm chuồn và Già bích",
        ),
        (("AS",), "ace of spades", "Át bích"),
    ],
)
def test_the_cards_of_a_move_in_words(codes: tuple[str, ...], en: str, vi: str) -> None:
    cards = [parse_card(code) for code in codes]
    assert i18n.cards_words(cards, "en") == en
    assert i18n.cards_words(cards, "vi") == vi


def test_announcements_say_the_cards_in_words() -> None:
    cards = [parse_card(c) for c in ("9H", "2D")]
    removed = i18n.t("en", "removed", cards=i18n.cards_words(cards, "en"))
    assert removed == "Removed 9 of hearts and 2 of diamonds"
    assert i18n.t("vi", "undone", cards=i18n.cards_words(cards, "vi")) == "Đã hoàn tác 9 cơ và 2 rô"


def test_sentences_end_with_a_stop() -> None:
    won = i18n.t("en", "won_body", score=520, moves=48, time="3:12")
    assert (
        i18n.sentences("Removed 9 of hearts and 2 of diamonds", "You won!", won)
        == "Removed 9 of hearts and 2 of diamonds. You won! Score 520, 48 moves, time 3:12."
    )
    assert i18n.sentences("", "No more moves", "Start a new game.") == (
        "No more moves. Start a new game."
    )
    assert i18n.sentences("", " ") == ""


@pytest.mark.parametrize(
    ("lang", "keys"),
    [
        ("en", {"a": 1, "1": 10, "0": 10, "7": 7, "j": 11, "q": 12, "k": 13}),
        ("vi", {"a": 1, "1": 10, "v": 11, "b": 11, "d": 12, "đ": 12, "r": 13, "g": 13}),
    ],
)
def test_the_keys_that_name_a_rank(lang: str, keys: dict[str, int]) -> None:
    ranks = i18n.rank_keys(lang)
    assert {key: ranks[key] for key in keys} == keys
    assert sorted(set(ranks.values())) == list(range(1, 14))
    # The page's shortcuts (docs/keyboard.md) are never ranks.
    assert not set("unst") & set(ranks)


@pytest.mark.parametrize(("count", "en", "vi"), [(1, "1 card", "1 lá"), (8, "8 cards", "8 lá")])
def test_plurals_are_the_catalogs(count: int, en: str, vi: str) -> None:
    """English has two forms, Vietnamese one (each catalog's ``Plural-Forms``)."""
    assert i18n.count_text(count, "en") == en
    assert i18n.count_text(count, "vi") == vi


def test_numbers_group_their_thousands_as_the_language_does() -> None:
    assert i18n.number_text(4_900_000, "en") == "4,900,000"
    assert i18n.number_text(4_900_000, "vi") == "4.900.000"


def test_a_language_without_a_catalog_is_said_in_english() -> None:
    assert i18n.t("fr", "new_game") == i18n.t("en", "new_game") == "New game"
    assert i18n.LANGS == ("en", "vi")  # the catalogs there are (web/locale)


def test_the_keyboard_help_names_every_shortcut() -> None:
    for lang in i18n.LANGS:
        text = i18n.t(lang, "keys_help")
        for key in ("Home", "End", "Enter", "U", "Ctrl+Z", "N", "S", "T"):
            assert key in text, (lang, key)


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
    """The end words follow the engine's status, in the end dialog's words (docs/interface.md)."""
    status = Game.from_start(start).status
    assert i18n.end_title(status, "en") == en
    assert i18n.end_title(status, "vi") == vi
    assert i18n.end_title(status, "fr") == en


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
    assert i18n.error_text(caught.value, "en") == message
    translated = i18n.error_text(caught.value, "vi")
    assert translated != message and "deal" not in translated


def test_an_error_that_holds_another_is_said_wholly_in_vietnamese() -> None:
    from halfmoon_core import SaveError, load_game

    with pytest.raises(SaveError) as caught:
        load_game({"format": "halfmoon-game", "version": 1, "start": "HM1-N-AAAAAAB",
                   "moves": "4-8", "elapsed_ms": 0})  # fmt: skip
    assert str(caught.value) == (
        "the saved game cannot be replayed: move 1 (4-8) is illegal: 9H + 7S sums to 16, not 11"
    )
    assert i18n.error_text(caught.value, "vi") == (
        "không chơi lại được ván đã lưu: nước đi thứ 1 (4-8) không hợp lệ: 9H + 7S có tổng 16,"
        " không phải 11"
    )


class _Window:
    """What :func:`halfmoon_web.shared.dom.page_language` reads of a window."""

    def __init__(self, search: str, languages: list[str], language: str = "en-US") -> None:
        self.location = type("Location", (), {"search": search})()
        self.navigator = type("Navigator", (), {"languages": languages, "language": language})()
        self.URLSearchParams = SearchParams


@pytest.mark.parametrize(
    ("search", "saved", "languages", "expected"),
    [
        ("?lang=en", "vi", ["vi"], "en"),
        ("?lang=", "en", ["vi"], "en"),
        ("", None, ["fr", "vi-VN"], "vi"),
        ("", None, [], "en"),  # no list: the browser's one language
    ],
)
def test_every_page_chooses_its_language_one_way(
    search: str, saved: str | None, languages: list[str], expected: str
) -> None:
    """``?lang=``, else the setting, else the browser's languages (docs/formats.md)."""
    from halfmoon_web.shared.dom import page_language

    assert page_language(_Window(search, languages), saved) == expected

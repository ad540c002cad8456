"""Cards and lists in words, as announcements say them (web/site/halfmoon_web/shared/i18n.py;
docs/accessibility.md, "Announcements")."""

from __future__ import annotations

import pytest

from halfmoon_core import parse_card
from halfmoon_web.shared import i18n


@pytest.mark.parametrize(
    ("items", "en", "vi"),
    [
        ([], "", ""),
        (["a"], "a", "a"),
        (["a", "b"], "a and b", "a và b"),
        (["a", "b", "c"], "a, b and c", "a, b và c"),
    ],
)
def test_words_list(items: list[str], en: str, vi: str) -> None:
    assert i18n.words_list(items, "en") == en
    assert i18n.words_list(iter(items), "vi") == vi


def test_cards_words_use_the_spoken_names_of_the_card_buttons() -> None:
    pair = [parse_card("9H"), parse_card("2D")]
    triple = [parse_card("JC"), parse_card("QH"), parse_card("KS")]
    assert i18n.cards_words(pair, "en") == "9 of hearts and 2 of diamonds"
    assert i18n.cards_words(pair, "vi") == "9 cơ và 2 rô"
    assert i18n.cards_words(triple, "en") == "jack of clubs, queen of hearts and king of spades"
    assert i18n.cards_words(triple, "vi") == "Bồi chuồn, Đầm cơ và Già bích"
    for cards in (pair, triple):
        for lang in ("en", "vi"):
            assert "♥" not in i18n.cards_words(cards, lang)


def test_removal_in_words() -> None:
    pair = [parse_card("5S"), parse_card("6D")]
    words = i18n.cards_words(pair, "en")
    assert i18n.t("en", "removed", cards=words) == "Removed 5 of spades and 6 of diamonds"
    assert i18n.t("vi", "removed", cards=i18n.cards_words(pair, "vi")) == "Đã loại 5 bích và 6 rô"


def test_slider_value_text_in_both_languages() -> None:
    assert i18n.t("en", "step_value", step=12, total=48) == "Step 12 of 48"
    assert i18n.t("vi", "step_value", step=12, total=48) == "Bước 12 trên 48"

"""Announcements in words (docs/accessibility.md, "Announcements"): cards by the spoken names
their buttons use, lists as a sentence says them. The texts are i18n.py's."""

from __future__ import annotations

from collections.abc import Iterable

from halfmoon_core import Card

from .i18n import card_name, t


def words_list(items: Iterable[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``a, b và c``): a list as a sentence says it."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return t(lang, "words_and", first=", ".join(items[:-1]), last=items[-1])


def cards_words(cards: Iterable[Card], lang: str) -> str:
    """``9 of hearts and 2 of diamonds``: the cards of a move by their spoken names, as the
    card buttons say them."""
    return words_list((card_name(card, lang) for card in cards), lang)

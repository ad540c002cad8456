"""Every visible string and accessible name, in the page's language, from the catalogs.

The texts are gettext catalogs (``web/locale/<lang>/LC_MESSAGES/halfmoon.po``), compiled by
the build into each page's app archive (``halfmoon_web/locale/<lang>.mo``, and ``LANGUAGES``,
the languages there are) and read with ``gettext.GNUTranslations`` (docs/i18n.md). A msgid is
a key (``new_game``); English is the source language, and a key another catalog lacks is said
in English. The engine's texts (halfmoon_core/messages.py) have the context ``engine``.

Card names follow docs/interface.md ("Cards"): Vietnamese speaks of «5 bích», «Át cơ»,
«Bồi chuồn», «Đầm cơ», «Già cơ» and writes the short forms A, 2..10, V, D, R; English says
"5 of spades", "ace of hearts" and writes A, 2..10, J, Q, K.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterable

from halfmoon_core import MESSAGES as ENGINE_MESSAGES
from halfmoon_core import Card, HalfMoonError, Status
from halfmoon_core.messages import Message, render_message

_LOCALE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")  # halfmoon_web/locale
SOURCE_LANG = "en"
"""The language of the catalogs' source: every key has its text there."""
DEFAULT_LANG = "vi"
ENGINE_CONTEXT = "engine"
"""The msgctxt of the engine's texts in a catalog."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")


def _locale_file(name: str) -> bytes:
    """A file of the compiled catalogs, in ``halfmoon_web/locale/``: in the page's app archive,
    or on CPython beside a copy of the package (``catalogs.importable_site``, web/catalogs.py)."""
    return __spec__.loader.get_data(os.path.join(_LOCALE, name))  # type: ignore[name-defined]


LANGS: tuple[str, ...] = tuple(_locale_file("LANGUAGES").decode().split())
"""The languages there is a catalog of."""

_LETTER_RANKS = (1, 11, 12, 13)
"""The ranks written and said with a word: the ace and the court cards."""
_CATALOGS: dict[str, gettext.GNUTranslations] = {}
_ENGINE_TEXTS: dict[str, dict[str, str]] = {}


def catalog(lang: str) -> gettext.GNUTranslations:
    """The catalog of ``lang`` (English for a language there is none of), read once."""
    lang = _lang(lang)
    if lang not in _CATALOGS:
        found = gettext.GNUTranslations(io.BytesIO(_locale_file(f"{lang}.mo")))
        if lang != SOURCE_LANG:
            found.add_fallback(catalog(SOURCE_LANG))
        _CATALOGS[lang] = found
    return _CATALOGS[lang]


def engine_texts(lang: str) -> dict[str, str]:
    """The templates of the engine's texts that ``lang``'s catalog has, by key."""
    lang = _lang(lang)
    if lang not in _ENGINE_TEXTS:
        texts = {key: catalog(lang).pgettext(ENGINE_CONTEXT, key) for key in ENGINE_MESSAGES}
        _ENGINE_TEXTS[lang] = {key: text for key, text in texts.items() if text != key}
    return _ENGINE_TEXTS[lang]


def message_text(message: Message, lang: str) -> str:
    """An engine text (a reason, an error's message) in ``lang``, from its key and parameters."""
    return render_message(message, engine_texts(lang))


def error_text(error: HalfMoonError, lang: str) -> str:
    """What an engine error says, in ``lang`` (docs/i18n.md)."""
    return message_text(error.message, lang)


def normalise_lang(value: object) -> str | None:
    """``"en"``/``"vi"`` for a supported language tag (``"en-GB"`` → ``"en"``), else None."""
    if not isinstance(value, str):
        return None
    base = value.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGS else None


def choose_language(url_lang: object, saved: object, browser: Iterable[object] = ()) -> str:
    """The language: ``?lang=`` beats the saved setting beats the browser's first en*/vi*."""
    for choice in (url_lang, saved):
        lang = normalise_lang(choice)
        if lang:
            return lang
    for tag in browser:
        lang = normalise_lang(tag)
        if lang:
            return lang
    return DEFAULT_LANG


def t(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English when the catalog lacks it), formatted."""
    text = catalog(lang).gettext(key)
    return text.format(**params) if params else text


def tn(lang: str, key: str, count: int, **params: object) -> str:
    """The text of ``key`` for ``count`` in ``lang``: the plural form the catalog's
    ``Plural-Forms`` chooses (``1 card``, ``8 cards``; ``8 lá``), formatted with ``count``."""
    return catalog(lang).ngettext(key, key, count).format(count=count, **params)


def end_title(status: Status, lang: str) -> str:
    """The words that end a game of this status (the engine's ``Game.status``), as the game
    page's end dialog titles them: ``You won!``, ``No more moves``; empty while playing."""
    key = _END_TITLES.get(status)
    return t(lang, key) if key else ""


_END_TITLES = {"won": "won_title", "stalemate": "stalemate_title"}


def rank_short(card: Card, lang: str) -> str:
    """The rank as printed on the card: ``A``, ``2``..``10``, ``J Q K`` (en) or ``V D R`` (vi)."""
    return _rank_short(card.rank, lang)


def _rank_short(rank: int, lang: str) -> str:
    return t(lang, f"rank_short_{rank}") if rank in _LETTER_RANKS else str(rank)


def _rank_word(rank: int, lang: str) -> str:
    return t(lang, f"rank_name_{rank}") if rank in _LETTER_RANKS else str(rank)


def card_short(card: Card, lang: str) -> str:
    """Short display form, e.g. ``5♠``, ``10♥``, ``V♣`` (vi) / ``J♣`` (en)."""
    return rank_short(card, lang) + SUIT_SYMBOLS[card.suit]


def card_name(card: Card, lang: str) -> str:
    """The spoken name: ``5 of spades``, ``ace of hearts`` / ``5 bích``, ``Át cơ``."""
    suit = t(lang, f"suit_{card.suit}")
    return t(lang, "card_name", rank=_rank_word(card.rank, lang), suit=suit)


def place_name(place: str, lang: str) -> str:
    """``pile 3`` / ``reserve R3`` (``chồng 3`` / ``ô dự trữ R3``)."""
    key = "reserve" if place.startswith("R") else "pile"
    return t(lang, key, place=place)


def count_text(count: int, lang: str) -> str:
    """``1 card`` / ``8 cards`` (``8 lá``)."""
    return tn(lang, "cards", count)


def card_label(card: Card, place: str, count: int, lang: str) -> str:
    """A playable card's accessible name (docs/interface.md, "Cards"): ``5 of spades, pile 1,
    8 cards``, ``ace of hearts, reserve R3``."""
    if place.startswith("R"):
        return f"{card_name(card, lang)}, {place_name(place, lang)}"
    return f"{card_name(card, lang)}, {place_name(place, lang)}, {count_text(count, lang)}"


def empty_label(place: str, lang: str) -> str:
    """An empty pile's or slot's description: ``pile 3, empty``."""
    return f"{place_name(place, lang)}, {t(lang, 'empty')}"


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """``5♠ + 6♦``: the cards of a move in display notation."""
    return " + ".join(card_short(card, lang) for card in cards)


def words_list(items: Iterable[str], lang: str, key: str = "list_and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``a, b và c``): a list as a sentence says it
    (``key="list_or"``: ``a or b``)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return t(lang, key, first=", ".join(items[:-1]), last=items[-1])


def cards_words(cards: Iterable[Card], lang: str) -> str:
    """The cards of a move as spoken: ``9 of hearts and 2 of diamonds``, ``jack of hearts,
    queen of clubs and king of spades`` (``9 cơ và 2 rô``), as the card buttons name them."""
    return words_list((card_name(card, lang) for card in cards), lang)


def number_text(value: int, lang: str) -> str:
    """``4,900,000`` (en) / ``4.900.000`` (vi): the catalog's ``thousands_separator``."""
    return f"{value:,}".replace(",", t(lang, "thousands_separator"))


def sentences(*parts: str) -> str:
    """Texts joined as sentences: each non-empty part ends with ``.``, ``!`` or ``?``."""
    kept = [part.strip() for part in parts if part and part.strip()]
    return " ".join(part if part[-1] in ".!?…" else f"{part}." for part in kept)


def rank_keys(lang: str) -> dict[str, int]:
    """The characters that name a rank on the keyboard (docs/keyboard.md): the rank as printed
    (``A``, ``2``..``9``, ``1`` or ``0`` for 10, ``J Q K`` / ``V D R``) and the first letter of
    its spoken name (``B`` for Bồi, ``D`` or ``Đ`` for Đầm, ``G`` for Già), in lower case."""
    keys = {str(rank): rank for rank in range(2, 10)}
    keys.update({"1": 10, "0": 10})
    for rank in _LETTER_RANKS:
        for word in (_rank_short(rank, lang), _rank_word(rank, lang)):
            first = word[0].lower()
            keys[first] = rank
            keys[_PLAIN_LETTERS.get(first, first)] = rank
    return keys


_PLAIN_LETTERS = {"á": "a", "đ": "d"}


def _lang(lang: str) -> str:
    return lang if lang in LANGS else SOURCE_LANG

"""What a status line says of a tap, on every page that mounts a board (docs/keyboard.md and
docs/accessibility.md, "Announcements"): the removal in the cards' spoken names, with the end
of the game it brought, else the error. DOM-free."""

from __future__ import annotations

from collections.abc import Iterable

from halfmoon_core import Card
from halfmoon_web.model.board_model import TapOutcome
from halfmoon_web.shared.i18n import cards_words, t


def removal_text(cards: Iterable[Card], lang: str) -> str:
    """``Removed 9 of hearts and 2 of diamonds`` (``Đã loại 9 cơ và 2 rô``)."""
    return t(lang, "removed", cards=cards_words(cards, lang))


def tap_message(outcome: TapOutcome, lang: str, ending: str = "") -> str | None:
    """The message of a tap: its removal, then ``ending`` (how the game ended, when this
    removal ended it); else its error's words; None for a tap that only selected."""
    if outcome.move is not None:
        said = removal_text(outcome.removed, lang)
        return f"{said}. {ending}" if ending else said
    if outcome.error is not None:
        return t(lang, outcome.error)
    return None

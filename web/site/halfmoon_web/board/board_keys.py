"""Where a key moves the keyboard focus on a board (docs/keyboard.md). DOM-free.

The board is one tab stop; inside it the focus goes from card to card (empty places are skipped)
in the order of the places, piles 1..12 along the arc, then the reserve R1..R8 in reading order.
The board's controller (``board.py``) asks :func:`key_target` and the view moves the focus.
"""

from __future__ import annotations

from collections.abc import Mapping

from halfmoon_core import PILES, PLACES, RESERVE, Card
from halfmoon_web.shared.i18n import rank_keys

ROWS: tuple[tuple[str, ...], ...] = (PILES, RESERVE[:4], RESERVE[4:])
"""Up and Down go between these rows: the arc, the reserve's top row, its bottom row."""


def _row(place: str) -> int:
    return next(index for index, row in enumerate(ROWS) if place in row)


def _across(place: str) -> int:
    """Where a place lies across its row, in 48ths from the left: the arc's twelve piles over
    the reserve's four columns (piles 1–3 over R1 and R5, … 10–12 over R4 and R8)."""
    row = ROWS[_row(place)]
    return (2 * row.index(place) + 1) * 24 // len(row)


MOVES = ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End")
"""The keys that move the focus by the order of the places."""


def board_keys(lang: str) -> list[str]:
    """Every key :func:`key_target` answers for in ``lang`` (the ranks' as lower case): what the
    page prevents the default of on a card before Python hears of it (docs/worker.md)."""
    return [*MOVES, *sorted(rank_keys(lang))]


def key_target(key: str, current: str, cards: Mapping[str, Card], lang: str) -> str | None:
    """The place of the card the focus goes to when ``key`` (a ``KeyboardEvent.key``) is
    pressed on the card at ``current``; ``cards`` holds the board's cards by place. None when
    the key is not one of the board's (it then does what it does elsewhere); ``current`` itself
    when it is but leads nowhere (e.g. Up on the arc)."""
    order = [place for place in PLACES if place in cards]
    if current not in order:
        return None
    at = order.index(current)
    if key == "ArrowRight":
        return order[(at + 1) % len(order)]
    if key == "ArrowLeft":
        return order[at - 1]
    if key == "Home":
        return order[0]
    if key == "End":
        return order[-1]
    if key in ("ArrowDown", "ArrowUp"):
        return _next_row(current, order, 1 if key == "ArrowDown" else -1)
    rank = rank_keys(lang).get(key.lower()) if len(key) == 1 else None
    if rank is None:
        return None
    following = order[at + 1 :] + order[: at + 1]  # wrapping round, this card last
    return next((place for place in following if cards[place].rank == rank), current)


def _next_row(current: str, order: list[str], step: int) -> str:
    """The card nearest across in the next row with a card, going down (1) or up (-1)."""
    row = _row(current) + step
    while 0 <= row < len(ROWS):
        here = [place for place in order if place in ROWS[row]]
        if here:
            where = _across(current)
            return min(here, key=lambda place: (abs(_across(place) - where), order.index(place)))
        row += step
    return current

"""Shared helpers for the engine tests: the seed's diagram position and hypothesis strategies."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st

from halfmoon_core import Game, format_code, parse_card, parse_moves
from halfmoon_core.cards import canonical_deck
from halfmoon_core.deals import DEAL_COUNT
from halfmoon_core.places import PLACES

DEAL_1 = "HM1-N-AAAAAAB"
"""Deal 1's code: the deal of the ``game`` fixture (tests/conftest.py)."""
FIXTURES = Path(__file__).resolve().parent / "fixtures"
WINNING_GAME: dict = json.loads((FIXTURES / "winning_game.json").read_text(encoding="utf-8"))

# The rules page's diagram (web/site/rules.html) after step 1, 5♠ + 6♦ removed:
# place -> (top card, card count).
SEED_DIAGRAM: dict[str, tuple[str, int]] = {
    "1": ("7H", 7), "2": ("AH", 8), "3": ("KH", 8), "4": ("4C", 8), "5": ("QH", 8),
    "6": ("5H", 8), "7": ("7S", 8), "8": ("JC", 7), "9": ("TD", 8), "10": ("TC", 8),
    "11": ("2D", 8), "12": ("KH", 8), "R1": ("TH", 1), "R2": ("6S", 1), "R3": ("3D", 1),
    "R4": ("4S", 1), "R5": ("7D", 1), "R6": ("5S", 1), "R7": ("JH", 1), "R8": ("AC", 1),
}  # fmt: skip


def seed_diagram_position() -> str:
    """A valid position string whose tops and counts are exactly the rules page's diagram.

    The cards below the tops are not in the source: they are the rest of the two decks, less
    the 5♠ + 6♦ of step 1, dealt in canonical order. So every card appears at most twice and
    the missing cards are exactly one 5 + 6 pair.
    """
    rest = Counter(canonical_deck())
    rest.subtract([parse_card("5S"), parse_card("6D")])
    rest.subtract(parse_card(code) for code, _ in SEED_DIAGRAM.values())
    assert min(rest.values()) >= 0
    hidden = list(rest.elements())
    fields = []
    for place in PLACES:
        code, count = SEED_DIAGRAM[place]
        below = [hidden.pop(0).code for _ in range(count - 1)]
        fields.append("".join(below) + code)
    assert not hidden
    return "HMP1:" + "/".join(fields)


def deal_numbers() -> st.SearchStrategy[int]:
    """Deal numbers across the whole range, with the ends included."""
    return st.one_of(st.sampled_from([0, 1, DEAL_COUNT - 1]), st.integers(0, DEAL_COUNT - 1))


@st.composite
def played_games(draw: st.DrawFn, max_moves: int = 48) -> Game:
    """A game of a random deal after a random number of random legal moves."""
    game = Game.from_code(format_code(draw(deal_numbers())))
    for _ in range(draw(st.integers(0, max_moves))):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(draw(st.sampled_from(moves)))
    return game


def table_cards(game: Game) -> Counter:
    """Every card on the table of a game, counted."""
    return Counter(game.layout().cards())


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game in any state: a random deal after random legal moves, or a prefix of the
    pinned winning line followed by random legal moves (this reaches deep and won positions,
    which random play alone almost never does)."""
    if draw(st.booleans()):
        return draw(played_games())
    line = parse_moves(WINNING_GAME["moves"])
    game = Game.from_code(WINNING_GAME["start"])
    for move in line[: draw(st.integers(0, len(line)))]:
        game.push(move)
    for _ in range(draw(st.integers(0, 6))):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(draw(st.sampled_from(moves)))
    return game

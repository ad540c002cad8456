"""A game: the table plus a move stack; push is a removal, pop is undo, redo plays an undone move
again (docs/rules.md, "Undo and redo")."""

from __future__ import annotations

from itertools import product
from typing import Literal

from .cards import REMOVALS, Card, why_not_removal
from .deals import deal, parse_code
from .errors import MoveError
from .messages import Message
from .moves import Move, parse_move
from .places import PILE_COUNT, PILES, PLACE_INDEX, RESERVE, place_label
from .position import (
    PAIR_POINTS,
    TRIPLE_POINTS,
    Layout,
    format_position,
    is_position_text,
    parse_position,
    removed_cards,
)

Status = Literal["playing", "won", "stalemate"]


def _index(place: str) -> int:
    """Index of a canonical place name; MoveError for anything else."""
    index = PLACE_INDEX.get(place)  # type: ignore[call-overload]
    if index is None:
        raise MoveError("place_unknown", text=place)
    return index


class Game:
    """State plus a move stack. Build one with :meth:`from_code`, :meth:`from_position` or
    :meth:`from_start`; play with :meth:`push`; undo with :meth:`pop`; play the undone moves
    again with :meth:`redo` (the redo line, kept until a different move is played)."""

    def __init__(self, layout: Layout, start: str) -> None:
        self.start = start
        self._piles: list[list[Card]] = [list(pile) for pile in layout.piles]
        self._reserve: list[Card | None] = list(layout.reserve)
        base = removed_cards(layout)
        self._base_score = base.score
        self._base_moves = base.moves
        self._stack: list[tuple[Move, tuple[Card, ...]]] = []
        self._score = base.score
        self._redo: list[Move] = []
        """Undone moves, the next one to redo last."""

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_code(cls, code: str) -> Game:
        """A new game of the deal with this code."""
        parsed = parse_code(code)
        return cls(deal(parsed), str(parsed))

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game that starts from a position string."""
        layout = parse_position(text)
        return cls(layout, format_position(layout))

    @classmethod
    def from_start(cls, start: str) -> Game:
        """From a deal code or a position string (told apart by the ``HMP1:`` prefix)."""
        if is_position_text(start):
            return cls.from_position(start)
        return cls.from_code(start)

    # -- reading the table ----------------------------------------------------------------
    def card_at(self, place: str) -> Card | None:
        """The playable card at a place (top of a pile, or a reserve card), or None if empty."""
        index = _index(place)
        if index < PILE_COUNT:
            pile = self._piles[index]
            return pile[-1] if pile else None
        return self._reserve[index - PILE_COUNT]

    def count_at(self, place: str) -> int:
        """How many cards a place holds."""
        index = _index(place)
        if index < PILE_COUNT:
            return len(self._piles[index])
        return 0 if self._reserve[index - PILE_COUNT] is None else 1

    def playable(self) -> dict[str, Card]:
        """Every playable card by place, in place order."""
        found = {name: pile[-1] for name, pile in zip(PILES, self._piles, strict=True) if pile}
        for name, card in zip(RESERVE, self._reserve, strict=True):
            if card is not None:
                found[name] = card
        return found

    def layout(self) -> Layout:
        """The table as an immutable layout."""
        return Layout(tuple(tuple(p) for p in self._piles), tuple(self._reserve))

    def position(self) -> str:
        """The current position string."""
        return format_position(self.layout())

    def cards_left(self) -> int:
        """Cards still on the table."""
        return sum(len(p) for p in self._piles) + sum(c is not None for c in self._reserve)

    @property
    def score(self) -> int:
        """Points: 10 a pair, 15 a triple, counting removals made before the start position."""
        return self._score

    @property
    def moves(self) -> int:
        """Removals made and not undone (including those implied by the start position)."""
        return self._base_moves + len(self._stack)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played since the start, in order."""
        return tuple(move for move, _ in self._stack)

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return bool(self._stack)

    @property
    def redo_line(self) -> tuple[Move, ...]:
        """The undone moves that :meth:`redo` plays again, the next one first."""
        return tuple(reversed(self._redo))

    @property
    def can_redo(self) -> bool:
        """True when there is an undone move to play again."""
        return bool(self._redo)

    # -- rules ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal removal: pairs summing to 11 and J+Q+K triples of playable cards."""
        by_rank: dict[int, list[str]] = {}
        for place, card in self.playable().items():
            by_rank.setdefault(card.rank, []).append(place)
        found = [
            Move.of(*places)
            for removal in REMOVALS
            for places in product(*(by_rank.get(rank, ()) for rank in removal.ranks))
        ]
        found.sort(key=lambda m: [PLACE_INDEX[p] for p in m.places])
        return found

    def has_legal_move(self) -> bool:
        """True when at least one pair or triple can be removed."""
        ranks = {card.rank for card in self.playable().values()}
        return any(ranks.issuperset(removal.ranks) for removal in REMOVALS)

    @property
    def status(self) -> Status:
        """``won`` when the table is empty, ``stalemate`` when no removal is left, else playing."""
        if self.cards_left() == 0:
            return "won"
        return "playing" if self.has_legal_move() else "stalemate"

    def why_illegal(self, move: Move) -> Message | None:
        """None when the move is legal, else the reason (in words, as data)."""
        cards = []
        for place in move.places:
            card = self.card_at(place)
            if card is None:
                return Message("place_empty", place=place_label(place))
            cards.append(card)
        return why_not_removal(cards)

    def is_legal(self, move: Move) -> bool:
        """True when the move can be played now."""
        return self.why_illegal(move) is None

    # -- playing --------------------------------------------------------------------------
    def push(self, move: Move | str) -> None:
        """Play a move (a Move or its text); MoveError, with nothing changed, when illegal.
        The redo line is kept when the move is its next move (that move is used up), and
        cleared when the move is another one."""
        if isinstance(move, str):
            move = parse_move(move)
        reason = self.why_illegal(move)
        if reason is not None:
            raise MoveError("move_illegal", move=str(move), reason=reason)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()
        self._remove(move)

    def _remove(self, move: Move) -> None:
        """Take a legal move's cards off the table and put it on the stack."""
        removed = []
        for place in move.places:
            index = PLACE_INDEX[place]
            if index < PILE_COUNT:
                removed.append(self._piles[index].pop())
            else:
                removed.append(self._reserve[index - PILE_COUNT])
                self._reserve[index - PILE_COUNT] = None
        self._stack.append((move, tuple(removed)))
        self._score += PAIR_POINTS if len(removed) == 2 else TRIPLE_POINTS

    def pop(self) -> Move:
        """Undo the last move: the cards return to their places; returns the move undone."""
        if not self._stack:
            raise MoveError("move_none_to_undo")
        move, removed = self._stack.pop()
        for place, card in zip(move.places, removed, strict=True):
            index = PLACE_INDEX[place]
            if index < PILE_COUNT:
                self._piles[index].append(card)
            else:
                self._reserve[index - PILE_COUNT] = card
        self._score = max(0, self._score - (PAIR_POINTS if len(removed) == 2 else TRIPLE_POINTS))
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Play the last undone move again; returns it. MoveError when there is none."""
        if not self._redo:
            raise MoveError("move_none_to_redo")
        move = self._redo[-1]
        self.push(move)
        return move

    def restart(self) -> None:
        """Undo every move: back to the start position, with a fresh attempt (no redo line)."""
        while self._stack:
            self.pop()
        self._redo.clear()

    def set_redo_line(self, moves: list[Move] | tuple[Move, ...]) -> None:
        """Make ``moves`` (the next one first) the redo line; MoveError naming the first one
        that could not be played in turn from the current position, with nothing changed."""
        trial = self.copy()
        for number, move in enumerate(moves, start=1):
            reason = trial.why_illegal(move)
            if reason is not None:
                raise MoveError("redo_illegal", number=number, move=str(move), reason=reason)
            trial._remove(move)
        self._redo = list(reversed(moves))

    def copy(self) -> Game:
        """An independent game with the same start, history and redo line: its state copied,
        not dealt again and replayed."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._piles = [list(pile) for pile in self._piles]
        twin._reserve = list(self._reserve)
        twin._stack = list(self._stack)
        twin._redo = list(self._redo)
        return twin

    def __repr__(self) -> str:
        return f"Game({self.start!r}, moves={len(self._stack)}, status={self.status!r})"


def replay(start: str, moves: list[Move] | tuple[Move, ...]) -> Game:
    """A game from ``start`` with ``moves`` applied; MoveError names the first illegal one."""
    game = Game.from_start(start)
    for number, move in enumerate(moves, start=1):
        reason = game.why_illegal(move)
        if reason is not None:
            raise MoveError("replay_illegal", number=number, move=str(move), reason=reason)
        game.push(move)
    return game

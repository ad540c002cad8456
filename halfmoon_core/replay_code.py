"""Replay codes: a list of moves written short enough for a link (docs/formats.md, "Replay
codes").

Each move is written as its index among the legal moves of the position it is played in
(:meth:`~halfmoon_core.game.Game.legal_moves`, in their fixed order), in base 64 with the
URL-safe alphabet of RFC 4648: one character while a position has at most 64 legal moves, two
up to 4,096. A code is read by replaying it from its start, so it only means something with
that start (a deal code or a position string).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import MoveError
from .game import Game, replay
from .moves import Move, parse_moves

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The 64 digits, ``A`` being 0 and ``_`` 63 (base64url, RFC 4648 section 5)."""
BASE = len(ALPHABET)
_VALUE = {char: value for value, char in enumerate(ALPHABET)}


def index_width(count: int) -> int:
    """Digits that write an index among ``count`` legal moves: 1 up to 64, 2 up to 4,096."""
    width = 1
    while BASE**width < count:
        width += 1
    return width


def _digits(index: int, width: int) -> str:
    """``index`` in ``width`` base-64 digits, most significant first."""
    out = []
    for _ in range(width):
        index, digit = divmod(index, BASE)
        out.append(ALPHABET[digit])
    return "".join(reversed(out))


def encode_replay(start: str, moves: str | Sequence[Move]) -> str:
    """The replay code of ``moves`` (a list or its text) played from ``start``; the engine's
    errors name a bad start or the first illegal move."""
    line = parse_moves(moves) if isinstance(moves, str) else list(moves)
    game = Game.from_start(start)
    replay(game.start, line)  # MoveError names the first illegal move
    parts = []
    for move in line:
        legal = game.legal_moves()
        parts.append(_digits(legal.index(move), index_width(len(legal))))
        game.push(move)
    return "".join(parts)


def decode_replay(start: str, code: str) -> list[Move]:
    """The moves a replay code stands for, played from ``start``; MoveError says what is wrong
    with the code (a character, a move that is not there, a code longer than the game)."""
    if not isinstance(code, str):
        raise MoveError("replay_code_not_text")
    text = code.strip()
    for at, char in enumerate(text, start=1):
        if char not in _VALUE:
            raise MoveError("replay_code_char", char=char, at=at)
    game = Game.from_start(start)
    moves: list[Move] = []
    at = 0
    while at < len(text):
        move, at = _read_move(game, text, at, len(moves) + 1)
        game.push(move)
        moves.append(move)
    return moves


def _read_move(game: Game, text: str, at: int, number: int) -> tuple[Move, int]:
    """Read move ``number`` of the code from ``text[at:]``: the move and where the next one
    starts."""
    legal = game.legal_moves()
    if not legal:
        raise MoveError("replay_code_over", number=number, played=number - 1)
    width = index_width(len(legal))
    digits = text[at : at + width]
    if len(digits) < width:
        raise MoveError("replay_code_cut", number=number)
    index = 0
    for char in digits:
        index = index * BASE + _VALUE[char]
    if index >= len(legal):
        raise MoveError("replay_code_index", number=number, count=len(legal))
    return legal[index], at + width

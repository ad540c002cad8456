"""Half Moon engine: pure standard-library Python, the same on CPython and in Pyodide."""

from .cards import Card, parse_card, removal_kind
from .daily import DailyDate, daily_code, parse_date
from .deals import DealCode, deal, format_code, normalise_code, parse_code, random_code
from .errors import (
    CardError,
    DailyDateError,
    DealCodeError,
    HalfMoonError,
    MoveError,
    PositionError,
    SaveError,
)
from .game import Game, Status, replay
from .messages import MESSAGES, Message
from .moves import Move, format_moves, parse_move, parse_moves
from .places import PILES, PLACES, RESERVE
from .position import (
    WIN_MOVES,
    WIN_SCORE,
    Layout,
    format_position,
    is_position_text,
    parse_position,
)
from .replay_code import decode_replay, encode_replay
from .save import load_game, save_game
from .tapping import TapResult, joinable, tap

__all__ = [
    "MESSAGES",
    "PILES",
    "PLACES",
    "RESERVE",
    "WIN_MOVES",
    "WIN_SCORE",
    "Card",
    "CardError",
    "DailyDate",
    "DailyDateError",
    "DealCode",
    "DealCodeError",
    "Game",
    "HalfMoonError",
    "Layout",
    "Message",
    "Move",
    "MoveError",
    "PositionError",
    "SaveError",
    "Status",
    "TapResult",
    "daily_code",
    "deal",
    "decode_replay",
    "encode_replay",
    "format_code",
    "format_moves",
    "format_position",
    "is_position_text",
    "joinable",
    "load_game",
    "normalise_code",
    "parse_card",
    "parse_code",
    "parse_date",
    "parse_move",
    "parse_moves",
    "parse_position",
    "random_code",
    "removal_kind",
    "replay",
    "save_game",
    "tap",
]

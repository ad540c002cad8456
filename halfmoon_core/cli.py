"""The authoring command line (SPEC §12): ``python -m halfmoon_core deal|play|check|embed``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .deals import deal, parse_code
from .embed import LANGS, embed_snippet
from .errors import HalfMoonError
from .game import Game, replay
from .moves import parse_moves
from .position import PREFIX, format_position, parse_position


def game_summary(game: Game) -> dict[str, object]:
    """The JSON object printed by ``play`` and ``check``."""
    return {
        "position": game.position(),
        "score": game.score,
        "moves": game.moves,
        "status": game.status,
    }


def _cmd_deal(args: argparse.Namespace) -> str:
    return format_position(deal(parse_code(args.code)))


def _cmd_play(args: argparse.Namespace) -> str:
    game = replay(args.start, parse_moves(args.moves or ""))
    return json.dumps(game_summary(game))


def _cmd_check(args: argparse.Namespace) -> str:
    text = args.position
    if not text.strip().upper().startswith(PREFIX):
        raise HalfMoonError(f"a position string starts with {PREFIX} (for a deal code use 'deal')")
    parse_position(text)
    return json.dumps(game_summary(Game.from_position(text)))


def _cmd_embed(args: argparse.Namespace) -> str:
    return embed_snippet(args.start, args.steps or "", args.labels, args.lang, args.base or "")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m halfmoon_core", description="Half Moon authoring tools."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deal", help="print the position string of a deal code")
    p.add_argument("code")
    p.set_defaults(run=_cmd_deal)
    p = sub.add_parser("play", help="apply moves to a deal code or position; print JSON")
    p.add_argument("start")
    p.add_argument("moves", nargs="?", default="")
    p.set_defaults(run=_cmd_play)
    p = sub.add_parser("check", help="validate a position string; print JSON")
    p.add_argument("position")
    p.set_defaults(run=_cmd_check)
    p = sub.add_parser("embed", help="print an <iframe> snippet for embed.html")
    p.add_argument("start")
    p.add_argument("--steps", default="")
    p.add_argument("--labels", action="store_true")
    p.add_argument("--lang", choices=LANGS)
    p.add_argument("--base", default="")
    p.set_defaults(run=_cmd_embed)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; exit status 0 on success, 2 on bad input (message on stderr)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        output = args.run(args)
    except (HalfMoonError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(output)
    return 0

"""The authoring command line: ``python -m halfmoon_core deal|play|check|embed|daily``
(README.md)."""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .daily import daily_code
from .deals import deal, parse_code
from .embed import LANGS, embed_snippet
from .errors import HalfMoonError
from .game import Game, replay
from .messages import ECHO_LIMIT, echo
from .moves import parse_moves
from .position import PREFIX, format_position, is_position_text


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
    if not is_position_text(text):
        raise HalfMoonError("cli_not_position", prefix=PREFIX)
    return json.dumps(game_summary(Game.from_position(text)))


RELATIVE_EMBED_NOTE = (
    "note: without --base the iframe's src is relative (embed.html?...): it loads only on a"
    " page of the Half Moon site itself; for any other page give the site's address, e.g."
    " --base https://example.org/halfmoon/"
)
"""Said on stderr by ``embed`` without ``--base`` (stdout stays the snippet alone)."""


def _cmd_embed(args: argparse.Namespace) -> str:
    steps, base = args.steps or "", args.base or ""
    snippet = embed_snippet(
        args.start, steps, labels=args.labels, lang=args.lang, base=base, compact=args.compact
    )
    if not base:
        print(RELATIVE_EMBED_NOTE, file=sys.stderr)
    return snippet


def _cmd_daily(args: argparse.Namespace) -> str:
    return daily_code(args.date or datetime.date.today().isoformat())


_CODE_HELP = "a deal code: HM1-N- and 7 letters, e.g. HM1-N-AAAAAAB"
_START_HELP = (
    "where the game starts: a deal code (e.g. HM1-N-AAAAAAB) or a position string"
    " (HMP1:…, as printed by 'deal' or 'play'; quote it in the shell)"
)
_MOVES_HELP = (
    "moves in order, joined by ',': each names the places of the cards it removes, joined by"
    " '-' (piles 1..12, reserve slots R1..R8), e.g. 4-7,5-6,2-3-R3"
)
_EPILOG = """\
examples:
  python -m halfmoon_core deal HM1-N-AAAAAAB
  python -m halfmoon_core play HM1-N-AAAAAAB 4-7,5-6,2-3-R3
  python -m halfmoon_core check 'HMP1:5S/6D/JC/QH/KS///////////////'
  python -m halfmoon_core embed HM1-N-AAAAAAB --steps 4-7,2-3-R3 --labels --lang en
  python -m halfmoon_core daily 2026-11-30

formats:
  deal code   HM1-N-AAAAAAB: HM1-N- and 7 letters A-Z, one of 26**7 deals
  position    HMP1: then 20 fields joined by '/': piles 1..12 bottom to top, then R1..R8;
              cards like 5S, TH, JC (an empty field is an empty place)
  moves       4-7,5-6,2-3-R3: a pair (two places) or J+Q+K (three), joined by ','
  date        2026-11-30: YYYY-MM-DD, from 2026-01-01 (the first daily deal)
See docs/formats.md for the whole of each format.
"""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors repeat at most :data:`ECHO_LIMIT` characters of
    each argument (argparse quotes the whole of a bad choice)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the message, its echoes cut, and exit with status 2."""
        cut = re.sub(r"'([^']*)'", lambda found: repr(echo(found.group(1))), message)
        super().error(str(echo(cut, 4 * ECHO_LIMIT)))


def _subparser(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:
    """A sub-command whose --help shows the top-level examples and formats."""
    return sub.add_parser(
        name,
        help=text,
        description=text[0].upper() + text[1:] + ".",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = _Parser(
        prog="python -m halfmoon_core",
        description="Half Moon authoring tools: deals, positions, moves, embed snippets and"
        " daily deals (installed by pip as the 'halfmoon' command too).",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = _subparser(sub, "deal", "print the position string of a deal code")
    p.add_argument("code", help=_CODE_HELP)
    p.set_defaults(run=_cmd_deal)
    p = _subparser(sub, "play", "apply moves to a deal code or position; print JSON")
    p.add_argument("start", help=_START_HELP)
    p.add_argument("moves", nargs="?", default="", help=_MOVES_HELP + " (none: just the start)")
    p.set_defaults(run=_cmd_play)
    p = _subparser(sub, "check", "validate a position string; print JSON")
    p.add_argument(
        "position",
        help="a position string, e.g. 'HMP1:5S/6D/JC/QH/KS///////////////' (quote it)",
    )
    p.set_defaults(run=_cmd_check)
    _embed_arguments(_subparser(sub, "embed", "print an <iframe> snippet for embed.html"))
    p = _subparser(sub, "daily", "print the deal code of a date's daily deal (today's by default)")
    date_help = "a date YYYY-MM-DD from 2026-01-01, e.g. 2026-11-30 (none: today, the local date)"
    p.add_argument("date", nargs="?", default="", help=date_help)
    p.set_defaults(run=_cmd_daily)
    return parser


def _embed_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``embed``."""
    p.add_argument("start", help=_START_HELP)
    p.add_argument("--steps", default="", metavar="MOVES", help="a step viewer of " + _MOVES_HELP)
    for flag, help_text in (
        ("--compact", "write the steps as a short replay code, e.g. replay=IA for 4-7,2-3-R3"),
        ("--labels", "show each place's name and card count under it, e.g. '4' over '8'"),
    ):
        p.add_argument(flag, action="store_true", help=help_text)
    p.add_argument("--lang", choices=LANGS, help="the board's language, e.g. --lang vi")
    base_help = "the site's address, e.g. https://example.org (default: a relative embed.html)"
    p.add_argument("--base", default="", metavar="URL", help=base_help)
    p.set_defaults(run=_cmd_embed)


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

"""The ``<iframe>`` snippet that embeds a board in any page (docs/formats.md, "URL parameters")."""

from __future__ import annotations

from html import escape
from typing import TypedDict, Unpack

from .deals import normalise_code
from .game import Game, replay
from .moves import format_moves, parse_moves
from .position import is_position_text
from .replay_code import encode_replay

LANGS = ("en", "vi")
_SAFE = ":/,-"


class EmbedOptions(TypedDict, total=False):
    """How an embedded board shows: place names and counts (``labels``), its language
    (``lang``), the site's address (``base``, else a relative ``src``) and steps written as a
    replay code (``compact``)."""

    labels: bool
    lang: str | None
    base: str
    compact: bool


def embed_url(
    start: str,
    steps: str = "",
    labels: bool = False,
    lang: str | None = None,
    base: str = "",
    compact: bool = False,
) -> str:
    """The ``embed.html`` address for a deal code or position, validating everything first;
    ``compact`` writes the steps as a replay code (``replay=``, docs/formats.md)."""
    from urllib.parse import quote  # here, not at the top: no page needs it to start

    game = Game.from_start(start)
    moves = parse_moves(steps)
    replay(game.start, moves)  # raises MoveError naming the first illegal step
    key = "position" if is_position_text(start) else "deal"
    value = game.start if key == "position" else normalise_code(start)
    params = [f"{key}={quote(value, safe=_SAFE)}"]
    if moves and compact:
        params.append(f"replay={encode_replay(game.start, moves)}")
    elif moves:
        params.append(f"steps={quote(format_moves(moves), safe=_SAFE)}")
    if labels:
        params.append("labels=1")
    if lang is not None:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}")
        params.append(f"lang={lang}")
    prefix = f"{base.rstrip('/')}/" if base else ""
    return f"{prefix}embed.html?{'&'.join(params)}"


def embed_snippet(start: str, steps: str = "", **options: Unpack[EmbedOptions]) -> str:
    """A ready ``<iframe>`` element showing the board (escaped for HTML)."""
    url = embed_url(start, steps, **options)
    title = "Half Moon board" if options.get("lang") != "vi" else "Bàn chơi Half Moon"
    height = 560 if steps else 480
    return (
        f'<iframe src="{escape(url)}" title="{escape(title)}" width="100%" height="{height}"'
        ' style="border:0;max-width:720px" loading="lazy"></iframe>'
    )

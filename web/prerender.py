"""The boards a first visit shows before Python, for the build (docs/startup.md, "Before Python").

The build runs this program on CPython with the site's own view and engine on ``sys.path``; it
prints, as JSON, the markup of every board a page holds in its HTML, by placeholder name: the
game page's opening deal (:data:`FIRST_DEAL`) and the rules page's layout diagram and step
viewer at step 0, each in every language. Each is written by the view's own description of a
board (``halfmoon_web/board/board_markup.py``), which the view draws from too, so the page's
Python adopts it instead of drawing it again.

Usage: ``python3 web/prerender.py [--site DIR] [--core DIR]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_DEAL = "HM1-N-WELCOME"
"""What a first-time player is dealt: one deal, the same for every first visit (docs/startup.md,
"What a first visit is dealt"). It can be won (tests/test_web_prerender.py)."""


def boards() -> dict[str, str]:
    """Every pre-rendered board's markup, by placeholder name (``FIRST_BOARD_EN``...), the
    first deal's code (``FIRST_DEAL``) and the game page's rule line in every language
    (``RULE_LINE``: :func:`rule_line`)."""
    from halfmoon_core import Game
    from halfmoon_web.board.board_markup import board_root, drawn_board, to_html
    from halfmoon_web.rules_page.seed_example import START, layout_game
    from halfmoon_web.shared.i18n import LANGS

    first, example = Game.from_code(FIRST_DEAL), Game.from_position(START)
    kinds = {  # name: (game, interactive, the board's options)
        "FIRST_BOARD": (first, True, ""),  # the game page's (halfmoon_web/game_page/app.py)
        "LAYOUT_BOARD": (layout_game(), False, "hm-labels"),  # the rules page's diagram
        "EXAMPLE_BOARD": (example, True, "hm-labels"),  # its step viewer at step 0
    }
    found: dict[str, str] = {"FIRST_DEAL": FIRST_DEAL, "RULE_LINE": rule_line()}
    for name, (game, interactive, options) in kinds.items():
        for lang in LANGS:
            parts = drawn_board(game, lang, interactive=interactive)
            root = board_root(parts, lang, f"{options} hm-early")
            found[f"{name}_{lang.upper()}"] = to_html(root)
    return found


def rule_line() -> str:
    """The game page's rule line before Python (index.html ``#rule-line``), from the catalogs:
    one ``<span lang>`` per language; style.css shows the page's (docs/interface.md)."""
    from html import escape

    from halfmoon_web.shared.i18n import LANGS, t

    return "".join(f'<span lang="{lang}">{escape(t(lang, "rule_line"))}</span>' for lang in LANGS)


def main(argv: list[str] | None = None) -> int:
    """Print :func:`boards` of the site ``--site`` and the engine ``--core`` as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", type=Path, default=ROOT / "web" / "site")
    parser.add_argument("--core", type=Path, default=ROOT / "halfmoon_core")
    args = parser.parse_args(argv)
    import catalogs  # web/catalogs.py: i18n.py reads the compiled catalogs beside the package

    with tempfile.TemporaryDirectory(prefix="halfmoon-prerender-") as folder:
        site = catalogs.importable_site(Path(folder), args.site.resolve())
        sys.path[:0] = [str(site), str(args.core.resolve().parent)]
        json.dump(boards(), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The boards a first visit shows before Python (web/prerender.py, docs/startup.md): the first
deal, the rules page's diagrams, written from the view's own description of a board
(halfmoon_web/board/board_markup.py). That Python draws exactly this markup is checked in a
browser (e2e/test_first_paint.py, e2e/test_early_board.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import build
import prerender
from solver import solve

from halfmoon_core import Game, normalise_code
from halfmoon_web.board.board_markup import Node, to_html


class Board(HTMLParser):
    """The elements of one board's markup: (tag, attributes) in order, and its text."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def all(self, tag: str, cls: str) -> list[dict[str, str | None]]:
        return [
            attrs
            for name, attrs in self.elements
            if name == tag and cls in (attrs.get("class") or "").split()
        ]


def test_a_first_visit_is_dealt_a_deal_that_can_be_won() -> None:
    assert normalise_code(prerender.FIRST_DEAL) == prerender.FIRST_DEAL
    result = solve(prerender.FIRST_DEAL, max_seconds=60)
    assert result.outcome == "won" and len(result.moves) == 48


def test_the_first_deal_is_written_playable_in_each_language() -> None:
    boards = prerender.boards()
    game = Game.from_code(prerender.FIRST_DEAL)
    for lang, pile in (("en", "pile"), ("vi", "chồng")):
        board = Board(boards[f"FIRST_BOARD_{lang.upper()}"])
        (root,) = board.all("div", "hm-board")
        assert root["class"] == "hm-board hm-early" and root["role"] == "group"
        cards = board.all("button", "hm-card")
        assert [card["data-place"] for card in cards] == list(game.playable())
        assert [card["tabindex"] for card in cards] == ["0"] + ["-1"] * (len(cards) - 1)
        assert all(f"{pile} " in (card["aria-label"] or "") for card in cards[:12])
        assert len(board.all("div", "hm-place")) == 20


def test_the_rules_diagram_is_a_picture_and_its_step_viewer_playable() -> None:
    boards = prerender.boards()
    layout, example = Board(boards["LAYOUT_BOARD_EN"]), Board(boards["EXAMPLE_BOARD_EN"])
    assert layout.all("div", "hm-board")[0]["class"] == "hm-board hm-labels hm-early"
    assert not layout.all("button", "hm-card")
    assert all(card["role"] == "img" for card in layout.all("div", "hm-card"))
    # The original rules' diagram: the example after its first move, 5♠ + 6♦ gone.
    names = [card["aria-label"] for card in layout.all("div", "hm-card")]
    assert names[0] == "7 of hearts, pile 1, 7 cards"
    assert names[7] == "jack of clubs, pile 8, 7 cards"
    assert len(example.all("button", "hm-card")) == 20
    # Vietnamese court cards: V, D, R (docs/interface.md, "Cards").
    vi = Board(boards["LAYOUT_BOARD_VI"])
    assert set(vi.text) & {"V", "D", "R"} and not set(vi.text) & {"J", "Q", "K"}


def test_the_build_gets_the_boards_from_the_sites_own_view() -> None:
    """web/build.py runs web/prerender.py on the site it builds: the same markup."""
    assert build.prerendered_boards(build.SITE, build.CORE) == prerender.boards()


def test_markup_is_escaped_as_a_browser_serialises_it() -> None:
    node = Node("span", (("title", 'a"b&c\xa0<d>'),), ("x < y & z\xa0>", Node("b")))
    assert to_html(node) == (
        '<span title="a&quot;b&amp;c&nbsp;&lt;d&gt;">x &lt; y &amp; z&nbsp;&gt;<b></b></span>'
    )
    assert re.fullmatch(r"<div[^<>]*>.*</div>", prerender.boards()["FIRST_BOARD_EN"], re.S)

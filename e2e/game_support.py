"""Helpers for the game page's browser tests: accessible names and taps, through the interface
contract only (docs/interface.md).

The tests know where every card is by computing the deal with the engine in the test process
(``Game.from_code``); they find the card on the page by its accessible name, built here
independently of the app's own code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from harness import settle
from playwright.sync_api import Locator, Page, expect

from halfmoon_core import Game, Move

ROOT = Path(__file__).resolve().parent.parent
WINNING_GAME = ROOT / "tests" / "fixtures" / "winning_game.json"

DEAL = "HM1-N-AAAAAAB"
"""Tops at the deal: 1:8S 2:QC 3:KS 4:9H 5:6H 6:5H 7:2D 8:7S 9:QD 10:QS 11:TC 12:8H,
R1:TH R2:KH R3:JH R4:TS R5:JH R6:AS R7:4D R8:7C."""
STALEMATE_AT_DEAL = "HM1-N-AAABATO"
"""No pair and no triple among the playable cards of the deal."""
STALEMATE_AFTER_ONE = "HM1-N-AAADGKR"
"""Exactly one legal move at the deal (R5-R6), after which nothing is left to play."""

_RANKS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANKS_VI = {1: "Át", 11: "Bồi", 12: "Đầm", 13: "Già"}
_SUITS_VI = {"S": "bích", "H": "cơ", "D": "rô", "C": "chuồn"}


def card_name(game: Game, place: str, lang: str = "en") -> str:
    """The accessible name of the playable card at ``place`` (docs/interface.md)."""
    card = game.card_at(place)
    assert card is not None, f"{place} is empty"
    count = game.count_at(place)
    if lang == "vi":
        name = f"{_RANKS_VI.get(card.rank, str(card.rank))} {_SUITS_VI[card.suit]}"
        where = f"ô dự trữ {place}" if place.startswith("R") else f"chồng {place}, {count} lá"
        return f"{name}, {where}"
    name = f"{_RANKS.get(card.rank, str(card.rank))} of {_SUITS[card.suit]}"
    if place.startswith("R"):
        return f"{name}, reserve {place}"
    return f"{name}, pile {place}, {count} card{'' if count == 1 else 's'}"


def spoken(game: Game, places: Iterable[str], lang: str = "en") -> str:
    """The cards at ``places`` as the status line says them (docs/keyboard.md): ``9 of hearts
    and 2 of diamonds``, ``jack of hearts, queen of clubs and king of spades``; ``9 cơ và 2 rô``."""
    names = [card_name(game, place, lang).split(", ")[0] for place in places]
    return f"{', '.join(names[:-1])} {'và' if lang == 'vi' else 'and'} {names[-1]}"


def card(page: Page, game: Game, place: str, lang: str = "en") -> Locator:
    """The button of the card at ``place``, once the page has played what came before."""
    settle(page)
    return page.get_by_role("button", name=card_name(game, place, lang), exact=True)


def button(page: Page, name: str) -> Locator:
    """A button by its exact accessible name, once the page has played what came before."""
    settle(page)
    return page.get_by_role("button", name=name, exact=True)


def play(page: Page, game: Game, move: Move | str) -> None:
    """Tap the cards of ``move`` and wait until the page counts it and has stored it (its
    save runs after the frame: ``html[data-saving]``, docs/interface.md); mirror it on
    ``game``.

    The clicks skip Playwright's actionability checks (``force``): a card's button is found by
    its name, which only the card on top of its place has, and the move count then proves the
    taps arrived. The checks (two animation frames of a still box, a hit test) took over half
    the time of a whole game played here (7.5 s of 48 moves against 3.4 s)."""
    if isinstance(move, str):
        move = Move.of(*move.split("-"))
    for place in move.places:
        card(page, game, place).click(force=True)
    game.push(move)
    expect(page.locator("#moves")).to_have_text(str(game.moves))
    expect(page.locator("html")).not_to_have_attribute("data-saving", "")


def winning_game() -> dict[str, Any]:
    """The pinned winning line: start, moves, score, moves_count."""
    return json.loads(WINNING_GAME.read_text(encoding="utf-8"))


def open_settings(page: Page) -> None:
    """Show the settings panel."""
    button(page, "Settings").click()
    expect(page.get_by_label("Move errors")).to_be_visible()


def set_setting(page: Page, label: str, on: bool) -> None:
    """Tick or untick a settings checkbox (opening the panel first)."""
    open_settings(page)
    box = page.get_by_label(label, exact=True)
    box.set_checked(on)
    expect(box).to_be_checked(checked=on)
    settle(page)  # stored


def open_deal(page: Page, code: str) -> None:
    """Open a deal through the Open deal dialog."""
    button(page, "Open deal").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Deal code").fill(code)
    button(page, "Open deal").click()


#: The board's cards still arriving (dealt with a new game, or back after an undo).
ARRIVING = "#board :is(.hm-deal, .hm-return)"


def at_rest(page: Page) -> None:
    """Wait until no card of the board is arriving (its class goes when its animation ends)."""
    expect(page.locator(ARRIVING)).to_have_count(0)


def status(page: Page) -> Locator:
    """The one status element."""
    return page.get_by_role("status")


#: The box of each pile's card (its face holder), by pile, on the board of ``root``.
PILE_BOXES = """(root) => Object.fromEntries([...document.querySelectorAll(
    `${root} .hm-pile`)].map((place) => {
  const box = place.querySelector(".hm-face-holder").getBoundingClientRect();
  return [place.dataset.name, [box.left, box.top, box.right, box.bottom]];
}))"""
BAND, LEFT, RIGHT = ("4", "5", "6", "7", "8", "9", "10"), ("3", "2", "1"), ("11", "12")


def assert_arc_reads_3_7_2(page: Page, root: str = "#board") -> None:
    """The arc as the rules draw it (docs/layout.md, "The arc"): piles 4–10 in one band across
    the top, left to right, each overlapping pile 7's height by at least half a card; 1–3 up
    the left side (1 lowest) and 11–12 down the right (11 higher), wholly below the band, under
    its ends, and set apart from it by half as much again as two piles of a side are apart."""
    box = page.evaluate(PILE_BOXES, root)
    assert len(box) == 12, box
    height = box["7"][3] - box["7"][1]
    for pile in BAND:
        overlap = min(box[pile][3], box["7"][3]) - max(box[pile][1], box["7"][1])
        assert overlap >= height / 2, (pile, overlap, height)
    assert [box[p][0] for p in BAND] == sorted(box[p][0] for p in BAND)
    band_bottom = max(box[p][3] for p in BAND)
    for pile in LEFT + RIGHT:
        assert box[pile][1] > band_bottom, (pile, box[pile], band_bottom)
    for side, corner in ((LEFT, "4"), (RIGHT, "10")):
        assert all(abs(box[p][0] - box[corner][0]) < 1 for p in side), (side, box)
        tops = [box[p][1] for p in side]
        assert tops == sorted(tops), side  # 3 over 2 over 1; 11 over 12
        apart = box[side[1]][1] - box[side[0]][3]  # two piles of the side
        assert box[side[0]][1] - box[corner][3] >= 1.5 * apart, (side, box)

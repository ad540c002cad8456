"""The rules page's example game, shown by its step viewer (the rules: docs/rules.md): its
opening, the hidden cards we chose, and a whole win.

Before step 1, pile 1 shows 5♠ and pile 8 shows 6♦ (8 cards each). Step 1 removes 5♠ + 6♦, which
leaves exactly the rules page's layout diagram (:func:`layout_game`); step 2 removes J♣ (pile 8) +
Q♥ (pile 5) + K♥ (pile 3). Only the top cards come from the original rules text: the cards under
them were chosen (by a research solver that is not shipped) so that the deal is a legal two-deck
deal that can be won, and ``MOVES`` is that win, every card removed. Tests replay it and compare
step 1 with the diagram.
"""

from __future__ import annotations

from halfmoon_core import Game, parse_moves, replay

START = "HMP1:" + "/".join(
    (
        "3D3CTSJCQH6S7H5S",
        "7C5CJSQCTD4H9SAH",
        "6H8CKC2C7C5C3HKH",
        "8C9D4DAH4C7D8H4C",
        "8D2SQS9H9S6C5HQH",
        "9C3HKD4H8S8HAC5H",
        "KC5D2D8S9DADAS7S",
        "7H8D7S3CTCADJC6D",
        "2CTH6HQSQDKS6DTD",
        "JDTS3S2H9HJDJSTC",
        "QD2H3S4S2SJH5D2D",
        "4DAS6CQC9CKDKSKH",
        "TH",
        "6S",
        "3D",
        "4S",
        "7D",
        "5S",
        "JH",
        "AC",
    )
)

MOVES = ",".join(
    (
        "1-8,8-5-3,2-9,4-7,2-11,6-9,6-10,3-4,1-2,1-5,1-10-12,5-11",
        "2-7,2-11-12,5-11,4-11,6-11,5-11,5-9-10,1-9-12,1-7,1-6,5-7,1-7",
        "7-10,10-12,5-10,8-10,3-R2,3-4,4-8,6-R5,2-6-9,2-9,2-4,3-4",
        "3-10-12,3-8,7-12,9-12,8-12,6-8,6-9,7-11-R7,3-R6,4-R3,8-R4,R1-R8",
    )
)


def layout_game() -> Game:
    """What the rules page's layout diagram shows: the example after its first move (5♠ + 6♦
    removed; piles 1 and 8 hold 7 cards), as the original rules draw it (docs/rules.md)."""
    return replay(START, parse_moves(MOVES)[:1])

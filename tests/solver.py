"""A depth-first solver for Half Moon deals: a test and research tool, never shipped.

The app must not contain a solver (docs/rules.md); this one lives in ``tests/`` only. It finds a
winning line so that tests and browser tests can replay a real win.

Search: depth-first over legal removals, with a memo of dead positions and a simple move
ordering. A position is keyed by the pile heights plus the set of reserve slots still full:
for a fixed start this determines the position string one-to-one, and it is far cheaper to
build. Suits never matter for a move, so the search works on ranks only and every line it
returns is checked by replaying it through :class:`halfmoon_core.Game`.

Script mode, for research::

    python tests/solver.py HM1-N-AAAAAAB [MORE CODES ...] [--nodes N] [--seconds S]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from itertools import product
from pathlib import Path

if __package__ in (None, ""):  # script mode: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from halfmoon_core import Game, Move, format_moves
from halfmoon_core.cards import REMOVALS
from halfmoon_core.places import PILE_COUNT, PLACES


@dataclass
class SolveResult:
    """Outcome of a search: ``won`` with its ``moves``, ``lost`` (proved), or ``timeout``."""

    outcome: str
    moves: list[Move]
    nodes: int
    seconds: float


class _Budget(Exception):
    """Raised inside the search when the node or time budget is spent."""


def _ranks_of(game: Game) -> tuple[list[list[int]], list[int]]:
    """Ranks of every pile (bottom→top) and of each reserve slot (0 when empty)."""
    layout = game.layout()
    piles = [[card.rank for card in pile] for pile in layout.piles]
    reserve = [0 if card is None else card.rank for card in layout.reserve]
    return piles, reserve


def _moves_of(piles: list[list[int]], heights: list[int], reserve: list[int]) -> list[tuple]:
    """Legal removals as tuples of place indices, best first.

    Ordering: removals that uncover pile cards come before removals that spend reserve cards
    (reserve cards stay playable forever, so they are kept as a resource), and among those
    the removals that dig into the tallest piles come first.
    """
    by_rank: dict[int, list[int]] = {}
    for index in range(PILE_COUNT):
        height = heights[index]
        if height:
            by_rank.setdefault(piles[index][height - 1], []).append(index)
    for slot, rank in enumerate(reserve):
        if rank:
            by_rank.setdefault(rank, []).append(PILE_COUNT + slot)
    found: list[tuple] = []
    for removal in REMOVALS:
        found.extend(product(*(by_rank.get(rank, ()) for rank in removal.ranks)))

    def key(move: tuple) -> tuple:
        reserve_used = sum(index >= PILE_COUNT for index in move)
        depth = sum(heights[index] for index in move if index < PILE_COUNT)
        return (reserve_used, -depth)

    found.sort(key=key)
    return found


def solve(start: str, max_nodes: int = 200_000, max_seconds: float | None = None) -> SolveResult:
    """Search for a winning line from a deal code or position string."""
    game = Game.from_start(start)
    piles, reserve = _ranks_of(game)
    heights = [len(pile) for pile in piles]
    dead: set[tuple] = set()
    line: list[tuple] = []
    nodes = 0
    began = time.perf_counter()
    deadline = None if max_seconds is None else began + max_seconds

    def search() -> bool:
        nonlocal nodes
        if not any(heights) and not any(reserve):
            return True
        key = (*heights, *(rank != 0 for rank in reserve))
        if key in dead:
            return False
        nodes += 1
        if nodes > max_nodes or (deadline is not None and time.perf_counter() > deadline):
            raise _Budget
        for move in _moves_of(piles, heights, reserve):
            saved = [reserve[i - PILE_COUNT] for i in move if i >= PILE_COUNT]
            for index in move:
                if index < PILE_COUNT:
                    heights[index] -= 1
                else:
                    reserve[index - PILE_COUNT] = 0
            line.append(move)
            if search():
                return True
            line.pop()
            for index in move:
                if index < PILE_COUNT:
                    heights[index] += 1
            for index, rank in zip([i for i in move if i >= PILE_COUNT], saved, strict=True):
                reserve[index - PILE_COUNT] = rank
        dead.add(key)
        return False

    try:
        won = search()
        outcome = "won" if won else "lost"
    except _Budget:
        outcome = "timeout"
    moves = [Move.of(*(PLACES[i] for i in move)) for move in line] if outcome == "won" else []
    if moves:  # never trust the search: the engine must accept the line and call it a win
        check = Game.from_start(start)
        for move in moves:
            check.push(move)
        assert check.status == "won", "solver produced a line the engine does not win"
    return SolveResult(outcome, moves, nodes, time.perf_counter() - began)


def main(argv: list[str] | None = None) -> int:
    """Script mode: try each code and print its outcome, nodes, time and (if won) the line."""
    parser = argparse.ArgumentParser(description="Research solver for Half Moon deals.")
    parser.add_argument("starts", nargs="+", help="deal codes or position strings")
    parser.add_argument("--nodes", type=int, default=200_000, help="node budget per deal")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per deal")
    parser.add_argument("--quiet", action="store_true", help="do not print winning lines")
    args = parser.parse_args(argv)
    for start in args.starts:
        result = solve(start, args.nodes, args.seconds)
        print(f"{start}\t{result.outcome}\tnodes={result.nodes}\t{result.seconds:.2f}s")
        if result.moves and not args.quiet:
            print(format_moves(result.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())

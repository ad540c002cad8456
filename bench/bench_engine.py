"""Engine benchmark on plain CPython (not a test: pytest does not collect this file).

Run as ``python bench/bench_engine.py [--seconds S]``. Prints deals dealt per second, legal-move
generations per second and full random games per second (random legal moves until the game is
won or stalemated).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # script mode: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from halfmoon_core import Game, deal, format_code


def rate(work: Callable[[int], None], seconds: float) -> tuple[float, int]:
    """Call ``work(i)`` for i = 0, 1, … for about ``seconds``; (calls per second, calls)."""
    count = 0
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        work(count)
        count += 1
        if count % 16 == 0 and time.perf_counter() >= deadline:
            break
    return count / (time.perf_counter() - began), count


def bench_deals(seconds: float) -> tuple[float, int]:
    """Deals dealt (shuffle plus layout) per second."""
    return rate(lambda i: deal(format_code(i)), seconds)


def bench_legal_moves(seconds: float) -> tuple[float, int]:
    """Legal-move generations per second over positions taken from random games."""
    rng = random.Random(1)
    positions = []
    for number in range(200):
        game = Game.from_code(format_code(number))
        for _ in range(rng.randrange(10)):
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        positions.append(game)
    return rate(lambda i: positions[i % len(positions)].legal_moves(), seconds)


def bench_random_games(seconds: float) -> tuple[float, int, dict[str, int], float]:
    """Full random games per second; also the outcomes and the mean moves per game."""
    rng = random.Random(2)
    outcomes = {"won": 0, "stalemate": 0}
    total_moves = 0

    def play(i: int) -> None:
        nonlocal total_moves
        game = Game.from_code(format_code(i))
        while game.status == "playing":
            game.push(rng.choice(game.legal_moves()))
        outcomes[game.status] += 1
        total_moves += game.moves

    per_second, count = rate(play, seconds)
    return per_second, count, outcomes, total_moves / count


def main(argv: list[str] | None = None) -> int:
    """Run the three benchmarks and print their figures."""
    parser = argparse.ArgumentParser(description="Half Moon engine benchmark.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per benchmark")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    per_second, count = bench_deals(args.seconds)
    print(f"deals dealt:            {per_second:>10,.0f} /s  ({count:,} deals)")
    per_second, count = bench_legal_moves(args.seconds)
    print(f"legal-move generations: {per_second:>10,.0f} /s  ({count:,} calls)")
    per_second, count, outcomes, mean = bench_random_games(args.seconds)
    print(
        f"full random games:      {per_second:>10,.0f} /s  ({count:,} games: "
        f"{outcomes['won']} won, {outcomes['stalemate']} stalemate, {mean:.1f} moves each)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

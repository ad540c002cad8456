"""The deal shuffle, fixed forever for the ``HM1`` format (docs/formats.md, "Deal codes").

Python's ``random.shuffle`` may change between versions, so Half Moon carries its own:

* **SplitMix64** (Steele, Lea & Flood, 2014): the state starts at the seed; each step adds
  ``0x9E3779B97F4A7C15`` (mod 2**64) and returns the state mixed by
  ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31``.
* **Unbiased bounded integers** by rejection: to draw from ``range(n)``, draw 64-bit values
  until one falls below the largest multiple of ``n`` that fits in 2**64, then take it mod ``n``.
* **Fisher–Yates** (Durstenfeld): for ``i`` from ``len - 1`` down to 1, swap item ``i`` with
  item ``j = bounded(i + 1)``.

Golden tests pin whole deals, so any change to these lines is caught.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """SplitMix64 generator of 64-bit unsigned integers."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """Advance and return the next 64-bit value."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased integer in ``range(bound)`` (rejection sampling)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound


def shuffle(items: list[T], rng: SplitMix64) -> None:
    """Shuffle ``items`` in place by Fisher–Yates, drawing from ``rng``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]

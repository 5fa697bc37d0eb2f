"""The project's own random generator: PCG32 (XSH-RR), seeded, its state inside the game state.

Algorithm: M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good
Algorithms for Random Number Generation" (2014), generator ``pcg32`` (64-bit LCG state,
XSH-RR output permutation). Written here in plain integer arithmetic so that every draw is
the same on every platform and every Python version; replays depend on that.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = 0xFFFFFFFF
_TWO32 = 1 << 32  # the largest bound ``below`` takes
_MULTIPLIER = 6364136223846793005
DEFAULT_STREAM = 54


class Rng:
    """A PCG32 stream; ``below``, ``die`` and ``shuffle`` are the only ways rules draw chance."""

    __slots__ = ("_inc", "_state")

    def __init__(self, seed: int, stream: int = DEFAULT_STREAM) -> None:
        # pcg32_srandom_r: state 0, step, add the seed, step.
        self._inc = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self.next32()
        self._state = (self._state + seed) & _MASK64
        self.next32()

    def next32(self) -> int:
        """The next 32-bit output."""
        return self._next()

    def _next(self) -> int:
        # next32's body, which ``below`` calls directly (compiled, a C call: no look for a
        # subclass's override, which ``below`` keeps for the tests' rigged dice)
        old = self._state
        self._state = (old * _MULTIPLIER + self._inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias (pcg32_boundedrand_r); the
        bound is from 1 to 2**32."""
        if not 0 < bound <= _TWO32:
            raise ValueError(f"bound must be from 1 to 2**32, got {bound}")
        threshold = (_TWO32 - bound) % bound
        while True:
            value = self._next()
            if value >= threshold:
                return value % bound

    def die(self, sides: int = 6) -> int:
        """One die: 1..sides."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice, in the order rolled."""
        return [self.below(sides) + 1 for k in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    @property
    def position(self) -> tuple[int, int]:
        """The whole generator state; equal positions give equal futures."""
        return (self._state, self._inc)

    @classmethod
    def at(cls, position: tuple[int, int]) -> Rng:
        """A generator restored to ``position``."""
        rng = cls.__new__(cls)
        rng._state, rng._inc = position
        return rng

    def copy(self) -> Rng:
        """An independent generator with the same future."""
        return Rng.at((self._state, self._inc))

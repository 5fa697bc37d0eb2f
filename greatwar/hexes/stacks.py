"""Units stacked in hexes, as hex games with counters keep them.

``where[unit]`` is the unit's hex index, or a negative code of the game's for a unit off the
map (unplaced, eliminated, in a container...); ``stacks[hex]`` lists the units in that hex,
bottom to top. ``UnitStacks`` keeps the two in step; a game's state mixes it in and provides
``c.counters`` (each counter with its ``side``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Sided(Protocol):
    @property
    def side(self) -> str: ...


class HasCounters(Protocol):
    @property
    def counters(self) -> Sequence[Sided]: ...


class UnitStacks:
    """``where`` and ``stacks`` kept in step; an empty hex has no entry in ``stacks``."""

    c: HasCounters
    where: list[int]
    stacks: dict[int, list[int]]

    def units_in(self, hex_index: int) -> list[int]:
        """The units in a hex, bottom to top."""
        return self.stacks.get(hex_index, [])

    def side_in(self, hex_index: int) -> str | None:
        """The side occupying a hex, if any."""
        stack = self.stacks.get(hex_index)
        return self.c.counters[stack[0]].side if stack else None

    def lift(self, unit: int) -> None:
        """Take a unit off its hex (if it is in one); ``where`` still names that hex."""
        old = self.where[unit]
        if old >= 0:
            stack = self.stacks[old]
            stack.remove(unit)
            if not stack:
                del self.stacks[old]

    def put(self, unit: int, hex_index: int) -> None:
        """Place or move a unit into a hex, on top of its stack."""
        self.lift(unit)
        self.where[unit] = hex_index
        self.stacks.setdefault(hex_index, []).append(unit)

    def take_off(self, unit: int, where: int) -> None:
        """Take a unit off the map to ``where``, a negative code of the game's."""
        self.lift(unit)
        self.where[unit] = where

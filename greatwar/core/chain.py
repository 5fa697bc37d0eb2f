"""An append-only sequence whose copies share what they hold in common.

A game's history, chance flags and log only ever grow, and search clones a state thousands
of times a second: copying a late game's 3,000 actions and log entries for every clone was
most of what a clone cost. ``fork`` freezes what has been appended so far as a segment that
both copies share, and each goes on appending to its own tail, so a copy costs the same at
the first action as at the last.

A chain is an extension type when compiled (chain.pxd): the engine appends to its chains at
every action and log entry, and calls ``append`` in C. Cython's extension types take no
``Generic`` base, so a chain's items are typed ``Any`` here; its holders name what they keep.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import Any

_MOST_SEGMENTS = 32  # past this many frozen segments, a fork merges them into one


class Chain:
    """A list that only grows (``append``), with O(1) ``fork`` (an independent copy)."""

    __slots__ = ("_frozen", "_frozen_size", "_tail")

    def __init__(self) -> None:
        self._frozen: tuple[list[Any], ...] = ()  # shared with forks: never mutated
        self._frozen_size = 0  # how many items ``_frozen`` holds
        self._tail: list[Any] = []  # this chain's own

    def append(self, item: Any) -> None:
        # (no count kept here: an append, made at every action and log entry, is one list's)
        self._tail.append(item)

    def fork(self) -> Chain:
        """An independent copy: what both hold is shared, what each appends is its own."""
        if self._tail:
            frozen = (*self._frozen, self._tail)
            if len(frozen) > _MOST_SEGMENTS:
                frozen = (list(chain.from_iterable(frozen)),)
            self._frozen = frozen
            self._frozen_size += len(self._tail)
            self._tail = []
        new = Chain.__new__(Chain)
        new._frozen = self._frozen
        new._frozen_size = self._frozen_size
        new._tail = []
        return new

    def last(self) -> Any:
        """The item appended last; IndexError when empty."""
        if self._tail:
            return self._tail[-1]
        for segment in reversed(self._frozen):
            if segment:
                return segment[-1]
        raise IndexError("the chain is empty")

    def since(self, start: int) -> list[Any]:
        """The items from index ``start`` on, in order."""
        found: list[Any] = []
        index = 0
        for segment in (*self._frozen, self._tail):
            end = index + len(segment)
            if end > start:
                found.extend(segment[max(0, start - index) :])
            index = end
        return found

    def __len__(self) -> int:
        return self._frozen_size + len(self._tail)

    def __bool__(self) -> bool:
        return self._frozen_size > 0 or len(self._tail) > 0

    def __iter__(self) -> Iterator[Any]:
        for segment in self._frozen:
            yield from segment
        yield from self._tail

    def to_list(self) -> list[Any]:
        if not self._frozen:
            return list(self._tail)
        return list(chain(*self._frozen, self._tail))

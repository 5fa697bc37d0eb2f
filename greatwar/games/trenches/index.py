"""What the rules ask of the position again and again, derived once per position and kept
until a figure of that side moves, falls or changes group: each side's figures on the table,
by group and kind, sorted by y (a bisect finds who is near a path or in range), their
coordinates as arrays, and the squared distance from each of them to the nearest enemy that
small arms can hit (Fire (Hot Steel), Bunker (Archie)).

The state keeps one ``Roster`` and one ``SideIndex`` per side: ``place`` drops the index of
the figure's side, ``set_status`` and ``set_group`` its roster too. An index reads a snapshot
of the coordinates and is never changed once built (what it derives lazily follows from that
snapshot), so clones share them.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cached_property

import numpy as np
import numpy.typing as npt

from greatwar.games.trenches.data import INFANTRY, Components

Ints = npt.NDArray[np.int64]


class Roster:
    """One side's figures on the table (the airplane excepted), in figure order, by group and
    by kind: what changes only when a figure falls, arrives or changes group."""

    def __init__(self, c: Components, figures: tuple[int, ...], group: Sequence[str]) -> None:
        self.figures = figures
        groups: dict[str, list[int]] = {}
        kinds: dict[str, list[int]] = {}
        kind_of = c.kinds
        for i in figures:
            groups.setdefault(group[i], []).append(i)
            kinds.setdefault(kind_of[i], []).append(i)
        self.groups = {g: tuple(members) for g, members in groups.items()}
        self.kinds = {k: tuple(members) for k, members in kinds.items()}
        # group -> its men who fire rifles and throw grenades (Fire (Hot Steel))
        self.infantry = {
            g: tuple(i for i in men if kind_of[i] in INFANTRY) for g, men in self.groups.items()
        }

    def without(self, gone: int) -> Roster:
        """This roster less one figure (it fell or left the table)."""
        new = Roster.__new__(Roster)
        new.figures = tuple(i for i in self.figures if i != gone)
        new.groups = _less(self.groups, gone)
        new.kinds = _less(self.kinds, gone)
        new.infantry = _less(self.infantry, gone)
        return new


def _less(table: dict[str, tuple[int, ...]], gone: int) -> dict[str, tuple[int, ...]]:
    """``table`` with ``gone`` taken out of the one entry that holds it."""
    return {
        key: tuple(i for i in men if i != gone) if gone in men else men
        for key, men in table.items()
    }


class SideIndex:
    """A side's roster where its figures stand now."""

    def __init__(
        self, c: Components, roster: Roster, x: tuple[int, ...], y: tuple[int, ...]
    ) -> None:
        self.c = c
        self.roster = roster
        self.figures = roster.figures
        self.x, self.y = x, y  # the coordinates when the index was built (all figures)

    @cached_property
    def by_y(self) -> tuple[int, ...]:
        """The figures by (y, figure)."""
        return tuple(sorted(self.figures, key=self.y.__getitem__))  # stable: then by figure

    @cached_property
    def band(self) -> list[int]:
        """The y of ``by_y``, ascending."""
        y = self.y
        return [y[i] for i in self.by_y]

    def between(self, lo_y: int, hi_y: int) -> tuple[int, ...]:
        """The figures with lo_y <= y <= hi_y, by y."""
        band = self.band
        return self.by_y[bisect_left(band, lo_y) : bisect_right(band, hi_y)]

    def any_between(self, lo_y: int, hi_y: int) -> bool:
        band = self.band
        return bisect_right(band, hi_y) > bisect_left(band, lo_y)

    @cached_property
    def xs(self) -> Ints:
        """The coordinates, aligned with ``figures``."""
        x = self.x
        return np.array([x[i] for i in self.figures], dtype=np.int64)

    @cached_property
    def ys(self) -> Ints:
        y = self.y
        return np.array([y[i] for i in self.figures], dtype=np.int64)

    @cached_property
    def soft(self) -> npt.NDArray[np.bool_]:
        """Not a tank: what rifles, machine guns and grenades can hit, aligned with ``figures``."""
        tanks = self.c.tank_flags
        return np.array([not tanks[i] for i in self.figures], dtype=np.bool_)

    @cached_property
    def rows(self) -> dict[int, int]:
        """Figure -> its position in ``figures``."""
        return {i: n for n, i in enumerate(self.figures)}


def nearest_soft(own: SideIndex, foes: SideIndex) -> list[int]:
    """For each figure of ``own``: the squared distance to the nearest enemy that is not a
    tank (-1 if there is none), aligned with ``own.figures``."""
    if not own.figures:
        return []
    xs, ys = foes.xs[foes.soft], foes.ys[foes.soft]
    if not len(xs):
        return [-1] * len(own.figures)
    d2 = (own.xs[:, None] - xs[None, :]) ** 2 + (own.ys[:, None] - ys[None, :]) ** 2
    found: list[int] = d2.min(axis=1).tolist()
    return found

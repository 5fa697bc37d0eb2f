"""What the rules ask of the position again and again, derived once per position and kept
until a figure of that side moves, falls or changes group: each side's figures on the table,
by group, their coordinates as arrays, and the squared distance from each of them to the
nearest enemy that small arms can hit (Fire (Hot Steel), Bunker (Archie)).

The state keeps one ``SideIndex`` per side and drops it whenever ``place``, ``set_status`` or
``set_group`` touches one of that side's figures; an index is never changed once built, so
clones share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from greatwar.games.trenches.data import Components

if TYPE_CHECKING:
    from collections.abc import Sequence

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class SideIndex:
    """One side's figures on the table (the airplane excepted), in figure order."""

    figures: tuple[int, ...]
    groups: dict[str, tuple[int, ...]]  # group -> its figures on the table
    kinds: dict[str, tuple[int, ...]]  # kind -> its figures on the table
    xs: Ints  # coordinates, aligned with ``figures``
    ys: Ints
    soft: npt.NDArray[np.bool_]  # not a tank: what rifles, machine guns and grenades can hit
    rows: dict[int, int]  # figure -> its position in ``figures``
    by_y: tuple[int, ...]  # the figures that are not tanks, by (y, figure)
    band: list[int]  # their y, ascending: a bisect finds the men near a path


def build(
    c: Components,
    ground: Sequence[int],
    status: Sequence[int],
    group: Sequence[str],
    x: Sequence[int],
    y: Sequence[int],
    on: int,
) -> SideIndex:
    """The index of the figures of ``ground`` whose status is ``on`` (on the table)."""
    figures = tuple(i for i in ground if status[i] == on)
    groups: dict[str, list[int]] = {}
    kinds: dict[str, list[int]] = {}
    for i in figures:
        groups.setdefault(group[i], []).append(i)
        kinds.setdefault(c.figures[i].kind, []).append(i)
    tanks = c.tank_flags
    by_y = sorted((i for i in figures if not tanks[i]), key=y.__getitem__)  # stable: then i
    return SideIndex(
        figures=figures,
        groups={g: tuple(members) for g, members in groups.items()},
        kinds={k: tuple(members) for k, members in kinds.items()},
        xs=np.array([x[i] for i in figures], dtype=np.int64),
        ys=np.array([y[i] for i in figures], dtype=np.int64),
        soft=np.array([not tanks[i] for i in figures], dtype=np.bool_),
        rows={i: n for n, i in enumerate(figures)},
        by_y=tuple(by_y),
        band=[y[i] for i in by_y],
    )


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

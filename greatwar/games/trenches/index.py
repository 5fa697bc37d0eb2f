# cython: boundscheck=False, wraparound=False
# (Cython reads the line above when it compiles this module; Python and the type checker take it
# for a comment.) Every index the compiled module takes as a machine integer is within its
# table and never negative: figures index the components' per-figure tuples and the position's
# per-figure lists (0 <= i < their length); the bisections read 0 <= lo <= mid < hi <= length,
# and an entry at the bisection's answer only after comparing it with the length.
"""What the rules ask of the position again and again, derived once per position and kept
until a figure of that side moves, falls or changes group: each side's figures on the table,
by group and kind, sorted by y (a bisect finds who is near a path or in range), and their
coordinates as arrays.

The state keeps one ``Roster`` and one ``SideIndex`` per side: ``place`` drops the index of
the figure's side, ``set_status`` and ``set_group`` its roster too. An index reads a snapshot
of the coordinates and is never changed once built (what it derives lazily follows from that
snapshot), so clones share them.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from greatwar.games.trenches.data import INFANTRY, Components

Ints = npt.NDArray[np.int64]


class Roster:
    """One side's figures on the table (the airplane excepted), in figure order, by group and
    by kind: what changes only when a figure falls, arrives or changes group. index.pxd makes
    it an extension type: the offers read its fields in C."""

    def __init__(self, c: Components, figures: tuple[int, ...], group: Sequence[str]) -> None:
        self.figures = figures
        self.groups, self.names, self.kinds, self.infantry = _tables(c.kinds, figures, group)
        self.sorted_kinds: dict[tuple[str, ...], tuple[int, ...]] = {}  # of_kinds, as asked

    def without(self, gone: int, group: str, kind: str) -> Roster:
        """This roster less one figure (it fell or left the table): ``group`` and ``kind``
        his, so that only the entries that hold him are read (the others are shared)."""
        new = Roster.__new__(Roster)
        figures = self.figures
        new.figures = figures
        new.groups, new.kinds, new.infantry = self.groups, self.kinds, self.infantry
        new.names = self.names  # a fallen group keeps its (empty) entry
        new.sorted_kinds = {}
        if kind == "plane":  # no roster holds the airplane
            return new
        k = _place_of(figures, gone)  # figures.index(gone): they are in figure order
        new.figures = figures[:k] + figures[k + 1 :]
        new.groups = _less(self.groups, group, gone)
        new.kinds = _less(self.kinds, kind, gone)
        if kind in INFANTRY:
            new.infantry = _less(self.infantry, group, gone)
        return new


def _tables(
    kind_of: tuple[str, ...], figures: tuple[int, ...], group: Sequence[str]
) -> tuple[
    dict[str, tuple[int, ...]],
    tuple[str, ...],
    dict[str, tuple[int, ...]],
    dict[str, tuple[int, ...]],
]:
    """A new roster's groups, their names, its kinds and each group's infantry
    (``Roster.__init__``): a function, so that index.pxd types its locals (the loops over
    the figures run in C)."""
    groups: dict[str, list[int]] = {}
    kinds: dict[str, list[int]] = {}
    for i in figures:  # get, not setdefault: no new list made for every figure
        g, k = group[i], kind_of[i]
        found = groups.get(g)
        if found is None:
            groups[g] = [i]
        else:
            found.append(i)
        found = kinds.get(k)
        if found is None:
            kinds[k] = [i]
        else:
            found.append(i)
    table = {g: tuple(members) for g, members in groups.items()}
    names = tuple(sorted(table))  # the groups' names, sorted: offered in order
    # group -> its men who fire rifles and throw grenades (Fire (Hot Steel))
    infantry: dict[str, tuple[int, ...]] = {}
    for g, men in table.items():
        infantry[g] = tuple([i for i in men if kind_of[i] in INFANTRY])
    return table, names, {k: tuple(members) for k, members in kinds.items()}, infantry


def of_kinds(roster: Roster, kinds: tuple[str, ...]) -> tuple[int, ...]:
    """A roster's figures of these kinds, in figure order, kept by the kinds asked; called in
    C by the compiled rules (index.pxd)."""
    kept = roster.sorted_kinds
    found = kept.get(kinds)
    if found is None:
        table = roster.kinds
        men = [i for kind in kinds for i in table.get(kind, ())]
        men.sort()
        found = kept[kinds] = tuple(men)
    return found


def _less(table: dict[str, tuple[int, ...]], key: str, gone: int) -> dict[str, tuple[int, ...]]:
    """``table`` with ``gone`` taken out of its entry ``key`` (the others shared; the entry
    stays, empty, when he was its last)."""
    found = dict(table)
    men = table[key]
    k = _place_of(men, gone)  # men.index(gone): an entry's men are in figure order
    found[key] = men[:k] + men[k + 1 :]
    return found


FIGURE_BITS = 12
FIGURE_SLOTS = 1 << FIGURE_BITS  # more than the figures of the game (forces.csv)
FIGURES = tuple(range(FIGURE_SLOTS))  # each figure's index as one integer object


class SideIndex:
    """A side's roster where its figures stand now. What it derives (the figures by y, the
    coordinates as arrays) is made when first asked for; index.pxd makes it an extension
    type, so that ``between`` (asked for at every step of every man) reads its fields and
    bisects in machine integers."""

    def __init__(
        self,
        c: Components,
        roster: Roster,
        x: tuple[int, ...],
        y: tuple[int, ...],
        before: SideIndex | None = None,
    ) -> None:
        self.c = c
        self.roster = roster
        self.figures = roster.figures
        self.x, self.y = x, y  # the coordinates when the index was built (all figures)
        # the order to sort from: that of ``before`` (an index of the same roster before a
        # move, so nearly sorted: a few runs for the sort to merge), else figure order
        self._order = self.figures
        if before is not None and before.roster is roster and before._by_y is not None:
            self._order = before._by_y
        self._by_y: tuple[int, ...] | None = None
        # (y, figure) of ``_by_y`` packed in one integer each, y * FIGURE_SLOTS + figure, in
        # order, as machine integers: bisected for a band of y (``between``), y read back as
        # key >> FIGURE_BITS. ``_view`` reads the array (index.pxd: a typed view, bisected in
        # C); ``_keys`` is the same as a list of integers, made only when asked (``keys``)
        self._packed = EMPTY
        self._view: Sequence[int]  # set by the sort (a typed view made costs thousands of steps)
        self._keys: list[int] | None = None
        self._xs: Ints | None = None
        self._ys: Ints | None = None
        self._soft: npt.NDArray[np.bool_] | None = None

    def _sort(self) -> None:
        """The figures by (y, figure), and their packed keys."""
        y = self.y
        # (y, figure) packed in one integer, as figures number fewer than FIGURE_SLOTS: a sort
        # of plain integers, with no key function (>> and & floor, so a y below 0 sorts too)
        slots = FIGURE_SLOTS
        order = self._order
        n = len(order)
        # sorted as machine integers (index.pxd: a typed view of an array of 64-bit
        # integers), by insertion: the order before is mostly in order already, and a
        # roster's first sort, from figure order, moves a few thousand integers in C at worst
        packed = ZERO_KEY * n  # n zeros: one repeat in C, not two calls of Python's
        view = packed
        for k in range(n):
            i = order[k]
            at = y[i]
            key = at * slots + i
            j = k
            while j > 0 and view[j - 1] > key:
                view[j] = view[j - 1]
                j -= 1
            view[j] = key
        self._order = ()  # done with: let the index before go
        by_y = [0] * n  # made at its length: no append grows it
        figures = FIGURES  # the figures' own integers: none made for each key read back
        for k in range(n):
            key = view[k]
            by_y[k] = figures[key & (slots - 1)]
        self._by_y = tuple(by_y)
        # kept as machine integers: the band's bisections read them in C, no integer object
        # made for each key
        self._packed = packed
        self._view = view  # (index.pxd: the view made for the sort, not another)
        self._keys = None

    def without(self, gone: int, roster: Roster) -> SideIndex:
        """This index less one figure (it fell or left the table), ``roster`` its roster
        less him: the others stand where they stood, so their order by y is this one's
        without him, not sorted again."""
        # SideIndex(self.c, roster, self.x, self.y), its fields set here (index.pxd: in C)
        new = SideIndex.__new__(SideIndex)
        new.c, new.roster, new.figures = self.c, roster, roster.figures
        new.x, new.y = self.x, self.y
        new._order, new._by_y, new._keys = roster.figures, None, None
        new._packed = EMPTY
        new._xs = new._ys = new._soft = None
        by_y, packed = self._by_y, self._packed
        if by_y is not None:
            # where he stands in the order by (y, figure), bisected, not searched
            n = len(by_y)
            k = self._first(self.y[gone] * FIGURE_SLOTS + gone, 0)
            if k < n and by_y[k] == gone:  # not the airplane, which no index holds
                by_y = by_y[:k] + by_y[k + 1 :]
                packed = packed[:]  # one copy, less him
                del packed[k]
            new._by_y, new._packed, new._view = by_y, packed, packed
        return new

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as what it is built from (its typed view is no Python object): what it
        derives is made again when asked, the same (a sort by y, then figure, is one order)."""
        return (SideIndex, (self.c, self.roster, self.x, self.y))

    @property
    def by_y(self) -> tuple[int, ...]:
        """The figures by (y, figure)."""
        if self._by_y is None:
            self._sort()
        assert self._by_y is not None
        return self._by_y

    @property
    def band(self) -> list[int]:
        """The y of ``by_y``, ascending."""
        return [k >> FIGURE_BITS for k in self.keys]

    @property
    def keys(self) -> list[int]:
        """``by_y``'s (y, figure) packed, y * FIGURE_SLOTS + figure, ascending."""
        if self._by_y is None:
            self._sort()
        keys = self._keys
        if keys is None:  # made once, when first asked
            keys = self._keys = self._packed.tolist()
        return keys

    def between(self, lo_y: int, hi_y: int) -> tuple[int, ...]:
        """The figures with lo_y <= y <= hi_y, by y."""
        if self._by_y is None:
            self._sort()
        by_y = self._by_y  # a tuple (index.pxd): sliced in C
        assert by_y is not None
        slots = FIGURE_SLOTS  # lo_y's first key, and past hi_y's last
        start = self._first(lo_y * slots, 0)
        return by_y[start : self._first((hi_y + 1) * slots, start)]

    def any_between(self, lo_y: int, hi_y: int) -> bool:
        if self._by_y is None:
            self._sort()
        slots = FIGURE_SLOTS
        start = self._first(lo_y * slots, 0)
        return self._first((hi_y + 1) * slots, start) > start

    def _first(self, v: int, lo: int) -> int:
        """``_first_at_least`` of the keys, read from the typed view (index.pxd: in C)."""
        hi = len(self._view)  # (no copy of the view: read in place)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._view[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def first_y(self) -> int:
        """The y of the southernmost figure (the index holds one at least)."""
        if self._by_y is None:
            self._sort()
        return self._view[0] >> FIGURE_BITS

    def last_y(self) -> int:
        """The y of the northernmost figure (the index holds one at least)."""
        if self._by_y is None:
            self._sort()
        assert self._by_y is not None
        return self._view[len(self._by_y) - 1] >> FIGURE_BITS

    @property
    def xs(self) -> Ints:
        """The coordinates, aligned with ``figures``."""
        if self._xs is None:
            x = self.x
            self._xs = np.array([x[i] for i in self.figures], dtype=np.int64)
        return self._xs

    @property
    def ys(self) -> Ints:
        if self._ys is None:
            y = self.y
            self._ys = np.array([y[i] for i in self.figures], dtype=np.int64)
        return self._ys

    @property
    def soft(self) -> npt.NDArray[np.bool_]:
        """Not a tank: what rifles, machine guns and grenades can hit, aligned with ``figures``."""
        if self._soft is None:
            tanks = self.c.tank_flags
            self._soft = np.array([not tanks[i] for i in self.figures], dtype=np.bool_)
        return self._soft


def side_index(
    c: Components,
    roster: Roster,
    x: tuple[int, ...],
    y: tuple[int, ...],
    before: SideIndex | None,
) -> SideIndex:
    """``SideIndex(c, roster, x, y, before)``, its fields set here (index.pxd: in C, with no
    call of the class whose arguments are parsed): what ``TrenchesState.index`` makes."""
    new = SideIndex.__new__(SideIndex)
    new.c, new.roster, new.figures = c, roster, roster.figures
    new.x, new.y = x, y
    new._order = roster.figures  # (SideIndex.__init__: the order to sort from)
    if before is not None and before.roster is roster and before._by_y is not None:
        new._order = before._by_y
    new._by_y, new._packed, new._keys = None, EMPTY, None
    new._xs = new._ys = new._soft = None
    return new


def _first_at_least(keys: list[int], v: int, lo: int = 0) -> int:
    """``bisect_left(keys, v, lo)``, in machine integers (index.pxd): ``lo`` a place no key
    before which is ``v`` or more (the start of a band, for its end)."""
    hi = len(keys)
    while lo < hi:
        mid = (lo + hi) // 2
        k = keys[mid]
        if k < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


EMPTY = array("q")  # the keys of an index not yet sorted
ZERO_KEY = array("q", [0])  # repeated for a sort's array of keys


def _place_of(figures: tuple[int, ...], i: int) -> int:
    """``figures.index(i)`` of figures in ascending order, bisected in machine integers
    (index.pxd)."""
    lo, hi = 0, len(figures)
    while lo < hi:
        mid = (lo + hi) // 2
        at = figures[mid]  # a machine integer (index.pxd): compared in C
        if at < i:
            lo = mid + 1
        else:
            hi = mid
    if lo == len(figures) or figures[lo] != i:
        raise ValueError(f"{i} is not among the figures")
    return lo

"""A map's hexes as dense indexes 0..N-1 with precomputed neighbours, distance and line of fire.

Printed ids appear only at the edges (`index`, `id`); every other method takes and returns
indexes. Indexes are trusted in the hot paths (no range checks), so keep them from `index`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from greatwar.hexes.numbering import COMPASS, Cube, Numbering

Blocks = Sequence[bool] | Callable[[int], bool]
LineStep = tuple[int | None, int | None]
# One step of a line relative to its start: (x, z) of one hex, then (x, z) of the other hex
# of a hexside pair, or of the same hex again where the line crosses a hex.
_Offset = tuple[int, int, int, int]
# (x, z) steps to the six neighbours in cube space.
_UNIT_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class UnknownHex(ValueError):
    """A hex id that is not on this grid."""


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    """(x, z) of the hex containing a fractional cube point (Red Blob cube_round)."""
    rx, ry, rz = round(x), round(y), round(z)
    ex, ey, ez = abs(rx - x), abs(ry - y), abs(rz - z)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey <= ez:
        rz = -rx - ry
    # otherwise y carries the largest rounding error and is the one rebuilt; it is not returned
    return rx, rz


def _contact(hx: int, hz: int, dx: int, dz: int) -> tuple[Fraction, bool] | None:
    """Where the segment (0,0)->(dx,dz) starts to meet hex (hx,hz), and whether only on a hexside.

    The hex cell is |qx-qy| <= 1, |qy-qz| <= 1, |qz-qx| <= 1 for q = point - centre; None if
    the segment misses it or only touches a corner.
    """
    hy, dy = -hx - hz, -dx - dz
    # lo and hi are the fractions lo_n / lo_d and hi_n / hi_d (positive denominators),
    # compared by cross-multiplying: exact, without building a Fraction at every step
    lo_n, lo_d, hi_n, hi_d, on_side = 0, 1, 1, 1, False
    for u0, du in ((hy - hx, dx - dy), (hz - hy, dy - dz), (hx - hz, dz - dx)):
        if du == 0:
            if abs(u0) > 1:
                return None
            on_side = on_side or abs(u0) == 1
        else:
            # the segment is inside this pair of edges for t from (-1 - u0)/du to (1 - u0)/du
            low, high, d = (-1 - u0, 1 - u0, du) if du > 0 else (u0 - 1, u0 + 1, -du)
            if low * lo_d > lo_n * d:
                lo_n, lo_d = low, d
            if high * hi_d < hi_n * d:
                hi_n, hi_d = high, d
    return (Fraction(lo_n, lo_d), on_side) if lo_n * hi_d < hi_n * lo_d else None


def _candidates(dx: int, dz: int) -> set[tuple[int, int]]:
    """Hexes that may meet the line (0,0)->(dx,dz): each sampled hex and its neighbours.

    Samples lie 1/n of the line apart, so every point of it is within half a hex (cube
    max-norm) of a sample, and hexes that are not neighbours are 2/3 of a hex apart or more.
    """
    dy = -dx - dz
    n = max(abs(dx), abs(dy), abs(dz), 1)
    found: set[tuple[int, int]] = set()
    for i in range(n + 1):
        cx, cz = _cube_round(dx * i / n, dy * i / n, dz * i / n)
        found.add((cx, cz))
        found.update((cx + sx, cz + sz) for sx, sz in _UNIT_STEPS)
    return found


@lru_cache(maxsize=1 << 16)
def _line_offsets(dx: int, dz: int) -> tuple[_Offset, ...]:
    """Hexes met by the straight line from hex (0,0) to hex (dx,dz), centre to centre, in order.

    Exact (rational) geometry, as a straight edge on the map (10.7): every hex whose inside
    the line crosses, and each pair of hexes along whose common hexside it runs (10.9).
    """
    steps: list[tuple[Fraction, int, int, int, int]] = []
    along: dict[Fraction, list[tuple[int, int]]] = {}
    for hx, hz in _candidates(dx, dz):
        contact = _contact(hx, hz, dx, dz)
        if contact is None:
            continue
        start, on_side = contact
        if on_side:
            along.setdefault(start, []).append((hx, hz))
        else:
            steps.append((start, hx, hz, hx, hz))
    for start, pair in along.items():
        (ax, az), (bx, bz) = sorted(pair)  # a hexside has exactly two hexes
        steps.append((start, ax, az, bx, bz))
    steps.sort()
    return tuple(step[1:] for step in steps)


class HexGrid:
    """The hexes of one map, indexed in the order their ids were given."""

    def __init__(self, ids: Iterable[str], numbering: Numbering) -> None:
        self.numbering = numbering
        self._ids: tuple[str, ...] = tuple(ids)
        self.size = len(self._ids)
        self._index = {hex_id: i for i, hex_id in enumerate(self._ids)}
        if len(self._index) != self.size:
            twice = sorted(h for h, n in Counter(self._ids).items() if n > 1)
            raise ValueError(f"hex ids given more than once: {', '.join(twice)}")
        cubes = [numbering.to_cube(hex_id) for hex_id in self._ids]
        self._x = tuple(c[0] for c in cubes)
        self._z = tuple(c[2] for c in cubes)
        self._at = {(c[0], c[2]): i for i, c in enumerate(cubes)}
        self._steps = {name: self._step_table(numbering.directions[name]) for name in COMPASS}
        self._neighbors = tuple(
            tuple(s for name in COMPASS if (s := self._steps[name][i]) is not None)
            for i in range(self.size)
        )

    def _step_table(self, step: Cube) -> tuple[int | None, ...]:
        at, sx, sz = self._at.get, step[0], step[2]
        return tuple(at((x + sx, z + sz)) for x, z in zip(self._x, self._z, strict=True))

    def _at_cube(self, x: int, z: int) -> int | None:
        return self._at.get((x, z))

    # --- printed ids, at the edges ---

    def index(self, hex_id: str) -> int:
        """The index of a printed id; UnknownHex if the grid has no such hex."""
        try:
            return self._index[hex_id]
        except KeyError:
            raise UnknownHex(f"hex {hex_id!r} is not on this map") from None

    def id(self, index: int) -> str:
        """The printed id of an index."""
        if not 0 <= index < self.size:
            raise IndexError(f"hex index {index} is outside 0..{self.size - 1}")
        return self._ids[index]

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._index

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size))

    def cube(self, index: int) -> Cube:
        """Cube coordinates (x, y, z) of a hex."""
        x, z = self._x[index], self._z[index]
        return (x, -x - z, z)

    def pixel(self, index: int, radius: float = 1.0) -> tuple[float, float]:
        """Centre of the hex for drawing, north up and east right, hexes of this circumradius."""
        return self.numbering.pixel(self.cube(index), radius)

    # --- adjacency and distance ---

    def neighbors(self, index: int) -> tuple[int, ...]:
        """The adjacent hexes that are on the grid, in compass order N, NE, SE, S, SW, NW."""
        return self._neighbors[index]

    def neighbor(self, index: int, direction: str) -> int | None:
        """The adjacent hex in a compass direction of the printed map, or None off the grid."""
        try:
            table = self._steps[direction]
        except KeyError:
            raise ValueError(
                f"direction {direction!r} is not one of {', '.join(COMPASS)}"
            ) from None
        return table[index]

    def distance(self, a: int, b: int) -> int:
        """Range in hexes, 10.6: the target hex is counted, the firer's is not."""
        dx = self._x[a] - self._x[b]
        dz = self._z[a] - self._z[b]
        return max(abs(dx), abs(dz), abs(dx + dz))

    def hexes_within(self, index: int, radius: int) -> list[int]:
        """Every hex of the grid at distance <= radius (the hex itself included), by index."""
        x0, z0, at = self._x[index], self._z[index], self._at.get
        found = []
        for dx in range(-radius, radius + 1):
            for dz in range(max(-radius, -dx - radius), min(radius, radius - dx) + 1):
                if (i := at((x0 + dx, z0 + dz))) is not None:
                    found.append(i)
        found.sort()
        return found

    def ring(self, index: int, radius: int) -> list[int]:
        """The hexes of the grid at exactly this distance, clockwise from due north."""
        if radius < 0:
            raise ValueError(f"ring radius must be >= 0, got {radius}")
        if radius == 0:
            return [index]
        dirs = self.numbering.directions
        nx, _, nz = dirs["N"]
        x, z = self._x[index] + nx * radius, self._z[index] + nz * radius
        found = []
        for name in ("SE", "S", "SW", "NW", "N", "NE"):
            sx, _, sz = dirs[name]
            for _ in range(radius):
                if (i := self._at_cube(x, z)) is not None:
                    found.append(i)
                x, z = x + sx, z + sz
        return found

    # --- line of fire, 10.7-10.9 ---

    def line(self, a: int, b: int) -> list[LineStep]:
        """Hexes met by the straight line from the centre of a to the centre of b, in order (10.7).

        A crossed hex appears as (h, h); where the line runs exactly along the hexside between
        two hexes it appears as that pair (10.9). Both ends are included; off the grid is None.
        """
        x0, z0, at = self._x[a], self._z[a], self._at_cube
        offsets = _line_offsets(self._x[b] - x0, self._z[b] - z0)
        return [(at(x0 + px, z0 + pz), at(x0 + mx, z0 + mz)) for px, pz, mx, mz in offsets]

    def has_line_of_fire(self, a: int, b: int, blocks: Blocks) -> bool:
        """True if a can fire at b past blocking terrain, 10.7-10.9 (off-grid hexes never block)."""
        x0, z0 = self._x[a], self._z[a]
        offsets = _line_offsets(self._x[b] - x0, self._z[b] - z0)
        if len(offsets) <= 2:
            return True  # 10.7 an adjacent hex can always be fired into
        blocking = blocks if callable(blocks) else blocks.__getitem__
        at = self._at.get
        # 10.7 terrain in the firing and target hexes never blocks: only interior steps count.
        for k in range(1, len(offsets) - 1):
            px, pz, mx, mz = offsets[k]
            plus = at((x0 + px, z0 + pz))
            if px == mx and pz == mz:
                if plus is not None and blocking(plus):
                    return False
            else:
                # 10.9 along a hexside the line is blocked only if both hexes block.
                minus = at((x0 + mx, z0 + mz))
                if plus is not None and minus is not None and blocking(plus) and blocking(minus):
                    return False
        return True


class LineOfFireTable:
    """Memoised line of fire over static terrain: the hot path of the fire rules (10.6-10.9)."""

    def __init__(self, grid: HexGrid, blocks: Blocks) -> None:
        self.grid = grid
        test = blocks if callable(blocks) else blocks.__getitem__
        self._blocks = tuple(bool(test(i)) for i in range(grid.size))
        # One byte per ordered pair: 0 not yet computed, 1 blocked, 2 visible.
        self._seen = bytearray(grid.size * grid.size)
        self._in_range: dict[tuple[int, int], tuple[int, ...]] = {}

    def visible(self, a: int, b: int) -> bool:
        """True if a has a line of fire to b (10.7-10.9); computed once per pair."""
        n = self.grid.size
        known = self._seen[a * n + b]
        if known:
            return known == 2
        clear = self.grid.has_line_of_fire(a, b, self._blocks)
        # The straight line from a to b is the line from b to a, so a line of fire is symmetric.
        self._seen[a * n + b] = self._seen[b * n + a] = 2 if clear else 1
        return clear

    def within_range_visible(self, a: int, max_range: int) -> tuple[int, ...]:
        """Hexes other than a, within max_range of it (10.6) and with a line of fire (10.7)."""
        key = (a, max_range)
        found = self._in_range.get(key)
        if found is None:
            near = self.grid.hexes_within(a, max_range)
            found = tuple(b for b in near if b != a and self.visible(a, b))
            self._in_range[key] = found
        return found


@cache
def distance_table(grid: HexGrid) -> npt.NDArray[np.uint8]:
    """Hex distance between every two hexes, by index (row a, column b), made once per grid.
    On a map without holes this is also the number of steps between them."""
    cubes = np.array([grid.cube(h) for h in range(grid.size)], dtype=np.int16)
    dx = cubes[:, None, 0] - cubes[None, :, 0]
    dz = cubes[:, None, 2] - cubes[None, :, 2]
    apart = np.maximum(np.maximum(np.abs(dx), np.abs(dz)), np.abs(dx + dz))
    table: npt.NDArray[np.uint8] = apart.astype(np.uint8)
    return table

"""Printed hex ids ("CCRR") to cube coordinates and back, for column-and-row numbered maps.

Cube coordinates follow the Red Blob Games hex guide: x runs along the column number,
z along the row number, y = -x - z. Cube space is only ever an internal frame: compass
directions and drawing positions come from the numbering, which knows how the map is printed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal, Protocol

Cube = tuple[int, int, int]
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")

_SQRT3 = math.sqrt(3.0)
# Cube steps that hold for either column parity (see ColumnRowNumbering.to_cube).
_ROW_UP: Cube = (0, -1, 1)  # same column, row + 1
_COL_UP_ROW_HIGH: Cube = (1, -1, 0)  # column + 1, the neighbour towards higher rows
_COL_UP_ROW_LOW: Cube = (1, 0, -1)  # column + 1, the neighbour towards lower rows


class BadHexId(ValueError):
    """A string that is not a hex id of the numbering it was given to."""


class Numbering(Protocol):
    """How a map prints its hex ids: id <-> cube coordinates, compass directions, drawing."""

    def to_cube(self, hex_id: str) -> Cube:
        """The cube coordinates of a printed id; BadHexId if it is not one."""
        ...

    def to_id(self, cube: Cube) -> str:
        """The printed id of a cube position."""
        ...

    def pixel(self, cube: Cube, radius: float) -> tuple[float, float]:
        """Centre of the hex for drawing: x grows east, y grows south (north is up)."""
        ...

    @property
    def directions(self) -> Mapping[str, Cube]:
        """Cube step for each compass direction of the printed map (N, NE, SE, S, SW, NW)."""
        ...


def _negate(cube: Cube) -> Cube:
    return (-cube[0], -cube[1], -cube[2])


class ColumnRowNumbering:
    """Flat-topped hexes in straight north-south columns, ids "CCRR" (column, then row).

    `odd_columns_shifted` says which columns sit half a hex towards higher row numbers:
    True for the odd columns, False for the even ones.
    """

    def __init__(
        self,
        col_grows: Literal["east", "west"],
        row_grows: Literal["north", "south"],
        odd_columns_shifted: bool,
        max_col: int,
        max_row: int,
    ) -> None:
        if col_grows not in ("east", "west") or row_grows not in ("north", "south"):
            raise ValueError(
                f"columns grow east or west, rows north or south: got {col_grows!r}, {row_grows!r}"
            )
        if max_col < 0 or max_row < 0:
            raise ValueError(f"max_col and max_row must be >= 0: got {max_col}, {max_row}")
        self.col_grows = col_grows
        self.row_grows = row_grows
        self.odd_columns_shifted = odd_columns_shifted
        self.max_col = max_col
        self.max_row = max_row
        self._col_digits = max(2, len(str(max_col)))
        self._row_digits = max(2, len(str(max_row)))
        self._directions = self._compass_steps()

    def __repr__(self) -> str:
        return (
            f"ColumnRowNumbering({self.col_grows!r}, {self.row_grows!r}, "
            f"odd_columns_shifted={self.odd_columns_shifted}, "
            f"max_col={self.max_col}, max_row={self.max_row})"
        )

    def _compass_steps(self) -> dict[str, Cube]:
        north = _ROW_UP if self.row_grows == "north" else _negate(_ROW_UP)
        # Towards the east column, the northern neighbour is the higher row iff rows grow north.
        east_high, east_low = _COL_UP_ROW_HIGH, _COL_UP_ROW_LOW
        if self.col_grows == "west":
            east_high, east_low = _negate(east_low), _negate(east_high)
        northeast, southeast = (
            (east_high, east_low) if self.row_grows == "north" else (east_low, east_high)
        )
        return {
            "N": north,
            "NE": northeast,
            "SE": southeast,
            "S": _negate(north),
            "SW": _negate(northeast),
            "NW": _negate(southeast),
        }

    @property
    def directions(self) -> Mapping[str, Cube]:
        return self._directions

    def is_shifted(self, col: int) -> bool:
        """True if this column sits half a hex towards higher row numbers."""
        return (col % 2 == 1) == self.odd_columns_shifted

    def _row_base(self, col: int) -> int:
        # Red Blob "odd-q" / "even-q" offset, with "down" meaning towards higher rows.
        if self.odd_columns_shifted:
            return (col - (col & 1)) // 2
        return (col + (col & 1)) // 2

    def col_row(self, hex_id: str) -> tuple[int, int]:
        """Column and row of a printed id; BadHexId if malformed or beyond max_col/max_row."""
        width = self._col_digits + self._row_digits
        if len(hex_id) != width or not hex_id.isascii() or not hex_id.isdigit():
            raise BadHexId(f"hex id {hex_id!r} is not {width} digits (column then row)")
        col, row = int(hex_id[: self._col_digits]), int(hex_id[self._col_digits :])
        if col > self.max_col or row > self.max_row:
            raise BadHexId(
                f"hex id {hex_id!r} is beyond column {self.max_col} or row {self.max_row}"
            )
        return col, row

    def format(self, col: int, row: int) -> str:
        """The printed id of a column and row."""
        if not (0 <= col <= self.max_col and 0 <= row <= self.max_row):
            raise BadHexId(
                f"column {col}, row {row} is outside 0..{self.max_col}, 0..{self.max_row}"
            )
        return f"{col:0{self._col_digits}d}{row:0{self._row_digits}d}"

    def to_cube(self, hex_id: str) -> Cube:
        col, row = self.col_row(hex_id)
        z = row - self._row_base(col)
        return (col, -col - z, z)

    def to_id(self, cube: Cube) -> str:
        col = cube[0]
        return self.format(col, cube[2] + self._row_base(col))

    def pixel(self, cube: Cube, radius: float) -> tuple[float, float]:
        col = cube[0]
        across = cube[2] + self._row_base(col) + (0.5 if self.is_shifted(col) else 0.0)
        east = self.max_col - col if self.col_grows == "west" else col
        south = self.max_row - across if self.row_grows == "north" else across
        return (east * 1.5 * radius, south * _SQRT3 * radius)

    def rectangle(self, cols: range, rows: range) -> list[str]:
        """Every id of a block of columns and rows, column by column (e.g. a whole map)."""
        return [self.format(col, row) for col in cols for row in rows]


# FBSM components B3: column 42 is the west edge, row 00 the south edge, and odd columns
# sit half a hex north of even ones (forced by the 3.6 riverbank order and the 10.8 example).
FBSM_NUMBERING = ColumnRowNumbering(
    "west", "north", odd_columns_shifted=True, max_col=42, max_row=42
)

# The usual wargame layout: 0101 in the north-west corner, even columns half a hex lower.
STANDARD_NUMBERING = ColumnRowNumbering(
    "east", "south", odd_columns_shifted=False, max_col=99, max_row=99
)

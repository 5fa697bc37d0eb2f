"""Meuse-Argonne components loaded from data/: the map, its hexsides, the counters and tables.

Everything here is static and shared by every state; an owner of the printed game can
replace the files in data/ (PROVENANCE.md says what each column means) without touching code.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from greatwar.hexes import ColumnRowNumbering, HexGrid
from greatwar.hexes.components import HexComponents

ALLIED, GERMAN = "allied", "german"
DIVISION, BRIGADE = "division", "brigade"
# Hex terrain features (map.csv) and the works drawn along hexsides (MA 14.2).
CLEAR, WOODS, RISE, TOWN, FORTRESS = "clear", "woods", "rise", "town", "fortress"
STELLUNG, TRENCH2, FORTIFICATION = "stellung", "trench2", "fortification"
WORKS = (STELLUNG, TRENCH2, FORTIFICATION)
RIVER, MEUSE, BRIDGE = "river", "meuse", "bridge"

# Components C.9: north up, 0101 in the north-west corner, columns grow east and rows south,
# even columns half a hex lower (the usual folio layout); 20 columns by 24 rows.
MEUSE_NUMBERING = ColumnRowNumbering(
    "east", "south", odd_columns_shifted=False, max_col=20, max_row=24
)


@dataclass(frozen=True)
class Counter:
    """One unit counter (digest 2.3, 2.4): full-strength and depleted attack-defense-MA."""

    index: int
    id: str
    side: str
    nation: str
    kind: str
    name: str
    steps: int  # 2 for a division, 3 for a US three-step division (MA 13.1), 1 for a brigade
    full: tuple[int, int, int]
    depleted: tuple[int, int, int]

    @property
    def is_brigade(self) -> bool:
        return self.kind == BRIGADE

    @property
    def is_three_step(self) -> bool:
        return self.steps == 3

    @property
    def counter_steps(self) -> int:
        """Steps the counter itself carries: two sides, or one for a brigade chit (MA 13.1)."""
        return min(self.steps, 2)


class Board:
    """The map: grid, hex terrain, hexside features, works, zones, edges and named places."""

    def __init__(self, rows: list[dict[str, str]], sides: list[dict[str, str]]) -> None:
        self.grid = HexGrid((row["hex"] for row in rows), MEUSE_NUMBERING)
        self.terrain = tuple(frozenset(row["terrain"].split("+")) for row in rows)
        self.place = tuple(row["place"] for row in rows)
        index = self.grid.index
        self.hexsides: dict[frozenset[int], frozenset[str]] = {}
        works: dict[int, str] = {}
        for side in sides:
            a, b, feature = index(side["a"]), index(side["b"]), side["feature"]
            if b not in self.grid.neighbors(a):
                raise ValueError(f"hexsides.csv: {side['a']} and {side['b']} are not adjacent")
            pair = frozenset((a, b))
            self.hexsides[pair] = self.hexsides.get(pair, frozenset()) | {feature}
            if feature in WORKS:
                works[a] = feature  # the works belong to the hex on the German side (`a`)
        self.works = works
        cols_rows = [MEUSE_NUMBERING.col_row(self.grid.id(h)) for h in self.grid]
        self.north_edge = self._edge(cols_rows, 1, min)
        self.south_edge = self._edge(cols_rows, 1, max)
        self.west_edge = self._edge(cols_rows, 0, min)
        self.east_edge = self._edge(cols_rows, 0, max)
        self.stellung = frozenset(h for h, kind in works.items() if kind == STELLUNG)
        self.south_zone = self._south_of_stellung()
        self._sorted: dict[frozenset[int], tuple[int, ...]] = {}
        # MA 19.5: north of the Stellung line, where the German reserves set up
        self.north_zone = frozenset(range(self.grid.size)) - self.south_zone - self.stellung
        edges = self.south_edge | self.west_edge | self.east_edge | self.north_edge
        self.allied_edge = edges & self.south_zone  # MA 11.3, 11.4

    def _edge(self, cols_rows: list[tuple[int, int]], axis: int, pick: Any) -> frozenset[int]:
        value = pick(cr[axis] for cr in cols_rows)
        return frozenset(h for h, cr in enumerate(cols_rows) if cr[axis] == value)

    def _south_of_stellung(self) -> frozenset[int]:
        """MA 11.2: the hexes south of the Stellung line, reached from the south edge without
        crossing a Stellung hex."""
        seen = set(self.south_edge - self.stellung)
        frontier = list(seen)
        while frontier:
            here = frontier.pop()
            for there in self.grid.neighbors(here):
                if there not in seen and there not in self.stellung:
                    seen.add(there)
                    frontier.append(there)
        return frozenset(seen)

    def in_order(self, hexes: frozenset[int]) -> tuple[int, ...]:
        """A set of hexes of the board, sorted once (the board's zones and lines never change)."""
        found = self._sorted.get(hexes)
        if found is None:
            found = self._sorted[hexes] = tuple(sorted(hexes))
        return found

    def has(self, hex_index: int, feature: str) -> bool:
        """Whether a hex has a hex terrain feature (woods, rise, town, fortress, clear)."""
        return feature in self.terrain[hex_index]

    def hexside(self, a: int, b: int) -> frozenset[str]:
        """The features drawn on the hexside between two adjacent hexes."""
        return self.hexsides.get(frozenset((a, b)), frozenset())

    def water(self, a: int, b: int) -> str | None:
        """The river or Meuse crossed between a and b, or None (also where a bridge spans it)."""
        features = self.hexside(a, b)
        if BRIDGE in features:
            return None
        if MEUSE in features:
            return MEUSE
        return RIVER if RIVER in features else None

    def named(self, name: str) -> int:
        """The hex of a named place (the first, for a place of several hexes)."""
        for h, place in enumerate(self.place):
            if place == name:
                return h
        raise ValueError(f"no hex of the map is named {name!r}")

    def hexes(self, ids: list[str]) -> tuple[int, ...]:
        """Indexes of printed ids, in order."""
        return tuple(self.grid.index(hex_id) for hex_id in ids)


class Components(HexComponents[Board, Counter]):
    """Everything static of Meuse-Argonne: board, counters and tables."""

    def __init__(self, board: Board, counters: tuple[Counter, ...], tables: dict[str, Any]) -> None:
        super().__init__(board, counters, tables)
        self.sedan = board.named(tables["victory"]["allied_objective"])
        self.brigades = tuple(self.by_id[b].index for b in tables["three_step"]["brigades"])
        self.entry_towns = tuple(
            board.named(name) for name in tables["reinforcements"]["german_entry_towns"]
        )
        # each side's counters, and its divisions (no brigade chit), in counter order
        self.side_units = {
            side: tuple(c.index for c in counters if c.side == side) for side in (ALLIED, GERMAN)
        }
        self.divisions = {
            side: tuple(u for u in units if not counters[u].is_brigade)
            for side, units in self.side_units.items()
        }
        self.is_brigade = tuple(c.is_brigade for c in counters)
        self.side_of = tuple(c.side for c in counters)  # each counter's side, by index
        # each hex's neighbours by index, read without a method call on the hot paths
        self.neighbors = tuple(board.grid.neighbors(h) for h in board.grid)
        self.hex_ids = tuple(board.grid.id(h) for h in board.grid)  # printed ids by index
        self.brigades_per_stack = int(tables["three_step"]["brigades_per_stack"])  # MA 13.2
        self._units: dict[tuple[str, ...], tuple[int, ...]] = {}  # ``units`` by ids

    def units(self, ids: list[str]) -> tuple[int, ...]:
        """Counter indexes of unit ids, in order (kept for each list of ids: the rules ask for
        the same lists of the tables again and again)."""
        key = tuple(ids)
        found = self._units.get(key)
        if found is None:
            found = self._units[key] = tuple(self.by_id[unit_id].index for unit_id in ids)
        return found


def _text(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def _counter(index: int, row: dict[str, str]) -> Counter:
    full = (int(row["attack"]), int(row["defense"]), int(row["move"]))
    depleted = full
    if row["depleted_attack"]:
        depleted = (
            int(row["depleted_attack"]),
            int(row["depleted_defense"]),
            int(row["depleted_move"]),
        )
    return Counter(
        index,
        row["id"],
        row["side"],
        row["nation"],
        row["kind"],
        row["name"],
        int(row["steps"]),
        full,
        depleted,
    )


@cache
def components() -> Components:
    """The components, read once per process."""
    board = Board(
        list(csv.DictReader(_text("map.csv").splitlines())),
        list(csv.DictReader(_text("hexsides.csv").splitlines())),
    )
    rows = csv.DictReader(_text("counters.csv").splitlines())
    counters = tuple(_counter(i, row) for i, row in enumerate(rows))
    return Components(board, counters, tomllib.loads(_text("tables.toml")))

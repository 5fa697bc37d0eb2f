"""FBSM components loaded from data/: the map, terrain, counters and tables.

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

from greatwar.hexes import FBSM_NUMBERING, HexGrid, LineOfFireTable
from greatwar.hexes.components import HexComponents

US, GERMAN = "us", "german"
INFANTRY, HEAVY_WEAPONS = "infantry", "heavy_weapons"  # 2.8: every combat unit is one or the other


@dataclass(frozen=True)
class Counter:
    """One unit counter (2.5): side, type, fire factor, range, movement factor."""

    index: int
    id: str
    side: str
    kind: str
    fire: int
    range: int
    move: int
    name: str

    @property
    def is_infantry(self) -> bool:
        return self.kind == INFANTRY


@dataclass(frozen=True)
class Terrain:
    """A terrain type's row of terrain.csv: entry cost (None: no entry), defence, blocking."""

    name: str
    move_cost: float | None
    defense: int
    blocks_lof: bool
    title: str


class Board:
    """The map: grid, terrain per hex, road hexsides, zones and named hex lists."""

    def __init__(
        self, rows: list[dict[str, str]], sides: list[dict[str, str]], terrain: dict[str, Terrain]
    ) -> None:
        self.grid = HexGrid((row["hex"] for row in rows), FBSM_NUMBERING)
        self.terrain_types = terrain
        self.terrain = tuple(terrain[row["terrain"]] for row in rows)
        self.place = tuple(row["place"] for row in rows)
        self.move_cost = tuple(t.move_cost for t in self.terrain)
        self.defense = tuple(t.defense for t in self.terrain)
        self.blocks = tuple(t.blocks_lof for t in self.terrain)
        self.lof = LineOfFireTable(self.grid, self.blocks)
        self.lines: list[tuple[int, int, str, str]] = [
            (self.grid.index(s["a"]), self.grid.index(s["b"]), s["feature"], s["line"])
            for s in sides
        ]
        self.road_hexsides = frozenset(
            pair
            for a, b, feature, _ in self.lines
            if feature == "road"
            for pair in ((a, b), (b, a))
        )
        self.road_hexes = frozenset(h for a, b, f, _ in self.lines if f == "road" for h in (a, b))

    def hexes(self, ids: list[str]) -> tuple[int, ...]:
        """Indexes of printed ids, in order."""
        return tuple(self.grid.index(hex_id) for hex_id in ids)

    def is_terrain(self, hex_index: int, name: str) -> bool:
        return self.terrain[hex_index].name == name


class Components(HexComponents[Board, Counter]):
    """Everything static of FBSM: board, counters, tables and the set-up zones derived from them."""

    def __init__(self, board: Board, counters: tuple[Counter, ...], tables: dict[str, Any]) -> None:
        super().__init__(board, counters, tables)
        # flat per-counter tables, by counter index, for the hot paths (2.5, 2.8)
        self.side_of = tuple(counter.side for counter in counters)
        self.fire_of = tuple(counter.fire for counter in counters)
        self.range_of = tuple(counter.range for counter in counters)
        self.infantry = tuple(counter.is_infantry for counter in counters)
        # 6.2: per side, the infantry fire factors above which a stack may be too full for one
        # of the side's units to join or pass (the limit less its largest infantry factor)
        limit = int(tables["stacking"]["max_infantry_fire_factors"])
        self.crowding = {
            side: limit - max(c.fire for c in counters if c.side == side and c.is_infantry)
            for side in {counter.side for counter in counters}
        }
        spec = tables["us_forward_zone"]
        self.paris_metz_road = frozenset(
            h for a, b, _, line in board.lines if line == spec["road_line"] for h in (a, b)
        )
        self.forward_zone = forward_zone(board, spec, self.paris_metz_road)
        self.rear_zone = rear_zone(board, tables["us_rear_zone"], self.paris_metz_road)


def _column_row(hex_id: str) -> tuple[int, int]:
    return int(hex_id[:2]), int(hex_id[2:])


def forward_zone(board: Board, spec: dict[str, Any], road: frozenset[int]) -> frozenset[int]:
    """3.3: hexes north of the Paris-Metz road (per column, rows above its highest road hex),
    minus riverbank, Varennes and the road itself, plus the two hexes of Hill 231."""
    grid = board.grid
    top_row: dict[int, int] = {}
    for h in road:
        col, row = _column_row(grid.id(h))
        top_row[col] = max(row, top_row.get(col, -1))
    zone = set()
    for h in range(grid.size):
        col, row = _column_row(grid.id(h))
        if col not in top_row or row <= top_row[col] or h in road:
            continue
        if board.terrain[h].name in spec["excluded_terrain"]:
            continue
        if board.place[h] in spec["excluded_places"]:
            continue
        zone.add(h)
    zone.update(board.hexes(spec["added_hexes"]))
    return frozenset(zone)


def rear_zone(board: Board, spec: dict[str, Any], road: frozenset[int]) -> frozenset[int]:
    """3.4: every wooded hill hex, Paroy, Crezancy and the Moulin Ruine Prepared Position;
    3.3: no US unit sets up in a Paris-Metz road hex."""
    return frozenset(
        h
        for h in range(board.grid.size)
        if (board.terrain[h].name in spec["terrain"] or board.place[h] in spec["places"])
        and h not in road
    )


def _read_csv(name: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _terrain(row: dict[str, str]) -> Terrain:
    cost = float(row["move_cost"]) if row["move_cost"] else None
    return Terrain(
        row["terrain"], cost, int(row["defense"] or 0), row["blocks_lof"] == "true", row["name"]
    )


@cache
def components() -> Components:
    """The components, read once per process."""
    terrain = {row["terrain"]: _terrain(row) for row in _read_csv("terrain.csv")}
    board = Board(_read_csv("map.csv"), _read_csv("hexsides.csv"), terrain)
    counters = tuple(  # 2.4: the counter mix, one row per combat unit
        Counter(
            i,
            r["id"],
            r["side"],
            r["kind"],
            int(r["fire"]),
            int(r["range"]),
            int(r["move"]),
            r["name"],
        )
        for i, r in enumerate(_read_csv("counters.csv"))
    )
    text = resources.files(__package__).joinpath("data", "tables.toml").read_text(encoding="utf-8")
    return Components(board, counters, tomllib.loads(text))

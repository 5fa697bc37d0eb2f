"""Miracle on the Marne components loaded from data/: map, hexsides, counters, zones, tables.

Everything here is static and shared by every state; an owner of the printed game can replace
the files in data/ (PROVENANCE.md says what each column means) without touching code.
"""

from __future__ import annotations

import csv
import sys
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from greatwar.core.actions import Action, act
from greatwar.hexes import ColumnRowNumbering, HexGrid

ALLIED, GERMAN = "allied", "german"
SIDES = (ALLIED, GERMAN)
OTHER = {ALLIED: GERMAN, GERMAN: ALLIED}
HQ, INFANTRY, CAVALRY, ARTILLERY = "hq", "infantry", "cavalry", "artillery"
CLEAR, FOREST, TOWN, CITY = "clear", "forest", "town", "city"
PARIS = "paris"
RIVER, ROAD, RAILROAD = "river", "road", "railroad"
OFFENSIVE, DEFENSIVE, TRANSFER, REGROUP = "offensive", "defensive", "transfer", "regroup"
MODES = (OFFENSIVE, DEFENSIVE, TRANSFER, REGROUP)

# Components D.8: north up, 0101 in the north-west corner, columns grow east and rows south,
# even columns half a hex lower; 34 columns by 22 rows (the 22x34 inch map of 2.0).
MARNE_NUMBERING = ColumnRowNumbering(
    "east", "south", odd_columns_shifted=False, max_col=34, max_row=22
)


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter (2.0): values of the full and reduced sides (9.6.4), stacking points (8.1.1).
    Slotted: the rules read its fields in every search."""

    index: int
    id: str
    side: str
    nation: str
    army: str
    corps: str
    kind: str
    name: str
    sp: int
    full: tuple[int, int, int]  # attack, defense, movement allowance
    reduced: tuple[int, int, int] | None  # None: a one-step unit (9.6.4)
    bombard: tuple[int, int]  # full, reduced bombardment factor (artillery, 9.1)
    setup: str  # the historical hex of the standard deployment (3), "" for reinforcements
    zones: tuple[str, ...]  # deployment zones it may be placed in (3)
    arrival: int  # turn of arrival (7.3), 0 for units deployed at the start
    group: str  # reinforcement group (7.3.2, 7.3.3)
    marker: str  # "M" Moroccan Division, "L" Lepel Brigade
    # derived from the fields above (plain attributes: the rules read them in every search)
    is_hq: bool = field(init=False)
    is_artillery: bool = field(init=False)
    steps: int = field(init=False)  # 9.6.4: two, one for a unit blank on its reverse or an HQ

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_hq", self.kind == HQ)
        object.__setattr__(self, "is_artillery", self.kind == ARTILLERY)
        object.__setattr__(self, "steps", 1 if self.reduced is None or self.kind == HQ else 2)


class Board:
    """The map: grid, terrain, places, hexsides (rivers), roads and railroads as hex links."""

    # slots: read without a dict lookup (the rules read the board at every offer)
    __slots__ = (
        "edges",
        "grid",
        "line_links",
        "paris",
        "place",
        "rail_hexes",
        "rail_links",
        "rails",
        "river_names",
        "rivers",
        "road_hexes",
        "roads",
        "start_control",
        "terrain",
        "value",
        "valued",
    )

    def __init__(self, rows: list[dict[str, str]], sides: list[dict[str, str]]) -> None:
        self.grid = HexGrid((row["hex"] for row in rows), MARNE_NUMBERING)
        self.terrain = tuple(row["terrain"] for row in rows)
        self.place = tuple(row["place"] for row in rows)
        self.value = tuple(row["value"] for row in rows)  # paris, city, town or ""
        self.start_control = tuple(row["control"] for row in rows)
        index = self.grid.index
        self.rivers: set[frozenset[int]] = set()
        self.roads: set[frozenset[int]] = set()
        self.rails: set[frozenset[int]] = set()
        self.river_names: dict[frozenset[int], str] = {}
        for side in sides:
            a, b = index(side["a"]), index(side["b"])
            if b not in self.grid.neighbors(a):
                raise ValueError(f"hexsides.csv: {side['a']} and {side['b']} are not adjacent")
            pair = frozenset((a, b))
            {RIVER: self.rivers, ROAD: self.roads, RAILROAD: self.rails}[side["feature"]].add(pair)
            if side["feature"] == RIVER:
                self.river_names[pair] = side["name"]
        self.rail_links = tuple(
            tuple(n for n in self.grid.neighbors(h) if frozenset((h, n)) in self.rails)
            for h in self.grid
        )
        # the neighbours joined to each hex by road or railroad (11.1.6)
        lines = self.roads | self.rails
        self.line_links = tuple(
            tuple(n for n in self.grid.neighbors(h) if frozenset((h, n)) in lines)
            for h in self.grid
        )
        self.road_hexes = frozenset(h for pair in self.roads for h in pair)
        self.rail_hexes = frozenset(h for pair in self.rails for h in pair)
        self.paris = tuple(h for h in self.grid if self.value[h] == PARIS)
        self.valued = tuple(h for h in self.grid if self.value[h])
        cols_rows = [MARNE_NUMBERING.col_row(self.grid.id(h)) for h in self.grid]
        first_col = min(c for c, _ in cols_rows)
        last_col = max(c for c, _ in cols_rows)
        first_row = min(r for _, r in cols_rows)
        last_row = max(r for _, r in cols_rows)
        self.edges = {
            "west": frozenset(h for h, (c, _) in enumerate(cols_rows) if c == first_col),
            "east": frozenset(h for h, (c, _) in enumerate(cols_rows) if c == last_col),
            "north": frozenset(h for h, (_, r) in enumerate(cols_rows) if r == first_row),
            "south": frozenset(h for h, (_, r) in enumerate(cols_rows) if r == last_row),
        }

    def is_river(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.rivers

    def is_road(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.roads

    def is_rail(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.rails

    def is_bridge(self, a: int, b: int) -> bool:
        """7.1.2: a road crossing a river hexside."""
        return self.is_river(a, b) and self.is_road(a, b)

    def edge(self, names: tuple[str, ...]) -> frozenset[int]:
        """The hexes along the named map edges."""
        return frozenset().union(*(self.edges[n] for n in names))


@dataclass(frozen=True)
class Corps:
    """A formation with one HQ (5.2.3): its army for coordination (9.7.2) and C&C (15.3)."""

    id: str
    side: str
    army: str
    name: str
    general: str


class Components:
    """Everything static of Miracle on the Marne: board, counters, zones, corps and tables."""

    # slots: read without a dict lookup (the rules read the components at every offer)
    __slots__ = (
        "_actions",
        "_answers",
        "_offers",
        "_rings",
        "_within",
        "board",
        "by_id",
        "corps",
        "counters",
        "entries",
        "group_members",
        "hex_ids",
        "hex_index",
        "home_of",
        "hq_of_corps",
        "is_hq_of",
        "moroccans",
        "nation_of",
        "neighbors",
        "side_hqs",
        "side_of",
        "side_units",
        "sp_of",
        "stack_floor",
        "start_units",
        "steps_of",
        "tables",
        "unit_sizes",
        "zone_names",
        "zones",
    )

    def __init__(
        self,
        board: Board,
        counters: tuple[Counter, ...],
        zones: dict[str, tuple[int, ...]],
        corps: dict[str, Corps],
        tables: dict[str, Any],
    ) -> None:
        self.board = board
        self.counters = counters
        # the counters' fields the rules read at every search, by counter index (tables the
        # compiled rules index in C, not a counter's attributes looked up by name)
        self.side_of = tuple([c.side for c in counters])
        self.sp_of = tuple([c.sp for c in counters])
        self.is_hq_of = tuple([c.is_hq for c in counters])
        self.nation_of = tuple([c.nation for c in counters])
        self.steps_of = tuple([c.steps for c in counters])
        self.zones = zones
        self.zone_names = {z: z for z in zones}
        self.corps = corps
        self.tables = tables
        self.by_id = {c.id: c for c in counters}
        self._actions: dict[tuple[str, str], tuple[Action, ...]] = {}
        self._offers: tuple[tuple[tuple[Action, ...], ...], ...] | None = None  # ``move_offers``
        self._answers: tuple[tuple[tuple[int, bool, bool, bool], ...], ...] | None = None
        self._rings: dict[int, tuple[tuple[int, ...], ...]] = {}  # radius -> ``ring`` by hex
        self._within: dict[int, tuple[tuple[int, ...], ...]] = {}  # radius -> ``within``
        stacking = tables["stacking"]
        # 8.1: the lowest limit any hex can have; a stack within it never needs checking
        self.stack_floor = min(int(stacking[k]) for k in ("setup", "offensive", "other"))
        self.hq_of_corps = {c.corps: c.index for c in counters if c.is_hq}
        self.side_units = {s: tuple(c.index for c in counters if c.side == s) for s in SIDES}
        # 3: the units of each side deployed at the start (reinforcements are set aside, 7.3)
        self.start_units = {
            s: tuple(c.index for c in counters if c.side == s and not c.arrival) for s in SIDES
        }
        self.side_hqs = {
            s: tuple(c.index for c in counters if c.is_hq and c.side == s) for s in SIDES
        }
        self.moroccans = tuple(c.index for c in counters if c.marker == "M")  # 7.3.2
        # 7.3.2: each Moroccan unit's own HQ (its corps' HQ), by the unit's place in
        # ``moroccans`` (asked at every Allied movement offer)
        self.home_of = tuple([self.hq_of_corps[counters[u].corps] for u in self.moroccans])
        self.group_members: dict[str, tuple[int, ...]] = {}  # 7.3.2 reinforcement groups
        for c in counters:
            if c.group:
                self.group_members[c.group] = (*self.group_members.get(c.group, ()), c.index)
        # 8.1.1: the stacking points a unit of each side may have
        self.unit_sizes = {s: frozenset(c.sp for c in counters if c.side == s) for s in SIDES}
        grid = board.grid
        # each hex's neighbours by hex index, in the grid's compass order: read in every search
        self.neighbors: tuple[tuple[int, ...], ...] = tuple(grid.neighbors(h) for h in grid)
        self.hex_ids = tuple(grid.id(h) for h in grid)  # the printed id of each hex (logs)
        # each printed id's hex index (``HexGrid.index`` of an answer's id, without a call)
        self.hex_index: dict[str, int] = {grid.id(h): h for h in grid}
        reinf = tables["reinforcements"]
        self.entries = {
            "entry1": grid.index(reinf["entry1"]),
            "entry2": grid.index(reinf["entry2"]),
        }

    def counter(self, unit_id: str) -> Counter:
        return self.by_id[unit_id]

    def unit_actions(self, verb: str) -> tuple[Action, ...]:
        """``verb UNIT`` for every counter, by index (the rules offer them again and again)."""
        found = self._actions.get(("unit", verb))
        if found is None:
            found = tuple([act(verb, c.id) for c in self.counters])  # (no closure made per call)
            self._actions["unit", verb] = found
        return found

    def move_offers(self) -> tuple[tuple[tuple[Action, ...], ...], ...]:
        """For every counter, by index, what the movement prompt offers of it (7.1, 7.2): by
        whether it may take the railroad (2) and go by land (1), none, ``move``, ``rail``,
        or ``rail`` then ``move`` (the same tuples at every offer, not made per unit)."""
        found = self._offers
        if found is None:
            moves, rails = self.unit_actions("move"), self.unit_actions("rail")
            found = tuple(
                [
                    ((), (move,), (rail,), (rail, move))
                    for move, rail in zip(moves, rails, strict=True)
                ]
            )
            self._offers = found
        return found

    def move_answers(self) -> tuple[tuple[tuple[int, bool, bool, bool], ...], ...]:
        """For every counter, by index, its movement choice's answers (``movement.MoveChoice``'s
        last part: the unit, whether it may try Recovery (4), take the railroad (2), go by
        land (1)), by that index: made once, not at every unit's reading."""
        found = self._answers
        if found is None:
            found = tuple(
                [
                    tuple([(unit, k >= 4, k % 4 >= 2, k % 2 == 1) for k in range(8)])
                    for unit in range(len(self.counters))
                ]
            )
            self._answers = found
        return found

    def ring(self, hex_index: int, radius: int) -> tuple[int, ...]:
        """``HexGrid.ring``: kept for every hex at each radius asked (9.1.1 asks it of every
        artillery unit at every bombardment offer)."""
        table = self._rings.get(radius)
        if table is None:
            grid = self.board.grid
            table = self._rings[radius] = tuple([tuple(grid.ring(h, radius)) for h in grid])
        return table[hex_index]

    def within(self, hex_index: int, radius: int) -> tuple[int, ...]:
        """``HexGrid.hexes_within``: kept for every hex at each radius asked (9.3.3 asks it
        around every attack)."""
        table = self._within.get(radius)
        if table is None:
            grid = self.board.grid
            table = self._within[radius] = tuple(
                [tuple(grid.hexes_within(h, radius)) for h in grid]
            )
        return table[hex_index]

    def hex_actions(self, verb: str) -> tuple[Action, ...]:
        """``verb HEX`` for every hex, by index."""
        found = self._actions.get(("hex", verb))
        if found is None:
            grid = self.board.grid
            found = tuple([act(verb, grid.id(h)) for h in grid])  # (no closure made per call)
            self._actions["hex", verb] = found
        return found


def _text(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def _values(row: dict[str, str], prefix: str) -> tuple[int, int, int] | None:
    if not row[f"{prefix}attack"]:
        return None
    return (int(row[f"{prefix}attack"]), int(row[f"{prefix}defense"]), int(row[f"{prefix}move"]))


def _counter(index: int, row: dict[str, str]) -> Counter:
    full = _values(row, "")
    assert full is not None, f"counters.csv: {row['id']} has no values"
    return Counter(
        index=index,
        id=row["id"],
        # interned: the very objects of the rules' constants (ALLIED, ...), which the rules
        # compare them with everywhere (an identical string compares at once)
        side=sys.intern(row["side"]),
        nation=sys.intern(row["nation"]),
        army=row["army"],
        corps=row["corps"],
        kind=sys.intern(row["kind"]),
        name=row["name"],
        sp=int(row["sp"]),
        full=full,
        reduced=_values(row, "reduced_"),
        bombard=(int(row["bombard"] or 0), int(row["reduced_bombard"] or 0)),
        setup=row["setup"],
        zones=tuple(row["zones"].split()),
        arrival=int(row["arrival"] or 0),
        group=row["group"],
        marker=row["marker"],
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
    zones = {
        row["zone"]: tuple(board.grid.index(h) for h in row["hexes"].split())
        for row in csv.DictReader(_text("zones.csv").splitlines())
    }
    corps = {
        row["corps"]: Corps(row["corps"], row["side"], row["army"], row["name"], row["general"])
        for row in csv.DictReader(_text("corps.csv").splitlines())
    }
    return Components(board, counters, zones, corps, tomllib.loads(_text("tables.toml")))

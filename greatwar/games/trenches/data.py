"""The components of the trenches game, read once per process from data/: the table and its
terrain as shapely shapes (table.toml), every figure (forces.csv), the rules' numbers
(tables.toml) and the Fortune of War table (events.toml). Lengths are in tenths of an inch."""

from __future__ import annotations

import csv
import itertools
import sys
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

DATA = Path(__file__).resolve().parent / "data"

FRENCH, GERMAN, GM = "french", "german", "gm"
SIDES = (FRENCH, GERMAN)
FORWARD = {FRENCH: 1, GERMAN: -1}  # the y direction each side attacks in

TANKS = ("schneider", "whippet", "stchamond", "a7v")
INFANTRY = ("rifle", "leader", "elite", "hq")  # the men who fire rifles and throw grenades
WEAPONS = ("mg", "mortar", "gun")


def enemy(side: str) -> str:
    return GERMAN if side == FRENCH else FRENCH


# slots: the fields of the figures, terrain and tables are read without a dict lookup
@dataclass(frozen=True, slots=True)
class Figure:
    """One figure on (or off) the table: a man, a weapon crew, a tank or the airplane."""

    index: int
    id: str
    side: str
    group: str  # starting group: R1-R3, HQ, T1.. (French), L1-L3, E, P (German pool)
    kind: str
    name: str
    deploy: str  # rect, point, line, bunker or pool

    @property
    def is_tank(self) -> bool:
        return self.kind in TANKS

    @property
    def is_elite(self) -> bool:
        return self.kind == "elite"


@dataclass(frozen=True, slots=True)
class Trench:
    """A German trench line: its zig-zag centre line, its shape and its bunker (D3)."""

    line: int
    points: tuple[tuple[int, int], ...]
    centre: LineString
    shape: Polygon
    bunker: Polygon
    bunker_box: tuple[int, int, int, int]
    half: int  # half its width: the shape lies within it of the centre line

    def y_at(self, x: int) -> int:
        """The centre line's y at ``x`` (integer interpolation between vertices)."""
        pts = self.points
        if x <= pts[0][0]:
            return pts[0][1]
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            if x0 <= x <= x1:
                return y0 + (y1 - y0) * (x - x0) // (x1 - x0)
        return pts[-1][1]


@dataclass(frozen=True, slots=True)
class Wire:
    """One section of a barbed-wire belt (Barbed Wire): cut section by section."""

    id: str
    line: int
    box: tuple[int, int, int, int]
    shape: Polygon


# The wire sections by belt: (y0, y1, ((x0, x1, section index), ...)) for each belt.
Belts = tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]


@dataclass(frozen=True, slots=True)
class Feature:
    """A named piece of cover: a large shell hole (disc) or a wood or ruin (polygon)."""

    id: str
    kind: str  # shell_hole, woods, ruins
    shape: Polygon
    at: tuple[int, int]  # centre (a shell hole) or a point inside
    radius: int = 0


class Components:
    """Everything the rules read, built once per process (``components()``).

    data.pxd makes this an extension type: the rules reach it through the position
    (``state.c``, typed in state.pxd) and read its tables in C, not by a slot's generic
    attribute lookup."""

    __slots__ = (
        "_ids",
        "anchors",
        "belts",
        "communication",
        "cover",
        "depth",
        "events",
        "figures",
        "fire_table",
        "french_start",
        "holes",
        "kinds",
        "objectives",
        "sides",
        "start",
        "tables",
        "tank_flags",
        "trenches",
        "walkers",
        "width",
        "wire",
        "woods",
    )

    width: int
    depth: int
    french_start: int
    trenches: tuple[Trench, ...]
    wire: tuple[Wire, ...]
    communication: tuple[Polygon, ...]
    holes: tuple[Feature, ...]
    woods: tuple[Feature, ...]
    cover: BaseGeometry  # everything that is cover, as one prepared shape
    figures: tuple[Figure, ...]
    start: tuple[tuple[int, int] | None, ...]  # where each figure starts (None: off table)
    tables: dict[str, Any]
    fire_table: dict[str, int]  # tables["fire"] as numbers: read at every shot and offer
    events: tuple[dict[str, Any], ...]
    objectives: dict[str, tuple[int, int]]  # named aim and march points
    anchors: tuple[tuple[int, int], ...]  # points of cover the "cover" order heads for
    tank_flags: tuple[bool, ...]  # per figure: is it a tank (the rules ask at every shot)
    kinds: tuple[str, ...]  # per figure: its kind
    sides: tuple[str, ...]  # per figure: its side (read without a figure's attribute)
    # per figure: a man a regiment-wide order moves (not a tank, a gun or the airplane)
    walkers: tuple[bool, ...]
    belts: Belts  # the wire sections by belt (_belts): read at every step of every man
    _ids: dict[str, Figure]

    def __init__(
        self,
        *,
        width: int,
        depth: int,
        french_start: int,
        trenches: tuple[Trench, ...],
        wire: tuple[Wire, ...],
        communication: tuple[Polygon, ...],
        holes: tuple[Feature, ...],
        woods: tuple[Feature, ...],
        cover: BaseGeometry,
        figures: tuple[Figure, ...],
        start: tuple[tuple[int, int] | None, ...],
        tables: dict[str, Any],
        fire_table: dict[str, int],
        events: tuple[dict[str, Any], ...],
        objectives: dict[str, tuple[int, int]],
        anchors: tuple[tuple[int, int], ...],
        tank_flags: tuple[bool, ...],
        kinds: tuple[str, ...],
        sides: tuple[str, ...],
        walkers: tuple[bool, ...],
        belts: Belts,
    ) -> None:
        self.width = width
        self.depth = depth
        self.french_start = french_start
        self.trenches = trenches
        self.wire = wire
        self.communication = communication
        self.holes = holes
        self.woods = woods
        self.cover = cover
        self.figures = figures
        self._ids = {f.id: f for f in figures}  # figure(): a figure by its id
        self.start = start
        self.tables = tables
        self.fire_table = fire_table
        self.events = events
        self.objectives = objectives
        self.anchors = anchors
        self.tank_flags = tank_flags
        self.kinds = kinds
        self.sides = sides
        self.walkers = walkers
        self.belts = belts

    def figure(self, fid: str) -> Figure | None:
        return self._ids.get(fid)

    def event(self, eid: str) -> dict[str, Any] | None:
        return next((e for e in self.events if e["id"] == eid), None)

    def wire_meeting(self, x0: int, y0: int, x1: int, y1: int) -> list[int]:
        """The wire sections whose box meets this box (edges included), in order."""
        found: list[int] = []
        for top, bottom, row in self.belts:
            if top <= y1 and bottom >= y0:
                found += [w for a, b, w in row if a <= x1 and b >= x0]
        return sorted(found) if found else found


def _belts(wire: tuple[Wire, ...]) -> Belts:
    """The wire sections by belt, (y0, y1, ((x0, x1, section), ...)): a path or a man is
    tested against a belt's band before its sections."""
    belts: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for n, w in enumerate(wire):
        x0, y0, x1, y1 = w.box
        belts.setdefault((y0, y1), []).append((x0, x1, n))
    return tuple((y0, y1, tuple(row)) for (y0, y1), row in belts.items())


def _box(box: list[int]) -> Polygon:
    x0, y0, x1, y1 = box
    return shapely.box(x0, y0, x1, y1)


def _trenches(table: dict[str, Any]) -> tuple[Trench, ...]:
    rows = []
    for t in table["trench"]:
        pts = tuple((int(x), int(y)) for x, y in t["points"])
        centre = LineString(pts)
        bunker = _box(t["bunker"])
        shape = centre.buffer(t["width"] / 2, cap_style="flat", join_style="mitre")
        assert int(t["width"]) % 2 == 0, "a trench's half width is whole tenths"
        half = int(t["width"]) // 2
        rows.append(Trench(int(t["line"]), pts, centre, shape, bunker, tuple(t["bunker"]), half))
    return tuple(rows)


def _wire(table: dict[str, Any]) -> tuple[Wire, ...]:
    rows = []
    width = int(table["width"])
    for belt in table["wire"]:
        step = int(belt["section"])
        for n, x0 in enumerate(range(0, width, step), start=1):
            box = (x0, int(belt["y0"]), min(width, x0 + step), int(belt["y1"]))
            rows.append(Wire(f"W{belt['line']}{n:02d}", int(belt["line"]), box, _box(list(box))))
    return tuple(rows)


def _features(table: dict[str, Any]) -> tuple[tuple[Feature, ...], tuple[Feature, ...]]:
    holes = tuple(
        Feature(
            h["id"],
            "shell_hole",
            Point(*h["at"]).buffer(h["radius"], quad_segs=8),
            (int(h["at"][0]), int(h["at"][1])),
            int(h["radius"]),
        )
        for h in table["shell_hole"]
    )
    woods = []
    for w in table["woods"]:
        shape = Polygon(w["points"])
        inside = shape.representative_point()
        woods.append(Feature(w["id"], w["kind"], shape, (int(inside.x), int(inside.y))))
    return holes, tuple(woods)


def _figures() -> tuple[tuple[Figure, ...], tuple[tuple[int, int] | None, ...], list[Any]]:
    with (DATA / "forces.csv").open(newline="") as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    figures: list[Figure] = []
    counters = {FRENCH: 0, GERMAN: 0}
    # The figures' strings interned: the rules compare a side, kind or group with their own
    # constants (interned too) and look groups and ids up in dicts, which then find the same
    # object and skip comparing the characters.
    for row in rows:
        side, group, kind = (
            sys.intern(row["side"]),
            sys.intern(row["group"]),
            sys.intern(row["kind"]),
        )
        for _ in range(int(row["count"])):
            counters[side] += 1
            fid = sys.intern(f"{side[0].upper()}{counters[side]}")
            figures.append(Figure(len(figures), fid, side, group, kind, row["name"], row["deploy"]))
    return tuple(figures), (), rows


def _grid(n: int, x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """``n`` points in rows filling a rectangle (a formation)."""
    rows = 2 if n > 4 else 1
    per_row = -(-n // rows)
    pts = []
    for i in range(n):
        r, c = divmod(i, per_row)
        x = x0 + (x1 - x0) * c // max(1, per_row - 1)
        y = y0 + (y1 - y0) * r // max(1, rows - 1) if rows > 1 else y0
        pts.append((x, y))
    return pts


def _deploy(
    figures: tuple[Figure, ...], rows: list[Any], trenches: tuple[Trench, ...]
) -> tuple[tuple[int, int] | None, ...]:
    start: list[tuple[int, int] | None] = []
    at = 0
    for row in rows:
        n = int(row["count"])
        how = row["deploy"]
        if how == "pool":
            pts: list[tuple[int, int] | None] = [None] * n
        elif how == "point":
            pts = [(int(row["x0"]), int(row["y0"]))] * n
        elif how == "rect":
            pts = list(_grid(n, *(int(row[k]) for k in ("x0", "y0", "x1", "y1"))))
        elif how == "bunker":
            x0, y0, x1, y1 = trenches[int(row["x0"]) - 1].bunker_box
            pts = list(_grid(n, x0 + 6, y0 + 6, x1 - 6, y1 - 6))
        elif how == "line":
            trench = trenches[int(row["x0"]) - 1]
            a = int(row["y0"])
            b = int(row["y1"]) if row["y1"] else a
            xs = [a + (b - a) * i // max(1, n - 1) for i in range(n)]
            pts = [(x, trench.y_at(x)) for x in xs]
        else:
            raise ValueError(f"forces.csv: unknown deploy {how!r}")
        start.extend(pts)
        at += n
    assert at == len(figures)
    return tuple(start)


def _objectives(
    trenches: tuple[Trench, ...], holes: tuple[Feature, ...], width: int
) -> dict[str, tuple[int, int]]:
    """Named points: each shell hole, each bunker, and each trench line's west, centre and
    east thirds (the aim points and march objectives that legal_actions offers)."""
    points: dict[str, tuple[int, int]] = {h.id: h.at for h in holes}
    for t in trenches:
        x0, y0, x1, y1 = t.bunker_box
        points[f"B{t.line}"] = ((x0 + x1) // 2, (y0 + y1) // 2)
        for name, x in (("W", width // 6), ("C", width // 2), ("E", width * 5 // 6)):
            points[f"L{t.line}{name}"] = (x, t.y_at(x))
    return points


def _anchors(
    trenches: tuple[Trench, ...], holes: tuple[Feature, ...], woods: tuple[Feature, ...]
) -> tuple[tuple[int, int], ...]:
    pts: list[tuple[int, int]] = []
    for h in holes:
        x, y = h.at
        pts += [(x, y), (x - 12, y), (x + 12, y), (x, y - 12), (x, y + 12)]
    for t in trenches:
        pts += [(x, t.y_at(x)) for x in range(t.points[0][0], t.points[-1][0] + 1, 20)]
    pts += [w.at for w in woods]
    return tuple(pts)


@cache
def components() -> Components:
    """Everything the rules read, built once per process."""
    table = tomllib.loads((DATA / "table.toml").read_text())
    tables = tomllib.loads((DATA / "tables.toml").read_text())
    events = tomllib.loads((DATA / "events.toml").read_text())["event"]
    trenches = _trenches(table)
    holes, woods = _features(table)
    communication = tuple(
        LineString(c["points"]).buffer(5, cap_style="flat") for c in table["communication"]
    )
    cover = shapely.union_all(
        [t.shape for t in trenches]
        + [t.bunker for t in trenches]
        + list(communication)
        + [h.shape for h in holes]
        + [w.shape for w in woods]
    )
    shapely.prepare(cover)
    figures, _, rows = _figures()
    width = int(table["width"])
    wire = _wire(table)
    return Components(
        width=width,
        depth=int(table["depth"]),
        french_start=int(table["french_start"]),
        trenches=trenches,
        wire=wire,
        communication=communication,
        holes=holes,
        woods=woods,
        cover=cover,
        figures=figures,
        start=_deploy(figures, rows, trenches),
        tables=tables,
        fire_table={key: int(value) for key, value in tables["fire"].items()},
        events=tuple(events),
        objectives=_objectives(trenches, holes, width),
        anchors=_anchors(trenches, holes, woods),
        tank_flags=tuple(f.is_tank for f in figures),
        kinds=tuple(f.kind for f in figures),
        sides=tuple(f.side for f in figures),
        walkers=tuple(not f.is_tank and f.kind not in ("gun", "plane") for f in figures),
        belts=_belts(wire),
    )

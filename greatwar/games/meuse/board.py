"""The Meuse-Argonne map and counter faces for drawing in the browser, built from data/.

The format is game-agnostic (docs/game-module-guide.md, "Board description for the
browser", as FBSM's board.py writes it); this module only translates the components. Each
hex is drawn with its dominant terrain, and with a trench texture where it is a Stellung,
2nd Tier Trench or Fortifications hex (MA 14.2). Rivers, the Meuse, bridges and the trench
lines run along hexsides: they are listed under ``hexsides``, each with the segment to draw
(in hex radii), styled by ``hexside_styles``, for a client that draws hexside features.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from greatwar.games.meuse.data import (
    ALLIED,
    FORTRESS,
    GERMAN,
    RISE,
    TOWN,
    WOODS,
    Board,
    components,
)
from greatwar.games.meuse.state import PHASES
from greatwar.hexes.drawing import header, hex_centre, legend, nations, place_labels

# Map colours in the manner of a printed folio map: pale ground, green woods, tan rises.
FILLS = {
    "clear": "#eee6c8",
    RISE: "#dcc58f",
    WOODS: "#a3c283",
    TOWN: "#caa68a",
    FORTRESS: "#a88c7a",
}
PATTERNS = {WOODS: "trees", TOWN: "buildings", FORTRESS: "buildings", RISE: "contour"}
NAMES = {"clear": "Clear", RISE: "Rise", WOODS: "Woods", TOWN: "Town", FORTRESS: "Fortress"}
WORKS_NAMES = {
    "stellung": "Stellung",
    "trench2": "2nd Tier Trench",
    "fortification": "Fortifications",
}
DOMINANCE = (FORTRESS, TOWN, WOODS, RISE, "clear")  # the terrain a hex is drawn with
HEXSIDE_STYLES = {
    "meuse": {"stroke": "#2f6fb0", "width": 0.34},
    "river": {"stroke": "#4f8fc8", "width": 0.2},
    "bridge": {"stroke": "#5a4630", "width": 0.3},
    "stellung": {"stroke": "#8a1c1c", "width": 0.16, "dash": "0.15 0.08"},
    "trench2": {"stroke": "#a0522d", "width": 0.14, "dash": "0.12 0.08"},
    "fortification": {"stroke": "#3a2a1a", "width": 0.18, "dash": "0.18 0.06"},
}
SIDES = (
    {"id": ALLIED, "name": "Allies (US First Army)", "fill": "#c6c46c", "ink": "#1f2a10"},
    {"id": GERMAN, "name": "Germany", "fill": "#8499b8", "ink": "#0c1626"},
)
KINDS = {"division": "Division", "brigade": "US brigade (MA 13.1)"}
COUNTER_VALUES = ("attack", "defense", "move")  # digest 2.3: printed left to right


def draw_terrain(b: Board, h: int) -> tuple[str, str, str, str | None]:
    """(id, name, fill, pattern) the hex is drawn with: its dominant terrain, and its works."""
    main = next(t for t in DOMINANCE if t in b.terrain[h] or t == "clear")
    names = [NAMES[t] for t in DOMINANCE if t in b.terrain[h]] or [NAMES["clear"]]
    works = b.works.get(h)
    if works is None:
        return main, ", ".join(names), FILLS[main], PATTERNS.get(main)
    return f"{main}+{works}", ", ".join([*names, WORKS_NAMES[works]]), FILLS[main], "trench"


@cache
def board() -> dict[str, Any]:
    """The map (hexes, terrain, hexsides, labels, regions) and counter faces as JSON-able data."""
    c = components()
    b = c.board
    kinds = {draw_terrain(b, h) for h in range(b.grid.size)}
    return {
        **header("meuse", b.grid, lambda h: _hex(b, h)),
        "terrain": [
            {"id": i, "name": name, "fill": fill, "pattern": pattern}
            for i, name, fill, pattern in sorted(kinds)
        ],
        "lines": [],
        "line_styles": {},
        "hexsides": _hexsides(b),
        "hexside_styles": HEXSIDE_STYLES,
        "labels": _labels(b),
        "regions": _regions(),
        **legend(SIDES, KINDS, COUNTER_VALUES),
        **nations(__package__ or "", SIDES),  # colours and marks per nation
        "pieces": [
            {
                "id": u.id,
                "side": u.side,
                "nation": u.nation,
                "kind": u.kind,
                "name": u.name,
                "attack": u.full[0],
                "defense": u.full[1],
                "move": u.full[2],
            }
            for u in c.counters
        ],
        "phases": [{"numeral": str(i + 1), "title": p[2]} for i, p in enumerate(PHASES)],
    }


def _hex(b: Board, h: int) -> dict[str, Any]:
    return {**hex_centre(b.grid, h), "terrain": draw_terrain(b, h)[0], "place": b.place[h]}


def _hexsides(b: Board) -> list[dict[str, Any]]:
    """Every hexside feature: the two hexes it lies between, its kind, and the segment of the
    shared hexside to draw, [x1, y1, x2, y2] in hex radii (like Devil Dogs' sector outlines)."""
    rows = []
    for pair, features in sorted(b.hexsides.items(), key=lambda item: sorted(item[0])):
        a, z = sorted(pair)
        segment = _shared_side(b, a, z)
        for feature in sorted(features):
            rows.append({"a": b.grid.id(a), "b": b.grid.id(z), "kind": feature, "segment": segment})
    return rows


def _shared_side(b: Board, a: int, z: int) -> list[float]:
    """The hexside between two adjacent hexes: half a radius either side of the midpoint of
    their centres, square to the line joining them (a hexside is one radius long)."""
    (ax, ay), (zx, zy) = b.grid.pixel(a), b.grid.pixel(z)
    mx, my = (ax + zx) / 2, (ay + zy) / 2
    dx, dy = zx - ax, zy - ay
    length = (dx * dx + dy * dy) ** 0.5
    px, py = -dy / length / 2, dx / length / 2
    return [round(mx + px, 4), round(my + py, 4), round(mx - px, 4), round(my - py, 4)]


def _labels(b: Board) -> list[dict[str, Any]]:
    """One label per named place, at the centre of its hexes; towns and fortresses stand out."""
    return place_labels(
        b.grid, b.place, lambda h: "town" if b.has(h, TOWN) or b.has(h, FORTRESS) else "area"
    )


def _regions() -> list[dict[str, Any]]:
    """Hexes the rules name: entry hexes (19.3, 19.6), Sedan (12.1), the Stellung (19.4)."""
    c = components()
    b = c.board
    ids = b.grid.id
    return [
        {"name": "Sedan: the Allied objective (12.1)", "kind": "exit", "hexes": [ids(c.sedan)]},
        {
            "name": "German reinforcement towns (19.6)",
            "kind": "entry",
            "hexes": [ids(h) for h in c.entry_towns],
        },
        {
            "name": "Allied reinforcements: the south edge (19.3)",
            "kind": "entry",
            "hexes": [ids(h) for h in sorted(b.south_edge)],
        },
    ]

"""The FBSM map and counter faces for drawing in the browser, built from data/ (B3, B5).

The format is game-agnostic and written down in docs/game-module-guide.md ("Board
description for the browser"); this module only translates FBSM's components into it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from greatwar.games.fbsm.data import GERMAN, US, Board, components
from greatwar.games.fbsm.state import PHASE_NAMES
from greatwar.hexes.drawing import header, hex_centre, legend, nations, place_labels

# Map colours, chosen to read like a printed S&T map: pale ground, green woods, built-up towns.
TERRAIN_FILLS = {
    "clear": "#efe8cf",
    "town": "#c9a48a",
    "wooded_hills": "#9fbf7e",
    "prepared_position": "#b49a7a",
    "railroad": "#e2dbc0",
    "surmelin": "#d3e4da",
    "riverbank": "#cfdcc0",
    "hill_231": "#d9c48f",
    "marne": "#8db8d8",
}
# Textures the client draws over a fill ("trees", "buildings", "trench", "water").
TERRAIN_PATTERNS = {
    "town": "buildings",
    "wooded_hills": "trees",
    "prepared_position": "trench",
    "marne": "water",
    "hill_231": "contour",
}
LINE_STYLES = {
    "road": {"stroke": "#8a3b1c", "width": 0.22},
    "railroad": {"stroke": "#2b2b2b", "width": 0.16, "ties": True},
    "surmelin": {"stroke": "#3f7fc0", "width": 0.3},
}
SIDES = (
    {"id": US, "name": "United States", "fill": "#c6c46c", "ink": "#1f2a10"},
    {"id": GERMAN, "name": "Germany", "fill": "#8499b8", "ink": "#0c1626"},
)
KINDS = {"infantry": "Infantry platoon", "heavy_weapons": "Heavy weapons emplacement"}
COUNTER_VALUES = ("fire", "range", "move")  # 2.5: printed left to right


@cache
def board() -> dict[str, Any]:
    """The map (hexes, terrain, lines, labels, edges) and counter faces as JSON-able data."""
    c = components()
    b = c.board
    return {
        **header("fbsm", b.grid, lambda h: _hex(b, h)),
        "terrain": [
            {
                "id": t.name,
                "name": t.title,
                "fill": TERRAIN_FILLS[t.name],
                "pattern": TERRAIN_PATTERNS.get(t.name),
            }
            for t in b.terrain_types.values()
        ],
        "lines": _lines(b),
        "line_styles": LINE_STYLES,
        "labels": _labels(b),
        "regions": _regions(),
        **legend(SIDES, KINDS, COUNTER_VALUES),
        **nations(__package__ or "", SIDES),  # colours and marks per nation
        "pieces": [
            {"id": u.id, "side": u.side, "kind": u.kind, "name": u.name}
            | {value: getattr(u, value) for value in COUNTER_VALUES}
            for u in c.counters
        ],
        "phases": [{"numeral": n, "title": t} for n, t in PHASE_NAMES],
    }


def _hex(b: Board, h: int) -> dict[str, Any]:
    return {**hex_centre(b.grid, h), "terrain": b.terrain[h].name, "place": b.place[h]}


def _lines(b: Board) -> list[dict[str, Any]]:
    """hexsides.csv rows (in path order) chained into polylines through hex centres."""
    lines: list[dict[str, Any]] = []
    for a, z, feature, name in b.lines:
        ids = (b.grid.id(a), b.grid.id(z))
        last = lines[-1] if lines else None
        if last and last["name"] == name and last["hexes"][-1] == ids[0]:
            last["hexes"].append(ids[1])
        else:
            lines.append({"kind": feature, "name": name, "hexes": list(ids)})
    return lines


def _labels(b: Board) -> list[dict[str, Any]]:
    """One label per named place, at the centre of its hexes; towns stand out (2.2)."""
    return place_labels(
        b.grid, b.place, lambda h: "town" if b.terrain[h].name == "town" else "area"
    )


def _regions() -> list[dict[str, Any]]:
    """Edge hexes that the rules name: the German exits (4.3) and entry edges (7.5, 7.7, 8.3)."""
    tables = components().tables
    return [
        {
            "name": "German exit (4.3)",
            "kind": "exit",
            "hexes": tables["victory"]["south_exit_hexes"],
        },
        {
            "name": "West breakthrough (7.5)",
            "kind": "entry",
            "hexes": tables["breakthrough_west"]["hexes"],
        },
        {
            "name": "East breakthrough (7.7)",
            "kind": "entry",
            "hexes": tables["breakthrough_east"]["hexes"],
        },
    ]

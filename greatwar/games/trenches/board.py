"""The table for the browser (greatwar/web/table.js): not hexes but shapes in inches.

Format ``greatwar-table`` version 1; every length in tenths of an inch, x east, y north
(toward the Germans; the client flips y so the French are at the bottom):

    {"format": "greatwar-table", "version": 1, "game": "trenches",
     "width", "depth", "french_start",
     "terrain": [{"id", "kind": trench|bunker|wire|communication|shell_hole|woods|ruins,
                  "line"?: 1-3, "points": [[x, y], ...]}],   # closed polygons
     "objectives": {"L1C": [x, y], ...},                     # named aim and march points
     "ranges": {"rifle": 80, "mg": 120, "mortar": [20, 120], "ap": 240, "grenade": 30,
                "leader": 120, "contact": 10},
     "drift": 120, "wind": {"left": [1, 0], ...},             # the clouds' 12" drift
     "sides": [{"id", "name", "fill", "ink"}], "nations": [{"id", "side", "name", "mark",
     "fill", "ink"}], "kinds": {"rifle": "Rifleman", ...},
     "events": [{"id", "title", "text"}]}
"""

from __future__ import annotations

from functools import cache
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from greatwar.games.trenches.data import components
from greatwar.games.trenches.sequence import DRIFT
from greatwar.hexes.drawing import nations

SIDES = (
    {"id": "french", "name": "France", "fill": "#a9c6ea", "ink": "#0f1f38"},
    {"id": "german", "name": "Germany", "fill": "#4f5a52", "ink": "#ffffff"},
    {"id": "gm", "name": "Game master", "fill": "#b08a3c", "ink": "#ffffff"},
)

KINDS = {
    "leader": "Leader",
    "rifle": "Rifleman",
    "elite": "Elite (Stosstruppe)",
    "hq": "HQ",
    "mg": "Machine gun",
    "mortar": "Trench mortar",
    "gun": "Field gun",
    "schneider": "Schneider tank",
    "whippet": "Whippet tank",
    "stchamond": "St Chamond tank",
    "a7v": "A7V tank",
    "plane": "Airplane",
}


def outline(shape: BaseGeometry) -> list[list[int]]:
    """A polygon's outer ring in whole tenths."""
    return [[round(x), round(y)] for x, y in shapely.get_coordinates(shape.exterior)]


@cache
def board() -> dict[str, Any]:
    c = components()
    terrain: list[dict[str, Any]] = []
    for t in c.trenches:
        terrain.append(
            {"id": f"T{t.line}", "kind": "trench", "line": t.line, "points": outline(t.shape)}
        )
        terrain.append(
            {"id": f"B{t.line}", "kind": "bunker", "line": t.line, "points": outline(t.bunker)}
        )
    for n, shape in enumerate(c.communication, start=1):
        terrain.append({"id": f"C{n}", "kind": "communication", "points": outline(shape)})
    for w in c.wire:
        terrain.append({"id": w.id, "kind": "wire", "line": w.line, "points": outline(w.shape)})
    for h in c.holes:
        terrain.append({"id": h.id, "kind": "shell_hole", "points": outline(h.shape)})
    for wood in c.woods:
        terrain.append({"id": wood.id, "kind": wood.kind, "points": outline(wood.shape)})
    fire = c.tables["fire"]
    return {
        "format": "greatwar-table",
        "version": 1,
        "game": "trenches",
        "width": c.width,
        "depth": c.depth,
        "french_start": c.french_start,
        "terrain": terrain,
        "objectives": {k: list(v) for k, v in c.objectives.items()},
        "ranges": {
            "rifle": fire["rifle_range"],
            "mg": fire["mg_range"],
            "mortar": [fire["mortar_min"], fire["mortar_max"]],
            "ap": fire["ap_range"],
            "grenade": fire["grenade_range"],
            "leader": c.tables["move"]["leader_radius"],
            "contact": fire["contact"],
        },
        "drift": c.tables["scatter"]["cloud_drift"],
        "cloud_radius": c.tables["scatter"]["gas_radius"],
        "blast": c.tables["scatter"]["he_blast"],
        "wind": {k: list(v) for k, v in DRIFT.items()},
        **nations(__package__ or "", SIDES),  # colours and marks per nation
        "kinds": KINDS,
        "events": [{"id": e["id"], "title": e["title"], "text": e["text"]} for e in c.events],
        # the keys the hex client reads, empty: a table has no hexes or counters
        "hexes": [],
        "pieces": [],
    }

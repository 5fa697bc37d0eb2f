"""The Devil Dogs map, sectors and counter faces for drawing in the browser, from data/.

The format is game-agnostic and written down in docs/game-module-guide.md ("Board
description for the browser"); Devil Dogs adds slope hexes and sector outlines and labels
(its own subsection there).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from greatwar.games.devildogs.data import GERMAN, US, Board, components
from greatwar.hexes.drawing import (
    HALF_HEIGHT,
    centre,
    header,
    hex_centre,
    legend,
    nations,
    place_labels,
)

# Wheat-field ground, green woods, brick villages, a grey railway embankment.
TERRAIN_FILLS = {
    "open": "#ece3bf",
    "woods": "#8db36f",
    "urban": "#c59f7e",
    "rail": "#d6d0bb",
}
TERRAIN_PATTERNS = {"woods": "trees", "urban": "buildings"}  # textures the client draws
SIDES = (
    {"id": US, "name": "United States and France", "fill": "#c6c46c", "ink": "#22240f"},
    {"id": GERMAN, "name": "Germany", "fill": "#8499b8", "ink": "#0c1626"},
)
KINDS = {
    "infantry": "Infantry company",
    "mg": "Machine gun company",
    "mortar": "Mortar company",
    "gun_pit": "Gun pit",
    "hq": "Regimental HQ",
}
TURN_SEQUENCE = (
    ("1", "Draw Command Card Hand"),
    ("2", "Assign Sector Command Cards"),
    ("3", "Initiative Phase"),
    ("4", "Assign Sector Orders"),
    ("5", "Mortar Fire and Gas Drift"),
    ("6", "Alternate Sector Activation"),
    ("7", "Alternate Order Execution"),
    ("8", "Players Execute Orders"),
    ("9", "Resolve Combat"),
    ("10", "Repeat for Remaining Sectors"),
    ("11", "Reinforcements"),
)


@cache
def board() -> dict[str, Any]:
    """The map (hexes, terrain, slopes, sectors, labels) and counter faces as JSON-able data."""
    c = components()
    b = c.board
    return {
        **header("devildogs", b.grid, lambda h: _hex(b, h)),
        "terrain": [
            {
                "id": key,
                "name": spec["name"],
                "fill": TERRAIN_FILLS[key],
                "pattern": TERRAIN_PATTERNS.get(key),
            }
            for key, spec in c.tables["terrain"].items()
        ],
        "lines": [],
        "line_styles": {},
        "labels": _labels(b),
        "regions": _regions(b),
        "sectors": [_sector(b, name) for name in b.sector_names],
        "compass": {str(k): v for k, v in sorted(c.compass.items())},
        **legend(SIDES, KINDS, ["face"]),  # the face: steps left, then F (falter) and P (pin)
        **nations(__package__ or "", SIDES),  # colours and marks per nation
        "pieces": [
            {"id": u.id, "side": u.side, "kind": u.kind, "name": u.name, "steps": u.steps}
            | {"nation": u.nation, "regiment": u.regiment, "face": str(u.steps)}
            for u in c.units
        ],
        "phases": [{"numeral": n, "title": t} for n, t in TURN_SEQUENCE],
    }


def _hex(b: Board, h: int) -> dict[str, Any]:
    return {
        **hex_centre(b.grid, h),
        "terrain": b.terrain[h],
        "place": b.place[h],
        "slope": b.slope[h],
        "sectors": sorted(b.sectors[h]),
    }


def _labels(b: Board) -> list[dict[str, Any]]:
    """One label per named place, at the centre of its hexes, and one per sector (5.7)."""
    labels = place_labels(b.grid, b.place, lambda h: "town" if b.terrain[h] == "urban" else "area")
    for name in b.sector_names:
        labels.append({**_sector_label(b, name), "kind": "area"})
    return labels


def _sector_label(b: Board, name: str) -> dict[str, Any]:
    """'Sector A' near the southern end of the sector's middle (clear of place names)."""
    hexes = b.sector_hexes[name]
    x, _ = centre(b.grid, list(hexes))
    y = max(b.grid.pixel(h)[1] for h in hexes) - 0.6
    return {"text": f"Sector {name}", "x": x, "y": round(y, 4)}


def _regions(b: Board) -> list[dict[str, Any]]:
    """5.7: the hexes bisected by each sector border, as regions of kind ``sector``."""
    borders: dict[str, list[str]] = defaultdict(list)
    for h, sectors in enumerate(b.sectors):
        if len(sectors) > 1:
            borders["/".join(sorted(sectors))].append(b.grid.id(h))
    return [
        {"name": f"Border of sectors {pair} (5.7)", "kind": "sector", "hexes": hexes}
        for pair, hexes in sorted(borders.items())
    ]


def _corner(x: float, y: float, k: int) -> tuple[float, float]:
    """Corner k (0 = east, counter-clockwise in screen terms) of a flat-topped hex."""
    k %= 6
    angles = ((1.0, 0.0), (0.5, -HALF_HEIGHT), (-0.5, -HALF_HEIGHT))
    dx, dy = angles[k % 3]
    if k >= 3:
        dx, dy = -dx, -dy
    return (x + dx, y + dy)


def _sector(b: Board, name: str) -> dict[str, Any]:
    """5.7: a sector's hexes, its label position and its outline as hexside segments
    ``[x1, y1, x2, y2]`` between its hexes and the rest (a bisected hex is in both)."""
    hexes = set(b.sector_hexes[name])
    segments = []
    for h in sorted(hexes):
        x, y = b.grid.pixel(h)
        for k in range(6):
            a, z = _corner(x, y, k), _corner(x, y, k + 1)
            mid = ((a[0] + z[0]) - x, (a[1] + z[1]) - y)  # the neighbour's centre across it
            if not _has_hex_at(b, hexes, mid):
                segments.append([round(v, 4) for v in (*a, *z)])
    return {
        "id": name,
        "label": _sector_label(b, name),
        "hexes": [b.grid.id(h) for h in sorted(hexes)],
        "outline": segments,
    }


@cache
def _pixel_index() -> dict[tuple[int, int], int]:
    b = components().board
    return {_key(b.grid.pixel(h)): h for h in range(b.grid.size)}


def _key(point: tuple[float, float]) -> tuple[int, int]:
    return (round(point[0] * 100), round(point[1] * 100))


def _has_hex_at(b: Board, hexes: set[int], point: tuple[float, float]) -> bool:
    h = _pixel_index().get(_key(point))
    return h is not None and h in hexes

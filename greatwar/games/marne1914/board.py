"""The Miracle on the Marne map and counter faces for drawing in the browser, from data/.

The format is game-agnostic (docs/game-module-guide.md, "Board description for the
browser"); this module only translates the components. Roads and railroads are polylines
through hex centres, one per link; rivers lie along hexsides.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from greatwar.games.marne1914.data import ALLIED, GERMAN, Board, components
from greatwar.games.marne1914.rules import PHASE_TITLES
from greatwar.hexes.drawing import nations

FILLS = {"clear": "#ece4c4", "forest": "#9fc07f", "town": "#cdb08e", "city": "#b89478"}
PATTERNS = {"forest": "trees", "town": "buildings", "city": "buildings"}
NAMES = {"clear": "Clear", "forest": "Forest", "town": "Town (1 VP)", "city": "City (3 VP)"}
HEXSIDE_STYLES = {"river": {"stroke": "#3f7fbf", "width": 0.22}}
LINE_STYLES = {
    "road": {"stroke": "#8a5a2b", "width": 0.12},
    "railroad": {"stroke": "#202020", "width": 0.1, "ties": True},
}
SIDES = (
    {"id": ALLIED, "name": "Allies (France and Britain)", "fill": "#8fa8d8", "ink": "#0f1a30"},
    {"id": GERMAN, "name": "Germany", "fill": "#9aa58a", "ink": "#151a10"},
)
KINDS = {
    "infantry": "Infantry brigade or regiment",
    "cavalry": "Cavalry",
    "artillery": "Corps artillery",
    "hq": "Corps HQ (mode counter)",
    "hidden": "Enemy stack (contents unseen, 8.1.5)",
}
COUNTER_VALUES = ("attack", "defense", "move")


def board() -> dict[str, Any]:
    """The map and counter faces as JSON-able data."""
    return _board()


@cache
def _board() -> dict[str, Any]:
    c = components()
    b = c.board
    hexes = [_hex(b, h) for h in b.grid]
    return {
        "format": "greatwar-board",
        "version": 1,
        "game": "marne1914",
        "hex": {"orientation": "flat", "radius": 1.0},
        "bounds": _bounds(hexes),
        "terrain": [
            {"id": t, "name": NAMES[t], "fill": FILLS[t], "pattern": PATTERNS.get(t)}
            for t in ("clear", "forest", "town", "city")
        ],
        "hexes": hexes,
        "lines": _lines(b),
        "line_styles": LINE_STYLES,
        "hexsides": _hexsides(b),
        "hexside_styles": HEXSIDE_STYLES,
        "labels": _labels(b),
        "regions": _regions(),
        "sides": list(SIDES),
        **nations(__package__ or "", SIDES),  # colours and marks per nation
        "kinds": KINDS,
        "counter_values": list(COUNTER_VALUES),
        "pieces": [
            {
                "id": u.id,
                "side": u.side,
                "nation": u.nation,
                "kind": u.kind,
                "name": u.name,
                "attack": u.bombard[0] if u.is_artillery else u.full[0],
                "defense": u.full[1],
                "move": u.full[2],
            }
            for u in c.counters
        ],
        "phases": [
            {"numeral": str(i + 1), "title": t} for i, t in enumerate(PHASE_TITLES.values())
        ],
    }


def _hex(b: Board, h: int) -> dict[str, Any]:
    x, y = b.grid.pixel(h)
    return {
        "id": b.grid.id(h),
        "x": round(x, 4),
        "y": round(y, 4),
        "terrain": b.terrain[h],
        "place": b.place[h],
    }


def _bounds(hexes: list[dict[str, Any]]) -> list[float]:
    xs = [h["x"] for h in hexes]
    ys = [h["y"] for h in hexes]
    half = 3**0.5 / 2
    return [min(xs) - 1, min(ys) - half, max(xs) + 1, max(ys) + half]


def _lines(b: Board) -> list[dict[str, Any]]:
    ids = b.grid.id
    out = []
    for kind, links in (("road", b.roads), ("railroad", b.rails)):
        for pair in sorted(links, key=sorted):
            a, z = sorted(pair)
            out.append({"kind": kind, "name": kind, "hexes": [ids(a), ids(z)]})
    return out


def _hexsides(b: Board) -> list[dict[str, Any]]:
    rows = []
    for pair in sorted(b.rivers, key=sorted):
        a, z = sorted(pair)
        (ax, ay), (zx, zy) = b.grid.pixel(a), b.grid.pixel(z)
        mx, my = (ax + zx) / 2, (ay + zy) / 2
        dx, dy = zx - ax, zy - ay
        length = (dx * dx + dy * dy) ** 0.5
        px, py = -dy / length / 2, dx / length / 2
        segment = [round(mx + px, 4), round(my + py, 4), round(mx - px, 4), round(my - py, 4)]
        rows.append({"a": b.grid.id(a), "b": b.grid.id(z), "kind": "river", "segment": segment})
    return rows


def _labels(b: Board) -> list[dict[str, Any]]:
    members: dict[str, list[int]] = defaultdict(list)
    for h in b.grid:
        if b.place[h]:
            members[b.place[h]].append(h)
    labels = []
    for place, hexes in members.items():
        points = [b.grid.pixel(h) for h in hexes]
        labels.append(
            {
                "text": place,
                "x": round(sum(p[0] for p in points) / len(points), 4),
                "y": round(sum(p[1] for p in points) / len(points), 4),
                "kind": "town",
            }
        )
    return labels


def _regions() -> list[dict[str, Any]]:
    c = components()
    ids = c.board.grid.id
    regions = [
        {
            "name": "Paris (13, 14: 10 VP for most of its hexes)",
            "kind": "exit",
            "hexes": [ids(h) for h in c.board.paris],
        },
        {"name": "Entry hex 1 (7.3.2)", "kind": "entry", "hexes": [ids(c.entries["entry1"])]},
        {"name": "Entry hex 2 (7.3.3)", "kind": "entry", "hexes": [ids(c.entries["entry2"])]},
    ]
    for zone, hexes in c.zones.items():
        regions.append(
            {
                "name": f"{c.corps[zone].name} deployment zone (3)",
                "kind": "zone",
                "hexes": [ids(h) for h in hexes],
            }
        )
    return regions

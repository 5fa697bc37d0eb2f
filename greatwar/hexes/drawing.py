"""The parts of a board description for the browser (docs/game-module-guide.md, "Board
description for the browser") that every hex game builds alike from its grid: hex centres,
the bounds of the map, and place labels. Coordinates are in hex radii, ``x`` east, ``y``
south, as ``HexGrid.pixel`` gives them, rounded to four places. Also the nations a game's
counters belong to, with their colours and marks (any game's board, hexes or table)."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Any

from greatwar.hexes.grid import HexGrid

HALF_HEIGHT = 3**0.5 / 2  # a flat-topped hex of radius 1 reaches this far above its centre


def header(
    game_id: str, grid: HexGrid, describe: Callable[[int], dict[str, Any]]
) -> dict[str, Any]:
    """The fields that open every board description: format, game, hex shape, bounds, and
    the hexes, each described by ``describe(index)`` (``hex_centre`` and what the game adds)."""
    hexes = [describe(h) for h in range(grid.size)]
    return {
        "format": "greatwar-board",
        "version": 1,
        "game": game_id,
        "hex": {"orientation": "flat", "radius": 1.0},
        "bounds": bounds(hexes),
        "hexes": hexes,
    }


def legend(
    sides: Iterable[dict[str, str]], kinds: dict[str, str], counter_values: Iterable[str]
) -> dict[str, Any]:
    """The sides (id, name, colours), unit kinds in words, and the values printed on a
    counter, as the client draws pieces from them."""
    return {"sides": list(sides), "kinds": kinds, "counter_values": list(counter_values)}


def nations(package: str, sides: Iterable[dict[str, str]]) -> dict[str, Any]:
    """The game's nations from its ``data/nations.csv`` (id, side, name, mark, fill, ink): the
    colours and short mark each counter of that nation carries; and the sides, each coloured
    as its first nation (a hidden stack shows only its side). Allied nations are light with
    dark ink, German ones dark with white ink, so the sides differ by lightness for every
    kind of colour vision, and the printed mark tells nations of one side apart."""
    text = resources.files(package).joinpath("data", "nations.csv").read_text(encoding="utf-8")
    rows = [dict(row) for row in csv.DictReader(io.StringIO(text))]
    coloured = []
    for side in sides:
        first = next((n for n in rows if n["side"] == side["id"]), None)
        coloured.append(side | ({"fill": first["fill"], "ink": first["ink"]} if first else {}))
    return {"nations": rows, "sides": coloured}


def hex_centre(grid: HexGrid, index: int) -> dict[str, Any]:
    """A hex's printed id and centre; a game adds its terrain, place and the rest."""
    x, y = grid.pixel(index)
    return {"id": grid.id(index), "x": round(x, 4), "y": round(y, 4)}


def bounds(hexes: Iterable[dict[str, Any]]) -> list[float]:
    """[min x, min y, max x, max y] of the hexes' corners (flat-topped, radius 1)."""
    points = [(h["x"], h["y"]) for h in hexes]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return [min(xs) - 1, min(ys) - HALF_HEIGHT, max(xs) + 1, max(ys) + HALF_HEIGHT]


def centre(grid: HexGrid, hexes: Sequence[int]) -> tuple[float, float]:
    """The mean of the hexes' centres."""
    points = [grid.pixel(h) for h in hexes]
    return (
        round(sum(p[0] for p in points) / len(points), 4),
        round(sum(p[1] for p in points) / len(points), 4),
    )


def place_labels(
    grid: HexGrid, places: Sequence[str], kind: Callable[[int], str]
) -> list[dict[str, Any]]:
    """One label per place name (``places[hex]``, "" for none) at the centre of its hexes,
    of the ``kind`` the game gives its first hex ("town" or "area")."""
    members: dict[str, list[int]] = defaultdict(list)
    for h, place in enumerate(places):
        if place:
            members[place].append(h)
    labels = []
    for place, hexes in members.items():
        x, y = centre(grid, hexes)
        labels.append({"text": place, "x": x, "y": y, "kind": kind(hexes[0])})
    return labels

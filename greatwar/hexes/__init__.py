"""Game-agnostic hex geometry (ids <-> cube coordinates, distance, line of fire, movement) and
what hex games with counters share: their components, units stacked in hexes, and the parts of
a board description for the browser (``greatwar.hexes.drawing``)."""

from greatwar.hexes.components import HexComponents
from greatwar.hexes.grid import HexGrid, LineOfFireTable, UnknownHex, distance_table
from greatwar.hexes.movement import connected, path, reachable, steps_per_mp, zone_of_control
from greatwar.hexes.numbering import (
    COMPASS,
    FBSM_NUMBERING,
    STANDARD_NUMBERING,
    BadHexId,
    ColumnRowNumbering,
    Cube,
    Numbering,
)
from greatwar.hexes.stacks import UnitStacks

__all__ = [
    "COMPASS",
    "FBSM_NUMBERING",
    "STANDARD_NUMBERING",
    "BadHexId",
    "ColumnRowNumbering",
    "Cube",
    "HexComponents",
    "HexGrid",
    "LineOfFireTable",
    "Numbering",
    "UnitStacks",
    "UnknownHex",
    "connected",
    "distance_table",
    "path",
    "reachable",
    "steps_per_mp",
    "zone_of_control",
]

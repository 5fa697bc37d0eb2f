"""Game-agnostic hex geometry: ids <-> cube coordinates, distance, line of fire, movement."""

from greatwar.hexes.grid import HexGrid, LineOfFireTable, UnknownHex
from greatwar.hexes.movement import path, reachable, zone_of_control
from greatwar.hexes.numbering import (
    COMPASS,
    FBSM_NUMBERING,
    STANDARD_NUMBERING,
    BadHexId,
    ColumnRowNumbering,
    Cube,
    Numbering,
)

__all__ = [
    "COMPASS",
    "FBSM_NUMBERING",
    "STANDARD_NUMBERING",
    "BadHexId",
    "ColumnRowNumbering",
    "Cube",
    "HexGrid",
    "LineOfFireTable",
    "Numbering",
    "UnknownHex",
    "path",
    "reachable",
    "zone_of_control",
]

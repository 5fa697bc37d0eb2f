"""Counters tell nations apart (issue 16): every game's board names the nations of its
counters (data/nations.csv) with colours and a printed mark; the two sides differ in
lightness, so they stay apart for every kind of colour vision, and ink reads on each fill."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.server.app import board_of

GAMES = ("fbsm", "meuse", "devildogs", "marne1914", "trenches")
NATIONS = {
    "fbsm": {"us", "german"},
    "meuse": {"us", "fr", "de", "at"},
    "devildogs": {"usmc", "army", "french", "german"},
    "marne1914": {"french", "british", "german"},
    "trenches": {"french", "german"},
}


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _board(game: str) -> dict[str, Any]:
    board = board_of(game)
    assert board is not None
    return board


@pytest.mark.parametrize("game", GAMES)
def test_every_counter_belongs_to_a_nation_with_colours_and_a_mark(game: str) -> None:
    board = _board(game)
    nations = {n["id"]: n for n in board["nations"]}
    assert set(nations) == NATIONS[game]
    assert len({n["mark"] for n in nations.values()}) == len(nations)  # marks tell them apart
    sides = {s["id"] for s in board["sides"]}
    assert all(n["side"] in sides for n in nations.values())
    for piece in board["pieces"]:
        assert piece.get("nation", piece["side"]) in nations, piece["id"]
    for nation in nations.values():
        assert contrast(nation["fill"], nation["ink"]) >= 4.5, nation  # the mark and values read


@pytest.mark.parametrize("game", GAMES)
def test_the_sides_differ_in_lightness_for_every_colour_vision(game: str) -> None:
    """Allied nations light, German ones dark: every pair across the sides differs by a
    luminance contrast of at least 2.5, which no colour-vision deficiency takes away."""
    nations = _board(game)["nations"]
    german = [n for n in nations if n["side"] == "german"]
    allied = [n for n in nations if n["side"] != "german"]
    assert german and allied
    for a in allied:
        for g in german:
            assert contrast(a["fill"], g["fill"]) >= 2.5, (a["id"], g["id"])
    # a hidden stack shows its side's colour: the side takes its first nation's
    side_fill = {s["id"]: s["fill"] for s in _board(game)["sides"]}
    assert side_fill["german"] == german[0]["fill"]

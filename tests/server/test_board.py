"""The FBSM board description: the format of docs/game-module-guide.md, drawn from data/."""

from __future__ import annotations

from greatwar.games.fbsm.board import board
from greatwar.games.fbsm.data import components


def test_every_hex_is_drawn_with_a_terrain_of_the_legend() -> None:
    b = board()
    legend = {t["id"]: t for t in b["terrain"]}
    assert len(b["hexes"]) == components().board.grid.size
    assert all(h["terrain"] in legend for h in b["hexes"])
    assert all(t["fill"].startswith("#") for t in legend.values())
    x0, y0, x1, y1 = b["bounds"]
    assert all(x0 < h["x"] < x1 and y0 < h["y"] < y1 for h in b["hexes"])


def test_2_2_lines_join_adjacent_hexes_in_path_order() -> None:
    b = board()
    grid = components().board.grid
    names = {line["name"] for line in b["lines"]}
    assert names == {
        "Paris-Metz road",
        "Connigis road",
        "Main line",
        "Surmelin valley branch",
        "Surmelin",
    }
    for line in b["lines"]:
        assert line["kind"] in b["line_styles"]
        steps = zip(line["hexes"], line["hexes"][1:], strict=False)
        assert all(grid.distance(grid.index(a), grid.index(z)) == 1 for a, z in steps)


def test_3_4_named_places_are_labelled_once() -> None:
    labels = [label["text"] for label in board()["labels"]]
    assert len(labels) == len(set(labels))
    assert {"Varennes", "Paroy", "Crézancy", "Moulin Ruiné", "Hill 231"} <= set(labels)


def test_4_3_the_exit_edge_and_counter_faces_are_described() -> None:
    b = board()
    exits = next(r for r in b["regions"] if r["kind"] == "exit")
    assert exits["hexes"][0] == "1900" and len(exits["hexes"]) == 15
    faces = {p["id"]: p for p in b["pieces"]}
    assert len(faces) == len(components().counters)
    assert all(all(v in p for v in b["counter_values"]) for p in faces.values())
    assert [p["numeral"] for p in b["phases"]][:3] == ["I", "II", "III"]

"""Hex numbering, adjacency, distance and drawing (FBSM components B3; rules 3.6, 10.6, 11.3)."""

import itertools
import math
import random

import pytest

from greatwar.hexes import (
    COMPASS,
    FBSM_NUMBERING,
    STANDARD_NUMBERING,
    BadHexId,
    ColumnRowNumbering,
    HexGrid,
    UnknownHex,
)

FBSM_IDS = FBSM_NUMBERING.rectangle(range(10, 43), range(0, 43))


@pytest.fixture(scope="module")
def fbsm() -> HexGrid:
    return HexGrid(FBSM_IDS, FBSM_NUMBERING)


def _neighbor_id(grid: HexGrid, hex_id: str, direction: str) -> str | None:
    found = grid.neighbor(grid.index(hex_id), direction)
    return None if found is None else grid.id(found)


def test_fbsm_extent_is_1419_hexes(fbsm: HexGrid) -> None:
    assert fbsm.size == 1419
    assert fbsm.id(0) == "1000" and fbsm.id(fbsm.size - 1) == "4242"


def test_10_6_range_examples(fbsm: HexGrid) -> None:
    # 10.6: the target hex is counted, the firer's is not.
    assert fbsm.distance(fbsm.index("2236"), fbsm.index("2232")) == 4
    assert fbsm.distance(fbsm.index("2236"), fbsm.index("2034")) == 3


def test_11_3_one_hex_south_of_2136_is_2135(fbsm: HexGrid) -> None:
    assert _neighbor_id(fbsm, "2136", "S") == "2135"


def test_3_6_riverbank_setup_order_is_adjacent(fbsm: HexGrid) -> None:
    bank = [fbsm.index(h) for h in ("4232", "4131", "4032", "3931")]
    for a, b in itertools.pairwise(bank):
        assert fbsm.distance(a, b) == 1
        assert b in fbsm.neighbors(a)


def test_fbsm_compass_neighbors_match_components_b3(fbsm: HexGrid) -> None:
    # B3: even column NE (c-1, r), SE (c-1, r-1); odd column NE (c-1, r+1), SE (c-1, r).
    even = {d: _neighbor_id(fbsm, "2236", d) for d in COMPASS}
    assert even == {
        "N": "2237",
        "NE": "2136",
        "SE": "2135",
        "S": "2235",
        "SW": "2335",
        "NW": "2336",
    }
    odd = {d: _neighbor_id(fbsm, "2136", d) for d in COMPASS}
    assert odd == {"N": "2137", "NE": "2037", "SE": "2036", "S": "2135", "SW": "2236", "NW": "2237"}


def test_fbsm_map_edges_have_no_outside_neighbors(fbsm: HexGrid) -> None:
    assert _neighbor_id(fbsm, "4222", "NW") is None  # 42 is the west edge
    assert _neighbor_id(fbsm, "1900", "S") is None  # row 00 is the south edge
    assert len(fbsm.neighbors(fbsm.index("4200"))) == 2


def test_standard_numbering_even_columns_sit_lower() -> None:
    grid = HexGrid(STANDARD_NUMBERING.rectangle(range(1, 11), range(1, 11)), STANDARD_NUMBERING)
    odd = {d: _neighbor_id(grid, "0305", d) for d in COMPASS}
    assert odd == {"N": "0304", "NE": "0404", "SE": "0405", "S": "0306", "SW": "0205", "NW": "0204"}
    even = {d: _neighbor_id(grid, "0406", d) for d in COMPASS}
    assert even == {
        "N": "0405",
        "NE": "0506",
        "SE": "0507",
        "S": "0407",
        "SW": "0307",
        "NW": "0306",
    }
    assert grid.pixel(grid.index("0201"))[1] > grid.pixel(grid.index("0101"))[1]


def test_round_trip_id_index_cube(fbsm: HexGrid) -> None:
    for i in fbsm:
        hex_id = fbsm.id(i)
        assert fbsm.index(hex_id) == i
        assert FBSM_NUMBERING.to_id(fbsm.cube(i)) == hex_id
        assert sum(fbsm.cube(i)) == 0


@pytest.mark.parametrize("numbering", [FBSM_NUMBERING, STANDARD_NUMBERING])
def test_neighbors_are_symmetric_and_at_distance_one(numbering: ColumnRowNumbering) -> None:
    grid = HexGrid(numbering.rectangle(range(10, 30), range(0, 20)), numbering)
    opposite = dict(zip(COMPASS, COMPASS[3:] + COMPASS[:3], strict=True))
    for i in grid:
        assert len(grid.neighbors(i)) == len(set(grid.neighbors(i)))
        for direction in COMPASS:
            j = grid.neighbor(i, direction)
            if j is not None:
                assert grid.neighbor(j, opposite[direction]) == i
                assert grid.distance(i, j) == 1 and i in grid.neighbors(j)


@pytest.mark.parametrize("numbering", [FBSM_NUMBERING, STANDARD_NUMBERING])
def test_pixel_places_neighbors_one_hex_away_in_their_compass_direction(
    numbering: ColumnRowNumbering,
) -> None:
    grid = HexGrid(numbering.rectangle(range(10, 14), range(10, 14)), numbering)
    # Screen y grows southward: north is up, east is right.
    signs = {"N": (0, -1), "NE": (1, -1), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "NW": (-1, -1)}
    for i in grid:
        x0, y0 = grid.pixel(i, radius=2.0)
        for direction, (sx, sy) in signs.items():
            j = grid.neighbor(i, direction)
            if j is None:
                continue
            x1, y1 = grid.pixel(j, radius=2.0)
            assert math.isclose(math.hypot(x1 - x0, y1 - y0), 2.0 * math.sqrt(3))
            assert (x1 > x0) - (x1 < x0) == sx and (y1 > y0) - (y1 < y0) == sy


def test_fbsm_pixel_matches_components_b3_drawing(fbsm: HexGrid) -> None:
    for hex_id in ("4242", "2136", "1000", "3311"):
        c, r = int(hex_id[:2]), int(hex_id[2:])
        expected = ((42 - c) * 1.5 * 3.0, (42 - r - 0.5 * (c % 2)) * math.sqrt(3) * 3.0)
        assert fbsm.pixel(fbsm.index(hex_id), radius=3.0) == pytest.approx(expected)


def test_distance_is_symmetric_and_obeys_triangle_inequality(fbsm: HexGrid) -> None:
    rng = random.Random(1)
    for _ in range(2000):
        a, b, c = (rng.randrange(fbsm.size) for _ in range(3))
        assert fbsm.distance(a, b) == fbsm.distance(b, a)
        assert (fbsm.distance(a, b) == 0) == (a == b)
        assert fbsm.distance(a, c) <= fbsm.distance(a, b) + fbsm.distance(b, c)


def test_hexes_within_and_ring_agree_with_distance(fbsm: HexGrid) -> None:
    centre = fbsm.index("2620")
    within = fbsm.hexes_within(centre, 3)
    assert len(within) == 37
    assert within == sorted(i for i in fbsm if fbsm.distance(centre, i) <= 3)
    for radius in range(4):
        ring = fbsm.ring(centre, radius)
        assert sorted(ring) == sorted(i for i in within if fbsm.distance(centre, i) == radius)
    assert fbsm.ring(centre, 2)[0] == fbsm.index("2622")  # clockwise from due north
    assert fbsm.ring(centre, 2)[1] == fbsm.neighbor(fbsm.index("2622"), "SE")


def test_hexes_within_and_ring_stop_at_the_map_edge(fbsm: HexGrid) -> None:
    corner = fbsm.index("4200")
    assert len(fbsm.hexes_within(corner, 1)) == 3
    assert [fbsm.id(i) for i in fbsm.ring(corner, 2)] == ["4202", "4101", "4001", "4000"]
    with pytest.raises(ValueError, match="radius"):
        fbsm.ring(corner, -1)


def test_errors_name_what_was_wrong(fbsm: HexGrid) -> None:
    with pytest.raises(UnknownHex, match="'0942'"):
        fbsm.index("0942")
    with pytest.raises(ValueError, match="'E'"):
        fbsm.neighbor(0, "E")
    with pytest.raises(IndexError, match="1419"):
        fbsm.id(1419)
    with pytest.raises(BadHexId, match="'22a6'"):
        FBSM_NUMBERING.to_cube("22a6")
    with pytest.raises(BadHexId, match="'4343'"):
        FBSM_NUMBERING.to_cube("4343")
    with pytest.raises(ValueError, match="2236"):
        HexGrid(["2236", "2235", "2236"], FBSM_NUMBERING)
    assert "2236" in fbsm and "0942" not in fbsm

"""Line of fire, FBSM rules 10.7-10.9, on the full FBSM map extent (components B3)."""

import itertools
import math
import random

import pytest

from greatwar.hexes import FBSM_NUMBERING, HexGrid, LineOfFireTable

FBSM_IDS = FBSM_NUMBERING.rectangle(range(10, 43), range(0, 43))


@pytest.fixture(scope="module")
def fbsm() -> HexGrid:
    return HexGrid(FBSM_IDS, FBSM_NUMBERING)


def _line_ids(grid: HexGrid, a: str, b: str) -> list[tuple[str | None, str | None]]:
    return [
        (None if p is None else grid.id(p), None if m is None else grid.id(m))
        for p, m in grid.line(grid.index(a), grid.index(b))
    ]


def _terrain(grid: HexGrid, *blocking: str) -> list[bool]:
    blocked = [False] * grid.size
    for hex_id in blocking:
        blocked[grid.index(hex_id)] = True
    return blocked


def _sees(grid: HexGrid, a: str, b: str, blocks: list[bool]) -> bool:
    return grid.has_line_of_fire(grid.index(a), grid.index(b), blocks)


def test_10_8_line_2717_to_2518_passes_through_2618(fbsm: HexGrid) -> None:
    assert _line_ids(fbsm, "2717", "2518") == [("2717", "2717"), ("2618", "2618"), ("2518", "2518")]


def test_10_8_wooded_hills_2618_blocks_only_fire_through_it(fbsm: HexGrid) -> None:
    woods = _terrain(fbsm, "2618")
    assert _sees(fbsm, "2717", "2718", woods)
    assert _sees(fbsm, "2717", "2618", woods)
    assert not _sees(fbsm, "2717", "2518", woods)
    assert _sees(fbsm, "2518", "2618", woods)
    assert not _sees(fbsm, "2518", "2717", woods)


def test_10_7_adjacent_target_is_always_visible(fbsm: HexGrid) -> None:
    everything = [True] * fbsm.size
    centre = fbsm.index("2620")
    for target in fbsm.neighbors(centre):
        assert fbsm.has_line_of_fire(centre, target, everything)
    assert not fbsm.has_line_of_fire(centre, fbsm.index("2622"), everything)


def test_10_7_terrain_of_firing_and_target_hexes_never_blocks(fbsm: HexGrid) -> None:
    ends = _terrain(fbsm, "2236", "2232")
    assert _sees(fbsm, "2236", "2232", ends)
    assert not _sees(fbsm, "2236", "2232", _terrain(fbsm, "2234"))


def test_10_7_straight_edge_clipping_a_hex_corner_is_blocked(fbsm: HexGrid) -> None:
    # 1401->1507 runs nearly along column 14 and cuts the corners of 1503 and 1405.
    line = _line_ids(fbsm, "1401", "1507")
    assert ("1503", "1503") in line and ("1405", "1405") in line
    assert not _sees(fbsm, "1401", "1507", _terrain(fbsm, "1503"))
    assert _sees(fbsm, "1401", "1507", _terrain(fbsm, "1603", "1305"))


@pytest.mark.parametrize(
    ("firer", "target", "hexside"),
    [
        ("2821", "3021", {"2920", "2921"}),
        ("2821", "2922", {"2822", "2921"}),
        ("2821", "2719", {"2720", "2820"}),
    ],
)
def test_10_9_line_along_a_hexside_reports_both_hexes(
    fbsm: HexGrid, firer: str, target: str, hexside: set[str]
) -> None:
    line = _line_ids(fbsm, firer, target)
    assert line[0] == (firer, firer) and line[-1] == (target, target)
    assert len(line) == 3 and set(line[1]) == hexside


@pytest.mark.parametrize(
    ("firer", "target", "hexside"),
    [
        ("2821", "3021", ("2920", "2921")),
        ("2821", "2922", ("2822", "2921")),
        ("2821", "2719", ("2720", "2820")),
    ],
)
def test_10_9_half_blocked_hexside_does_not_block(
    fbsm: HexGrid, firer: str, target: str, hexside: tuple[str, str]
) -> None:
    one, other = hexside
    assert _sees(fbsm, firer, target, _terrain(fbsm, one))
    assert _sees(fbsm, firer, target, _terrain(fbsm, other))
    assert not _sees(fbsm, firer, target, _terrain(fbsm, one, other))
    assert not _sees(fbsm, target, firer, _terrain(fbsm, one, other))


def test_10_7_off_grid_hexes_do_not_block() -> None:
    holed = HexGrid([h for h in FBSM_IDS if h != "2618"], FBSM_NUMBERING)
    everything = [True] * holed.size
    assert _line_ids(holed, "2717", "2518")[1] == (None, None)
    assert holed.has_line_of_fire(holed.index("2717"), holed.index("2518"), everything)


def test_10_7_line_matches_a_straight_edge_on_the_drawn_map(fbsm: HexGrid) -> None:
    # Independent check in drawing space: a point lies in the hex with the nearest centre.
    rng = random.Random(1)
    centres = [fbsm.pixel(i) for i in fbsm]
    inner = [i for i in fbsm if len(fbsm.hexes_within(i, 10)) == 331]
    for _ in range(25):
        a = rng.choice(inner)
        b = rng.choice(fbsm.hexes_within(a, 10))
        line = fbsm.line(a, b)
        near = {n for step in line for h in step if h is not None for n in (h, *fbsm.neighbors(h))}
        (x0, y0), (x1, y1) = centres[a], centres[b]
        inside = set()
        for k in range(401):
            x, y = x0 + (x1 - x0) * k / 400, y0 + (y1 - y0) * k / 400
            (d0, h0), (d1, _) = sorted((math.dist((x, y), centres[h]), h) for h in near)[:2]
            if d1 - d0 > 1e-9:  # off any hexside
                inside.add(h0)
        assert inside == {p for p, m in line if p == m}


def test_line_is_symmetric_contiguous_and_ends_at_both_hexes(fbsm: HexGrid) -> None:
    rng = random.Random(1)
    for _ in range(500):
        a = rng.randrange(fbsm.size)
        b = rng.choice(fbsm.hexes_within(a, 12))
        line = fbsm.line(a, b)
        assert line[0] == (a, a) and line[-1] == (b, b)
        assert [set(step) for step in line] == [set(step) for step in reversed(fbsm.line(b, a))]
        for here, there in itertools.pairwise(line):
            touching = [(u, v) for u in here for v in there if u is not None and v is not None]
            assert all(fbsm.distance(u, v) <= 1 for u, v in touching)


def test_line_of_fire_table_matches_uncached_and_is_symmetric(fbsm: HexGrid) -> None:
    rng = random.Random(1)
    woods = [rng.random() < 0.25 for _ in range(fbsm.size)]
    table = LineOfFireTable(fbsm, woods)
    for _ in range(1000):
        a = rng.randrange(fbsm.size)
        b = rng.choice(fbsm.hexes_within(a, 10))
        expected = fbsm.has_line_of_fire(a, b, woods)
        assert table.visible(a, b) == expected == table.visible(b, a)
        assert fbsm.has_line_of_fire(b, a, woods) == expected
        assert fbsm.has_line_of_fire(a, b, woods.__getitem__) == expected


def test_within_range_visible_lists_targets_in_range_with_line_of_fire(fbsm: HexGrid) -> None:
    table = LineOfFireTable(fbsm, _terrain(fbsm, "2618", "2619", "2720"))
    firer = fbsm.index("2717")
    found = table.within_range_visible(firer, 4)
    expected = [b for b in fbsm if 0 < fbsm.distance(firer, b) <= 4 and table.visible(firer, b)]
    assert list(found) == expected
    assert fbsm.index("2518") not in found and fbsm.index("2618") in found
    assert table.within_range_visible(firer, 4) is found

"""Every worked example of the rulebook as a test: odds (10.3), range (10.6), line of fire
(10.8, and 10.9 through the valid hexside cases of components B3) and drift (11.3)."""

from __future__ import annotations

import pytest

from greatwar.hexes import FBSM_NUMBERING, HexGrid, LineOfFireTable
from tests.fbsm.positions import ids_in, legal, log_texts, play, position, rigged


@pytest.fixture(scope="module")
def grid() -> HexGrid:
    return HexGrid(FBSM_NUMBERING.rectangle(range(10, 43), range(0, 43)), FBSM_NUMBERING)


def blocks(grid: HexGrid, *hex_ids: str) -> list[bool]:
    blocking = [False] * grid.size
    for hex_id in hex_ids:
        blocking[grid.index(hex_id)] = True
    return blocking


@pytest.mark.parametrize(("roll", "eliminated"), [(3, True), (4, False)])
def test_10_3_ten_factors_into_a_surmelin_hex_are_3_to_1(roll: int, eliminated: bool) -> None:
    # G004 (6) and G046 (4) fire from two hexes away, so no close-assault doubling (10.11).
    units = {"U01": "3417", "U40": "4020", "G004": "3415", "G046": "3419"}
    state = position(units, phase="VII", prompt="fire", side="german")
    assert state.c.board.terrain[state.c.board.grid.index("3417")].name == "surmelin"
    play(state, "fire 3417", "add G004", "add G046")
    view = state.observation("german")["prompt"]["fire"]
    assert (view["strength"], view["defense"], view["odds"]) == (10, 3, "3:1")
    play(rigged(state, [roll]), "resolve")
    assert log_texts(state, "10.3") == ["10 factors into 3417 (defence 3): 3:1"]
    assert (ids_in(state, "3417") == []) is eliminated


def test_10_6_range_counts_the_target_hex_but_not_the_firers(grid: HexGrid) -> None:
    assert grid.distance(grid.index("2236"), grid.index("2232")) == 4
    assert grid.distance(grid.index("2236"), grid.index("2034")) == 3
    state = position({"U01": "2236", "G001": "2232", "G002": "2034"}, prompt="fire", side="us")
    assert {"fire 2232", "fire 2034"} <= set(legal(state))  # platoon range 4


def test_10_8_2717_fires_into_2718_and_2618_but_not_2518() -> None:
    units = {"U01": "2717", "G001": "2718", "G002": "2618", "G003": "2518"}
    state = position(units, phase="VI", prompt="fire", side="us")
    assert state.c.board.terrain[state.c.board.grid.index("2618")].name == "wooded_hills"
    assert {a for a in legal(state) if a.startswith("fire")} == {"fire 2718", "fire 2618"}


def test_10_8_2518_fires_into_2618_but_not_beyond_into_2717() -> None:
    units = {"U01": "2518", "G002": "2618", "G003": "2717"}
    state = position(units, phase="VI", prompt="fire", side="us")
    assert {a for a in legal(state) if a.startswith("fire")} == {"fire 2618"}


@pytest.mark.parametrize(
    ("firer", "target", "hexside"),
    [
        ("2821", "3021", ("2920", "2921")),
        ("2821", "2922", ("2822", "2921")),
        ("2821", "2719", ("2720", "2820")),
    ],
)
def test_10_9_a_line_along_a_hexside_is_half_blocked(
    grid: HexGrid, firer: str, target: str, hexside: tuple[str, str]
) -> None:
    a, b = grid.index(firer), grid.index(target)
    pairs = {tuple(sorted(grid.id(h) for h in step if h is not None)) for step in grid.line(a, b)}
    assert tuple(sorted(hexside)) in pairs  # components B3: the line runs along this hexside
    for one in hexside:
        assert grid.has_line_of_fire(a, b, blocks(grid, one))  # one side blocks: not blocked
        assert LineOfFireTable(grid, blocks(grid, one)).visible(b, a)
    assert not grid.has_line_of_fire(a, b, blocks(grid, *hexside))


def test_10_9_the_printed_example_crosses_3024_on_this_numbering(grid: HexGrid) -> None:
    # Components B3/B9: "2821 into 3124 through 3125" fits no regular numbering; on ours the
    # line crosses 3024 itself, so the rule is tested by the valid cases above instead.
    line = [grid.id(p) for p, m in grid.line(grid.index("2821"), grid.index("3124")) if p == m]
    assert line == ["2821", "2921", "2922", "3023", "3024", "3124"]


@pytest.mark.parametrize(("roll", "lands"), [(5, "2135"), (6, "2134")])
def test_11_3_a_german_marker_aimed_at_2136_drifts_south(roll: int, lands: str) -> None:
    units = {"U01": "2136", "U40": "4020", "G001": "2138"}
    state = position(units, phase="III", prompt="bombard", side="german")
    play(rigged(state, [roll]), "bombard light 2136", "done")
    assert log_texts(state, "11.3") == [
        f"drift roll {roll}: {roll - 4} hex(es)",
        f"the light marker aimed at 2136 drifts to {lands}",
    ]
    assert log_texts(state, "11.4") == [f"bombardment of {lands} finds no unit"]

"""Movement-point pathfinding and zones of control (FBSM rules 9.1-9.2, 9.5-9.6)."""

import itertools
import random

import pytest

from greatwar.hexes import FBSM_NUMBERING, HexGrid, path, reachable, zone_of_control
from greatwar.hexes.movement import StepCost

FBSM_IDS = FBSM_NUMBERING.rectangle(range(10, 43), range(0, 43))


@pytest.fixture(scope="module")
def fbsm() -> HexGrid:
    return HexGrid(FBSM_IDS, FBSM_NUMBERING)


def _flat(here: int, there: int) -> float:
    return 1.0


def _path_cost(route: list[int], cost: StepCost) -> float:
    steps = [cost(a, b) for a, b in itertools.pairwise(route)]
    assert None not in steps
    return sum(step for step in steps if step is not None)


def test_9_1_uniform_cost_reaches_every_hex_within_the_allowance(fbsm: HexGrid) -> None:
    for start in ("2620", "4200", "1042", "1021"):
        centre = fbsm.index(start)
        spent = reachable(fbsm, centre, 4, _flat)
        assert sorted(spent) == fbsm.hexes_within(centre, 4)
        assert all(spent[h] == fbsm.distance(centre, h) for h in spent)
    assert reachable(fbsm, fbsm.index("2620"), 0, _flat) == {fbsm.index("2620"): 0.0}


def test_9_6_road_hexsides_at_half_mp_extend_reach(fbsm: HexGrid) -> None:
    road = [fbsm.index(f"30{row:02d}") for row in range(0, 12)]
    along = set(itertools.pairwise(road)) | set(itertools.pairwise(road[::-1]))

    def cost(here: int, there: int) -> float:
        return 0.5 if (here, there) in along else 1.0  # 9.6 road only hexside to hexside along it

    spent = reachable(fbsm, road[2], 4, cost)
    assert spent[road[10]] == 4.0 and road[11] not in spent
    assert spent[fbsm.index("3106")] == 3.0  # four road hexsides to 3006, then off the road
    assert fbsm.index("3010") not in reachable(fbsm, road[2], 4, _flat)


def test_9_2_a_hex_is_not_entered_without_enough_mp_left(fbsm: HexGrid) -> None:
    woods = fbsm.index("2621")

    def cost(here: int, there: int) -> float:
        return 2.0 if there == woods else 1.0

    start = fbsm.index("2620")
    assert woods not in reachable(fbsm, start, 1.5, cost)
    assert reachable(fbsm, start, 2, cost)[woods] == 2.0


def test_9_1_impassable_hexes_are_routed_around(fbsm: HexGrid) -> None:
    wall = {fbsm.index(f"{col}20") for col in range(23, 30)}

    def cost(here: int, there: int) -> float | None:
        return None if there in wall else 1.0

    start, goal = fbsm.index("2619"), fbsm.index("2621")
    spent = reachable(fbsm, start, 10, cost)
    assert not wall & set(spent)
    assert spent[goal] > fbsm.distance(start, goal)
    route = path(fbsm, start, goal, 10, cost)
    assert route is not None and not wall & set(route)
    assert _path_cost(route, cost) == spent[goal]
    assert path(fbsm, start, goal, spent[goal] - 1, cost) is None


def test_path_cost_equals_reachable_cost(fbsm: HexGrid) -> None:
    rng = random.Random(1)
    terrain = [rng.choice((0.5, 1.0, 1.0, 2.0, None)) for _ in range(fbsm.size)]

    def cost(here: int, there: int) -> float | None:
        return terrain[there]

    start = fbsm.index("2620")
    terrain[start] = 1.0
    spent = reachable(fbsm, start, 6, cost)
    assert len(spent) > 20
    for goal, used in spent.items():
        route = path(fbsm, start, goal, 6, cost)
        assert route is not None and route[0] == start and route[-1] == goal
        assert all(b in fbsm.neighbors(a) for a, b in itertools.pairwise(route))
        assert _path_cost(route, cost) == used
    assert path(fbsm, start, start, 0, cost) == [start]


def test_fractional_costs_that_do_not_add_exactly_still_fit_the_allowance(fbsm: HexGrid) -> None:
    def cost(here: int, there: int) -> float:
        return 0.1

    spent = reachable(fbsm, fbsm.index("2620"), 0.3, cost)
    assert max(fbsm.distance(fbsm.index("2620"), h) for h in spent) == 3


def test_bad_movement_input_is_refused(fbsm: HexGrid) -> None:
    with pytest.raises(ValueError, match="allowance"):
        reachable(fbsm, 0, -1, _flat)
    with pytest.raises(ValueError, match="negative movement cost"):
        reachable(fbsm, 0, 4, lambda here, there: -1.0)


def test_zone_of_control_is_the_hexes_next_to_enemy_units(fbsm: HexGrid) -> None:
    a, b = fbsm.index("2620"), fbsm.index("2621")
    zone = zone_of_control(fbsm, [a, b])
    assert zone == set(fbsm.neighbors(a)) | set(fbsm.neighbors(b))
    assert len(zone) == 10 and a in zone and b in zone
    assert zone_of_control(fbsm, []) == set()

"""Rulebook chapter 9, movement: one infantry unit at a time by MP, roads, bridges (9.1-9.8)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.data import components
from greatwar.games.fbsm.movement import (
    _heap_search,
    _search,
    destinations,
    movable,
    terrain_steps,
    whole_steps,
)
from greatwar.games.fbsm.state import FbsmState
from greatwar.hexes import reachable
from tests.fbsm.positions import hex_index, ids_in, legal, play, position, unit, where

FAR_US = {"U40": "4020"}  # keeps the US in the game when the test needs no US unit
FAR_GERMAN = {"G100": "1042"}


def reach(state: FbsmState, unit_id: str) -> dict[str, float]:
    """Hex id -> MP spent, for every hex the unit may end its move in."""
    return {state.hex_id(h): mp for h, mp in destinations(state, unit(state, unit_id)).items()}


def german_movement(units: dict[str, str], **kw: Any) -> FbsmState:
    return position({**FAR_US, **units}, prompt="movement", side="german", **kw)


def test_9_1_the_phasing_player_moves_only_his_own_infantry() -> None:
    state = german_movement({"G001": "2520", "G002": "2522", "U01": "2720", "H1": "2820"})
    assert legal(state) == ["move G001", "move G002", "end"]
    with pytest.raises(IllegalAction, match=r"U01 is not a german unit \(9\.1\)"):
        state.apply_action("move U01")


def test_9_1_each_move_is_finished_before_the_next_unit_moves() -> None:
    state = german_movement({"G001": "2520", "G002": "2522"})
    play(state, "move G001")
    assert state.stack[-1]["p"] == "move" and "move G002" not in legal(state)
    with pytest.raises(IllegalAction, match=r"choose the unit's destination \(9\.1\)"):
        state.apply_action("move G002")
    play(state, "to 2518")
    assert where(state, "G001") == "2518"


def test_9_1_a_unit_moves_once_per_phase_and_need_not_move() -> None:
    state = german_movement({"G001": "2520", "G002": "2522"})
    assert "end" in legal(state)
    play(state, "move G001", "stay")
    assert legal(state) == ["move G002", "end"]
    with pytest.raises(IllegalAction, match=r"already moved this phase \(9\.1\)"):
        state.apply_action("move G001")
    assert where(state, "G001") == "2520"


def test_9_2_a_unit_enters_a_hex_only_with_the_mp_to_pay_for_it() -> None:
    state = german_movement({"G001": "1838"})
    grid, board = state.c.board.grid, state.c.board
    start = hex_index(state, "1838")
    near = [h for h in grid.hexes_within(start, 4) if h != start]
    assert all(board.move_cost[h] == 1 and h not in board.road_hexes for h in near)
    reached = destinations(state, unit(state, "G001"))
    assert reached == {h: float(grid.distance(start, h)) for h in near}


def test_9_3_heavy_weapons_emplacements_never_move() -> None:
    state = position(
        {"U01": "3020", "H1": "3022", **FAR_GERMAN}, phase="VIII", prompt="movement", side="us"
    )
    assert legal(state) == ["move U01", "end"]
    with pytest.raises(IllegalAction, match=r"never moves \(9\.3\)"):
        state.apply_action("move H1")


def test_9_4_units_move_one_at_a_time_never_as_a_stack() -> None:
    state = german_movement({"G001": "2520", "G002": "2520", "G003": "2520"})
    play(state, "move G002", "to 2518")
    assert ids_in(state, "2520") == ["G001", "G003"] and ids_in(state, "2518") == ["G002"]


@pytest.mark.parametrize(
    ("mover", "start", "target", "cost", "terrain"),
    [
        ("G001", "2717", "2618", 2.0, "wooded_hills"),
        ("G001", "2717", "2718", 1.0, "clear"),
        ("G001", "2631", "2632", 2.0, "riverbank"),
        ("G001", "2233", "2232", 1.0, "railroad"),
        ("G001", "2629", "2628", 1.0, "town"),
        ("G001", "3420", "3419", 1.0, "surmelin"),
        ("G001", "3124", "3024", 1.0, "prepared_position"),
        ("G001", "2027", "1927", 1.0, "hill_231"),
    ],
)
def test_9_5_terrain_costs(mover: str, start: str, target: str, cost: float, terrain: str) -> None:
    state = german_movement({mover: start})
    assert state.c.board.terrain[hex_index(state, target)].name == terrain
    assert reach(state, mover)[target] == cost


def test_9_5_road_costs_half_an_mp_from_road_hex_to_road_hex_along_the_road() -> None:
    state = german_movement({"G001": "3222"})  # the Paris-Metz road
    spent = reach(state, "G001")
    for n, hex_id in enumerate(["3321", "3421", "3520", "3621", "3721", "3821", "3921"], 1):
        assert spent[hex_id] == n / 2
    assert spent["4021"] == 4.0  # eight road hexes on four MP
    assert "4121" not in spent


def test_9_5_road_rate_only_across_a_hexside_the_road_crosses() -> None:
    state = german_movement({"G001": "2228"})  # 2228 and 2327 are road hexes, not joined
    grid, board = state.c.board.grid, state.c.board
    a, b = hex_index(state, "2228"), hex_index(state, "2327")
    assert b in grid.neighbors(a) and {a, b} <= board.road_hexes
    assert (a, b) not in board.road_hexsides
    assert reach(state, "G001")["2327"] == 1.0  # as clear, or 2228-2227-2327 at 1/2 + 1/2
    assert reach(state, "G001")["2227"] == 0.5


def test_9_5_entering_a_road_hex_off_the_road_pays_its_terrain() -> None:
    state = german_movement({"G001": "3420"})  # clear, beside the Surmelin bridge 3520
    assert reach(state, "G001")["3520"] == 1.0
    assert reach(state, "G001")["3421"] == 1.0


@pytest.mark.parametrize(
    ("start", "path"),
    [
        ("3421", ["3520", "3621"]),  # 9.6 the Paris-Metz bridge over the Surmelin
        ("3411", ["3311", "3211"]),  # the Connigis road bridge
        ("3611", ["3511", "3411"]),  # road/rail crossing
        ("3621", ["3721", "3821"]),  # road/rail crossing
    ],
)
def test_9_6_road_movement_continues_over_bridges_and_rail_crossings(
    start: str, path: list[str]
) -> None:
    state = german_movement({"G001": start})
    spent = reach(state, "G001")
    assert [spent[h] for h in path] == [0.5, 1.0]
    terrain = state.c.board.terrain[hex_index(state, path[0])].name
    assert terrain in ("surmelin", "railroad")


def test_9_7_enemy_occupied_hexes_are_never_entered_nor_passed_through() -> None:
    walls = {"U01": "2037", "U02": "2036", "U03": "2135", "U04": "2236", "U05": "2237"}
    state = german_movement({"G001": "2136", **walls, "U06": "2137"})
    play(state, "move G001")
    assert legal(state) == ["stay"]
    with pytest.raises(IllegalAction, match=r"2137 holds enemy units \(9\.7\)"):
        state.apply_action("to 2137")


def test_9_8_us_units_never_enter_marne_riverbank_hexes() -> None:
    state = position({"U01": "2631", **FAR_GERMAN}, phase="VIII", prompt="movement", side="us")
    play(state, "move U01")
    riverbank = {
        state.hex_id(h)
        for h in range(state.c.board.grid.size)
        if state.c.board.terrain[h].name == "riverbank"
    }
    assert "2632" in riverbank
    assert not riverbank & set(reach(state, "U01"))
    with pytest.raises(IllegalAction, match=r"never enter Marne riverbank hexes.*\(9\.8\)"):
        state.apply_action("to 2632")


def test_9_8_us_units_may_fire_into_riverbank_hexes() -> None:
    state = position({"U01": "2631", "G001": "2632"}, phase="VI", prompt="fire", side="us")
    assert "fire 2632" in legal(state)


@pytest.mark.parametrize("side", ["us", "german"])
def test_9_1_9_2_9_5_the_search_by_fractions_of_an_mp_equals_the_general_one(side: str) -> None:
    """The movement search counts the printed costs (halves of an MP: roads, 9.5) in whole
    halves with a list per MP spent; from every hex, with 3 to 5 MP (7.4 gas, 2.5, 7.6 rally)
    and around enemy hexes, it finds what ``greatwar.hexes.reachable`` finds with the same
    costs, exactly."""
    c = components()
    assert whole_steps(c, side)[0] == 2  # the printed costs are halves of an MP
    steps = terrain_steps(c, side)
    grid = c.board.grid
    blocked = frozenset(range(5, grid.size, 11))  # hexes it may not pass (9.7)

    def cost(here: int, there: int) -> float | None:
        if there in blocked:
            return None
        return next((mp for h, mp in steps[here] if h == there), None)

    for start in range(0, grid.size, 3):
        for allowance in (3, 4, 5):
            found = _search(c, side, start, allowance, frozenset())
            assert found == _heap_search(steps, start, allowance, frozenset())
            around = _search(c, side, start, allowance, blocked)
            assert around == reachable(grid, start, allowance, cost)


def test_9_1_the_movement_phase_offers_the_units_that_have_not_moved() -> None:
    """The movement phase's offer reads the units of its last offer again, less those moved
    since (``unmoved``); at every movement prompt of random games it lists ``movable``, as
    it does in a clone and after ``forget_cached``."""
    from greatwar.ai.random_player import RandomPlayer
    from greatwar.core.registry import load_game

    game = load_game("fbsm")
    seen = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert isinstance(state, FbsmState)
        player = RandomPlayer(seed)
        for step in range(3000):
            if state.is_terminal():
                break
            side = state.current_player()
            if state.stack[-1]["p"] == "movement":
                expected = [f"move {state.counter(u).id}" for u in movable(state, side)]
                assert [str(a) for a in state.legal_actions(side)] == [*expected, "end"]
                seen += 1
                if step % 7 == 0:
                    copy = state.clone()
                    assert [str(a) for a in copy.legal_actions(side)] == [*expected, "end"]
                    copy.forget_cached()
                    assert [str(a) for a in copy.legal_actions(side)] == [*expected, "end"]
            state.apply_action(player.choose(state, side), side)
    assert seen > 500

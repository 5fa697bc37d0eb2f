"""Rulebook chapter 3, set up: the US zones (3.2-3.4) and the German riverbank draw (3.5, 3.6)."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import CONTAINER, SETUP, UNPLACED
from tests.fbsm.positions import legal, log_texts, new_state, rigged, scripted_setup


def placed_hexes(actions: list[str]) -> set[str]:
    return {a.split()[2] for a in actions}


def test_3_1_set_up_comes_first_with_the_us_to_act() -> None:
    state = new_state()
    assert state.phase == SETUP and state.turn == 0
    assert state.current_player() == "us"
    assert state.stack[-1]["p"] == "us_setup"


def test_3_2_all_us_units_start_off_the_map() -> None:
    state = new_state()
    us = [c for c in state.c.counters if c.side == "us"]
    assert len(us) == 57
    assert all(state.where[c.index] == UNPLACED for c in us)


def test_3_2_forward_zone_takes_16_infantry_and_8_heavy_weapons_first() -> None:
    state = new_state()
    actions = legal(state)
    units = {a.split()[1] for a in actions}
    assert units == {"U01", "H1"}  # one of each kind is offered: units of a kind are alike
    assert placed_hexes(actions) == {state.hex_id(h) for h in state.c.forward_zone}
    assert len(actions) == 2 * len(state.c.forward_zone)


def test_3_2_after_the_forward_zone_32_infantry_and_1_heavy_weapon_go_to_the_rear() -> None:
    state = new_state()
    for _ in range(16):
        state.apply_action(next(a for a in legal(state) if a.startswith("place U")))
    offered = {a.split()[1] for a in legal(state)}
    assert offered == {"H1"}  # 16 infantry placed: only heavy weapons remain forward
    for _ in range(8):
        state.apply_action(legal(state)[0])
    actions = legal(state)
    assert {a.split()[1] for a in actions} == {"U17", "H9"}
    assert placed_hexes(actions) == {
        state.hex_id(h) for h in state.c.rear_zone if h not in state.stacks
    }


def test_3_2_every_us_unit_begins_play_on_the_map() -> None:
    state = scripted_setup(new_state())
    forward, rear = state.c.forward_zone, state.c.rear_zone
    us = [c for c in state.c.counters if c.side == "us"]
    assert all(state.where[c.index] >= 0 for c in us)
    kinds_forward = [c.kind for c in us if state.where[c.index] in forward]
    assert kinds_forward.count("heavy_weapons") >= 8
    assert all(state.where[c.index] in forward | rear for c in us)
    assert "the US set-up is complete" in log_texts(state, "3.2")


def test_3_2_no_more_than_one_us_unit_per_hex() -> None:
    state = new_state()
    state.apply_action("place U01 1927")
    assert "place U02 1927" not in legal(state)
    with pytest.raises(IllegalAction, match=r"already holds a unit.*3\.2, 6\.6"):
        state.apply_action("place U02 1927")


def test_3_3_forward_zone_includes_the_two_hexes_of_hill_231() -> None:
    state = new_state()
    assert {"place U01 1927", "place U01 1928"} <= set(legal(state))


@pytest.mark.parametrize(
    ("hex_id", "what"),
    [("4232", "riverbank"), ("1138", "Varennes"), ("1929", "Paris-Metz road"), ("2717", "south")],
)
def test_3_3_forward_zone_excludes_riverbank_varennes_road_and_south_of_the_road(
    hex_id: str, what: str
) -> None:
    state = new_state()
    with pytest.raises(IllegalAction, match=r"not in the US forward zone \(3\.3\)"):
        state.apply_action(f"place U01 {hex_id}")


def test_3_3_forward_zone_lies_north_of_the_paris_metz_road() -> None:
    state = new_state()
    grid, road = state.c.board.grid, state.c.paris_metz_road
    top_row: dict[str, int] = {}
    for h in road:
        col, row = grid.id(h)[:2], int(grid.id(h)[2:])
        top_row[col] = max(row, top_row.get(col, -1))
    for h in state.c.forward_zone:
        col, row = grid.id(h)[:2], int(grid.id(h)[2:])
        if grid.id(h) not in ("1927", "1928"):
            assert row > top_row[col], f"{grid.id(h)} is not north of the road"
        assert h not in road
        assert state.c.board.terrain[h].name not in ("riverbank", "marne")
        assert state.c.board.place[h] != "Varennes"


def test_3_3_the_paris_metz_road_runs_from_1032_to_4222() -> None:
    state = new_state()
    ids = {state.hex_id(h) for h in state.c.paris_metz_road}
    assert {"1032", "4222"} <= ids


def test_3_4_rear_zone_is_wooded_hills_paroy_crezancy_and_moulin_ruine() -> None:
    state = new_state()
    board = state.c.board
    expected = {
        h
        for h in state.c.board.grid
        if (
            board.terrain[h].name == "wooded_hills"
            or board.place[h] in ("Paroy", "Crézancy", "Moulin Ruiné")
        )
        and h not in state.c.paris_metz_road  # 3.3: never on a Paris-Metz road hex
    }
    assert state.c.rear_zone == expected
    moulin = {state.hex_id(h) for h in expected if board.place[h] == "Moulin Ruiné"}
    assert len(moulin) == 3


def test_3_4_rear_zone_refuses_a_clear_hex() -> None:
    state = new_state()
    for _ in range(24):
        state.apply_action(legal(state)[0])
    with pytest.raises(IllegalAction, match=r"not in the US rear zone \(3\.4\)"):
        state.apply_action("place U17 2717")


def test_3_5_every_german_unit_starts_in_the_container() -> None:
    state = new_state()
    german = [c for c in state.c.counters if c.side == "german"]
    assert len(german) == 112
    assert sorted(state.container) == [c.index for c in german]
    assert all(state.where[c.index] == CONTAINER for c in german)


def test_3_6_thirty_german_units_drawn_into_the_riverbank_in_order() -> None:
    state = new_state()
    for _ in range(56):
        state.apply_action(legal(state)[0])
    rigged(state, [0] * 30)  # each draw takes the first unit left in the container
    state.apply_action(legal(state)[0])
    order = state.c.tables["german_setup"]["riverbank_order"]
    assert order[:4] == ["4232", "4131", "4032", "3931"] and order[29] == "2342"
    for n, hex_id in enumerate(order, start=1):
        assert [state.counter(u).id for u in state.units_in(state.c.board.grid.index(hex_id))] == [
            f"G{n:03d}"
        ]
    assert len(state.container) == 112 - 30
    assert log_texts(state, "3.6")[0].startswith("G001 ") and "4232" in log_texts(state, "3.6")[0]


def test_3_6_the_draw_is_random_and_reproducible_from_the_seed() -> None:
    def layout(seed: int) -> list[list[int]]:
        state = scripted_setup(new_state(seed))
        riverbank = state.c.tables["german_setup"]["riverbank_order"]
        return [state.units_in(state.c.board.grid.index(h)) for h in riverbank]

    assert layout(1) == layout(1)
    assert layout(1) != layout(2)
    assert all(len(units) == 1 for units in layout(2))


def test_3_6_both_players_see_each_drawn_unit() -> None:
    state = scripted_setup(new_state())
    for side in ("us", "german"):
        stacks = state.observation(side)["stacks"]
        german = [s for s in stacks if s["side"] == "german"]
        assert len(german) == 30 and all(s["units"][0]["id"].startswith("G") for s in german)

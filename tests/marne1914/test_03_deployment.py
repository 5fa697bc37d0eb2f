"""3. Initial deployment: Allies first, each unit in its zone, reinforcements set aside."""

from __future__ import annotations

from greatwar.games.marne1914.setup import zone_hexes
from greatwar.games.marne1914.state import WAITING
from tests.marne1914.positions import actions, deployed, hx, new_state


def test_3_allied_deploy_first_then_the_germans() -> None:
    """3.0: the Allies deploy first, then the Germans."""
    state = new_state()
    assert state.sides_to_act() == ("allied",)
    assert state.stack[-1]["p"] == "setup"
    state.apply_action("standard", "allied")
    assert state.sides_to_act() == ("german",)
    state.apply_action("standard", "german")
    assert state.phase == "modes" and state.turn == 1


def test_3_units_are_placed_one_at_a_time_in_their_own_zone() -> None:
    """3.0: each unit within its zone."""
    state = new_state()
    offered = [a for a in actions(state) if a.startswith("place")]
    first = offered[0].split()[1]
    assert all(a.split()[1] == first for a in offered)  # the next unit in counter order
    zone = set(state.c.zones[state.counter(state.unit(first)).corps])
    assert {hx(state, a.split()[2]) for a in offered} <= zone
    state.apply_action(offered[0], "allied")
    assert state.where[state.unit(first)] == hx(state, offered[0].split()[2])


def test_3_cavalry_corps_zones_are_those_the_rule_names() -> None:
    state = new_state()
    first_cav = state.unit("F1C-1")
    assert set(zone_hexes(state, first_cav)) <= set(state.c.zones["F7"])  # 1st Cavalry Corps
    second = state.counter(state.unit("F2C-1")).zones
    assert set(second) == {"F2C", "F4G", "F18", "F3"}  # 4th GDR, XVIII or III Corps zones
    assert set(state.counter(state.unit("BC-1")).zones) >= {"B1", "B2", "B3"}  # British zones
    assert set(state.counter(state.unit("GK2-1")).zones) >= {"G2", "G3", "G4R"}  # its Army's


def test_3_reinforcements_are_set_aside() -> None:
    state = deployed()
    for unit_id in ("F4-1", "F9-1", "F11-1", "F9-M1", "G4R-L1", "F4-HQ"):
        assert state.where[state.unit(unit_id)] == WAITING
    assert state.where[state.unit("F7-1")] >= 0


def test_3_standard_deployment_respects_stacking() -> None:
    state = deployed()
    for hex_index in state.stacks:
        assert state.sp_in(hex_index) <= 12

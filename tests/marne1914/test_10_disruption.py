"""10. Disrupted units: their effects and their removal."""

from __future__ import annotations

from greatwar.games.marne1914.combat import may_bombard
from greatwar.games.marne1914.movement import destinations, may_rally
from tests.marne1914.positions import actions, at_phase, cleared, hx, place, set_mode


def test_10_1_2_disruption_takes_two_from_attack_and_defense() -> None:
    """10.1, 10.1.1, 10.1.2, 10.1.3: two less, once however often disrupted."""
    state = cleared()
    unit = place(state, "F18-1", "2818")
    assert (state.attack(unit), state.defense(unit)) == (5, 4)
    state.disrupted.add(unit)
    assert (state.attack(unit), state.defense(unit)) == (3, 2)
    state.steps[unit] = 1
    assert (state.attack(unit), state.defense(unit)) == (0, 0)  # reduced 2-2: to zero


def test_10_2_1_disruption_is_removed_out_of_enemy_zocs_and_in_supply() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    state.disrupted.add(unit)
    at_phase(state, "movement", "allied")
    assert "rally F18-1" in actions(state, "allied")
    state.oos.add(unit)
    assert not may_rally(state, unit)
    state.oos.clear()
    place(state, "G12-1", "2918")
    assert not may_rally(state, unit)


def test_10_2_2_rallied_units_may_not_enter_an_enemy_zoc_nor_bombard() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2719")
    art = place(state, "F18-A", "2720")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    state.disrupted.update({unit, art})
    at_phase(state, "movement", "allied")
    state.apply_action("rally F18-1", "allied")
    state.apply_action("rally F18-A", "allied")
    assert unit not in state.disrupted
    assert hx(state, "2818") not in destinations(state, unit)  # in the ZOC of 2918
    assert not may_bombard(state, art)

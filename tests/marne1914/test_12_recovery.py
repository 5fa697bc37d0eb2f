"""12. Recovery of lost steps and of eliminated units, in Regroup mode."""

from __future__ import annotations

from greatwar.games.marne1914.data import SIDES
from greatwar.games.marne1914.movement import eliminated_units, may_recover, rebuildable
from greatwar.games.marne1914.state import ELIMINATED
from tests.marne1914.positions import actions, at_phase, cleared, place, random_play, set_mode


def test_12_1_1_to_12_1_4_recovery_in_regroup_mode() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    state.steps[unit] = 1
    set_mode(state, "F18", "defensive")
    assert not may_recover(state, unit)  # 12.1.1 Regroup only
    set_mode(state, "F18", "regroup")
    at_phase(state, "movement", "allied")
    assert "recover F18-1" in actions(state, "allied")
    state.apply_action("recover F18-1", "allied")
    roll = [e for e in state.log("allied") if e.rule == "12.1.4"][-1]
    assert (state.steps[unit] == 2) == ("recovers" in roll.text)
    assert unit in state.moved  # 12.1.3 it does not move this phase
    assert "move F18-1" not in actions(state, "allied")


def test_12_1_1_artillery_never_recovers_and_12_1_2_disrupted_units_neither() -> None:
    state = cleared()
    art = place(state, "F18-A", "2818")
    unit = place(state, "F18-1", "2818")
    state.steps[art] = state.steps[unit] = 1
    set_mode(state, "F18", "regroup")
    assert not may_recover(state, art)
    state.disrupted.add(unit)
    assert not may_recover(state, unit)


def test_12_1_5_an_hq_in_regroup_mode_may_bring_back_one_eliminated_unit() -> None:
    state = cleared()
    place(state, "F18-HQ", "2818")
    dead = state.unit("F18-2")
    state.where[dead] = ELIMINATED
    set_mode(state, "F18", "regroup")
    at_phase(state, "movement", "allied")
    assert list(rebuildable(state, "allied")) == [dead]
    state.apply_action("rebuild F18-2", "allied")
    assert "F18" in state.rebuilt_corps  # one try per corps a turn
    assert not list(rebuildable(state, "allied"))
    if state.where[dead] >= 0:
        assert state.steps[dead] == 1 and state.where[dead] == state.where[state.unit("F18-HQ")]


def test_12_1_5_the_eliminated_units_kept_equal_fresh_ones() -> None:
    """``eliminated_units`` (kept until a side's stacks change) equals the side's eliminated
    combat units read afresh after every action of random games (one with every option), and
    in a clone; ``rebuildable`` reads only them."""
    checked = eliminated = 0
    for _, state in random_play(range(3), all_options_at=2):
        for side in SIDES:
            fresh = tuple(
                u
                for u in state.c.side_units[side]
                if state.where[u] == ELIMINATED and not state.counter(u).is_hq
            )
            assert eliminated_units(state, side) == fresh
            assert eliminated_units(state.clone(), side) == fresh
            assert set(rebuildable(state, side)) <= set(fresh)
            checked += 1
            eliminated += bool(fresh)
    assert checked > 5000 and eliminated > 1000

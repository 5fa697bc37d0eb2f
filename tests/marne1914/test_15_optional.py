"""15. Optional rules: taxis, variable reinforcements, command and control, the B.E.F."""

from __future__ import annotations

from greatwar.games.marne1914.reinforcements import NEVER, taxi_units, variable_reinforcements
from greatwar.games.marne1914.state import ELIMINATED
from greatwar.games.marne1914.victory import bef_points
from tests.marne1914.positions import actions, at_phase, cleared, deployed, place


def test_15_1_taxis_once_after_turn_three_two_units_by_road_to_the_front() -> None:
    """15.1.1, 15.1.2, 15.1.3."""
    state = cleared({"taxis": True})
    place(state, "F4-1", "0313")
    place(state, "F4-2", "0314")
    place(state, "G4R-1", "1011")
    place(state, "F7-HQ", "0709")
    at_phase(state, "movement", "allied")
    state.turn = 3
    assert taxi_units(state, "allied") == []  # 15.1.1 after turn three
    state.turn = 4
    assert "taxi F4-1 F4-2" in actions(state, "allied")
    state.apply_action("taxi F4-1 F4-2", "allied")
    to = actions(state, "allied")[0]
    state.apply_action(to, "allied")
    assert state.where[state.unit("F4-1")] == state.where[state.unit("F4-2")]
    assert state.taxi_used
    state.apply_action(actions(state, "allied")[0], "allied")  # 15.1.3 attach to any corps
    state.apply_action(actions(state, "allied")[0], "allied")
    assert not any(a.startswith("taxi") for a in actions(state, "allied"))  # once a game


def test_15_1_taxis_are_off_without_the_option() -> None:
    state = cleared()
    place(state, "F4-1", "0313")
    place(state, "F4-2", "0314")
    at_phase(state, "movement", "allied")
    state.turn = 5
    assert taxi_units(state, "allied") == []


def test_15_2_variable_reinforcements_roll_each_turn_from_the_window() -> None:
    """15.2.1, 15.2.2: a roll on the table instead of the schedule."""
    state = deployed({"variable_reinforcements": True})
    assert state.due["F9"] == NEVER
    state.turn = 1
    variable_reinforcements(state, "allied")
    assert not any("IX Corps" in e.text for e in state.log())  # window opens on turn 2
    state.turn = 2
    variable_reinforcements(state, "allied")
    rolls = [e for e in state.log() if e.rule == "15.2.2" and "IX Corps" in e.text]
    assert len(rolls) == 1 and rolls[0].dice
    assert (state.due["F9"] == 2) == ("arrives" in rolls[0].text)


def test_15_3_command_and_control_notes_then_rolls_then_free_choices() -> None:
    """15.3.1, 15.3.3: noted secretly, revealed at once, rolled in the open."""
    state = deployed({"command_and_control": True})
    state.apply_action("commit", "allied")
    state.apply_action("commit", "german")
    while state.phase != "modes" or state.turn < 2:
        side = state.sides_to_act()[0]
        legal = actions(state, side)
        pick = next(
            (
                a
                for a in ("end", "done", "stop", "first", "resolve", "roll", "decline")
                if a in legal
            ),
            legal[0],
        )
        state.apply_action(pick, side)
    assert state.stack[-1]["p"] == "cc_note"
    assert set(state.sides_to_act()) == {"allied", "german"}
    state.apply_action("note F7-HQ", "allied")
    assert "F7-HQ" not in str(state.observation("german")["log"][-3:])  # noted secretly
    state.apply_action("commit", "allied")
    state.apply_action("commit", "german")
    rolls = [e for e in state.log() if e.rule == "15.3.1"]
    assert len(rolls) >= 1 and "F7-HQ" in rolls[-1].text
    assert state.stack[-1]["p"] == "modes"
    free = state.cc_free["allied"]
    legal = actions(state, "allied")
    assert all(a.split()[1] in [state.counter(h).id for h in free] for a in legal if a != "commit")


def test_15_4_2_two_german_points_per_british_corps_over_half_lost() -> None:
    state = cleared({"bef": True})
    assert bef_points(state) == 0
    for i in (1, 2, 3):
        state.where[state.unit(f"B1-{i}")] = ELIMINATED
    assert bef_points(state) == 2
    plain = cleared()
    for i in (1, 2, 3):
        plain.where[plain.unit(f"B1-{i}")] = ELIMINATED
    assert bef_points(plain) == 0


def test_15_2_3_the_last_column_repeats_and_is_never_certain() -> None:
    state = deployed({"variable_reinforcements": True})
    table = state.c.tables["variable_reinforcements"]
    assert all(max(row) < state.c.tables["turns"]["die"] for row in table.values())
    state.turn = 8  # long past the IX Corps' window: still rolls on the last column
    variable_reinforcements(state, "allied")
    rolls = [e for e in state.log() if e.rule == "15.2.2" and "IX Corps" in e.text]
    assert rolls and f"needs {table['F9'][-1]}" in rolls[-1].text


def test_15_3_2_a_forced_change_ignores_must_offensive_and_no_change() -> None:
    from greatwar.games.marne1914.modes import roll_command_and_control

    for seed in range(6):
        state = deployed({"command_and_control": True}, seed=seed)
        state.turn = 2
        hq = state.unit("F7-HQ")
        state.set_mode(hq, "offensive")
        state.oos.add(hq)
        state.cc_notes = {"allied": [hq], "german": []}
        roll_command_and_control(state)
        assert state.mode[hq] != "offensive" or hq in state.cc_free["allied"]

"""Rulebook chapter 5, sequence of play: the first-turn rules (5.2) and the phase order (5.3)."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import (
    dice_left,
    legal,
    log_texts,
    new_state,
    pass_action,
    play,
    position,
    rigged,
    scripted_setup,
    unit,
)

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
# 5.3: who acts in each phase (I and II: the German places drawn units, the US may rally).
PHASE_SIDES = {
    "III": "german",
    "IV": "us",
    "V": "german",
    "VI": "us",
    "VII": "german",
    "VIII": "us",
    "IX": "german",
    "X": "us",
    "XI": "german",
    "XII": "us",
}


def passed_through(state: FbsmState, until_turn: int) -> list[tuple[int, str, str, str]]:
    """Pass every prompt until ``until_turn`` starts: (turn, phase numeral, side, prompt)."""
    asked = []
    while state.turn < until_turn and not state.is_terminal():
        frame = state.stack[-1]
        asked.append((state.turn, NUMERALS[state.phase], state.current_player(), frame["p"]))
        state.apply_action(pass_action(state.legal_actions()))
    return asked


def test_5_2_the_first_turn_begins_at_phase_iii() -> None:
    state = scripted_setup(new_state())
    assert (state.turn, NUMERALS[state.phase]) == (1, "III")
    assert log_texts(state, "5.3") == ["turn 1, phase III: German First Bombardment Phase"]


def test_5_2_random_events_and_reinforcements_are_skipped_on_the_first_turn() -> None:
    state = scripted_setup(new_state())
    while (state.turn, NUMERALS[state.phase]) != (1, "XII"):
        state.apply_action(pass_action(state.legal_actions()))
    assert not any(e.rule.startswith(("7.", "8.")) for e in state.log())
    assert len(state.container) == 112 - 30
    state.apply_action(pass_action(state.legal_actions()))
    assert state.turn == 2
    turn_two = log_texts(state, "5.3").index("turn 2, phase I: Random Events Phase")
    assert turn_two == 10  # III..XII of turn 1, then turn 2 begins with phase I (7.1)
    assert any(e.rule.startswith("7.") for e in state.log())


def test_5_2_lines_of_fire_are_at_most_two_hexes_on_the_first_turn() -> None:
    units = {"U01": "2236", "H1": "2237", "G001": "2234", "G002": "2233", "G003": "2232"}
    first = position(units, turn=1, phase="VI", prompt="fire", side="us")
    assert [a for a in legal(first) if a.startswith("fire")] == ["fire 2234"]
    later = position(units, turn=2, phase="VI", prompt="fire", side="us")
    assert {"fire 2233", "fire 2232"} <= set(legal(later))


def test_5_2_no_bombardment_drift_on_the_first_turn() -> None:
    units = {"U01": "2136", "H1": "4020", "G001": "2137"}
    first = position(units, turn=1, phase="III", prompt="bombard", side="german")
    rigged(first, [1])  # the resolution die only: no drift die is rolled
    play(first, "bombard heavy 2136", "done")
    assert first.where[unit(first, "U01")] < 0 and dice_left(first) == []
    assert not log_texts(first, "11.3")

    later = position(units, turn=2, phase="III", prompt="bombard", side="german")
    rigged(later, [6])  # drift 6 - 4 = 2 hexes south, onto an empty hex
    play(later, "bombard heavy 2136", "done")
    assert later.where[unit(later, "U01")] >= 0
    assert log_texts(later, "11.3")[0] == "drift roll 6: 2 hex(es)"


def test_5_3_phases_follow_the_phase_record_track() -> None:
    state = scripted_setup(new_state())
    passed_through(state, until_turn=3)
    expected = [f"turn 1, phase {n}" for n in NUMERALS[2:]] + [
        f"turn 2, phase {n}" for n in NUMERALS
    ]
    expected.append("turn 3, phase I")
    assert [t.split(":")[0] for t in log_texts(state, "5.3")] == expected


def test_5_3_each_phase_asks_its_own_side() -> None:
    state = scripted_setup(new_state())
    for turn, numeral, side, prompt in passed_through(state, until_turn=3):
        if numeral in PHASE_SIDES:
            assert side == PHASE_SIDES[numeral], f"turn {turn} phase {numeral} asked {side}"
        else:  # I and II: the German places drawn units (7.5, 7.7, 8.3); the US may rally (7.6)
            assert (side, prompt) in (("german", "enter"), ("us", "rally"))


def test_5_1_a_finished_phase_cannot_be_taken_up_again() -> None:
    state = position(
        {"U01": "4020", "G001": "2518", "G002": "2418"}, prompt="movement", side="german"
    )
    play(state, "move G001", "to 2517", "end")
    assert (state.turn, NUMERALS[state.phase]) == (2, "VIII")  # VI, VII: nothing in range
    with pytest.raises(IllegalAction):
        state.apply_action("move G002", "german")

"""Rulebook chapter 8, German reinforcements: 4d6 units drawn and placed by choice (8.3-8.6)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import (
    PHASES,
    begin_phase,
    dice_left,
    ids_in,
    legal,
    log_texts,
    new_state,
    pass_action,
    play,
    position,
    rigged,
    scripted_setup,
)

BASE = {"U01": "3020", "H1": "4020", "G001": "2520"}


def reinforcing(
    dice: Sequence[int], units: dict[str, str] = BASE, container: list[str] | None = None
) -> FbsmState:
    """Phase II of turn 2, its dice (four, then one draw per unit) rigged."""
    state = position(units, turn=2, phase="II", container=container)
    return begin_phase(rigged(state, dice))


def riverbank(state: FbsmState) -> list[str]:
    order: list[str] = state.c.tables["german_setup"]["riverbank_order"]
    return order


def test_8_1_reinforcements_arrive_only_after_the_first_turn() -> None:
    state = scripted_setup(new_state())
    while state.turn < 2 or state.phase < PHASES["III"]:
        assert state.turn == 2 or not log_texts(state, "8.3")
        state.apply_action(pass_action(state.legal_actions()))
    assert log_texts(state, "8.3")[0].endswith("German reinforcements")
    assert all(c.side == "german" for c in state.c.counters if c.index in state.container)


def test_8_3_four_dice_of_units_are_drawn_one_at_a_time_and_placed_by_choice() -> None:
    state = reinforcing([1, 1, 1, 2, 0, 0, 0, 0, 0])  # five units, each the first left
    assert log_texts(state, "8.3")[0] == "5 German reinforcements"
    assert legal(state) == [f"enter {h}" for h in riverbank(state)]
    assert state.observation("german")["prompt"]["unit"] == "G002"
    play(state, "enter 2342", "enter 2342", "enter 3432", "enter 4232", "enter 2342")
    assert ids_in(state, "2342") == ["G002", "G003", "G006"]
    assert ids_in(state, "3432") == ["G004"] and ids_in(state, "4232") == ["G005"]
    assert len(state.container) == 112 - 1 - 5 and dice_left(state) == []


def test_8_3_normal_stacking_limits_the_entry_hexes() -> None:
    full = {**BASE, "G004": "4232", "G007": "4232", "G046": "4232", "G010": "4131"}
    state = reinforcing([1, 1, 1, 1, 0], full)  # the first unit drawn is G002 (fire 2)
    assert "enter 4232" not in legal(state)  # 16 factors already
    assert "enter 4131" in legal(state)
    with pytest.raises(IllegalAction, match=r"within 16 fire factors.*8\.3"):
        state.apply_action("enter 4232")


def test_8_4_the_draw_stops_when_the_container_is_empty() -> None:
    state = reinforcing([6, 6, 6, 6, 0, 0], container=["G002", "G003"])
    assert "only 2 units left in the container" in log_texts(state, "8.4")
    play(state, "enter 4232", "enter 4131")
    assert state.container == [] and not state.is_terminal()


def test_8_5_reinforcements_move_in_the_same_turn() -> None:
    state = reinforcing([1, 1, 1, 1, 0, 0, 0, 0])
    play(state, "enter 4232", "enter 4131", "enter 4032", "enter 3931")
    assert state.phase == PHASES["V"] and state.stack[-1]["p"] == "movement"
    movable = {a for a in legal(state) if a.startswith("move")}
    assert {"move G002", "move G003", "move G004", "move G005"} <= movable


def test_8_5_no_placed_unit_goes_back_into_the_container() -> None:
    state = reinforcing([1, 1, 1, 1, 0, 0, 0, 0])
    play(state, "enter 4232", "enter 4131", "enter 4032", "enter 3931")
    placed = {state.c.counter(u).index for u in ("G002", "G003", "G004", "G005")}
    assert not placed & set(state.container)


def test_8_6_the_german_may_not_refuse_or_delay_a_drawn_unit() -> None:
    state = reinforcing([1, 1, 1, 1, 0])
    assert all(a.startswith("enter ") for a in legal(state))
    for refusal in ("end", "done", "pass"):
        with pytest.raises(IllegalAction, match=r"place the drawn unit \(8\.3\)"):
            state.apply_action(refusal)

"""Bad input gets a clear error naming what was wrong, and changes nothing."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from tests.meuse.positions import new_state, play, position


@pytest.mark.parametrize(
    "action, reason",
    [
        ("move nosuch", "there is no unit nosuch"),
        ("move g15", "not one of your units on the map"),
        ("attack 9999", "there is no hex 9999"),
        ("attack 1707", "holds no enemy unit"),
        ("breakdown us3", "4th, 32nd, 33rd and 79th"),
    ],
)
def test_refused_actions_say_why_and_change_nothing(action: str, reason: str) -> None:
    verb = action.split()[0]
    phase = ("allied", "combat") if verb == "attack" else ("allied", "movement")
    state = position({"us3": "1706", "g15": "1705"}, phase=phase, turn=3)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match=reason):
        play(state, action)
    assert state.fingerprint() == before


def test_a_move_beyond_reach_names_the_rule() -> None:
    state = position({"us3": "1706"}, phase=("allied", "movement"), turn=3)
    play(state, "move us3")
    with pytest.raises(IllegalAction, match=r"beyond the unit's 4 MP.*5\.1"):
        play(state, "to 1701")


def test_the_german_may_not_set_up_out_of_turn() -> None:
    state = new_state()
    with pytest.raises(IllegalAction, match="not german's turn"):
        state.apply_action("place g1A 1219", "german")

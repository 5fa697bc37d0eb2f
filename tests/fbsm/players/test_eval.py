"""The evaluator reads the position directly, with the same features as from an observation."""

from __future__ import annotations

import pytest

from greatwar import load_game
from greatwar.games.fbsm.players import FbsmHeuristic
from greatwar.games.fbsm.players.eval import board_features, features
from greatwar.games.fbsm.players.picture import knowledge
from greatwar.games.fbsm.state import FbsmState


@pytest.mark.parametrize("play_balance", [False, True])
def test_features_from_the_board_equal_those_from_either_sides_observation(
    play_balance: bool,
) -> None:
    game = load_game("fbsm", {"play_balance": play_balance})
    state = game.new_initial_state(2)
    seats = {side: FbsmHeuristic(side, 2) for side in game.sides}
    checked = 0
    while not state.is_terminal() and checked < 6:
        side = state.current_player()
        if len(state.history()) % 97 == 0 and state.turn >= 1:
            assert isinstance(state, FbsmState)
            fast = board_features(state, play_balance, knowledge())
            for viewer in game.sides:
                assert fast == features(state.observation(viewer), play_balance, knowledge())
            checked += 1
        state.apply_action(seats[side].choose(state, side), side)
    assert checked == 6

"""The scripted FBSM player: legal, decisive, stronger than random, blind to hidden information."""

import pytest

from greatwar import load_game
from greatwar.ai.game_players import games_with_heuristic
from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import make_player
from greatwar.core.errors import GreatwarError
from greatwar.core.play import play
from greatwar.core.registry import GAME_MODULES
from greatwar.core.rng import Rng
from greatwar.games.fbsm.players.determinize import determinize
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic


def test_heuristic_plays_whole_games_with_legal_actions() -> None:
    # play() applies every choice through apply_action, which refuses illegal actions.
    for seed, balance in ((1, False), (2, True)):
        game = load_game("fbsm", {"play_balance": balance})
        seats = {side: FbsmHeuristic(side, seed) for side in game.sides}
        state = play(game, seats, seed, max_actions=20_000)
        assert state.is_terminal() and state.winner() in game.sides


@pytest.mark.parametrize("side", ["us", "german"])
def test_heuristic_beats_random_in_nine_of_ten_fixed_seeds(side: str) -> None:
    game = load_game("fbsm")
    wins = 0
    for seed in range(100, 110):
        other = "german" if side == "us" else "us"
        seats = {side: FbsmHeuristic(side, seed), other: RandomPlayer(seed)}
        wins += play(game, seats, seed).winner() == side
    assert wins >= 9


def test_heuristic_factory_finds_the_games_own_players_package() -> None:
    assert games_with_heuristic() == list(GAME_MODULES)  # every registered game has one
    assert isinstance(make_player("heuristic", "fbsm", "us", 3), FbsmHeuristic)
    with pytest.raises(GreatwarError, match="no heuristic player for game 'nosuch'"):
        make_player("heuristic", "nosuch", "us", 3)


def positions(seed: int, every: int) -> list:
    """States along a heuristic game, every ``every`` actions."""
    game = load_game("fbsm")
    state = game.new_initial_state(seed)
    seats = {side: FbsmHeuristic(side, seed) for side in game.sides}
    found = []
    while not state.is_terminal() and len(found) < 40:
        side = state.current_player()
        if len(state.history()) % every == 0 and len(state.legal_actions(side)) > 1:
            found.append(state.clone())
        state.apply_action(seats[side].choose(state, side), side)
    return found


def test_6_5_heuristic_chooses_alike_when_only_hidden_information_differs() -> None:
    # The twin differs in the container order (3.5), the dice to come, and (for a US player)
    # the German units below the top of each stack (6.5): none of which the player may see.
    differing = 0
    for state in positions(seed=4, every=97):
        side = state.current_player()
        twin = determinize(state, side, Rng(99))
        assert twin.observation(side) == state.observation(side)
        differing += twin.to_dict() != state.to_dict()
        assert FbsmHeuristic(side, 5).choose(state, side) == FbsmHeuristic(side, 5).choose(
            twin, side
        )
    assert differing > 10

"""ISMCTS: legal choices, the same choice for the same seed, and a generic fallback."""

import pytest

from greatwar import load_game
from greatwar.ai.mcts import Budget, MctsPlayer, Settings, game_determinize
from greatwar.ai.registry import make_player
from greatwar.core.errors import GreatwarError
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic

SMALL = Budget(iterations=6)
SHORT = Settings(rollout_actions=40)


def positions() -> list[State]:
    """The US set-up, then a German and a US decision a few turns in."""
    game = load_game("fbsm")
    state = game.new_initial_state(3)
    found = [state.clone()]
    seats = {side: FbsmHeuristic(side, 3) for side in game.sides}
    wanted = {"german", "us"}
    while wanted and not state.is_terminal():
        side = state.current_player()
        if state.turn >= 3 and side in wanted and len(state.legal_actions(side)) > 3:
            found.append(state.clone())
            wanted.discard(side)
        state.apply_action(seats[side].choose(state, side), side)
    return found


def test_mcts_chooses_a_legal_action_within_a_small_budget() -> None:
    for state in positions():
        side = state.current_player()
        player = MctsPlayer("fbsm", side, seed=1, budget=SMALL, settings=SHORT)
        assert player.choose(state, side) in state.legal_actions(side)
        assert player.iterations == SMALL.iterations


def test_mcts_is_deterministic_for_a_seed_with_an_iteration_budget() -> None:
    for state in positions()[1:]:
        side = state.current_player()
        choices = {
            MctsPlayer("fbsm", side, seed=7, budget=SMALL, settings=SHORT).choose(state, side)
            for _ in range(2)
        }
        assert len(choices) == 1


def test_mcts_is_registered_and_plays_on_without_changing_the_state() -> None:
    state = positions()[1]
    side = state.current_player()
    before = state.to_dict()
    player = make_player("mcts", "fbsm", side, 2)
    assert isinstance(player, MctsPlayer)
    player.budget = SMALL
    player.settings = SHORT
    player.choose(state, side)
    assert state.to_dict() == before


def test_games_without_a_determinize_module_get_fresh_dice() -> None:
    state = load_game("fbsm").new_initial_state(1)
    sample = game_determinize("toy-without-module")(state, "us", Rng(3))
    assert sample.rng.position != state.rng.position
    assert sample.to_dict()["stack"] == state.to_dict()["stack"]


def test_mcts_budget_is_named_in_iterations_or_seconds() -> None:
    assert make_player("mcts:12", "fbsm", "us", 1).budget == Budget(iterations=12)
    assert make_player("mcts:1.5s", "fbsm", "us", 1).budget == Budget(iterations=0, seconds=1.5)
    with pytest.raises(GreatwarError, match="as mcts:48 or mcts:2s"):
        make_player("mcts:lots", "fbsm", "us", 1)


def test_mcts_asked_to_hurry_plays_after_one_iteration() -> None:
    """A person waiting for the computer may ask it to move now: however large its budget,
    the search stops after the iteration under way, plays a legal action, and the next
    decision has its whole budget again."""
    state = positions()[0]
    side = state.current_player()
    player = MctsPlayer("fbsm", side, seed=1, budget=Budget(iterations=10_000), settings=SHORT)
    player.hurry()  # asked before it started: the next decision is cut short
    assert player.choose(state, side) in state.legal_actions(side)
    assert player.iterations == 1
    patient = MctsPlayer("fbsm", side, seed=1, budget=SMALL, settings=SHORT)
    patient.choose(state, side)
    assert patient.iterations == SMALL.iterations


def test_simultaneous_hidden_choices_are_chosen_apart_in_the_tree() -> None:
    """Devil Dogs 5.2: both sides place cards at once; at such a node each side picks from its
    own statistics and the child is reached by the pair of choices, so the second side's
    choice is never conditioned on the first's."""
    from greatwar.ai.mcts import Node

    game = load_game("devildogs")
    state = game.new_initial_state(4)
    assert set(state.sides_to_act()) == set(game.sides)  # 5.2 the first turn's cards
    side = state.current_player()
    player = MctsPlayer("devildogs", side, seed=3, budget=SMALL, settings=SHORT)
    root = Node()
    hint = state.legal_actions(side)[0]
    for _ in range(8):
        player._iterate(root, state, side, hint)
    assert set(root.edges) == set(game.sides)
    assert root.children and all(len(joint) == 2 for joint in root.children)
    assert sum(e.visits for e in root.edges[side].values()) == 8

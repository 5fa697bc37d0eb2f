"""The search player decides only on what its side may know: two positions that differ only in
what the searcher cannot see (the opponent's hand and deck order, units hidden under fog of
war, the container) give the same determinised samples and the same decision."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from greatwar import load_game
from greatwar.ai.game_players import determinize_of
from greatwar.ai.mcts import Budget, MctsPlayer, Settings
from greatwar.ai.registry import make_player
from greatwar.ai.rollout import RolloutPlayer, RolloutSettings
from greatwar.core.play import Player
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.games.fbsm.state import CONTAINER, FbsmState

BUDGET = Budget(iterations=12)
SETTINGS = Settings(rollout_actions=12)


def played_until(game_id: str, seed: int, stop: Callable[[State], bool]) -> State:
    game = load_game(game_id)
    state = game.new_initial_state(seed)
    seats = {side: make_player("heuristic", game_id, side, seed) for side in game.sides}
    while not stop(state):
        side = state.current_player()
        state.apply_action(seats[side].choose(state, side), side)
    return state


def fbsm_pair() -> tuple[State, State]:
    """A US decision with a German unit hidden below the top of a stack (6.5), and the same
    position with that unit swapped for a German unit from the container (3.5)."""

    def ready(state: State) -> bool:
        assert isinstance(state, FbsmState)
        return (
            state.turn >= 3
            and state.current_player() == "us"
            and len(state.legal_actions("us")) > 2
            and any(
                len(s) > 1 and state.counter(s[0]).side == "german" for s in state.stacks.values()
            )
        )

    state = played_until("fbsm", 8, ready)
    assert isinstance(state, FbsmState)
    other = state.clone()
    hex_index, stack = next(
        (h, s)
        for h, s in sorted(other.stacks.items())
        if len(s) > 1 and other.counter(s[0]).side == "german"
    )
    hidden = stack[0]
    total = sum(other.counter(u).fire for u in stack)
    swap = next(
        u
        for u in other.container
        if other.counter(u).is_infantry
        and other.counter(u).id != other.counter(hidden).id
        and total - other.counter(hidden).fire + other.counter(u).fire <= 16
    )
    stack[0] = swap
    other.container[other.container.index(swap)] = hidden
    other.where[swap], other.where[hidden] = hex_index, CONTAINER
    other.container.reverse()  # the container's order is unknown too
    assert other.observation("us") == state.observation("us")
    assert other.to_dict() != state.to_dict()
    return state, other


def devildogs_pair(side: str) -> tuple[State, State]:
    """A Devil Dogs decision of ``side`` and the same position with the opponent's hand card
    swapped for one of its deck, and both decks in another order."""

    def ready(state: State) -> bool:
        return state.current_player() == side and len(state.legal_actions(side)) > 2

    state = played_until("devildogs", 3, ready)
    assert isinstance(state, DevilDogsState)
    other = state.clone()
    assert isinstance(other, DevilDogsState)
    opponent = next(s for s in other.game.sides if s != side)
    hand, deck = other.hands[opponent], other.decks[opponent]
    placed = set(other.assigned[opponent].values())
    position = next(i for i, c in enumerate(hand) if c not in placed)
    hand[position], deck[0] = deck[0], hand[position]
    for s in other.game.sides:
        other.decks[s].reverse()
    assert other.observation(side) == state.observation(side)
    assert other.to_dict() != state.to_dict()
    return state, other


PAIRS: dict[str, Callable[[], tuple[State, State]]] = {
    "fbsm-us": fbsm_pair,
    "devildogs-us": lambda: devildogs_pair("us"),
    "devildogs-german": lambda: devildogs_pair("german"),
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_samples_do_not_depend_on_what_the_searcher_cannot_see(name: str) -> None:
    first, second = PAIRS[name]()
    side = first.current_player()
    determinize = determinize_of(first.game.id)
    assert determinize is not None
    for seed in range(3):
        one = determinize(first, side, Rng(seed))
        two = determinize(second, side, Rng(seed))
        assert one.to_dict() == two.to_dict()
        assert one.observation(side) == first.observation(side)


def mcts(game_id: str, side: str) -> Player:
    return MctsPlayer(game_id, side, 11, budget=BUDGET, settings=SETTINGS)


def rollout(game_id: str, side: str) -> Player:
    return RolloutPlayer(game_id, side, 11, budget=BUDGET, settings=RolloutSettings(horizon=30))


SEARCHES: dict[str, Callable[[str, str], Player]] = {"mcts": mcts, "rollout": rollout}


@pytest.mark.parametrize("search", sorted(SEARCHES))
@pytest.mark.parametrize("name", sorted(PAIRS))
def test_search_decision_is_the_same_whatever_the_hidden_information(
    name: str, search: str
) -> None:
    first, second = PAIRS[name]()
    side = first.current_player()
    choices = [
        SEARCHES[search](first.game.id, side).choose(state, side) for state in (first, second)
    ]
    assert choices[0] == choices[1]

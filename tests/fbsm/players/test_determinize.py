"""6.5 fog of war and 3.5 the container: what a search may resample, and what it must keep."""

from collections import Counter

from greatwar import load_game
from greatwar.core.rng import Rng
from greatwar.games.fbsm.players.determinize import determinize
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic
from greatwar.games.fbsm.state import FbsmState


def crowded_state() -> FbsmState:
    """A game some turns in, with German stacks on the map and units in the container."""
    game = load_game("fbsm")
    state = game.new_initial_state(8)
    seats = {side: FbsmHeuristic(side, 8) for side in game.sides}
    while state.turn < 4:
        side = state.current_player()
        state.apply_action(seats[side].choose(state, side), side)
    assert isinstance(state, FbsmState)
    stack_two_german_units(state)
    return state


def stack_two_german_units(state: FbsmState) -> None:
    """6.1: put two German units into one hex, so that one of them is hidden below the top."""
    german = sorted(
        (h for h, s in state.stacks.items() if state.counter(s[0]).side == "german"),
        key=lambda h: sum(state.counter(u).fire for u in state.stacks[h]),
    )
    low, other = german[0], german[1]
    state.put(state.stacks[other][-1], low)


def test_6_5_us_sample_keeps_what_the_us_sees_and_resamples_german_units_below_the_top() -> None:
    state = crowded_state()
    sample = determinize(state, "us", Rng(1))
    assert sample.observation("us") == state.observation("us")
    below = [tuple(s[:-1]) for s in state.stacks.values() if len(s) > 1]
    assert any(
        tuple(sample.stacks[h][:-1]) != tuple(s[:-1])
        for h, s in state.stacks.items()
        if len(s) > 1 and state.counter(s[0]).side == "german"
    ), below
    # 6.1 every stack stays within 16 infantry fire factors, and no unit is lost or doubled
    for stack in sample.stacks.values():
        assert sum(sample.counter(u).fire for u in stack) <= 16
    placed = Counter(u for s in sample.stacks.values() for u in s) + Counter(sample.container)
    assert all(n == 1 for n in placed.values())
    assert sorted(placed) == sorted(
        Counter(u for s in state.stacks.values() for u in s) + Counter(state.container)
    )


def test_3_5_sample_has_its_own_future_and_leaves_the_original_alone() -> None:
    state = crowded_state()
    before = state.to_dict()
    sample = determinize(state, "german", Rng(2))
    assert state.to_dict() == before
    assert sample.rng.position != state.rng.position
    assert sample.observation("german") == state.observation("german")
    assert sorted(sample.container) == sorted(state.container)

"""What Devil Dogs adds to the shared contract suite (tests/contract): the invariants checked
after every fuzzed action and the checks of a finished game."""

from __future__ import annotations

from greatwar.core.state import State
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.state import DevilDogsState


def check_invariants(state: State) -> None:
    """One unit per hex (4.1) and ``where`` agreeing with the map, steps lost below a unit's
    steps (7.2), pins only on units on the map (6.2), every card of each deck in exactly one
    place (5.1), the initiative track on the track (5.3.1), units only on playable hexes."""
    assert isinstance(state, DevilDogsState)
    assert len(set(state.at.values())) == len(state.at)
    for hex_index, unit in state.at.items():
        assert state.where[unit] == hex_index and state.is_playable(hex_index)
        assert 0 <= state.lost[unit] < state.unit(unit).steps
    assert sum(1 for w in state.where if w >= 0) == len(state.at)
    assert all(state.where[u] >= 0 for u in state.pinned)
    for side in SIDES:
        piles = (state.decks[side], state.discard[side], state.hands[side])
        cards = [c for pile in piles for c in pile]
        assert len(cards) == len(set(cards))
        placed = set(state.assigned[side].values())
        assert sorted(set(cards) | placed) == state.c.deck(side)
    limits = state.c.tables["track"]
    assert limits["min"] <= state.track <= limits["max"]


def check_end(state: State) -> None:
    """3.1: the scenario ends by its last turn at the latest."""
    assert isinstance(state, DevilDogsState)
    assert state.turn <= state.sc.turns

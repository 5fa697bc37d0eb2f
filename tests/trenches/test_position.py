"""The position as an extension type (``Position``, state.pxd) on the engine's own (core
state.pxd): clone, undo, pickle and deep copy carry it and the engine's fields."""

from __future__ import annotations

import copy
import pickle

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import State
from greatwar.core.state import ENGINE_FIELDS
from greatwar.games.trenches.state import Position, TrenchesState
from tests.trenches.positions import fresh


def test_the_game_sequence_the_position_holds_its_own_fields_on_the_engines_state() -> None:
    """``Position`` takes the engine's ``State`` for base (core/state.pxd) and holds every
    field of its own outside the instance dict that ``State.clone`` copies: ``copy_into``
    copies them (the next test checks that it does)."""
    state = fresh()
    assert isinstance(state, Position) and isinstance(state, State)
    assert not set(Position.__slots__) & set(vars(state))


def test_the_game_sequence_a_clone_an_undo_and_a_pickle_carry_the_position() -> None:
    """After every action of random games, a clone has the engine's fields and the same full
    state; where an action may be taken back, undoing it gives the position as it was; a
    pickled and a deep-copied state are the same position and play on alike."""
    checked = undone = 0
    for seed in (0, 1):
        state, player = fresh(seed), RandomPlayer(seed)
        before: dict[str, object] | None = None
        while not state.is_terminal():
            clone = state.clone()
            for name in ENGINE_FIELDS:
                assert getattr(clone, name) == getattr(state, name), name
            assert clone.to_dict() == state.to_dict()
            if before is not None and checked % 10 == 0 and state.can_undo():
                again = state.clone()
                again.undo()
                for name in ("_last_side", "_winner", "_end", "game", "seed"):
                    assert getattr(again, name) == before[name], name
                assert again.to_dict() == before["dict"]
                undone += 1
            if checked % 50 == 0:
                for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                    assert isinstance(other, TrenchesState)
                    assert other.to_dict() == state.to_dict()
                    assert other.legal_actions() == state.legal_actions()
            before = {name: getattr(state, name) for name in ENGINE_FIELDS}
            before["dict"] = copy.deepcopy(state.to_dict())
            state.apply_action(player.choose(state, state.current_player()))
            checked += 1
    assert checked > 100 and undone > 5

"""The position as an extension type (``Position``, state.pxd): the engine's fields it holds
are copied by clone and undo as the engine copies its others."""

from __future__ import annotations

import copy
import pickle

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import State
from greatwar.core.state import ENGINE_FIELDS
from greatwar.games.trenches.state import Position, TrenchesState
from tests.trenches.positions import fresh


def test_the_game_sequence_every_field_the_engine_sets_is_held_by_the_position_or_its_dict() -> (
    None
):
    """``State.clone`` and ``State.undo`` copy the instance dict; ``copy_into`` copies the
    engine's fields ``Position`` holds instead: every field ``State.__init__`` sets is one or
    the other (a field the engine adds lands in the dict)."""
    state = fresh()
    assert isinstance(state, Position)
    engine = set(vars(State(state.game, 0)))
    held = set(ENGINE_FIELDS)
    assert held <= engine  # (no name the engine no longer has)
    assert not held & set(vars(state))  # held by the position, not by the dict
    assert engine - held <= set(vars(state))
    assert not set(Position.__slots__) & set(vars(state))  # (every own field in the position)


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

"""The position as an extension type (``Position``, state.pxd) on the engine's own (core
state.pxd): clone and undo carry the engine's fields through it."""

from __future__ import annotations

import copy

from greatwar.core.state import ENGINE_FIELDS, State
from greatwar.games.marne1914.state import Position
from tests.marne1914.positions import new_state, random_play


def test_the_position_holds_its_own_fields_on_the_engines_state() -> None:
    """``Position`` takes the engine's ``State`` for base (core/state.pxd) and holds every
    field of its own outside the instance dict that ``State.clone`` copies: ``copy_into``
    copies them (the next test checks that it does)."""
    state = new_state()
    assert isinstance(state, Position) and isinstance(state, State)
    assert not set(Position.__slots__) & set(vars(state))


def test_a_clone_and_an_undo_carry_the_engine_fields() -> None:
    """After every action of a random game, a clone has the engine's fields the position
    holds; where an action may be taken back, undoing it gives the position and them as they
    were (but the floor of undo, which undo keeps)."""
    checked = undone = 0
    before: dict[str, object] | None = None
    for _, state in random_play(range(1)):
        clone = state.clone()
        for name in ENGINE_FIELDS:
            assert getattr(clone, name) == getattr(state, name), name
        if before is not None and checked % 25 == 0 and state.can_undo():  # (undo replays)
            again = state.clone()
            again.undo()
            for name in ("_last_side", "_winner", "_end", "game", "seed"):
                assert getattr(again, name) == before[name], name
            assert again._undo_floor == state._undo_floor  # (undo keeps the floor)
            assert again.to_dict() == before["dict"]
            undone += 1
        before = {name: getattr(state, name) for name in ENGINE_FIELDS}
        before["dict"] = copy.deepcopy(state.to_dict())  # (its lists are the state's own)
        checked += 1
    assert checked > 1000 and undone > 10

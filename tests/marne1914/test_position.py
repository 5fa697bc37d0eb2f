"""The position as an extension type (``Position``, state.pxd): the engine's fields it holds
are copied by clone and undo as the engine copies its others."""

from __future__ import annotations

import copy

from greatwar.core import State
from greatwar.core.state import ENGINE_FIELDS
from tests.marne1914.positions import new_state, random_play


def test_every_field_the_engine_sets_is_held_by_the_position_or_in_the_instance_dict() -> None:
    """``State.clone`` and ``State.undo`` copy the instance dict; ``copy_into`` copies the
    engine's fields ``Position`` holds instead: every field ``State.__init__`` sets is one or
    the other (a field the engine adds lands in the dict)."""
    state = new_state()
    engine = set(vars(State(state.game, 0)))
    held = set(ENGINE_FIELDS)
    assert held <= engine  # (no name the engine no longer has)
    assert not held & set(vars(state))  # held by the position, not by the dict
    assert engine - held <= set(vars(state))


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

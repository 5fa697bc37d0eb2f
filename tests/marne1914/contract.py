"""What Miracle on the Marne adds to the shared contract suite (tests/contract): the
invariants checked after every fuzzed action and the checks of a finished game."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.state import State
from greatwar.games.marne1914.state import ELIMINATED, LOST, WAITING, MarneState
from tests.marne1914.positions import deployed, new_state


def check_invariants(state: State) -> None:
    """One side per hex, every counter where it says it is, steps within the counter's, and
    no HQ left in an enemy ZOC once combat is over (9.9) but one whose owner is choosing
    where it goes."""
    assert isinstance(state, MarneState)
    counters = state.c.counters
    seen: set[int] = set()
    for hex_index, stack in state.stacks.items():
        assert stack, f"empty stack kept in {state.hex_id(hex_index)}"
        assert len({counters[u].side for u in stack}) == 1, "both sides in one hex"
        for u in stack:
            assert state.where[u] == hex_index and u not in seen
            seen.add(u)
    for c in counters:
        assert 1 <= state.steps[c.index] <= c.steps
        assert state.where[c.index] >= 0 or state.where[c.index] in (WAITING, ELIMINATED, LOST)
    asked = {f["unit"] for f in state.stack if f["p"] == "hq_retreat"}  # 9.9: the owner picks
    for hq in state.mode:
        if state.where[hq] >= 0 and state.combat is None and not state.tasks and hq not in asked:
            side = counters[hq].side
            enemy = "german" if side == "allied" else "allied"
            assert state.where[hq] not in state.zoc(enemy) or state.phase.endswith("setup")


def check_end(state: State) -> None:
    """14: the game ends by victory points after the last turn (or at once by 14's terms)."""
    cause = state.end_cause()
    assert cause is not None and cause[0].startswith("14")


def advance_to(state: MarneState, prompt: str, side: str) -> MarneState:
    """Pass (commit, end, done...) until ``prompt`` asks ``side``."""
    pass_order = ("commit", "first", "end", "done", "stop", "decline", "resolve", "roll", "stay")
    while not (state.stack and state.stack[-1]["p"] == prompt and side in state.sides_to_act()):
        acting = state.sides_to_act()[0]
        legal = [str(a) for a in state.legal_actions(acting)]
        state.apply_action(next((a for a in pass_order if a in legal), legal[0]), acting)
    return state


def _after(state: MarneState, action: str) -> MarneState:
    state.apply_action(action)
    return state


GOLDEN_POSITIONS: dict[str, Callable[[], State]] = {
    "allied_setup": lambda: new_state(),
    "german_setup": lambda: _after(new_state(), "standard"),
    "turn1_modes": lambda: deployed(),
    "turn1_german_movement": lambda: advance_to(deployed(), "movement", "german"),
    "turn1_allied_movement": lambda: advance_to(deployed(), "movement", "allied"),
    "turn1_allied_reinforcements": lambda: advance_to(deployed(), "reinforce", "allied"),
    "turn1_german_combat": lambda: advance_to(deployed(), "combat", "german"),
}

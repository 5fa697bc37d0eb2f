"""Random-play fuzzing: whole games between random players, checked at every step, with the
default rules and with every optional rule.

At every step: no exception, some legal action unless the game is over (no dead end), and the
invariants of sides, steps and places hold. Every few steps the action applied by its string
form gives the same position and a clone follows the original. At the end the record
survives JSON and replaying it reproduces the final position.
"""

from __future__ import annotations

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.record import GameRecord
from greatwar.games.marne1914.state import ELIMINATED, LOST, WAITING, MarneState

ALL_OPTIONS: dict[str, object] = {
    "taxis": True,
    "variable_reinforcements": True,
    "command_and_control": True,
    "bef": True,
}
GAMES: tuple[tuple[int, dict[str, object]], ...] = ((0, {}), (2, ALL_OPTIONS))  # kept fast
STRING_FORM_EVERY = 97
MAX_ACTIONS = 20_000


def check_invariants(state: MarneState) -> None:
    """One side per hex, every counter where it says it is, steps within the counter's."""
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
    for hq in state.mode:  # 9.9: no HQ stays in an enemy ZOC once combat is over
        if state.where[hq] >= 0 and state.combat is None and not state.tasks:
            side = counters[hq].side
            enemy = "german" if side == "allied" else "allied"
            assert state.where[hq] not in state.zoc(enemy) or state.phase.endswith("setup")


def fuzz_one(seed: int, options: dict[str, object]) -> MarneState:
    state = load_game("marne1914", options).new_initial_state(seed)
    assert isinstance(state, MarneState)
    players = {"allied": RandomPlayer(seed), "german": RandomPlayer(seed + 10_000)}
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        side = state.current_player()
        actions = state.legal_actions(side)
        assert actions, f"dead end at step {step}: prompt {state.stack[-1]}"
        action = players[side].choose(state, side)
        if step % STRING_FORM_EVERY == 0:
            twin = state.clone()
            twin.apply_action(str(action), side)
            state.apply_action(action, side)
            assert twin.fingerprint() == state.fingerprint(), f"string form of {action} differs"
        else:
            state.apply_action(action, side)
        check_invariants(state)
    pytest.fail(f"seed {seed} did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_random_games_end_by_14_and_replay_exactly(seed: int, options: dict[str, object]) -> None:
    state = fuzz_one(seed, options)
    cause = state.end_cause()
    assert cause is not None and cause[0] == "14"
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed.fingerprint() == state.fingerprint()
    assert replayed.winner() == state.winner()

"""Random-play fuzzing: whole FBSM games between random players, checked at every step.

At every step: no exception, some legal action unless the game is over (no dead end), and the
invariants of stacking (6.1), sides (9.7), the riverbank (9.8) and the bookkeeping of where
each counter is. Every few steps an action applied by its string form must give the same
position as the action itself. At the end, the game's record survives JSON and replaying it
on a fresh state reproduces the final position (``GameRecord.replay`` checks the fingerprint).
"""

from __future__ import annotations

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.record import GameRecord
from greatwar.games.fbsm.state import CONTAINER, DEAD, FbsmState

PLAY_BALANCE_GAMES = 60  # 13.x on: every game ends by turn 16
STANDARD_GAMES = 20  # 13.x off: games run until a side wins (4.3, 4.4)
FUZZED_GAMES = PLAY_BALANCE_GAMES + STANDARD_GAMES
STRING_FORM_EVERY = 97  # steps between checks that ``apply_action(str(a))`` equals ``a``
MAX_ACTIONS = 100_000


def check_invariants(state: FbsmState) -> None:
    """Stacking (6.1), one side per hex (9.7), no US unit on the riverbank (9.8), and ``where``
    agreeing with ``stacks``, the container and the carnage."""
    counters = state.c.counters
    limit = state.c.tables["stacking"]["max_infantry_fire_factors"]
    terrain = state.c.board.terrain
    seen: set[int] = set()
    for hex_index, stack in state.stacks.items():
        assert stack, f"empty stack kept in hex {state.hex_id(hex_index)}"
        sides = {counters[u].side for u in stack}
        assert len(sides) == 1, f"both sides in {state.hex_id(hex_index)}"
        infantry = [u for u in stack if counters[u].is_infantry]
        assert len(infantry) == len(stack) or len(stack) == 1, "heavy weapons stacked (6.1)"
        assert sum(counters[u].fire for u in infantry) <= limit, "overstacked (6.1)"
        if "us" in sides:
            assert terrain[hex_index].name != "riverbank", "US unit on the riverbank (9.8)"
        for u in stack:
            assert state.where[u] == hex_index and u not in seen
            seen.add(u)
    assert sum(1 for w in state.where if w >= 0) == len(seen)
    assert all(state.where[u] == CONTAINER for u in state.container)
    assert all(state.where[u] == DEAD for u in state.dead_at)


def fuzz_one(seed: int, play_balance: bool) -> FbsmState:
    """Play one random game from ``seed``, checking every step; returns the final state."""
    state = load_game("fbsm", {"play_balance": play_balance}).new_initial_state(seed)
    assert isinstance(state, FbsmState)
    players = {"us": RandomPlayer(seed), "german": RandomPlayer(seed + 10_000)}
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


def check_record(state: FbsmState) -> None:
    """The record survives JSON, and replaying it reproduces the final position."""
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed.fingerprint() == state.fingerprint()
    assert replayed.winner() == state.winner() and replayed.end_cause() == state.end_cause()


@pytest.mark.parametrize("seed", range(PLAY_BALANCE_GAMES))
def test_random_games_with_play_balance(seed: int) -> None:
    state = fuzz_one(seed, play_balance=True)
    assert state.winner() in ("us", "german")  # 4.6: never a draw
    assert state.turn <= 16  # 13.2
    check_record(state)


@pytest.mark.parametrize("seed", range(1000, 1000 + STANDARD_GAMES))
def test_random_games_without_play_balance(seed: int) -> None:
    state = fuzz_one(seed, play_balance=False)
    cause = state.end_cause()
    assert cause is not None and cause[0] in ("4.3", "4.4")
    check_record(state)

"""Random-play fuzzing: whole Meuse-Argonne games between random players, checked at every
step, with the default proposed rules and with each alternative an option offers.

At every step: no exception, some legal action unless the game is over (no dead end), and the
invariants of stacking (digest 5.3, MA 13.2), sides, steps (MA 13.1) and markers (MA 17.2)
hold. Every few steps the action applied by its string form must give the same position, and
a clone must follow the original exactly. At the end the game's record survives JSON and
replaying it reproduces the final position (``GameRecord.replay`` checks the fingerprint).
"""

from __future__ import annotations

from collections import Counter

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.record import GameRecord
from greatwar.games.meuse.state import BROKEN_DOWN, ELIMINATED, POOL, UNPLACED, MeuseState

DEFAULT_GAMES = 16  # the default reading of every proposed rule
VARIANTS: tuple[dict[str, object], ...] = (  # each option's alternative, one game each
    {"stiff_resistance": "per_hex", "crt_alignment": "right", "river_line": "any"},
    {"stiff_resistance": "d1_only", "support_cap": 0, "supply": False},
    {"stiff_resistance": "off", "bombardment_retreat": False, "support_bombardment": False},
    {
        "turn1_bombardment_first": False,
        "allied_returns": "depleted",
        "allied_reinforcement_edge": "south_of_stellung",
    },
)
FUZZED_GAMES = DEFAULT_GAMES + len(VARIANTS)  # 20 whole games
STRING_FORM_EVERY = 53  # steps between string-form and clone checks
MAX_ACTIONS = 20_000


def check_invariants(state: MeuseState) -> None:
    """Stacking, one side per hex, steps, where each counter is, and the markers."""
    counters = state.c.counters
    seen: set[int] = set()
    for hex_index, stack in state.stacks.items():
        assert stack, f"empty stack kept in {state.hex_id(hex_index)}"
        assert len({counters[u].side for u in stack}) == 1, "both sides in one hex"
        if len(stack) > 1:  # 5.3, 13.2: only two or three brigades share a hex
            assert len(stack) <= 3 and all(counters[u].is_brigade for u in stack)
        for u in stack:
            assert state.where[u] == hex_index and u not in seen
            seen.add(u)
    assert sum(1 for w in state.where if w >= 0) == len(seen)
    for c in counters:
        where, steps = state.where[c.index], state.steps[c.index]
        assert 1 <= steps <= c.counter_steps
        assert where >= 0 or where in (UNPLACED, ELIMINATED, BROKEN_DOWN, POOL)
        if c.is_brigade:
            assert where >= 0 or where == POOL  # 11.3 never replaced, 13.1 back to the pool
        if where == BROKEN_DOWN:
            assert c.is_three_step  # 13.2
    assert min(state.markers.values()) >= 0
    placed = Counter(u for u, _ in state.plan)
    assert all(n <= 2 for n in placed.values())  # 17.2
    assert 0 <= state.turn <= 24


def fuzz_one(seed: int, options: dict[str, object]) -> MeuseState:
    """Play one random game from ``seed``, checking every step; returns the final state."""
    state = load_game("meuse", options).new_initial_state(seed)
    assert isinstance(state, MeuseState)
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


def check_record(state: MeuseState) -> None:
    """The record survives JSON, and replaying it reproduces the final position."""
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed.fingerprint() == state.fingerprint()
    assert replayed.winner() == state.winner() and replayed.end_cause() == state.end_cause()


@pytest.mark.parametrize("seed", range(DEFAULT_GAMES))
def test_random_games_with_the_default_rules(seed: int) -> None:
    state = fuzz_one(seed, {})
    cause = state.end_cause()
    assert cause is not None and cause[0] == "12.1"  # Sedan, or the Armistice
    check_record(state)


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_random_games_with_alternative_rules(index: int) -> None:
    state = fuzz_one(500 + index, dict(VARIANTS[index]))
    assert state.winner() in ("allied", "german")
    check_record(state)

"""Random-play fuzzing: whole Devil Dogs games between random players, checked at every step.

Both sides of a simultaneous prompt act in a random interleaving. At every step: no exception,
some legal action unless the game is over (no dead end), and the invariants: one unit per hex
(4.1) and ``where`` agreeing with the map, steps lost below a unit's steps (7.2), tokens only
on units on the map (6.2), every card of each deck in exactly one place (5.1), the initiative
track on the track (5.3.1), units only in the scenario's sectors. Every few steps the views are
JSON and an action applied by its string form gives the same position. At the end the record
survives JSON and replaying it reproduces the final position (fingerprint).
"""

from __future__ import annotations

import json

import pytest

from greatwar.core import Rng, load_game
from greatwar.core.record import GameRecord
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.state import DevilDogsState

GAMES_PER_SCENARIO = {
    "hill142": 25,
    "army": 25,
    "final": 25,
    "vaux": 25,
    "wheat": 15,
    "methodical": 15,
    "gas": 15,
    "campaign": 3,
}
ATTACKER_FIRST_GAMES = 10  # 5.4 optional rule on, "wheat"
FUZZED_GAMES = sum(GAMES_PER_SCENARIO.values()) + ATTACKER_FIRST_GAMES
VIEW_EVERY = 41  # steps between observation and string-form checks
MAX_ACTIONS = 20_000


def check_invariants(state: DevilDogsState) -> None:
    """4.1, 5.1, 5.3.1, 6.2, 7.2 and the bookkeeping of where everything is."""
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


def fuzz_one(scenario: str, seed: int, **options: object) -> DevilDogsState:
    """Play one random game from ``seed``, checking every step; returns the final state."""
    state = load_game("devildogs", {"scenario": scenario, **options}).new_initial_state(seed)
    assert isinstance(state, DevilDogsState)
    rng = Rng(seed, stream=17)
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        sides = state.sides_to_act()
        side = sides[rng.below(len(sides))]
        actions = state.legal_actions(side)
        assert actions, f"dead end at step {step}: prompt {state.stack[-1]}"
        action = rng.choice(actions)
        if step % VIEW_EVERY == 0:
            for viewer in SIDES:
                json.dumps(state.observation(viewer))
            twin = state.clone()
            twin.apply_action(str(action), side)
            state.apply_action(action, side)
            assert twin.fingerprint() == state.fingerprint(), f"string form of {action} differs"
        else:
            state.apply_action(action, side)
        check_invariants(state)
    pytest.fail(f"{scenario} seed {seed} did not end within {MAX_ACTIONS} actions")


def check_record(state: DevilDogsState) -> None:
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed.fingerprint() == state.fingerprint()
    assert replayed.winner() == state.winner() and replayed.end_cause() == state.end_cause()


@pytest.mark.parametrize("scenario", list(GAMES_PER_SCENARIO))
def test_random_games_end_cleanly_and_replay(scenario: str) -> None:
    for seed in range(GAMES_PER_SCENARIO[scenario]):
        state = fuzz_one(scenario, seed)
        assert state.winner() in SIDES and state.turn <= state.sc.turns
        check_record(state)


def test_random_games_with_the_attacker_placing_orders_first() -> None:
    for seed in range(ATTACKER_FIRST_GAMES):
        check_record(fuzz_one("wheat", 100 + seed, attacker_orders_first=True))

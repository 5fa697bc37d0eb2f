"""What FBSM adds to the shared contract suite (tests/contract): the invariants checked after
every fuzzed action, the checks of a finished game, and the fixed positions kept as goldens."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.state import State
from greatwar.games.fbsm.state import CONTAINER, DEAD, FbsmState
from tests.fbsm.positions import new_state, pass_action, play, position, scripted_setup


def check_invariants(state: State) -> None:
    """Stacking (6.1), one side per hex (9.7), no US unit on the riverbank (9.8), and ``where``
    agreeing with ``stacks``, the container and the carnage."""
    assert isinstance(state, FbsmState)
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


def check_end(state: State) -> None:
    """4.6: never a draw; 13.2 ends the game by turn 16, else only 4.3 or 4.4 do."""
    assert isinstance(state, FbsmState)
    cause = state.end_cause()
    assert cause is not None
    if state.game.options["play_balance"]:
        assert state.turn <= 16
    else:
        assert cause[0] in ("4.3", "4.4")


def passed_to(state: FbsmState, prompt: str, side: str) -> FbsmState:
    """Pass every other prompt (end, done, stay, decline) until ``prompt`` asks ``side``."""
    while not (state.stack and state.stack[-1]["p"] == prompt and state.stack[-1]["side"] == side):
        assert not state.is_terminal(), f"the game ended before {side} was asked to {prompt}"
        state.apply_action(pass_action(state.legal_actions()))
    return state


def first_of(state: FbsmState, verb: str) -> FbsmState:
    """Take the first offered action with this verb."""
    state.apply_action(next(a for a in state.legal_actions() if a.verb == verb))
    return state


def turn_one(prompt: str, side: str) -> FbsmState:
    """Seed 1 after the scripted US set-up, passed on to a prompt of turn 1."""
    return passed_to(scripted_setup(new_state(1)), prompt, side)


def fire_position() -> FbsmState:
    """A US fire phase on turn 2 around the Moulins ridge, built from data."""
    units = {
        "U01": "2527",
        "U02": "2627",
        "H1": "2426",
        "H2": "2124",
        "G004": "2528",
        "G016": "2528",
        "G001": "2629",
        "G046": "2431",
        "G002": "2230",
    }
    return position(units, phase="VI", prompt="fire", side="us")


GOLDEN_POSITIONS: dict[str, Callable[[], State]] = {
    "us_setup_start": lambda: new_state(1),
    "german_bombardment_turn1_seed1": lambda: turn_one("bombard", "german"),
    "german_movement_turn1_seed1": lambda: turn_one("movement", "german"),
    "german_move_first_unit_turn1_seed1": lambda: first_of(turn_one("movement", "german"), "move"),
    "us_fire_turn1_seed1": lambda: turn_one("fire", "us"),
    "us_fire_group_turn1_seed1": lambda: first_of(turn_one("fire", "us"), "fire"),
    "us_fire_moulins_turn2": fire_position,
    "us_fire_group_moulins_turn2": lambda: play(fire_position(), "fire 2528"),
}

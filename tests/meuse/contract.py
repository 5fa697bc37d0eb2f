"""What Meuse-Argonne adds to the shared contract suite (tests/contract): the invariants
checked after every fuzzed action, the checks of a finished game, and the fixed positions kept
as goldens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from greatwar.core.state import State
from greatwar.games.meuse.state import BROKEN_DOWN, ELIMINATED, POOL, UNPLACED, MeuseState
from tests.meuse.positions import new_state, pass_action, play, position, prompt, scripted_setup


def check_invariants(state: State) -> None:
    """Stacking, one side per hex, steps, where each counter is, and the markers."""
    assert isinstance(state, MeuseState)
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


def check_end(state: State) -> None:
    """12.1: an Allied unit in Sedan, or the Armistice after turn 24 (19.1)."""
    assert isinstance(state, MeuseState)
    cause = state.end_cause()
    assert cause is not None and cause[0] == "12.1"


def passed_to(state: MeuseState, name: str, side: str) -> MeuseState:
    """Pass every other prompt until ``name`` asks ``side``."""
    while not (prompt(state) == name and state.stack[-1]["side"] == side):
        assert not state.is_terminal(), f"the game ended before {side} was asked to {name}"
        play(state, pass_action(state))
    return state


def first_of(state: MeuseState, verb: str) -> MeuseState:
    """Take the first offered action with this verb."""
    state.apply_action(next(a for a in state.legal_actions() if a.verb == verb))
    return state


def allied_done(state: MeuseState) -> MeuseState:
    """The Allied set-up done with the first hex offered each time."""
    while prompt(state) == "allied_setup":
        state.apply_action(state.legal_actions()[0])
    return state


def german_reserves(state: MeuseState) -> MeuseState:
    while prompt(state) == "allied_setup" or len(state.hexes_of("german")) < 20:
        state.apply_action(state.legal_actions()[0])
    return state


def turn_one(name: str, side: str) -> MeuseState:
    return passed_to(scripted_setup(new_state(1)), name, side)


def argonne_fight() -> MeuseState:
    """An Allied combat phase at the Aire: Varennes, Vauquois and the Argonne woods."""
    units = {
        "us28": "0819",
        "us35": "0920",
        "us77": "1019",
        "us3": "0719",
        "g1G": "0818",
        "g15": "0919",
        "g5G": "1018",
        "g37": "0918",
    }
    return position(units, support=True)


GOLDEN_POSITIONS: dict[str, Callable[[], State]] = {
    "allied_setup_start": lambda: new_state(1),
    "german_stellung_setup_seed1": lambda: allied_done(new_state(1)),
    "german_reserve_setup_seed1": lambda: german_reserves(new_state(1)),
    "allied_bombardment_turn1_seed1": lambda: turn_one("bombard", "allied"),
    "allied_combat_turn1_seed1": lambda: turn_one("combat", "allied"),
    "german_movement_turn1_seed1": lambda: turn_one("movement", "german"),
    "german_move_first_unit_turn1_seed1": lambda: first_of(turn_one("movement", "german"), "move"),
    "allied_combat_argonne": argonne_fight,
    "allied_attack_stellung_0919": lambda: play(argonne_fight(), "attack 0919"),
    "allied_movement_turn3": lambda: position(
        {"us3": "1706", "us4": "1606", "g15": "1704"}, phase=("allied", "movement"), turn=3
    ),
}

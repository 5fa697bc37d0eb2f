"""Tiny Meuse-Argonne positions for rule tests, built from data, and dice that tests choose.

``position({"us3": "1017", "g15": "1016"}, phase=("allied", "combat"))`` gives a state past
set-up with only those units on the map, the turn's markers allotted, and the phase begun
(its prompt waiting). ``rigged(state, [5, 2])`` makes the next dice of the state's generator
exactly those values, so a test knows every roll before it is made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from greatwar.core import Rng, load_game
from greatwar.games.meuse.state import PHASES, POOL, UNPLACED, MeuseState


class RiggedRng(Rng):
    """Test-only generator: ``die`` and ``below`` return the listed values in order; running
    out fails the test, so an unexpected roll never passes unnoticed."""

    __slots__ = ("values",)

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def _take(self, low: int, high: int, what: str) -> int:
        if not self.values:
            raise AssertionError(f"the rigged dice ran out at a draw of {what}")
        value = self.values.pop(0)
        if not low <= value <= high:
            raise AssertionError(f"rigged value {value} is not a {what} ({low}..{high})")
        self.next32()
        return value

    def below(self, bound: int) -> int:
        return self._take(0, bound - 1, f"below({bound})")

    def die(self, sides: int = 6) -> int:
        return self._take(1, sides, f"d{sides}")

    def copy(self) -> RiggedRng:
        twin = RiggedRng(self.values)
        twin._state, twin._inc = self.position
        return twin


def rigged(state: MeuseState, dice: Sequence[int]) -> MeuseState:
    """Give the state a generator that rolls exactly ``dice``; returns the state."""
    state.rng = RiggedRng(dice)
    return state


def dice_left(state: MeuseState) -> list[int]:
    assert isinstance(state.rng, RiggedRng), "the state's dice are not rigged"
    return list(state.rng.values)


def new_state(seed: int = 1, **options: Any) -> MeuseState:
    """A fresh game at the Allied set-up (11.1)."""
    state = load_game("meuse", options).new_initial_state(seed)
    assert isinstance(state, MeuseState)
    return state


def position(
    units: Mapping[str, str],
    *,
    phase: tuple[str, str] = ("allied", "combat"),
    turn: int = 2,
    depleted: Iterable[str] = (),
    seed: int = 1,
    start: bool = True,
    support: bool = False,
    **options: Any,
) -> MeuseState:
    """A state past set-up with only ``units`` (unit id -> hex id) on the map, in ``phase`` of
    ``turn`` with that turn's bombardment markers; support-fire markers only if ``support``
    (so most combat tests go straight from declaration to the die); ``start`` begins the
    phase (its prompt waits)."""
    state = new_state(seed, **options)
    state.stack.clear()
    state.stacks.clear()
    brigades = set(state.c.brigades)
    for counter in state.c.counters:
        state.where[counter.index] = POOL if counter.index in brigades else UNPLACED
        state.steps[counter.index] = counter.counter_steps
    state.turn = turn
    state.phase = next(i for i, p in enumerate(PHASES) if p[:2] == phase)
    state.start_turn()
    if not support:
        state.support = {"allied": [], "german": []}
    for unit_id, hex_id in units.items():
        state.put(unit(state, unit_id), hex_index(state, hex_id))
    for unit_id in depleted:
        state.steps[unit(state, unit_id)] = 1
    if start:
        state.phase_starts[phase[1]](state, phase[0])
    return state


def with_rules(state: MeuseState, **changes: Any) -> MeuseState:
    """The state with some proposed standard rules switched (config.RuleConfig fields)."""
    state.cfg = dataclasses.replace(state.cfg, **changes)
    state._legal_cache = None
    return state


def unit(state: MeuseState, unit_id: str) -> int:
    return state.c.counter(unit_id).index


def hex_index(state: MeuseState, hex_id: str) -> int:
    return state.c.board.grid.index(hex_id)


def where(state: MeuseState, unit_id: str) -> str | None:
    """The hex id a unit is in, or None when it is off the map."""
    index = state.where[unit(state, unit_id)]
    return state.hex_id(index) if index >= 0 else None


def ids_in(state: MeuseState, hex_id: str) -> list[str]:
    return [state.counter(u).id for u in state.units_in(hex_index(state, hex_id))]


def legal(state: MeuseState, side: str | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(side)]


def play(state: MeuseState, *actions: str) -> MeuseState:
    """Apply actions given as strings, each by the side asked to act."""
    for action in actions:
        state.apply_action(action)
    return state


def log_texts(state: MeuseState, rule: str | None = None) -> list[str]:
    return [e.text for e in state.log() if rule is None or e.rule == rule]


def prompt(state: MeuseState) -> str:
    """The name of the waiting prompt ("" when none)."""
    return str(state.stack[-1]["p"]) if state.stack else ""


def pass_action(state: MeuseState) -> str:
    """A scripted choice that does as little as the rules allow, else the first offered."""
    actions = legal(state)
    for verb in ("end", "done", "stay", "fire", "accept", "retreat", "cancel"):
        if verb in actions:
            return verb
    return actions[0]


def scripted_setup(state: MeuseState) -> MeuseState:
    """Both set-ups with the first hex offered each time (11.1-11.5)."""
    while prompt(state) in ("allied_setup", "german_setup"):
        state.apply_action(state.legal_actions()[0])
    return state


def attack(state: MeuseState, target: str, *attackers: str) -> MeuseState:
    """Declare an attack on ``target`` by the hexes of ``attackers`` (digest 7.1)."""
    play(state, f"attack {target}", *(f"add {a}" for a in attackers), "declare")
    return state

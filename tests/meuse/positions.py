"""Tiny Meuse-Argonne positions for rule tests, built from data, and dice that tests choose.

``position({"us3": "1017", "g15": "1016"}, phase=("allied", "combat"))`` gives a state past
set-up with only those units on the map, the turn's markers allotted, and the phase begun
(its prompt waiting). ``rigged(state, [5, 2])`` makes the next dice of the state's generator
exactly those values, so a test knows every roll before it is made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from greatwar.core import load_game
from greatwar.games.meuse.state import PHASES, POOL, UNPLACED, MeuseState
from tests.hexgame import (
    RiggedRng,
    dice_left,
    hex_index,
    ids_in,
    legal,
    log_texts,
    play,
    rigged,
    unit,
    where,
)

# the helpers every hex game's rule tests share (tests/hexgame.py) are offered here too
__all__ = [
    "RiggedRng",
    "attack",
    "dice_left",
    "hex_index",
    "ids_in",
    "legal",
    "log_texts",
    "new_state",
    "pass_action",
    "play",
    "position",
    "prompt",
    "rigged",
    "scripted_setup",
    "unit",
    "where",
    "with_rules",
]


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

"""Tiny FBSM positions for rule tests, built from data, and dice that tests choose (test-only).

``position({"U01": "2717", "G004": "2718"}, phase="VI", prompt="fire", side="us")`` gives a
state past set-up with only those units on the map (placed in that order, so a later unit sits
on top of an earlier one in the same hex), every other German unit in the container, the turn,
phase and event set, and one prompt waiting. ``rigged(state, [5, 2])`` makes the next draws
of the state's generator exactly those values, so a test knows every die before it is rolled.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from greatwar.core import Action, load_game
from greatwar.games.fbsm.bombardment import all_markers
from greatwar.games.fbsm.data import Components, components
from greatwar.games.fbsm.state import CONTAINER, DEAD, UNPLACED, FbsmState
from greatwar.hexes import LineOfFireTable
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
    "PHASES",
    "RiggedRng",
    "begin_phase",
    "dice_left",
    "hex_index",
    "ids_in",
    "legal",
    "log_texts",
    "new_state",
    "pass_action",
    "play",
    "position",
    "rigged",
    "riverbank_distance",
    "scripted_setup",
    "unit",
    "where",
    "with_blocking",
]

# 5.3: phase numerals as printed on the Phase Record Track -> index of FbsmState.phase.
PHASES = {
    numeral: index
    for index, numeral in enumerate(
        ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
    )
}


def new_state(seed: int = 1, *, play_balance: bool = False) -> FbsmState:
    """A fresh game at the US set-up (3.2)."""
    state = load_game("fbsm", {"play_balance": play_balance}).new_initial_state(seed)
    assert isinstance(state, FbsmState)
    return state


def position(
    units: Mapping[str, str],
    *,
    turn: int = 2,
    phase: str = "V",
    event: str | None = None,
    event_side: str | None = None,
    container: Sequence[str] | None = None,
    prompt: str | None = None,
    side: str | None = None,
    play_balance: bool = False,
    seed: int = 1,
    **frame: Any,
) -> FbsmState:
    """A state past set-up with only ``units`` (unit id -> hex id) on the map.

    German units not placed stay in the container unless ``container`` lists which ones do;
    US units not placed are off the map. ``prompt``, ``side`` and ``frame`` push one prompt.
    """
    state = new_state(seed, play_balance=play_balance)
    state.stack.clear()
    state.stacks.clear()
    state.held = dict.fromkeys(state.held, 0)
    state.emplaced = 0
    state.crowded = dict.fromkeys(state.crowded, 0)
    state.dead_at.clear()
    for counter in state.c.counters:
        state.where[counter.index] = UNPLACED if counter.side == "us" else DEAD
    for unit_id, hex_id in units.items():
        state.put(unit(state, unit_id), hex_index(state, hex_id))
    if container is None:
        container = [c.id for c in state.c.counters if c.side == "german" and c.id not in units]
    state.container = [unit(state, unit_id) for unit_id in container]
    for index in state.container:
        state.where[index] = CONTAINER
    state.turn, state.phase = turn, PHASES[phase]
    state.event, state.event_side = event, event_side
    if prompt == "bombard":
        state.markers = all_markers(state)  # 11.1: as the phase begins, all six markers
    if prompt is not None:
        state.push(prompt, side=side, **frame)
    return state


def with_blocking(state: FbsmState, blocking: Iterable[str], clear: Iterable[str] = ()) -> None:
    """Give this state its own copy of the map where ``blocking`` hexes block LOF and ``clear``
    hexes do not (10.8); the shared components are left alone. Call it before the state is
    asked for legal actions (they are cached per position)."""
    board = copy.copy(state.c.board)
    blocks = list(board.blocks)
    for hex_id in blocking:
        blocks[hex_index(state, hex_id)] = True
    for hex_id in clear:
        blocks[hex_index(state, hex_id)] = False
    board.blocks = tuple(blocks)
    board.lof = LineOfFireTable(board.grid, board.blocks)
    components: Components = copy.copy(state.c)
    components.board = board
    state.c = components


def pass_action(actions: list[Action]) -> Action:
    """A scripted choice that does as little as the rules allow: end, done, stay, decline,
    or else the first action offered (entry hexes, set-up)."""
    by_verb = {a.verb: a for a in actions}
    for verb in ("end", "done", "stay", "decline", "cancel"):
        if verb in by_verb:
            return by_verb[verb]
    return actions[0]


@cache
def riverbank_distance(hex_id: str) -> int:
    """Hexes from a hex to the nearest riverbank hex of the German set-up (3.6)."""
    c = components()
    here = c.board.grid.index(hex_id)
    banks = c.board.hexes(c.tables["german_setup"]["riverbank_order"])
    return min(c.board.grid.distance(here, bank) for bank in banks)


def scripted_setup(state: FbsmState) -> FbsmState:
    """3.2: the US sets up each unit in the free zone hex nearest the riverbank (ties: lowest
    id), heavy weapons first; the German set-up (3.6) follows from the state's own dice."""

    def key(action: Action) -> tuple[int, int, str]:
        unit_id, hex_id = action.args
        return (riverbank_distance(hex_id), 0 if unit_id.startswith("H") else 1, hex_id)

    while state.stack and state.stack[-1]["p"] == "us_setup":
        state.apply_action(min(state.legal_actions(), key=key))
    return state


def begin_phase(state: FbsmState) -> FbsmState:
    """Start the state's current phase as the sequence of play does (5.3), on an empty stack."""
    state.stack.clear()
    state.phase_starts[state.phase](state)
    return state

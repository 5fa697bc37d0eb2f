"""11.x bombardment: markers placed on spotted enemy hexes, then drift, then resolution."""

from __future__ import annotations

from functools import cache

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import GERMAN, US, Components
from greatwar.games.fbsm.fire import resolve
from greatwar.games.fbsm.state import FbsmState

LIGHT, HEAVY = "light", "heavy"
DONE = act("done")


@cache
def bombard_actions(c: Components, kind: str) -> tuple[Action, ...]:
    """``bombard <kind> <hex>`` for every hex by index, made once."""
    return tuple(act("bombard", kind, c.board.grid.id(h)) for h in range(c.board.grid.size))


def all_markers(state: FbsmState) -> list[str]:
    """11.1: three light and three heavy markers, each usable once per own bombardment phase."""
    spec = state.c.tables["bombardment"]
    return [LIGHT] * spec["light_markers"] + [HEAVY] * spec["heavy_markers"]


def marker_fire(state: FbsmState, marker: str) -> int:
    return int(state.c.tables["bombardment"][f"{marker}_fire"])


def spotted(state: FbsmState, side: str) -> list[int]:
    """11.2: enemy-occupied hexes a friendly unit can trace a normal LOF to, within its range."""
    return state.enemy_hexes_in_reach(side)


def start_bombardment(state: FbsmState, side: str) -> None:
    """5.3 phases III, IV, XI and XII; 13.4 German deterioration with the play-balance rules."""
    state.markers = all_markers(state)
    state.placed = []
    if side == GERMAN and deteriorated(state):
        roll = state.rng.die()
        pool = list(state.markers)
        state.markers = [pool.pop(state.rng.below(len(pool))) for _ in range(min(roll, len(pool)))]
        state.note(
            "13.4",
            f"rolled {roll}: German markers this phase: {', '.join(state.markers)}",
            dice=[roll],
        )
    if state.markers and spotted(state, side):  # the offer reads them next
        state.push("bombard", side=side)
    elif state.markers:  # 11.2: say why the phase passes without a choice
        state.note("11.2", f"{side} spots no enemy-occupied hex: no bombardment this phase")


def deteriorated(state: FbsmState) -> bool:
    """13.4: from turn 9 the German draws a die's worth of his markers each bombardment phase."""
    spec = state.c.tables["play_balance"]
    return (
        bool(state.game.options["play_balance"]) and state.turn >= spec["deterioration_from_turn"]
    )


class Bombard(Prompt[FbsmState]):
    """11.2: place as many markers as desired on spotted hexes (no stacking limit), then fire."""

    name = "bombard"
    title = "place bombardment markers, then fire (11.2)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        kinds = [bombard_actions(state.c, k) for k in (LIGHT, HEAVY) if k in state.markers]
        offered = [actions[h] for h in spotted(state, side) for actions in kinds]
        offered.append(DONE)
        return offered

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "done":
            state.pop()
            drift_and_resolve(state, side)
            return
        kind, hex_id = action.args
        state.markers.remove(kind)
        state.placed.append((kind, state.c.board.grid.index(hex_id)))
        state.note("11.2", f"{side} places a {kind} marker on {hex_id}")

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "bombard" or len(action.args) != 2:
            return "place a marker with 'bombard light|heavy <hex>' or finish with 'done' (11.2)"
        kind, hex_id = action.args
        if kind not in (LIGHT, HEAVY):
            return f"there are only light and heavy markers, not {kind!r} (11.1)"
        if kind not in state.markers:
            return f"no {kind} marker is left this phase (11.1, 11.5, 13.4)"
        if hex_id not in state.c.board.grid:
            return f"there is no hex {hex_id} on the map (2.2)"
        return f"{hex_id} is not an enemy-occupied hex that a friendly unit spots by LOF (11.2)"


def drift(state: FbsmState, side: str) -> int:
    """11.3: a die minus 5 (US) or 4 (German), never below zero; 7.2/7.3 one less subtracted;
    5.2 no drift on the first turn; 7.10 no drift for the side with superb spotting."""
    if state.turn == 1 or (state.event == "superb_spotting" and state.event_side == side):
        return 0
    spec = state.c.tables["drift"]
    key = f"{side}_subtract"
    if state.event == f"{side}_artillery_problems":
        key += "_with_problems"
    roll = state.rng.die()
    result = max(0, roll - int(spec[key]))
    state.note("11.3", f"drift roll {roll}: {result} hex(es)", dice=[roll])
    return result


def drift_and_resolve(state: FbsmState, side: str) -> None:
    """11.3, 11.4: every marker drifts (German south, US north), then each final hex is fired on
    like normal fire, friends included; markers in one hex combine; never an advance."""
    grid = state.c.board.grid
    direction = "N" if side == US else "S"
    strength: dict[int, int] = {}
    for kind, hex_index in state.placed:
        final: int | None = hex_index
        for _ in range(drift(state, side)):
            final = grid.neighbor(final, direction) if final is not None else None
        aimed = f"the {kind} marker aimed at {state.hex_id(hex_index)}"
        if final is None:
            state.note("11.3", f"{aimed} drifts off the map and is lost")
            continue
        if final != hex_index:
            state.note("11.3", f"{aimed} drifts to {state.hex_id(final)}")
        strength[final] = strength.get(final, 0) + marker_fire(state, kind)
    state.placed = []
    for hex_index, total in strength.items():
        if state.is_terminal():
            return
        if state.units_in(hex_index):
            resolve(state, hex_index, total, "11.4")
        else:
            state.note("11.4", f"bombardment of {state.hex_id(hex_index)} finds no unit")

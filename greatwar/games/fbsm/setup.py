"""3.x set-up: the US chooses hexes in its forward and rear zones, one unit per hex."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import HEAVY_WEAPONS, INFANTRY, Components
from greatwar.games.fbsm.state import UNPLACED, FbsmState


def zone_quota(state: FbsmState) -> tuple[str, dict[str, int]]:
    """3.2: the zone being filled and how many of each kind it still takes (forward first)."""
    spec = state.c.tables["us_setup"]
    placed = {INFANTRY: 0, HEAVY_WEAPONS: 0}
    for counter in state.c.counters:
        if counter.side == "us" and state.where[counter.index] != UNPLACED:
            placed[counter.kind] += 1
    forward = {
        INFANTRY: spec["forward_infantry"] - placed[INFANTRY],
        HEAVY_WEAPONS: spec["forward_heavy_weapons"] - placed[HEAVY_WEAPONS],
    }
    if any(n > 0 for n in forward.values()):
        return "forward", forward
    rear = {
        INFANTRY: spec["rear_infantry"] + forward[INFANTRY],
        HEAVY_WEAPONS: spec["rear_heavy_weapons"] + forward[HEAVY_WEAPONS],
    }
    return "rear", rear


def next_unplaced(state: FbsmState, kind: str) -> int:
    """The lowest-numbered unplaced US counter of a kind (US counters of a kind are alike)."""
    return next(
        c.index
        for c in state.c.counters
        if c.side == "us" and c.kind == kind and state.where[c.index] == UNPLACED
    )


@cache
def place_actions(c: Components, unit: int, zone_name: str) -> tuple[tuple[int, Action], ...]:
    """(hex, ``place <unit> <hex>``) for every hex of a US set-up zone, in hex order, made
    once (3.3, 3.4)."""
    zone = c.forward_zone if zone_name == "forward" else c.rear_zone
    unit_id = c.counters[unit].id
    return tuple((h, act("place", unit_id, c.board.grid.id(h))) for h in sorted(zone))


class UsSetup(Prompt[FbsmState]):
    """3.2-3.4, 6.6: place the next unit of a kind in a free hex of the current zone."""

    name = "us_setup"
    title = "set up a unit (3.2)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> Iterator[Action]:
        zone_name, quota = zone_quota(state)
        stacks = state.stacks
        for kind, left in quota.items():
            if left > 0:
                places = place_actions(state.c, next_unplaced(state, kind), zone_name)
                # 3.2, 6.6 one unit per hex
                yield from [action for h, action in places if h not in stacks]

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        unit = state.c.counter(action.args[0]).index
        hex_index = state.c.board.grid.index(action.args[1])
        zone_name, _ = zone_quota(state)
        state.put(unit, hex_index)
        rule = "3.3" if zone_name == "forward" else "3.4"
        state.note(
            rule, f"{state.label(unit)} set up in {action.args[1]} ({zone_name} zone)", to="us"
        )
        if zone_quota(state)[1] == {INFANTRY: 0, HEAVY_WEAPONS: 0}:
            state.pop()
            state.note("3.2", "the US set-up is complete")

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "place" or len(action.args) != 2:
            return "set up with 'place <unit> <hex>' (3.2)"
        zone_name, _ = zone_quota(state)
        grid = state.c.board.grid
        if action.args[1] not in grid:
            return f"there is no hex {action.args[1]} on the map (2.2)"
        hex_index = grid.index(action.args[1])
        zone = state.c.forward_zone if zone_name == "forward" else state.c.rear_zone
        if hex_index not in zone:
            rule = "3.3" if zone_name == "forward" else "3.4"
            return f"{action.args[1]} is not in the US {zone_name} zone ({rule})"
        if hex_index in state.stacks:
            return f"{action.args[1]} already holds a unit: one unit per hex in set-up (3.2, 6.6)"
        return None

"""3.0 Initial deployment: the Allies first, then the Germans, each unit in its corps' zone."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import GERMAN
from greatwar.games.marne1914.state import WAITING, MarneState


def to_deploy(state: MarneState, side: str) -> list[int]:
    """3: the side's units still to place; reinforcements are set aside (7.3)."""
    return [
        c.index
        for c in state.c.counters
        if c.side == side and not c.arrival and state.where[c.index] == WAITING
    ]


def zone_hexes(state: MarneState, unit: int) -> list[int]:
    """3: the hexes of the zones the unit may be placed in (its corps', or for cavalry the
    zones the rule names), free of enemy units, with room left."""
    counter = state.counter(unit)
    hexes = sorted({h for z in counter.zones for h in state.c.zones[z]})
    return [
        h for h in hexes if not state.is_enemy_hex(h, counter.side) and state.has_room(h, [unit])
    ]


def place(state: MarneState, unit: int, hex_index: int) -> None:
    state.put(unit, hex_index)
    state.tell(
        state.counter(unit).side, "3", f"{state.name(unit)} deploys in {state.hex_id(hex_index)}"
    )


def standard(state: MarneState, side: str) -> None:
    """3: every unit still to place goes to its historical hex (counters.csv ``setup``), or if
    that is not possible to the first hex of its zone with room."""
    for unit in to_deploy(state, side):
        wanted = state.c.board.grid.index(state.counter(unit).setup)
        options = zone_hexes(state, unit)
        if wanted in options:
            place(state, unit, wanted)
        elif options:
            place(state, unit, options[0])
        else:
            state.tell(side, "3", f"{state.name(unit)} finds no room in its zone and waits")
    state.note("3", "you deploy in the historical positions of 5 September", to=side)


class Setup(Prompt[MarneState]):
    """3: place the next unit in its zone, or the historical deployment for all the rest."""

    name = "setup"
    title = "deploy your units in their zones (3)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        waiting = to_deploy(state, side)
        yield act("standard")
        if waiting:
            unit = waiting[0]
            for hex_index in zone_hexes(state, unit):
                yield act("place", state.counter(unit).id, state.hex_id(hex_index))

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "standard":
            standard(state, side)
        else:
            place(state, state.unit(action.args[0]), state.c.board.grid.index(action.args[1]))
        if not to_deploy(state, side) or not any(
            zone_hexes(state, u) for u in to_deploy(state, side)
        ):
            state.pop()
            state.note("3", f"{side} has deployed")

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "place" or len(action.args) != 2:
            return None
        counter = state.c.by_id.get(action.args[0])
        if counter is None or counter.side != side:
            return f"{action.args[0]} is not one of your units"
        waiting = to_deploy(state, side)
        if counter.index not in waiting:
            return f"{counter.id} is not waiting to deploy (reinforcements arrive later, 7.3)"
        if counter.index != waiting[0]:
            return f"deploy in counter order: {state.counter(waiting[0]).id} is next (3)"
        return f"{action.args[1]} is not a hex of {counter.id}'s zone with room (3, 8.1)"


def start_german_setup(state: MarneState) -> None:
    """3: upon completion of the Allied deployment, the Germans deploy."""
    state.push("setup", side=GERMAN)


PROMPTS = (Setup(),)

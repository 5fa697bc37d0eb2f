"""3.0 Initial deployment: the Allies first, then the Germans, each unit in its corps' zone."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import GERMAN
from greatwar.games.marne1914.state import WAITING, MarneState, put_unit


def to_deploy(state: MarneState, side: str) -> list[int]:
    """3: the side's units still to place; reinforcements are set aside (7.3)."""
    where = state.where
    return [u for u in state.c.start_units[side] if where[u] == WAITING]


def zone_hexes(state: MarneState, unit: int) -> list[int]:
    """3: the hexes of the zones the unit may be placed in (its corps', or for cavalry the
    zones the rule names), free of enemy units, with room left."""
    side = state.c.counters[unit].side
    return [
        h
        for h in zone_of(state, unit)
        if not state.is_enemy_hex(h, side) and state.has_room(h, [unit])
    ]


def may_deploy(state: MarneState, unit: int, hex_index: int) -> bool:
    """``hex_index`` is one of ``zone_hexes``."""
    return (
        hex_index in zone_set(state, unit)
        and not state.is_enemy_hex(hex_index, state.c.side_of[unit])
        and state.has_room(hex_index, [unit])
    )


def has_zone_hex(state: MarneState, unit: int) -> bool:
    """``zone_hexes`` is not empty (looked for hex by hex)."""
    return any(may_deploy(state, unit, h) for h in zone_of(state, unit))


def zone_of(state: MarneState, unit: int) -> tuple[int, ...]:
    """The hexes of the unit's zones (3), in order: the same in every game."""
    found = _ZONES.get(unit)
    if found is None:
        zones = state.c.zones
        found = _ZONES[unit] = tuple(
            sorted({h for z in state.c.counters[unit].zones for h in zones[z]})
        )
        _ZONE_SETS[unit] = frozenset(found)
    return found


def zone_set(state: MarneState, unit: int) -> frozenset[int]:
    """``zone_of`` as a set."""
    if unit not in _ZONE_SETS:
        zone_of(state, unit)
    return _ZONE_SETS[unit]


_ZONES: dict[int, tuple[int, ...]] = {}
_ZONE_SETS: dict[int, frozenset[int]] = {}


def place(state: MarneState, unit: int, hex_index: int) -> None:
    put_unit(state, unit, hex_index)  # (``MarneState.put``)
    state.tell(
        state.c.side_of[unit], "3", f"{state.name(unit)} deploys in {state.hex_id(hex_index)}"
    )


def standard(state: MarneState, side: str) -> None:
    """3: every unit still to place goes to its historical hex (counters.csv ``setup``), or if
    that is not possible to the first hex of its zone with room."""
    for unit in to_deploy(state, side):
        wanted = state.c.board.grid.index(state.counter(unit).setup)
        if may_deploy(state, unit, wanted):
            place(state, unit, wanted)
            continue
        options = zone_hexes(state, unit)
        if options:
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
        if not any(has_zone_hex(state, u) for u in to_deploy(state, side)):
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

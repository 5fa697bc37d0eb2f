"""8.x German reinforcements: 4d6 units drawn one at a time and placed by choice."""

from __future__ import annotations

from functools import cache

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import GERMAN, Components
from greatwar.games.fbsm.state import FbsmState


def entry_hexes(state: FbsmState, zone: str) -> tuple[int, ...]:
    """8.3 riverbank hexes, or the 7.5 west / 7.7 east edge hexes."""
    return _entry_hexes(state.c, zone)


@cache
def _entry_hexes(c: Components, zone: str) -> tuple[int, ...]:
    """``entry_hexes`` by index, read from the tables once per process."""
    ids = (
        c.tables["german_setup"]["riverbank_order"]
        if zone == "riverbank"
        else c.tables[zone]["hexes"]
    )
    return c.board.hexes(ids)


def open_hexes(state: FbsmState, zone: str, unit: int) -> list[int]:
    """Entry hexes empty of enemy units where the unit fits the stacking limit (6.1, 7.5, 8.3)."""
    return [h for h in entry_hexes(state, zone) if state.room(h, unit)]


def start_reinforcements(state: FbsmState) -> None:
    """8.3: roll four dice; draw and place that many units, one at a time."""
    dice = state.rng.dice(state.c.tables["reinforcements"]["dice"])
    state.note("8.3", f"{sum(dice)} German reinforcements", dice=dice)
    start_entry(state, "riverbank", sum(dice), "8.3")


def start_entry(state: FbsmState, zone: str, count: int, rule: str) -> None:
    """Draw the first unit and ask where it goes; 8.4 stop when the container is empty."""
    if count > len(state.container):
        state.note("8.4", f"only {len(state.container)} units left in the container")
        count = len(state.container)
    if count > 0:
        draw_next(state, zone, count, rule)


def enemy_free(state: FbsmState, zone: str) -> bool:
    """7.5, 7.7, 8.3: whether any entry hex of the zone is empty of enemy units."""
    return any(
        h not in state.stacks or state.counter(state.stacks[h][0]).side == GERMAN
        for h in entry_hexes(state, zone)
    )


def draw_next(
    state: FbsmState, zone: str, left: int, rule: str, aside: tuple[int, ...] = ()
) -> None:
    """Draw units one at a time until one can be placed, and ask where it goes (``left``
    counts the units still to draw). 8.6: a unit is never refused unless no entry hex can
    take it; such a unit is set aside and the drawing goes on, so later units that fit are
    placed (7.5, 7.7: all the drawn units are placed, normal stacking allowed). With no entry
    hex empty of enemy units at all, the entry is thwarted. Units set aside go back to the
    container at the end (8.5 holds only for units put on the map)."""
    kept = list(aside)
    while left > 0 and state.container:
        unit = state.draw()
        if open_hexes(state, zone, unit):
            state.note(rule, f"{state.label(unit)} drawn from the container")
            frame = {"side": GERMAN, "unit": unit, "zone": zone, "left": left, "rule": rule}
            state.push("enter", **frame, **({"aside": tuple(kept)} if kept else {}))
            return
        kept.append(unit)
        left -= 1
        if not enemy_free(state, zone):
            state.note(rule, f"{state.label(unit)} has no open entry hex: entry thwarted (8.6)")
            break
        state.note(rule, f"{state.label(unit)} fits in no entry hex (6.1): set aside (8.6)")
    state.container.extend(kept)


@cache
def enter_actions(c: Components) -> tuple[Action, ...]:
    """``enter <hex>`` for every hex by index, made once."""
    return tuple(act("enter", c.board.grid.id(h)) for h in range(c.board.grid.size))


class Enter(Prompt[FbsmState]):
    """8.3, 7.5, 7.7: the German player chooses the drawn unit's entry hex."""

    name = "enter"
    title = "place the drawn unit (8.3)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        entries = enter_actions(state.c)
        return [entries[h] for h in open_hexes(state, frame["zone"], frame["unit"])]

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        unit = frame["unit"]
        state.put(unit, state.c.board.grid.index(action.args[0]))
        state.note(frame["rule"], f"{state.label(unit)} enters at {action.args[0]}")
        # 8.5: from now on it moves and fires like any unit; it never goes back to the container
        state.pop()
        aside = tuple(frame.get("aside", ()))
        if frame["left"] > 1 and not state.is_terminal():
            draw_next(state, frame["zone"], frame["left"] - 1, frame["rule"], aside)
        else:
            state.container.extend(aside)  # 8.6: back to the container, never placed

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "enter" and action.args and action.args[0] in state.c.board.grid:
            return (
                f"{action.args[0]} is not an open {frame['zone']} entry hex for this unit "
                "(empty of enemy units, within 16 fire factors: 6.1, 7.5, 7.7, 8.3)"
            )
        return None

"""MA 11.1-11.5, 19.2, 19.4, 19.5: the Allies set up south of the Stellung line, then the
Germans in the Stellung hexes and their reserves north of it."""

from __future__ import annotations

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.data import GERMAN
from greatwar.games.meuse.state import UNPLACED, MeuseState


def next_unit(state: MeuseState, key: str) -> int | None:
    """The first unit of a set-up list still to be placed (the lists fix the order)."""
    for unit in state.c.units(state.c.tables["setup"][key]):
        if state.where[unit] == UNPLACED:
            return unit
    return None


def allied_hexes(state: MeuseState) -> list[int]:
    """11.2: empty hexes south of the Stellung line (one unit per hex, digest 5.3)."""
    stacks = state.stacks
    return [h for h in state.c.board.in_order(state.c.board.south_zone) if h not in stacks]


def german_step(state: MeuseState) -> tuple[str, int] | None:
    """19.4 the Stellung divisions first, then 19.5 the reserves."""
    for key in ("german_stellung", "german_reserve"):
        unit = next_unit(state, key)
        if unit is not None:
            return key, unit
    return None


def german_hexes(state: MeuseState, key: str) -> list[int]:
    """19.4: empty Stellung hexes; 19.5: hexes north of the Stellung line, not adjacent to any
    unit of either side."""
    board = state.c.board
    stacks = state.stacks
    if key == "german_stellung":
        return [h for h in board.in_order(board.stellung) if h not in stacks]
    neighbors = state.c.neighbors
    found = []
    for h in board.in_order(board.north_zone):
        if h not in stacks:
            for n in neighbors[h]:
                if n in stacks:
                    break
            else:
                found.append(h)
    return found


def place_actions(state: MeuseState, unit: int, hexes: list[int]) -> list[Action]:
    """``place UNIT HEX`` for each of the hexes, in order: each made once a process, when first
    offered (the counters and the map are the same in every game)."""
    table = _PLACE.get(unit)
    if table is None:
        table = _PLACE[unit] = [None] * len(state.c.hex_ids)
    unit_id = state.c.counters[unit].id
    ids = state.c.hex_ids
    actions = []
    for h in hexes:
        action = table[h]
        if action is None:
            action = table[h] = act("place", unit_id, ids[h])
        actions.append(action)
    return actions


_PLACE: dict[int, list[Action | None]] = {}  # by unit: its ``place`` action in each hex


class AlliedSetup(Prompt[MeuseState]):
    """11.1, 11.2, 19.2: the Allied player sets up first, anywhere south of the Stellung line."""

    name = "allied_setup"
    title = "set up a division south of the Stellung line (11.2)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        unit = next_unit(state, "allied")
        if unit is None:
            return []
        return place_actions(state, unit, allied_hexes(state))

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        unit = state.c.counter(action.args[0]).index
        state.put(unit, state.c.board.grid.index(action.args[1]))
        state.note("11.2", f"{state.label(unit)} sets up in {action.args[1]}")
        if next_unit(state, "allied") is None:
            state.pop()
            state.note("11.1", "the Allied set-up is complete; the German player sets up")
            state.push("german_setup", side=GERMAN)

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        unit = next_unit(state, "allied")
        if action.verb != "place" or len(action.args) != 2 or unit is None:
            return "set up with 'place <unit> <hex>' (11.2)"
        if action.args[0] != state.counter(unit).id:
            return f"the divisions set up in the order of 19.2: {state.counter(unit).id} is next"
        return f"{action.args[1]} is not an empty hex south of the Stellung line (11.2)"


class GermanSetup(Prompt[MeuseState]):
    """11.5, 19.4, 19.5: Stellung divisions one per Stellung hex, then the reserves."""

    name = "german_setup"
    title = "set up a division (19.4 Stellung, 19.5 reserve)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        step = german_step(state)
        if step is None:
            return []
        key, unit = step
        return place_actions(state, unit, german_hexes(state, key))

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        step = german_step(state)
        assert step is not None
        unit = state.c.counter(action.args[0]).index
        state.put(unit, state.c.board.grid.index(action.args[1]))
        rule = "19.4" if step[0] == "german_stellung" else "19.5"
        state.note(rule, f"{state.label(unit)} sets up in {action.args[1]}")
        if german_step(state) is None:
            state.pop()
            state.note("11.5", "the German set-up is complete")

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        step = german_step(state)
        if action.verb != "place" or len(action.args) != 2 or step is None:
            return "set up with 'place <unit> <hex>' (11.5)"
        key, unit = step
        if action.args[0] != state.counter(unit).id:
            return f"divisions set up in the order of 19.4, 19.5: {state.counter(unit).id} is next"
        if key == "german_stellung":
            return f"{action.args[1]} is not an empty Stellung hex (19.4)"
        return (
            f"{action.args[1]} is not an empty hex north of the Stellung line away from every "
            "other unit (19.5)"
        )

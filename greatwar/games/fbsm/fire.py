"""10.x fire: groups of units fire into one enemy hex; odds by terrain; a die per defender."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import GERMAN, Components
from greatwar.games.fbsm.state import FbsmState

RESOLVE, CANCEL, END = act("resolve"), act("cancel"), act("end")


def ready_firers(state: FbsmState, side: str) -> list[int]:
    """10.2: the side's units on the map that have not fired this phase."""
    done = state.done
    return [u for u in state.units_on_map(side) if u not in done]  # in counter order


def targets(state: FbsmState, side: str) -> list[int]:
    """10.2, 10.5-10.7: enemy-occupied hexes not yet fired into that a ready unit can reach."""
    return state.enemy_hexes_in_reach(side, unfired=True)


def odds(state: FbsmState, firers: Iterable[int], target: int) -> tuple[int, int, int]:
    """10.3, 10.11: (attack strength, defence strength, odds n of n:1, rounded down)."""
    grid = state.c.board.grid
    multiplier = state.c.tables["fire"]["close_assault_multiplier"]
    strength = 0
    for unit in firers:
        adjacent = grid.distance(state.where[unit], target) == 1
        strength += state.fire_factor(unit) * (multiplier if adjacent else 1)  # 7.6, 10.11
    defense = state.c.board.defense[target]
    return strength, defense, strength // defense


def resolve(state: FbsmState, target: int, strength: int, rule: str) -> list[int]:
    """10.10: one die per unit in the target hex; D-Elim on n or less at n:1; < 1:1 no effect,
    6:1 or more automatic. Returns the units eliminated."""
    defense = state.c.board.defense[target]
    ratio = strength // defense
    automatic = state.c.tables["fire"]["automatic_elimination_odds"]
    hex_id = state.hex_id(target)
    state.note(rule, f"{strength} factors into {hex_id} (defence {defense}): {max(ratio, 0)}:1")
    eliminated = []
    for unit in list(state.units_in(target)):
        if ratio < 1:
            state.note("10.10", f"{state.label(unit)}: odds below 1:1, no effect")
        elif ratio >= automatic:
            eliminated.append(unit)
            state.eliminate(unit, "10.10", f"{ratio}:1 is automatic")
        else:
            roll = state.rng.die()
            if roll <= ratio:
                eliminated.append(unit)
                state.eliminate(unit, "10.10", f"rolled {roll} at {ratio}:1")
            else:
                state.note(
                    "10.10",
                    f"{state.label(unit)}: rolled {roll} at {ratio}:1, no effect",
                    dice=[roll],
                )
        if state.is_terminal():
            break
    return eliminated


def start_fire(state: FbsmState, side: str) -> None:
    """5.3 phases VI, VII, IX and X."""
    if targets(state, side) or heavy_mg_choices(state, side):  # the offer reads them next
        state.push("fire", side=side)


def heavy_mg_choices(state: FbsmState, side: str) -> list[int]:
    """7.8: in a heavy-MG turn the German designates one unit per fire phase (range 10)."""
    if side != GERMAN or state.event != "german_heavy_mg" or state.heavy_mg is not None:
        return []
    return ready_firers(state, side)


class FirePhase(Prompt[FbsmState]):
    """10.1-10.5: the phasing side fires into enemy hexes, one target hex at a time."""

    name = "fire"
    title = "choose a target hex or end the phase (10.2)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        heavy = heavy_mg_actions(state.c)
        offered = [heavy[unit] for unit in heavy_mg_choices(state, side)]
        fires = fire_actions(state.c)
        offered += [fires[hex_index] for hex_index in targets(state, side)]
        offered.append(END)
        return offered

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "end":
            state.pop()
        elif action.verb == "heavy_mg":
            state.heavy_mg = state.c.counter(action.args[0]).index
            state.note("7.8", f"{state.label(state.heavy_mg)} has heavy MG: range 10 this phase")
        else:
            state.push(
                "fire_group", side=side, target=state.c.board.grid.index(action.args[0]), firers=()
            )

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "fire" or len(action.args) != 1:
            return None  # the prompt's own reason lists the legal targets
        grid = state.c.board.grid
        if action.args[0] not in grid:
            return f"there is no hex {action.args[0]} on the map (2.2)"
        target = grid.index(action.args[0])
        occupant = state.side_in(target)
        if occupant is None or occupant == side:
            return f"{action.args[0]} holds no enemy unit (10.2)"
        if target in state.fired_into:
            return f"{action.args[0]} has already been fired into this phase (10.5)"
        return f"no unfired unit reaches {action.args[0]} by range and LOF (10.6-10.8, 5.2, 7.4)"


class FireGroup(Prompt[FbsmState]):
    """10.3, 10.4: add in-range units to the fire into the target hex, then resolve it."""

    name = "fire_group"
    title = "add firing units, then resolve (10.3)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        target, firers = frame["target"], frame["firers"]
        adds = add_actions(state.c)
        offered = [adds[unit] for unit in state.firers_reaching(side, target, firers)]
        if firers:
            offered.append(RESOLVE)
        offered.append(CANCEL)
        return offered

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "add":
            frame["firers"] = (*frame["firers"], state.c.counter(action.args[0]).index)
        elif action.verb == "cancel":
            state.pop()
        else:
            state.pop()
            fire(state, side, frame["target"], frame["firers"])

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "resolve" and not frame["firers"]:
            return "add at least one firing unit first (10.3)"
        if action.verb != "add" or len(action.args) != 1:
            return None  # the prompt's own reason lists the legal choices
        counter = state.c.by_id.get(action.args[0])
        if counter is None or counter.side != side or state.where[counter.index] < 0:
            return f"{action.args[0]} is not one of your units on the map (10.1)"
        if counter.index in state.done or counter.index in frame["firers"]:
            return f"{counter.id} has already fired this phase (10.2)"
        return f"{counter.id} is out of range or has no line of fire to the target (10.6-10.9)"


@cache
def fire_actions(c: Components) -> tuple[Action, ...]:
    """``fire <hex>`` for every hex by index, made once."""
    return tuple(act("fire", c.board.grid.id(h)) for h in range(c.board.grid.size))


@cache
def heavy_mg_actions(c: Components) -> tuple[Action, ...]:
    """``heavy_mg <unit>`` for every counter by index, made once."""
    return tuple(act("heavy_mg", counter.id) for counter in c.counters)


@cache
def add_actions(c: Components) -> tuple[Action, ...]:
    """``add <unit>`` for every counter by index, made once."""
    return tuple(act("add", counter.id) for counter in c.counters)


def fire(state: FbsmState, side: str, target: int, firers: tuple[int, ...]) -> None:
    """10.3-10.12: resolve one fire, then offer the close assault's advance."""
    strength, _, _ = odds(state, firers, target)
    # 6.5, 10.10: the fire is resolved unit by unit against the whole target stack, naming
    # each unit, so the stack is revealed even when no die is rolled (below 1:1, 6:1 and up).
    state.reveal()
    state.fired_into.add(target)
    state.done.update(firers)
    names = ", ".join(state.counter(u).id for u in firers)
    eliminated = resolve(state, target, strength, "10.3")
    state.note("10.4", f"fired by {names}")
    if state.is_terminal() or not eliminated or state.units_in(target):
        return
    advancers = close_assault_infantry(state, firers, target)
    if advancers:
        state.push("advance", side=side, target=target, units=advancers)


def close_assault_infantry(
    state: FbsmState, firers: tuple[int, ...], target: int
) -> tuple[int, ...]:
    """10.12: infantry that fired from an adjacent hex may advance into the emptied hex."""
    grid = state.c.board.grid
    return tuple(
        u
        for u in firers
        if state.counter(u).is_infantry and grid.distance(state.where[u], target) == 1
    )


class Advance(Prompt[FbsmState]):
    """10.12: close-assaulting infantry may advance into the vacated hex before the next fire."""

    name = "advance"
    title = "advance after combat, or stop (10.12)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> Iterator[Action]:
        target = frame["target"]
        if not (
            state.counter(frame["units"][0]).side == "us"
            and state.c.board.is_terrain(target, "riverbank")
        ):
            for unit in frame["units"]:
                if state.where[unit] != target and state.room(target, unit):  # 6.1
                    yield act("advance", state.counter(unit).id)
        yield act("done")

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "done":
            state.pop()
            return
        unit = state.c.counter(action.args[0]).index
        origin = state.hex_id(state.where[unit])
        state.put(unit, frame["target"])
        state.note(
            "10.12",
            f"{state.label(unit)} advances from {origin} to {state.hex_id(frame['target'])}",
        )
        if not any(state.where[u] != frame["target"] for u in frame["units"]):
            state.pop()

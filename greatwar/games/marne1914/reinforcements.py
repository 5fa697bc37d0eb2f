"""7.3 Reinforcements, with their delays and diversions (7.3.4-7.3.6); 15.2 Variable
Reinforcements; 15.1 Paris Taxicabs; 7.3.2 the Moroccan Division's attachment."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import ALLIED, GERMAN, OTHER, TRANSFER
from greatwar.games.marne1914.movement import (
    destinations,
    has_rail_destination,
    moved_note,
    rail_destinations,
    rail_move,
    reach,
)
from greatwar.games.marne1914.results import displace_hqs
from greatwar.games.marne1914.state import IN_ZOC, LOST, NEVER, WAITING, MarneState, move_flags
from greatwar.games.marne1914.supply import reach_radius, reaches


def groups(state: MarneState) -> dict[str, Any]:
    table: dict[str, Any] = state.c.tables["reinforcements"]["groups"]
    return table


def group_side(state: MarneState, group: str) -> str:
    return state.c.counters[state.c.group_members[group][0]].side


def group_units(state: MarneState, group: str) -> list[int]:
    return [u for u in state.c.group_members[group] if state.where[u] == WAITING]


def friendly_edges(state: MarneState, side: str) -> frozenset[int]:
    """11.1.7: west, south and east for the Allies; north for the Germans."""
    names = ("north",) if side == GERMAN else ("west", "south", "east")
    return state.c.board.edge(names)


def paris_lost(state: MarneState) -> bool:
    """7.3.5: Paris enemy occupied (PROVENANCE: German units in more than half its hexes)."""
    paris = state.c.board.paris
    return sum(1 for h in paris if state.side_in(h) == GERMAN) * 2 > len(paris)


def scheduled_hexes(state: MarneState, group: str) -> list[int]:
    """7.3.2, 7.3.3: the group's entry: any Paris hex, or entry hex 1 or 2; after a delay the
    hexes chosen then (7.3.4, 7.3.5)."""
    if group in state.entry_hexes:
        return list(state.entry_hexes[group])
    entry = groups(state)[group]["entry"]
    if entry == "paris":
        return list(state.c.board.paris)
    return [state.c.entries[entry]]


def open_entries(state: MarneState, group: str) -> list[int]:
    """7.3.5: an entry hex is closed when enemy occupied or in an enemy ZOC."""
    side = group_side(state, group)
    zone = state.zone_count[OTHER[side]]  # (not 0: in its ZOC, 8.2.1)
    return [
        h for h in scheduled_hexes(state, group) if not state.is_enemy_hex(h, side) and not zone[h]
    ]


def variable_reinforcements(state: MarneState, side: str) -> None:
    """15.2.1, 15.2.2: instead of the schedule, at the beginning of the friendly Movement
    Phase, roll for each group whose window has opened; 15.2.3 the last column repeats."""
    if not state.option("variable_reinforcements"):
        return
    table = state.c.tables["variable_reinforcements"]
    for group, spec in groups(state).items():
        if group_side(state, group) != side or state.due[group] != NEVER:
            continue
        column = state.turn - int(spec["turn"]) + 1  # -1 .. +2 -> 0 .. 3
        if column < 0:
            continue
        need = int(table[group][min(column, len(table[group]) - 1)])
        if need <= 0:
            continue
        roll = state.rng.die(int(state.c.tables["turns"]["die"]))
        if roll <= need:
            state.due[group] = state.turn
            state.note(
                "15.2.2", f"{spec['title']}: rolls {roll} (needs {need}): arrives", dice=[roll]
            )
        else:
            state.note(
                "15.2.2", f"{spec['title']}: rolls {roll} (needs {need}): not yet", dice=[roll]
            )


def arriving(state: MarneState, side: str) -> list[str]:
    """Groups of the side due now or earlier with units still waiting to enter (7.3.1)."""
    return [
        g
        for g in groups(state)
        if group_side(state, g) == side and state.due[g] <= state.turn and group_units(state, g)
    ]


def start_arrivals(state: MarneState, side: str) -> None:
    """7.3.1: after all units have moved, the reinforcements; 7.3.5 Paris lost."""
    for group in arriving(state, side):
        if (
            groups(state)[group]["entry"] == "paris"
            and group not in state.entry_hexes
            and paris_lost(state)
        ):
            for unit in group_units(state, group):
                state.where[unit] = LOST
            state.note(
                "7.3.5",
                f"{groups(state)[group]['title']}: Paris is enemy occupied; lost for the game",
            )
    if arriving(state, side):
        state.push("reinforce", side=side)


def entry_cost(state: MarneState, unit: int, hex_index: int) -> float:
    """7.3.6: the terrain of the entry hex, +1 for each unit that entered it before."""
    terrain = float(state.c.tables["movement"][state.c.board.terrain[hex_index]])
    return terrain + state.entered.get(hex_index, 0)


def rails_in(state: MarneState, unit: int) -> bool:
    """7.2.8 reinforcements in Transfer mode may take the railroad free; 7.3.2 the Moroccan
    Division enters by railroad automatically."""
    return state.unit_mode(unit) == TRANSFER or state.counter(unit).marker == "M"


def arrival_options(state: MarneState, unit: int, group: str) -> dict[int, tuple[int, bool]]:
    """Hex -> (entry hex, by rail) for every hex the unit may end its arrival in."""
    return _arrivals(state, unit, group, -1)


def arrival_option(state: MarneState, unit: int, group: str, to: int) -> tuple[int, bool]:
    """``arrival_options``' entry for ``to`` (one of them): found without the rest."""
    return _arrivals(state, unit, group, to)[to]


def _arrivals(state: MarneState, unit: int, group: str, want: int) -> dict[int, tuple[int, bool]]:
    """``arrival_options``, or when ``want`` is a hex those found up to it (the first way
    found to a hex is the one kept: later ones do not change it)."""
    options: dict[int, tuple[int, bool]] = {}
    grid = state.c.board.grid
    for entry in open_entries(state, group):
        if not state.has_room(entry, [unit]) and not any(True for _ in grid.neighbors(entry)):
            continue
        if rails_in(state, unit):
            for h in rail_destinations(state, unit, entry):
                options.setdefault(h, (entry, True))
                if h == want:
                    return options
        if state.counter(unit).marker == "M":
            if state.has_room(entry, [unit]):
                options.setdefault(entry, (entry, True))
                if entry == want:
                    return options
            continue
        left = state.allowance(unit) - entry_cost(state, unit, entry)
        if state.has_room(entry, [unit]):
            options.setdefault(entry, (entry, False))  # 7.1.4 it may always enter
            if entry == want:
                return options
        if left > 0:
            for h in reach(state, unit, entry, left):
                if h != entry and state.has_room(h, [unit]):
                    options.setdefault(h, (entry, False))
                    if h == want:
                        return options
    return options


def may_arrive(state: MarneState, unit: int, group: str) -> bool:
    """``arrival_options`` is not empty (the reinforcements prompt asks it of every unit),
    looked for the quickest way first: an entry hex with room is itself an option."""
    counter = state.c.counters[unit]
    for entry in open_entries(state, group):
        room = state.has_room(entry, [unit])
        if room:
            return True
        if not state.c.neighbors[entry]:
            continue
        if rails_in(state, unit) and has_rail_destination(state, unit, entry):
            return True
        if counter.marker == "M":
            continue
        left = state.allowance(unit) - entry_cost(state, unit, entry)
        if left > 0:
            for h in reach(state, unit, entry, left):
                if h != entry and state.has_room(h, [unit]):
                    return True
    return False


def delay_options(state: MarneState, group: str) -> list[int]:
    """7.3.4: any other railroad hex running off a friendly map edge; 7.3.5 when the entry is
    closed, also any map edge hex within five hexes of the scheduled hex."""
    if groups(state)[group]["entry"] == "paris":
        return []
    side = group_side(state, group)
    board = state.c.board
    edge = friendly_edges(state, side)
    scheduled = scheduled_hexes(state, group)
    hexes = {h for h in edge & board.rail_hexes if h not in scheduled}
    if not open_entries(state, group):
        radius = int(state.c.tables["reinforcements"]["edge_radius"])
        hexes |= {h for h in edge if any(board.grid.distance(h, s) <= radius for s in scheduled)}
    return sorted(h for h in hexes if not state.is_enemy_hex(h, side))


class Reinforce(Prompt[MarneState]):
    """7.3: bring on and move the reinforcements due, delay a group, or be done."""

    name = "reinforce"
    title = "bring on your reinforcements (7.3)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        enter = state.c.unit_actions("enter")
        for group in arriving(state, side):
            waiting = group_units(state, group)  # (asked once: the offer changes nothing)
            for unit in waiting:
                if may_arrive(state, unit, group):
                    yield enter[unit]
            whole = len(waiting) == len(state.c.group_members[group])
            if whole and group not in state.entry_hexes and delay_options(state, group):
                yield act("delay", group)
        yield act("done")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "done":
            state.pop()
        elif action.verb == "enter":
            unit = state.unit(action.args[0])
            state.push("arrive", side=side, unit=unit, group=state.counter(unit).group)
        else:
            group = action.args[0]
            state.entry_hexes[group] = delay_options(state, group)
            state.due[group] = state.turn + 1
            rule = "7.3.5" if not open_entries_scheduled(state, group) else "7.3.4"
            state.note(rule, f"{groups(state)[group]['title']} delays its arrival by one turn")


def open_entries_scheduled(state: MarneState, group: str) -> bool:
    side = group_side(state, group)
    zoc = state.zoc(OTHER[side])
    entry = groups(state)[group]["entry"]
    hexes = list(state.c.board.paris) if entry == "paris" else [state.c.entries[entry]]
    return any(not state.is_enemy_hex(h, side) and h not in zoc for h in hexes)


class Arrive(Prompt[MarneState]):
    """7.3.1: the reinforcement's destination, through its entry hex."""

    name = "arrive"
    title = "choose where the reinforcement goes (7.3, 7.3.6)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        to = state.c.hex_actions("to")  # (``to HEX`` by hex: the move prompt's too)
        for hex_index in sorted(arrival_options(state, frame["unit"], frame["group"])):
            yield to[hex_index]
        yield act("back")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "back":
            return
        unit, group = frame["unit"], frame["group"]
        to = state.c.board.grid.index(action.args[0])
        entry, by_rail = arrival_option(state, unit, group, to)
        state.arrived.add(group)
        if by_rail:
            state.put(unit, entry)
            if to != entry:
                rail_move(state, unit, to, True)
            state.moved.add(unit)
        else:
            state.entered[entry] = state.entered.get(entry, 0) + 1  # 7.3.6
            state.put(unit, to)
            state.moved.add(unit)
            moved_note(state, unit, entry, to)
        state.note("7.3.1", f"a {side} reinforcement enters at {state.hex_id(entry)}")
        if state.counter(unit).marker == "M" and friendly_hqs(state, side):
            state.push("attach", side=side, unit=unit)  # 7.3.2
        displace_hqs(state, OTHER[side])  # 9.9, answered first


def friendly_hqs(state: MarneState, side: str) -> list[int]:
    return [h for h in state.c.side_hqs[side] if state.where[h] >= 0]


class Attach(Prompt[MarneState]):
    """7.3.2: a Moroccan Division unit attaches to any HQ on the map at the end of its move."""

    name = "attach"
    title = "attach the unit to an HQ on the map (7.3.2, 15.1.3)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for hq in friendly_hqs(state, side):
            yield act("attach", state.counter(frame["unit"]).id, state.counter(hq).id)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        unit, hq = state.unit(action.args[0]), state.unit(action.args[1])
        state.attach(unit, hq)
        state.tell(side, "7.3.2", f"{action.args[0]} attaches to {action.args[1]}")


# --- extras offered in the Movement Phase -----------------------------------------------


def revertible(state: MarneState, side: str) -> list[int]:
    """7.3.2: a Moroccan unit may revert to the IX Corps once in that HQ's supply range.
    Every movement prompt offers it (and no supply is traced while no unit is near enough).
    The supply traces (11.1.3-11.1.5) depend on the enemy's stacks, on the hexes of the units
    and their HQ, and on which enemy ZOC hexes friendly units hold (11.1.4): kept while the
    first two stay as they were, within one stretch of ``touched`` (cleared only as a
    Movement Phase begins), until a hex in the enemy's ZOC changes (a test checks the answer
    against a fresh one after every action of random games)."""
    if side != ALLIED:
        return []
    found = near_home(state)
    if not found:
        return []
    hq_of_corps, counters = state.c.hq_of_corps, state.c.counters
    where, homes = state.where, [hq_of_corps[counters[u].corps] for u in found]  # ``home_of``
    stamp = (
        state.versions[GERMAN],  # ``enemy_stamp``
        state.turn,
        state.player_turn,
        state.phase,
        tuple(found),
        tuple([where[u] for u in found]),
        tuple([where[h] for h in homes]),
    )
    touched = state.touched
    count = len(touched)
    kept = state.memo.get(("revertible", side))
    if kept is not None and kept[0] == stamp and kept[1][0] <= count:
        counted, answer = kept[1]
        if counted < count:
            flags = move_flags(state, side)
            for h in touched[counted:]:
                if flags[h] & IN_ZOC:
                    answer = _revertible(state, found, homes)
                    break
    else:
        answer = _revertible(state, found, homes)
    state.memo["revertible", side] = (stamp, (count, answer))
    return list(answer)


def home_of(state: MarneState, unit: int) -> int:
    """7.3.2: the HQ of the unit's own corps."""
    return state.c.hq_of_corps[state.c.counters[unit].corps]


def near_home(state: MarneState) -> list[int]:
    """7.3.2: the Moroccan units on the map attached to another HQ, no farther from their
    own HQ on the map than any 11.1.5 supply path reaches."""
    where, hq_of, c = state.where, state.hq_of, state.c
    moroccans, homes = c.moroccans, c.home_of
    found = []
    radius = -1  # (``reach_radius``, asked once: the same in every game)
    for i in range(len(moroccans)):
        unit = moroccans[i]
        if where[unit] < 0:
            continue
        home = homes[i]  # ``home_of``
        if hq_of[unit] == home or where[home] < 0:
            continue  # (the common case: asked at every Allied movement offer)
        if radius < 0:
            radius = reach_radius(state)
        if c.board.grid.distance(where[unit], where[home]) <= radius:
            found.append(unit)
    return found


def _revertible(state: MarneState, units: list[int], homes: list[int]) -> tuple[int, ...]:
    """Those of ``units`` (``near_home``) their HQ ``homes`` trace supply to (11.1.3)."""
    where = state.where
    return tuple(
        [u for u, home in zip(units, homes, strict=True) if reaches(state, home, where[u])]
    )


def taxi_units(state: MarneState, side: str) -> list[int]:
    """15.1.2: reinforcement units in a Paris hex that have not moved."""
    if side != ALLIED or not state.option("taxis") or state.taxi_used:
        return []
    if state.turn <= int(state.c.tables["taxis"]["after_turn"]):
        return []  # 15.1.1 after turn three
    paris = set(state.c.board.paris)
    return [
        u
        for u in state.units_on_map(side)
        if state.counter(u).arrival
        and state.where[u] in paris
        and u not in state.moved
        and not state.counter(u).is_hq
        and u not in state.railed
    ]


def taxi_destinations(state: MarneState, units: list[int]) -> list[int]:
    """15.1.2: a front-line hex (PROVENANCE: free of enemy ZOC and next to one) reached by
    road hexes free of enemy units and ZOCs from the units' Paris hexes."""
    board = state.c.board
    zoc = state.zoc(GERMAN)
    starts = {state.where[u] for u in units}
    seen = set(starts)
    frontier = list(starts)
    while frontier:
        here = frontier.pop()
        for there in board.grid.neighbors(here):
            if there in seen or not board.is_road(here, there):
                continue
            if state.is_enemy_hex(there, ALLIED) or there in zoc:
                continue
            seen.add(there)
            frontier.append(there)
    front = [h for h in seen if h not in starts and any(n in zoc for n in board.grid.neighbors(h))]
    return sorted(h for h in front if state.has_room(h, units))


def movement_extras(state: MarneState, side: str) -> list[Action]:
    """The movement phase's offers of this module: 7.3.2 Moroccan units reverting to their
    corps, 15.1 taxis for two units."""
    offered = [act("revert", state.counter(unit).id) for unit in revertible(state, side)]
    units = taxi_units(state, side)
    if units and len(units) >= int(state.c.tables["taxis"]["units"]):
        for i, a in enumerate(units):
            for b in units[i + 1 :]:
                if taxi_destinations(state, [a, b]):
                    offered.append(act("taxi", state.counter(a).id, state.counter(b).id))
    return offered


def apply_extra(state: MarneState, side: str, action: Action) -> None:
    if action.verb == "revert":
        unit = state.unit(action.args[0])
        state.attach(unit, state.c.hq_of_corps[state.counter(unit).corps])
        state.tell(
            side, "7.3.2", f"{action.args[0]} reverts to the IX Corps for the rest of the game"
        )
    elif action.verb == "taxi":
        units = [state.unit(a) for a in action.args]
        state.push("taxi_to", side=side, units=units)


class TaxiTo(Prompt[MarneState]):
    """15.1.2, 15.1.3: both taxied units go to one front-line hex, then join any corps."""

    name = "taxi_to"
    title = "choose the taxis' destination (15.1.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for hex_index in taxi_destinations(state, list(frame["units"])):
            yield act("to", state.hex_id(hex_index))
        yield act("back")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "back":
            return
        to = state.c.board.grid.index(action.args[0])
        state.taxi_used = True
        for unit in frame["units"]:
            state.put(unit, to)
            state.moved.add(unit)
        state.note("15.1.2", f"the Paris taxis carry two units to {action.args[0]}")
        for unit in frame["units"]:
            if friendly_hqs(state, side):
                state.push("attach", side=side, unit=unit)  # 15.1.3


PROMPTS = (Reinforce(), Arrive(), Attach(), TaxiTo())
__all__ = ["NEVER", "PROMPTS", "destinations"]

"""9.x movement: one infantry unit at a time, by movement points, never into enemy hexes."""

from __future__ import annotations

import heapq
from functools import cache, lru_cache
from typing import NamedTuple

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import GERMAN, US, Components
from greatwar.games.fbsm.state import EXITED, FbsmState, hex_mask, mask_hexes
from greatwar.hexes import steps_per_mp

EXIT = "exit"
EXIT_ACTION = act("to", EXIT)
STAY = act("stay")
END = act("end")
_NEVER = float("inf")


@cache
def terrain_steps(c: Components, side: str) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per hex, the neighbours ``side`` may enter by terrain alone, with the MP to cross
    into each: never the Marne itself, never a riverbank hex for the US (9.8), road movement
    across a road hexside (9.5, 9.6 bridges and crossings), else the terrain's cost."""
    board = c.board
    road_cost = float(c.tables["movement"]["road_move_cost"])
    steps = []
    for here in range(board.grid.size):
        row = []
        for there in board.grid.neighbors(here):
            terrain_cost = board.move_cost[there]
            if terrain_cost is None:
                continue  # the Marne itself
            if side == US and board.terrain[there].name == "riverbank":
                continue  # 9.8
            row.append((there, road_cost if (here, there) in board.road_hexsides else terrain_cost))
        steps.append(tuple(row))
    return tuple(steps)


def may_pass(state: FbsmState, unit: int, there: int) -> bool:
    """9.7 never into an enemy hex; 6.1 US infantry may pass through a heavy weapons
    emplacement (not end there); 6.2 never an overstack, even momentarily."""
    stack = state.stacks.get(there)
    if not stack:
        return True
    counters = state.c.counters
    top = counters[stack[0]]
    if top.side != counters[unit].side:
        return False  # 9.7
    limit = state.c.tables["stacking"]["max_infantry_fire_factors"]
    return not (top.is_infantry and state.fire_in(stack) + counters[unit].fire > limit)


class Reach(NamedTuple):
    """One movement search (9.1, 9.2) and what the Move prompt offers from it, made once."""

    spent: dict[int, float]  # hex -> MP spent, the start included (shared: never change it)
    steps: tuple[tuple[int, Action], ...]  # (hex, ``to <hex>``) in hex order, start left out
    actions: tuple[Action, ...]  # the ``to`` actions of ``steps``
    exits: tuple[tuple[float, int], ...]  # 4.3: (MP spent, south exit hex), cheapest first
    # open map only: hexes from which a further step is within the allowance (the others are
    # never on the way to another hex), as a bitmask (bit h: hex h)
    waypoints: int
    others: int  # the hexes of ``steps`` as a bitmask


def reachable(state: FbsmState, unit: int, start: int, allowance: float) -> dict[int, float]:
    """Every hex the unit can reach spending at most its allowance, with the MP spent (9.1,
    9.2). Units only ever close a path, so where no stack the unit may not pass stands within
    the hexes the open map allows, the memoised open-map search is the answer."""
    side = state.counter(unit).side
    open_map = _open_reach(state.c, side, start, allowance).spent
    blocked = _blocked(state, unit, start, open_map)
    if not blocked:
        return dict(open_map)
    return dict(_blocked_reach(state.c, side, start, allowance, hex_mask(blocked)).spent)


def _blocked(state: FbsmState, unit: int, start: int, hexes: dict[int, float]) -> set[int]:
    """The hexes among ``hexes`` (besides ``start``) the unit may not pass (9.7, 6.1, 6.2)."""
    stacks = state.stacks
    crowded = stacks.keys() & hexes.keys() if len(stacks) < len(hexes) else None
    found: set[int] = set()
    for h in crowded if crowded is not None else [h for h in hexes if h in stacks]:
        if h != start and not may_pass(state, unit, h):
            found.add(h)
    return found


@cache
def _open_reach(c: Components, side: str, start: int, allowance: float) -> Reach:
    spent = _search(c, side, start, allowance, frozenset())
    cheapest = cheapest_steps(c, side)
    limit = allowance + 1e-9
    waypoints = hex_mask(h for h, used in spent.items() if used + cheapest[h] <= limit)
    return _reach(c, start, spent, waypoints)


@lru_cache(maxsize=4096)  # about 20 MB at most
def _blocked_reach(c: Components, side: str, start: int, allowance: float, blocked: int) -> Reach:
    """The search around the ``blocked`` hexes (a bitmask), memoised: positions come back again
    and again (the same unit among the same stacks, in a search's samples)."""
    spent = _search(c, side, start, allowance, frozenset(mask_hexes(blocked)))
    return _reach(c, start, spent, 0)


@cache
def whole_steps(c: Components, side: str) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """``terrain_steps`` in whole fractions of an MP: (fractions per MP, ``steps_per_mp``, the
    steps with their costs in them); (0, ()) if the costs are no simple fractions."""
    steps = terrain_steps(c, side)
    try:
        scale = steps_per_mp({cost for row in steps for _, cost in row})
    except ValueError:
        return 0, ()
    return scale, tuple(tuple((t, round(cost * scale)) for t, cost in row) for row in steps)


@cache
def cheapest_steps(c: Components, side: str) -> tuple[float, ...]:
    """Per hex, the fewest MP a step out of it costs (``_NEVER`` if none can be taken)."""
    return tuple(min((cost for _, cost in row), default=_NEVER) for row in terrain_steps(c, side))


def _reach(c: Components, start: int, spent: dict[int, float], waypoints: int) -> Reach:
    to = to_actions(c)
    steps = tuple((h, to[h]) for h in sorted(spent) if h != start)
    exits = tuple(sorted((spent[h], h) for h in _exit_hexes(c) & spent.keys()))
    others = hex_mask(h for h, _ in steps)
    return Reach(spent, steps, tuple(action for _, action in steps), exits, waypoints, others)


def _search(
    c: Components, side: str, start: int, allowance: float, blocked: frozenset[int]
) -> dict[int, float]:
    """Dijkstra over the terrain steps, never through ``blocked`` hexes (those the unit may
    not pass); 9.2 a hex is entered only with the MP to pay for it. The result equals
    greatwar.hexes.reachable with the same costs. Costs in whole fractions of an MP (the
    printed ones are halves, 9.2, 9.5) are searched with a list of hexes per MP spent in
    place of a heap: the same hexes and costs, exactly."""
    scale, whole = whole_steps(c, side)
    if not scale or not float(allowance * scale).is_integer():
        return _heap_search(terrain_steps(c, side), start, allowance, blocked)
    limit = round(allowance * scale)
    spent = {start: 0}
    waiting: list[list[int]] = [[] for _ in range(limit + 1)]  # hexes by fractions spent
    waiting[0].append(start)
    get = spent.get
    for used, hexes in enumerate(waiting):
        for here in hexes:
            if used > spent[here]:
                continue  # a cheaper way here was already expanded
            for there, cost in whole[here]:
                total = used + cost
                if total > limit or total >= get(there, limit + 1) or there in blocked:
                    continue
                spent[there] = total
                waiting[total].append(there)
    return {h: used / scale for h, used in spent.items()}


def _heap_search(
    steps: tuple[tuple[tuple[int, float], ...], ...],
    start: int,
    allowance: float,
    blocked: frozenset[int],
) -> dict[int, float]:
    """``_search`` with a heap, for costs in no whole fraction of an MP."""
    limit = allowance + 1e-9
    spent = {start: 0.0}
    frontier = [(0.0, start)]
    pop, push, get = heapq.heappop, heapq.heappush, spent.get
    while frontier:
        used, here = pop(frontier)
        if used > spent[here]:
            continue  # a cheaper way here was already expanded
        for there, cost in steps[here]:
            total = used + cost
            if total > limit or total >= get(there, _NEVER) or there in blocked:
                continue
            spent[there] = total
            push(frontier, (total, there))
    return spent


def destinations(state: FbsmState, unit: int) -> dict[int, float]:
    """Hexes the unit may end its move in, with the MP spent (9.1, 9.2, 6.1)."""
    start = state.where[unit]
    spent = reachable(state, unit, start, state.movement_factor(unit))
    del spent[start]
    counters = state.c.counters
    stacks = state.stacks
    for h in stacks.keys() & spent.keys():
        if not counters[stacks[h][0]].is_infantry:
            del spent[h]  # 6.1 never end a move on a heavy weapons emplacement
    return spent


@cache
def _exit_hexes(c: Components) -> frozenset[int]:
    """4.3: German units win by moving off the south edge through hexes 1900-3300."""
    return frozenset(c.board.hexes(c.tables["victory"]["south_exit_hexes"]))


@cache
def to_actions(c: Components) -> tuple[Action, ...]:
    """``to <hex>`` for every hex by index, made once: the actions the rules offer most."""
    return tuple(act("to", c.board.grid.id(h)) for h in range(c.board.grid.size))


@cache
def move_actions(c: Components) -> tuple[Action, ...]:
    """``move <unit>`` for every counter by index, made once."""
    return tuple(act("move", counter.id) for counter in c.counters)


def movable(state: FbsmState, side: str) -> list[int]:
    """9.1, 9.3: the side's infantry units on the map that have not moved this phase, in
    counter order."""
    where, done = state.where, state.done
    return [u for u in infantry_of(state.c, side) if where[u] >= 0 and u not in done]


def unmoved(state: FbsmState, frame: Frame, side: str) -> list[int]:
    """``movable`` at the movement phase's prompt ``frame``. Within a phase only moves change
    who may move, and each adds its unit to ``done`` (9.1; an exit too, 4.3), so the units of
    the phase's last offer are read again, less those done since; the phase's first offer
    reads all the side's infantry (a test checks this against ``movable`` in random games).
    The list is the state's: read it, never change it."""
    seen, counted, units = state.unmoved
    done = state.done
    if seen is not frame or counted > len(done):
        where = state.where
        units = [u for u in infantry_of(state.c, side) if where[u] >= 0 and u not in done]
    elif counted < len(done):
        units = [u for u in units if u not in done]  # (an exit too is done)
    else:
        return units
    state.unmoved = (frame, len(done), units)
    return units


@cache
def infantry_of(c: Components, side: str) -> tuple[int, ...]:
    """9.3: the side's units that may move (not heavy weapons emplacements), in counter order."""
    return tuple(u.index for u in c.counters if u.side == side and u.is_infantry)


def start_movement(state: FbsmState, side: str) -> None:
    """5.3 phases V and VIII."""
    if movable(state, side):
        state.push("movement", side=side)


class MovementPhase(Prompt[FbsmState]):
    """9.1: choose the next unit to move, or end the phase."""

    name = "movement"
    title = "move a unit or end the phase (9.1)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        moves = move_actions(state.c)
        offered = [moves[u] for u in unmoved(state, frame, side)]
        offered.append(END)
        return offered

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "end":
            state.pop()
            return
        state.push("move", side=side, unit=state.c.counter(action.args[0]).index)

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        return explain_unit(state, action, side)


def explain_unit(state: FbsmState, action: Action, side: str) -> str | None:
    """Why a named unit may not move now."""
    if action.verb != "move" or len(action.args) != 1:
        return None  # the prompt's own reason lists the legal moves
    counter = state.c.by_id.get(action.args[0])
    if counter is None:
        return f"there is no unit {action.args[0]} in the counter mix (2.4)"
    if counter.side != side:
        return f"{counter.id} is not a {side} unit (9.1)"
    if not counter.is_infantry:
        return f"{counter.id} is a heavy weapons emplacement and never moves (9.3)"
    if state.where[counter.index] < 0:
        return f"{counter.id} is not on the map"
    return f"{counter.id} has already moved this phase (9.1)"


class Move(Prompt[FbsmState]):
    """9.1-9.8: the chosen unit goes to a hex it can reach, exits, or stays."""

    name = "move"
    title = "choose the unit's destination (9.1)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> list[Action]:
        # destinations() and 4.3's exit, from memoised searches and their actions: most
        # moves meet no stack they may not pass on their way
        unit = frame["unit"]
        c = state.c
        start = state.where[unit]
        allowance = state.movement_factor(unit)
        mover = c.counters[unit].side
        reach = _open_reach(c, mover, start, allowance)
        blocked, ended = _in_the_way(state, unit, reach.others)
        if reach.waypoints & blocked:
            reach = _blocked_reach(c, mover, start, allowance, blocked)
        else:  # no way runs through them: the open map's costs hold for every other hex
            ended |= blocked
        if ended & reach.others:
            left_out = set(mask_hexes(ended))
            offered = [action for h, action in reach.steps if h not in left_out]
        else:
            offered = list(reach.actions)
        if mover == GERMAN and _may_exit(reach, ended, allowance):
            offered.append(EXIT_ACTION)
        offered.append(STAY)
        return offered

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        unit = frame["unit"]
        state.pop()
        state.done.add(unit)
        if action.verb == "stay":
            return
        if action.args[0] == EXIT:
            exit_map(state, unit)
            return
        origin = state.hex_id(state.where[unit])
        state.put(unit, state.c.board.grid.index(action.args[0]))
        state.note("9.1", f"{state.label(unit)} moves {origin} to {action.args[0]}")

    def explain(self, state: FbsmState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "to" or len(action.args) != 1:
            return None  # the prompt's own reason lists the legal destinations
        grid = state.c.board.grid
        target = action.args[0]
        if target == EXIT:
            return (
                "only a German unit reaching a south-edge hex 1900-3300 with 1 MP left exits (4.3)"
            )
        if target not in grid:
            return f"there is no hex {target} on the map (2.2)"
        return unreachable_reason(state, frame["unit"], grid.index(target))


def _in_the_way(state: FbsmState, unit: int, hexes: int) -> tuple[int, int]:
    """Among ``hexes`` (a bitmask, the start left out): those the unit may not pass (9.7 enemy,
    6.2 overstack; ``may_pass``, inlined), and heavy weapons emplacements, where it may not
    end its move (6.1), as bitmasks. An emplacement stands alone, so the other hexes the
    mover's side holds are its infantry's stacks; of those only the ``crowded`` ones may be
    too full for it."""
    c = state.c
    mover = c.side_of[unit]
    ended = state.emplaced & hexes  # 6.1
    blocked = state.held[GERMAN if mover == US else US] & hexes  # 9.7
    full = state.crowded[mover] & hexes & ~ended
    if full:
        room = c.tables["stacking"]["max_infantry_fire_factors"] - c.fire_of[unit]
        for h in mask_hexes(full):
            if state.fire_in(state.stacks[h]) > room:
                blocked |= 1 << h  # 6.2
    return blocked, ended


def _may_exit(reach: Reach, ended: int, allowance: float) -> bool:
    """4.3: a German unit may step off the south edge from an exit hex it can reach (or
    stands in) with one MP to spare (moving off costs as a clear hex beyond the edge); not
    from the ``ended`` hexes (a bitmask)."""
    limit = allowance - 1 + 1e-9
    for spent, h in reach.exits:
        if spent > limit:
            return False
        if not ended >> h & 1:
            return True
    return False


def unreachable_reason(state: FbsmState, unit: int, target: int) -> str:
    """Why a unit cannot end its move in ``target``, naming the rule."""
    board = state.c.board
    hex_id = state.hex_id(target)
    occupant = state.side_in(target)
    counter = state.counter(unit)
    if board.move_cost[target] is None:
        return f"{hex_id} is the Marne: no unit may enter it"
    if occupant is not None and occupant != counter.side:
        return f"{hex_id} holds enemy units (9.7)"
    if counter.side == US and board.terrain[target].name == "riverbank":
        return f"US units never enter Marne riverbank hexes like {hex_id} (9.8)"
    if occupant is not None and not state.room(target, unit):
        return f"{hex_id} cannot take {counter.id} without overstacking (6.1, 6.2)"
    allowance = state.movement_factor(unit)
    return f"{hex_id} is beyond the {allowance} MP of {counter.id} by a legal path (9.1-9.5, 6.2)"


def exit_map(state: FbsmState, unit: int) -> None:
    """4.3: a German unit moves off the south edge: the German player wins at once."""
    state.take_off(unit, EXITED)
    state.note("4.3", f"{state.label(unit)} moves off the south edge")
    state.end(GERMAN, "4.3", f"{state.counter(unit).id} moved off the south edge of the map")

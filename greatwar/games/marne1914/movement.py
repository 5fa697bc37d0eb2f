# cython: boundscheck=False, wraparound=False
# (Cython reads the line above when it compiles this module; Python and the type checker take it
# for a comment.) Every index the compiled module takes as a machine integer is within its
# table and never negative, so the checks are left out: the search's hexes are map hexes (the
# unit's own, on the map when it moves, and the neighbours of ``flat_steps``, read only after
# the test for -1), its counts of steps at most ``limit``, below ``_FIRST``'s length
# (``_grow``), its entries below ``_QUEUE``'s (a hex is filed at most once from each of its
# neighbours, and once as the start), its hexes found at most the map's size and the 7.1.4
# neighbours; the other typed loops read hexes of the position's sets (map hexes), units of
# the side's tables, and hexes of units on the map (``rallies`` skips those off it,
# ``MoveMemo.update`` reads again only units on the map).
"""7. Movement: terrain, roads in Transfer mode, railroads, zones of control (8.2); with the
movement phase's other business: removing disruption (10.2), recovery (12.1), and 8.1.3
over-stacking at the end of each phase."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from typing import Any

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import (
    ARTILLERY,
    DEFENSIVE,
    GERMAN,
    OTHER,
    REGROUP,
    SIDES,
    TRANSFER,
)
from greatwar.games.marne1914.results import displace_hqs
from greatwar.games.marne1914.state import (
    ELIMINATED,
    HELD,
    IN_ZOC,
    SIDE_CODE,
    MarneState,
    MoveChoice,
    move_flags,
    put_unit,
)
from greatwar.hexes import steps_per_mp

StepCost = Callable[[int, int], float | None]


def terrain_cost(state: MarneState, here: int, there: int, road: bool) -> float:
    """7.1.2: the hex's terrain plus a river hexside; 7.1.2.2 road movement (Transfer mode only)
    costs 1/2 and negates all other terrain, bridges included."""
    table = state.c.tables["movement"]
    board = state.c.board
    if road and board.is_road(here, there):
        return float(table["road"])
    cost = float(table[board.terrain[there]])
    if board.is_river(here, there):
        cost += float(table["river"])  # 7.1.2.1 cumulative
    return cost


Steps = tuple[tuple[tuple[int, float], ...], ...]
# (road?) -> for each hex, (neighbour, MP of terrain and hexside) of every step out of it, in
# the grid's neighbour order: the same in every game.
_STEPS: dict[bool, Steps] = {}
_TOLERANCE = 1e-9  # as greatwar.hexes.movement: rounding of fractional MP


def steps_from(state: MarneState, road: bool) -> Steps:
    """``terrain_cost`` of every step out of every hex, laid out for the searches below."""
    table = _STEPS.get(road)
    if table is None:
        grid = state.c.board.grid
        table = tuple(
            tuple((b, terrain_cost(state, a, b, road)) for b in grid.neighbors(a)) for a in grid
        )
        _STEPS[road] = table
    return table


def step_cost(state: MarneState, unit: int, start: int) -> StepCost:
    """MP to cross from one hex into the next for ``unit``, or None where it may not go."""
    counter = state.counter(unit)
    side = counter.side
    zoc = state.zoc(OTHER[side])
    transfer = state.unit_mode(unit) == TRANSFER
    table = state.c.tables["movement"]
    enter, leave = float(table["zoc_enter"]), float(table["zoc_leave"])
    barred_from_zoc = counter.is_hq or unit in state.rallied  # 9.9, 10.2.2
    held = state.enemy_held(side)
    costs = terrain_costs(state, transfer)

    def cost(here: int, there: int) -> float | None:
        if there in held:
            return None  # 7.1.3
        if there in zoc and barred_from_zoc:
            return None
        if here != start and here in zoc:
            return None  # 8.2.1.2 entering an enemy ZOC stops (8.2.1.3 ZOC to ZOC from the start)
        mp = costs[here, there]
        if there in zoc:
            mp += enter  # 7.1.3.1, 8.2.1.5
        if here in zoc and not transfer:
            mp += leave  # 7.1.3.1; 5.1.3 Transfer mode is exempt
        return mp

    return cost


def terrain_costs(state: MarneState, road: bool) -> dict[tuple[int, int], float]:
    """``steps_from`` by (hex, neighbour)."""
    table = _COSTS.get(road)
    if table is None:
        table = {(a, b): mp for a, steps in enumerate(steps_from(state, road)) for b, mp in steps}
        _COSTS[road] = table
    return table


_COSTS: dict[bool, dict[tuple[int, int], float]] = {}


def whole_steps(state: MarneState) -> tuple[int, dict[bool, WholeSteps]]:
    """``steps_from`` in whole steps of a fraction of an MP (halves on the printed map), with
    the number of steps to an MP: every game's."""
    if not _WHOLE:
        table = state.c.tables["movement"]
        costs = {float(table["zoc_enter"]), float(table["zoc_leave"])}
        for road in (False, True):
            costs.update(mp for steps in steps_from(state, road) for _, mp in steps)
        scale = steps_per_mp(costs)
        _WHOLE.append(
            (
                scale,
                {
                    road: tuple(
                        tuple((b, round(mp * scale)) for b, mp in steps)
                        for steps in steps_from(state, road)
                    )
                    for road in (False, True)
                },
            )
        )
    return _WHOLE[0]


WholeSteps = tuple[tuple[tuple[int, int], ...], ...]
_WHOLE: list[tuple[int, dict[bool, WholeSteps]]] = []


def flat_steps(state: MarneState, road: bool) -> tuple[array[int], array[int]]:
    """``whole_steps`` laid out flat for the search's machine loops: for hex h at 6h..6h+5 its
    neighbours (-1 after the last) and the whole steps into them."""
    found = _FLAT.get(road)
    if found is None:
        hexes, costs = array("l"), array("l")
        for steps in whole_steps(state)[1][road]:
            for there, mp in steps:
                hexes.append(there)
                costs.append(mp)
            for _ in range(SIDES_OF_A_HEX - len(steps)):
                hexes.append(-1)
                costs.append(0)
        found = _FLAT[road] = (hexes, costs)
        global _LAND_HEXES, _LAND_COSTS, _ROAD_HEXES, _ROAD_COSTS
        if road:
            _ROAD_HEXES, _ROAD_COSTS = hexes, costs
        else:
            _LAND_HEXES, _LAND_COSTS = hexes, costs
    return found


SIDES_OF_A_HEX = 6
_FLAT: dict[bool, tuple[array[int], array[int]]] = {}  # the same in every game
# ``_FLAT``'s tables once made, for ``search`` (typed views when compiled: read without a
# lookup or a view made at each search)
_LAND_HEXES: array[int] = array("l")
_LAND_COSTS: array[int] = array("l")
_ROAD_HEXES: array[int] = array("l")
_ROAD_COSTS: array[int] = array("l")


def reach(
    state: MarneState, unit: int, start: int, allowance: float | None = None
) -> dict[int, float]:
    """Every hex the unit can reach from ``start`` within its allowance (or ``allowance``), with
    the MP spent, the start at 0, in the order found: ``greatwar.hexes.reachable`` with
    ``step_cost`` (``search``)."""
    flags = move_flags(state, state.c.counters[unit].side)
    count = search(state, unit, start, allowance, flags)
    scale = zoc_steps(state)[0]
    found = {}
    for i in range(count):
        h = _ORDER[i]
        found[h] = _SPENT[h] / scale
    clear_search(count)
    return found


def destination_hexes(state: MarneState, unit: int) -> list[int]:
    """``destinations``' hexes, in order (the move prompt offers them, not the MP spent):
    ``search``'s hexes and 7.1.4 the neighbours it may always enter, with room (7.1.5, 8.1)."""
    return _destinations_of(state, unit, None)


def destination_actions(state: MarneState, unit: int, to: tuple[Action, ...]) -> list[Action]:
    """``to``'s action of each of the ``destination_hexes`` (picked by index as they are
    found: no list of hexes made)."""
    return _destinations_of(state, unit, to)


def _destinations_of(state: MarneState, unit: int, to: tuple[Action, ...] | None) -> list[Any]:
    """``destination_hexes``, or with ``to`` their actions."""
    start = state.where[unit]
    c = state.c
    flags = move_flags(state, c.side_of[unit])
    count = search(state, unit, start, None, flags)
    spent, order = _SPENT, _ORDER
    # 7.1.4 a neighbour it may enter is always in reach: those ``search`` did not find are
    # the ones beyond its allowance (``step_cost`` refuses the same ones as the search)
    stop = _stop(state, unit)
    for there in state.c.neighbors[start]:
        if spent[there] == _UNREACHED and not flags[there] & stop:
            spent[there] = 0  # (found: cleared with the rest)
            order[count] = there
            count += 1
    lowest = highest = start
    for i in range(1, count):
        if order[i] < lowest:
            lowest = order[i]
        elif order[i] > highest:
            highest = order[i]
    floor, side, sp = c.stack_floor, c.side_of[unit], c.sp_of[unit]
    sp_at, side_at = state.sp_at, state.side_at
    found: list[Any] = []
    for h in range(lowest, highest + 1):  # (in order: no sort)
        if spent[h] == _UNREACHED or h == start:
            continue
        here, filled = side_at[h], sp_at[h]  # (``filled`` a machine integer when compiled)
        if sp <= floor and (here is None or (here == side and filled + sp <= floor)):
            pass  # an empty hex, or ``has_room`` within every limit (8.1)
        elif not state.has_room(h, [unit]):
            continue
        if to is None:
            found.append(h)
        else:
            found.append(to[h])
    clear_search(count)
    return found


def _stop(state: MarneState, unit: int) -> int:
    """The ``move_flags`` of the hexes the unit may not enter: 7.1.3 enemy-held; 9.9, 10.2.2
    for an HQ or a rallied unit an enemy ZOC."""
    if state.c.is_hq_of[unit] or unit in state.rallied:
        return HELD | IN_ZOC
    return HELD


def search(state: MarneState, unit: int, start: int, allowance: float | None, flags: bytes) -> int:
    """The hexes the unit can reach from ``start`` within its allowance (or ``allowance``):
    how many, laid in the scratch tables ``_ORDER`` (in the order found, the start first)
    and ``_SPENT`` (by hex, the whole steps spent; ``_UNREACHED`` elsewhere), which the caller
    reads and then gives back with ``clear_search``. Dial's search over the precomputed
    ``flat_steps`` and the side's ``move_flags`` (``flags``), its queue of hexes by steps
    spent in the scratch tables ``_QUEUE``, ``_FIRST`` and ``_LAST`` (typed in movement.pxd:
    machine loops when compiled)."""
    mode = state.mode[state.hq_of[unit]]  # ``unit_mode``
    transfer = mode == TRANSFER
    scale, enter, leave = zoc_steps(state)
    # 7.1.3.1 leaving an enemy ZOC costs extra (5.1.3 not in Transfer mode); only the start
    # hex can be left so (8.2.1.2: entering one stops the move)
    origin, in_zoc = start, IN_ZOC
    if not flags[origin] & in_zoc or transfer:
        leave = 0
    stop = _stop(state, unit)
    if len(_ROAD_HEXES) == 0 or len(_LAND_HEXES) == 0:
        flat_steps(state, True)
        flat_steps(state, False)
    if transfer:
        hexes, costs = _ROAD_HEXES, _ROAD_COSTS  # ``flat_steps``
    else:
        hexes, costs = _LAND_HEXES, _LAND_COSTS
    if allowance is None:
        # ``MarneState.allowance`` written out: 7 the printed allowance, 5.1.2, 5.1.4 half in
        # Defensive or Regroup mode
        counter = state.c.counters[unit]
        printed = counter.full
        if state.steps[unit] < counter.steps and counter.reduced is not None:
            printed = counter.reduced
        allowance = float(printed[2])
        if mode in (DEFENSIVE, REGROUP):
            allowance = allowance / 2
    limit = math.floor(allowance * scale + _TOLERANCE)
    if len(_SPENT) < len(flags) or len(_FIRST) <= limit:
        _grow(len(flags), limit + 1)
    spent, order, queue, first, last = _SPENT, _ORDER, _QUEUE, _FIRST, _LAST
    # the queue: hexes filed by the steps spent reaching them, a list per count of steps
    # (``first`` and ``last`` entries by count, -1 if none), first in first out; a hex is
    # filed again when a cheaper way to it is found
    for used in range(1, limit + 1):
        first[used] = -1
    spent[origin] = 0
    order[0] = origin
    count = 1
    first[0] = last[0] = 0
    queue[0] = origin
    queue[1] = -1  # (each entry: the hex, then the next entry of its count)
    filed = 2
    for used in range(limit + 1):
        entry = first[used]
        while entry >= 0:
            here = queue[entry]
            entry = queue[entry + 1]
            if used > spent[here]:
                continue  # a cheaper way here was already expanded
            if here != origin:
                if flags[here] & in_zoc:
                    continue  # 8.2.1.2 entering an enemy ZOC stops the move
                extra = 0
            else:
                extra = leave
            for k in range(SIDES_OF_A_HEX * here, SIDES_OF_A_HEX * here + SIDES_OF_A_HEX):
                there = hexes[k]
                if there < 0:
                    break  # (a hex on the map's edge)
                if flags[there] & stop:
                    continue  # 7.1.3
                total = used + costs[k] + extra
                if flags[there] & in_zoc:
                    total += enter  # 7.1.3.1, 8.2.1.5
                if total <= limit and total < spent[there]:
                    if spent[there] == _UNREACHED:
                        order[count] = there
                        count += 1
                    spent[there] = total
                    queue[filed] = there
                    queue[filed + 1] = -1
                    if first[total] < 0:
                        first[total] = filed
                    else:
                        queue[last[total] + 1] = filed
                    last[total] = filed
                    filed += 2
    return count


def zoc_steps(state: MarneState) -> tuple[int, int, int]:
    """The whole steps to an MP (``whole_steps``), and the whole steps of entering and of
    leaving an enemy ZOC (7.1.3.1): every game's."""
    if not _ZOC_STEPS:
        scale = whole_steps(state)[0]
        table = state.c.tables["movement"]
        enter = round(float(table["zoc_enter"]) * scale)
        _ZOC_STEPS.append((scale, enter, round(float(table["zoc_leave"]) * scale)))
    return _ZOC_STEPS[0]


_ZOC_STEPS: list[tuple[int, int, int]] = []


def clear_search(count: int) -> None:
    """Give back ``search``'s scratch tables: every hex unreached again."""
    spent, order = _SPENT, _ORDER
    for i in range(count):
        spent[order[i]] = _UNREACHED


def _grow(size: int, counts: int) -> None:
    """Scratch tables for a map of ``size`` hexes (a hex is filed at most once from each of
    its neighbours, and once as the start) and searches of up to ``counts`` counts of
    steps."""
    global _SPENT, _ORDER, _QUEUE, _FIRST, _LAST
    size, counts = max(size, len(_SPENT)), max(counts, len(_FIRST))
    _SPENT = array("l", [_UNREACHED]) * size
    _ORDER = array("l", [0]) * (size + SIDES_OF_A_HEX)  # (7.1.4 neighbours added)
    _QUEUE = array("l", [0]) * (2 * (SIDES_OF_A_HEX * size + 1))
    _FIRST = array("l", [-1]) * counts
    _LAST = array("l", [-1]) * counts


# ``search``'s scratch tables, shared by every game (searches never run inside one another;
# typed views when compiled)
_UNREACHED = 1 << 30  # more steps than any allowance
_SPENT: array[int] = array("l")
_ORDER: array[int] = array("l")
_QUEUE: array[int] = array("l")
_FIRST: array[int] = array("l")
_LAST: array[int] = array("l")


def destinations(state: MarneState, unit: int) -> dict[int, float]:
    """Hexes the unit may end its move in (7.1), with the MP spent; 7.1.4 always one hex."""
    start = state.where[unit]
    return _destinations(state, unit, start, reach(state, unit, start))


def _destinations(
    state: MarneState, unit: int, start: int, spent: dict[int, float]
) -> dict[int, float]:
    """``destinations`` from ``reach``'s hexes ``spent``."""
    del spent[start]
    neighbors = state.c.neighbors[start]
    if not spent.keys() >= set(neighbors):
        cost = step_cost(state, unit, start)
        for there in neighbors:
            if there not in spent:
                step = cost(start, there)
                if step is not None:
                    spent[there] = step  # 7.1.4
    counter = state.c.counters[unit]
    floor = state.c.stack_floor
    if counter.sp > floor:  # (no unit is: check every hex)
        return {h: mp for h, mp in spent.items() if state.has_room(h, [unit])}
    sp_at, side_at, side, sp = state.sp_at, state.side_at, counter.side, counter.sp
    for h in spent.keys() & state.stacks.keys():  # an empty hex has room (8.1)
        if side_at[h] == side and sp_at[h] + sp <= floor:
            continue  # ``has_room``: within every limit
        if not state.has_room(h, [unit]):
            del spent[h]  # 7.1.5, 8.1
    return spent


def movement_memo(state: MarneState, side: str, frame: Frame | None = None) -> MoveMemo:
    """The side's units that may still move (7.1.1, 7.2.3, 9.6.2), in order, each with
    whether it may try Recovery, take the railroad, go somewhere by land: the movement
    phase's choices (``move_choices``), with the actions they give.

    At the movement prompt ``frame`` the choices of its last offer are kept (``MoveMemo``)
    and only those that may have changed are read again. While the modes and attachments,
    and the units rallied, disrupted, out of supply and engaged stay as they were, a unit's
    choice changes only when it moves, when railroad capacity is used (in Transfer mode),
    when the stack of the hex that gave it a way out changes (the neighbour open to it, the
    railroad destination with room), when a railroad destination of one without room
    changes, when an enemy stack within two hexes changes (any, in Transfer mode: the
    railroad is closed next to the enemy, 7.2.4), or at any change when a full search
    decided it (never with its own hex: every hex it looks at is another). ``touched`` lists
    the hexes whose stacks changed (a test checks the answer against a fresh one after
    every action of random games)."""
    # (``memo`` typed in movement.pxd: its fields read and its methods called in C, the
    # sizes of the sets compared as machine integers)
    found = state.move_memo if frame is not None else None
    if isinstance(found, MoveMemo):
        memo = found
        if (
            memo.frame is frame
            and memo.rallies == len(state.rallied)
            and memo.disruptions == len(state.disrupted)
            and memo.supply_cuts == len(state.oos)
            and memo.engagements == len(state.engaged)
            and memo.attachments == state.attachments  # 7.3.2, 15.1.3 (``MarneState.attach``)
            and memo.modes_set == state.modes_set  # 5.2 (``MarneState.set_mode``)
            and memo.update(state, side)
        ):
            return memo
    memo = MoveMemo(state, side, frame)
    memo.read_all(state, side)
    if frame is not None:
        state.move_memo = memo
    return memo


def move_choices(
    state: MarneState, side: str, frame: Frame | None = None
) -> list[tuple[int, bool, bool, bool]]:
    """``movement_memo``'s choices: the side's units that may still move, in order, each as
    (unit, whether it may try Recovery, take the railroad, go somewhere by land)."""
    memo = movement_memo(state, side, frame)
    choices = memo.choices
    found = []
    for unit in memo.units:
        entry = choices[unit]
        if entry is not None:
            found.append(entry[5])
    return found


_CROWD = -2  # ``MoveMemo.watch``: a hex whose stack decides more than one unit's choice


class MoveMemo:
    """``move_choices`` kept at the movement prompt ``frame``: each unit's choice, with the
    hexes whose stacks decide it, held in lists by counter and by hex (read and written by
    index, in C when compiled: no dict or set of units made or hashed at every offer)."""

    __slots__ = (
        "attachments",
        "capacity",
        "choices",
        "counted",
        "crowds",
        "disruptions",
        "enemy",
        "engagements",
        "flat",
        "frame",
        "marks",
        "modes_set",
        "moved",
        "offers",
        "rail_full",
        "railed",
        "rails",
        "rallies",
        "reckon",
        "recovering",
        "regroup",
        "searched",
        "supply_cuts",
        "transfer",
        "units",
        "watch",
        "ways",
    )

    def __init__(self, state: MarneState, side: str, frame: Frame | None) -> None:
        self.frame = frame
        # how many units were rallied, disrupted, out of supply and engaged pairs then: while
        # these stay as they were, a unit's choice changes only as ``update`` finds
        self.rallies, self.disruptions = len(state.rallied), len(state.disrupted)
        self.supply_cuts, self.engagements = len(state.oos), len(state.engaged)
        # the attachments and modes then: how many changes of ``hq_of`` and of ``mode``
        # (counts compared at each offer, not the list and the dict)
        self.attachments, self.modes_set = state.attachments, state.modes_set
        # whether any HQ is in Regroup mode (12.1.1), kept with the modes: while none is, no
        # eliminated unit may be rebuilt (12.1.5, ``rebuildable``) and that is not asked (an
        # HQ's own corps or the corps' units are attached to the side's HQs alone: 7.3.2,
        # 15.1.3 offer ``friendly_hqs``)
        side_of = state.c.side_of
        self.regroup = any(
            [now == REGROUP and side_of[hq] == side for hq, now in state.mode.items()]
        )
        self.offers = state.c.move_offers()  # each unit's actions (7.1, 7.2), by way
        # the reading of a unit's choice (``reckoner``), kept with the enemy's stacks (in
        # ``enemy``), and the railroad capacity it found left, kept until capacity is used
        self.capacity: dict[str, bool] = {}
        self.reckon: Reckoner | None = None
        self.enemy: object = None  # the enemy's stacks it was read with (``enemy_stamp``)
        self.counted = 0  # the hexes of ``touched`` read
        self.rails: dict[str, int] = {}  # the railroad capacity used then (7.2.6, 7.2.7)
        # how many units had moved and railed (7.1.1, 7.2.3) then: within a movement phase
        # they only grow in number
        self.moved = self.railed = 0
        # the side's units on the map when read (``held_units``, in counter order): only
        # these are ever offered (a unit entering the map has every unit read afresh)
        self.units: tuple[int, ...] = ()
        counters = len(state.c.counters)
        # by counter: the unit's choice while it is offered (None otherwise), in ``units``'
        # order as ``move_choices`` gives them; its actions' index in ``offers`` (rail 2, land
        # 1); and ``update``'s marks of those to read again (each cleared as it is read)
        self.choices: list[MoveChoice | None] = [None] * counters
        self.ways = bytearray(counters)
        self.marks = bytearray(counters)
        # the offered units' ``rail`` and ``move`` actions, in order (``moves``, once asked),
        # and those that may try Recovery (12.1): what the movement prompt offers of them
        self.flat: list[Action] | None = None
        self.recovering: set[int] = set()
        # by hex: the unit whose choice its stack decides, -1 if none, ``_CROWD`` if more than
        # one (then the units in ``crowds``: most hexes decide one unit's choice or none)
        self.watch: list[int] = [-1] * len(state.holder)
        self.crowds: dict[int, set[int]] = {}
        self.searched: set[int] = set()  # units whose land choice a full search decided
        self.rail_full: dict[int, frozenset[int]] = {}  # unit -> destinations, none with room
        self.transfer: list[int] = []  # units in Transfer mode (7.2.2)

    def read_all(self, state: MarneState, side: str) -> None:
        """Read every unit of the side (7.1.1, 7.2.3: not those moved; 9.6.2 nor engaged)."""
        is_hq, where, mode, hq_of = state.c.is_hq_of, state.where, state.mode, state.hq_of
        moved = state.moved
        engaged: set[int] = set()
        for pair in state.engaged:
            engaged.update(pair)
        self.reckon = reckon = reckoner(state, side, self.capacity)
        self.enemy = state.enemy_stamp(side)
        self.units = state.held_units(side)
        for unit in self.units:
            if unit in moved:
                continue  # 7.1.1, 7.2.3 (``rail_move`` adds a unit to ``moved`` too)
            here = where[unit]
            if engaged and here in engaged and not is_hq[unit]:
                continue  # 9.6.2
            now = mode[hq_of[unit]]
            if now == TRANSFER:
                self.transfer.append(unit)
            self.keep(unit, reckon.choice(unit, here, now))
        self.moved, self.railed = len(moved), len(state.railed)
        self.counted = len(state.touched)
        self.rails = dict(state.rail_used)

    def update(self, state: MarneState, side: str) -> bool:
        """Read again the units whose choice may have changed since; False when a unit entered
        or left the map (or ``touched`` was cleared): then all are read afresh."""
        touched, moved, railed = state.touched, state.moved, state.railed
        counted = self.counted
        if counted > len(touched):
            return False
        choices, marks = self.choices, self.marks
        todo: list[int] = []  # the units marked, each once (cleared as they are read)
        changes = counted < len(touched)  # stacks changed: units a full search decided too
        gone: list[int] = []  # offered units found moved in the hexes changed
        # the enemy's stacks changed (an HQ retreating, 9.9): the units that look at the
        # hexes around them (within two: their neighbours and the neighbours' ZOC) and every
        # railroad are read again, with the enemy as it stands now
        enemy = state.versions[OTHER[side]]  # ``enemy_stamp``
        near = enemy != self.enemy
        if near:
            if not changes:
                return False  # (not by a change of stacks: all are read afresh)
            self.enemy = enemy
            self.reckon = reckoner(state, side, self.capacity)
            for unit in self.transfer:
                self.mark(unit, todo)
        if changes:
            # (a hex may be listed more than once: what is found there is found again, and
            # ``gone`` takes each unit once)
            watch, stacks, side_of = self.watch, state.stacks, state.c.side_of
            for i in range(counted, len(touched)):
                h = touched[i]
                found = watch[h]
                if found >= 0:
                    self.mark(found, todo)
                elif found == _CROWD:
                    for unit in self.crowds[h]:
                        self.mark(unit, todo)
                for unit in stacks.get(h, ()):
                    if side_of[unit] != side:
                        continue  # (an enemy unit: ``near``)
                    if unit in moved:  # (``railed`` among them: ``rail_move`` adds to both)
                        if choices[unit] is not None and unit not in gone:
                            gone.append(unit)
                    elif choices[unit] is None:
                        return False  # a unit that was not offered and may move now
                if near:
                    for n in state.c.within(h, 2):
                        for unit in stacks.get(n, ()):
                            if choices[unit] is not None:
                                self.mark(unit, todo)
            if self.rail_full:
                changed = touched[counted:]
                for unit, hexes in self.rail_full.items():
                    if not hexes.isdisjoint(changed):
                        self.mark(unit, todo)
            for unit in self.searched:  # (any change of stacks may change a full search's)
                self.mark(unit, todo)
        rails = state.rail_used
        # (compared as they stand, copied only when changed; and only when a unit has taken
        # the railroad since: 7.2.6 capacity is used by ``rail_move`` alone, which adds the
        # unit to ``railed``)
        if len(railed) != self.railed and rails != self.rails:
            # 7.2.6, 7.2.7 capacity used (``reckoner`` keeps each nation's answer): read again
            # the units of a nation whose answer changed (7.2.8 an HQ uses none)
            capacity, c = self.capacity, state.c
            was = dict(capacity)
            capacity.clear()
            for unit in self.transfer:
                if c.is_hq_of[unit]:
                    continue
                now = has_rail_capacity(state, unit, capacity)
                if was.get(c.nation_of[unit]) != now:
                    self.mark(unit, todo)
            self.rails = dict(rails)
        if len(moved) != self.moved or len(railed) != self.railed:
            if len(moved) < self.moved or len(railed) < self.railed:
                return False  # (cleared: not within one phase)
            if len(railed) != self.railed or len(gone) != len(moved) - self.moved:
                # not all found where stacks changed (a Recovery roll moves no counter)
                gone = [u for u in self.units if choices[u] is not None and u in moved]
            for unit in gone:
                self.drop(self.offers[unit][self.ways[unit]])
                choices[unit] = None
                self.recovering.discard(unit)
            self.moved, self.railed = len(moved), len(railed)
        if todo:
            # the units marked, in counter order (each mark cleared as it is read)
            where, mode, hq_of, reckon = state.where, state.mode, state.hq_of, self.reckon
            assert reckon is not None  # (``read_all`` made it)
            todo.sort()
            for unit in todo:
                marks[unit] = 0
                entry = choices[unit]
                if entry is None:
                    continue
                here = where[unit]
                if here < 0:
                    return False  # it left the map (the memo made afresh: marks dropped)
                fresh = reckon.choice(unit, here, mode[hq_of[unit]])
                if fresh != entry:  # (most read again come out as they were)
                    self.keep(unit, fresh)
        self.counted = len(touched)
        return True

    def mark(self, unit: int, todo: list[int]) -> None:
        """``update`` reads ``unit`` again: listed in ``todo`` once (``marks``, cleared as the
        units listed are read)."""
        marks = self.marks
        if not marks[unit]:
            marks[unit] = 1
            todo.append(unit)

    def moves(self) -> list[Action]:
        """The actions of the offered units in order (the movement prompt offers them all),
        kept between offers: the list itself, not to be changed."""
        if self.flat is None:
            offers, ways, choices = self.offers, self.ways, self.choices
            flat: list[Action] = []
            for unit in self.units:
                if choices[unit] is not None:
                    flat.extend(offers[unit][ways[unit]])
            self.flat = flat
        return self.flat

    def drop(self, actions: tuple[Action, ...]) -> None:
        """Take a unit's ``actions`` out of ``moves`` (found by identity: each is the only
        one of its unit and verb)."""
        flat = self.flat
        if flat is None:
            return
        for action in actions:
            for i in range(len(flat)):
                if flat[i] is action:
                    del flat[i]
                    break

    def keep(self, unit: int, entry: MoveChoice) -> None:
        """``entry`` as the unit's choice (offered in its place), watched at the hexes whose
        stacks decide it."""
        choices = self.choices
        fresh = choices[unit] is None  # (first read: in none of the marks below)
        choices[unit] = entry
        choice = entry[5]
        way = 0  # (``Components.move_offers``' index: rail 2, land 1)
        if choice[2]:
            way = 2
        if choice[3]:
            way += 1
        if fresh or self.ways[unit] != way:
            self.flat = None  # (made again in order when next asked)
        self.ways[unit] = way
        if choice[1]:
            self.recovering.add(unit)
        elif not fresh and self.recovering:
            self.recovering.discard(unit)
        # the unit's own hex decides nothing of its choice (every hex it looks at is another,
        # and it leaves its hex only by moving): watched are the neighbour open to it and the
        # railroad destination with room
        land_room, rail_room = entry[2], entry[3]
        if land_room >= 0:
            self.watch_hex(land_room, unit)
        if rail_room >= 0:
            self.watch_hex(rail_room, unit)
        if land_room < 0:
            self.searched.add(unit)
        elif not fresh and self.searched:
            self.searched.discard(unit)
        if entry[4]:
            self.rail_full[unit] = entry[4]
        elif not fresh and self.rail_full:
            self.rail_full.pop(unit, None)

    def watch_hex(self, h: int, unit: int) -> None:
        """The unit's choice is read again when the stack of ``h`` changes (``keep``)."""
        watch = self.watch
        found = watch[h]
        if found == -1:
            watch[h] = unit
        elif found == _CROWD:
            self.crowds[h].add(unit)
        elif found != unit:
            watch[h] = _CROWD
            self.crowds[h] = {found, unit}


_NO_HEXES: frozenset[int] = frozenset()  # (a choice with no railroad destination names none)


def reckoner(state: MarneState, side: str, capacity: dict[str, bool]) -> Reckoner:
    """``move_choices``' reading of one unit (``Reckoner.choice``), with what it needs of the
    position looked up once for all the units read while the enemy's stacks stay as they are;
    each nation's railroad capacity kept in ``capacity`` (to be cleared when capacity is
    used)."""
    return Reckoner(state, side, capacity)


class Reckoner:
    """``reckoner``: the position's tables a unit's choice reads, held as fields (typed in
    movement.pxd: an extension type, read without attribute lookups)."""

    __slots__ = (
        "answers",
        "capacity",
        "code",
        "flags",
        "holder",
        "is_hq",
        "least",
        "neighbors",
        "rallied",
        "reach",
        "side",
        "sp_at",
        "state",
        "steps",
        "steps_of",
    )

    def __init__(self, state: MarneState, side: str, capacity: dict[str, bool]) -> None:
        self.state, self.side, self.capacity = state, side, capacity
        self.rallied, self.steps, self.sp_at = state.rallied, state.steps, state.sp_at
        self.answers = state.c.move_answers()  # (the choices' last parts, made once)
        self.is_hq, self.steps_of, self.neighbors = (
            state.c.is_hq_of,
            state.c.steps_of,
            state.c.neighbors,
        )
        # 7.1.3 enemy-held and 8.2.1 enemy ZOC, marked by hex (``move_flags``); the hexes the
        # side holds, by its ``holder`` byte (``side_at`` read in C)
        self.flags, self.holder, self.code = move_flags(state, side), state.holder, SIDE_CODE[side]
        self.reach: RailReach | None = None  # the side's ``rail_reacher``
        # 8.1: a friendly hex with more than this many SP may be too full for some unit of the
        # side (within every limit otherwise); a unit above the floor always looks closer
        self.least = state.c.stack_floor - max(state.c.unit_sizes[side])

    def choice(self, unit: int, here: int, now: str) -> MoveChoice:
        """The unit's choice in its hex ``here`` and mode ``now`` (``MoveChoice``)."""
        state = self.state
        recover = (
            now == REGROUP and self.steps[unit] < self.steps_of[unit] and may_recover(state, unit)
        )
        by_rail = False
        rail_room = -1  # the railroad destination with room found, if any
        rail_full = _NO_HEXES  # those without room, if none
        if now == TRANSFER and has_rail_capacity(state, unit, self.capacity):
            reach = self.reach
            if reach is None:
                reach = self.reach = rail_reacher(state, self.side)
            rail_room = rail_destination(state, unit, reach)
            by_rail = rail_room >= 0
            if not by_rail:
                rail_full = reach.hexes(here)
        barred = self.is_hq[unit] or unit in self.rallied  # 9.9, 10.2.2: not into an enemy ZOC
        by_land = False
        land_room = -1  # the neighbour open to it, if any
        flags = self.flags
        if self.least >= 0:
            holder, code, sp_at, least = self.holder, self.code, self.sp_at, self.least
            stop = HELD | IN_ZOC if barred else HELD
            # (``there`` and ``at`` machine integers to read the tables by; ``neighbor`` the
            # table's own int, kept as it is in the choice, as ``here`` is)
            at = here
            for neighbor in self.neighbors[at]:
                there = neighbor
                if flags[there] & stop:
                    continue  # 7.1.3
                if holder[there] == code and sp_at[there] > least:
                    continue  # perhaps too full (8.1): the search below looks closer
                by_land = True  # a neighbour neither enemy-held nor too full for it (8.1)
                land_room = neighbor
                break
        if not by_land:
            by_land = has_destination(state, unit, flags)
        k = 0  # (``Components.move_answers``' index)
        if recover:
            k = 4
        if by_rail:
            k += 2
        if by_land:
            k += 1
        return (here, now, land_room, rail_room, rail_full, self.answers[unit][k])


def has_destination(state: MarneState, unit: int, flags: bytes) -> bool:
    """7.1.4 a neighbour the unit may enter with room (7.1.3 not enemy-held; 9.9, 10.2.2 not
    in an enemy ZOC for an HQ or a rallied unit), or failing that a full search (it may pass
    through friendly units, 7.1.5); ``flags`` the side's ``move_flags``."""
    stop = _stop(state, unit)
    for there in state.c.neighbors[state.where[unit]]:
        if flags[there] & stop:
            continue
        if state.has_room(there, [unit]):
            return True
    return bool(destinations(state, unit))


def is_engaged(state: MarneState, unit: int) -> bool:
    """9.6.2 EN: engaged units may not move or do anything but attack the enemy engaged."""
    if state.counter(unit).is_hq:
        return False
    here = state.where[unit]
    return any(here in pair for pair in state.engaged)


def may_move(state: MarneState, unit: int) -> bool:
    return unit not in state.moved and unit not in state.railed and not is_engaged(state, unit)


# --- 7.2 railroad movement ------------------------------------------------------------


def rail_networks(state: MarneState, side: str) -> dict[int, frozenset[int]]:
    """7.2.4, 7.2.5: each railroad hex the side may use now (neither enemy-held nor next to an
    enemy unit) with every such hex joined to it by them."""
    networks = rail_network_finder(state, side)
    found = {}
    for h in networks.rail_order:
        network = networks.of(h)
        if network is not None:
            found[h] = network
    return found


def rail_network_finder(state: MarneState, side: str) -> RailNetworks:
    """``rail_networks`` as a ``RailNetworks``, kept until the enemy moves: each network walked
    only when a hex of it is first asked of."""
    return state.cached(("rail", side), state.enemy_stamp(side), RailNetworks)


class RailNetworks:
    """7.2.4, 7.2.5: the railroad networks open to a side (its ``move_flags`` then: a hex
    enemy-held or next to an enemy unit is closed), each walked when one of its hexes is first
    asked of (``of``) and kept for all of them. A network is walked from its lowest hex, as
    the walk over all of them in hex order would find it, so that its set is the same one,
    its hexes added in the same order (its iteration order decides which railroad
    destination with room a unit's choice names first). Its answers read only the marks
    taken when it is made: a clone may share it (typed in movement.pxd)."""

    __slots__ = ("closed", "found", "links", "rail_hexes", "rail_order")

    def __init__(self, state: MarneState, side: str) -> None:
        board = state.c.board
        self.closed = move_flags(state, side)  # 7.2.4, 7.2.5: enemy-held or next to an enemy
        self.links, self.rail_hexes = board.rail_links, board.rail_hexes
        if not _RAIL_ORDER:
            _RAIL_ORDER.append(tuple(sorted(board.rail_hexes)))
        self.rail_order = _RAIL_ORDER[0]  # the railroad hexes in order: the same in every game
        self.found: dict[int, frozenset[int]] = {}

    def of(self, hex_index: int) -> frozenset[int] | None:
        """The open network of ``hex_index``, None if it is no open railroad hex."""
        found = self.found.get(hex_index)
        if found is not None:
            return found
        if hex_index not in self.rail_hexes or self.closed[hex_index]:
            return None
        network = self.walk(hex_index)
        lowest = min(network)
        if lowest != hex_index:
            network = self.walk(lowest)  # (its hexes in the order found from the lowest)
        joined = frozenset(network)
        for h in network:
            self.found[h] = joined
        return joined

    def walk(self, first: int) -> list[int]:
        """``greatwar.hexes.connected`` from ``first`` over the open railroad hexes, written
        out over marks by hex: the hexes in the order found."""
        closed, links = self.closed, self.links
        seen = bytearray(len(closed))
        seen[first] = 1
        network = [first]
        frontier = [first]
        while frontier:
            here = frontier.pop()
            row = links[here]
            # ``there`` a machine integer to mark by; ``linked`` the table's own int, kept in
            # the lists as it is (not made again from the machine integer)
            for linked in row:
                there = linked
                if not seen[there] and not closed[there]:
                    seen[there] = 1
                    network.append(linked)
                    frontier.append(linked)
        return network


_RAIL_ORDER: list[tuple[int, ...]] = []  # the railroad hexes in order: the same in every game


def rail_reacher(state: MarneState, side: str) -> RailReach:
    """7.2.1-7.2.5: for a start hex (``RailReach.hexes``), the railroad hexes a unit of the
    side may go to from it, any distance along railroad hexes none of them enemy-held or next
    to an enemy unit (room not checked), and the start itself unless nothing else; the
    enemy's zone and the rail networks looked up once for all the side's units."""
    return RailReach(state, side)


class RailReach:
    """``rail_reacher``: the side's marks and rail networks held as fields (typed in
    movement.pxd: ``hexes`` called and its fields read in C, not through a closure)."""

    __slots__ = ("flags", "networks", "rail_hexes", "rail_links")

    def __init__(self, state: MarneState, side: str) -> None:
        self.rail_hexes, self.rail_links = state.c.board.rail_hexes, state.c.board.rail_links
        self.flags = move_flags(state, side)  # (``zoc`` of the enemy, by hex)
        self.networks = rail_network_finder(state, side)

    def hexes(self, start: int) -> frozenset[int]:
        """The railroad hexes a unit in ``start`` may go to (``rail_reacher``)."""
        if start not in self.rail_hexes or self.flags[start] & IN_ZOC:
            return frozenset()  # 7.2.2 not next to the enemy
        networks = self.networks
        network = networks.of(start)
        if network is None:  # a start the rail lines may not cross: from it into theirs
            joined = [networks.of(h) for h in self.rail_links[start]]
            network = frozenset({start}).union(*[n for n in joined if n is not None])
        return network


def rail_destinations(state: MarneState, unit: int, start: int) -> list[int]:
    """7.2.1-7.2.5: ``rail_reacher``'s hexes, ending on another railroad hex with room."""
    reach = rail_reacher(state, state.c.counters[unit].side)
    return sorted(h for h in reach.hexes(start) if h != start and has_room_for(state, unit, h))


def has_rail_destination(state: MarneState, unit: int, start: int) -> bool:
    """``rail_destinations`` is not empty (asked of every waiting unit at each reinforcements
    offer: it stops at the first hex found, no list made or sorted)."""
    reach = rail_reacher(state, state.c.counters[unit].side)
    for h in reach.hexes(start):  # noqa: SIM110 (a loop: Cython makes no closure in a cpdef)
        if h != start and has_room_for(state, unit, h):
            return True
    return False


def rail_capacity_left(state: MarneState, unit: int) -> bool:
    """7.2.6 three German units; 7.2.7 three British, or two French, or one of each."""
    nation = state.counter(unit).nation
    table = state.c.tables["rail"]
    used = dict(state.rail_used)
    used[nation] = used.get(nation, 0) + 1
    if nation == GERMAN:
        return used[GERMAN] <= int(table["german"])
    french, british = used["french"], used["british"]
    return (
        (french == 0 and british <= int(table["british_only"]))
        or (british == 0 and french <= int(table["french_only"]))
        or (french <= 1 and british <= 1)
    )


def may_entrain(state: MarneState, unit: int, capacity: dict[str, bool], reach: RailReach) -> bool:
    """For a unit in Transfer mode that may move (7.2.2, 7.2.3): 7.2.6, 7.2.7 railroad capacity
    left (``capacity`` keeps each nation's answer), 7.2.8 HQs free; and a destination with
    room (``reach``: the side's ``rail_reacher``)."""
    return has_rail_capacity(state, unit, capacity) and rail_destination(state, unit, reach) >= 0


def has_rail_capacity(state: MarneState, unit: int, capacity: dict[str, bool]) -> bool:
    """7.2.6, 7.2.7 railroad capacity left for the unit (``capacity`` keeps each nation's
    answer); 7.2.8 HQs use none."""
    c = state.c
    if c.is_hq_of[unit]:
        return True
    nation = c.nation_of[unit]
    if nation not in capacity:
        capacity[nation] = rail_capacity_left(state, unit)
    return capacity[nation]


def rail_destination(state: MarneState, unit: int, reach: RailReach) -> int:
    """A railroad hex with room the unit may go to (7.2.1-7.2.5, ``reach``: the side's
    ``rail_reacher``), -1 if none."""
    start = state.where[unit]
    for h in reach.hexes(start):
        if h != start and has_room_for(state, unit, h):
            return h
    return -1


def has_room_for(state: MarneState, unit: int, hex_index: int) -> bool:
    """``state.has_room(hex_index, [unit])`` for a unit not in the hex: an empty hex, or a
    friendly one within every stacking limit with it, answered at once (8.1)."""
    c = state.c
    sp, floor = c.sp_of[unit], c.stack_floor
    if sp <= floor:
        here = state.side_at[hex_index]
        if here is None or (here == c.side_of[unit] and state.sp_at[hex_index] + sp <= floor):
            return True
    return state.has_room(hex_index, [unit])


def rail_move(state: MarneState, unit: int, to: int, free: bool) -> None:
    counter = state.counter(unit)
    if not (free or counter.is_hq):
        state.rail_used[counter.nation] = state.rail_used.get(counter.nation, 0) + 1  # 7.2.6
    origin = state.where[unit]
    state.put(unit, to)
    state.railed.add(unit)
    state.moved.add(unit)
    state.tell(
        counter.side,
        "7.2",
        f"{state.name(unit)} moves by rail {state.hex_id(origin)} to {state.hex_id(to)}",
        public=f"an enemy unit moves by rail to {state.hex_id(to)}",
    )


# --- 10.2 removing disruption, 12.1 recovery --------------------------------------------


def in_supply(state: MarneState, unit: int) -> bool:
    return unit not in state.oos


def may_rally(state: MarneState, unit: int) -> bool:
    """10.2.1: not in an enemy ZOC, in supply."""
    return unit in state.disrupted and not state.in_enemy_zoc(unit) and in_supply(state, unit)


def may_recover(state: MarneState, unit: int) -> bool:
    """12.1.1-12.1.3: Regroup mode, reduced, not artillery, in supply, not disrupted, not in
    an enemy ZOC, not moved."""
    counter = state.counter(unit)
    return (
        state.unit_mode(unit) == REGROUP
        and state.is_reduced(unit)
        and counter.kind != ARTILLERY
        and in_supply(state, unit)
        and unit not in state.disrupted
        and not state.in_enemy_zoc(unit)
        and may_move(state, unit)
    )


def rallies(state: MarneState, side: str) -> set[int]:
    """``may_rally``: the side's units on the map that may remove disruption now."""
    where, side_of, oos = state.where, state.c.side_of, state.oos
    counts = state.zone_count[OTHER[side]]  # (``in_enemy_zoc``: not 0 in the enemy's ZOC)
    found = set()
    for u in state.disrupted:
        here = where[u]
        if side_of[u] != side or here < 0 or u in oos:
            continue  # ``may_rally`` written out: in supply, then not in an enemy ZOC
        if not counts[here]:
            found.add(u)
    return found


def rebuildable(state: MarneState, side: str) -> list[int]:
    """12.1.5: eliminated units whose corps' HQ qualifies for Recovery and has not tried this
    turn, with room in the HQ's hex (PROVENANCE: an HQ brings back a unit of its own corps)."""
    units = eliminated_units(state, side)
    if not units:
        return []  # (the common case: asked at every offer)
    where, counters, hq_of, mode = state.where, state.c.counters, state.hq_of, state.mode
    rebuilt, oos, moved = state.rebuilt_corps, state.oos, state.moved
    found = []
    for unit in units:
        hq = hq_of[unit]
        # (the HQ's mode first: most offers find no HQ in Regroup mode)
        if where[hq] < 0 or mode[hq_of[hq]] != REGROUP:
            continue  # 12.1.1 Regroup mode (an HQ on the map)
        if counters[unit].corps in rebuilt or hq in oos:
            continue  # (its corps not tried this turn) 12.1.2 in supply (``in_supply``)
        if hq in moved or state.in_enemy_zoc(hq):
            continue
        if state.has_room(where[hq], [unit]):
            found.append(unit)
    return found


def eliminated_units(state: MarneState, side: str) -> tuple[int, ...]:
    """The side's eliminated combat units (12.1.5), in counter order: kept until a unit is
    eliminated or brought back (``eliminations``)."""
    stamp = state.eliminations
    found = state.memo.get(("eliminated", side))  # (``cached``'s test first: at every offer)
    if found is not None and found[0] == stamp:
        return found[1]  # type: ignore[no-any-return]
    return state.cached(("eliminated", side), stamp, _eliminated_units)


def _eliminated_units(state: MarneState, side: str) -> tuple[int, ...]:
    where, counters, eliminated = state.where, state.c.counters, ELIMINATED
    return tuple(
        [u for u in state.c.side_units[side] if where[u] == eliminated and not counters[u].is_hq]
    )


def recover(state: MarneState, unit: int) -> None:
    """12.1.4: a roll of 1-8 restores the lost step; 12.1.3 the unit does not move."""
    roll = state.rng.die(int(state.c.tables["turns"]["die"]))
    state.moved.add(unit)
    side = state.counter(unit).side
    if roll <= int(state.c.tables["recovery"]["step"]):
        state.steps[unit] = state.counter(unit).steps
        state.tell(
            side,
            "12.1.4",
            f"{state.name(unit)} rolls {roll} and recovers its step",
            public=f"an enemy unit in {state.hex_id(state.where[unit])} recovers a step",
        )
    else:
        state.tell(side, "12.1.4", f"{state.name(unit)} rolls {roll}: no recovery")


def rebuild(state: MarneState, unit: int) -> None:
    """12.1.5: a roll of 1-5 returns the unit reduced to its HQ's hex; neither moves."""
    counter = state.counter(unit)
    hq = state.hq_of[unit]
    state.rebuilt_corps.add(counter.corps)
    state.moved.add(hq)
    roll = state.rng.die(int(state.c.tables["turns"]["die"]))
    if roll <= int(state.c.tables["recovery"]["eliminated"]):
        state.put(unit, state.where[hq])
        state.steps[unit] = 1
        state.moved.add(unit)
        state.tell(
            counter.side,
            "12.1.5",
            f"{counter.id} rolls {roll}: returns reduced with {state.counter(hq).id}",
            public=f"an eliminated unit returns to the map in {state.hex_id(state.where[hq])}",
        )
    else:
        state.tell(counter.side, "12.1.5", f"{counter.id} rolls {roll}: does not return")


# --- the phase ------------------------------------------------------------------------


def moved_note(state: MarneState, unit: int, origin: int, to: int) -> None:
    """``tell`` the move: its side reads the unit (``name``), the enemy sees a counter move
    (written out: one per move)."""
    c = state.c
    ids = c.hex_ids  # (``hex_id`` of two hexes on the map; the counter's from its tables)
    face = " reduced" if state.steps[unit] < c.steps_of[unit] else ""
    side = c.side_of[unit]
    state.note("7.1", f"{c.counters[unit].id}{face} moves {ids[origin]} to {ids[to]}", to=side)
    state.reveal()
    state.note("7.1", f"an enemy unit moves to {ids[to]}", to=OTHER[side])


def move_unit(state: MarneState, unit: int, to: int, side: str) -> None:
    """7.1: the unit moves to ``to`` (the move prompt's answer; typed in movement.pxd)."""
    state.moved.add(unit)
    origin = state.where[unit]
    put_unit(state, unit, to)  # (``MarneState.put``)
    moved_note(state, unit, origin, to)
    displace_hqs(state, OTHER[side])  # 9.9


STAY = act("stay")


def move_offer(state: MarneState, unit: int) -> list[Action]:
    """The move prompt's actions: ``to`` each of the ``destination_hexes``, then stay (typed
    in movement.pxd: the components' tables read in C)."""
    offered = destination_actions(state, unit, state.c.hex_actions("to"))
    offered.append(STAY)
    return offered


class Move(Prompt[MarneState]):
    """7.1: the chosen unit goes to a hex it can reach, or stays."""

    name = "move"
    title = "choose the unit's destination (7.1)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> list[Action]:
        return move_offer(state, frame["unit"])

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        unit = frame["unit"]
        state.pop()
        if action.verb == "stay":
            return
        move_unit(state, unit, state.c.hex_index[action.args[0]], side)  # (``grid.index``)

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "to" or not action.args:
            return None
        if action.args[0] not in state.c.board.grid:
            return f"there is no hex {action.args[0]} on the map"
        return (
            f"{action.args[0]} is beyond the unit's {state.allowance(frame['unit'])} MP, "
            "enemy-held, full (8.1), or past an enemy ZOC (7.1, 8.2)"
        )


class RailTo(Prompt[MarneState]):
    """7.2: the chosen unit's railroad destination."""

    name = "rail_to"
    title = "choose the unit's railroad destination (7.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> list[Action]:
        unit, to = frame["unit"], state.c.hex_actions("to")
        offered = [to[h] for h in rail_destinations(state, unit, state.where[unit])]
        offered.append(STAY)
        return offered

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "to":
            rail_move(state, frame["unit"], state.c.board.grid.index(action.args[0]), False)


def end_of_phase_stacking(state: MarneState) -> None:
    """8.1.3: units over-stacked at the end of any phase are disrupted."""
    sp_at, floor = state.sp_at, state.c.stack_floor
    # (a stack within every limit is not looked at further, and only those over are sorted)
    over = []
    for h in state.stacks:
        filled = sp_at[h]  # (a machine integer when compiled)
        if filled > floor and state.is_overstacked(h):
            over.append(h)
    for hex_index in sorted(over):
        units = state.combat_units_in(hex_index)
        fresh = [u for u in units if u not in state.disrupted]
        if fresh:
            state.disrupted.update(units)
            side = state.counter(units[0]).side
            state.tell(
                side,
                "8.1.3",
                f"the over-stacked units in {state.hex_id(hex_index)} are disrupted",
                public=f"the enemy units in {state.hex_id(hex_index)} are "
                "over-stacked and disrupted",
            )


PROMPTS = (Move(), RailTo())
__all__ = ["PROMPTS", "SIDES", "destinations", "end_of_phase_stacking"]

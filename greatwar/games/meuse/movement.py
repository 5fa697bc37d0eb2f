"""Standard 5.x movement and 6.x zones of control, with MA 13.2 brigade breakdown and 14.3.

The movement phase also offers the replacements of MA 11.3 and 11.6 (reinforcements.py).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from fractions import Fraction

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.data import ALLIED, FORTIFICATION
from greatwar.games.meuse.reinforcements import (
    explain_replacement,
    replacement_actions,
    start_arrivals,
    use_replacement,
)
from greatwar.games.meuse.state import BROKEN_DOWN, NO_MOVERS, OTHER, MeuseState, pick

StepCost = Callable[[int, int], float | None]


def entry_cost(state: MeuseState, side: str, here: int, there: int) -> float:
    """Digest 5.2: the highest hex terrain cost, plus a river or Meuse hexside unless bridged;
    MA 14.3: Allied units pay +1 MP to enter a Fortification hex."""
    board = state.c.board
    cfg = state.cfg
    cost = max(float(cfg.move_cost[t]) for t in board.terrain[there])
    water = board.water(here, there)
    if water is not None:
        cost += float(cfg.hexside_cost[water])
    if side == ALLIED and board.works.get(there) == FORTIFICATION:
        cost += float(state.c.tables["movement"]["allied_fortification_extra"])
    return cost


def entry_costs(state: MeuseState, side: str) -> dict[tuple[int, int], float]:
    """``entry_cost`` of every hexside crossing for a side: static, so computed once."""
    table = _ENTRY_COSTS.get(side)
    if table is None:
        grid = state.c.board.grid
        table = {
            (here, there): entry_cost(state, side, here, there)
            for here in grid
            for there in grid.neighbors(here)
        }
        _ENTRY_COSTS[side] = table
    return table


# side -> (hex, neighbour) -> MP; the terrain and its costs are the same in every game.
_ENTRY_COSTS: dict[str, dict[tuple[int, int], float]] = {}


def steps_from(state: MeuseState, side: str) -> Steps:
    """For each hex, ``(neighbour, entry_cost)`` of every step out of it, in the grid's
    neighbour order, the costs in whole units of ``1 / scale`` MP (``scale`` is 1 while every
    cost is a whole MP): ``entry_costs`` laid out for the searches below, which then add
    whole numbers and can take the hexes in order of cost from a list per cost."""
    table = _STEPS.get(side)
    if table is None:
        table = _STEPS[side] = _make_steps(state, side)
    return table


def _make_steps(state: MeuseState, side: str) -> Steps:
    """``steps_from`` worked out (once a process for each side)."""
    costs = entry_costs(state, side)
    scale = 1
    for cost in costs.values():
        scale = math.lcm(scale, Fraction(cost).limit_denominator(1000).denominator)
    grid = state.c.board.grid
    out = tuple(
        tuple((there, round(costs[here, there] * scale)) for there in grid.neighbors(here))
        for here in grid
    )
    first = array("i", [0])
    links = array("i")
    for here in grid:
        for there, step in out[here]:
            links.extend((there, step))
        first.append(len(links))
    # the longest search: the highest movement allowance of any counter, in MP units
    most = max(max(c.full[2], c.depleted[2]) for c in state.c.counters) * scale
    return Steps(scale, out, first, links, grid.size, most)


class Steps:
    """``steps_from``: the MP unit as a fraction ``1 / scale`` and each hex's steps out; the
    same as machine integers for the search, the steps out of ``here`` being the
    ``(there, cost)`` pairs of ``links[first[here]:first[here + 1]]``, flat (every cost one
    unit or more); and the searches' scratch arrays, each search leaving them as it found
    them (``spent`` _UNREACHED everywhere). A class of its own, which the compiled module
    makes an extension type whose arrays it reads without asking for their buffers again."""

    def __init__(
        self,
        scale: int,
        out: tuple[tuple[tuple[int, int], ...], ...],
        first: array[int],
        links: array[int],
        size: int,
        most: int,
    ) -> None:
        self.scale = scale
        self.out = out
        self.first = first
        self.links = links
        self.most = most  # the highest ``limit`` a search is asked (MP units)
        self.spent = array("i", [_UNREACHED] * size)  # MP spent to reach each hex
        self.queue = array("i", [0] * (len(links) + 2))  # (hex, MP or the entry before)
        self.order = array("i", [0] * size)  # ``_sorted_reach``: the hexes reached
        self.heads = array("i", [0] * (most + 1))  # ``_sorted_reach``: per MP, the last entry


_STEPS: dict[str, Steps] = {}


def step_cost(state: MeuseState, unit: int) -> StepCost:
    """MP to cross from one hex into the next for ``unit``, or None where it may not go."""
    side = state.counter(unit).side
    enemy_hexes = state.occupied(OTHER[side])
    enemy_zoc = state.zoc(OTHER[side])
    start = state.where[unit]
    stops = state.cfg.zoc_stops_movement
    zoc_to_zoc = state.cfg.zoc_to_zoc
    costs = entry_costs(state, side)

    def cost(here: int, there: int) -> float | None:
        if there in enemy_hexes:
            return None  # digest 5.1: never into an enemy unit
        if here != start:
            if stops and here in enemy_zoc:
                return None  # digest 6.1: entering an enemy ZOC ends the move
        elif here in enemy_zoc and there in enemy_zoc and not zoc_to_zoc:
            return None  # digest 6.1: no first step from one enemy ZOC hex into another
        return costs[here, there]

    return cost


def reach(state: MeuseState, unit: int) -> dict[int, float]:
    """Every hex the unit can reach within its allowance with the MP spent, its own hex at 0
    (digest 5.1, 5.2, 6.1). It reads only the enemy's units and ZOC, so it is kept while the
    enemy stands still, for each start and allowance: read it, never change it."""
    side = state.c.side_of[unit]
    cfg = state.cfg
    start = state.where[unit]
    allowance = state.values(unit)[2]
    key = ("reach", start, allowance, len(state.breached), cfg.zoc_stops_movement, cfg.zoc_to_zoc)
    found: dict[int, float] | None = state.kept(OTHER[side], key)
    if found is None:
        found = state.keep(OTHER[side], key, _reach(state, side, start, allowance))
    return found


def _reach(state: MeuseState, side: str, start: int, allowance: int) -> dict[int, float]:
    """``reach`` worked out: where no enemy unit nor ZOC lies within the allowance on an empty
    map, nothing stops the unit and the search of the empty map stands (made once a process)."""
    steps = steps_from(state, side)
    mask = enemy_mask(state, side)
    key = (side, start, allowance)
    free = _FREE_REACH.get(key)
    if free is None:
        empty = bytes(len(steps.out))
        found = _search(steps, start, allowance, empty, True, False)
        free = _FREE_REACH[key] = (found, tuple(found))
    if _all_open(mask, free[1]):
        return free[0]
    first_zoc = mask[start] == ENEMY_ZOC and not state.cfg.zoc_to_zoc
    return _search(steps, start, allowance, mask, state.cfg.zoc_stops_movement, first_zoc)


def reached_hexes(state: MeuseState, unit: int) -> tuple[int, ...]:
    """``reach``'s hexes in hex order, the unit's own included, without the MP spent: what the
    move prompt and the movement phase read. Kept like ``reach``, while the enemy stands
    still, for each start and allowance: read it, never change it."""
    side = state.c.side_of[unit]
    return _reached_hexes(state, side, state.where[unit], state.values(unit)[2])


def _reached_hexes(state: MeuseState, side: str, start: int, allowance: int) -> tuple[int, ...]:
    """``reached_hexes`` of a unit of ``side`` in ``start`` with ``allowance`` MP."""
    cfg = state.cfg
    key = ("reached", start, allowance, len(state.breached), cfg.zoc_stops_movement, cfg.zoc_to_zoc)
    found: tuple[int, ...] | None = state.kept(OTHER[side], key)
    if found is None:
        found = state.keep(OTHER[side], key, _reached(state, side, start, allowance))
    return found


def _reached(state: MeuseState, side: str, start: int, allowance: int) -> tuple[int, ...]:
    """``reached_hexes`` worked out: as ``_reach``, the search of the empty map where no enemy
    unit nor ZOC lies within it (made once a process)."""
    steps = steps_from(state, side)
    mask = enemy_mask(state, side)
    key = (side, start, allowance)
    free = _FREE_REACHED.get(key)
    if free is None:
        empty = bytes(len(steps.out))
        free = _FREE_REACHED[key] = _sorted_reach(
            steps, start, allowance * steps.scale, empty, True, False
        )
    if _all_open(mask, free):
        return free
    first_zoc = mask[start] == ENEMY_ZOC and not state.cfg.zoc_to_zoc
    stops = state.cfg.zoc_stops_movement
    return _sorted_reach(steps, start, allowance * steps.scale, mask, stops, first_zoc)


# (side, hex, allowance) -> reached_hexes on a map without enemy units
_FREE_REACHED: dict[tuple[str, int, int], tuple[int, ...]] = {}


def _sorted_reach(
    steps: Steps, start: int, limit: int, mask: bytes, stops: bool, first_zoc: bool
) -> tuple[int, ...]:
    """The hexes ``_cheapest`` reaches, in hex order, without their MP: the same search
    (digest 5.1, 5.2, 6.1), its queue a list of entries per MP spent (every step costs one
    unit or more, so a hex reached is never queued at the MP being taken), its hexes sorted
    as machine integers. ``limit`` is at most ``steps.most``."""
    first = steps.first
    links = steps.links
    spent = steps.spent
    head = steps.heads  # per MP spent: the last entry queued at it, -1 for none
    entry = steps.queue  # per entry: its hex and the entry queued before it at the same MP
    order = steps.order  # the hexes reached, in the order first reached
    for used in range(limit + 1):
        head[used] = -1
    spent[start] = 0
    order[0] = start
    reached = 1
    queued = 0
    k = first[start]
    end = first[start + 1]
    while k < end:
        there = links[k]
        step = links[k + 1]
        k += 2
        block = mask[there]
        if block == ENEMY_UNIT or (first_zoc and block == ENEMY_ZOC):
            continue  # digest 5.1, 6.1: never into an enemy; no first step from ZOC into ZOC
        if step <= limit and step < spent[there]:
            if spent[there] == _UNREACHED:
                order[reached] = there
                reached += 1
            spent[there] = step
            entry[queued] = there
            entry[queued + 1] = head[step]
            head[step] = queued
            queued += 2
    for used in range(1, limit + 1):
        e = head[used]
        while e >= 0:
            here = entry[e]
            e = entry[e + 1]
            if spent[here] != used or (stops and mask[here] == ENEMY_ZOC):
                continue  # reached more cheaply; 6.1 entering a ZOC ends the move
            k = first[here]
            end = first[here + 1]
            while k < end:
                there = links[k]
                total = used + links[k + 1]
                k += 2
                if total <= limit and mask[there] != ENEMY_UNIT:
                    known = spent[there]
                    if total < known:
                        if known == _UNREACHED:
                            order[reached] = there
                            reached += 1
                        spent[there] = total
                        entry[queued] = there
                        entry[queued + 1] = head[total]
                        head[total] = queued
                        queued += 2
    for i in range(reached):  # (left as found for the next search)
        spent[order[i]] = _UNREACHED
    for i in range(1, reached):  # insertion sort: a few dozen hexes
        h = order[i]
        j = i - 1
        while j >= 0 and order[j] > h:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = h
    found = []
    for i in range(reached):
        found.append(order[i])
    return tuple(found)


def _all_open(mask: bytes, hexes: tuple[int, ...]) -> bool:
    """Whether no enemy unit nor enemy ZOC lies in any of the hexes (a loop over typed hexes,
    which a compiled ``all(...)`` generator would not be)."""
    for h in hexes:  # noqa: SIM110
        if mask[h] != OPEN:
            return False
    return True


# (side, hex, allowance) -> reach on a map without enemy units, and its hexes (the map is the
# same in every game)
_FREE_REACH: dict[tuple[str, int, int], tuple[dict[int, float], tuple[int, ...]]] = {}

# ``enemy_mask`` per hex: what an enemy unit or its ZOC does to a move there (digest 5.1, 6.1)
OPEN = 0
ENEMY_ZOC = 1  # in the ZOC of an enemy unit, and holding none
ENEMY_UNIT = 2


def enemy_mask(state: MeuseState, side: str) -> bytes:
    """For each hex, ENEMY_UNIT, ENEMY_ZOC or OPEN to ``side``'s movement: the enemy's units
    and ZOC as one byte a hex for the searches, kept while the enemy stands still."""
    other = OTHER[side]
    key = ("enemy_mask", len(state.breached))
    found: bytes | None = state.kept(other, key)
    if found is None:
        mask = bytearray(state.c.board.grid.size)
        for h in state.zoc(other):
            mask[h] = ENEMY_ZOC
        for h in state.hexes_of(other):
            mask[h] = ENEMY_UNIT
        found = state.keep(other, key, bytes(mask))
    return found


def _search(
    steps: Steps, start: int, allowance: int, mask: bytes, stops: bool, first_zoc: bool
) -> dict[int, float]:
    """``reach`` past the enemy units and ZOC of ``mask``: ``greatwar.hexes.reachable`` with
    ``step_cost``, written out over the precomputed steps. ``stops``: entering an enemy ZOC
    ends the move (digest 6.1); ``first_zoc``: the unit starts in an enemy ZOC and may not
    step from it into another ZOC hex. The hexes come in the order first reached."""
    return _cheapest(
        steps.first,
        steps.links,
        steps.scale,
        start,
        allowance * steps.scale,
        mask,
        stops,
        first_zoc,
        steps.spent,
        steps.queue,
    )


def _cheapest(
    first: array[int],
    links: array[int],
    scale: int,
    start: int,
    limit: int,
    mask: bytes,
    stops: bool,
    first_zoc: bool,
    spent: array[int],
    queue: array[int],
) -> dict[int, float]:
    """``_search`` over machine integers (MP in units of ``1 / scale``, ``limit`` of them at
    most), taking the hexes in order of MP spent and, at equal MP, in the order queued.
    ``spent`` (MP spent to reach each hex) is _UNREACHED everywhere before and after; the
    queue holds ``(hex, MP)`` pairs, flat, a hex queued again each time it is reached more
    cheaply."""
    spent[start] = 0
    order = [start]
    queued = 0
    k = first[start]
    while k < first[start + 1]:
        there = links[k]
        step = links[k + 1]
        k += 2
        block = mask[there]
        if block == ENEMY_UNIT or (first_zoc and block == ENEMY_ZOC):
            continue  # digest 5.1, 6.1: never into an enemy; no first step from ZOC into ZOC
        if step <= limit:
            order.append(there)
            spent[there] = step
            queue[queued] = there
            queue[queued + 1] = step
            queued += 2
    for used in range(limit + 1):
        i = 0
        while i < queued:
            here = queue[i]
            if queue[i + 1] != used or spent[here] != used or (stops and mask[here] == ENEMY_ZOC):
                i += 2
                continue  # another MP; reached more cheaply; 6.1 entering a ZOC ends the move
            k = first[here]
            while k < first[here + 1]:
                there = links[k]
                total = used + links[k + 1]
                k += 2
                if total <= limit and mask[there] != ENEMY_UNIT:
                    known = spent[there]
                    if total < known:
                        if known == _UNREACHED:
                            order.append(there)
                        spent[there] = total
                        queue[queued] = there
                        queue[queued + 1] = total
                        queued += 2
            i += 2
    found = {}
    for h in order:
        known = spent[h]
        spent[h] = _UNREACHED  # (left as found for the next search)
        found[h] = known / scale
    return found


_UNREACHED = 1 << 30  # (``Steps.spent``) more than any allowance


def destinations(state: MeuseState, unit: int) -> dict[int, float]:
    """Hexes the unit may end its move in, with the MP spent (digest 5.1-5.3, 6.1)."""
    start = state.where[unit]
    spent = dict(reach(state, unit))  # (a copy of a dict is made at C speed)
    del spent[start]
    neighbors = state.c.neighbors[start]
    if state.cfg.minimum_move and [h for h in neighbors if h not in spent]:
        cost = step_cost(state, unit)
        for there in neighbors:
            step = cost(start, there)
            if step is not None and there not in spent:
                spent[there] = step  # digest 5.1: an unmoved unit may always move one hex
    if state.cfg.stacking_limit < 1:  # (a table allowing no unit at all: check every hex)
        return {h: mp for h, mp in spent.items() if state.room(h, [unit])}
    stacks = state.stacks
    occupied = [h for h in spent if h in stacks]  # an empty hex always has room for one unit
    if is_alone(state, unit):
        for h in occupied:
            del spent[h]  # digest 5.3, MA 13.2
        return spent
    for h in occupied:
        if not state.room(h, [unit]):
            del spent[h]
    return spent


def destination_hexes(state: MeuseState, unit: int) -> list[int]:
    """``destinations``' hexes in order, what the move prompt offers: read from the kept
    search, in hex order, without a copy of its dict nor deletions from it."""
    start = state.where[unit]
    cfg = state.cfg
    if cfg.stacking_limit < 1:
        return sorted(destinations(state, unit))
    side = state.c.side_of[unit]
    allowance = state.values(unit)[2]
    order = _reached_hexes(state, side, start, allowance)
    if cfg.minimum_move:
        table = steps_from(state, side)
        links = table.links
        limit = allowance * table.scale
        for k in range(table.first[start], table.first[start + 1], 2):
            # a neighbour the unit may enter is reached unless its step is beyond the
            # allowance (and then, perhaps, by another way round)
            if links[k + 1] <= limit:
                continue
            there = links[k]
            mask = enemy_mask(state, side)
            block = mask[there]
            first_zoc = not cfg.zoc_to_zoc and mask[start] == ENEMY_ZOC
            if block == ENEMY_UNIT or (first_zoc and block == ENEMY_ZOC):
                continue
            if there not in order:
                # digest 5.1: a one-hex move beyond the allowance (rare): worked out whole
                return sorted(destinations(state, unit))
    stacks = state.stacks
    if cfg.stacking_limit == 1 and not state.c.is_brigade[unit]:  # as is_alone: digest 5.3,
        # MA 13.2 only an empty hex has room
        return [h for h in order if h not in stacks]  # (its own hex is held)
    return [h for h in order if h != start and (h not in stacks or state.room(h, [unit]))]


def is_alone(state: MeuseState, unit: int) -> bool:
    """Whether the unit has room in an empty hex only, as ``room`` would find without looking
    (digest 5.3 one unit per hex; MA 13.2 only brigades share one)."""
    return state.cfg.stacking_limit == 1 and not state.c.is_brigade[unit]


def can_move(state: MeuseState, unit: int) -> bool:
    """Whether the unit has a destination: a free neighbour it may step into, or failing that
    a full search (it may pass through friendly units)."""
    return bool(movers(state, [unit]))


def movers(state: MeuseState, units: list[int]) -> list[int]:
    """The units (all of one side) that ``can_move``: for each, a free neighbour it may step
    into (digest 5.1, 6.1, as ``step_cost``), or failing that a full search."""
    return _movers(state, units, [])


def _movers(state: MeuseState, units: list[int], far: list[int]) -> list[int]:
    """``movers``, adding to ``far`` the units no neighbour decided for (those whose answer
    depends on hexes further out: see ``unmoved_movers``)."""
    if not units:
        return []
    side = state.c.side_of[units[0]]
    mask = enemy_mask(state, side)
    cfg = state.cfg
    zoc_to_zoc = cfg.zoc_to_zoc
    any_cost = cfg.minimum_move
    empty_has_room = cfg.stacking_limit >= 1
    only_one = cfg.stacking_limit == 1  # digest 5.3, MA 13.2: one unit a hex but brigades
    is_brigade = state.c.is_brigade
    stacks = state.stacks
    table = steps_from(state, side)
    scale = table.scale
    first = table.first
    links = table.links
    where = state.where
    found = []
    for unit in units:
        start = where[unit]
        first_zoc = not zoc_to_zoc and mask[start] == ENEMY_ZOC
        # (with a minimum move of one hex the allowance does not matter here)
        allowance = 0 if any_cost else state.values(unit)[2] * scale
        alone = only_one and not is_brigade[unit]  # as is_alone has it
        for k in range(first[start], first[start + 1], 2):
            there = links[k]
            step = links[k + 1]
            block = mask[there]
            if block == ENEMY_UNIT or (first_zoc and block == ENEMY_ZOC):
                continue
            if not any_cost and step > allowance:
                continue
            if (alone or empty_has_room) and there not in stacks:
                found.append(unit)  # digest 5.3: an empty hex has room for one unit
                break
            if not alone and state.room(there, [unit]):
                found.append(unit)
                break
        else:
            far.append(unit)
            if _room_in_reach(state, unit):
                found.append(unit)
    return found


def unmoved_movers(state: MeuseState, frame: Frame, side: str) -> list[int]:
    """``movers`` of ``movable`` at the movement phase's prompt ``frame``, kept in the state
    with the frame and the count of units moved, and brought up to date by each move
    (``after_move``); a clone, whose frames are copies, works them out afresh. Read the list,
    never change it."""
    memo = state.mover_memo
    if memo[0] is frame and memo[1] == len(state.moved):
        return memo[2]
    units = movable(state, side)
    far: list[int] = []
    found = _movers(state, units, far)
    status = bytearray(len(state.where))
    for u in units:
        status[u] = CANNOT
    for u in found:
        status[u] = CAN
    state.mover_memo = (frame, len(state.moved), found, far, bytes(status))
    return found


# ``unmoved_movers``' status of each unit: moved, off the map or the other side's; yet to
# move and unable to; yet to move and able to
GONE = 0
CANNOT = 1
CAN = 2


def after_move(state: MeuseState, phase: Frame, unit: int, origin: int) -> None:
    """Bring ``unmoved_movers`` at the movement phase's prompt ``phase`` up to date after
    ``unit`` moved from ``origin`` (or stayed). Within the phase the enemy stands still, so a
    unit's answer reads only the stacks in its neighbours, or, where none of them decided it
    (``far``), in the hexes it reaches (digest 5.1, 5.3, 6.1): so only the far units and those
    next to either end of the move are tested again. Any other action of the phase forgets
    the memo (``MovementPhase.apply``)."""
    memo = state.mover_memo
    moved = len(state.moved)
    if memo[0] is not phase or memo[1] != moved - 1:
        return  # (not kept for this prompt: the next offer works it out)
    status = bytearray(memo[4])
    status[unit] = GONE
    far = memo[3]
    dest = state.where[unit]
    if dest != origin:  # (where it stayed, the others' answers stand)
        retest = []
        for u in far:
            if status[u] != GONE:
                status[u] = TESTING
                retest.append(u)
        neighbors = state.c.neighbors
        stacks = state.stacks
        for end in (origin, dest):
            for h in neighbors[end]:
                stack = stacks.get(h)
                if stack is not None:
                    for u in stack:
                        if status[u] == CAN or status[u] == CANNOT:
                            status[u] = TESTING
                            retest.append(u)
        far = []
        for u in retest:
            status[u] = CANNOT
        for u in _movers(state, retest, far):
            status[u] = CAN
        before = memo[4]
        for u in retest:
            if status[u] != before[u]:
                side_units = state.c.side_units[phase["side"]]
                found = [u for u in side_units if status[u] == CAN]
                state.mover_memo = (phase, moved, found, far, bytes(status))
                return
    found = []  # (no other answer changed: the list less the unit moved)
    for u in memo[2]:
        if u != unit:
            found.append(u)
    state.mover_memo = (phase, moved, found, far, bytes(status))


TESTING = 3  # (``after_move``: queued to be tested again)


def _room_in_reach(state: MeuseState, unit: int) -> bool:
    """Whether ``destinations`` holds a hex, where no neighbour of the unit has room: one
    further out that it reaches and that has room (digest 5.1, 5.3)."""
    start = state.where[unit]
    stacks = state.stacks
    empty_has_room = state.cfg.stacking_limit >= 1
    alone = is_alone(state, unit)  # (then no held hex has room: room() is not asked)
    for h in reached_hexes(state, unit):
        if h == start:
            continue
        if h not in stacks:
            if empty_has_room:
                return True
        elif alone:
            continue
        if state.room(h, [unit]):
            return True
    return False


def movable(state: MeuseState, side: str) -> list[int]:
    """Digest 5.1: the side's units on the map that have not moved this phase."""
    where = state.where
    moved = state.moved
    found = []
    for u in state.c.side_units[side]:
        if where[u] >= 0 and u not in moved:
            found.append(u)
    return found


def can_break_down(state: MeuseState, unit: int) -> bool:
    """13.2: a US three-step division, at the beginning of a US movement phase (13.3: German
    units never break down)."""
    counter = state.counter(unit)
    return counter.is_three_step and state.where[unit] >= 0 and not state.moved


def break_down(state: MeuseState, unit: int) -> None:
    """13.2: the division leaves play; two or three brigade chits (as many as are free) take
    its place in the same hex."""
    hex_index = state.where[unit]
    wanted = 3 if state.steps[unit] >= 2 else 2
    free = state.free_brigades()[:wanted]
    state.remove(unit, BROKEN_DOWN)
    state.note("13.2", f"{state.counter(unit).name} breaks down into {len(free)} brigade(s)")
    if len(free) < wanted:
        state.note("13.2", f"only {len(free)} brigade chit(s) are free; the rest are lost")
    for brigade in free:
        state.put(brigade, hex_index)


def start_movement(state: MeuseState, side: str) -> None:
    """Digest 4.1 B1: the movement phase; MA 11.4, 11.7 reinforcements arrive first."""
    if side == ALLIED:
        state.replacement = ""  # 11.3: one replacement each Allied movement phase
    else:
        state.aircraft = []  # 17.3: the aircraft go back to the Air box after the Allied turn
    state.push("movement", side=side)
    start_arrivals(state, side)


class MovementPhase(Prompt[MeuseState]):
    """Digest 5.1: move units one at a time; MA 13.2 breakdown first; MA 11.3/11.6 replacements."""

    name = "movement"
    title = "move a unit, use a replacement, or end the phase (5.1)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        actions = []
        if not state.moved:  # 13.2: at the beginning of the phase only
            breakdown = state.unit_actions("breakdown")
            units = movable(state, side)
            actions = [breakdown[u] for u in units if can_break_down(state, u)]
        actions += replacement_actions(state, side)
        moves = state.unit_actions("move")
        actions += pick(moves, unmoved_movers(state, frame, side))
        actions.append(act("end"))
        return actions

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        if action.verb != "move":
            state.mover_memo = NO_MOVERS  # (a move keeps it: after_move)
        if action.verb == "end":
            state.pop()
        elif action.verb == "breakdown":
            break_down(state, state.c.counter(action.args[0]).index)
        elif action.verb == "move":
            state.push("move", side=side, unit=state.c.counter(action.args[0]).index)
        else:
            use_replacement(state, side, action)

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb in ("return", "rebuild"):
            return explain_replacement(state, side, action)
        if action.verb not in ("move", "breakdown") or not action.args:
            return None
        counter = state.c.by_id.get(action.args[0])
        if counter is None:
            return f"there is no unit {action.args[0]}"
        if counter.side != side or state.where[counter.index] < 0:
            return f"{counter.id} is not one of your units on the map"
        if action.verb == "breakdown":
            if not counter.is_three_step:
                return "only the US 4th, 32nd, 33rd and 79th divisions break down (13.2)"
            return "a division breaks down only at the beginning of the movement phase (13.2)"
        if counter.index in state.moved:
            return f"{counter.id} has already moved this phase (5.1)"
        return f"{counter.id} has no hex it may move to (5.1-5.3, 6.1)"


class Move(Prompt[MeuseState]):
    """Digest 5.1: the chosen unit goes to a hex it can reach, or stays."""

    name = "move"
    title = "choose the unit's destination (5.1)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        to = state.hex_actions("to")
        actions = pick(to, destination_hexes(state, frame["unit"]))
        actions.append(act("stay"))
        return actions

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        unit = frame["unit"]
        state.pop()
        state.moved.add(unit)
        origin = state.where[unit]
        if action.verb != "stay":
            state.note(
                "5.1", f"{state.label(unit)} moves {state.hex_id(origin)} to {action.args[0]}"
            )
            state.put(unit, state.c.board.grid.index(action.args[0]))
        if state.stack:
            after_move(state, state.stack[-1], unit, origin)

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "to" or not action.args:
            return None
        grid = state.c.board.grid
        if action.args[0] not in grid:
            return f"there is no hex {action.args[0]} on the map"
        target = grid.index(action.args[0])
        unit = frame["unit"]
        if state.side_in(target) == OTHER[state.counter(unit).side]:
            return f"{action.args[0]} holds an enemy unit (5.1)"
        if not state.room(target, [unit]):
            return f"{action.args[0]} is full: one unit per hex, or up to three brigades (5.3)"
        return (
            f"{action.args[0]} is beyond the unit's {state.values(unit)[2]} MP by a legal path "
            "(5.1, 5.2; 6.1 a unit stops on entering an enemy ZOC and may not go ZOC to ZOC)"
        )

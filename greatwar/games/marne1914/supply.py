# cython: boundscheck=False, wraparound=False
# (Cython reads the line above when it compiles this module; Python and the type checker take it
# for a comment.) Every index the compiled module takes as a machine integer is within its
# table and never negative, so the checks are left out: ``trace``'s hexes are map hexes (the
# HQ's own, on the map when traced, ``toward`` and ``until`` map hexes, and the neighbours of
# ``flat_costs_into``, read only after the test for -1), its costs at most ``limit``, below
# ``_HEADS``' length (``_grow_heads``), its entries below ``_QUEUE``'s (a hex is filed at most
# once from each of its neighbours, and once as the start), its hexes found at most the map's
# size; the other typed loops read map hexes of the position's sets and of the board.
"""11. Supply: combat units trace up to 8 MP to their HQ, HQs to a road or railroad that runs
off a friendly map edge; determined only in the Supply Determination Phase (11.1.1)."""

from __future__ import annotations

from array import array

from greatwar.games.marne1914.data import GERMAN, OTHER, SIDES
from greatwar.games.marne1914.state import HELD, IN_ZOC, MarneState, move_flags
from greatwar.hexes import connected, steps_per_mp


def blocked(state: MarneState, side: str) -> frozenset[int]:
    """11.1.4: enemy-held hexes, and enemy ZOC hexes not occupied by friendly units."""
    # (the garrison, 13.1.1, counts in the Allies' version)
    return state.cached(("blocked", side), both_versions(state), _blocked)


def _blocked(state: MarneState, side: str) -> frozenset[int]:
    side_at = state.side_at
    stop = set()
    for h in state.zoc(OTHER[side]):
        if side_at[h] != side:
            stop.add(h)
    stop.update(state.held_by(OTHER[side]))
    if side == GERMAN:
        stop.update(state.garrisoned())
    return frozenset(stop)


def both_versions(state: MarneState) -> tuple[int, int]:
    """The stamp of what depends on both sides' stacks."""
    return state.versions[SIDES[0]], state.versions[SIDES[1]]


def hex_cost(state: MarneState, a: int, b: int) -> float:
    """11.1.5: normal movement costs, road and railroad hexes 1/2 MP for every unit."""
    board = state.c.board
    if b in board.road_hexes or b in board.rail_hexes:
        return float(state.c.tables["supply"]["road_hex"])
    table = state.c.tables["movement"]
    cost = float(table[board.terrain[b]])
    if board.is_river(a, b):
        cost += float(table["river"])
    return cost


# (the supply length, for each hex ((neighbour, cost from the neighbour into the hex), ...)),
# counted in the largest fraction of an MP that measures every cost: the same in every game.
_INTO: list[tuple[int, tuple[tuple[tuple[int, int], ...], ...]]] = []


def costs_into(state: MarneState) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """11.1.5: the supply length, and for each hex its neighbours with the cost of moving
    from them into it, in whole steps of a fraction of an MP (halves on the printed map), so
    the search below can file hexes by cost instead of sorting them."""
    if not _INTO:
        grid = state.c.board.grid
        into = [
            [(there, hex_cost(state, there, here)) for there in grid.neighbors(here)]
            for here in grid
        ]
        length = float(state.c.tables["supply"]["length"])
        scale = steps_per_mp({length} | {cost for steps in into for _, cost in steps})
        table = tuple(tuple((there, round(c * scale)) for there, c in steps) for steps in into)
        _INTO.append((round(length * scale), table))
        _CHEAPEST_STEP.append(min(c for steps in table for _, c in steps))
    return _INTO[0]


_CHEAPEST_STEP: list[int] = []  # the cheapest of ``costs_into``


def flat_costs_into(state: MarneState) -> tuple[int, array[int], array[int]]:
    """``costs_into`` laid out flat for the search's machine loops: the supply length, then
    for hex h at 6h..6h+5 its neighbours (-1 after the last) and the costs from them."""
    if not _FLAT:
        limit, table = costs_into(state)
        hexes, costs = array("l"), array("l")
        for steps in table:
            for there, cost in steps:
                hexes.append(there)
                costs.append(cost)
            for _ in range(SIDES_OF_A_HEX - len(steps)):
                hexes.append(-1)
                costs.append(0)
        _FLAT.append((limit, hexes, costs))
        global _HEXES, _COSTS
        _HEXES, _COSTS = hexes, costs
    return _FLAT[0]


SIDES_OF_A_HEX = 6


def cube_columns(state: MarneState) -> tuple[array[int], array[int]]:
    """The cube coordinates x and z of every hex (``HexGrid.cube``), by index."""
    if not _CUBES:
        grid = state.c.board.grid
        _CUBES.append(
            (
                array("l", [grid.cube(h)[0] for h in grid]),
                array("l", [grid.cube(h)[2] for h in grid]),
            )
        )
        global _XS, _ZS
        _XS, _ZS = _CUBES[0]
    return _CUBES[0]


_CUBES: list[tuple[array[int], array[int]]] = []  # the same in every game
_FLAT: list[tuple[int, array[int], array[int]]] = []  # the same in every game
# their tables once made, for ``trace`` (typed views when compiled: no view made per search)
_HEXES: array[int] = array("l")
_COSTS: array[int] = array("l")
_XS: array[int] = array("l")
_ZS: array[int] = array("l")


def cheapest_hex(state: MarneState) -> float:
    """11.1.5: no hex costs less than the cheapest of road and terrain."""
    if not _CHEAPEST:
        table = state.c.tables["movement"]
        _CHEAPEST.append(
            min(
                float(state.c.tables["supply"]["road_hex"]),
                *(float(table[t]) for t in set(state.c.board.terrain)),
            )
        )
    return _CHEAPEST[0]


_CHEAPEST: list[float] = []  # the same in every game


def reach_radius(state: MarneState) -> int:
    """The farthest (in hexes) a unit can be from an HQ within the 11.1.5 supply length."""
    if not _RADIUS:
        length = float(state.c.tables["supply"]["length"])
        _RADIUS.append(int(length / cheapest_hex(state) + 1e-9))
    return _RADIUS[0]


_RADIUS: list[int] = []  # the same in every game


def reached(
    state: MarneState, hq: int, toward: int | None = None, until: set[int] | None = None
) -> list[int]:
    """11.1.2, 11.1.5: hexes whose combat units are within 8 MP of the HQ, counting the HQ's
    hex but not the unit's; the path's other hexes must be clear (11.1.4). In the order the
    search finds them, the HQ's own first; none when the HQ is off the map. With ``toward``,
    only the way to that hex is searched (it is found if reached); with ``until``, the search
    ends as soon as every hex of it is found (all are then): ``trace``."""
    if state.where[hq] < 0:
        return []
    return _found(trace(state, hq, toward, until, None)[0])


def reaches(state: MarneState, hq: int, hex_index: int) -> bool:
    """``hex_index in reached(state, hq, toward=hex_index)``: the search ends as soon as it
    finds the hex."""
    if state.where[hq] < 0:
        return False
    count = trace(state, hq, hex_index, {hex_index}, None)[0]
    found = _BEST[hex_index] != _UNSEEN
    _clear(count)
    return found


def hq_supply(
    state: MarneState, hq: int, sources: bytearray, units_at: set[int]
) -> set[int] | None:
    """11.1.3, 11.1.6: None when the HQ on the map traces to no supply source (``sources``:
    1 at a source hex), else the hexes of ``units_at`` it reaches (11.1.2): ``reached`` and
    the sources looked for in one search, which ends once it has met a source and every hex
    of ``units_at``."""
    count, met = trace(state, hq, None, units_at, sources)
    best = _BEST
    found = None
    if met:
        found = {h for h in units_at if best[h] != _UNSEEN}
    _clear(count)
    return found


def trace(
    state: MarneState,
    hq: int,
    toward: int | None,
    until: set[int] | None,
    sources: bytearray | None,
) -> tuple[int, bool]:
    """``reached`` of the HQ on the map (with ``toward`` and ``until`` as there): how many
    hexes, laid in the scratch tables ``_ORDER`` (in the order found) and ``_BEST`` (by hex,
    not ``_UNSEEN`` once found), which the caller reads and gives back with ``_clear``; and
    whether it met a hex marked in ``sources`` (then, with ``sources``, ``until`` ends the
    search only once one is met too). Written out over the precomputed ``flat_costs_into``
    and the side's ``move_flags`` (typed in supply.pxd): ``blocked`` is the enemy-held hexes
    and the enemy ZOC hexes without friendly units, read from the flags kept until the
    enemy's stacks change."""
    start = state.where[hq]
    side = state.c.counters[hq].side
    flags, side_at, held, in_zoc = move_flags(state, side), state.side_at, HELD, IN_ZOC
    limit = flat_costs_into(state)[0]
    if len(_XS) == 0:
        cube_columns(state)
    hexes, costs = _HEXES, _COSTS  # ``flat_costs_into``'s tables
    # no step costs less than ``cheapest``: a hex farther than that from ``toward`` can not
    # lead there (the distance of ``HexGrid.distance``, from the cube coordinates)
    cheapest = _CHEAPEST_STEP[0]
    xs, zs = _XS, _ZS  # ``cube_columns``
    aiming = toward is not None
    aim_x = aim_z = 0
    if toward is not None:
        aim_x, aim_z = xs[toward], zs[toward]
    size = len(flags)
    if len(_BEST) < size:
        _grow(size)
    best, order, queue, wanted = _BEST, _ORDER, _QUEUE, _WANTED
    # the queue: hexes filed by the cost so far, a list per cost, first in first out (each
    # entry the hex, then the next entry of its cost); a hex is filed again when reached
    # more cheaply
    if len(_HEADS) <= limit:
        _grow_heads(limit + 1)
    # by cost: the first entry, -1 if none, and the last entry (read only once a first is)
    first, last = _HEADS, _TAILS
    for used in range(1, limit + 1):
        first[used] = -1
    best[start] = 0
    order[0] = start
    count = 1
    remaining = -1  # the hexes of ``until`` not found yet (-1: no ``until``)
    targets: set[int] = set() if until is None else until
    marking = sources is not None
    marks = sources if sources is not None else wanted  # (read only when ``marking``)
    met = marking and marks[start] != 0
    if until is not None:
        remaining = len(until) - (1 if start in until else 0)
        if remaining == 0 and (met or not marking):
            return count, met
        for h in until:
            wanted[h] = 1
    first[0] = last[0] = 0
    queue[0] = start
    queue[1] = -1
    filed = 2
    for used in range(limit + 1):
        entry = first[used]
        while entry >= 0:
            here = queue[entry]
            entry = queue[entry + 1]
            if used > best[here]:
                continue  # filed again at a lower cost
            if aiming:
                dx, dz = xs[here] - aim_x, zs[here] - aim_z
                if used + cheapest * max(abs(dx), abs(dz), abs(dx + dz)) > limit:
                    continue
            for k in range(SIDES_OF_A_HEX * here, SIDES_OF_A_HEX * here + SIDES_OF_A_HEX):
                there = hexes[k]
                if there < 0:
                    break  # (a hex on the map's edge)
                total = used + costs[k]  # the unit moves from there into here
                if total > limit:
                    continue
                if best[there] == _UNSEEN:
                    # the unit's own hex may be in an enemy ZOC (not counted)
                    best[there] = _SEEN
                    order[count] = there
                    count += 1
                    if marking and not met and marks[there]:
                        met = True
                        if remaining == 0:
                            _unwant(targets)
                            return count, met
                    if remaining > 0 and wanted[there]:
                        remaining -= 1
                        if remaining == 0 and (met or not marking):
                            _unwant(targets)
                            return count, met
                mark = flags[there]
                if mark & held:
                    continue  # 11.1.4 ``blocked``: enemy-held
                if mark & in_zoc and (side_at[there] is None or side_at[there] != side):
                    continue  # 11.1.4 ``blocked``: an enemy ZOC without friendly units
                if total >= best[there]:
                    continue
                best[there] = total
                queue[filed] = there
                queue[filed + 1] = -1
                if first[total] < 0:
                    first[total] = filed
                else:
                    queue[last[total] + 1] = filed
                last[total] = filed
                filed += 2
    _unwant(targets)
    return count, met


def _found(count: int) -> list[int]:
    """``reached``'s hexes, the first ``count`` of ``_ORDER``; its scratch tables given back."""
    order, best = _ORDER, _BEST
    found = []
    for i in range(count):
        h = order[i]
        found.append(h)
        best[h] = _UNSEEN
    return found


def _clear(count: int) -> None:
    """Give back ``trace``'s scratch tables: every hex unseen again."""
    order, best = _ORDER, _BEST
    for i in range(count):
        best[order[i]] = _UNSEEN


def _unwant(until: set[int]) -> None:
    wanted = _WANTED
    for h in until:
        wanted[h] = 0


def _grow(size: int) -> None:
    """Scratch tables for a map of ``size`` hexes (a hex is filed at most once from each of
    its neighbours, and once as the start)."""
    global _BEST, _ORDER, _QUEUE, _WANTED
    _BEST = array("l", [_UNSEEN]) * size
    _ORDER = array("l", [0]) * size
    _QUEUE = array("l", [0]) * (2 * (SIDES_OF_A_HEX * size + 1))
    _WANTED = bytearray(size)


def _grow_heads(counts: int) -> None:
    """``trace``'s tables by cost, for supply lengths of up to ``counts`` costs."""
    global _HEADS, _TAILS
    _HEADS = array("l", [-1]) * counts
    _TAILS = array("l", [-1]) * counts


# ``reached``'s scratch tables, shared by every game (searches never run inside one another):
# by hex the least cost found (_SEEN when found but not entered: blocked or no cheaper),
# _UNSEEN if not found; the hexes found in order; the queue; the hexes of ``until``
_UNSEEN = 1 << 30  # more than any supply length
_SEEN = _UNSEEN - 1
_BEST: array[int] = array("l")
_ORDER: array[int] = array("l")
_QUEUE: array[int] = array("l")
_WANTED = bytearray()
_HEADS: array[int] = array("l")  # by cost: the queue's first entry, -1 if none
_TAILS: array[int] = array("l")  # by cost: the queue's last entry


def reached_of(state: MarneState, hq: int, hexes: set[int]) -> set[int]:
    """Those of ``hexes`` the HQ ``reached``."""
    if not hexes:
        return set()
    return hexes.intersection(reached(state, hq))


def edge_names(state: MarneState, hq: int) -> tuple[str, ...]:
    """11.1.7 friendly map edges; 15.4.1 British HQs trace only off the west edge."""
    counter = state.counter(hq)
    if counter.side == GERMAN:
        return ("north",)
    if state.option("bef") and counter.nation == "british":
        return ("west",)
    return ("west", "south", "east")


def supply_sources(state: MarneState, side: str, edges: tuple[str, ...]) -> set[int]:
    """11.1.6: road and railroad hexes joined to a friendly map edge by road or railroad that
    passes no enemy unit or ZOC."""
    board = state.c.board
    stop = blocked(state, side)
    start = {h for h in board.edge(edges) if (h in board.road_hexes or h in board.rail_hexes)}
    return connected(start, board.line_links, stop)


def source_marks(state: MarneState, side: str, edges: tuple[str, ...]) -> bytearray:
    """``supply_sources`` as marks by hex (1 at a source), walked over machine integers
    (typed in supply.pxd): ``greatwar.hexes.connected`` written out. ``blocked`` is read as
    ``trace`` reads it, from the side's ``move_flags`` (kept until the enemy's stacks change)
    and the hexes' sides: the enemy-held hexes and the enemy ZOC hexes without friendly units
    (11.1.4), not a set made again whenever either side's stacks change."""
    board = state.c.board
    size = board.grid.size
    flags, side_at, held, in_zoc = move_flags(state, side), state.side_at, HELD, IN_ZOC
    marks = bytearray(size)
    frontier = []
    road_hexes, rail_hexes = board.road_hexes, board.rail_hexes
    for h in board.edge(edges):
        if (h in road_hexes or h in rail_hexes) and not marks[h]:
            if flags[h] & held or (flags[h] & in_zoc and side_at[h] != side):
                continue  # ``blocked``
            marks[h] = 1
            frontier.append(h)
    links = board.line_links
    while frontier:
        here = frontier.pop()
        row = links[here]
        for there in row:
            if marks[there]:
                continue
            if flags[there] & held or (flags[there] & in_zoc and side_at[there] != side):
                continue  # ``blocked``
            marks[there] = 1
            frontier.append(there)
    return marks


def hq_in_supply(state: MarneState, hq: int, sources: set[int]) -> bool:
    """11.1.3, 11.1.6: the HQ traces up to 8 MP to a supply source; 9.9 cut off for good."""
    if hq in state.cut_off:
        return False
    return not sources.isdisjoint(reached(state, hq))


def determine_supply(state: MarneState) -> None:
    """11.1, 11.2.1: mark every unit out of supply or back in supply (11.2.4)."""
    for side in SIDES:
        marks_by_edges: dict[tuple[str, ...], bytearray] = {}  # 1 at each supply source
        supplied_hq: dict[int, set[int]] = {}
        # the hexes of each HQ's combat units on the map, whose supply it traces
        wanted: dict[int, set[int]] = {}
        is_hq, where, hq_of, oos = state.c.is_hq_of, state.where, state.hq_of, state.oos
        units = state.held_units(side)  # (``units_on_map``, read only)
        for unit in units:
            if not is_hq[unit]:
                hexes = wanted.get(hq_of[unit])  # (no set made for an HQ that has one)
                if hexes is None:
                    hexes = wanted[hq_of[unit]] = set()
                hexes.add(where[unit])
        for hq in state.c.side_hqs[side]:
            if where[hq] < 0:
                continue
            edges = edge_names(state, hq)
            if edges not in marks_by_edges:
                marks_by_edges[edges] = source_marks(state, side, edges)
            if hq in state.cut_off:
                oos.add(hq)  # 9.9 for the rest of the game
                continue
            # hq_in_supply and reached_of in one search
            found = hq_supply(state, hq, marks_by_edges[edges], wanted.get(hq, set()))
            if found is not None:
                oos.discard(hq)
                supplied_hq[hq] = found
            else:
                oos.add(hq)
        out, out_hqs = [], []
        for unit in units:
            if is_hq[unit]:
                continue
            reach = supplied_hq.get(hq_of[unit])
            if reach is not None and where[unit] in reach:
                oos.discard(unit)
            else:
                oos.add(unit)  # 11.2.1 also when its HQ is out of supply
                out.append(unit)
        # (loops, not comprehensions: a compiled cpdef function makes no closures)
        for h in state.mode:
            if h in oos and where[h] >= 0 and state.counter(h).side == side:
                out_hqs.append(h)
        ids = []
        for u in out + out_hqs:
            ids.append(state.counter(u).id)
        text = ", ".join(ids) or "none"
        state.tell(
            side,
            "11.2.1",
            f"your units out of supply: {text}",
            public=f"{side} has {len(out)} combat units out of supply",
        )


def supply_phase(state: MarneState) -> None:
    """4.E: both players determine supply at the same time."""
    determine_supply(state)


__all__ = ["determine_supply", "reached", "supply_phase"]

"""Movement-point pathfinding (Dijkstra) and zones of control over a HexGrid.

Costs are floats: binary halves and quarters (road movement at 1/2 MP) add up exactly, and a
tolerance of 1e-9 absorbs the rounding of any other fraction when checking the allowance.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Collection, Iterable, Sequence
from fractions import Fraction

from greatwar.hexes.grid import HexGrid

# MP to cross the hexside from one hex into the next, or None if it cannot be entered.
StepCost = Callable[[int, int], float | None]

_TOLERANCE = 1e-9


def _search(
    grid: HexGrid, start: int, allowance: float, cost: StepCost, goal: int | None
) -> tuple[dict[int, float], dict[int, int]]:
    """Cheapest MP spent to reach each hex within the allowance, and each hex's predecessor.

    Stops early once `goal` is settled. Ties go to the hex reached first, so results are
    deterministic.
    """
    if allowance < 0:
        raise ValueError(f"movement allowance must be >= 0, got {allowance}")
    limit = allowance + _TOLERANCE
    spent = {start: 0.0}
    came_from: dict[int, int] = {}
    frontier = [(0.0, start)]
    while frontier:
        used, here = heapq.heappop(frontier)
        if used > spent[here]:
            continue  # a cheaper way here was already expanded
        if here == goal:
            break
        for there in grid.neighbors(here):
            step = cost(here, there)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative movement cost {step} from hex {here} to {there}")
            total = used + step
            # 9.2 a hex may be entered only with enough MP left to pay for it.
            if total <= limit and total < spent.get(there, float("inf")):
                spent[there] = total
                came_from[there] = here
                heapq.heappush(frontier, (total, there))
    return spent, came_from


def reachable(grid: HexGrid, start: int, allowance: float, cost: StepCost) -> dict[int, float]:
    """Every hex a unit can reach spending at most its allowance (9.1-9.2), with the MP spent."""
    spent, _ = _search(grid, start, allowance, cost, None)
    return spent


def path(
    grid: HexGrid, start: int, goal: int, allowance: float, cost: StepCost
) -> list[int] | None:
    """The cheapest path start..goal within the allowance (9.1-9.2), or None if there is none."""
    spent, came_from = _search(grid, start, allowance, cost, goal)
    if goal not in spent:
        return None
    route = [goal]
    while route[-1] != start:
        route.append(came_from[route[-1]])
    route.reverse()
    return route


def steps_per_mp(costs: Collection[float]) -> int:
    """The fewest steps an MP divides into so that every cost is a whole number of steps (2
    where costs run in halves): searches over whole steps can file hexes by cost in buckets
    instead of a heap. ValueError if a cost is not a fraction of a small denominator."""
    scale = math.lcm(*(Fraction(c).limit_denominator(1000).denominator for c in costs))
    if any(c * scale != round(c * scale) for c in costs):
        raise ValueError(f"movement costs must be simple fractions of an MP: {sorted(costs)}")
    return scale


def zone_of_control(grid: HexGrid, enemy_hexes: Iterable[int]) -> set[int]:
    """Hexes adjacent to an enemy-occupied hex (an enemy hex itself only if next to another)."""
    zone: set[int] = set()
    for hex_index in enemy_hexes:
        zone.update(grid.neighbors(hex_index))
    return zone


def connected(
    starts: Iterable[int], links: Sequence[Iterable[int]], closed: Collection[int]
) -> set[int]:
    """Every hex joined to one of ``starts`` by ``links`` (each hex's linked neighbours, by
    hex index) without entering a ``closed`` hex; the starts themselves, unless closed."""
    seen = {h for h in starts if h not in closed}
    frontier = list(seen)
    while frontier:
        here = frontier.pop()
        for there in links[here]:
            if there not in seen and there not in closed:
                seen.add(there)
                frontier.append(there)
    return seen

"""Standard 9.x supply (proposed): a path free of enemy units and unoccupied enemy ZOC hexes
to a friendly map edge; out of supply a unit attacks at half strength, may not advance after
combat and may not be rebuilt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.games.meuse.data import ALLIED, GERMAN

if TYPE_CHECKING:
    from greatwar.games.meuse.state import MeuseState


def sources(state: MeuseState, side: str) -> frozenset[int]:
    """Digest 9.1: German north and east edges; Allied south edge, and the west edge south of
    the southernmost Stellung line."""
    board = state.c.board
    if side == GERMAN:
        return board.north_edge | board.east_edge
    return board.south_edge | (board.west_edge & board.south_zone)


def supplied_hexes(state: MeuseState, side: str) -> frozenset[int]:
    """Digest 9.1: every hex a supply path reaches (all hexes when supply is switched off)."""
    grid = state.c.board.grid
    if not state.cfg.supply:
        return frozenset(range(grid.size))
    other = ALLIED if side == GERMAN else GERMAN
    # 9.1 reads the enemy's units and ZOC and, of the side's own, only those standing in that
    # ZOC: kept while the enemy stands still, for each set of such friendly hexes
    held = state.occupied(side) & state.zoc(other)
    key = ("supply", len(state.breached), held)
    found: frozenset[int] = state.derived_from(other, key, lambda: _trace(state, side))
    return found


def _trace(state: MeuseState, side: str) -> frozenset[int]:
    """9.1: a search from the side's supply sources through hexes free of enemy units and of
    enemy ZOC not occupied by a friendly unit."""
    grid = state.c.board.grid
    if not _NEIGHBORS:
        _NEIGHBORS.extend(grid.neighbors(h) for h in grid)
    neighbors = _NEIGHBORS
    other = ALLIED if side == GERMAN else GERMAN
    # never an enemy hex; an enemy ZOC hex only where a friendly unit stands (9.1)
    closed = state.occupied(other) | (state.zoc(other) - state.occupied(side))
    seen = bytearray(grid.size)  # reached, or closed: never to be entered
    for h in closed:
        seen[h] = 1
    frontier = [h for h in sources(state, side) if not seen[h]]
    for h in frontier:
        seen[h] = 1
    reached = list(frontier)
    while frontier:
        for there in neighbors[frontier.pop()]:
            if not seen[there]:
                seen[there] = 1
                frontier.append(there)
                reached.append(there)
    return frozenset(reached)


_NEIGHBORS: list[tuple[int, ...]] = []  # the map's neighbours by hex (the same in every game)


def in_supply(state: MeuseState, unit: int) -> bool:
    """Digest 9.1-9.2: whether a unit on the map can trace supply now."""
    return state.where[unit] in supplied_hexes(state, state.c.counters[unit].side)

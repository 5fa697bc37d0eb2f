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
    found: frozenset[int] = state.derived(
        ("supply", side, len(state.breached)), lambda: _trace(state, side)
    )
    return found


def _trace(state: MeuseState, side: str) -> frozenset[int]:
    grid = state.c.board.grid
    enemy_zoc = state.zoc(ALLIED if side == GERMAN else GERMAN)

    def passable(h: int) -> bool:
        occupant = state.side_in(h)
        if occupant is not None and occupant != side:
            return False
        return h not in enemy_zoc or occupant == side

    seen = {h for h in sources(state, side) if passable(h)}
    frontier = list(seen)
    while frontier:
        here = frontier.pop()
        for there in grid.neighbors(here):
            if there not in seen and passable(there):
                seen.add(there)
                frontier.append(there)
    return frozenset(seen)


def in_supply(state: MeuseState, unit: int) -> bool:
    """Digest 9.1-9.2: whether a unit on the map can trace supply now."""
    return state.where[unit] in supplied_hexes(state, state.c.counters[unit].side)

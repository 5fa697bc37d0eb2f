"""Standard 9.x supply (proposed): a path free of enemy units and unoccupied enemy ZOC hexes
to a friendly map edge; out of supply a unit attacks at half strength, may not advance after
combat and may not be rebuilt."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from greatwar.games.meuse.data import ALLIED, GERMAN

if TYPE_CHECKING:
    from greatwar.games.meuse.state import MeuseState


def sources(state: MeuseState, side: str) -> frozenset[int]:
    """Digest 9.1: German north and east edges; Allied south edge, and the west edge south of
    the southernmost Stellung line."""
    found = _SOURCES.get(side)
    if found is None:
        board = state.c.board
        if side == GERMAN:
            found = board.north_edge | board.east_edge
        else:
            found = board.south_edge | (board.west_edge & board.south_zone)
        _SOURCES[side] = found
    return found


_SOURCES: dict[str, frozenset[int]] = {}  # by side: the map is the same in every game


def supplied_hexes(state: MeuseState, side: str) -> frozenset[int]:
    """Digest 9.1: every hex a supply path reaches (all hexes when supply is switched off)."""
    mask = supply_mask(state, side)
    return frozenset([h for h in range(len(mask)) if mask[h]])


def supply_mask(state: MeuseState, side: str) -> bytes:
    """``supplied_hexes`` as one byte a hex, 1 where a supply path reaches (digest 9.1).

    9.1 reads the enemy's units and ZOC and, of the side's own, only those standing in that
    ZOC: the search past the enemy alone is kept while the enemy stands still, and for each
    set of friendly hexes in its ZOC, what those open beyond it."""
    size = state.c.board.grid.size
    if not state.cfg.supply:
        return b"\x01" * size
    other = ALLIED if side == GERMAN else GERMAN
    breaches = len(state.breached)
    closed, reached, seen = _base(state, side)
    held = [h for h in state.hexes_of(side) if closed[h]]  # friendly units in enemy ZOC
    if not held:
        return reached
    found: bytes = state.derived_from(
        other,
        ("supply", breaches, tuple(held)),
        lambda: _extend(state, side, reached, seen, held),
    )
    return found


def _base(state: MeuseState, side: str) -> tuple[bytes, bytes, bytes]:
    """``_trace``, kept while the enemy stands still (MA 14.2: the Allied ZOC stops at
    unbreached works, so the breaches count too)."""
    other = ALLIED if side == GERMAN else GERMAN
    key = ("supply", len(state.breached))
    found: tuple[bytes, bytes, bytes] | None = state.kept(other, key)
    if found is None:
        found = state.keep(other, key, _trace(state, side))
    return found


def hex_supplied(state: MeuseState, side: str, hex_index: int) -> bool:
    """Whether a supply path of ``side`` reaches a hex holding one of its units (digest 9.1):
    ``supply_mask`` at that hex, seen at once where the search past the enemy alone reaches
    the hex, or the hex is a friendly-held enemy ZOC hex next to what it reaches (or a
    source), which a supply path therefore enters."""
    if not state.cfg.supply:
        return True
    closed, reached, _ = _base(state, side)
    if reached[hex_index]:
        return True
    if closed[hex_index]:  # in the enemy ZOC, held by the unit
        if hex_index in sources(state, side):
            return True
        for n in state.c.neighbors[hex_index]:
            if reached[n]:
                return True
    return bool(supply_mask(state, side)[hex_index])


def _trace(state: MeuseState, side: str) -> tuple[bytes, bytes, bytes]:
    """9.1: a search from the side's supply sources through hexes free of enemy units and of
    enemy ZOC, as if no friendly unit stood in that ZOC: the hexes it may not enter, those it
    reaches, and the two together (each one byte a hex, 1 for yes)."""
    other = ALLIED if side == GERMAN else GERMAN
    closed = bytearray(state.c.board.grid.size)
    for h in state.zoc(other):
        closed[h] = 1
    for h in state.hexes_of(other):
        closed[h] = 1
    seen = bytearray(closed)  # reached, or closed: never to be entered
    reached = bytearray(len(closed))
    flat = _flat_neighbors(state)
    _spread(flat.first, flat.links, flat.stack, seen, reached, list(sources(state, side)))
    return bytes(closed), bytes(reached), bytes(seen)


def _extend(state: MeuseState, side: str, reached: bytes, seen: bytes, held: list[int]) -> bytes:
    """9.1 with friendly units in enemy ZOC hexes (``held``): an enemy ZOC hex occupied by a
    friendly unit does not block, so the search goes on from each held hex it reaches (next to
    a hex ``_trace`` reached, or a source itself) through what the held hexes open."""
    neighbors = state.c.neighbors
    edge = sources(state, side)
    opened = bytearray(seen)
    starts = []
    for h in held:
        opened[h] = 0
        if h in edge:
            starts.append(h)
        else:
            for n in neighbors[h]:
                if reached[n]:
                    starts.append(h)
                    break
    mask = bytearray(reached)
    flat = _flat_neighbors(state)
    if not _spread(flat.first, flat.links, flat.stack, opened, mask, starts):
        return reached
    return bytes(mask)


class FlatNeighbors:
    """Each hex's neighbours as machine integers, those of ``here`` being
    ``links[first[here]:first[here + 1]]``, and a search's stack (as long as the map)."""

    def __init__(self, neighbors: tuple[tuple[int, ...], ...]) -> None:
        self.first = array("i", [0])
        self.links = array("i")
        for near in neighbors:
            self.links.extend(near)
            self.first.append(len(self.links))
        self.stack = array("i", [0] * len(neighbors))


def _flat_neighbors(state: MeuseState) -> FlatNeighbors:
    """``FlatNeighbors`` of the map (made once a process: the map is the same in every game)."""
    if not _FLAT:
        _FLAT.append(FlatNeighbors(state.c.neighbors))
    return _FLAT[0]


_FLAT: list[FlatNeighbors] = []


def _spread(
    first: array[int],
    links: array[int],
    stack: array[int],
    seen: bytearray,
    reached: bytearray,
    starts: list[int],
) -> int:
    """Mark in ``reached`` every hex a search reaches from ``starts`` through hexes ``seen``
    leaves at 0 (marking them in ``seen`` too); how many it reached."""
    top = 0
    for h in starts:
        if not seen[h]:
            seen[h] = 1
            reached[h] = 1
            stack[top] = h
            top += 1
    count = top
    while top > 0:
        top -= 1
        here = stack[top]
        end = first[here + 1]
        k = first[here]
        while k < end:
            there = links[k]
            k += 1
            if not seen[there]:
                seen[there] = 1
                reached[there] = 1
                stack[top] = there
                top += 1
                count += 1
    return count


def in_supply(state: MeuseState, unit: int) -> bool:
    """Digest 9.1-9.2: whether a unit on the map can trace supply now."""
    return bool(supply_mask(state, state.c.counters[unit].side)[state.where[unit]])

"""What an FBSM computer player knows: the public components and its side's observation.

A ``Picture`` is built only from ``state.player_view(side)`` (the observation less the log),
or from the same view in indices (``greatwar.games.fbsm.view.indexed_view``, which tests hold
equal to it); the ``Knowledge`` only from the printed map, counters and tables
(``components()``). Nothing here reads the container, the enemy units below the top of a stack
(6.5) or the dice.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from greatwar.games.fbsm.data import GERMAN, US, Components, components
from greatwar.games.fbsm.state import hex_mask
from greatwar.games.fbsm.view import IndexedView
from greatwar.hexes import distance_table

OPPONENT = {US: GERMAN, GERMAN: US}


class Knowledge:
    """Static, public facts precomputed for fast play: terrain, LOF, distance to the exit."""

    def __init__(self, c: Components) -> None:
        self.c = c
        board = c.board
        self.grid = board.grid
        self.size = board.grid.size
        self.lof = board.lof
        self.defense = tuple(max(d, 1) for d in board.defense)
        self.neighbors = tuple(board.grid.neighbors(h) for h in range(self.size))
        self.adjacent = tuple(frozenset(n) for n in self.neighbors)
        self.neighbor_index = tuple(np.array(n, dtype=np.intp) for n in self.neighbors)
        self.index = {board.grid.id(h): h for h in range(self.size)}
        self.ids = tuple(board.grid.id(h) for h in range(self.size))
        tables = c.tables
        self.road_cost = float(tables["movement"]["road_move_cost"])  # 9.5
        self.exits = frozenset(board.hexes(tables["victory"]["south_exit_hexes"]))  # 4.3
        self.riverbank = board.hexes(tables["german_setup"]["riverbank_order"])  # 3.6
        self.exit_distance = self._exit_distance()
        self.avg_german_fire = _average_fire(c, GERMAN)
        self.marker_fire = {
            kind: int(tables["bombardment"][f"{kind}_fire"]) for kind in ("light", "heavy")
        }
        self.first_turn_lof = int(tables["first_turn"]["max_lof"])  # 5.2
        self.gas_lof = int(tables["gas"]["max_lof"])  # 7.4
        self.heavy_mg_range = int(tables["german_heavy_mg"]["range"])  # 7.8
        self.rally_fire = int(tables["rally"]["fire_bonus"])  # 7.6, 7.9
        self.rally_move = int(tables["rally"]["move_bonus"])  # 7.6, 7.9
        self.gas_move = int(tables["gas"]["infantry_move"])  # 7.4
        self.drift_subtract = dict(tables["drift"])  # 11.3
        self.counters = {counter.id: counter for counter in c.counters}
        self.faces = tuple((u.id, u.kind, u.fire, u.range, u.move) for u in c.counters)
        self.exit_array = np.array(self.exit_distance)
        self.defense_array = np.array(self.defense)
        self.distances = distance_table(self.grid)  # 10.6
        self._open: dict[tuple[int, float, str], tuple[int, ...]] = {}
        self._fire_sets: dict[tuple[int, int], frozenset[int]] = {}
        self._fire_masks: dict[tuple[int, int], int] = {}
        self._fire_index: dict[tuple[int, int], npt.NDArray[np.intp]] = {}
        self._near: dict[tuple[int, int], tuple[int, ...]] = {}
        self._near_index: dict[tuple[int, int], npt.NDArray[np.intp]] = {}

    def _exit_distance(self) -> tuple[float, ...]:
        """MP a German unit needs to leave the map by the south edge from each hex (4.3, 9.5):
        a backward Dijkstra over terrain and road costs, ignoring units."""
        board = self.c.board
        inf = float("inf")
        best = [inf] * self.size
        queue: list[tuple[float, int]] = []
        for h in self.exits:
            best[h] = 1.0  # stepping off the edge costs as a clear hex
            queue.append((1.0, h))
        heapq.heapify(queue)
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > best[here]:
                continue
            entry = board.move_cost[here]
            if entry is None:
                continue
            for there in self.neighbors[here]:
                cost = self.road_cost if (there, here) in board.road_hexsides else entry
                if spent + cost < best[there] and board.move_cost[there] is not None:
                    best[there] = spent + cost
                    heapq.heappush(queue, (spent + cost, there))
        return tuple(best)

    def open_reach(self, start: int, allowance: float, side: str) -> tuple[int, ...]:
        """Hexes a unit could reach on the empty map (9.1-9.5, 9.8): with units in the way it
        reaches a subset of these, so they bound its real choices."""
        key = (start, allowance, side)
        found = self._open.get(key)
        if found is None:
            found = self._open[key] = self._search(start, allowance, side == US)
        return found

    def _search(self, start: int, allowance: float, us: bool) -> tuple[int, ...]:
        board = self.c.board
        spent = {start: 0.0}
        queue = [(0.0, start)]
        while queue:
            used, here = heapq.heappop(queue)
            if used > spent[here]:
                continue
            for there in self.neighbors[here]:
                entry = board.move_cost[there]
                if entry is None or (us and board.terrain[there].name == "riverbank"):
                    continue
                cost = self.road_cost if (here, there) in board.road_hexsides else entry
                if used + cost <= allowance + 1e-9 and used + cost < spent.get(there, 99.0):
                    spent[there] = used + cost
                    heapq.heappush(queue, (used + cost, there))
        return tuple(spent)

    def distance(self, a: int, b: int) -> int:
        return self.grid.distance(a, b)

    def can_fire(self, here: int, reach: int, target: int) -> bool:
        """10.6, 10.7: within range, and a clear LOF unless adjacent."""
        d = self.grid.distance(here, target)
        return d <= reach and (d == 1 or self.lof.visible(here, target))

    def in_fire(self, here: int, reach: int) -> tuple[int, ...]:
        """Hexes a unit in ``here`` with this range can fire into (10.6-10.9)."""
        return self.lof.within_range_visible(here, reach)

    def in_fire_index(self, here: int, reach: int) -> npt.NDArray[np.intp]:
        """``in_fire`` as an index array, for whole-map arrays."""
        key = (here, reach)
        found = self._fire_index.get(key)
        if found is None:
            found = self._fire_index[key] = np.array(self.in_fire(here, reach), dtype=np.intp)
        return found

    def fire_set(self, here: int, reach: int) -> frozenset[int]:
        """``in_fire`` as a set, adjacent hexes included (10.7): for fast membership tests."""
        key = (here, reach)
        found = self._fire_sets.get(key)
        if found is None:
            found = frozenset(self.in_fire(here, reach)) | self.adjacent[here]
            self._fire_sets[key] = found
        return found

    def fire_mask(self, here: int, reach: int) -> int:
        """``fire_set`` as a bitmask over hex indexes (bit h: hex h)."""
        key = (here, reach)
        found = self._fire_masks.get(key)
        if found is None:
            found = self._fire_masks[key] = hex_mask(self.fire_set(here, reach))
        return found

    def near_index(self, here: int, radius: int) -> npt.NDArray[np.intp]:
        """``near`` as an index array, for whole-map arrays."""
        key = (here, radius)
        found = self._near_index.get(key)
        if found is None:
            found = self._near_index[key] = np.array(self.near(here, radius), dtype=np.intp)
        return found

    def near(self, here: int, radius: int) -> tuple[int, ...]:
        """Hexes within ``radius`` of ``here``, itself included."""
        key = (here, radius)
        found = self._near.get(key)
        if found is None:
            found = self._near[key] = tuple(self.grid.hexes_within(here, radius))
        return found


def _average_fire(c: Components, side: str) -> float:
    fires = [counter.fire for counter in c.counters if counter.side == side]
    return sum(fires) / len(fires)


@cache
def knowledge() -> Knowledge:
    """The knowledge, computed once per process."""
    return Knowledge(components())


class Unit:
    """One of the player's own units, as its observation shows it (2.5)."""

    __slots__ = ("done", "fire", "hex", "id", "kind", "move", "range")

    def __init__(
        self, id: str, hex: int, kind: str, fire: int, range: int, move: int, done: bool
    ) -> None:
        self.id = id
        self.hex = hex
        self.kind = kind
        self.fire = fire
        self.range = range
        self.move = move
        self.done = done

    @property
    def is_infantry(self) -> bool:
        return self.kind == "infantry"

    def _fields(self) -> tuple[object, ...]:
        return (self.id, self.hex, self.kind, self.fire, self.range, self.move, self.done)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unit) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Unit{self._fields()!r}"


class Stack:
    """A visible stack: whole if it is the player's own, the top unit only if not (6.5)."""

    __slots__ = ("count", "hex", "side", "top_fire", "top_kind", "top_range", "units")

    def __init__(
        self,
        hex: int,
        side: str,
        count: int,
        top_kind: str,
        top_fire: int,
        top_range: int,
        units: list[Unit] | None = None,
    ) -> None:
        self.hex = hex
        self.side = side
        self.count = count
        self.top_kind = top_kind
        self.top_fire = top_fire
        self.top_range = top_range
        self.units = [] if units is None else units

    def _fields(self) -> tuple[object, ...]:
        return (
            self.hex,
            self.side,
            self.count,
            self.top_kind,
            self.top_fire,
            self.top_range,
            self.units,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stack) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Stack{self._fields()!r}"


@dataclass
class Picture:
    """The player's view of the position, parsed from one observation."""

    side: str
    turn: int
    phase: int
    event: str | None
    event_side: str | None
    heavy_mg: str | None
    container: int
    fired_into: set[int]
    markers_left: list[str]
    stacks: dict[int, Stack]
    units: dict[str, Unit]
    prompt: dict[str, Any] | None

    @property
    def enemy(self) -> str:
        return OPPONENT[self.side]

    def enemy_stacks(self) -> list[Stack]:
        return [s for s in self.stacks.values() if s.side != self.side]

    def own_stacks(self) -> list[Stack]:
        return [s for s in self.stacks.values() if s.side == self.side]

    def own_count(self, hex_index: int) -> int:
        stack = self.stacks.get(hex_index)
        return stack.count if stack is not None and stack.side == self.side else 0

    def max_lof(self, k: Knowledge) -> int | None:
        """5.2: two hexes on the first turn; 7.4: four in a gas turn."""
        if self.turn == 1:
            return k.first_turn_lof
        if self.event == "gas":
            return k.gas_lof
        return None

    def reach(self, k: Knowledge, unit_range: int, heavy_mg: bool = False) -> int:
        """10.6 range, 7.8 heavy MG, capped by 5.2 and 7.4."""
        reach = k.heavy_mg_range if heavy_mg else unit_range
        cap = self.max_lof(k)
        return reach if cap is None else min(reach, cap)

    def fire_factor(self, k: Knowledge, side: str, kind: str, printed: float) -> float:
        """2.5 printed fire, +1 in the side's rally turn (7.6, 7.9)."""
        rally = (self.event == "us_rally" and side == US) or (
            self.event == "german_rally" and side == GERMAN and kind == "infantry"
        )
        return printed + k.rally_fire if rally else printed

    def movement_factor(self, k: Knowledge, unit: Unit) -> int:
        """2.5 printed MF; 7.4 gas cuts infantry to 3; 7.6, 7.9 a rally adds 1."""
        if self.event == "gas":
            return k.gas_move
        rally = (self.event == "us_rally" and self.side == US) or (
            self.event == "german_rally" and self.side == GERMAN
        )
        return unit.move + k.rally_move if rally else unit.move

    def stack_strength(self, k: Knowledge, stack: Stack) -> float:
        """The fire a stack can put out: whole if own, estimated under the top if enemy (6.5)."""
        if stack.side == self.side:
            return sum(
                self.fire_factor(k, stack.side, u.kind, u.fire) for u in stack.units if not u.done
            )
        below = k.avg_german_fire if stack.side == GERMAN else stack.top_fire
        printed = stack.top_fire + below * (stack.count - 1)
        return self.fire_factor(k, stack.side, stack.top_kind, printed)

    def move_unit(self, unit_id: str, hex_index: int) -> None:
        """Record the player's own move (9.1) without a new observation."""
        unit = self.units[unit_id]
        unit.done = True
        old = self.stacks.get(unit.hex)
        if old is not None:
            old.units = [u for u in old.units if u.id != unit_id]
            old.count -= 1
            if old.count <= 0:
                del self.stacks[unit.hex]
        unit.hex = hex_index
        self.add_to(hex_index, unit)

    def add_to(self, hex_index: int, unit: Unit) -> None:
        stack = self.stacks.get(hex_index)
        if stack is None:
            stack = Stack(hex_index, self.side, 0, unit.kind, unit.fire, unit.range)
            self.stacks[hex_index] = stack
        stack.units.append(unit)
        stack.count += 1


def picture(observation: dict[str, Any], k: Knowledge) -> Picture:
    """Parse one observation (the whitelist of greatwar.games.fbsm.view) into a Picture."""
    side = observation["side"]
    index = k.index
    stacks: dict[int, Stack] = {}
    units: dict[str, Unit] = {}
    for view in observation["stacks"]:
        hex_index = index[view["hex"]]
        faces = view["units"]
        top = faces[-1]
        owner = view["side"]
        stack = Stack(hex_index, owner, view["count"], top["kind"], top["fire"], top["range"], [])
        if owner == side:
            for u in faces:
                unit = Unit(
                    u["id"], hex_index, u["kind"], u["fire"], u["range"], u["move"], u["done"]
                )
                stack.units.append(unit)
                units[unit.id] = unit
        stacks[hex_index] = stack
    event = observation["event"]
    return Picture(
        side=side,
        turn=observation["turn"],
        phase=observation["phase"]["index"],
        event=event["id"] if event else None,
        event_side=event["side"] if event else None,
        heavy_mg=observation["heavy_mg"],
        container=observation["container"],
        fired_into={k.index[h] for h in observation["fired_into"]},
        markers_left=list(observation["markers_left"]),
        stacks=stacks,
        units=units,
        prompt=observation["prompt"],
    )


def picture_of(view: IndexedView, k: Knowledge) -> Picture:
    """``picture`` from the view in indices (``greatwar.games.fbsm.view.indexed_view``): the
    same Picture without printing ids and parsing them back."""
    side, faces, done = view.side, k.faces, view.done
    stacks: dict[int, Stack] = {}
    units: dict[str, Unit] = {}
    for hex_index, owner, count, top, own in view.stacks:
        top_face = faces[top]
        stack = Stack(hex_index, owner, count, top_face[1], top_face[2], top_face[3], [])
        if own:
            members = stack.units
            for u in own:
                unit_id, kind, fire, reach, move = faces[u]
                unit = Unit(unit_id, hex_index, kind, fire, reach, move, u in done)
                members.append(unit)
                units[unit_id] = unit
        stacks[hex_index] = stack
    heavy_mg = view.heavy_mg
    return Picture(
        side=side,
        turn=view.turn,
        phase=view.phase,
        event=view.event,
        event_side=view.event_side,
        heavy_mg=faces[heavy_mg][0] if heavy_mg is not None else None,
        container=view.container,
        fired_into=set(view.fired_into),
        markers_left=list(view.markers_left),
        stacks=stacks,
        units=units,
        prompt=view.prompt,
    )


def kill_chance(strength: float, defense: int) -> float:
    """10.10: the chance one die eliminates a unit at these odds (6:1 or more is certain)."""
    odds = int(strength // defense)
    return min(odds, 6) / 6.0 if odds >= 1 else 0.0


def kill_chances(strength: npt.NDArray[np.float64], defense: npt.NDArray[np.int64]) -> Any:
    """``kill_chance`` hex by hex over whole arrays (the same floor division and ratio)."""
    odds = np.floor_divide(strength, defense)
    return np.where(odds >= 1, np.minimum(odds, 6) / 6.0, 0.0)

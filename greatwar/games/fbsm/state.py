"""The FBSM position: where every counter is, the turn and phase, and the sequence of play (5.x)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from greatwar.core import Frame, Game, Prompt, State
from greatwar.games.fbsm.data import GERMAN, US, Components, Counter, components
from greatwar.hexes.stacks import UnitStacks

# Where a counter is when it is not in a hex (``where`` holds hex indexes otherwise).
UNPLACED, CONTAINER, DEAD, EXITED = -1, -2, -3, -4

# 5.3 the Phase Record Track: numeral, title, and the function that starts the phase.
PHASE_NAMES = (
    ("I", "Random Events Phase"),
    ("II", "German Reinforcement Phase"),
    ("III", "German First Bombardment Phase"),
    ("IV", "US First Bombardment Phase"),
    ("V", "German Movement Phase"),
    ("VI", "US First Fire Phase"),
    ("VII", "German First Fire Phase"),
    ("VIII", "US Movement Phase"),
    ("IX", "German Second Fire Phase"),
    ("X", "US Second Fire Phase"),
    ("XI", "German Second Bombardment Phase"),
    ("XII", "US Second Bombardment Phase"),
)
SETUP = -1


@cache
def units_of(c: Components, side: str) -> tuple[int, ...]:
    """Every counter of a side, by index (2.7)."""
    return tuple(counter.index for counter in c.counters if counter.side == side)


@cache
def labels(c: Components) -> tuple[str, ...]:
    """Each counter as the log names it, by index, made once: "G01 (name, 4-3-5)" (2.5)."""
    return tuple(
        f"{counter.id} ({counter.name}, {counter.fire}-{counter.range}-{counter.move})"
        for counter in c.counters
    )


# enemy_hexes_in_reach's memo: position -> hexes (cleared whole when full)
_REACH_MEMO: dict[tuple[Any, ...], tuple[int, ...]] = {}
_REACH_MEMO_SIZE = 8192
_LONGEST = 11  # fire zones are kept per (hex, range) for ranges 0..10 (10.6, 7.8)


@cache
def fire_zone(c: Components, here: int, distance: int) -> frozenset[int]:
    """The hexes a unit in ``here`` with this range can fire into (10.6, 10.7; adjacent hexes
    are never blocked), from the memoised LOF table."""
    board = c.board
    return frozenset(board.lof.within_range_visible(here, distance)) | frozenset(
        board.grid.neighbors(here)
    )


class FireZones:
    """``fire_zone`` of every (hex, range) as a flat table indexed ``hex * 11 + range``, each
    also as a bitmask over hex indexes (bit h: hex h), filled in as positions ask: the
    10.6-10.7 searches of a position are then unions and intersections of integers."""

    def __init__(self, c: Components) -> None:
        self.c = c
        self.sets: list[frozenset[int] | None] = [None] * (c.board.grid.size * _LONGEST)
        self.masks: list[int | None] = [None] * (c.board.grid.size * _LONGEST)

    def zone(self, here: int, distance: int) -> frozenset[int]:
        """``fire_zone(c, here, distance)``."""
        key = here * _LONGEST + distance
        found = self.sets[key]
        if found is None:
            found = self.sets[key] = fire_zone(self.c, here, distance)
        return found

    def mask(self, here: int, distance: int) -> int:
        """``fire_zone(c, here, distance)`` as a bitmask."""
        key = here * _LONGEST + distance
        found = self.masks[key]
        if found is None:
            found = self.masks[key] = hex_mask(self.zone(here, distance))
        return found


@cache
def fire_zones(c: Components) -> FireZones:
    """The components' fire-zone tables, one per process."""
    return FireZones(c)


@cache
def longest_range(c: Components, side: str) -> int:
    """The longest printed range of the side's counters (10.6)."""
    return max(counter.range for counter in c.counters if counter.side == side)


def hex_mask(hexes: Iterable[int]) -> int:
    """A set of hex indexes as a bitmask (bit h: hex h)."""
    mask = 0
    for h in hexes:
        mask |= 1 << h
    return mask


def mask_hexes(mask: int) -> list[int]:
    """The hex indexes of a bitmask, in hex order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class FbsmState(State, UnitStacks):
    """A game of First Blood: Second Marne in progress (units in hexes: ``UnitStacks``; a
    unit put in a hex goes on top of its stack, 6.5)."""

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}  # filled in by rules.py
    phase_starts: ClassVar[tuple[Callable[[FbsmState], None], ...]] = ()

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.c: Components = components()
        self.turn = 0
        self.phase = SETUP
        self.where = [UNPLACED if c.side == US else CONTAINER for c in self.c.counters]
        self.stacks: dict[int, list[int]] = {}  # hex -> living units, bottom to top (6.5)
        # side -> bitmask of the hexes its stacks stand in, kept in step with ``stacks`` by
        # put and lift (what fire reaches is found with masks: ``enemy_hexes_in_reach``)
        self.held: dict[str, int] = {US: 0, GERMAN: 0}
        self.emplaced = 0  # the same for the hexes of heavy weapons emplacements (6.1)
        # and per side for its stacks of more infantry fire factors than ``c.crowding``: the
        # only ones a unit of the side may find too full to join or pass (6.2)
        self.crowded: dict[str, int] = {US: 0, GERMAN: 0}
        self.dead_at: dict[int, int] = {}  # unit -> hex of its carnage marker (2.6)
        self.container = [c.index for c in self.c.counters if c.side == GERMAN]  # 3.5
        self.event: str | None = None  # this turn's random event (7.x)
        self.event_side: str | None = None  # 7.10: whose bombardments have no drift
        self.used_once: set[str] = set()  # 7.5-7.7: events that may occur only once
        self.done: set[int] = set()  # units that moved or fired this phase (9.1, 10.2)
        self.fired_into: set[int] = set()  # 10.5: hexes fired into this phase
        self.heavy_mg: int | None = None  # 7.8: this fire phase's heavy-MG unit
        self.markers: list[str] = []  # 11.1, 13.4: bombardment markers still to place
        self.placed: list[tuple[str, int]] = []  # 11.2: (marker, target hex) placed this phase
        # the movement phase's last offer (movement.unmoved): (its frame, how many units were
        # done, the units that could move); read only at that frame, so a clone reads afresh
        self.unmoved: tuple[Frame | None, int, list[int]] = (None, 0, [])
        self.push("us_setup", side=US)

    # --- counters and stacks ----------------------------------------------------------

    def counter(self, unit: int) -> Counter:
        return self.c.counters[unit]

    def units_on_map(self, side: str) -> list[int]:
        """The side's living units in hexes, by counter index."""
        where = self.where
        return [u for u in units_of(self.c, side) if where[u] >= 0]

    def room(self, hex_index: int, unit: int) -> bool:
        """6.1: whether ``unit`` may be in this hex besides what is there (16 infantry fire
        factors; a heavy weapons emplacement stands alone)."""
        stack = self.stacks.get(hex_index)
        if not stack:
            return True
        c = self.c
        if c.side_of[stack[0]] != c.side_of[unit]:
            return False  # 9.7
        if not c.infantry[unit] or not c.infantry[stack[0]]:
            return False
        limit = c.tables["stacking"]["max_infantry_fire_factors"]
        return self.fire_in(stack) + c.fire_of[unit] <= int(limit)

    def lift(self, unit: int) -> None:
        """Take a unit off its stack. 6.5: from a stack of several, the enemy now sees a unit it
        could not see before (the one leaving from below, or the one below the leaving top),
        which cannot be unseen (no undo past it)."""
        old = self.where[unit]
        if old < 0:
            return
        stack = self.stacks[old]
        if len(stack) > 1:
            self.reveal()
        UnitStacks.lift(self, unit)
        side = self.c.side_of[unit]
        if not stack:  # the hex is empty now
            self.held[side] &= ~(1 << old)
            self.emplaced &= ~(1 << old)
            self.crowded[side] &= ~(1 << old)
        elif self.crowded[side] >> old & 1 and self.fire_in(stack) <= self.c.crowding[side]:
            self.crowded[side] &= ~(1 << old)

    def put(self, unit: int, hex_index: int) -> None:
        """Place or move a unit into a hex (``UnitStacks.put``), which its side now holds."""
        UnitStacks.put(self, unit, hex_index)
        c = self.c
        side = c.side_of[unit]
        self.held[side] |= 1 << hex_index
        if not c.infantry[unit]:
            self.emplaced |= 1 << hex_index  # 6.1: it stands alone
            return
        stack = self.stacks[hex_index]
        if len(stack) > 1 and self.fire_in(stack) > c.crowding[side]:
            self.crowded[side] |= 1 << hex_index

    def restack(self, hexes: Iterable[int]) -> None:
        """Work out again, for these hexes, what ``put`` and ``lift`` keep in step with the
        stacks (held, emplaced, crowded): after their units were changed without them, as a
        determinization deals hidden units anew."""
        c = self.c
        for h in hexes:
            bit = 1 << h
            for side in (US, GERMAN):
                self.held[side] &= ~bit
                self.crowded[side] &= ~bit
            self.emplaced &= ~bit
            stack = self.stacks.get(h)
            if not stack:
                continue
            side = c.side_of[stack[0]]
            self.held[side] |= bit
            if not c.infantry[stack[0]]:
                self.emplaced |= bit  # 6.1: it stands alone
            elif self.fire_in(stack) > c.crowding[side]:
                self.crowded[side] |= bit  # 6.2

    def fire_in(self, stack: list[int]) -> int:
        """The fire factors of a stack's units (6.2), added in a loop."""
        fire_of = self.c.fire_of
        fire = 0
        for u in stack:
            fire += fire_of[u]
        return fire

    def eliminate(self, unit: int, rule: str, why: str) -> None:
        """2.6: the unit becomes carnage in its hex; then 4.3/4.4 are checked at once."""
        hex_index = self.where[unit]
        self.take_off(unit, DEAD)
        self.dead_at[unit] = hex_index
        self.note(rule, f"{self.label(unit)} in {self.hex_id(hex_index)} eliminated ({why})")
        self.check_victory()

    def draw(self) -> int:
        """3.6, 8.3: one German unit drawn at random from the container; both may look at it."""
        unit = self.container.pop(self.rng.below(len(self.container)))
        self.reveal()
        return unit

    # --- victory (4.x) ----------------------------------------------------------------

    def check_victory(self) -> None:
        """4.3, 4.4: checked the instant a unit is eliminated, placed or exits."""
        if self.is_terminal() or self.turn == 0:
            return
        held = self.held  # a side with units on the map holds a hex
        if not held[US]:
            self.end(GERMAN, "4.3", "no US units remain on the map")
        elif not held[GERMAN] and not self.container:
            self.end(US, "4.4", "no German units remain on the map or in the container")

    # --- the sequence of play (5.x) -----------------------------------------------------

    def advance(self) -> None:
        """5.3: run the phases in order; a phase waits on the stack while it needs a choice."""
        while not self.stack and not self.is_terminal():
            self.next_phase()

    def next_phase(self) -> None:
        if self.phase == SETUP:
            self.german_setup()
            self.turn, self.phase = 1, 2  # 3.1, 5.2: turn 1 begins at phase III
        elif self.phase == len(PHASE_NAMES) - 1:
            if self.is_last_turn():
                self.end(US, "13.3", f"the Germans have not won by the end of turn {self.turn}")
                return
            self.turn, self.phase = self.turn + 1, 0
            self.event, self.event_side = None, None
        else:
            self.phase += 1  # 5.1: a finished phase is never taken up again
        self.done.clear()
        self.fired_into.clear()
        self.heavy_mg = None
        numeral, title = PHASE_NAMES[self.phase]
        self.note("5.3", f"turn {self.turn}, phase {numeral}: {title}")
        self.phase_starts[self.phase](self)

    def is_last_turn(self) -> bool:
        """13.2: with the play-balance rules the game ends after turn 16."""
        last: int = self.c.tables["play_balance"]["last_turn"]
        return bool(self.game.options["play_balance"]) and self.turn >= last

    def german_setup(self) -> None:
        """3.6: thirty units drawn one at a time into the riverbank hexes, in order."""
        spec = self.c.tables["german_setup"]
        for hex_id in spec["riverbank_order"][: spec["initial_draw"]]:
            unit = self.draw()
            self.put(unit, self.c.board.grid.index(hex_id))
            self.note("3.6", f"{self.label(unit)} drawn and set up in {hex_id}")

    # --- rule values that events change ------------------------------------------------

    def fire_factor(self, unit: int) -> int:
        """2.5 printed fire, +1 in a rally turn (7.6 US infantry and heavy weapons, 7.9 German
        infantry); close-assault doubling comes after (10.11)."""
        counter = self.c.counters[unit]
        if (self.event == "us_rally" and counter.side == US) or (
            self.event == "german_rally" and counter.side == GERMAN and counter.is_infantry
        ):
            return counter.fire + int(self.c.tables["rally"]["fire_bonus"])
        return counter.fire

    def movement_factor(self, unit: int) -> int:
        """2.5 printed MF; 7.4 gas cuts infantry to 3; 7.6/7.9 a rally adds 1."""
        counter = self.c.counters[unit]
        if self.event == "gas" and counter.is_infantry:
            return int(self.c.tables["gas"]["infantry_move"])
        bonus = int(self.c.tables["rally"]["move_bonus"])
        if self.event == "us_rally" and counter.side == US and counter.is_infantry:
            return counter.move + bonus
        if self.event == "german_rally" and counter.side == GERMAN and counter.is_infantry:
            return counter.move + bonus
        return counter.move

    def max_lof(self) -> int | None:
        """5.2: two hexes on the first turn; 7.4: four hexes in a gas turn."""
        if self.turn == 1:
            return int(self.c.tables["first_turn"]["max_lof"])
        if self.event == "gas":
            return int(self.c.tables["gas"]["max_lof"])
        return None

    def fire_range(self, unit: int) -> int:
        """10.6 printed range; 7.8 a heavy-MG unit reaches 10; capped by 5.2 and 7.4."""
        reach = self.c.counters[unit].range
        if unit == self.heavy_mg:
            reach = int(self.c.tables["german_heavy_mg"]["range"])
        cap = self.max_lof()
        return reach if cap is None else min(reach, cap)

    def can_fire_at(self, unit: int, target: int) -> bool:
        """10.6, 10.7: within range, and a clear LOF unless adjacent."""
        here = self.where[unit]
        distance = self.c.board.grid.distance(here, target)
        if distance > self.fire_range(unit):
            return False
        return distance == 1 or self.c.board.lof.visible(here, target)

    def enemy_hexes_in_reach(self, side: str, unfired: bool = False) -> list[int]:
        """The hexes holding ``side``'s enemies that a unit of ``side`` on the map can fire into
        (10.6, 10.7; 11.2 spotting), in hex order; ``unfired``: only units that have not fired
        and hexes not fired into this phase (10.2, 10.5). Read stack by stack: a stack reaches
        the fire zone of its longest range (a longer range's zone holds a shorter one's), and
        the zones and the enemy's hexes (``held``) are bitmasks, so the answer is a union and
        an intersection of integers.
        Memoised on the position, which comes back many times (a phase's start, which asks
        whether there is any target, then its offers; a search's samples)."""
        c = self.c
        # before any unit has moved or fired and any hex been fired into this phase (a phase's
        # start), every unit is unfired: the same answer, remembered once
        unfired = unfired and bool(self.done or self.fired_into)
        key = (
            c,
            side,
            tuple(self.where),
            self.max_lof(),
            self.heavy_mg,
            frozenset(self.done) if unfired else None,
            frozenset(self.fired_into) if unfired else None,
        )
        known = _REACH_MEMO.get(key)
        if known is not None:
            return list(known)
        side_of, range_of = c.side_of, c.range_of
        done = self.done if unfired else ()
        heavy, heavy_range = self.heavy_mg, int(c.tables["german_heavy_mg"]["range"])
        cap = self.max_lof()  # 5.2, 7.4
        enemy = self.held[GERMAN if side == US else US]
        if unfired:
            for h in self.fired_into:
                enemy &= ~(1 << h)
        zones = fire_zones(c)
        masks = zones.masks  # zones.mask(h, distance), read in the loop: filled in as asked
        reach = 0
        if enemy:
            for h, stack in self.stacks.items():
                if side_of[stack[0]] != side:
                    continue
                longest = -1
                for u in stack:
                    if u not in done:
                        distance = heavy_range if u == heavy else range_of[u]  # 7.8, 10.6
                        if distance > longest:
                            longest = distance
                if longest < 0:
                    continue
                if cap is not None and longest > cap:
                    longest = cap
                zone = masks[h * _LONGEST + longest]
                reach |= zone if zone is not None else zones.mask(h, longest)
        found = mask_hexes(reach & enemy)
        if len(_REACH_MEMO) >= _REACH_MEMO_SIZE:
            _REACH_MEMO.clear()
        _REACH_MEMO[key] = tuple(found)
        return found

    def firers_reaching(self, side: str, target: int, besides: Iterable[int] = ()) -> list[int]:
        """The side's units on the map that have not fired this phase (10.2), other than
        ``besides``, and can fire into ``target`` (10.6, 10.7), in counter order: read from
        the target's side, as a line of fire is symmetric (the memoised LOF table records both
        directions at once), so one fire zone per range, as a bitmask: only the side's hexes
        within the longest range's zone are looked at."""
        c = self.c
        range_of = c.range_of
        cap = self.max_lof()  # 5.2, 7.4
        heavy, heavy_range = self.heavy_mg, int(c.tables["german_heavy_mg"]["range"])
        longest = longest_range(c, side)  # 10.6
        if heavy is not None and c.side_of[heavy] == side and heavy_range > longest:
            longest = heavy_range  # 7.8
        if cap is not None and longest > cap:
            longest = cap
        zones = fire_zones(c)
        near = self.held[side] & zones.mask(target, longest)
        if not near:
            return []
        within: dict[int, int] = {longest: near}  # range -> the side's hexes it reaches from
        left_out = self.done.union(besides)
        found = []
        stacks = self.stacks
        for h in mask_hexes(near):
            for u in stacks[h]:
                if u in left_out:
                    continue
                distance = heavy_range if u == heavy else range_of[u]  # 7.8, 10.6
                if cap is not None and distance > cap:
                    distance = cap
                reached = within.get(distance)
                if reached is None:
                    reached = within[distance] = near & zones.mask(target, distance)
                if reached >> h & 1:
                    found.append(u)
        found.sort()
        return found

    def forget_cached(self) -> None:
        super().forget_cached()
        self.unmoved = (None, 0, [])

    # --- text for logs and actions -------------------------------------------------------

    def hex_id(self, hex_index: int) -> str:
        return self.c.board.grid.id(hex_index)

    def label(self, unit: int) -> str:
        return labels(self.c)[unit]

    # --- clone, observation, full state ----------------------------------------------------

    def copy_into(self, new: State) -> None:
        assert isinstance(new, FbsmState)
        new.where = list(self.where)
        new.stacks = {h: list(s) for h, s in self.stacks.items()}
        new.held = dict(self.held)
        new.crowded = dict(self.crowded)
        new.dead_at = dict(self.dead_at)
        new.container = list(self.container)
        new.used_once = set(self.used_once)
        new.done = set(self.done)
        new.fired_into = set(self.fired_into)
        new.markers = list(self.markers)
        new.placed = list(self.placed)

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "turn": self.turn,
            "phase": self.phase,
            "where": self.where,
            "stacks": {str(h): s for h, s in sorted(self.stacks.items())},
            "dead_at": {str(u): h for u, h in sorted(self.dead_at.items())},
            "container": self.container,
            "event": [self.event, self.event_side],
            "used_once": sorted(self.used_once),
            "done": sorted(self.done),
            "fired_into": sorted(self.fired_into),
            "heavy_mg": self.heavy_mg,
            "markers": self.markers,
            "placed": self.placed,
        }

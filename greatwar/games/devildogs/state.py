"""The Devil Dogs position: units and tokens on the map, decks and hands, the initiative track,
and the turn sequence (5) run as an agenda of plain-data steps."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from greatwar.core import Action, Game, Prompt, State
from greatwar.core.agenda import AgendaState, Step
from greatwar.games.devildogs.data import (
    ENEMY,
    SIDES,
    US,
    Card,
    Components,
    Scenario,
    Unit,
    components,
    enemy,
)
from greatwar.hexes import zone_of_control

# Where a unit is when it is not in a hex (``where`` holds hex indexes otherwise).
OFF, DEAD, WITHDRAWN = -1, -2, -3


# 5: the turn sequence, as the agenda that starts every turn.
TURN_PLAN: tuple[Step, ...] = (
    ("draw_hands",),  # 5.1
    ("assign",),  # 5.2
    ("initiative",),  # 5.3
    ("orders",),  # 5.4
    ("mortar_phase",),  # 5.5
    ("gas_drift",),  # 5.5
    ("activation",),  # 5.6-5.10
    ("reinforcement_phase",),  # 5.11
    ("end_turn",),
)


@cache
def _playable(c: Components, scenario: str) -> frozenset[int]:
    """Every hex of the scenario's sectors (units never leave them)."""
    sectors = c.scenarios[scenario].sectors
    return frozenset(h for h, here in enumerate(c.board.sectors) if not here.isdisjoint(sectors))


@cache
def _playable_neighbors(c: Components, scenario: str) -> tuple[tuple[int, ...], ...]:
    """For every hex, its neighbours on the scenario's sectors, in compass order (a unit's
    moves look no further)."""
    playable = _playable(c, scenario)
    grid = c.board.grid
    return tuple(tuple([n for n in grid.neighbors(h) if n in playable]) for h in grid)


def _in_sector(
    units: tuple[int, ...], where: list[int], sectors: tuple[frozenset[str], ...], sector: str
) -> tuple[int, ...]:
    """5.7: those of ``units`` on the map in ``sector`` (``DevilDogsState.in_sector`` worked
    out, after every move of a unit of the side: a loop over machine indexes, state.pxd)."""
    found = []
    for u in units:
        h = where[u]
        if h >= 0:
            here = sectors[h]
            if sector in here:
                found.append(u)
    return tuple(found)


def _place(
    where: list[int],
    at: dict[int, int],
    occupied: bytearray,
    held: dict[int, str],
    side: str,
    unit: int,
    hex_index: int,
) -> None:
    """``DevilDogsState.put`` on the state's containers (typed in state.pxd: a move is
    applied at almost every step of the move prompt)."""
    old = where[unit]
    if old >= 0:
        del at[old]
        occupied[old] = 0
    where[unit] = hex_index
    at[hex_index] = unit
    occupied[hex_index] = 1
    if hex_index in held:
        held[hex_index] = side  # C4: objectives change hands


class _Start:
    """What every game of a scenario starts from before its shuffles (3.1), worked out once
    per process: each new game (one per random playout) copies it instead of placing its
    units one by one."""

    def __init__(self, c: Components, scenario: str) -> None:
        sc = c.scenarios[scenario]
        n = len(c.units)
        self.decks = {s: c.deck(s) for s in SIDES}
        where = [OFF] * n
        at: dict[int, int] = {}
        occupied = bytearray(c.board.grid.size)
        held = {o.hex: o.holder for o in sc.objectives}
        for unit, hex_index in sc.setup:  # 3.1, as ``DevilDogsState.put`` places them
            _place(where, at, occupied, held, c.units[unit].side, unit, hex_index)
        lost = [0] * n
        for unit, steps in sc.damaged:
            lost[unit] = steps
        self.where, self.at, self.occupied, self.held, self.lost = where, at, occupied, held, lost
        self.arrivals = [g.turn for g in sc.reinforcements]  # 5.11 turn track
        self.replacements = int(c.tables["replacements"]["us_points"])  # 5.11
        self.text = f"scenario {sc.title} ({sc.date}): {sc.summary}"


@cache
def _start(c: Components, scenario: str) -> _Start:
    return _Start(c, scenario)


class DevilDogsState(AgendaState):
    """A game of Devil Dogs: Belleau Wood 1918 in progress."""

    turn_plan = TURN_PLAN

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}  # filled in by rules.py

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.c: Components = components()
        self.sc: Scenario = self.c.scenarios[str(game.options["scenario"])]
        self._playable = _playable(self.c, self.sc.id)
        self.playable_neighbors = _playable_neighbors(self.c, self.sc.id)
        self.turn = 1
        self.phase = "5.1"
        self.track = self.sc.track  # 5.3.1: positive = US, negative = German
        start = _start(self.c, self.sc.id)
        # top = last
        self.decks: dict[str, list[int]] = {s: list(d) for s, d in start.decks.items()}
        self.discard: dict[str, list[int]] = {s: [] for s in SIDES}
        self.hands: dict[str, list[int]] = {s: [] for s in SIDES}
        self.assigned: dict[str, dict[str, int]] = {s: {} for s in SIDES}  # sector -> card
        self.committed: list[str] = []  # sides done with the current simultaneous choice
        self.orders: dict[str, dict[str, str]] = {s: {} for s in SIDES}  # 5.4
        self.shown_orders: list[str] = []  # sides whose order indicators are face up
        self.chits: dict[str, str] = {}  # 5.3.2: sector -> us, german or stalemate
        self.battlefield: str | None = None  # 5.3.3
        self.activated: list[str] = []  # 5.6: sectors activated this turn, in order
        self.chooser: str | None = None  # 5.6: who chooses the next sector
        n = len(self.c.units)
        self.where = [OFF] * n
        self.at: dict[int, int] = {}  # hex -> unit (4.1: one unit per hex)
        # 1 where ``at`` has a unit, by hex index: the move prompt's test of each end
        self.occupied = bytearray(self.c.board.grid.size)
        self.lost = [0] * n  # 7.2: steps lost
        self.pinned: set[int] = set()  # 6.2
        self.hurt: set[int] = set()  # damaged or pinned this turn (9 ROUT!)
        self.dead_pool: dict[str, list[int]] = {s: [] for s in SIDES}  # 5.11, 8.3
        self.casualties: list[int] = []  # destroyed and set aside for scoring (5.11)
        self.effects: dict[str, int] = {}  # 9: this turn's keyword effects, "name:side:sector"
        self.combats: list[tuple[str, int]] = []  # 7.3: (initiator, range) in this sector
        self.executed: dict[str, list[tuple[str, int]]] = {s: [] for s in SIDES}  # 9 LEADERSHIP
        self.tokens: list[tuple[str, int]] = []  # artillery chits placed this turn (kind, hex)
        self.gas: list[tuple[str, int, int]] = []  # 9 GAS BARRAGE: (owner, hex, 1 or 2)
        self.drawn: list[tuple[str, int, str]] = []  # cards drawn for deviation: (side, card, why)
        self.arrivals = list(start.arrivals)  # 5.11 turn track
        self.replacements = start.replacements  # 5.11
        self.replaced: list[str] = []  # regiments given a replacement point this turn
        self.held = {o.hex: o.holder for o in self.sc.objectives}
        self.agenda: list[Step] = []
        self.hits: dict[str, list[tuple[str, ...]]] = {}  # choices made by pick prompts
        # what depends only on where one side's units stand (its hexes, its zone of control,
        # the other side's movement searches through them), kept until a unit of that side
        # is placed or removed, which gives the state a new dict: clones share the dicts,
        # since whatever any of them adds holds for all (movement.plans fills a list in)
        self.by_side: dict[str, dict[Any, Any]] = {s: {} for s in SIDES}
        self.setup()

    # --- set-up (3.1) -----------------------------------------------------------------

    def setup(self) -> None:
        """3.1: shuffle both decks, place the scenario's units, start turn 1."""
        for side in SIDES:
            self.rng.shuffle(self.decks[side])
        start = _start(self.c, self.sc.id)  # the units placed as ``put`` would, once
        self.where = list(start.where)
        self.at = dict(start.at)
        self.occupied = bytearray(start.occupied)
        self.held = dict(start.held)
        self.lost = list(start.lost)
        self.note("3.1", start.text)
        self.agenda = list(TURN_PLAN)

    # --- the agenda (5) ---------------------------------------------------------------

    # --- units on the map -------------------------------------------------------------

    def unit(self, index: int) -> Unit:
        return self.c.units[index]

    def unit_index(self, unit_id: str) -> int:
        return self.c.unit_by_id[unit_id].index

    def unit_or_done(self, action: Action) -> int | None:
        """The unit ``action`` names; None for ``done``, which ends the waiting prompt (pops it):
        the prompts that take units one by one until the player is done."""
        if action.verb == "done":
            self.pop()
            return None
        return self.c.unit_by_id[action.args[0]].index

    def units_of(self, side: str) -> list[int]:
        """The side's units on the map, in counter order."""
        where = self.where
        return [u for u in self.c.side_units[side] if where[u] >= 0]

    def in_sector(self, side: str, sector: str) -> list[int]:
        """5.7: the side's units in a sector, border hexes included, in counter order (kept
        until a unit of the side is placed or removed)."""
        cache = self.by_side[side]
        key = ("in_sector", sector)
        found: tuple[int, ...] | None = cache.get(key)
        if found is None:
            units = self.c.side_units[side]
            found = cache[key] = _in_sector(units, self.where, self.c.board.sectors, sector)
        return list(found)

    def is_playable(self, hex_index: int) -> bool:
        """A hex of one of the scenario's sectors (units never leave them)."""
        return hex_index in self._playable

    def playable(self) -> frozenset[int]:
        """Every hex of the scenario's sectors."""
        return self._playable

    def put(self, unit: int, hex_index: int) -> None:
        """Place or move a unit; 4.1 a hex holds one unit; objectives change hands (C4)."""
        side = self.c.units[unit].side
        _place(self.where, self.at, self.occupied, self.held, side, unit, hex_index)
        self.by_side[side] = {}  # a new dict: clones keep the one they share

    def take_off(self, unit: int, where: int) -> None:
        """Remove a unit from the map (destroyed or withdrawn)."""
        old = self.where[unit]
        if old >= 0:
            del self.at[old]
            self.occupied[old] = 0
            self.by_side[self.c.units[unit].side] = {}
        self.where[unit] = where
        self.pinned.discard(unit)

    def enemy_hexes(self, side: str) -> frozenset[int]:
        """Hexes holding a unit of the enemy of ``side`` (kept until an enemy unit moves)."""
        cache = self.by_side[ENEMY[side]]
        found: frozenset[int] | None = cache.get("enemies")
        if found is None:
            units = self.c.units
            found = frozenset([h for h, u in self.at.items() if units[u].side != side])
            cache["enemies"] = found
        return found

    def enemy_zone(self, side: str) -> frozenset[int]:
        """6.1: hexes adjacent to an enemy unit of ``side`` (kept until an enemy unit moves)."""
        cache = self.by_side[ENEMY[side]]
        found: frozenset[int] | None = cache.get("zone")
        if found is None:
            enemies = self.enemy_hexes(side)
            found = cache["zone"] = frozenset(zone_of_control(self.c.board.grid, enemies))
        return found

    def enemy_adjacent(self, unit: int) -> bool:
        """6.1: whether an enemy unit is adjacent (the unit's hex is in the enemy's zone)."""
        zone = self.by_side[self.c.foe[unit]].get("zone")  # (``enemy_zone`` when kept)
        if zone is None:
            zone = self.enemy_zone(self.c.units[unit].side)
        return self.where[unit] in zone

    def enemy_units_near(self, side: str, hex_index: int, radius: int) -> bool:
        """An enemy of ``side`` within ``radius`` hexes of a hex."""
        grid, units = self.c.board.grid, self.c.units
        for h, u in self.at.items():  # a loop: compiled, any() of a generator costs more
            if units[u].side != side and grid.distance(h, hex_index) <= radius:
                return True
        return False

    # --- steps, falters and pins (6.2, 7.2) -------------------------------------------

    def is_reduced(self, unit: int) -> bool:
        """7.2: flipped to the reduced side (four-step units after two losses, three after one)."""
        return self.lost[unit] >= self.unit(unit).steps - 2

    def has_falter(self, unit: int) -> bool:
        """7.2: a falter token marks the step lost before each flip or destruction."""
        lost = self.lost[unit]
        if self.unit(unit).steps == 4:
            return lost % 2 == 1  # full + falter, then reduced + falter
        return lost == 2  # three-step units: reduced first, then reduced + falter

    def has_tokens(self, unit: int) -> bool:
        return unit in self.pinned or self.has_falter(unit)

    def remove_falter(self, unit: int) -> None:
        """9 RALLY, REGROUP: taking the falter token off gives back that one step."""
        if self.has_falter(unit):
            self.lost[unit] -= 1

    def pin(self, unit: int, rule: str, why: str) -> None:
        """6.2: a pinning token; a unit already pinned loses a step instead."""
        if self.where[unit] < 0:
            return
        if unit in self.pinned:
            self.inflict(unit, rule, f"{why}, already pinned")
            return
        self.pinned.add(unit)
        self.hurt.add(unit)
        self.note(rule, f"{self.label(unit)} is pinned ({why})")

    def inflict(self, unit: int, rule: str, why: str, *, track: bool = True) -> bool:
        """7.2: one step loss (9 ENTRENCH may ignore it); 8.3 the destroyed go to the dead
        pool; 7.2 each step moves the initiative track one space for the enemy."""
        where = self.where[unit]
        if where < 0:
            return False
        u = self.c.units[unit]
        side = u.side
        effects = self.effects
        if effects:  # (empty until a keyword is played this turn: no key to build)
            for sector in sorted(self.c.board.sectors[where]):
                key = f"entrench:{side}:{sector}"
                if effects.get(key, 0) > 0:
                    effects[key] -= 1
                    self.note("9", f"{self.label(unit)} ignores a step loss ({why}): ENTRENCH")
                    return False
        self.lost[unit] += 1
        self.hurt.add(unit)
        if track:
            self.shift_track(ENEMY[side], 1, "7.2")
        if self.lost[unit] >= u.steps:
            self.destroy(unit, rule, why)
        else:
            self.note(rule, f"{self.label(unit)} loses a step ({why})")
        return True

    def destroy(self, unit: int, rule: str, why: str) -> None:
        """7.2, 8.3: the unit goes to the dead pool; the scenario ends if a side is gone."""
        self.note(rule, f"{self.label(unit)} is destroyed ({why})")
        self.take_off(unit, DEAD)
        side = self.unit(unit).side
        self.dead_pool[side].append(unit)
        self.casualties.append(unit)
        if not self.units_of(side) and not self.pending_groups(side):
            self.end(enemy(side), "3.1", f"no {side} units remain on the battlefield")

    def restore(self, unit: int) -> None:
        """9 AUDACITY, 5.11 replacements: all tokens off and back to full strength."""
        self.lost[unit] = 0
        self.pinned.discard(unit)

    # --- the initiative track (5.3.1, 7.2) -------------------------------------------

    def shift_track(self, side: str, spaces: int, rule: str) -> None:
        """7.2: move the initiative marker ``spaces`` towards ``side``, within the track."""
        if spaces <= 0:
            return
        limits = self.c.tables["track"]
        step = spaces if side == US else -spaces
        self.track = max(int(limits["min"]), min(int(limits["max"]), self.track + step))

    # --- cards (5.1, 5.5) ---------------------------------------------------------------

    def card(self, index: int) -> Card:
        return self.c.cards[index]

    def draw(self, side: str) -> int:
        """5.1: the top card of the side's deck; an empty deck is rebuilt from the discard."""
        if not self.decks[side]:
            self.decks[side] = self.discard[side]
            self.discard[side] = []
            self.rng.shuffle(self.decks[side])
            self.note("5.1", f"{side} reshuffles the discard into a new draw pile")
        self.reveal()
        return self.decks[side].pop()

    def draw_deviation(self, side: str, why: str, rule: str) -> int | None:
        """5.5: draw the top card for its artillery deviation (both players see it; it is
        discarded): a compass number, or None for HIT."""
        card = self.draw(side)
        self.discard[side].append(card)
        self.drawn.append((side, card, why))
        face = self.card(card)
        text = f"{side} draws {face.id} ({face.title}) for {why}"
        self.note(rule, f"{text}: deviation {face.deviation_text}")
        return face.deviation

    # --- sectors and orders (5.3, 5.4, 5.8) ------------------------------------------

    def row(self, side: str, sector: str) -> str:
        """5.3.2, 5.4: the order box a side executes in a sector."""
        if self.orders[side].get(sector) == "general":
            return "general"
        return "active" if self.chits.get(sector) == side else "reactive"

    def initiative_player(self, sector: str) -> str:
        """5.3.2, 5.8: the side with sector initiative (stalemate: battlefield initiative)."""
        chit = self.chits.get(sector)
        if chit in SIDES:
            return str(chit)
        return self.battlefield or self.sc.attacker

    def effect(self, name: str, side: str, sector: str) -> int:
        return self.effects.get(f"{name}:{side}:{sector}", 0)

    # --- reinforcements (5.11) --------------------------------------------------------

    def pending_groups(self, side: str) -> list[int]:
        """Reinforcing regiments still on the turn track."""
        where, found = self.where, []
        for i, g in enumerate(self.sc.reinforcements):
            if g.side == side:
                for u in g.units:  # a loop: compiled, any() of a generator costs more
                    if where[u] == OFF:
                        found.append(i)
                        break
        return found

    # --- text ----------------------------------------------------------------------------

    def hex_id(self, hex_index: int) -> str:
        return self.c.board.grid.id(hex_index)

    def label(self, unit: int) -> str:
        u = self.c.units[unit]
        where = self.where[unit]
        if where >= 0:
            return f"{u.id} ({u.name}) in {self.c.board.ids[where]}"
        return f"{u.id} ({u.name})"

    def sectors_left(self) -> list[str]:
        return [s for s in self.sc.sectors if s not in self.activated]

    # --- clone, observation, full state ----------------------------------------------

    def copy_into(self, new: State) -> None:
        # (``.copy()``: compiled, a direct call, where ``dict(x)`` goes through the type)
        assert isinstance(new, DevilDogsState)
        new.decks = {s: list(v) for s, v in self.decks.items()}
        new.discard = {s: list(v) for s, v in self.discard.items()}
        new.hands = {s: list(v) for s, v in self.hands.items()}
        new.assigned = {s: v.copy() for s, v in self.assigned.items()}
        new.committed = list(self.committed)
        new.orders = {s: v.copy() for s, v in self.orders.items()}
        new.shown_orders = list(self.shown_orders)
        new.chits = self.chits.copy()
        new.activated = list(self.activated)
        new.where = list(self.where)
        new.at = self.at.copy()
        new.occupied = bytearray(self.occupied)
        new.lost = list(self.lost)
        new.pinned = set(self.pinned)
        new.hurt = set(self.hurt)
        new.dead_pool = {s: list(v) for s, v in self.dead_pool.items()}
        new.casualties = list(self.casualties)
        new.effects = self.effects.copy()
        new.combats = list(self.combats)
        new.executed = {s: list(v) for s, v in self.executed.items()}
        new.tokens = list(self.tokens)
        new.gas = list(self.gas)
        new.drawn = list(self.drawn)
        new.arrivals = list(self.arrivals)
        new.replaced = list(self.replaced)
        new.held = self.held.copy()
        new.agenda = list(self.agenda)
        new.hits = {k: list(v) for k, v in self.hits.items()}
        new.by_side = self.by_side.copy()  # shared: a change of position makes a new one

    def forget_cached(self) -> None:
        """Also drop what was kept for where the units stand (``by_side``, ``occupied``): a
        position changed outside the rules may have moved them."""
        super().forget_cached()
        self.by_side = {s: {} for s in SIDES}
        self.occupied = bytearray(self.c.board.grid.size)
        for h in self.at:
            self.occupied[h] = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "scenario": self.sc.id,
            "turn": self.turn,
            "phase": self.phase,
            "track": self.track,
            "decks": self.decks,
            "discard": self.discard,
            "hands": self.hands,
            "assigned": self.assigned,
            "committed": self.committed,
            "orders": self.orders,
            "shown_orders": self.shown_orders,
            "chits": self.chits,
            "battlefield": self.battlefield,
            "activated": self.activated,
            "chooser": self.chooser,
            "where": self.where,
            "lost": self.lost,
            "pinned": sorted(self.pinned),
            "hurt": sorted(self.hurt),
            "dead_pool": self.dead_pool,
            "casualties": self.casualties,
            "effects": dict(sorted(self.effects.items())),
            "combats": self.combats,
            "executed": self.executed,
            "tokens": self.tokens,
            "gas": self.gas,
            "drawn": self.drawn,
            "arrivals": self.arrivals,
            "replacements": self.replacements,
            "replaced": self.replaced,
            "held": {str(h): s for h, s in sorted(self.held.items())},
            "agenda": self.agenda,
            "hits": self.hits,
        }

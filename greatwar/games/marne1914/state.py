"""The Miracle on the Marne position: counters, steps, modes, markers, control, the turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from greatwar.core import Game, Prompt
from greatwar.core.state import State
from greatwar.games.marne1914.data import (
    ALLIED,
    DEFENSIVE,
    GERMAN,
    OFFENSIVE,
    OTHER,
    SIDES,
    Components,
    Counter,
    components,
)

# Where a counter is when it is not in a hex (``where`` holds hex indexes otherwise).
WAITING = -1  # not deployed yet, or a reinforcement still to arrive (3, 7.3)
ELIMINATED = -2  # eliminated: an HQ may bring it back (12.1.5)
LOST = -3  # a reinforcement lost for the game (7.3.5: Paris enemy occupied)
NEVER = 999  # 15.2: a reinforcement group whose roll has not been made yet

Task = tuple[Any, ...]
# a unit's movement choice (movement.move_choices): (its hex, its mode, the neighbour open to
# it or -1 when a full search decided, the railroad destination with room or -1, the railroad
# destinations without room when none has, (unit, may recover, may take the railroad, may
# move by land))
MoveChoice = tuple[int, str, int, int, frozenset[int], tuple[int, bool, bool, bool]]
T = TypeVar("T")
P = TypeVar("P", bound="Position")


class Position(State):
    """The position's own fields (set up and documented in ``MarneState.__init__``).

    state.pxd makes this an extension type: its fields are C struct members, and the rules
    whose ``state`` the .pxd files declare a ``Position`` read them in C, without the generic
    attribute lookup a slot costs (hundreds of reads an action). ``MarneState`` takes them
    as its base: a MarneState is a Position; ``copy_into`` copies every field for clone and
    undo. Its own base is the engine's ``State``, an extension type too (core/state.pxd)."""

    __slots__ = (
        "arrived",
        "attachments",
        "attacked",
        "barred",
        "bombarded",
        "c",
        "cc_free",
        "cc_notes",
        "combat",
        "committed",
        "control",
        "cut_off",
        "displaced_kept",
        "disrupted",
        "due",
        "eliminations",
        "engaged",
        "entered",
        "entry_hexes",
        "first",
        "flags_kept",
        "garrison",
        "holder",
        "hq_of",
        "memo",
        "mode",
        "modes_memo",
        "modes_set",
        "move_memo",
        "moved",
        "oos",
        "pending",
        "phase",
        "player_turn",
        "rail_used",
        "railed",
        "rallied",
        "rebuilt_corps",
        "recent",
        "reserve",
        "revealed",
        "side_at",
        "sp_at",
        "stacks",
        "steps",
        "targets",
        "tasks",
        "taxi_used",
        "touched",
        "turn",
        "versions",
        "where",
        "zone_count",
    )

    # (the fields' types, for the type checker; state.pxd declares them for the compiler)
    c: Components
    turn: int
    phase: str
    first: str
    player_turn: int
    where: list[int]
    steps: list[int]
    stacks: dict[int, list[int]]
    sp_at: list[int]
    side_at: list[str | None]
    holder: bytearray
    zone_count: dict[str, bytearray]
    versions: dict[str, int]
    eliminations: int
    memo: dict[tuple[str, ...], tuple[object, Any]]
    flags_kept: dict[str, tuple[int, bytes]]
    displaced_kept: dict[str, tuple[Any, ...]]
    hq_of: list[int]
    attachments: int
    mode: dict[int, str]
    modes_set: int
    pending: dict[str, dict[int, str]]
    committed: list[str]
    revealed: set[int]
    disrupted: set[int]
    oos: set[int]
    cut_off: set[int]
    engaged: set[frozenset[int]]
    reserve: set[int]
    moved: set[int]
    railed: set[int]
    rallied: set[int]
    rebuilt_corps: set[str]
    rail_used: dict[str, int]
    attacked: set[int]
    targets: set[int]
    barred: dict[int, int]
    recent: set[int]
    bombarded: dict[int, int]
    combat: dict[str, Any] | None
    tasks: list[Task]
    control: list[str]
    garrison: set[int]
    arrived: set[str]
    due: dict[str, int]
    entry_hexes: dict[str, list[int]]
    entered: dict[int, int]
    taxi_used: bool
    cc_notes: dict[str, list[int]]
    cc_free: dict[str, list[int]]
    touched: list[int]
    move_memo: object
    modes_memo: dict[str, object]

    # --- counters and stacks ----------------------------------------------------------

    def counter(self, unit: int) -> Counter:
        return self.c.counters[unit]

    def unit(self, unit_id: str) -> int:
        return self.c.by_id[unit_id].index

    def units_in(self, hex_index: int) -> list[int]:
        """Units in a hex, bottom to top."""
        return self.stacks.get(hex_index, [])

    def combat_units_in(self, hex_index: int) -> list[int]:
        counters = self.c.counters
        return [u for u in self.stacks.get(hex_index, ()) if not counters[u].is_hq]

    def side_in(self, hex_index: int) -> str | None:
        return self.side_at[hex_index]

    def is_enemy_hex(self, hex_index: int, side: str) -> bool:
        """An enemy-held hex: enemy units, or for the Germans a Paris hex still garrisoned
        (13.1.1; PROVENANCE: the garrison holds its hex like a unit)."""
        if self.side_at[hex_index] == OTHER[side]:
            return True
        return side == GERMAN and self.is_garrisoned(hex_index)

    def is_garrisoned(self, hex_index: int) -> bool:
        """13.1.1: an unoccupied Paris hex with its intrinsic defense."""
        return hex_index in self.garrison and hex_index not in self.stacks

    def garrisoned(self) -> frozenset[int]:
        """13.1.1: the Paris hexes that hold their garrison now."""
        return frozenset(self.garrison.difference(self.stacks))

    def cached(self: P, key: tuple[str, str], stamp: object, make: Callable[[P, str], T]) -> T:
        """``make(self, key[1])``, kept under ``key`` until ``stamp`` (the versions it depends
        on) changes (``make`` a plain function: no bound method or partial made at each ask)."""
        found = self.memo.get(key)
        if found is not None and found[0] == stamp:
            return found[1]  # type: ignore[no-any-return]
        value = make(self, key[1])
        self.memo[key] = (stamp, value)
        return value

    def units_on_map(self, side: str) -> list[int]:
        """The side's units on the map, in counter order (kept until its stacks change)."""
        return list(self.held_units(side))

    def held_units(self, side: str) -> tuple[int, ...]:
        """``units_on_map`` as the shared tuple kept in the cache: not to be changed."""
        return self.cached(("units", side), self.versions[side], Position._units)

    def _units(self, side: str) -> tuple[int, ...]:
        where = self.where
        return tuple([u for u in self.c.side_units[side] if where[u] >= 0])

    def hexes_of(self, side: str) -> list[int]:
        """Hexes holding the side's units, in order (kept until its stacks change)."""
        return list(self.held_by(side))

    def held_by(self, side: str) -> tuple[int, ...]:
        """``hexes_of`` as the shared tuple kept in the cache: not to be changed."""
        return self.cached(("hexes", side), self.versions[side], Position._held_by)

    def _held_by(self, side: str) -> tuple[int, ...]:
        side_at = self.side_at
        return tuple(sorted([h for h in self.stacks if side_at[h] == side]))

    def combat_hexes_of(self, side: str) -> list[int]:
        """Hexes holding a side's combat units (an HQ alone exerts a ZOC too: 8.2.1.1)."""
        return self.hexes_of(side)

    # --- values and modes ---------------------------------------------------------------

    def attach(self, unit: int, hq: int) -> None:
        """7.3.2, 15.1.3: the unit is now commanded by ``hq`` (every change of ``hq_of`` goes
        through here: ``attachments`` counts them)."""
        self.hq_of[unit] = hq
        self.attachments += 1

    def set_mode(self, hq: int, mode: str) -> None:
        """5.2: the HQ counter now shows ``mode`` (every change of ``mode`` goes through here:
        ``modes_set`` counts them)."""
        self.mode[hq] = mode
        self.modes_set += 1

    def unit_mode(self, unit: int) -> str:
        """5.2.4: the mode on the unit's HQ counter."""
        return self.mode[self.hq_of[unit]]

    def is_reduced(self, unit: int) -> bool:
        return self.steps[unit] < self.c.steps_of[unit]

    def printed(self, unit: int) -> tuple[int, int, int]:
        counter = self.c.counters[unit]
        if self.is_reduced(unit) and counter.reduced is not None:
            return counter.reduced
        return counter.full

    def attack(self, unit: int) -> int:
        """10.1.2: two less when disrupted; 9.4.8 artillery attacks with its bombardment."""
        counter = self.c.counters[unit]
        value = self.bombard_factor(unit) if counter.is_artillery else self.printed(unit)[0]
        return max(0, value - (2 if unit in self.disrupted and not counter.is_artillery else 0))

    def bombard_factor(self, unit: int) -> int:
        """9.1: the bombardment factor now showing, two less when disrupted (10.1.2)."""
        counter = self.c.counters[unit]
        value = counter.bombard[1] if self.is_reduced(unit) else counter.bombard[0]
        return max(0, value - (2 if unit in self.disrupted else 0))

    def defense(self, unit: int) -> int:
        """10.1.2: two less when disrupted."""
        return max(0, self.printed(unit)[1] - (2 if unit in self.disrupted else 0))

    def allowance(self, unit: int) -> float:
        """7: the printed allowance; 5.1.2, 5.1.4 half in Defensive or Regroup mode."""
        move = float(self.printed(unit)[2])
        if self.unit_mode(unit) in (DEFENSIVE, "regroup"):
            return move / 2
        return move

    def sp_in(self, hex_index: int) -> int:
        return self.sp_at[hex_index]

    def stack_limit(self, units: list[int]) -> int:
        """8.1: 16 SP when every unit is in Offensive mode, otherwise 12."""
        table = self.c.tables["stacking"]
        if self.phase in ("allied_setup", "german_setup"):
            return int(table["setup"])
        counters, mode, hq_of = self.c.counters, self.mode, self.hq_of
        combat = False
        for u in units:  # (a loop, not ``all``: no generator made at each ask)
            if not counters[u].is_hq:
                if mode[hq_of[u]] != OFFENSIVE:
                    return int(table["other"])
                combat = True
        return int(table["offensive"] if combat else table["other"])

    def has_room(self, hex_index: int, units: list[int]) -> bool:
        """8.1: the hex holds no enemy and has room for ``units`` besides those already there."""
        counters = self.c.counters
        side = self.side_at[hex_index]
        if len(units) == 1:  # the common case, without building the stack's list
            unit = units[0]
            if side is not None and side != self.c.side_of[unit]:
                return False
            total = self.sp_at[hex_index]
            if self.where[unit] != hex_index:
                total += self.c.sp_of[unit]
            if total <= self.c.stack_floor:
                return True  # within every limit stack_limit can give
        present = [u for u in self.stacks.get(hex_index, ()) if u not in units]
        if present and counters[present[0]].side != counters[units[0]].side:
            return False
        together = present + list(units)
        total = 0
        for u in together:  # (a loop, not ``sum``: no generator made at each ask)
            total += counters[u].sp
        if total <= self.c.stack_floor:
            return True
        return total <= self.stack_limit(together)

    def is_overstacked(self, hex_index: int) -> bool:
        """8.1.3, 8.1.4: more stacking points than the hex's limit."""
        total = self.sp_at[hex_index]
        if total <= self.c.stack_floor:
            return False  # within every limit stack_limit can give (or empty)
        return total > self.stack_limit(self.stacks[hex_index])

    # --- zones of control (8.2) -----------------------------------------------------------

    def zoc(self, side: str) -> frozenset[int]:
        """8.2.1, 8.2.1.1: every unit exerts a ZOC into the six hexes around it (13.1.3: the
        Paris garrison has none)."""
        found = self.memo.get(("zoc", side))  # (``cached``'s test first: asked at every offer)
        if found is not None and found[0] == self.versions[side]:
            return found[1]  # type: ignore[no-any-return]
        return self.cached(("zoc", side), self.versions[side], Position._zoc)

    def _zoc(self, side: str) -> frozenset[int]:
        return zone_around(self.c.neighbors, self.held_by(side), self.c.board.grid.size)

    def enemy_held(self, side: str) -> frozenset[int]:
        """7.1.3 enemy-occupied hexes, and for the Germans the garrisoned Paris hexes (13.1)."""
        stamp = self.versions[OTHER[side]]  # ``enemy_stamp``
        found = self.memo.get(("held", side))  # (``cached``'s test first: asked at every offer)
        if found is not None and found[0] == stamp:
            return found[1]  # type: ignore[no-any-return]
        return self.cached(("held", side), stamp, Position._enemy_held)

    def _enemy_held(self, side: str) -> frozenset[int]:
        held = frozenset(self.held_by(OTHER[side]))
        return held.union(self.garrisoned()) if side == GERMAN else held

    def enemy_stamp(self, side: str) -> object:
        """What ``enemy_held`` depends on: the enemy's stacks, for the Germans the garrison too
        (counted in the Allies' version)."""
        return self.versions[OTHER[side]]

    def in_enemy_zoc(self, unit: int) -> bool:
        """8.2.1: next to an enemy unit: read off the enemy's ``zone_count`` (how many of the
        hex's neighbours it holds, kept with ``side_at``), not by looking at the neighbours."""
        counts = self.zone_count[OTHER[self.c.side_of[unit]]]
        return counts[self.where[unit]] != 0

    # --- text -----------------------------------------------------------------------------

    def hex_id(self, hex_index: int) -> str:
        ids = self.c.hex_ids
        if 0 <= hex_index < len(ids):
            return ids[hex_index]
        return self.c.board.grid.id(hex_index)  # (the grid's error)

    def name(self, unit: int) -> str:
        counter = self.c.counters[unit]
        face = " reduced" if self.is_reduced(unit) else ""
        return f"{counter.id}{face}"


class MarneState(Position):
    """A game of Miracle on the Marne in progress."""

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}  # filled in by rules.py
    task_handlers: ClassVar[Mapping[str, Callable[[MarneState, Task], bool]]] = {}
    phase_starts: ClassVar[Mapping[str, Callable[[MarneState], None]]] = {}
    sequence: ClassVar[Mapping[str, Callable[[MarneState], None]]] = {}  # 4: "next_phase"

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.c = components()
        n = len(self.c.counters)
        self.turn = 0
        self.phase = "allied_setup"  # a key of PHASE_TITLES (rules.py)
        self.first = GERMAN  # the first player of this turn (4.C, 6.2)
        self.player_turn = 0  # 0: first player turn, 1: second (4.C, 4.D)
        self.where = [WAITING] * n
        self.steps = [c.steps for c in self.c.counters]
        self.stacks = {}  # hex -> units, bottom to top
        size = self.c.board.grid.size
        self.sp_at = [0] * size  # stacking points in each hex (8.1.1), kept with ``stacks``
        self.side_at = [None] * size  # the side holding each hex
        # ``side_at`` as a byte a hex (``SIDE_CODE``, 0 when empty), and for each side how
        # many of each hex's neighbours it holds (8.2.1: the hex is in its ZOC when not 0):
        # kept with ``side_at`` (``_shift_holder``), so that 7.1.3's and 8.2.1's marks by hex
        # (``movement.move_flags``) are read off them, not worked out from every stack
        self.holder = bytearray(size)
        self.zone_count = {ALLIED: bytearray(size), GERMAN: bytearray(size)}
        # changes of each side's stacks (the Allies' count the Paris garrison's too: its defeat,
        # and any unit entering or leaving a hex it holds, 13.1.1): what is computed from one
        # side's positions is kept until they change
        self.versions = {ALLIED: 0, GERMAN: 0}
        # eliminations and returns so far (12.1.5): the eliminated units are kept until it
        # changes (movement.eliminated_units)
        self.eliminations = 0
        self.memo = {}
        self.flags_kept = {}  # side -> (the enemy's version, ``movement.move_flags``)
        self.displaced_kept = {}  # side -> ``results.displaced``'s kept answer and its stamp
        self.hq_of = [self.c.hq_of_corps[c.corps] for c in self.c.counters]  # 5.2.4, 7.3.2
        # changes of ``hq_of`` so far (``attach``): kept answers compare it, not the list
        self.attachments = 0
        self.mode = {hq: DEFENSIVE for hq in self.c.hq_of_corps.values()}  # 5.2.1
        # changes of ``mode`` so far (``set_mode``): kept answers compare it, not the dict
        self.modes_set = 0
        self.pending = {ALLIED: {}, GERMAN: {}}  # 5.2.5 face down
        self.committed = []  # sides done with the current simultaneous choice
        self.revealed = set()  # HQs whose mode combat has shown (5.2.5)
        self.disrupted = set()  # 10.1
        self.oos = set()  # out of supply (11.2)
        self.cut_off = set()  # HQs out of supply for the rest of the game (9.9)
        self.engaged = set()  # pairs of engaged hexes (9.6.2 EN)
        self.reserve = set()  # Defensive units that may attack (5.1.2 a)
        self.moved = set()  # moved (or tried recovery) this movement phase
        self.railed = set()  # used the railroad this player turn (7.2.3)
        self.rallied = set()  # removed disruption this player turn (10.2.2)
        self.rebuilt_corps = set()  # corps that tried 12.1.5 this turn
        self.rail_used = {"german": 0, "french": 0, "british": 0}
        self.attacked = set()  # units that attacked this combat phase
        self.targets = set()  # hexes attacked this combat phase (9.3.2)
        # 9.2.2: hexes whose units could have given supporting fire at an attack declared
        # earlier this phase -> that attack's target; they may no longer be attacked
        self.barred = {}
        self.recent = set()  # units retreated into a friendly hex (9.8.3)
        self.bombarded = {}  # artillery -> factors used this phase (9.1.4)
        self.combat = None  # the attack being resolved (9.2-9.5)
        self.tasks = []  # steps of a resolution still to carry out, in order
        self.control = list(self.c.board.start_control)  # 14: last side to enter
        self.garrison = set(self.c.board.paris)  # 13.1.1: Paris hexes with their 10 factors
        self.arrived = set()  # reinforcement groups that have entered (7.3)
        self.due = {}  # group -> turn it is due (7.3.4, 7.3.5 delays; 15.2)
        self.entry_hexes = {}  # group -> where a delayed group may enter
        self.entered = {}  # entry hex -> stacks entered this phase (7.3.6)
        self.taxi_used = False  # 15.1.1
        self.cc_notes = {ALLIED: [], GERMAN: []}  # 15.3.3
        self.cc_free = {ALLIED: [], GERMAN: []}  # 15.3.1 result 4
        # hexes whose stacks changed, in order (cleared as each Movement Phase begins): the
        # movement prompt's choices are read again only around them (movement.move_choices)
        self.touched = []
        # the movement prompt's last choices (movement.MoveMemo), read only at its frame, so
        # a clone reads afresh
        self.move_memo = None
        self.modes_memo = {}  # side -> modes.ModesMemo, read at its frame
        variable = bool(game.options.get("variable_reinforcements"))
        for group, spec in self.c.tables["reinforcements"]["groups"].items():
            self.due[group] = NEVER if variable else int(spec["turn"])  # 7.3.2, 15.2
        self.push("setup", side=ALLIED)

    # --- counters and stacks ----------------------------------------------------------

    def defeat_garrison(self, hex_index: int) -> None:
        """13.1.4: the Paris garrison of a hex is lost for good (it blocked movement and
        supply as an Allied unit would)."""
        self.garrison.discard(hex_index)
        self.versions[ALLIED] += 1

    def put(self, unit: int, hex_index: int) -> None:
        """Place or move a unit into a hex; 14 a combat unit entering a town or city takes it.
        7.3: a unit arriving during play is seen arriving (final, like a move: see ``lift``)."""
        put_unit(self, unit, hex_index)

    def set_down(self, unit: int, hex_index: int) -> None:
        """Put a unit that is off the map on top of a hex's stack, with nothing else (the
        rules' ``put`` adds control, determinization moves units unseen)."""
        set_down_unit(self, unit, hex_index)

    def lift(self, unit: int) -> None:
        """Take a unit off its hex. 8.1.5: the enemy cannot look into stacks, but sees a counter
        leave this one, so it learns where that unit stood: final (no undo past it)."""
        lift_unit(self, unit)

    def eliminate(self, unit: int, rule: str, why: str) -> None:
        hex_index = self.where[unit]
        where = self.hex_id(hex_index) if hex_index >= 0 else "reserve"
        self.tell(
            self.c.counters[unit].side,
            rule,
            f"{self.name(unit)} in {where} is eliminated ({why})",
            public=f"an enemy unit in {where} is eliminated ({why})",
        )
        self.lift(unit)
        self.where[unit] = ELIMINATED
        self.eliminations += 1
        self.steps[unit] = self.c.counters[unit].steps
        self.disrupted.discard(unit)
        self.oos.discard(unit)
        self.recent.discard(unit)
        self.drop_engagements()

    def lose_step(self, unit: int, rule: str, why: str) -> None:
        """9.6.4: a full unit is flipped to its reduced side, a reduced one eliminated."""
        if self.steps[unit] >= 2:
            self.steps[unit] -= 1
            self.tell(
                self.c.counters[unit].side,
                rule,
                f"{self.name(unit)} loses a step ({why})",
                public=f"an enemy unit in {self.hex_id(self.where[unit])} loses a step ({why})",
            )
        else:
            self.eliminate(unit, rule, why)

    def drop_engagements(self) -> None:
        """9.6.2: an engagement ends when one of its hexes no longer holds its units."""
        self.engaged = {pair for pair in self.engaged if all(self.combat_units_in(h) for h in pair)}

    # --- the sequence of play (4) -------------------------------------------------------

    @property
    def active(self) -> str:
        """The phasing player (4)."""
        if self.phase == "allied_setup":
            return ALLIED
        if self.phase == "german_setup":
            return GERMAN
        return self.first if self.player_turn == 0 else OTHER[self.first]

    def date(self) -> str:
        dates: list[str] = self.c.tables["turns"]["dates"]
        return dates[self.turn - 1] if 1 <= self.turn <= len(dates) else "deployment"

    def last_turn(self) -> int:
        return len(self.c.tables["turns"]["dates"])

    def option(self, name: str) -> bool:
        return bool(self.game.options[name])

    def advance(self) -> None:
        """Run the phases in order; a phase waits on the stack while it needs a choice."""
        advance_position(self)

    def run_tasks(self) -> None:
        while self.tasks and not self.is_terminal():
            task = self.tasks.pop(0)
            if not self.task_handlers[task[0]](self, task):
                self.stack[-1]["blocking"] = True  # answering it resumes the queue
                return

    def then(self, *tasks: Task) -> None:
        """Queue steps to run before the ones already waiting."""
        self.tasks[0:0] = list(tasks)

    # --- text -----------------------------------------------------------------------------

    def tell(self, side: str, rule: str, text: str, public: str = "") -> None:
        """A note only ``side`` reads (8.1.5: the enemy never reads a stack's contents), and
        what the other side may read of it, if anything: news of a side's hidden counters is
        final (no undo past it)."""
        self.note(rule, text, to=side)
        if public:
            self.reveal()
            self.note(rule, public, to=OTHER[side])

    # --- clone and full state -----------------------------------------------------------

    def forget_cached(self) -> None:
        super().forget_cached()
        self.move_memo = None
        self.modes_memo = {}

    def copy_into(self, new: State) -> None:
        assert isinstance(new, MarneState)
        new.c = self.c
        new.turn, new.phase, new.first = self.turn, self.phase, self.first
        new.player_turn, new.taxi_used = self.player_turn, self.taxi_used
        new.eliminations = self.eliminations
        new.move_memo = self.move_memo  # (read only at its own frame: a clone's are copies)
        new.touched = list(self.touched)
        new.modes_memo = dict(self.modes_memo)
        new.memo = dict(self.memo)
        new.flags_kept = dict(self.flags_kept)
        new.displaced_kept = dict(self.displaced_kept)
        new.versions = dict(self.versions)
        new.sp_at = list(self.sp_at)
        new.side_at = list(self.side_at)
        new.holder = bytearray(self.holder)
        new.zone_count = {s: bytearray(z) for s, z in self.zone_count.items()}
        new.where = list(self.where)
        new.steps = list(self.steps)
        new.stacks = {h: list(s) for h, s in self.stacks.items()}
        new.hq_of = list(self.hq_of)
        new.attachments = self.attachments
        new.mode = dict(self.mode)
        new.modes_set = self.modes_set
        new.pending = {s: dict(p) for s, p in self.pending.items()}
        new.committed = list(self.committed)
        new.revealed = set(self.revealed)
        new.disrupted = set(self.disrupted)
        new.oos = set(self.oos)
        new.cut_off = set(self.cut_off)
        new.engaged = set(self.engaged)
        new.reserve = set(self.reserve)
        new.moved = set(self.moved)
        new.railed = set(self.railed)
        new.rallied = set(self.rallied)
        new.rebuilt_corps = set(self.rebuilt_corps)
        new.rail_used = dict(self.rail_used)
        new.attacked = set(self.attacked)
        new.targets = set(self.targets)
        new.barred = dict(self.barred)
        new.recent = set(self.recent)
        new.bombarded = dict(self.bombarded)
        new.combat = _copy_combat(self.combat)
        new.tasks = list(self.tasks)
        new.control = list(self.control)
        new.garrison = set(self.garrison)
        new.arrived = set(self.arrived)
        new.due = dict(self.due)
        new.entry_hexes = {g: list(h) for g, h in self.entry_hexes.items()}
        new.entered = dict(self.entered)
        new.cc_notes = {s: list(n) for s, n in self.cc_notes.items()}
        new.cc_free = {s: list(n) for s, n in self.cc_free.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "turn": self.turn,
            "phase": self.phase,
            "first": self.first,
            "player_turn": self.player_turn,
            "where": self.where,
            "steps": self.steps,
            "stacks": {str(h): s for h, s in sorted(self.stacks.items())},
            "hq_of": self.hq_of,
            "mode": {str(h): m for h, m in sorted(self.mode.items())},
            "pending": {
                s: {str(h): m for h, m in sorted(p.items())} for s, p in self.pending.items()
            },
            "committed": self.committed,
            "revealed": sorted(self.revealed),
            "disrupted": sorted(self.disrupted),
            "oos": sorted(self.oos),
            "cut_off": sorted(self.cut_off),
            "engaged": sorted(sorted(p) for p in self.engaged),
            "reserve": sorted(self.reserve),
            "moved": sorted(self.moved),
            "railed": sorted(self.railed),
            "rallied": sorted(self.rallied),
            "rebuilt_corps": sorted(self.rebuilt_corps),
            "rail_used": self.rail_used,
            "attacked": sorted(self.attacked),
            "targets": sorted(self.targets),
            "barred": {str(h): t for h, t in sorted(self.barred.items())},
            "recent": sorted(self.recent),
            "bombarded": {str(u): f for u, f in sorted(self.bombarded.items())},
            "combat": self.combat,
            "tasks": self.tasks,
            "control": self.control,
            "garrison": sorted(self.garrison),
            "arrived": sorted(self.arrived),
            "due": dict(sorted(self.due.items())),
            "entry_hexes": dict(sorted(self.entry_hexes.items())),
            "entered": {str(h): n for h, n in sorted(self.entered.items())},
            "taxi_used": self.taxi_used,
            "cc_notes": self.cc_notes,
            "cc_free": self.cc_free,
        }


def put_unit(state: MarneState, unit: int, hex_index: int) -> None:
    """``MarneState.put`` (a function: typed in state.pxd, the position read in C)."""
    if state.where[unit] < 0 and not state.phase.endswith("setup"):
        state.reveal()
    lift_unit(state, unit)  # ``lift`` and ``set_down``, called in C when compiled
    set_down_unit(state, unit, hex_index)
    c = state.c
    if not c.is_hq_of[unit] and c.board.value[hex_index]:
        state.control[hex_index] = c.side_of[unit]  # 14: the last side to enter


def set_down_unit(state: MarneState, unit: int, hex_index: int) -> None:
    """``MarneState.set_down`` (a function: typed in state.pxd, called in C by ``put``)."""
    c, versions = state.c, state.versions
    side = c.side_of[unit]
    versions[side] += 1
    # (the hex as a Python int made once when compiled, for the set, list and dict below)
    key = hex_index
    if key in state.garrison:
        versions[ALLIED] += 1  # ``garrisoned`` may change
    state.touched.append(key)
    where = state.where
    if where[unit] == ELIMINATED:
        state.eliminations += 1  # 12.1.5 a unit brought back
    where[unit] = key
    stacks = state.stacks
    stack = stacks.get(key)
    if stack is None:
        stacks[key] = [unit]
    else:
        stack.append(unit)
    state.sp_at[hex_index] += c.sp_of[unit]
    was = state.side_at[hex_index]
    if was is None or was != side:
        _shift_holder(state, hex_index, was, side)
    state.side_at[hex_index] = side


def lift_unit(state: MarneState, unit: int) -> None:
    """``MarneState.lift`` (a function: typed in state.pxd, called in C by ``put``)."""
    c, versions = state.c, state.versions
    versions[c.side_of[unit]] += 1
    old = state.where[unit]
    if old >= 0:
        state.reveal()
        if old in state.garrison:
            versions[ALLIED] += 1  # ``garrisoned`` may change
        state.touched.append(old)
        stacks = state.stacks
        stack = stacks[old]
        stack.remove(unit)
        state.sp_at[old] -= c.sp_of[unit]
        if not stack:
            del stacks[old]
            _shift_holder(state, old, state.side_at[old], None)
            state.side_at[old] = None


SIDE_CODE = {ALLIED: 1, GERMAN: 2}  # ``holder``'s byte for a side (0: nobody)


def _shift_holder(state: MarneState, hex_index: int, was: str | None, now: str | None) -> None:
    """``side_at[hex_index]`` goes from ``was`` to ``now``: ``holder`` and the two sides'
    ``zone_count`` follow (8.2.1: a held hex puts its six neighbours in its side's ZOC)."""
    row = state.c.neighbors[hex_index]
    if was is not None:
        counts = state.zone_count[was]
        for neighbor in row:
            n = neighbor  # (a machine integer when compiled)
            counts[n] -= 1
    if now is not None:
        counts = state.zone_count[now]
        for neighbor in row:
            n = neighbor
            counts[n] += 1
        state.holder[hex_index] = SIDE_CODE[now]
    else:
        state.holder[hex_index] = 0


HELD, IN_ZOC = 1, 2  # ``move_flags``


def move_flags(state: Position, side: str) -> bytes:
    """For each hex, HELD when enemy-held (7.1.3, ``enemy_held``) and IN_ZOC when in the
    enemy's ZOC (8.2.1): read by index in the movement searches, kept until the enemy's stacks
    change."""
    stamp = state.versions[OTHER[side]]  # ``enemy_stamp``
    # (kept by side in their own dict, not ``memo``: asked at every search, and a key that is
    # the side's string is found without a tuple made and hashed)
    found = state.flags_kept.get(side)
    if found is not None and found[0] == stamp:
        return found[1]
    flags = _move_flags(state, side)
    state.flags_kept[side] = (stamp, flags)
    return flags


def _move_flags(state: Position, side: str) -> bytes:
    """``move_flags`` read off the position's ``holder`` and the enemy's ``zone_count`` (kept
    hex by hex as stacks change): ``enemy_held`` and ``zoc`` without making either set."""
    enemy = OTHER[side]
    holder, counts = state.holder, state.zone_count[enemy]
    size = len(holder)
    flags = bytearray(size)
    code, held, in_zoc = SIDE_CODE[enemy], HELD, IN_ZOC
    for h in range(size):
        mark = 0
        if holder[h] == code:
            mark = held  # 7.1.3 enemy units
        if counts[h]:
            mark |= in_zoc  # 8.2.1
        flags[h] = mark
    if side == GERMAN:
        stacks = state.stacks
        for g in state.garrison:  # 13.1: a garrisoned Paris hex holds as an Allied unit
            if g not in stacks:
                h = g
                flags[h] |= held
    return bytes(flags)


def zone_around(
    neighbors: tuple[tuple[int, ...], ...], hexes: tuple[int, ...], size: int
) -> frozenset[int]:
    """The hexes next to any of ``hexes`` (8.2.1), each taken once (marked by index: typed
    in state.pxd)."""
    marks = bytearray(size)
    zone = []
    for h in hexes:
        row = neighbors[h]
        for neighbor in row:
            n = neighbor  # (a machine integer to mark by; the table's own int kept, not made again)
            if not marks[n]:
                marks[n] = 1
                zone.append(neighbor)
    return frozenset(zone)


def _copy_combat(combat: dict[str, Any] | None) -> dict[str, Any] | None:
    if combat is None:
        return None
    return {
        k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
        for k, v in combat.items()
    }


def advance_position(state: MarneState) -> None:
    """``MarneState.advance``, after every action: typed in state.pxd, so that the fields it
    reads (the winner, the tasks) are read in C (most actions end at its first look)."""
    while state._winner is None:  # (``is_terminal``)
        if state.tasks and not (state.stack and state.stack[-1].get("blocking")):
            state.run_tasks()  # a resolution's steps run before the prompt beneath them
        elif not state.stack:
            state.sequence["next_phase"](state)
        else:
            return


def sides_in_order(state: MarneState) -> tuple[str, str]:
    """(first player, second player) of this turn (4.C, 4.D)."""
    return state.first, OTHER[state.first]


__all__ = ["ELIMINATED", "LOST", "SIDES", "WAITING", "MarneState", "Task"]

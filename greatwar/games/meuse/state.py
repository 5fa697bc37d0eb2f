"""The Meuse-Argonne position: counters, steps, markers, the turn and the sequence of play."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from greatwar.core import Action, Frame, Game, Prompt, State, act
from greatwar.games.meuse.config import RuleConfig
from greatwar.games.meuse.data import ALLIED, GERMAN, Components, Counter, components
from greatwar.hexes.stacks import UnitStacks

# Where a counter is when it is not in a hex (``where`` holds hex indexes otherwise).
UNPLACED = -1  # not yet set up, or a reinforcement still to arrive
ELIMINATED = -2  # eliminated: a replacement may bring it back (MA 11.3, 11.6)
BROKEN_DOWN = -3  # a three-step division voluntarily broken down (MA 13.2)
POOL = -4  # a brigade chit not in play (MA 13.1, 13.2)
SETUP = -1

# Digest 4.1 with MA 17.2: each player turn is movement, bombardment at its end, then combat.
PHASES = (
    (ALLIED, "movement", "Allied Movement Phase"),
    (ALLIED, "bombardment", "Allied Bombardment (end of movement, 17.2)"),
    (ALLIED, "combat", "Allied Combat Phase"),
    (GERMAN, "movement", "German Movement Phase"),
    (GERMAN, "bombardment", "German Bombardment (end of movement, 17.2)"),
    (GERMAN, "combat", "German Combat Phase"),
)
OTHER = {ALLIED: GERMAN, GERMAN: ALLIED}

Task = tuple[Any, ...]

# movement.unmoved_movers: (the movement phase's frame, how many units had moved, the units
# that can move, those decided by a search past their neighbours, each unit's status)
MoverMemo = tuple[Frame | None, int, list[int], list[int], bytes]
NO_MOVERS: MoverMemo = (None, 0, [], [], b"")


class MeuseState(State, UnitStacks):
    """A game of Meuse-Argonne: The Final Offensive in progress."""

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}  # filled in by rules.py
    phase_starts: ClassVar[Mapping[str, Callable[[MeuseState, str], None]]] = {}
    task_handlers: ClassVar[Mapping[str, Callable[[MeuseState, Task], bool]]] = {}

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.c: Components = components()
        self.cfg = RuleConfig.of(self.c.tables, game.options)
        self.turn = 0
        self.phase = SETUP
        brigades = set(self.c.brigades)
        self.where = [POOL if u in brigades else UNPLACED for u in range(len(self.c.counters))]
        self.steps = [c.counter_steps for c in self.c.counters]
        self.stacks: dict[int, list[int]] = {}  # hex -> units, bottom to top
        self.moved: set[int] = set()  # units that moved this phase (digest 5.1)
        self.attacked: set[int] = set()  # units that attacked this phase (digest 7.1)
        self.attacked_hexes: set[int] = set()  # hexes attacked this phase (digest 7.1)
        self.breached: set[int] = set()  # MA 17.6: breached works hexes
        self.lost_battalion_used = False  # MA 18.1: once per game
        self.german_replacement_used = False  # MA 11.6: once per game
        self.replacement = ""  # MA 11.3: this phase's Allied replacement: "", "rebuild", "used"
        self.markers = {ALLIED: 0, GERMAN: 0}  # MA 17.1: bombardment markers left this turn
        self.plan: list[tuple[int, int]] = []  # MA 17.2: (unit, hex) of each placed marker
        self.aircraft: list[int] = []  # MA 17.3: hexes of the Allied aircraft placed
        self.gas = False  # MA 17.7: the Allies use gas in this bombardment
        self.support = {ALLIED: [0], GERMAN: [0]}  # digest 8.1: marker strengths left
        self.combat: dict[str, Any] | None = None  # the attack being resolved (digest 7.1)
        self.tasks: list[Task] = []  # steps of a resolution still to carry out, in order
        self.delayed: list[int] = []  # reinforcements that found no entry hex yet
        # what depends on where one side's units stand only (its hexes and ZOC, the other
        # side's movement searches and supply through them), kept until a unit of that side is
        # placed or lifted, so a side's own moves keep its searches; never changed in place
        self._by_side: dict[str, dict[tuple[Any, ...], Any]] = {ALLIED: {}, GERMAN: {}}
        # and what depends on where both sides' units stand, kept until any unit is placed or
        # lifted (what is observed for bombardment, 17.3)
        self._by_both: dict[tuple[Any, ...], Any] = {}
        # the movement phase's units that can move (movement.unmoved_movers)
        self.mover_memo: MoverMemo = NO_MOVERS
        for unit in self.c.units(self.c.tables["setup"]["depleted"]):
            self.steps[unit] = 1  # MA 19.4 set up depleted
        self.note("10.2", self.cfg.summary())
        self.push("allied_setup", side=ALLIED)

    # --- counters and stacks ----------------------------------------------------------

    def counter(self, unit: int) -> Counter:
        return self.c.counters[unit]

    def units_on_map(self, side: str) -> Iterator[int]:
        for stack in self.stacks.values():
            for unit in stack:
                if self.c.counters[unit].side == side:
                    yield unit

    def hexes_of(self, side: str) -> tuple[int, ...]:
        """Hexes holding units of a side, in order."""
        cache = self._by_side[side]
        found: tuple[int, ...] | None = cache.get(("hexes",))
        if found is None:
            side_of = self.c.side_of
            hexes = [h for h, s in self.stacks.items() if side_of[s[0]] == side]
            hexes.sort()
            found = cache["hexes",] = tuple(hexes)
        return found

    def occupied(self, side: str) -> frozenset[int]:
        """``hexes_of`` as a set."""
        cache = self._by_side[side]
        found: frozenset[int] | None = cache.get(("occupied",))
        if found is None:
            found = cache["occupied",] = frozenset(self.hexes_of(side))
        return found

    def derived_from(self, side: str, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """A value computed from where ``side``'s units stand and from nothing else of the
        position but what ``key`` names, kept until a unit of ``side`` is placed or lifted
        (it must not change in place)."""
        cache = self._by_side[side]
        found = cache.get(key)
        if found is None:
            found = cache[key] = make()
        return found

    def kept(self, side: str, key: tuple[Any, ...]) -> Any:
        """What ``keep`` kept under ``key``, or None: ``derived_from`` for a hot path, without
        a function to make the value."""
        return self._by_side[side].get(key)

    def keep(self, side: str, key: tuple[Any, ...], value: Any) -> Any:
        """Keep a value computed from where ``side``'s units stand and from nothing else of the
        position but what ``key`` names, until a unit of ``side`` is placed or lifted (it must
        not change in place); the value."""
        self._by_side[side][key] = value
        return value

    def derived_from_both(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """A value computed from where both sides' units stand and from nothing else of the
        position but what ``key`` names, kept until any unit is placed or lifted (it must not
        change in place)."""
        found = self._by_both.get(key)
        if found is None:
            found = self._by_both[key] = make()
        return found

    def values(self, unit: int) -> tuple[int, int, int]:
        """Attack, defense and movement allowance of the side now showing (MA 13.1)."""
        counter = self.c.counters[unit]
        return counter.full if self.steps[unit] >= 2 or counter.is_brigade else counter.depleted

    def is_depleted(self, unit: int) -> bool:
        counter = self.c.counters[unit]
        return not counter.is_brigade and self.steps[unit] < 2

    def room(self, hex_index: int, units: list[int]) -> bool:
        """Digest 5.3 one unit per hex; MA 13.2 two or three brigades may share a hex."""
        side_of = self.c.side_of
        present = [u for u in self.stacks.get(hex_index, ()) if u not in units]
        if present and side_of[present[0]] != side_of[units[0]]:
            return False
        together = len(present) + len(units)
        if together <= self.cfg.stacking_limit:
            return True
        is_brigade = self.c.is_brigade
        return (
            together <= self.c.brigades_per_stack
            and all(is_brigade[u] for u in present)
            and all(is_brigade[u] for u in units)
        )

    def put(self, unit: int, hex_index: int) -> None:
        """Place or move a unit into a hex; MA 12.1 an Allied unit entering Sedan wins.
        (``UnitStacks.put`` with what its side's layout gave forgotten, in one call: the
        commonest change of the position.)"""
        side = self.c.side_of[unit]
        if self._by_side[side]:  # (as ``_layout_changed``: placed, or lifted from its hex)
            self._by_side[side] = {}
        if self._by_both:
            self._by_both = {}
        _place(self.where, self.stacks, unit, hex_index)
        if hex_index == self.c.sedan:
            check_sedan(self, unit, hex_index)

    def lift(self, unit: int) -> None:
        """Take a unit off its hex (if it is in one)."""
        if self.where[unit] >= 0:
            self._layout_changed(unit)
        super().lift(unit)

    def _layout_changed(self, unit: int) -> None:
        """Forget what was derived from where the unit's side stood (a new dict: clones keep
        theirs)."""
        side = self.c.side_of[unit]
        if self._by_side[side]:
            self._by_side[side] = {}
        if self._by_both:
            self._by_both = {}

    def forget_cached(self) -> None:
        """Also what was derived from where the units stand: a position changed outside the
        rules (a test, a determinization) may have moved them without ``put`` or ``lift``."""
        super().forget_cached()
        self._by_side = {ALLIED: {}, GERMAN: {}}
        self._by_both = {}
        self.mover_memo = NO_MOVERS

    def remove(self, unit: int, where: int) -> None:
        """Take a unit off the map into the eliminated pile, out of play or the chit pool."""
        self.take_off(unit, where)
        self.steps[unit] = self.c.counters[unit].counter_steps

    def free_brigades(self) -> list[int]:
        """MA 13.2: brigade chits not in play, in counter order."""
        return [b for b in self.c.brigades if self.where[b] == POOL]

    def lose_step(self, unit: int, rule: str, why: str) -> None:
        """Digest 2.4: a full unit is flipped, a depleted one or a brigade eliminated."""
        if self.steps[unit] >= 2:
            self.steps[unit] -= 1
            self.note(rule, f"{self.label(unit)} is depleted ({why})")
        else:
            self.eliminate(unit, rule, why)

    def eliminate(self, unit: int, rule: str, why: str) -> None:
        """All the unit's steps; MA 13.1 a three-step division leaves its brigade step behind."""
        counter = self.c.counters[unit]
        hex_index = self.where[unit]
        self.note(rule, f"{self.label(unit)} in {self.hex_id(hex_index)} is eliminated ({why})")
        self.remove(unit, POOL if counter.is_brigade else ELIMINATED)
        if counter.is_three_step:
            free = self.free_brigades()
            if free:
                self.put(free[0], hex_index)
                self.note("13.1", f"{self.label(free[0])} takes the third step of {counter.name}")
            else:
                self.note("13.2", f"no brigade chit is free to take the third step of {counter.id}")

    # --- zones of control (digest 6.0, MA 14.2) -----------------------------------------

    def is_works(self, hex_index: int) -> bool:
        """An unbreached Stellung, 2nd Tier Trench or Fortifications hex (MA 14.2, 17.6)."""
        return hex_index in self.c.board.works and hex_index not in self.breached

    def zoc(self, side: str) -> frozenset[int]:
        """Hexes in the ZOC of ``side``'s units; MA 14.2 Allied ZOC stops at unbreached works."""
        cache = self._by_side[side]
        key = ("zoc", len(self.breached))  # breaches are never repaired (17.6)
        found: frozenset[int] | None = cache.get(key)
        if found is None:
            neighbors = self.c.neighbors
            zone: set[int] = set()
            for hex_index in self.hexes_of(side):
                zone.update(neighbors[hex_index])
            if side == ALLIED:
                zone -= self.c.board.works.keys() - self.breached
            found = cache[key] = frozenset(zone)
        return found

    # --- the sequence of play (digest 4.1, MA 15) ----------------------------------------

    @property
    def active(self) -> str:
        """The phasing side."""
        return PHASES[self.phase][0] if self.phase >= 0 else ALLIED

    def advance(self) -> None:
        """Run the phases in order; a phase waits on the stack while it needs a choice."""
        while not self.stack and not self.is_terminal():
            if self.tasks:
                self.run_tasks()
            else:
                self.next_phase()

    def next_phase(self) -> None:
        if self.phase == SETUP:
            self.turn = 1
            first = "bombardment" if self.cfg.turn1_bombardment_first else "combat"
            self.phase = next(i for i, p in enumerate(PHASES) if p[:2] == (ALLIED, first))
            self.start_turn()  # MA 15.2 the game begins with the Allied combat phase
        elif self.phase == len(PHASES) - 1:
            if is_armistice(self):
                armistice(self)
                return
            self.turn, self.phase = self.turn + 1, 0
            self.start_turn()
        else:
            self.phase += 1
        self.moved.clear()
        self.attacked.clear()
        self.attacked_hexes.clear()
        side, kind, title = PHASES[self.phase]
        self.note("15.1", f"turn {self.turn} ({self.date()}): {title}")
        self.phase_starts[kind](self, side)

    def start_turn(self) -> None:
        """Digest 4.1 A: this turn's bombardment markers (MA 17.1) and support fire (8.1)."""
        track = self.c.tables["artillery_track"]
        self.markers = {ALLIED: track[ALLIED][self.turn - 1], GERMAN: track[GERMAN][self.turn - 1]}
        self.support = {
            ALLIED: list(self.cfg.allied_support_markers),
            GERMAN: list(self.cfg.german_support_markers),
        }
        self.note(
            "17.1",
            f"artillery track: {self.markers[ALLIED]} Allied and {self.markers[GERMAN]} German "
            "bombardment markers",
        )

    def date(self) -> str:
        dates: list[str] = self.c.tables["turns"]["dates"]
        return dates[self.turn - 1] if self.turn >= 1 else "set-up"

    def run_tasks(self) -> None:
        """Carry out the queued steps of a resolution until one waits for a choice."""
        while self.tasks and not self.is_terminal():
            task = self.tasks.pop(0)
            if not self.task_handlers[task[0]](self, task):
                return  # the handler pushed a prompt; answering it resumes the queue

    def then(self, *tasks: Task) -> None:
        """Queue steps to run before the ones already waiting."""
        self.tasks[0:0] = list(tasks)

    # --- text for logs and actions -------------------------------------------------------

    def hex_id(self, hex_index: int) -> str:
        """The printed id of a hex (from the components' table, without a method call)."""
        ids = self.c.hex_ids
        if 0 <= hex_index < len(ids):
            return ids[hex_index]
        return self.c.board.grid.id(hex_index)  # (which says what is wrong)

    def hex_actions(self, verb: str) -> tuple[Action, ...]:
        """``verb HEX`` for every hex, by index: made once per verb in a process (the map is
        the same in every game, and the rules offer these again after every action)."""
        found = _HEX_ACTIONS.get(verb)
        if found is None:
            grid = self.c.board.grid
            found = _HEX_ACTIONS[verb] = tuple(act(verb, grid.id(h)) for h in grid)
        return found

    def unit_actions(self, verb: str) -> tuple[Action, ...]:
        """``verb UNIT`` for every counter, by index, made once per verb in a process."""
        found = _UNIT_ACTIONS.get(verb)
        if found is None:
            found = _UNIT_ACTIONS[verb] = tuple(act(verb, c.id) for c in self.c.counters)
        return found

    def label(self, unit: int) -> str:
        """The unit as the log names it, with the face now showing: made once per unit and
        face in a process (the counters are the same in every game)."""
        counter = self.c.counters[unit]
        full = counter.is_brigade or self.steps[unit] >= 2  # (not ``is_depleted``, read here)
        key = 2 * unit + (1 if full else 0)
        found = _LABELS.get(key)
        if found is None:
            attack, defense, move = self.values(unit)
            face = "" if full else " depleted"
            found = _LABELS[key] = f"{counter.id} ({counter.name}{face}, {attack}-{defense}-{move})"
        return found

    # --- clone and full state -------------------------------------------------------------

    def copy_into(self, new: State) -> None:
        assert isinstance(new, MeuseState)
        new.where = list(self.where)
        new.steps = list(self.steps)
        new.stacks = {h: list(s) for h, s in self.stacks.items()}
        new.moved = set(self.moved)
        new.attacked = set(self.attacked)
        new.attacked_hexes = set(self.attacked_hexes)
        new.breached = set(self.breached)
        new.markers = dict(self.markers)
        new.plan = list(self.plan)
        new.aircraft = list(self.aircraft)
        new.support = {side: list(m) for side, m in self.support.items()}
        new.combat = dict(self.combat) if self.combat is not None else None
        new.tasks = list(self.tasks)
        new.delayed = list(self.delayed)
        new._by_side = {side: dict(cache) for side, cache in self._by_side.items()}
        new._by_both = dict(self._by_both)

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "turn": self.turn,
            "phase": self.phase,
            "where": self.where,
            "steps": self.steps,
            "stacks": {str(h): s for h, s in sorted(self.stacks.items())},
            "moved": sorted(self.moved),
            "attacked": sorted(self.attacked),
            "attacked_hexes": sorted(self.attacked_hexes),
            "breached": sorted(self.breached),
            "lost_battalion_used": self.lost_battalion_used,
            "german_replacement_used": self.german_replacement_used,
            "replacement": self.replacement,
            "markers": self.markers,
            "plan": self.plan,
            "aircraft": self.aircraft,
            "gas": self.gas,
            "support": self.support,
            "combat": self.combat,
            "tasks": self.tasks,
            "delayed": self.delayed,
        }


def pick(actions: tuple[Action, ...], indexes: list[int]) -> list[Action]:
    """``[actions[i] for i in indexes]``, read with machine indexes where compiled: how every
    prompt lists its actions from ``hex_actions`` or ``unit_actions``."""
    found = []
    for i in indexes:
        found.append(actions[i])
    return found


def _place(where: list[int], stacks: dict[int, list[int]], unit: int, hex_index: int) -> None:
    """``UnitStacks.put`` over the state's lists: the unit leaves its hex (if in one) for the
    top of the stack in ``hex_index``."""
    old = where[unit]
    if old >= 0:
        stack = stacks[old]
        stack.remove(unit)
        if not stack:
            del stacks[old]
    where[unit] = hex_index
    top = stacks.get(hex_index)
    if top is None:
        stacks[hex_index] = [unit]
    else:
        top.append(unit)


_HEX_ACTIONS: dict[str, tuple[Action, ...]] = {}
_UNIT_ACTIONS: dict[str, tuple[Action, ...]] = {}
_LABELS: dict[int, str] = {}  # MeuseState.label by 2 * unit + (1 if full else 0)


# === 12. VICTORY (here, not in a module of its own, since the state checks it as it changes)


def check_sedan(state: MeuseState, unit: int, hex_index: int) -> None:
    """12.1: any Allied unit entering the Sedan city hex wins at once, even for a moment."""
    counter = state.c.counters[unit]
    if hex_index == state.c.sedan and counter.side == ALLIED:
        state.end(ALLIED, "12.1", f"{counter.name} enters Sedan")


def is_armistice(state: MeuseState) -> bool:
    """19.1: the game ends with the Nov 11 turn, the 24th."""
    return state.turn >= int(state.c.tables["turns"]["count"])


def armistice(state: MeuseState) -> None:
    """12.1: any result but an Allied unit in Sedan is a German victory."""
    state.end(GERMAN, "12.1", "the Armistice: no Allied unit has entered Sedan")

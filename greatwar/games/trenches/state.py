"""The trenches position: every figure's place in integer tenths of an inch, the terrain's
changes (wire cut, lines surrendered, clouds), the game master's plans, and the game
sequence run as an agenda of plain-data steps (The Game Sequence)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from functools import cache, lru_cache
from typing import Any, ClassVar, NamedTuple

from greatwar.core import Game, Prompt
from greatwar.core.agenda import AgendaState, Step
from greatwar.core.state import State
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import (
    FRENCH,
    GERMAN,
    GM,
    INFANTRY,
    SIDES,
    Components,
    Figure,
    Trench,
    components,
)
from greatwar.games.trenches.geometry import in_mitred_band, tenths  # C calls (state.pxd)
from greatwar.games.trenches.index import Roster, SideIndex, of_kinds, side_index

# Where a figure is: on the table, waiting off it, or gone.
POOL, TABLE, DEAD, GONE = 0, 1, 2, 3  # GONE: prisoners of a surrendered line, a crashed plane


# The Game Sequence, one turn.
TURN_PLAN: tuple[Step, ...] = (
    ("fortune",),  # Fortune of War
    ("winds",),  # Determine Winds
    ("clouds",),  # Move the Poison Gas Clouds and Smoke
    ("off_board", FRENCH),  # French Phase: Bombardment Phase
    ("on_board", FRENCH),
    ("move_phase", FRENCH),  # French Move and Fire and German machine gun opportunity fire
    ("return_fire", GERMAN),  # German Return Fire
    ("hand_to_hand",),  # Combat
    ("morale",),  # Morale
    ("reinforcements",),  # French reinforcements
    ("new_units",),  # German New Units
    ("off_board", GERMAN),  # German Bombardment
    ("on_board", GERMAN),
    ("move_phase", GERMAN),  # German Move and French Machinegun fire
    ("return_fire", FRENCH),  # French Fire
    ("hand_to_hand",),  # Combat
    ("surrender",),  # German morale
    ("end_turn",),  # END OF TURN
)


class Position(State):
    """The position's own fields (set up and documented in ``TrenchesState.__init__``).

    state.pxd makes this an extension type: its fields are C struct members, and the rules
    whose ``state`` the .pxd files declare a ``Position`` read them in C, without the generic
    attribute lookup a slot costs (hundreds of reads an action). ``TrenchesState`` takes them
    as its base; ``copy_into`` copies every field for clone and undo. Its own base is the
    engine's ``State``, an extension type too (core/state.pxd)."""

    __slots__ = (
        "_index_both",
        "_index_french",
        "_index_german",
        "_roster_both",
        "_roster_french",
        "_roster_german",
        "_stale",
        "acted",
        "agenda",
        "arrivals",
        "c",
        "clouds",
        "credited",
        "cut",
        "eligible",
        "event",
        "f",
        "fascines",
        "gm_seat",
        "gun_fired",
        "just_moved",
        "mgs_fired",
        "offer_basis",
        "offer_parts",
        "offered",
        "owner",
        "pending",
        "phase",
        "plane",
        "plans",
        "shells",
        "strafe_line",
        "strafed",
        "strength",
        "touched",
        "turn",
        "wind",
    )

    # (the fields' types, for the type checker; state.pxd declares them for the compiler)
    c: Components
    _index_french: SideIndex | None
    _index_german: SideIndex | None
    _index_both: SideIndex | None
    _stale: dict[str | None, SideIndex]
    _roster_french: Roster | None
    _roster_german: Roster | None
    _roster_both: Roster | None
    offered: dict[str | int, tuple[Any, list[Any]]]
    acted: dict[str, int]
    offer_basis: Any
    offer_parts: Any
    touched: list[str]
    turn: int
    phase: str
    wind: str
    event: str
    plans: dict[int, str]
    clouds: list[tuple[str, int, int]]
    f: Figures
    strength: dict[str, int]
    just_moved: list[int]
    gun_fired: set[int]
    mgs_fired: set[int]
    fascines: set[int]
    plane: str
    strafed: bool
    cut: set[str]
    owner: list[str]
    credited: set[str]
    eligible: dict[str, int]
    arrivals: list[int]
    shells: list[list[Any]]
    strafe_line: list[int]
    agenda: list[Step]
    gm_seat: bool
    pending: dict[str, int]

    # The questions and changes the rules ask of the position at every step, as methods of
    # the position (state.pxd: cpdef, called in C by the rules that hold it typed).

    def fig(self, index: int) -> Figure:
        return self.c.figures[index]

    def at(self, index: int) -> geo.Point2:
        return (self.f.x[index], self.f.y[index])

    def roster(self, side: str | None) -> Roster:
        """The figures of a side on the table (both sides: None), by group and kind; kept
        until one of them falls, arrives or changes group."""
        # kept_roster(side), spelt out: a field read in C, no call (the sides' names are
        # interned: the rules pass these very strings; any other string is compared)
        if side is FRENCH:
            found = self._roster_french
        elif side is GERMAN:
            found = self._roster_german
        elif side is None:
            found = self._roster_both
        else:
            found = self.kept_roster(side)
        if found is None:
            c, status = self.c, self.f.status
            figures = tuple([i for i in _ground(c, side) if status[i] == TABLE])
            found = Roster(c, figures, self.f.group)
            self.keep_roster(side, found)
        return found

    def index(self, side: str | None) -> SideIndex:
        """The roster of a side where its figures stand now; kept until one of them moves."""
        # kept_index(side), spelt out: a field read in C, no call (the sides' names are
        # interned: the rules pass these very strings; any other string is compared)
        if side is FRENCH:
            found = self._index_french
        elif side is GERMAN:
            found = self._index_german
        elif side is None:
            found = self._index_both
        else:
            found = self.kept_index(side)
        if found is None:
            found = side_index(  # SideIndex(...), made in C
                self.c, self.roster(side), tuple(self.f.x), tuple(self.f.y), self._stale.get(side)
            )
            self.keep_index(side, found)
        return found

    # Each side's kept roster and index, and both sides' (None), are fields of the position,
    # not entries of a dict by side: ``roster`` and ``index`` are asked thousands of times a
    # game. None: stale (made afresh when next asked for).

    def kept_roster(self, side: str | None) -> Roster | None:
        if side is None:
            return self._roster_both
        if side == FRENCH:
            return self._roster_french
        if side == GERMAN:
            return self._roster_german
        raise ValueError(side)

    def keep_roster(self, side: str | None, found: Roster | None) -> None:
        if side is None:
            self._roster_both = found
        elif side == FRENCH:
            self._roster_french = found
        elif side == GERMAN:
            self._roster_german = found
        else:
            raise ValueError(side)

    def kept_index(self, side: str | None) -> SideIndex | None:
        if side is None:
            return self._index_both
        if side == FRENCH:
            return self._index_french
        if side == GERMAN:
            return self._index_german
        raise ValueError(side)

    def keep_index(self, side: str | None, found: SideIndex | None) -> None:
        if side is None:
            self._index_both = found
        elif side == FRENCH:
            self._index_french = found
        elif side == GERMAN:
            self._index_german = found
        else:
            raise ValueError(side)

    def place(self, index: int, p: geo.Point2) -> None:
        self.f.x[index], self.f.y[index] = p
        self.moving(self.c.sides[index])

    def moving(self, side: str) -> None:
        """A figure of ``side`` moves: its side's index and the index of both sides are stale
        (an order calls this once, then sets its men's x and y itself)."""
        # the roster stays; the side's kept index read as a field when its name is interned
        if side is FRENCH:
            stale = self._index_french
            self._index_french = None
        elif side is GERMAN:
            stale = self._index_german
            self._index_german = None
        else:
            stale = self.kept_index(side)
            self.keep_index(side, None)
        if stale is not None:
            self._stale[side] = stale
        stale = self._index_both
        if stale is not None:
            self._index_both = None
            self._stale[None] = stale

    def set_status(self, index: int, status: int) -> None:
        f = self.f
        leaves = f.status[index] == TABLE and status != TABLE
        f.status[index] = status
        if not leaves:
            self._changed(index)
            return
        lose(self, index, f.group[index], f.kinds[index], f.sides[index])

    def set_group(self, index: int, group: str) -> None:
        self.f.group[index] = group
        self._changed(index)

    def _changed(self, index: int) -> None:
        """A figure arrived or changed group: its side's roster and index are stale."""
        side = self.c.sides[index]
        self.keep_index(side, None)
        self.keep_roster(side, None)
        self._index_both = None
        self._roster_both = None

    def in_cover(self, index: int) -> bool:
        """Fire (Hot Steel): trenches, bunkers, large shell holes, woods and ruins are cover.
        A point outside every piece of cover's box is open ground, told in machine integers
        (``in_boxes``) without asking shapely; the others are asked of the cover's shape."""
        x, y = self.f.x[index], self.f.y[index]
        boxes = COVER_BOXES.get(self.c)
        if boxes is None:
            boxes = COVER_BOXES[self.c] = cover_boxes(self.c)
        if not in_boxes(boxes, x, y):
            return False
        return _cover_at(self.c, (x, y))

    def label(self, index: int) -> str:
        names = LABELS.get(self.c)  # each figure's "id (name)", made once
        if names is None:
            names = LABELS[self.c] = figure_names(self.c)
        if self.f.status[index]:
            return f"{names[index]} at {tenths(self.f.x[index])},{tenths(self.f.y[index])}"
        return names[index]

    def members(self, group: str) -> tuple[int, ...]:
        """A group's figures on the table (a group belongs to one side)."""
        for side in SIDES:
            found = self.roster(side).groups.get(group)
            if found:
                return found
        return ()

    def count(self, group: str) -> int:
        return len(self.members(group))

    def infantry(self, side: str) -> list[int]:
        """A side's men on the table who fire rifles, in figure order."""
        return self.of_kind(side, INFANTRY)

    def of_kind(self, side: str, kinds: tuple[str, ...]) -> list[int]:
        """A side's figures on the table of these kinds, in figure order."""
        return list(of_kinds(self.roster(side), kinds))


def figure_names(c: Components) -> tuple[str, ...]:
    """Each figure's "id (name)", as its label begins."""
    return tuple(f"{f.id} ({f.name})" for f in c.figures)


LABELS: dict[Components, tuple[str, ...]] = {}  # figure_names(c), by the components


class TrenchesState(AgendaState, Position):
    """A game of the Great War miniatures rules in progress."""

    turn_plan = TURN_PLAN

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}  # filled in by rules.py

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.c: Components = components()
        # derived from the position (index.py): per side, dropped when one of its figures changes
        self._index_french = self._index_german = self._index_both = None
        # the index a move made stale, per side: its order by y, nearly right, sorts the next
        self._stale: dict[str | None, SideIndex] = {}
        # Move and Fire's offer by group and by single figure, with what it follows from, and
        # how often each group has acted (movement.offer_basis): never copied into a clone
        self.offered: dict[str | int, tuple[Any, list[Any]]] = {}
        self.acted: dict[str, int] = {}
        self.offer_basis: Any = None
        # the last offer's parts in order, with its basis and roster, and the groups that
        # acted since it (movement.move_fire_offer): never copied into a clone either
        self.offer_parts: Any = None
        self.touched: list[str] = []
        self._roster_french = self._roster_german = self._roster_both = None
        c = self.c
        self.turn = 0
        self.phase = "setup"
        self.wind = "left"  # Determine Winds: PROPOSED start, across the table
        self.event = "quiet"  # Fortune of War: this turn's event
        self.plans: dict[int, str] = {}  # the game master's secret plans: turn -> event
        self.clouds: list[tuple[str, int, int]] = []  # (gas or smoke, x, y)
        n = len(c.figures)
        opening = _opening(c)  # the same at every new game: made once
        # each figure's place, status, group and what it did this phase (Figures)
        self.f = Figures(
            c, list(opening.x), list(opening.y), list(opening.status), list(opening.group)
        )
        tank = bool(game.options["french_tank"])
        if not tank:
            for f in c.figures:
                if f.group == "T1":
                    self.f.status[f.index] = POOL
        # every game opens alike: its rosters and indexes made once (they never change)
        rosters, indexes = _opening_kept(c, tank)
        for side, roster in rosters:
            self.keep_roster(side, roster)
        for side, index in indexes:
            self.keep_index(side, index)
        self.f.leader = dict(opening.leader)
        self.strength: dict[str, int] = {g: self.count(g) for g in self.leader}  # Morale
        self.just_moved: list[int] = []  # the figures of the last move (opportunity fire)
        self.gun_fired: set[int] = set()  # Tanks: each weapon once per movement phase
        self.mgs_fired: set[int] = set()
        self.fascines: set[int] = set(opening.fascines)
        self.plane = "pool"  # pool, ready, off (broke off this turn), crashed
        self.strafed = False
        self.cut: set[str] = set()  # Barbed Wire: sections cut
        self.owner = [GERMAN, GERMAN, GERMAN]  # German morale: lines surrendered to France
        self.credited: set[str] = set()  # French reinforcements already earned
        self.eligible: dict[str, int] = {}  # French reinforcements: regiment -> dice
        self.arrivals: list[int] = []  # German New Units waiting to be placed
        self.shells: list[list[Any]] = []  # the last bombardment: [side, kind, aim, landed]
        self.strafe_line: list[int] = []  # the last strafing run's tape
        self.agenda: list[Step] = []
        self.gm_seat = game.options["game_master"] == "person"
        self.pending: dict[str, int] = {}  # the frame's counters (guns to fire...)
        assert n == len(self.f.x)
        self.note("The Game Sequence", "the French attack three German trench lines (D3 table)")
        self.agenda = list(TURN_PLAN)

    # Each figure's data lives in ``f`` (Figures), which the compiled rules read in C; these
    # properties read and set it for everything else (the tests, the view, the encoding).
    @property
    def x(self) -> list[int]:
        return self.f.x

    @x.setter
    def x(self, value: list[int]) -> None:
        self.f.x = value

    @property
    def y(self) -> list[int]:
        return self.f.y

    @y.setter
    def y(self, value: list[int]) -> None:
        self.f.y = value

    @property
    def status(self) -> list[int]:
        return self.f.status

    @status.setter
    def status(self, value: list[int]) -> None:
        self.f.status = value

    @property
    def group(self) -> list[str]:
        return self.f.group

    @group.setter
    def group(self, value: list[str]) -> None:
        self.f.group = value

    @property
    def leader(self) -> dict[str, int]:
        return self.f.leader

    @leader.setter
    def leader(self, value: dict[str, int]) -> None:
        self.f.leader = value

    @property
    def allow(self) -> dict[str, int]:
        return self.f.allow

    @allow.setter
    def allow(self, value: dict[str, int]) -> None:
        self.f.allow = value

    @property
    def moved(self) -> Marks:
        return self.f.moved

    @moved.setter
    def moved(self, value: Iterable[int]) -> None:
        self.f.moved = marks(self.f, value)

    @property
    def fired(self) -> Marks:
        return self.f.fired

    @fired.setter
    def fired(self, value: Iterable[int]) -> None:
        self.f.fired = marks(self.f, value)

    @property
    def pinned(self) -> Marks:
        return self.f.pinned

    @pinned.setter
    def pinned(self, value: Iterable[int]) -> None:
        self.f.pinned = marks(self.f, value)

    @property
    def broken(self) -> dict[str, int]:
        return self.f.broken

    @broken.setter
    def broken(self, value: dict[str, int]) -> None:
        self.f.broken = value

    @property
    def tank_out(self) -> dict[int, int]:
        return self.f.tank_out

    @tank_out.setter
    def tank_out(self, value: dict[int, int]) -> None:
        self.f.tank_out = value

    @property
    def shots(self) -> dict[int, int]:
        return self.f.shots

    @shots.setter
    def shots(self, value: dict[int, int]) -> None:
        self.f.shots = value

    @property
    def no_fire(self) -> set[int]:
        return self.f.no_fire

    @no_fire.setter
    def no_fire(self, value: set[int]) -> None:
        self.f.no_fire = value

    # --- the agenda ---------------------------------------------------------------------

    # --- figures ------------------------------------------------------------------------

    def on_table(self, side: str | None = None) -> tuple[int, ...]:
        """Figures on the table (of one side), the airplane excepted, in figure order."""
        return self.roster(side).figures

    def near(self, p: geo.Point2, reach: int) -> list[int]:
        """The figures on the table within ``reach`` of a point, in figure order."""
        found: list[int] = []
        for side in SIDES:  # each side's index: a casualty rebuilds only his side's
            near_in(self.index(side), self.f.x, self.f.y, p[0], p[1], reach, found)
        found.sort()
        return found

    def group_infantry(self, group: str) -> tuple[int, ...]:
        """A group's men on the table who fire rifles and throw grenades."""
        for side in SIDES:
            found = self.roster(side).infantry.get(group)
            if found:
                return found
        return ()

    def forget_cached(self) -> None:
        super().forget_cached()
        self._index_french = self._index_german = self._index_both = None
        self._stale = {}
        self.offered = {}
        self.acted = {}
        self.offer_basis = None
        self.offer_parts = None
        self.touched = []
        self._roster_french = self._roster_german = self._roster_both = None

    def bunker_of(self, p: geo.Point2) -> int | None:
        """The trench line whose bunker holds this point (Bunker (Archie))."""
        return _bunker_at(self.c, p)

    def line_of(self, p: geo.Point2) -> int | None:
        """The German trench line (1-3) a point is in, its bunker included."""
        return _line_at(self.c, p)

    def hole_of(self, p: geo.Point2) -> str | None:
        return _hole_at(self.c, p)

    def uncut_wire(self) -> list[int]:
        return [i for i, w in enumerate(self.c.wire) if w.id not in self.cut]

    def kill(self, index: int, rule: str, why: str) -> None:
        """A casualty: to the dead pile (French reinforcements come from it)."""
        kill(self, index, rule, why)

    def new_leader(self, group: str, rule: str) -> None:
        """Leaders: PROPOSED, the regiment's nearest rifleman takes the fallen leader's place."""
        old = self.f.leader[group]
        men = [i for i in self.members(group) if self.fig(i).kind in ("rifle", "leader")]
        if not men:
            return
        best = min(men, key=lambda i: (geo.dist2(self.at(i), self.at(old)), i))
        self.f.leader[group] = best
        self.note("Leaders", f"{self.label(best)} now leads {group}")

    # --- clone, observation, full state -------------------------------------------------

    def copy_into(self, new: State) -> None:
        assert isinstance(new, TrenchesState)
        new.c = self.c
        new.turn, new.phase, new.wind, new.event = self.turn, self.phase, self.wind, self.event
        new.plane, new.strafed, new.gm_seat = self.plane, self.strafed, self.gm_seat
        new.plans = dict(self.plans)
        new.clouds = list(self.clouds)
        new.f = self.f.copy()
        new.strength = dict(self.strength)
        new.just_moved = list(self.just_moved)
        new.gun_fired = set(self.gun_fired)
        new.mgs_fired = set(self.mgs_fired)
        new.fascines = set(self.fascines)
        new.cut = set(self.cut)
        new.owner = list(self.owner)
        new.credited = set(self.credited)
        new.eligible = dict(self.eligible)
        new.arrivals = list(self.arrivals)
        new.shells = [list(s) for s in self.shells]
        new.strafe_line = list(self.strafe_line)
        new.agenda = list(self.agenda)
        new.pending = dict(self.pending)
        # the rosters and indexes themselves never change: shared
        new._index_french, new._index_german = self._index_french, self._index_german
        new._index_both = self._index_both
        new._stale = dict(self._stale)
        new.offered, new.acted = {}, {}  # a clone's frames are new: it offers afresh
        new.offer_basis = None
        new.offer_parts, new.touched = None, []
        new._roster_french, new._roster_german = self._roster_french, self._roster_german
        new._roster_both = self._roster_both

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "turn": self.turn,
            "phase": self.phase,
            "wind": self.wind,
            "event": self.event,
            "plans": {str(k): v for k, v in sorted(self.plans.items())},
            "clouds": self.clouds,
            "x": self.f.x,
            "y": self.f.y,
            "status": self.f.status,
            "group": self.f.group,
            "leader": self.f.leader,
            "allow": dict(sorted(self.f.allow.items())),
            "moved": sorted(self.f.moved),
            "fired": sorted(self.f.fired),
            "just_moved": self.just_moved,
            "shots": {str(k): v for k, v in sorted(self.f.shots.items())},
            "pinned": sorted(self.f.pinned),
            "broken": dict(sorted(self.f.broken.items())),
            "tank_out": {str(k): v for k, v in sorted(self.f.tank_out.items())},
            "no_fire": sorted(self.f.no_fire),
            "gun_fired": sorted(self.gun_fired),
            "mgs_fired": sorted(self.mgs_fired),
            "fascines": sorted(self.fascines),
            "plane": self.plane,
            "strafed": self.strafed,
            "cut": sorted(self.cut),
            "owner": self.owner,
            "credited": sorted(self.credited),
            "eligible": dict(sorted(self.eligible.items())),
            "arrivals": self.arrivals,
            "shells": self.shells,
            "strafe_line": self.strafe_line,
            "agenda": self.agenda,
            "pending": dict(sorted(self.pending.items())),
        }


class Marks:
    """A set of figures (who moved, fired, or is pinned under gas) as one byte per figure:
    what the rules ask of every man of a group at every offer, read in C (``has``,
    state.pxd) rather than hashed into a set. It keeps the set operations the rules and
    the tests use (in, add, update, discard, clear, len, iteration in figure order, and
    equality with a set)."""

    def __init__(self, size: int, members: Iterable[int] = ()) -> None:
        self.flags = bytearray(size)
        self.count = 0
        for i in members:
            self.add(i)

    def has(self, i: int) -> bool:
        return self.flags[i] != 0

    def add(self, i: int) -> None:
        if not self.flags[i]:
            self.flags[i] = 1
            self.count += 1

    def update(self, men: Iterable[int]) -> None:
        flags = self.flags  # add's test and mark, in C (state.pxd): no call a man
        for i in men:
            if not flags[i]:
                flags[i] = 1
                self.count += 1

    def discard(self, i: int) -> None:
        if self.flags[i]:
            self.flags[i] = 0
            self.count -= 1

    def clear(self) -> None:
        self.flags = bytearray(len(self.flags))
        self.count = 0

    def copy(self) -> Marks:
        new = Marks(0)
        new.flags, new.count = bytearray(self.flags), self.count
        return new

    def __contains__(self, i: object) -> bool:
        return isinstance(i, int) and 0 <= i < len(self.flags) and self.flags[i] != 0

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __iter__(self) -> Iterator[int]:
        return iter([i for i, on in enumerate(self.flags) if on])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Marks):
            return self.flags == other.flags
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"Marks({list(self)})"


def marks(f: Figures, members: Iterable[int] = ()) -> Marks:
    """A Marks of ``f``'s figures (``members`` marked): given as is if it is one."""
    if isinstance(members, Marks):
        return members
    found = Marks.__new__(Marks)  # Marks(len(f.x), members), its fields set in C (state.pxd)
    found.flags = NO_FLAGS * len(f.x)  # zeros repeated in C, no call of bytearray
    found.count = 0
    found.update(members)
    return found


NO_FLAGS = bytearray(1)  # one figure not marked (marks: repeated for all of them)


class Figures:
    """Each figure's changing data, by figure index: its place in tenths, status, group; the
    regiments' leaders, this phase's moves by group (tanks by figure id), who moved, fired or
    is pinned, broken regiments, tanks out of action, machine guns' opportunity shots, tanks
    that may not fire; and the components' per-figure tuples (side, kind, walker, tank).
    state.pxd makes it an extension type: the rules hold it typed and read its fields in C,
    not by a Python attribute lookup on the state at each read."""

    def __init__(
        self, c: Components, x: list[int], y: list[int], status: list[int], group: list[str]
    ) -> None:
        self.c = c
        self.sides, self.kinds, self.walkers, self.tanks = c.sides, c.kinds, c.walkers, c.tank_flags
        self.x, self.y, self.status, self.group = x, y, status, group
        self.leader: dict[str, int] = {}  # a French regiment's leader (Leaders)
        self.allow: dict[str, int] = {}  # movement this phase, by group (tanks by figure id)
        size = len(x)
        self.moved = Marks(size)
        self.fired = Marks(size)
        self.pinned = Marks(size)  # under a gas cloud: stays put this turn
        self.broken: dict[str, int] = {}  # Morale: regiment -> its next move phase is lost
        self.tank_out: dict[int, int] = {}  # Tanks: turns out of action
        self.shots: dict[int, int] = {}  # MG opportunity shots left this phase
        self.no_fire: set[int] = set()  # Tanks: a single 1, no fire this turn

    def copy(self) -> Figures:
        """A copy for a clone or undo: every list, set and dict its own."""
        new = Figures(self.c, list(self.x), list(self.y), list(self.status), list(self.group))
        new.leader = dict(self.leader)
        new.allow = dict(self.allow)
        new.moved = self.moved.copy()
        new.fired = self.fired.copy()
        new.pinned = self.pinned.copy()
        new.broken = dict(self.broken)
        new.tank_out = dict(self.tank_out)
        new.shots = dict(self.shots)
        new.no_fire = set(self.no_fire)
        return new


class Opening(NamedTuple):
    """What every new game starts from (the D3 table and forces): each figure's place, status
    and group, the French regiments' leaders, the tanks carrying a fascine."""

    x: tuple[int, ...]
    y: tuple[int, ...]
    status: tuple[int, ...]
    group: tuple[str, ...]
    leader: tuple[tuple[str, int], ...]
    fascines: tuple[int, ...]


@cache
def _opening(c: Components) -> Opening:
    tanks = c.tables["tanks"]
    return Opening(
        x=tuple(p[0] if p else 0 for p in c.start),
        y=tuple(p[1] if p else 0 for p in c.start),
        status=tuple(TABLE if p else POOL for p in c.start),
        group=tuple(f.group for f in c.figures),
        leader=tuple(
            (f.group, f.index) for f in c.figures if f.kind == "leader" and f.side == FRENCH
        ),
        fascines=tuple(f.index for f in c.figures if tanks.get(f.kind, {}).get("fascine")),
    )


@cache
def _opening_kept(
    c: Components, tank: bool
) -> tuple[tuple[tuple[str | None, Roster], ...], tuple[tuple[str | None, SideIndex], ...]]:
    """The sides' rosters and indexes of the opening (``tank``: the French tank is on the table),
    as ``TrenchesState.roster`` and ``index`` make them: shared by every new game."""
    opening = _opening(c)
    status = list(opening.status)
    if not tank:
        for f in c.figures:
            if f.group == "T1":
                status[f.index] = POOL
    rosters: list[tuple[str | None, Roster]] = []
    indexes: list[tuple[str | None, SideIndex]] = []
    for side in SIDES:  # both sides': kept by every casualty, unlike (None) seldom asked for
        figures = tuple([i for i in _ground(c, side) if status[i] == TABLE])
        roster = Roster(c, figures, opening.group)
        rosters.append((side, roster))
        indexes.append((side, SideIndex(c, roster, opening.x, opening.y)))
    return tuple(rosters), tuple(indexes)


def kill(state: TrenchesState, index: int, rule: str, why: str) -> None:
    """``TrenchesState.kill``, the figures' fields read in C (state.pxd)."""
    state.set_status(index, DEAD)
    f = state.f
    f.moved.discard(index)
    f.fired.discard(index)
    f.pinned.discard(index)
    f.no_fire.discard(index)
    f.shots.pop(index, None)
    state.note(rule, f"{state.label(index)} is killed ({why})")
    if f.sides[index] == FRENCH and f.leader.get(f.group[index]) == index:
        state.new_leader(f.group[index], rule)


def lose(state: Position, index: int, group: str, kind: str, side: str) -> None:
    """A casualty (``TrenchesState.set_status``): the kept rosters and indexes of his side
    and of both sides lose figure ``index`` (of ``group`` and ``kind``); an index whose
    roster was the one kept loses him without a sort (nobody moved). In C (state.pxd)."""
    for key in (side, None):
        found = state.kept_index(key)
        state.keep_index(key, None)
        roster = state.kept_roster(key)
        if roster is not None:
            less = roster.without(index, group, kind)
            state.keep_roster(key, less)
            if found is not None and found.roster is roster:
                state.keep_index(key, found.without(index, less))


def near_in(
    index: SideIndex, xs: list[int], ys: list[int], px: int, py: int, reach: int, found: list[int]
) -> None:
    """``TrenchesState.near`` of one side's figures, added to ``found``: in machine integers
    (state.pxd)."""
    for i in index.between(py - reach, py + reach):
        x, y = xs[i], ys[i]
        dx, dy = x - px, y - py
        if dx * dx + dy * dy <= reach * reach:
            found.append(i)


@cache  # the figures never change; the rules ask for them thousands of times a turn
def _ground(c: Components, side: str | None) -> tuple[int, ...]:
    """The figures (of one side) that stand on the table when they are on it: not the plane."""
    return tuple(
        f.index for f in c.figures if f.kind != "plane" and (side is None or f.side == side)
    )


# The terrain under a point never changes: asked for every figure at every shot and every
# end of turn, each answer is kept (figures stand on a few thousand points in a game).
TERRAIN_MEMO = 1 << 16


@lru_cache(maxsize=TERRAIN_MEMO)
def _cover_at(c: Components, p: geo.Point2) -> bool:
    return geo.inside(c.cover, p)


def cover_boxes(c: Components) -> tuple[tuple[int, int, int, int], ...]:
    """The box of each piece of cover (the trench lines, bunkers, communication trenches,
    shell holes, woods and ruins ``c.cover`` is the union of), widened to whole tenths and by
    one more: the union's shape lies within them (its overlay moves a point by far less), so
    a point outside all of them is in none."""
    pieces = [
        *(t.shape for t in c.trenches),
        *(t.bunker for t in c.trenches),
        *c.communication,
        *(h.shape for h in c.holes),
        *(w.shape for w in c.woods),
    ]
    boxes = []
    for piece in pieces:
        x0, y0, x1, y1 = piece.bounds
        boxes.append((math.floor(x0) - 1, math.floor(y0) - 1, math.ceil(x1) + 1, math.ceil(y1) + 1))
    return tuple(boxes)


COVER_BOXES: dict[Components, tuple[tuple[int, int, int, int], ...]] = {}  # by the components


def in_boxes(boxes: tuple[tuple[int, int, int, int], ...], x: int, y: int) -> bool:
    """Whether (x, y) lies in one of the boxes, edges included (state.pxd: in C)."""
    for k in range(len(boxes)):
        x0, y0, x1, y1 = boxes[k]
        if x0 <= x <= x1 and y0 <= y <= y1:
            return True
    return False


def _bunker_at(c: Components, p: geo.Point2) -> int | None:
    for t in c.trenches:
        x0, y0, x1, y1 = t.bunker_box  # the bunker is this box, edges included
        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
            return t.line
    return None


@lru_cache(maxsize=TERRAIN_MEMO)
def _line_at(c: Components, p: geo.Point2) -> int | None:
    trenches, bounds = c.trenches, _trench_bounds(c)
    x, y = p
    for k in range(len(trenches)):  # by index: no zip object at every point asked
        t = trenches[k]
        bx0, by0, bx1, by1 = t.bunker_box
        if bx0 <= x <= bx1 and by0 <= y <= by1:
            return t.line
        x0, y0, x1, y1 = bounds[k]
        if x0 <= x <= x1 and y0 <= y <= y1 and in_trench(t, p):
            return t.line
    return None


def in_trench(t: Trench, p: geo.Point2) -> bool:
    """Whether p lies in the trench's shape: in exact integers (geo.in_mitred_band), shapely
    only for a point on a flat end or not in whole tenths."""
    x, y = p
    if isinstance(x, int) and isinstance(y, int):
        found = in_mitred_band(t.points, t.half, x, y)
        if found >= 0:
            return found == 1
    return geo.inside(t.shape, p)


@cache
def _trench_bounds(c: Components) -> tuple[tuple[float, float, float, float], ...]:
    return tuple(tuple(t.shape.bounds) for t in c.trenches)


@lru_cache(maxsize=TERRAIN_MEMO)
def _hole_at(c: Components, p: geo.Point2) -> str | None:
    """The first large shell hole (in the table's order) whose disc holds p."""
    k = geo.first_disc(_hole_discs(c), p[0], p[1])
    return c.holes[k].id if k >= 0 else None


@cache
def _hole_discs(c: Components) -> tuple[tuple[int, int, int], ...]:
    """Each shell hole as (x, y, radius)."""
    return tuple((h.at[0], h.at[1], h.radius) for h in c.holes)


# The terrain as plain tuples, for what captures (French reinforcements) and German morale
# ask of every man's point at every end of turn, in machine integers (state.pxd): the shell
# holes as (x, y, radius) and their ids, the trench lines as (line, bunker box), the lines'
# bounds, and their centre lines and half widths (``in_trench``'s, read without a trench's
# attributes). The same answers as ``_hole_at``, ``_bunker_at`` and ``_line_at``.
Terrain = tuple[
    tuple[tuple[int, int, int], ...],
    tuple[str, ...],
    tuple[tuple[int, int, int, int, int], ...],
    tuple[tuple[float, float, float, float], ...],
    tuple[tuple[tuple[tuple[int, int], ...], int], ...],
]


@cache
def terrain(c: Components) -> Terrain:
    return (
        _hole_discs(c),
        tuple(h.id for h in c.holes),
        tuple((t.line, *t.bunker_box) for t in c.trenches),
        _trench_bounds(c),
        tuple((t.points, t.half) for t in c.trenches),
    )


def hole_in(ground: Terrain, x: int, y: int) -> str | None:
    """``_hole_at`` (x, y): the first shell hole whose disc holds the point."""
    discs = ground[0]
    for k in range(len(discs)):
        cx, cy, radius = discs[k]
        dx, dy = x - cx, y - cy
        if dx * dx + dy * dy <= radius * radius:
            return ground[1][k]
    return None


def bunker_in(ground: Terrain, x: int, y: int) -> int | None:
    """``_bunker_at`` (x, y): the line whose bunker box holds the point."""
    for line, x0, y0, x1, y1 in ground[2]:
        if x0 <= x <= x1 and y0 <= y <= y1:
            return line
    return None


def line_in(c: Components, ground: Terrain, x: int, y: int) -> int | None:
    """``_line_at`` (x, y): the trench line (its bunker included) the point is in."""
    bunkers, bounds, bands = ground[2], ground[3], ground[4]
    for k in range(len(bunkers)):
        line, bx0, by0, bx1, by1 = bunkers[k]
        if bx0 <= x <= bx1 and by0 <= y <= by1:
            return line
        x0, y0, x1, y1 = bounds[k]
        if x0 <= x <= x1 and y0 <= y <= y1:
            points, half = bands[k]  # in_trench, the point in whole tenths
            found = in_mitred_band(points, half, x, y)
            if found == 1 or (found < 0 and geo.inside(c.trenches[k].shape, (x, y))):
                return line
    return None


@cache
def line_band(c: Components, line: int) -> tuple[int, int]:
    """The y a point of a trench line or of its bunker lies between."""
    t = c.trenches[line - 1]
    _, y0, _, y1 = t.shape.bounds
    return (min(math.floor(y0), t.bunker_box[1]), max(math.ceil(y1), t.bunker_box[3]))


@cache
def feature_bands(c: Components) -> tuple[tuple[int, int], ...]:
    """The y of the shell holes, bunkers and trench lines: no point outside them is in one."""
    holes = [(h.at[1] - h.radius, h.at[1] + h.radius) for h in c.holes]
    return (*holes, *(line_band(c, t.line) for t in c.trenches))


SEATS = (FRENCH, GERMAN, GM)
assert set(SIDES) < set(SEATS)

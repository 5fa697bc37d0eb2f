# cython: boundscheck=False, wraparound=False
# (Cython reads the line above when it compiles this module; Python and the type checker take it
# for a comment.) Every index the compiled module takes as a machine integer or a constant is
# within its list, tuple or bytearray and never negative: figures index the components'
# per-figure tuples, the position's per-figure lists and the marks' bytes (0 <= i < their
# length; ``figure``'s -1 is tested before it is used); an action's arguments are read as its
# verb has them (an action is applied only when offered or accepted, and ``accepts`` and
# ``explain`` test the count first); a group's men, movers and a band's men are read at [0]
# only when there are some; PLACES and the wire belts' rows are read after testing the range;
# the offer's parts, owners and entries are read at places their layout made; the bisections
# read 0 <= lo <= mid < hi <= length.
"""Move and Fire, with the enemy's machine-gun opportunity fire (French Move and Fire and
German machine gun opportunity fire; German Move and French Machinegun fire), Leaders (the 12"
radius), Barbed Wire (no man moves through it; cutting), Tanks (3 dice, wire at will, trench
crossing straight on) and The German Airplane's strafing run.

A person may move a figure to any point that validates (``move F12 305 410``); what
legal_actions offers is a finite set (see ``MoveFire.offer``): regiment-wide orders in eight
directions at full or half move, toward each objective ahead ("follow the leader"), to the
nearest cover; each weapon and tank in eight directions; volleys, grenades, wire cutting,
each weapon's three nearest targets, the airplane's tapes; and done.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from shapely.geometry.base import BaseGeometry

from greatwar.core import Action, Prompt, act
from greatwar.core.state import Frame
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import (
    FORWARD,
    FRENCH,
    GERMAN,
    INFANTRY,
    Belts,
    Components,
    Wire,
    enemy,
)
from greatwar.games.trenches.fire import (  # C calls
    any_in_reach,
    any_target_among,
    can_hit,
    grenade_within_rifle,
    grenades,
    riflemen,
    shoot,
    table,
    targets,
    volley,
)
from greatwar.games.trenches.geometry import (  # C calls
    DIRECTIONS,
    _isqrt,
    _part,
    at_distance,
    first_entry_box_xy,
    line_misses_box,
)
from greatwar.games.trenches.index import (
    FIGURE_SLOTS,
    Roster,
    SideIndex,
    _first_at_least,
    of_kinds,
)
from greatwar.games.trenches.specials import (
    strafe,
    strafe_accepts,
    strafe_offers,
    tank_accepts,
    tank_fire,
    tank_offers,
)
from greatwar.games.trenches.state import (
    TABLE,
    Figures,
    TrenchesState,
    in_trench,
)

DISTANCES = ("full", "half")
# The ranges (the fire table's keys) of the weapons men, machine guns and mortars fire in Move
# and Fire, German Return Fire and French Fire: beyond the longest, north or south of every
# man of a side, none of them has a target (``fire.any_in_reach``); each is measured by
# ``fire.reach``, so under fog none reaches past smoke's 6" (any_in_reach's ``direct``).
FIRE_REACH = ("rifle_range", "grenade_range", "mg_range", "mortar_max")
# What ``walk`` looks at around a figure's way, in tenths: more than the reach of a gas cloud
# (its radius and a tenth) or of contact (1"), so nothing farther can stop the figure.
WAY_MARGIN = 40
SINGLE = ("mg", "mortar", "hq", "schneider", "whippet", "stchamond", "a7v")  # moved one by one


# --- who may move how far -----------------------------------------------------------------


def allowance(state: TrenchesState, i: int) -> int:
    f = state.f
    return f.allow.get(f.group[i], 0)


def can_move(state: TrenchesState, i: int) -> bool:
    """A figure moves once a phase ("once you remove your hand..."), not after firing, not
    pinned under gas, not a broken regiment, and within 12" of its leader (Leaders). The
    tests are all of one conjunction: the cheapest come first and each field of the state is
    read only when its test is reached."""
    f = state.f  # each figure's data (Figures): its fields read in C (movement.pxd)
    status = f.status
    table = TABLE  # a machine integer (movement.pxd), as each status read: compared in C
    here = status[i]
    if here != table:
        return False
    if not f.walkers[i] and not f.tanks[i]:
        return False  # a gun or the airplane (walkers: neither a tank, a gun nor the plane)
    if f.moved.flags[i] or f.fired.flags[i] or f.pinned.flags[i]:  # (Marks.has, in C)
        return False
    group = f.group[i]
    allowed = f.allow.get(group, 0)
    if allowed <= 0:
        return False
    broken = f.broken
    if broken and broken.get(group, 0) > 0:
        return False
    out = f.tank_out
    if out and i in out:
        return False
    leader = f.leader.get(group)  # a French regiment's (Leaders)
    if leader is None:
        return True
    lead = leader
    if lead == i or f.sides[i] != FRENCH:
        return True
    there = status[lead]
    if there == table:
        radius = leader_radius(f.c)
        xs, ys = f.x, f.y
        px, py, lx, ly = xs[i], ys[i], xs[lead], ys[lead]
        dx, dy = px - lx, py - ly
        if dx * dx + dy * dy > radius * radius:  # geo.within
            return False
    return True


def leader_radius(c: Components) -> int:
    """Leaders: how far from his leader a man may move (the move table's), read from a dict
    in C."""
    found = LEADER_RADIUS.get(c)
    if found is None:
        found = LEADER_RADIUS[c] = int(c.tables["move"]["leader_radius"])
    return found


LEADER_RADIUS: dict[Components, int] = {}


def movers(state: TrenchesState, group: str) -> list[int]:
    """The figures a regiment-wide order moves (tanks move on their own): ``_movers``' tests
    of every man, the marks read as their bytes (Marks.has) in C (movement.pxd)."""
    f = state.f  # each figure's data (state.Figures)
    found: list[int] = []
    if f.allow.get(group, 0) <= 0:
        return found
    broken = f.broken
    if broken and broken.get(group, 0) > 0:
        return found
    men = state.members(group)
    if not men:
        return found
    status = f.status
    lead = -1  # the leader, -1 for none (a French regiment's, on the table: Leaders)
    leader = f.leader.get(group)
    if leader is not None and f.sides[men[0]] == FRENCH and status[leader] == TABLE:
        lead = leader
    lx = ly = reach = 0
    xs = ys = NOWHERE  # the places, read only to measure from a leader (most groups: none)
    if lead >= 0:
        xs, ys = f.x, f.y
        lx, ly = xs[lead], ys[lead]
        reach = leader_radius(f.c)
    moved, fired, pinned = f.moved.flags, f.fired.flags, f.pinned.flags
    walkers = f.walkers  # not a tank (nor out of action: f.tank_out), a gun, the plane
    table = TABLE
    stays = -1  # the first who may not move (-1: none yet): those before him added at once
    for k, man in enumerate(men):  # an object for the list, a machine integer ``i``
        i = man
        goes = not (moved[i] or fired[i] or pinned[i]) and walkers[i]
        if goes:
            here = status[i]  # a machine integer (movement.pxd): compared in C
            goes = here == table
        if goes and lead >= 0 and lead != i:
            px, py = xs[i], ys[i]
            dx, dy = px - lx, py - ly
            goes = dx * dx + dy * dy <= reach * reach  # geo.within
        if not goes:
            if stays < 0:
                stays = k
                found.extend(men[:k])
        elif stays >= 0:
            found.append(man)
    if stays < 0:
        found.extend(men)  # (most orders: every man may move)
    return found


def first_mover(state: TrenchesState, group: str, men: tuple[int, ...] | None = None) -> int | None:
    """The first of ``movers``, found without testing the rest (``men``: the group's members,
    if the caller has them)."""
    found = _movers(state, group, men, True)
    return found[0] if found else None


def _movers(
    state: TrenchesState, group: str, men: tuple[int, ...] | None, first: bool
) -> list[int]:
    """``can_move`` for each man of the group (``men``: its members, None: asked here; only
    the first that may, if ``first``), what holds for the whole group tested once: its move,
    its morale and (French) its leader's place (Leaders)."""
    f = state.f  # each figure's data (state.Figures)
    found: list[int] = []
    allow, broken, leaders = f.allow, f.broken, f.leader  # dicts (movement.pxd)
    if allow.get(group, 0) <= 0 or broken.get(group, 0) > 0:
        return found
    if men is None:
        men = state.members(group)
    moved, fired = f.moved, f.fired
    start = 0  # the first man who has neither moved nor fired: those before him are skipped
    for man in men:  # most often, once it has acted: every man has moved or fired
        i = man
        if not moved.has(i) and not fired.has(i):
            break
        start += 1
    else:
        return found
    status = f.status
    leader = leaders.get(group)  # a French regiment's (Leaders)
    if leader is not None and (f.sides[men[0]] != FRENCH or status[leader] != TABLE):
        leader = None
    lx = ly = reach = 0
    lead = -1  # the leader, -1 for none
    xs = ys = NOWHERE  # the places, read only to measure from a leader (most groups: none)
    if leader is not None:
        lead = leader
        xs, ys = f.x, f.y
        lx, ly = xs[leader], ys[leader]
        reach = leader_radius(f.c)
    walkers = f.walkers  # not a tank, a gun, the plane
    pinned, out = f.pinned, f.tank_out
    table = TABLE
    rest = men[start:] if start else men  # iterated in C, no item asked by its place
    for man in rest:  # an object for the dict, a machine integer ``i``
        i = man
        if moved.has(i) or fired.has(i):
            continue  # most often: he has moved
        if not walkers[i]:
            continue
        here = status[i]  # a machine integer (movement.pxd): compared in C
        if here != table:
            continue
        if pinned.has(i) or (out and man in out):
            continue
        if lead >= 0 and lead != i:
            px, py = xs[i], ys[i]
            dx, dy = px - lx, py - ly
            if dx * dx + dy * dy > reach * reach:  # geo.within
                continue
        found.append(man)
        if first:
            break
    return found


NOWHERE: list[int] = []  # _movers' places while it has no leader to measure from (never read)


def groups(state: TrenchesState, side: str) -> list[str]:
    return sorted(state.roster(side).groups)


def singles(state: TrenchesState, side: str) -> list[int]:
    """The side's figures on the table that move one by one (weapons, the HQ, tanks)."""
    return state.of_kind(side, SINGLE)


# --- one figure's path --------------------------------------------------------------------


def walk(state: TrenchesState, i: int, b: geo.Point2, *, dry: bool = False) -> geo.Point2:
    """Where figure ``i`` ends when it heads for b: stopped short of uncut wire (Barbed Wire)
    and of gas (Poison Gas), stopped on first contact with an enemy (Hand to hand combat);
    a tank crosses wire at will and a trench only straight on (Tanks), the A7V crosses a
    trench at will (The German Tank). ``dry`` rolls no dice (a tank then stops at the
    trench)."""
    if not state.c.tank_flags[i]:
        return _walk_man(state, i, b[0], b[1])
    return _walk_tank(state, i, b[0], b[1], dry)


def _walk_tank(state: TrenchesState, i: int, bx: int, by: int, dry: bool) -> geo.Point2:
    """``walk`` for a tank, typed (movement.pxd): its way's length and the trench lines it
    crosses in C."""
    f = state.f  # each figure's data (state.Figures)
    c = state.c
    ax, ay = f.x[i], f.y[i]
    bx, by = min(max(bx, 0), c.width), min(max(by, 0), c.depth)  # geo.clamp
    d2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
    stop = _isqrt(d2)  # geo.ceil_length
    if stop * stop != d2:
        stop += 1
    if not c.tables["tanks"][c.kinds[i]]["trench_at_will"]:
        stop = min(stop, _crossing(state, i, ax, ay, bx, by, dry))  # crossing
    return at_distance((ax, ay), (bx, by), max(stop, 0))  # geo.at_distance, in C


class ManWay:
    """What every man's way reads in one order of his side (``man_way``): the table's width
    and depth, the figures' x and y (the state's own lists), the enemy's index, the contact
    radius less a tenth, the gas clouds' reach (-1 without a gas cloud), the tank flags, the
    wire's belts, the sections cut, the wire, the gas clouds' centres, and the enemies near
    every man's way when the order's men all step alike (``with_band``; None: each man asks
    the index), and the last way's squared length with its length rounded up (the next man
    of an order most often steps the same). movement.pxd makes it an extension type: its
    fields are read in C at every step of every man."""

    def __init__(
        self,
        width: int,
        depth: int,
        xs: list[int],
        ys: list[int],
        foes: SideIndex,
        contact: int,
        gas: int,
        tanks: tuple[bool, ...],
        belts: Belts,
        cut: set[str],
        wire: WireParts,
        clouds: tuple[tuple[int, int], ...],
        near: tuple[int, ...] | None,
    ) -> None:
        self.width, self.depth, self.xs, self.ys = width, depth, xs, ys
        self.foes, self.contact, self.gas, self.tanks = foes, contact, gas, tanks
        self.belts, self.cut, self.wire = belts, cut, wire
        self.clouds, self.near = clouds, near
        self.d2 = self.whole = -1  # the last way's squared length and its root rounded up


def man_way(state: TrenchesState, side: str) -> ManWay:
    """What the ways of ``side``'s men read, read once while they step one after another in
    an order: they move, but no enemy moves or falls, no wire is cut and no cloud comes until
    the order is done. Its fields set one by one (in C: movement.pxd), not by a call of the
    class with thirteen arguments."""
    f = state.f  # each figure's data (state.Figures)
    c = f.c
    reaches = WAY_REACHES.get(c)  # way_reaches(c), read from a dict in C
    if reaches is None:
        reaches = WAY_REACHES[c] = way_reaches(c)
    way = ManWay.__new__(ManWay)
    way.width, way.depth, way.xs, way.ys = c.width, c.depth, f.x, f.y
    way.foes = state.index(GERMAN if side == FRENCH else FRENCH)
    wire = WIRE_PARTS.get(c)  # wire_parts(c), read from a dict in C
    if wire is None:
        wire = WIRE_PARTS[c] = wire_parts(c)
    way.contact, way.tanks, way.belts, way.cut, way.wire = (
        reaches[0],
        f.tanks,
        c.belts,
        state.cut,
        wire,
    )
    clouds = state.clouds
    at: tuple[tuple[int, int], ...] = ()
    if clouds:  # the gas clouds' centres, kept for the clouds last asked (the same all phase)
        if clouds == GAS_CLOUDS[0]:  # (a copy of the list: its tuples compared by identity)
            at = GAS_CLOUDS[1]
        else:
            at = tuple([(x, y) for kind, x, y in clouds if kind == "gas"])
            GAS_CLOUDS[0], GAS_CLOUDS[1] = list(clouds), at
    way.gas = reaches[1] if at else -1
    way.clouds, way.near = at, None
    way.d2 = way.whole = -1  # no way measured yet (_man_end)
    return way


# the clouds man_way last read (a copy) and their gas clouds' centres: whatever the position,
# the same clouds have the same centres
GAS_CLOUDS: list[Any] = [[], ()]


def wire_parts(c: Components) -> WireParts:
    """Each wire section's id, box and shape, as a tuple: read in C by ``_wire_stop``, not as
    attributes of the section."""
    return tuple((w.id, w.box, w.shape) for w in c.wire)


WireParts = tuple[tuple[str, tuple[int, int, int, int], BaseGeometry], ...]
WIRE_PARTS: dict[Components, WireParts] = {}


def way_reaches(c: Components) -> tuple[int, int]:
    """The reach of contact less a tenth (Hand to hand combat: within 1") and of a gas
    cloud (its radius and a tenth), in tenths."""
    return (int(c.tables["fire"]["contact"]) - 1, int(c.tables["scatter"]["gas_radius"]) + 1)


WAY_REACHES: dict[Components, tuple[int, int]] = {}


def with_band(way: ManWay, men: list[int], dy: int) -> None:
    """Narrows ``way`` (made for this order) to ``men`` who all step ``dy`` north or south
    (or less: a way ends on the table): the enemies within WAY_MARGIN of the y of any of
    their ways, asked of the index once, and only the wire belts and gas clouds within reach
    of those ways. For each man a superset of what can stop him, the rest too far to touch
    his way."""
    ys = way.ys
    lo = hi = ys[men[0]]
    for i in men:
        y = ys[i]
        if y < lo:
            lo = y
        elif y > hi:
            hi = y
    lo, hi = lo + min(dy, 0), hi + max(dy, 0)  # every way's y lies in lo..hi
    foes: SideIndex = way.foes
    margin = WAY_MARGIN  # read once: a machine integer here (movement.pxd)
    way.near = foes.between(lo - margin, hi + margin)
    belts = []  # Barbed Wire: a belt beyond lo..hi meets no way (_wire_stop)
    for belt in way.belts:
        top, bottom = belt[0], belt[1]  # machine integers (movement.pxd): compared in C
        if top <= hi and bottom >= lo:
            belts.append(belt)
    way.belts = tuple(belts)
    gas, clouds = way.gas, []  # Poison Gas: a cloud farther than its reach from lo..hi neither
    if gas >= 0:
        for cloud in way.clouds:
            at = cloud[1]
            if lo - gas <= at <= hi + gas:
                clouds.append(cloud)
        if not clouds:
            way.gas = -1
    way.clouds = tuple(clouds)


def _walk_man(state: TrenchesState, i: int, bx: int, by: int) -> geo.Point2:
    """``walk`` for a man (not a tank)."""
    return _man_end(man_way(state, state.c.sides[i]), i, bx, by)


def _man_end(way: ManWay, i: int, bx: int, by: int) -> geo.Point2:
    """Where man ``i`` ends when he heads for b, in machine integers (movement.pxd)."""
    xs, ys = way.xs, way.ys
    return _end_from(way, xs[i], ys[i], bx, by)


def _end_from(way: ManWay, ax: int, ay: int, bx: int, by: int) -> geo.Point2:
    """``_man_end`` of a man at a: the point b on the table, the way's length rounded up
    (``geo.ceil_length``), where it stops (``_way_stop``), and the point that far along
    (``geo.at_distance``)."""
    width, depth = way.width, way.depth
    bx, by = min(max(bx, 0), width), min(max(by, 0), depth)  # geo.clamp
    dx, dy = bx - ax, by - ay
    d2 = dx * dx + dy * dy
    if d2 == way.d2:  # an order's men all step alike: the length worked out once
        whole = way.whole
    else:
        whole = _isqrt(d2)
        if whole * whole != d2:
            whole += 1
        way.d2, way.whole = d2, whole
    stop = _way_stop(way, ax, ay, bx, by, whole)
    if stop >= whole:
        return (bx, by)  # the whole way: at_distance's b
    # at_distance((ax, ay), (bx, by), max(stop, 0)) in machine integers, its length
    # (ceil_length) the whole way's rounded up: ``whole``
    reach = stop if stop > 0 else 0
    if d2 <= reach * reach:
        return (bx, by)
    return (ax + _part(dx, reach, whole), ay + _part(dy, reach, whole))


def _man_step(way: ManWay, i: int, bx: int, by: int) -> bool:
    """``step_to`` for man ``i`` of an order whose ``man_way`` is ``way``, his side's index
    made stale by the order already (``TrenchesState.moving``); the order marks its men
    moved, all at once (no way reads who has moved)."""
    xs, ys = way.xs, way.ys
    ax, ay = xs[i], ys[i]
    ex, ey = _end_from(way, ax, ay, bx, by)  # two machine integers (movement.pxd)
    if ex == ax and ey == ay:
        return False  # he stays: his place is unchanged
    # TrenchesState.place, less what the order did once: the shared integer objects of the
    # table's tenths (PLACES), none made for a man's new place (nor freed when he moves on)
    places = PLACES
    if ex != ax:  # (a way north or south leaves x as it is)
        xs[i] = places[ex] if 0 <= ex < len(places) else ex
    if ey != ay:
        ys[i] = places[ey] if 0 <= ey < len(places) else ey
    return True


PLACES = tuple(range(4096))  # each tenth from 0 to 4095 (past the table's width and depth)


def _way_stop(way: ManWay, ax: int, ay: int, bx: int, by: int, stop: int) -> int:
    """How far a man goes on the way a -> b, at most ``stop`` tenths: short of uncut wire
    (Barbed Wire) and gas (Poison Gas), at first contact with an enemy (Hand to hand
    combat). Only what lies within WAY_MARGIN of the way's box can stop him."""
    if way.belts:
        stop = _wire_stop(way.belts, way.cut, way.wire, ax, ay, bx, by, stop)
    reach = way.gas
    if reach >= 0:
        stop = _gas_stop(way.clouds, ax, ay, bx, by, reach, stop)
    margin = WAY_MARGIN  # read once: a machine integer here (movement.pxd)
    near = way.near
    if near is None:
        foes: SideIndex = way.foes
        near = foes.between(min(ay, by) - margin, max(ay, by) + margin)
    if near:
        lo_x, hi_x = min(ax, bx) - margin, max(ax, bx) + margin
        stop = _contact_stop(
            ax, ay, bx, by, near, way.xs, way.ys, way.tanks, lo_x, hi_x, way.contact, stop
        )
    return stop


def _contact_stop(
    ax: int,
    ay: int,
    bx: int,
    by: int,
    near: tuple[int, ...],
    xs: list[int],
    ys: list[int],
    tanks: tuple[bool, ...],
    lo_x: int,
    hi_x: int,
    radius: int,
    stop: int,
) -> int:
    """Hand to hand combat: ``stop``, or less where the way a -> b first comes within
    ``radius`` of one of the ``near`` enemies with lo_x <= x <= hi_x (tanks excepted).
    ``geo.first_contact`` for each, in machine integers (movement.pxd): the table's
    tenths keep every product far inside 64 bits."""
    dx, dy = bx - ax, by - ay
    aa = dx * dx + dy * dy
    r2 = radius * radius
    whole = -1  # _isqrt(aa), once needed
    for e in near:
        ex = xs[e]
        if ex < lo_x or ex > hi_x or tanks[e]:
            continue
        fx, fy = ax - ex, ay - ys[e]
        cc = fx * fx + fy * fy - r2
        if cc <= 0:
            return min(stop, 0)  # it starts in contact: nothing is nearer
        bb = 2 * (dx * fx + dy * fy)
        if aa == 0 or bb >= 0:
            continue
        disc = bb * bb - 4 * aa * cc
        if disc < 0:
            continue
        root = _isqrt(disc)
        if -bb - root > 2 * aa:  # the path ends before reaching the circle
            continue
        if whole < 0:
            whole = _isqrt(aa)
        entry = -((-(-bb - root) * whole) // (2 * aa))  # rounded up, as geo.first_contact
        if entry < stop:
            stop = entry
    return stop


def _wire_stop(
    belts: Belts,
    cut: set[str],
    wire: WireParts,
    ax: int,
    ay: int,
    bx: int,
    by: int,
    stop: int,
) -> int:
    """Barbed Wire: ``stop``, or a tenth short of the first uncut section on the way a -> b
    (``cut``: the sections cut). Only a section whose box the segment meets
    (``geo.segment_meets_box``, in machine integers) is measured with
    ``geo.first_entry_box``."""
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    dx, dy = bx - ax, by - ay
    for top, bottom, row in belts:
        if top > hi_y or bottom < lo_y:
            continue
        for x0, x1, w in row:  # west to east (data._belts)
            if x1 < lo_x:
                continue
            if x0 > hi_x:
                break  # this section and those east of it lie beyond the way
            if line_misses_box(ax, ay, dx, dy, x0, top, x1, bottom):
                continue  # the box's corners all on one side of the segment's line
            section = wire[w]  # (id, box, shape): wire_parts
            if section[0] in cut:
                continue
            # geo.first_entry_box, -1 for None: the ends as machine integers, no point made
            entry = first_entry_box_xy(ax, ay, bx, by, section[1], section[2])
            if entry >= 0 and entry - 1 < stop:
                stop = entry - 1
    return stop


def _gas_stop(
    clouds: tuple[tuple[int, int], ...], ax: int, ay: int, bx: int, by: int, radius: int, stop: int
) -> int:
    """Poison Gas: ``stop``, or a tenth short of where the way a -> b first comes within
    ``radius`` of a gas cloud's centre (``clouds``: the gas clouds' centres)."""
    lo_x, hi_x = min(ax, bx) - radius, max(ax, bx) + radius
    lo_y, hi_y = min(ay, by) - radius, max(ay, by) + radius
    for x, y in clouds:
        if x < lo_x or x > hi_x or y < lo_y or y > hi_y:
            continue  # farther than the radius from every point of the way: never reached
        entry = _first_contact(ax, ay, bx, by, x, y, radius)
        if entry > 0 and entry - 1 < stop:
            stop = entry - 1
    return stop


def _first_contact(ax: int, ay: int, bx: int, by: int, cx: int, cy: int, radius: int) -> int:
    """``geo.first_contact`` in machine integers (movement.pxd), -1 for None."""
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    cc = fx * fx + fy * fy - radius * radius
    if cc <= 0:
        return 0
    aa = dx * dx + dy * dy
    if aa == 0:
        return -1
    bb = 2 * (dx * fx + dy * fy)
    disc = bb * bb - 4 * aa * cc
    if disc < 0 or bb >= 0:
        return -1
    root = _isqrt(disc)
    if -bb - root > 2 * aa:  # the path ends before reaching the circle
        return -1
    whole = _isqrt(aa)
    return -((-(-bb - root) * whole) // (2 * aa))  # rounded up


def crossing(state: TrenchesState, i: int, a: geo.Point2, b: geo.Point2, *, dry: bool) -> int:
    """Tanks: a trench is crossed only straight on, on 13 or better with three dice (D2),
    or at once with a fascine; otherwise the tank halts at its edge."""
    return _crossing(state, i, a[0], a[1], b[0], b[1], dry)


def _crossing(state: TrenchesState, i: int, ax: int, ay: int, bx: int, by: int, dry: bool) -> int:
    """``crossing`` of the way a -> b, typed (movement.pxd): the way's box, the trenches'
    boxes and their entries in machine integers and doubles, shapely only for an entry too
    near to tell (``ring_entry``)."""
    c = state.c
    d2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
    whole = _isqrt(d2)  # geo.ceil_length(a, b)
    if whole * whole != d2:
        whole += 1
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    rings = TRENCH_RINGS.get(c)  # trench_rings(c), read from a dict in C
    if rings is None:
        rings = TRENCH_RINGS[c] = trench_rings(c)
    boxes = trench_boxes(c)
    trenches = c.trenches
    a = (ax, ay)
    for k in range(len(trenches)):
        x0, y0, x1, y1 = boxes[k]
        if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
            continue  # the way's box misses the trench's: first_entry would find nothing
        t = trenches[k]
        if in_trench(t, a):
            continue
        entry = ring_entry(rings[k], ax, ay, bx, by)  # geo.first_entry, -1 for None
        if entry == UNDECIDED:
            found = geo.first_entry(a, (bx, by), t.shape)  # too near to tell: shapely's
            entry = -1 if found is None else found
        if entry < 0 or entry >= whole:
            continue
        straight = abs(bx - ax) * 5 <= abs(by - ay)
        if not straight or dry:
            return entry - 1
        if i in state.fascines:
            state.fascines.discard(i)
            state.note("Tanks", f"{state.label(i)} drops its fascine and crosses line {t.line}")
            continue
        dice = state.rng.dice(3)
        need = int(c.tables["move"]["tank_cross"])
        if sum(dice) >= need:
            state.note("Tanks", f"{state.label(i)} crosses line {t.line}", dice=dice)
            continue
        state.note("Tanks", f"{state.label(i)} fails to cross line {t.line}", dice=dice)
        return entry - 1
    return whole


UNDECIDED = -2  # ring_entry: too near an edge's end, a whole tenth or a parallel to tell
# ring_entry's margin: its answers are shapely's but for a few units in the last place of a
# double (lengths on the table are below 2**11), far within it
ENTRY_MARGIN = 1e-7


def ring_entry(ring: tuple[tuple[float, ...], ...], ax: int, ay: int, bx: int, by: int) -> int:
    """``geo.first_entry`` of the way a -> b into the polygon whose boundary is ``ring`` (its
    vertices' x and y, the last the first), a not in it: the least distance along the way at
    which it meets an edge, rounded down to whole tenths; -1 for None. In doubles
    (movement.pxd), as shapely's intersection and its points located along the way work it
    out: UNDECIDED where a meeting lies within ENTRY_MARGIN of an edge's end or of the way's
    ends, the least distance within it of a whole tenth, or an edge runs along the way."""
    if ax == bx and ay == by:
        return -1
    dx, dy = float(bx - ax), float(by - ay)
    length = math.sqrt(dx * dx + dy * dy)
    best = -1.0
    margin = ENTRY_MARGIN
    for k in range(len(ring) - 1):
        px, py = ring[k][0], ring[k][1]
        sx, sy = ring[k + 1][0] - px, ring[k + 1][1] - py
        denom = dx * sy - dy * sx  # the way's direction across the edge's
        wx, wy = px - ax, py - ay
        if abs(denom) <= margin * (abs(dx * sy) + abs(dy * sx) + 1.0):
            if abs(wx * dy - wy * dx) <= margin * (abs(wx * dy) + abs(wy * dx) + 1.0):
                return UNDECIDED  # the edge lies along the way's line
            continue  # parallel: they never meet
        t = (wx * sy - wy * sx) / denom  # along the way, 0 at a and 1 at b
        u = (wx * dy - wy * dx) / denom  # along the edge
        if t < -margin or t > 1.0 + margin or u < -margin or u > 1.0 + margin:
            continue
        if t < margin or t > 1.0 - margin or u < margin or u > 1.0 - margin:
            return UNDECIDED  # at an end of the way or of the edge
        along = t * length
        if best < 0 or along < best:
            best = along
    if best < 0:
        return -1
    whole = math.floor(best)
    if best - whole < margin * (best + 1.0) or whole + 1 - best < margin * (best + 1.0):
        return UNDECIDED  # within the margin of a whole tenth
    return int(whole)


def trench_rings(c: Components) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """Each trench line's boundary, its vertices' x and y (``ring_entry``'s ``ring``)."""
    found = []
    for t in c.trenches:
        assert not t.shape.interiors, "a trench line is one ring"
        found.append(tuple(tuple(p) for p in t.shape.exterior.coords))
    return tuple(found)


TRENCH_RINGS: dict[Components, tuple[tuple[tuple[float, ...], ...], ...]] = {}


@cache
def trench_boxes(c: Components) -> tuple[tuple[float, float, float, float], ...]:
    """Each trench line's bounding box (its shape's bounds)."""
    return tuple(tuple(t.shape.bounds) for t in c.trenches)


def step_to(state: TrenchesState, i: int, b: geo.Point2) -> bool:
    """Move one figure toward b; True if it went anywhere."""
    f = state.f  # each figure's data (state.Figures)
    a = (f.x[i], f.y[i])
    # walk, called in C (its own path for a man or a tank: no keyword call)
    if state.c.tank_flags[i]:
        end = _walk_tank(state, i, b[0], b[1], False)
    else:
        end = _walk_man(state, i, b[0], b[1])
    state.place(i, end)
    f.moved.add(i)
    return end != a


# --- the orders ---------------------------------------------------------------------------


def reference(state: TrenchesState, group: str, first: int | None = -1) -> int | None:
    """The figure a group's "follow" order steers: its leader, else its first member
    (``first``: the group's ``first_mover`` if the caller has it already)."""
    f = state.f  # each figure's data (state.Figures)
    leader = f.leader.get(group)
    if leader is not None and f.status[leader] == TABLE and can_move(state, leader):
        return leader
    return first_mover(state, group) if first == -1 else first


def objectives(state: TrenchesState, group: str, first: int | None = -1) -> list[str]:
    """The objectives a group may march on: those ahead of it, in lines not yet French
    (``first``: the group's ``first_mover`` if the caller has it already)."""
    return list(_objectives(state, group, first))


def _objectives(
    state: TrenchesState, group: str, first: int | None, french: int = -1
) -> tuple[str, ...]:
    """``objectives``, as the tuple kept for its reference figure's y, its direction and the
    lines French (the same tuple each time they are the same); ``french``: their mask
    (``french_lines``) if the caller has it, -1: asked here."""
    ref = reference(state, group, first)
    if ref is None:
        return ()
    f = state.f  # each figure's data (state.Figures)
    if french < 0:
        french = french_lines(state.owner)
    return ahead_of(f.c, f.y[ref], FORWARD[f.sides[ref]], french)


def french_lines(owner: list[str]) -> int:
    """The lines French already, a bit each (line n: bit n - 1; a few lines)."""
    french = 0
    for line in range(len(owner)):  # by index: a machine integer (movement.pxd)
        if owner[line] == FRENCH:
            french |= 1 << line
    return french


def ahead_of(c: Components, y: int, forward: int, french: int) -> tuple[str, ...]:
    """``marching_on``'s answer, kept by the band of y it falls in (between two of the
    points where an objective comes within reach or goes out of it, ``objective_edges``:
    the answer is the same at every y of a band), the direction and the lines French."""
    edges = OBJECTIVE_EDGES.get(c)
    if edges is None:
        edges = OBJECTIVE_EDGES[c] = objective_edges(c)
    memo = OBJECTIVES.get(c)
    if memo is None:
        memo = OBJECTIVES[c] = {}
    key = objectives_key(edges[1] if forward > 0 else edges[0], y, forward, french)
    kept = memo.get(key)
    if kept is None:
        kept = memo[key] = tuple(marching_on(c, y, forward, french))
    return kept


def objectives_key(line: tuple[int, ...], y: int, forward: int, french: int) -> int:
    """The key of ``ahead_of``'s answer: the band of y among ``line`` (``objective_edges``'
    edges for the direction), the direction and the lines French, in one integer."""
    lo, hi = 0, len(line)  # the edges at or below y (bisect_right), in machine integers
    while lo < hi:
        mid = (lo + hi) // 2
        edge = line[mid]  # a machine integer (movement.pxd): compared in C
        if edge <= y:
            lo = mid + 1
        else:
            hi = mid
    return (lo * 2 + (forward > 0)) * FRENCH_SLOTS + french


@cache
def objective_edges(c: Components) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a way south and a way north: the y at which an objective comes within reach
    (``marching_on``: 40 behind to 300 ahead) and the y past its reach, sorted."""
    found = []
    for forward in (-1, 1):
        edges: set[int] = set()
        for _, oy, _ in marches(c):
            # -40 <= (oy - y) * forward <= 300: y from oy - 300 to oy + 40 going north,
            # from oy - 40 to oy + 300 going south
            first, last = (oy - 300, oy + 40) if forward > 0 else (oy - 40, oy + 300)
            edges.update((first, last + 1))
        found.append(tuple(sorted(edges)))
    return found[0], found[1]


def marching_on(c: Components, y: int, forward: int, french: int) -> list[str]:
    """The objectives ahead of a point at ``y`` going ``forward`` (1 north, -1 south), the
    lines of the bits of ``french`` excepted (``objectives``, before it is kept)."""
    found: list[str] = []
    kept = MARCHES.get(c)  # marches(c), read from a dict in C
    if kept is None:
        kept = MARCHES[c] = marches(c)
    for name, oy, bit in kept:  # a loop: typed in movement.pxd
        if bit & french:
            continue
        ahead = (oy - y) * forward
        if -40 <= ahead <= 300:
            found.append(name)
    return found


MARCHES: dict[Components, tuple[tuple[str, int, int], ...]] = {}
# objectives' answers by the components, then by (band of y, direction, lines French)
OBJECTIVES: dict[Components, dict[int, tuple[str, ...]]] = {}
OBJECTIVE_EDGES: dict[Components, tuple[tuple[int, ...], tuple[int, ...]]] = {}
FRENCH_SLOTS = 1 << 8  # more than the masks of the lines French (three lines: 8)


@cache
def marches(c: Components) -> tuple[tuple[str, int, int], ...]:
    """(name, y, its trench line's bit: line n's is 1 << (n - 1), 0 for none) of each
    objective: a line's thirds and bunker belong to it."""
    return tuple(
        (name, oy, 1 << (int(name[1]) - 1) if name[0] in "LB" else 0)
        for name, (_, oy) in c.objectives.items()
    )


def order(state: TrenchesState, group: str, direction: str, distance: str) -> list[int]:
    """A regiment-wide move: every figure that may move heads the same way."""
    f = state.f  # each figure's data (state.Figures)
    went: list[int] = []
    reach = f.allow.get(group, 0) // (2 if distance == "half" else 1)  # the group's move
    sx, sy = DIRECTIONS[direction]  # geo.heading((0, 0), direction, reach), in C
    dx, dy = sx * reach // 1000, sy * reach // 1000  # the same step for every man
    men = movers(state, group)  # men only: tanks move on their own
    if not men:
        return went
    side = state.c.sides[men[0]]
    way = man_way(state, side)
    state.moving(side)  # every man is placed, moved or not
    with_band(way, men, dy)
    if _clear(way):
        _step_all(way, men, dx, dy, went)
    else:
        xs, ys = way.xs, way.ys
        for man in men:  # an object for the list (none made), a machine integer ``i``
            i = man
            x, y = xs[i], ys[i]  # machine integers (movement.pxd): the sums in C
            if _man_step(way, i, x + dx, y + dy):
                went.append(man)
    f.moved.update(men)  # each has moved, whether he went anywhere or not
    return went


def _clear(way: ManWay) -> bool:
    """Whether nothing can stop a man of the order ``with_band`` narrowed ``way`` to: no wire
    belt, gas cloud or enemy within reach of any of their ways (``_way_stop`` would give
    each his whole way)."""
    near = way.near
    return near is not None and not near and not way.belts and way.gas < 0


def _step_all(way: ManWay, men: list[int], dx: int, dy: int, went: list[int]) -> None:
    """``_man_step`` for each of ``men`` stepping (dx, dy) on a ``_clear`` way: each goes
    the whole way to its point on the table (``_man_end``'s b), added to ``went`` if he went
    anywhere; in machine integers (movement.pxd), no way measured."""
    xs, ys, width, depth = way.xs, way.ys, way.width, way.depth
    places = PLACES  # the table's tenths as shared integer objects (_man_step)
    k = 0  # the men before the k-th
    stays = -1  # the first who stays (-1: none yet): those before him went, added at once
    for man in men:
        i = man
        ax, ay = xs[i], ys[i]
        bx, by = min(max(ax + dx, 0), width), min(max(ay + dy, 0), depth)  # geo.clamp
        if bx == ax and by == ay:  # he stays: his place is unchanged
            if stays < 0:
                stays = k
                went.extend(men[:k])
            k += 1
            continue
        if bx != ax:  # (an order north or south leaves every x as it is)
            xs[i] = places[bx] if bx < len(places) else bx
        if by != ay:
            ys[i] = places[by] if by < len(places) else by
        if stays >= 0:
            went.append(man)
        k += 1
    if stays < 0:
        went.extend(men)  # (most often: every man went)


def follow(state: TrenchesState, group: str, objective: str) -> list[int]:
    """Follow the leader: the leader marches on the objective; the others make the same move,
    keeping their places in the formation."""
    f = state.f  # each figure's data (state.Figures)
    ref = reference(state, group)
    if ref is None:
        return []
    r = ref  # a machine integer (movement.pxd)
    start = state.at(r)
    sx, sy = f.x[r], f.y[r]  # start, as machine integers
    target = state.c.objectives[objective]
    others: list[int] = []  # the 12" radius, before
    for man in movers(state, group):  # a loop: the figures compared as machine integers
        i = man
        if i != r:
            others.append(man)
    aim = at_distance(start, target, allowance(state, ref))  # geo.toward, called in C
    side = state.c.sides[ref]
    way = man_way(state, side)  # the leader's and his men's
    moved = f.moved
    if state.c.tank_flags[ref]:  # a leader or a mover is a man: never so far
        went = [ref] if step_to(state, ref, aim) else []
    else:
        state.moving(side)  # the leader is placed, moved or not
        went = [ref] if _man_step(way, ref, aim[0], aim[1]) else []
        moved.add(ref)
    if not others:
        return went
    state.moving(side)
    xs, ys = way.xs, way.ys
    dx, dy = xs[r] - sx, ys[r] - sy
    with_band(way, others, dy)
    if _clear(way):
        _step_all(way, others, dx, dy, went)
    else:
        for man in others:  # an object for the list (none made), a machine integer ``i``
            i = man
            x, y = xs[i], ys[i]  # machine integers (movement.pxd): the sums in C
            if _man_step(way, i, x + dx, y + dy):
                went.append(man)
    moved.update(others)  # each has moved, whether he went anywhere or not
    return went


def to_cover(state: TrenchesState, group: str) -> list[int]:
    """Every figure heads for the nearest point of cover within its move, not backwards."""
    f = state.f  # each figure's data (state.Figures)
    went: list[int] = []
    men = movers(state, group)  # men only: tanks move on their own
    if not men:
        return went
    c = state.c
    side = c.sides[men[0]]
    way = man_way(state, side)
    moved, placed = f.moved, False
    xs, ys = f.x, f.y
    reach = f.allow.get(group, 0)  # allowance: every man of the group has the group's
    forward = FORWARD[side]  # a group's men are of one side
    for i in men:
        best = cover_point(c, xs[i], ys[i], reach, forward)
        if best is not None and not placed:
            state.moving(side)  # the first man placed
            placed = True
        if best is not None and _man_step(way, i, best[0], best[1]):
            went.append(i)
        moved.add(i)
    return went


def cover_point(c: Components, hx: int, hy: int, reach: int, forward: int) -> geo.Point2 | None:
    """``nearest_cover`` of the points of cover in ``anchors_between(c, hy - reach, hy +
    reach)``, their band bisected here (no slice made) and cut 2" back, where nearest_cover
    looks no farther."""
    kept = ANCHORS.get(c)  # _anchors_by_y(c), read from a dict in C
    if kept is None:
        kept = ANCHORS[c] = _anchors_by_y(c)
    anchors, band = kept
    lo, hi = hy - reach, hy + reach
    if forward == 1:  # (py - hy) * forward < -20: passed over by nearest_cover
        lo = max(lo, hy - 20)
    elif forward == -1:
        hi = min(hi, hy + 20)
    start = _first_at_least(band, lo)
    end = _first_at_least(band, hi + 1, start)
    return _nearest_in(anchors, start, end, hx, hy, reach, forward)


def nearest_cover(
    anchors: tuple[geo.Point2, ...], hx: int, hy: int, reach: int, forward: int
) -> geo.Point2 | None:
    """The nearest of ``anchors`` within ``reach`` of (hx, hy) and not more than 2" back
    (``forward``: the side's way ahead), the lowest (x, y) among the nearest; None if none.
    In machine integers (movement.pxd)."""
    return _nearest_in(anchors, 0, len(anchors), hx, hy, reach, forward)


def _nearest_in(
    anchors: tuple[geo.Point2, ...],
    start: int,
    end: int,
    hx: int,
    hy: int,
    reach: int,
    forward: int,
) -> geo.Point2 | None:
    """``nearest_cover`` among ``anchors[start:end]``, no slice made."""
    best = None
    best_d2 = best_x = best_y = 0
    for k in range(start, end):
        p = anchors[k]
        px, py = p
        if (py - hy) * forward < -20:
            continue
        dx, dy = px - hx, py - hy
        d2 = dx * dx + dy * dy
        if d2 > reach * reach:  # geo.within
            continue
        if (
            best is None
            or d2 < best_d2
            or (d2 == best_d2 and (px < best_x or (px == best_x and py < best_y)))
        ):
            best, best_d2, best_x, best_y = p, d2, px, py
    return best


def anchors_between(c: Components, lo_y: int, hi_y: int) -> tuple[geo.Point2, ...]:
    """The points of cover with lo_y <= y <= hi_y, their band kept by the components
    (ANCHORS, read from a dict in C) and bisected in machine integers (index's
    ``_first_at_least``: bisect_left; bisect_right of hi_y is bisect_left of hi_y + 1)."""
    kept = ANCHORS.get(c)
    if kept is None:
        kept = ANCHORS[c] = _anchors_by_y(c)
    anchors, band = kept
    start = _first_at_least(band, lo_y)
    return anchors[start : _first_at_least(band, hi_y + 1, start)]


ANCHORS: dict[Components, tuple[tuple[geo.Point2, ...], list[int]]] = {}


@cache
def _anchors_by_y(c: Components) -> tuple[tuple[geo.Point2, ...], list[int]]:
    anchors = tuple(sorted(c.anchors, key=lambda p: p[1]))
    return anchors, [p[1] for p in anchors]


def cutters(state: TrenchesState, group: str) -> dict[int, list[int]]:
    """Barbed Wire: wire section -> the men of the group at it (within 1") who have neither
    moved nor fired this phase (cutting is their entire activity)."""
    return cutters_among(state, riflemen(state, group))


def cutters_among(
    state: TrenchesState, men: list[int], first: bool = False
) -> dict[int, list[int]]:
    """``cutters`` of a group whose riflemen are ``men`` (only the first cutter found, if
    ``first``: whether the group may cut at all)."""
    f = state.f  # each figure's data (state.Figures)
    at: dict[int, list[int]] = {}
    c, xs, ys, moved = f.c, f.x, f.y, f.moved
    edges = BELT_EDGES.get(c)  # belt_edges(c), read from a dict in C
    if edges is None:
        edges = BELT_EDGES[c] = belt_edges(c)
    wire: tuple[Wire, ...] | None = None  # the sections, read for the first man at a belt
    if not edges:
        return at  # no wire on the table
    first_edge, last_edge = edges[0], edges[len(edges) - 1]
    rows = BELT_ROWS.get(c)  # belt_rows(c), read from a dict in C
    if rows is None:
        rows = BELT_ROWS[c] = belt_rows(edges)
    for i in men:
        y = ys[i]
        if y < first_edge or y >= last_edge:
            continue  # south or north of every belt's band (an even count of edges below)
        if y >= 0:
            if not rows[y]:  # y < last_edge: within the rows
                continue  # most men: far from the wire
        else:
            below = 0  # bisect_right(edges, y): odd within 1" of a belt's band
            for e in edges:
                if e > y:
                    break
                below += 1
            if below % 2 == 0:
                continue
        if moved.has(i):
            continue
        x = xs[i]
        if wire is None:
            wire = c.wire
        cut = state.cut
        for w in c.wire_meeting(x - 10, y - 10, x + 10, y + 10):
            if wire[w].id not in cut:
                at.setdefault(w, []).append(i)
                if first:
                    return at
                break
    return at


BELT_EDGES: dict[Components, tuple[int, ...]] = {}
BELT_ROWS: dict[Components, bytearray] = {}


def any_cutter(state: TrenchesState, men: list[int]) -> bool:
    """Barbed Wire: whether ``cutters_among(state, men, True)`` finds a cutter, one of ``men``
    who has not moved within 1" of an uncut section (what a group's part of the offer asks):
    his box tested against each belt's band and sections in machine integers (movement.pxd),
    no list of the sections made and sorted (the first found, in any order, decides)."""
    f = state.f  # each figure's data (state.Figures)
    c, xs, ys, moved = f.c, f.x, f.y, f.moved.flags  # (the marks' bytes: Marks.has, in C)
    edges = BELT_EDGES.get(c)  # belt_edges(c), read from a dict in C
    if edges is None:
        edges = BELT_EDGES[c] = belt_edges(c)
    if not edges:
        return False  # no wire on the table
    first_edge, last_edge = edges[0], edges[len(edges) - 1]
    rows = BELT_ROWS.get(c)  # belt_rows(c), read from a dict in C
    if rows is None:
        rows = BELT_ROWS[c] = belt_rows(edges)
    parts = WIRE_PARTS.get(c)  # wire_parts(c): each section's id first
    if parts is None:
        parts = WIRE_PARTS[c] = wire_parts(c)
    cut = state.cut
    for man in men:
        i = man
        y = ys[i]
        if y < first_edge or y >= last_edge:
            continue  # south or north of every belt's band
        if y >= 0:
            if not rows[y]:  # y < last_edge: within the rows
                continue  # most men: far from the wire
        elif bisect_right(edges, y) % 2 == 0:
            continue  # (below the table: an even count of edges at or below him)
        if moved[i]:
            continue
        x = xs[i]
        # Components.wire_meeting(x - 10, y - 10, x + 10, y + 10), each section as found
        for belt in c.belts:
            top, bottom = belt[0], belt[1]
            if top > y + 10 or bottom < y - 10:
                continue
            for section in belt[2]:  # (x0, x1, section) west to east
                x0, x1 = section[0], section[1]
                if x0 <= x + 10 and x1 >= x - 10 and parts[section[2]][0] not in cut:
                    return True
    return False


def belt_rows(edges: tuple[int, ...]) -> bytearray:
    """For each y from 0 up to the last of ``belt_edges``: 1 if it lies within 1" of a belt's
    band (an odd number of edges at or below it), else 0; one byte each, read in C."""
    last = edges[len(edges) - 1]
    return bytearray(1 if bisect_right(edges, y) % 2 else 0 for y in range(max(last, 0)))


@cache
def belt_edges(c: Components) -> tuple[int, ...]:
    """Where the bands within 1" of the wire belts begin and end past: a y inside a band has
    an odd number of edges at or below it (the belts lie far apart)."""
    edges = sorted(e for top, bottom, _ in c.belts for e in (top - 10, bottom + 11))
    assert all(a < b for a, b in itertools.pairwise(edges)), "wire belts overlap"
    return tuple(edges)


def cut(state: TrenchesState, group: str) -> None:
    """Barbed Wire: one man cuts on a 6, two on 5-6, and so on; six cut it at once."""
    f = state.f  # each figure's data (state.Figures)
    sure = int(state.c.tables["wire"]["sure"])
    for w, men in sorted(cutters(state, group).items()):
        f.fired.update(men)
        f.moved.update(men)
        section = state.c.wire[w].id
        need = 7 - len(men)
        if len(men) >= sure:
            state.cut.add(section)
            state.note("Barbed Wire", f"{len(men)} men of {group} cut wire {section}")
            continue
        roll = state.rng.die()
        if roll >= need:
            state.cut.add(section)
            state.note("Barbed Wire", f"{len(men)} men of {group} cut wire {section}", dice=[roll])
        else:
            state.note("Barbed Wire", f"{group} fails to cut wire {section}", dice=[roll])


# --- the prompts --------------------------------------------------------------------------


@cache
def group_orders(group: str) -> tuple[Action, ...]:
    """A group's regiment-wide orders, every direction at full and half move."""
    return tuple(act("order", group, d, distance) for d in geo.DIRECTIONS for distance in DISTANCES)


@cache
def group_acts(group: str) -> tuple[Action, Action, Action, Action]:
    """A group's "cover", "volley", "grenade" and "cut" actions, made once."""
    return (act("cover", group), act("volley", group), act("grenade", group), act("cut", group))


@cache
def figure_moves(fid: str) -> tuple[Action, ...]:
    """A figure's moves one by one, every direction."""
    return tuple(act("move", fid, d) for d in geo.DIRECTIONS)


def weapon_of(state: TrenchesState, i: int) -> str:
    return "mortar" if state.fig(i).kind == "mortar" else "mg"


class MoveFire(Prompt[TrenchesState]):
    """Move and Fire: each regiment moves its dice in inches, each man may move and fire
    but firing ends his movement; machine guns and mortars move or fire; tanks move 3 dice
    and fire once each weapon."""

    name = "move_fire"
    title = "move and fire (French Move and Fire, German Move)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> list[Action]:
        return move_fire_offer(state, frame, side)

    def accepts(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> bool:
        """Any point that validates: ``move F12 305 410`` (tenths of an inch), a shot at any
        target in reach, any strafing tape."""
        return (
            point_move(state, action, side) is not None
            or shot(state, action, side) is not None
            or tank_accepts(state, action, side)
            or strafe_accepts(state, action, side)
        )

    def explain(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> str | None:
        """Why a move to a point is refused, with its section."""
        if action.verb != "move" or len(action.args) != 3:
            return None
        i = figure(state, action.args[0])
        if i < 0 or state.fig(i).side != side or state.f.status[i] != TABLE:
            return f"{action.args[0]} is not one of your figures on the table"
        try:
            point = (int(action.args[1]), int(action.args[2]))
        except ValueError:
            return "a point is two whole numbers, in tenths of an inch: move F12 305 410"
        if not can_move(state, i):
            return (
                f"{state.label(i)} may not move now: it has moved or fired, is pinned, is a "
                "gun, or is more than 12 inches from its leader (Leaders, French Move and Fire)"
            )
        if not geo.on_table(point, state.c.width, state.c.depth):
            return "that point is off the table"
        reach = allowance(state, i)
        if not geo.within(state.at(i), point, reach):
            return f"{state.label(i)} moves at most {reach / 10:g} inches this phase"
        end = walk(state, i, point, dry=True)
        return (
            f"the way is blocked at {end[0] / 10:g},{end[1] / 10:g}: uncut wire (Barbed Wire), "
            "gas (Poison Gas), an enemy in contact, or a trench a tank must cross straight on"
        )

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        move_fire_apply(state, action, side)


def move_fire_apply(state: TrenchesState, action: Action, side: str) -> None:
    """Move and Fire's action (``MoveFire.apply``): a function, so that movement.pxd types
    it (its verb told by its number, MOVE_VERBS, the position's fields read in C)."""
    verb, args = action.verb, action.args
    code = MOVE_VERBS.get(verb, -1)  # one lookup, then machine integers compared
    went: list[int] = []
    stale = _acting_part(state, code, args)
    if stale is not None:
        state.touched.append(stale)  # the parts it reads are stale: made again next
    if code == 0:  # done
        state.pop()
        state.note(move_rule(side), f"{side} ends the move")
        return
    if code == 1:
        went = order(state, args[0], args[1], args[2])
    elif code == 2:
        went = follow(state, args[0], args[1])
    elif code == 3:
        went = to_cover(state, args[0])
    elif code == 4:
        volley(state, args[0], "Fire (Hot Steel)")
    elif code == 5:
        grenades(state, args[0])
    elif code == 6:
        cut(state, args[0])
    elif code == 7:
        went = single_move(state, action, side)
    elif code == 8 and not state.fig(figure(state, args[0])).is_tank:
        shooter, target = shot(state, action, side) or (0, 0)
        state.f.fired.add(shooter)
        shoot(state, weapon_of(state, shooter), shooter, target, "Fire (Hot Steel)")
    elif 8 <= code <= 10:  # a tank's fire, ap or he
        tank_fire(state, action)
    elif code == 11:
        strafe(state, action)
    if 1 <= code <= 3 or code == 7:  # order, follow, cover, move: str(action) in one text
        n, count = len(args), len(went)
        if n == 3:
            text = f"{side}: {verb} {args[0]} {args[1]} {args[2]} ({count} figures moved)"
        elif n == 2:
            text = f"{side}: {verb} {args[0]} {args[1]} ({count} figures moved)"
        elif n == 1:
            text = f"{side}: {verb} {args[0]} ({count} figures moved)"
        else:
            text = f"{side}: {verb} {' '.join(args)} ({count} figures moved)"
        state.note(move_rule(side), text)
    opportunity(state, side, went)


# Move and Fire's verbs by number (move_fire_apply, _acting_part): 1 to GROUP_VERBS name a group,
# GROUP_VERBS + 1 to FIGURE_VERBS a figure
MOVE_VERBS = {
    "done": 0,
    "order": 1,
    "follow": 2,
    "cover": 3,
    "volley": 4,
    "grenade": 5,
    "cut": 6,
    "move": 7,
    "fire": 8,
    "ap": 9,
    "he": 10,
    "strafe": 11,
}
GROUP_VERBS, FIGURE_VERBS = 6, 10


def move_fire_offer(state: TrenchesState, frame: Frame, side: str) -> list[Action]:
    """Move and Fire's offer (``MoveFire.offer``): each group's and weapon's part, kept while
    what it follows from is the same, then the airplane's tapes and done; a function, so
    that movement.pxd types it."""
    found: list[Action] = []
    basis = offer_basis(state, frame, side)
    roster = state.roster(side)
    last = state.offer_parts
    if last is not None and last[0] is basis and last[1] is roster:
        # the last offer's parts, of the same basis and men: only the parts of the groups
        # and weapons that acted since (``state.touched``) are no longer current, made again
        if state.touched:
            made_again(state, basis, roster, last[2], last[3], last[4], state.touched, last[5])
        for part in last[3]:
            if part:  # (most parts of a group that acted: none)
                found.extend(part)
    else:
        found = parts_afresh(state, basis, roster)
    if state.touched:
        state.touched = []  # (a new list: cheaper than deleting a slice)
    if german(side) and state.plane == "ready" and not state.strafed:  # else none
        found.extend(strafe_offers(state, side))
    found.append(DONE)
    return found


def parts_afresh(state: TrenchesState, basis: OfferBasis, roster: Roster) -> list[Action]:
    """Every part of the offer in order, kept in order (``state.offer_parts``: the basis and
    roster they follow from, each part's group or figure, the part, and the places of each
    group's parts, which its actions make stale) for the next offer of the same basis and
    roster. A new basis or roster (a phase's start, an enemy fallen or moved, a figure of
    the side fallen) makes every part afresh: a group's part is rarely current then."""
    found: list[Action] = []
    parts: list[tuple[Action, ...]] = []
    kit = offer_kit(state.c)
    layout = kit.layouts.get(roster)  # each part's group or figure, each group's places
    if layout is None:
        layout = part_layout(state, kit, roster)
    owners, where, entries = layout
    # whether any enemy stands within a weapon's range of the side (most often not): asked
    # once, at the first part
    reach = any_in_reach(state, roster.figures, FIRE_REACH, True)
    french = basis[6]
    foes = basis[1]
    for k in range(len(owners)):
        owner = owners[k]
        entry = entries[k]
        if isinstance(owner, str):
            assert entry is not None  # (a group's places hold its entry)
            part = group_moves(state, kit, owner, entry, french)
        elif owner < 0:  # FIRE_PART
            assert entry is not None
            part = group_fire(state, kit, entry, reach, foes)
        else:
            part = single_part(state, kit, owner, reach)
        parts.append(part)
        if part:
            found.extend(part)
    state.offer_parts = (basis, roster, owners, parts, where, entries)
    return found


def part_layout(state: TrenchesState, kit: OfferKit, roster: Roster) -> PartLayout:
    """The offer's parts in order for a roster: each group's (sorted) orders, then its
    volley, grenades and cutting (FIRE_PART), then each single figure's (``singles``), as
    each part's group, FIRE_PART or figure, and the places of the parts each ``acting_part``
    makes stale: by a group's name, its own two and its figures' (by a single figure's id,
    its group's orders and its own: ``single_places``, when it first acts). Kept by the kit
    for the roster (a roster is kept until one of its figures falls, arrives or changes
    group)."""
    owners: list[str | int] = []
    where: dict[str, list[int]] = {}
    entries: list[GroupEntry | None] = []
    for group in roster.names:  # sorted(roster.groups)
        entry = group_entry(kit, roster, group)
        where[group] = [len(owners), len(owners) + 1]
        owners.append(group)
        owners.append(FIRE_PART)
        entries.append(entry)
        entries.append(entry)
    groups = state.f.group
    flags = SINGLE_FLAGS.get(state.c)  # single_flags(c), read from a dict in C
    if flags is None:
        flags = SINGLE_FLAGS[state.c] = single_flags(state.c)
    for man in roster.figures:  # singles(state, side), in figure order: no sorted list made
        i = man
        if flags[i]:
            where.setdefault(groups[i], []).append(len(owners))
            owners.append(man)
            entries.append(None)
    layouts = kit.layouts
    if len(layouts) >= LAYOUTS_KEPT:
        layouts.clear()  # (rosters of past games: the kit keeps a few)
    found = layouts[roster] = (owners, where, entries)
    return found


def group_entry(kit: OfferKit, roster: Roster, group: str) -> GroupEntry:
    """What a group's part reads by its name: its members and riflemen in ``roster`` and
    its actions (the kit's)."""
    acts = kit.groups.get(group)
    if acts is None:
        acts = kit.groups[group] = (group_orders(group), group_acts(group), {}, {})
    return (roster.groups.get(group, ()), roster.infantry.get(group, ()), acts)


# The layouts an offer kit keeps, by roster, before it drops them all: the two sides' current
# rosters and a few more. Kept longer, rosters past hold their layouts' containers alive, and
# the cyclic collector, counting the containers that outlive its young collections, runs more
# often (four collections in forty random games with 64 kept, one with 4, as before the kit).
LAYOUTS_KEPT = 4


def made_again(
    state: TrenchesState,
    basis: OfferBasis,
    roster: Roster,
    owners: list[str | int],
    parts: list[tuple[Action, ...]],
    where: dict[str, list[int]],
    touched: list[str],
    entries: list[GroupEntry | None],
) -> None:
    """The parts of ``parts`` (``owners``: their groups, FIRE_PART or figures; ``where``:
    the places of the parts each name in ``touched`` makes stale, ``acting_part``'s: a
    group's own two and its weapons', a weapon's own and its group's orders; ``entries``:
    what each group's parts read by its name) made again, in place, as ``parts_afresh``
    would. No "anyone in reach" gate: a group's volley and
    grenades and a weapon's targets each look only within their own range of its men."""
    french = basis[6]
    foes = basis[1]
    kit = offer_kit(state.c)
    for n in range(len(touched)):
        group = touched[n]
        if n and touched.index(group) < n:
            continue  # (it acted twice since the last offer: made again once)
        places = where.get(group)
        if places is None:  # a single figure's id, the first time it acts
            places = single_places(state, owners, where, group)
        for k in places:
            owner = owners[k]
            entry = entries[k]
            if isinstance(owner, str):
                assert entry is not None  # (a group's places hold its entry)
                parts[k] = group_moves(state, kit, owner, entry, french)
            elif owner < 0:  # FIRE_PART
                assert entry is not None
                parts[k] = group_fire(state, kit, entry, True, foes)
            else:
                parts[k] = single_part(state, kit, owner, True)


def single_places(
    state: TrenchesState, owners: list[str | int], where: dict[str, list[int]], fid: str
) -> list[int]:
    """The places of the parts a single figure's action makes stale (``acting_part``: its
    id): its group's orders and its own part, found among its group's places and kept in
    ``where`` by its id. Its group's every place if it has no part of its own (never: a
    figure that acts alone is one of ``singles``)."""
    i = figure(state, fid)
    group = state.f.group[i] if i >= 0 else ""
    places = where.get(group, NO_PLACES)
    found = places
    for m in range(2, len(places)):  # after its group's own two parts, its figures'
        k = places[m]
        owner = owners[k]  # a figure (movement.pxd: compared in C)
        if owner == i:
            found = [places[0], k]
            break
    where[fid] = found
    return found


def single_flags(c: Components) -> bytes:
    """For each figure, 1 if it moves one by one (its kind one of SINGLE), else 0."""
    return bytes([1 if kind in SINGLE else 0 for kind in c.kinds])


SINGLE_FLAGS: dict[Components, bytes] = {}  # single_flags(c), by the components
NO_PLACES: list[int] = []  # made_again's places of a group with no part (none)
FIRE_PART = -1  # a layout's owner of a group's volley, grenades and cutting (no figure's)
DONE = act("done")
# each part's group or figure, each group's parts' places, what each group's part reads by its
# name (``part_layout``)
PartLayout = tuple[list[str | int], dict[str, list[int]], list["GroupEntry | None"]]


class OfferKit:
    """What every part of a Move and Fire offer reads of the components, made once for them
    (``offer_kit``) and handed down, so that a part reads it as fields (movement.pxd: in C),
    not from dicts by the components: the components themselves, the first and last edge of
    the wire belts' bands (``belt_edges``; 0, 0 without wire), the rifle's and the grenade's
    range, whether a grenade's range lies within a rifle's whatever cuts it
    (``grenade_within_rifle``), the leader's radius, the edges of the objectives' bands going
    south and north (``objective_edges``), each group's orders, acts, part of the moves and
    "follow" orders by the objectives' key (``objectives_key``), each figure's moves, and
    the parts' layouts by roster."""

    def __init__(self, c: Components) -> None:
        self.c = c
        edges = belt_edges(c)
        self.first_edge = edges[0] if edges else 0
        self.last_edge = edges[len(edges) - 1] if edges else 0
        self.rifle = c.fire_table["rifle_range"]
        self.grenade = c.fire_table["grenade_range"]
        self.grenade_within_rifle = grenade_within_rifle(c)
        self.radius = leader_radius(c)
        self.south, self.north = objective_edges(c)
        self.groups: dict[str, GroupActions] = {}
        self.moves: list[tuple[Action, ...] | None] = [None] * len(c.figures)
        self.layouts: dict[Roster, PartLayout] = {}


def offer_kit(c: Components) -> OfferKit:
    """The components' ``OfferKit``, made when first asked: the last one asked for read
    first (a process plays one set of components), no dict asked."""
    global LAST_KIT
    kit = LAST_KIT
    if kit is not None and kit.c is c:
        return kit
    found = OFFER_KITS.get(c)
    if found is None:
        found = OFFER_KITS[c] = OfferKit(c)
    LAST_KIT = found
    return found


OFFER_KITS: dict[Components, OfferKit] = {}
LAST_KIT: OfferKit | None = None  # offer_kit's last


def group_part(
    state: TrenchesState,
    kit: OfferKit,
    group: str,
    entry: GroupEntry,
    reach: bool,
    french: int,
    foes: SideIndex,
) -> list[Action]:
    """A regiment's part of the Move and Fire offer: its orders if a man may move, a volley
    (Fire (Hot Steel)), grenades (Bunker (Archie)), wire cutting (Barbed Wire). ``kit``: the
    components' (``offer_kit``); ``entry``: the group's members and riflemen in its side's
    roster (as ``state.members`` and ``state.group_infantry`` give them: no group name is
    both sides') and its actions (``group_entry``); ``reach`` False: no enemy stands within
    FIRE_REACH of the side (``fire.any_in_reach``), so no man has a target; ``french``: the
    mask of the lines French (``french_lines``); ``foes``: the enemy's index. Its orders
    (``group_moves``), then its volley, grenades and cutting (``group_fire``): two parts of
    the offer, as a weapon's action makes only the first stale."""
    found = list(group_moves(state, kit, group, entry, french))
    found.extend(group_fire(state, kit, entry, reach, foes))
    return found


def group_moves(
    state: TrenchesState, kit: OfferKit, group: str, entry: GroupEntry, french: int
) -> tuple[Action, ...]:
    """The first part of ``group_part``: a regiment's orders, "follow the leader" and "cover",
    if a man may move; a tuple kept by the objectives it follows (none made an offer), or
    NO_ACTIONS."""
    f = state.f  # each figure's data (state.Figures)
    acts = entry[2]
    leader = f.leader.get(group)
    # reference(state, group): the leader if he may move (then he is a first mover too, and
    # no other is looked for), else the first mover
    if leader is not None and f.status[leader] == TABLE and can_move(state, leader):
        ref = leader
    else:
        ref = _first(state, kit, group, entry[0], leader)
        if ref < 0:
            return NO_ACTIONS
    y = f.y[ref]
    forward = FORWARD[f.sides[ref]]
    key = objectives_key(kit.north if forward > 0 else kit.south, y, forward, french)
    by_key = acts[2]
    found = by_key.get(key)
    if found is None:  # the part with these objectives' "follow" orders, made once
        kept = ahead_of(f.c, y, forward, french)
        by_kept = acts[3]
        follows = by_kept.get(kept)
        if follows is None:
            follows = by_kept[kept] = tuple([act("follow", group, o) for o in kept])
        found = by_key[key] = (*acts[0], *follows, acts[1][0])
    return found


NO_MEN: list[int] = []  # group_fire's men who may fire, or near the wire, while none is (empty)
NO_FIGURES: tuple[int, ...] = ()  # a group's riflemen when it has none
# A part of the offer with no action: shared (a part is a tuple, read only)
NO_ACTIONS: tuple[Action, ...] = ()


def riflemen_band(
    f: Figures, infantry: tuple[int, ...], first_edge: int, last_edge: int
) -> tuple[Sequence[int], int, int, list[int]]:
    """A group's men who fire rifles (``infantry``) that may still fire (``riflemen_among``),
    the least and greatest y among them (``any_target``'s band), and those of them who have
    not moved either and stand between ``first_edge`` and ``last_edge`` (the wire belts'
    bands: the only men ``cutters_among`` can find at the wire; equal edges: none), in one
    pass. The men who may fire are the tuple itself while none of them has fired or is pinned
    (a phase's start: no list made); a list is made for the first man near the wire (most
    groups: none, NO_MEN). (NO_MEN, 0, 0, NO_MEN) when none may fire."""
    ys, moved = f.y, f.moved.flags
    fired, pinned = f.fired.flags, f.pinned.flags  # the marks' bytes (Marks.has), read in C
    marked = f.fired.count or f.pinned.count  # else every man may fire
    men: list[int] = NO_MEN  # (once one of them has fired or is pinned) those who may fire
    near: list[int] = NO_MEN
    lo = hi = 0
    count = 0  # the men who may fire, so far
    for k in range(len(infantry)):
        man = infantry[k]
        i = man
        if marked:
            if fired[i] or pinned[i]:
                if count == k:  # the first man left out: those before him may fire
                    men = list(infantry[:k])
                continue
            if count < k:
                men.append(man)
        y = ys[i]
        if count == 0:
            lo = hi = y
        elif y < lo:
            lo = y
        elif y > hi:
            hi = y
        count += 1
        if first_edge <= y < last_edge and not moved[i]:
            if near is NO_MEN:
                near = []
            near.append(man)
    if not count:
        return NO_MEN, 0, 0, NO_MEN
    return (men if count < len(infantry) else infantry), lo, hi, near


def group_fire(
    state: TrenchesState, kit: OfferKit, entry: GroupEntry, reach: bool, foes: SideIndex
) -> tuple[Action, ...]:
    """The second part of ``group_part``: a regiment's volley (Fire (Hot Steel)), grenades
    (Bunker (Archie)) and wire cutting (Barbed Wire), which read only its men who fire
    rifles (``entry``'s infantry); a tuple, most often NO_ACTIONS."""
    f = state.f  # each figure's data (state.Figures)
    acts = entry[2]
    # the first and last edge of the wire belts' bands (no wire: no man between them)
    shooters, lo, hi, near = riflemen_band(f, entry[1], kit.first_edge, kit.last_edge)
    if not reach:  # no target: only the men near the wire asked (cutters_among)
        if near and any_cutter(state, near):  # Barbed Wire: is there a cutter?
            return (acts[1][3],)
        return NO_ACTIONS
    if not shooters:
        return NO_ACTIONS
    volleys = any_target_among(state, foes, "rifle", kit.rifle, shooters, lo, hi)
    grenade = (volleys or not kit.grenade_within_rifle) and any_target_among(
        state, foes, "grenade", kit.grenade, shooters, lo, hi
    )  # Bunker (Archie)
    cutting = bool(near) and any_cutter(state, near)  # Barbed Wire: is there a cutter?
    if not volleys and not grenade and not cutting:
        return NO_ACTIONS  # (most often)
    found: list[Action] = []
    if volleys:  # Fire (Hot Steel)
        found.append(acts[1][1])
    if grenade:
        found.append(acts[1][2])
    if cutting:
        found.append(acts[1][3])
    return tuple(found)


# A group's members and riflemen in a roster, and its actions (``group_entry``)
GroupEntry = tuple[tuple[int, ...], tuple[int, ...], "GroupActions"]
# A group's orders, its "cover", "volley", "grenade" and "cut", its part of the offer's moves
# (orders, "follow" orders, "cover": ``group_moves``) by the key of the objectives it may
# march on (``objectives_key``), and its "follow" orders by the objectives themselves
# (``group_orders``, ``group_acts``, ``ahead_of``), read from the kit's dict in C.
GroupActions = tuple[
    tuple[Action, ...],
    tuple[Action, Action, Action, Action],
    dict[int, tuple[Action, ...]],
    dict[tuple[str, ...], tuple[Action, ...]],
]


def _first(
    state: TrenchesState, kit: OfferKit, group: str, men: tuple[int, ...], leader: int | None
) -> int:
    """``first_mover`` of a group whose members are ``men`` and leader ``leader`` (None for
    none) as a figure's index, -1 for none (``_movers``' tests, without a list)."""
    f = state.f  # each figure's data (state.Figures)
    if f.allow.get(group, 0) <= 0:
        return -1
    broken = f.broken
    if broken and broken.get(group, 0) > 0:
        return -1
    moved, fired = f.moved.flags, f.fired.flags  # the marks' bytes (Marks.has), read in C
    status = f.status
    lead = -1  # the leader, -1 for none (a French regiment's, on the table: Leaders)
    if leader is not None and men and f.sides[men[0]] == FRENCH and status[leader] == TABLE:
        lead = leader
    lx = ly = reach = 0
    xs = ys = NOWHERE  # the places, read only to measure from a leader (most groups: none)
    if lead >= 0:
        xs, ys = f.x, f.y
        lx, ly = xs[lead], ys[lead]
        reach = kit.radius
    walkers = f.walkers  # not a tank, a gun, the plane
    pinned, out = f.pinned, f.tank_out
    table = TABLE
    for man in men:  # an object for the dict, a machine integer ``i``
        i = man
        if moved[i] or fired[i]:
            continue  # most often, once it has acted: he has moved
        if not walkers[i]:
            continue
        here = status[i]  # a machine integer (movement.pxd): compared in C
        if here != table:
            continue
        if pinned.has(i) or (out and man in out):
            continue
        if lead >= 0 and lead != i:
            px, py = xs[i], ys[i]
            dx, dy = px - lx, py - ly
            if dx * dx + dy * dy > reach * reach:  # geo.within
                continue
        return i
    return -1


def single_part(state: TrenchesState, kit: OfferKit, i: int, reach: bool) -> tuple[Action, ...]:
    """A weapon's, the HQ's or a tank's part of the Move and Fire offer: its moves, a machine
    gun's or mortar's three nearest targets, a tank's weapons (Tanks). ``kit``: the
    components' (``offer_kit``); ``reach`` False: no enemy stands within FIRE_REACH of the
    side, so a machine gun or mortar has no target. A tuple: its moves as kept, or
    NO_ACTIONS, when it has no target (most often)."""
    f = state.f  # each figure's data (state.Figures)
    moves = NO_ACTIONS
    if can_move(state, i):
        by_figure = kit.moves  # figure_moves of each figure, made when first asked
        kept = by_figure[i]
        if kept is None:
            kept = by_figure[i] = figure_moves(f.c.figures[i].id)
        moves = kept
    kind = f.kinds[i]
    shots: list[int] = NO_TARGETS
    if (
        reach
        and (kind == "mg" or kind == "mortar")
        and not f.moved.flags[i]
        and not f.fired.flags[i]
    ):
        weapon = "mortar" if kind == "mortar" else "mg"  # weapon_of
        shots = targets(state, weapon, i)
    tanks: list[Action] = tank_offers(state, i) if f.tanks[i] else NO_TANK_ACTIONS  # f.is_tank
    if not shots and not tanks:
        return moves
    found = list(moves)
    for t in shots:
        found.append(fire_action(f.c, i, t))
    found.extend(tanks)
    return tuple(found)


NO_TARGETS: list[int] = []  # single_part's targets when it asks none (never changed)
NO_TANK_ACTIONS: list[Action] = []  # single_part's tank actions for a figure that is none


def fire_action(c: Components, shooter: int, target: int) -> Action:
    """``fire`` by ``shooter`` at ``target`` (their figure ids), each made once."""
    kept = FIRE_ACTIONS.get(c)
    if kept is None:
        kept = FIRE_ACTIONS[c] = {}
    key = shooter * FIGURE_SLOTS + target  # one integer: figures number fewer than the slots
    found = kept.get(key)
    if found is None:
        found = kept[key] = act("fire", c.figures[shooter].id, c.figures[target].id)
    return found


FIRE_ACTIONS: dict[Components, dict[int, Action]] = {}


# the frame, the enemy's index, the wire cut, the lines' owners, the clouds, the event, and
# the mask of the lines French (``french_lines``: read by each group's objectives)
OfferBasis = tuple[Frame, SideIndex, int, tuple[str, ...], int, str, int]
# the last offer's parts (``parts_afresh``): basis, roster, owners, parts, each group's places,
# each group's entry
OfferParts = tuple[
    OfferBasis,
    Roster,
    list[str | int],
    list[tuple[Action, ...]],
    dict[str, list[int]],
    list[GroupEntry | None],
]


def offer_basis(state: TrenchesState, frame: Frame, side: str) -> OfferBasis:
    """What every part of a Move and Fire offer follows from, with the side's roster (its
    men by group) and the groups that acted since (``state.touched``: a group's men move,
    fire and cut only by its own actions): the phase's frame, the enemy's index (a new one
    when an enemy falls or moves), the wire cut, the lines owned, the clouds and the event.
    The last offer's basis while nothing of it changed, so that it is compared by identity."""
    foes = state.index(FRENCH if german(side) else GERMAN)  # enemy(side)'s
    cut, owner, clouds, event = len(state.cut), state.owner, len(state.clouds), state.event
    last: OfferBasis | None = state.offer_basis
    if (
        last is not None
        and last[0] is frame
        and last[1] is foes
        and last[2] == cut
        and last[4] == clouds
        and last[5] == event
        and same_owners(last[3], owner)
    ):
        return last  # each part compared as it is, no new tuple made
    basis = (frame, foes, cut, tuple(owner), clouds, event, french_lines(owner))
    state.offer_basis = basis
    return basis


def german(side: str) -> bool:
    """Whether ``side`` is the Germans: the sides' interned names told apart by identity
    (called in C: movement.pxd), any other string compared."""
    return side is GERMAN or (side is not FRENCH and side == GERMAN)


def same_owners(kept: tuple[str, ...], owner: list[str]) -> bool:
    """Whether the lines' owners kept in a basis are those of now, line by line (no list
    made of the kept tuple to compare)."""
    if len(kept) != len(owner):
        return False
    for line in range(len(owner)):
        a, b = kept[line], owner[line]
        if a is not b and a != b:  # (the same interned name most often: no compare)
            return False
    return True


def acting_part(state: TrenchesState, action: Action) -> str | None:
    """The name the Move and Fire offer's parts an action makes stale are kept by
    (``part_layout``'s places): the group a group's action names or a rifleman's move is
    of; a weapon's, the HQ's gun's or a tank's own id for its own action (no man of its
    group who fires rifles moves or fires: the group's volley, grenades and cutting stand,
    only its orders and the figure's own part are made again). None: done, strafe."""
    return _acting_part(state, MOVE_VERBS.get(action.verb, -1), action.args)


def _acting_part(state: TrenchesState, code: int, args: tuple[str, ...]) -> str | None:
    """``acting_part`` of a verb's number (MOVE_VERBS) and its arguments."""
    if 1 <= code <= GROUP_VERBS:  # order, follow, cover, volley, grenade, cut
        return args[0]
    if GROUP_VERBS < code <= FIGURE_VERBS:  # move, fire, ap, he
        i = figure(state, args[0])
        if i < 0:
            return None
        f = state.f
        if f.kinds[i] in INFANTRY:  # (the HQ too: its group's volley reads him)
            return f.group[i]
        return args[0]
    return None


def move_rule(side: str) -> str:
    """The section of the side's move: French Move and Fire, or German Move."""
    return "French Move and Fire" if side == FRENCH else "German Move"


def fire_rule(side: str) -> str:
    """The section of the side's fire after the enemy moved."""
    return "French Fire" if side == FRENCH else "German Return Fire"


def figure(state: TrenchesState, fid: str) -> int:
    f = state.c.figure(fid)
    return -1 if f is None else f.index


def single_move(state: TrenchesState, action: Action, side: str) -> list[int]:
    i = figure(state, action.args[0])
    if len(action.args) == 2:
        reach = allowance(state, i)
        sx, sy = DIRECTIONS[action.args[1]]  # geo.heading(state.at(i), ..., reach), in C
        f = state.f
        b = (f.x[i] + sx * reach // 1000, f.y[i] + sy * reach // 1000)
        return [i] if step_to(state, i, b) else []
    point = point_move(state, action, side)
    assert point is not None
    return [i] if step_to(state, i, point) else []


def point_move(state: TrenchesState, action: Action, side: str) -> geo.Point2 | None:
    """``move F12 305 410``: a figure of ``side`` that may move, to a point within its move
    that it reaches unhindered; None if that does not validate."""
    if action.verb != "move" or len(action.args) != 3:
        return None
    i = figure(state, action.args[0])
    try:
        point = (int(action.args[1]), int(action.args[2]))
    except ValueError:
        return None
    if i < 0 or state.fig(i).side != side or not can_move(state, i):
        return None
    if state.fig(i).kind not in SINGLE and state.fig(i).kind not in ("rifle", "leader", "elite"):
        return None
    if not geo.on_table(point, state.c.width, state.c.depth):
        return None
    if not geo.within(state.at(i), point, allowance(state, i)):
        return None
    return point if walk(state, i, point, dry=True) == point else None


def shot(state: TrenchesState, action: Action, side: str) -> tuple[int, int] | None:
    """``fire M T``: a machine gun or mortar of ``side`` that has neither moved nor fired, at
    any enemy figure in its reach."""
    if action.verb != "fire" or len(action.args) != 2:
        return None
    i, t = figure(state, action.args[0]), figure(state, action.args[1])
    if i < 0 or t < 0 or state.f.status[i] != TABLE or state.f.status[t] != TABLE:
        return None
    f = state.fig(i)
    if f.side != side or f.kind not in ("mg", "mortar") or state.fig(t).side == side:
        return None
    figures = state.f  # each figure's data (state.Figures)
    if figures.moved.has(i) or figures.fired.has(i) or figures.pinned.has(i):
        return None
    return (i, t) if can_hit(state, weapon_of(state, i), i, t) else None


# --- opportunity fire ---------------------------------------------------------------------


def gunners(state: TrenchesState, side: str) -> list[int]:
    """The machine guns of ``side`` on the table with opportunity shots left, not pinned, in
    figure order (``state.on_table``'s). Read from the few loaded guns (``state.f.shots``),
    not by a test of every figure on the table after every move."""
    f = state.f  # each figure's data (state.Figures)
    if side == GERMAN and state.event == "jammed":
        return []  # Fortune of War: jammed belts
    shots, pinned, status = f.shots, f.pinned, f.status
    sides, kinds = f.sides, f.kinds
    found: list[int] = []
    table = TABLE
    for g, left in shots.items():  # a loop, not a comprehension: typed in movement.pxd
        i = g
        if left <= 0:
            continue
        here = status[i]  # a machine integer (movement.pxd): compared in C
        if here != table or pinned.has(i):
            continue
        if sides[i] == side and kinds[i] != "plane":  # on_table: not the airplane
            found.append(g)
    found.sort()
    return found


def opportunity(state: TrenchesState, mover: str, went: list[int]) -> None:
    """While one side moves, the other's machine guns may fire three times each at the
    figures that just moved."""
    status = state.f.status
    moved = went  # the list itself (the action's own) when all of them are on the table
    table = TABLE
    for man in went:  # a loop, not a comprehension: typed in movement.pxd
        i = man  # a machine integer, the object itself kept (none made)
        here = status[i]  # a machine integer: compared in C, no integer made for it
        if here != table:
            moved = [m for m in went if status[m] == TABLE]
            break
    state.just_moved = moved
    other = GERMAN if mover == FRENCH else FRENCH  # enemy(mover)
    if moved and any_opportunity(state, other):
        state.push("opfire", side=other)


def any_opportunity(state: TrenchesState, side: str) -> bool:
    """Whether a machine gun of ``side`` has an opportunity shot: ``opportunity_shots(state,
    side, True)`` as yes/no, read in C (movement.pxd) with no list made: the band of y the
    figures that just moved stand in, then each loaded gun (``gunners``, in any order: the
    answer is the same) within its range of that band."""
    f = state.f  # each figure's data (state.Figures)
    if side == GERMAN and state.event == "jammed":
        return False  # Fortune of War: jammed belts (gunners)
    status, xs, ys = f.status, f.x, f.y
    moved = state.just_moved
    table_ = TABLE
    lo = hi = reach = longest = 0
    n = -1  # the figures that just moved and are on the table (-1: not yet counted)
    tanks = f.tanks
    plain = True
    shots, pinned, sides, kinds = f.shots, f.pinned, f.sides, f.kinds
    for g, left in shots.items():  # gunners' tests, in the dict's order
        if left <= 0:
            continue
        if n < 0:  # the band they stand in, read for the first loaded gun (most often none)
            n = 0
            for t in moved:
                here = status[t]  # a machine integer: compared in C, no integer made for it
                if here != table_:
                    continue
                ty = ys[t]
                if n == 0 or ty < lo:
                    lo = ty
                if n == 0 or ty > hi:
                    hi = ty
                n += 1
            if n == 0:
                return False
            reach = table(state, "mg_range")  # fire.table
            longest = reach * reach
            plain = not state.clouds and state.event != "fog"
        i = g
        hx, hy = xs[i], ys[i]
        if hy + reach < lo or hy - reach > hi:
            continue  # nobody moved within the machine gun's range north or south
        here = status[i]
        if here != table_ or pinned.flags[i]:  # (Marks.has, in C)
            continue
        if sides[i] != side or kinds[i] == "plane":
            continue
        for t in moved:
            here = status[t]
            if here != table_:
                continue
            tx, ty = xs[t], ys[t]
            dx, dy = tx - hx, ty - hy
            if not (-reach <= dy <= reach and dx * dx + dy * dy <= longest):
                continue
            # no cloud, no fog: the machine gun's reach is its range, checked above
            if not tanks[t] if plain else can_hit(state, "mg", i, t):  # fire.can_hit
                return True
    return False


def opportunity_offers(state: TrenchesState, side: str) -> list[Action]:
    """The opportunity shots of ``side``'s machine guns, as actions."""
    figures = state.c.figures
    shots = opportunity_shots(state, side, False)
    return [
        act("opfire", figures[shots[k]].id, figures[shots[k + 1]].id)
        for k in range(0, len(shots), 2)
    ]


def opportunity_shots(state: TrenchesState, side: str, first: bool) -> list[int]:
    """Each machine gun of ``side`` with shots left (``gunners``), and its (up to three)
    nearest targets among the figures that just moved: (gun, target) pairs, flat, in
    machine integers (movement.pxd); if ``first``, only whether there is a shot: one pair,
    the first found (no action made, no target sorted)."""
    f = state.f  # each figure's data (state.Figures)
    found: list[int] = []
    loaded = gunners(state, side)
    if not loaded:
        return found  # most moves: no machine gun of the other side has a shot left
    status, xs, ys = f.status, f.x, f.y
    moved: list[int] = []
    table_ = TABLE
    for t in state.just_moved:
        if status[t] == table_:
            moved.append(t)
    if not moved:
        return found
    reach = table(state, "mg_range")  # fire.table
    longest, tanks = reach * reach, f.tanks
    plain = not state.clouds and state.event != "fog"
    lo = hi = ys[moved[0]]  # the band the movers stand in: a gun beyond its reach skips them
    for t in moved:
        ty = ys[t]
        if ty < lo:
            lo = ty
        elif ty > hi:
            hi = ty
    slots = FIGURE_SLOTS
    for g in loaded:
        hx, hy = xs[g], ys[g]
        if hy + reach < lo or hy - reach > hi:
            continue  # nobody moved within the machine gun's range north or south
        # (squared distance, figure) within the machine gun's range, packed in one integer
        # as in fire.by_distance: sorted, nearest first (then in figure order)
        near: list[int] = []
        for t in moved:
            tx, ty = xs[t], ys[t]
            dx, dy = tx - hx, ty - hy
            if -reach <= dy <= reach and dx * dx + dy * dy <= longest:
                if first and (not tanks[t] if plain else can_hit(state, "mg", g, t)):
                    found.append(g)  # a shot: which is nearest does not matter
                    found.append(t)
                    return found
                near.append((dx * dx + dy * dy) * slots + t)
        if first:
            continue  # none of them: the next gun
        near.sort()
        hits = 0
        for key in near:
            if hits == 3:
                break
            t = key & (slots - 1)
            # no cloud, no fog: the machine gun's reach is its range, checked above
            if not tanks[t] if plain else can_hit(state, "mg", g, t):  # fire.can_hit
                found.append(g)
                found.append(t)
                hits += 1
    return found


class OpportunityFire(Prompt[TrenchesState]):
    """German machine gun opportunity fire (and French, in the German move): three shots
    per machine gun during the enemy's move, at figures that have just moved."""

    name = "opfire"
    title = "opportunity fire with machine guns (French Move and Fire, German Move)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> Iterator[Action]:
        yield from opportunity_offers(state, side)
        yield act("hold")

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "hold":
            state.pop()
            return
        g, t = figure(state, action.args[0]), figure(state, action.args[1])
        state.f.shots[g] -= 1
        shoot(state, "mg", g, t, move_rule(enemy(side)))
        if not any_opportunity(state, side):
            state.pop()


# --- return fire ----------------------------------------------------------------------------


class ReturnFire(Prompt[TrenchesState]):
    """German Return Fire / French Fire: after the enemy has moved, fire with all weapons,
    machine guns included; grenades at 3"."""

    name = "return_fire"
    title = "fire with all weapons (German Return Fire, French Fire)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> list[Action]:
        return return_fire_offer(state, side)

    def accepts(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> bool:
        return shot(state, action, side) is not None

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "done":
            state.pop()
            return
        if action.verb == "volley":
            volley(state, action.args[0], "Fire (Hot Steel)")
        elif action.verb == "grenade":
            grenades(state, action.args[0])
        else:
            shooter, target = shot(state, action, side) or (0, 0)
            state.f.fired.add(shooter)
            shoot(state, weapon_of(state, shooter), shooter, target, "Fire (Hot Steel)")


WEAPONS = ("mg", "mortar")  # the weapons that fire in Return Fire, besides the rifles


def return_fire_offer(state: TrenchesState, side: str) -> list[Action]:
    """Return Fire's offer (``ReturnFire.offer``): a function, so that movement.pxd types it."""
    found: list[Action] = []
    roster = state.roster(side)  # groups(), each group's riflemen as in riflemen()
    if not any_in_reach(state, roster.figures, FIRE_REACH, True):
        found.append(DONE)
        return found  # most often: no enemy within any weapon's range north or south
    kit = offer_kit(state.c)
    foes = state.index(FRENCH if german(side) else GERMAN)  # enemy(side)'s
    f = state.f
    fired, pinned = f.fired.flags, f.pinned.flags  # (Marks.has, in C)
    for group in roster.names:  # sorted(roster.groups)
        shooters, lo, hi, _ = riflemen_band(f, roster.infantry.get(group, NO_FIGURES), 0, 0)
        if not shooters:
            continue  # (any_target: no man, no target)
        acts = kit.groups.get(group)
        if acts is None:
            acts = kit.groups[group] = (group_orders(group), group_acts(group), {}, {})
        volleys = any_target_among(state, foes, "rifle", kit.rifle, shooters, lo, hi)
        if volleys:
            found.append(acts[1][1])
        if (volleys or not kit.grenade_within_rifle) and any_target_among(
            state, foes, "grenade", kit.grenade, shooters, lo, hi
        ):
            found.append(acts[1][2])
    kinds = f.kinds
    for i in of_kinds(roster, WEAPONS):  # state.of_kind
        if not fired[i] and not pinned[i]:  # (Marks.has, in C)
            weapon = "mortar" if kinds[i] == "mortar" else "mg"  # weapon_of
            for t in targets(state, weapon, i):
                found.append(fire_action(state.c, i, t))
    found.append(DONE)
    return found

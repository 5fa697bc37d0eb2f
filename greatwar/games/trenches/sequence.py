"""The Game Sequence, step by step: Fortune of War (the game master), Determine Winds, the
clouds' drift, the move phases, Combat, Morale, French reinforcements, German New Units,
German morale (surrender) and the end of the turn with its victory checks."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from greatwar.core import Action, Prompt, act
from greatwar.core.state import Frame
from greatwar.games.trenches import fire
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, GM, SIDES, TANKS, Components
from greatwar.games.trenches.geometry import on_table, tenths  # called in C (sequence.pxd)
from greatwar.games.trenches.index import Roster, SideIndex, of_kinds
from greatwar.games.trenches.movement import walk
from greatwar.games.trenches.specials import roll_tank
from greatwar.games.trenches.state import (
    DEAD,
    GONE,
    POOL,
    TABLE,
    Terrain,
    TrenchesState,
    bunker_in,
    feature_bands,
    hole_in,
    line_band,
    line_in,
    marks,
    near_in,
    terrain,
)

# --- Fortune of War ---------------------------------------------------------------------------

PLAN_AHEAD = 3  # a person game master may plan an event up to three turns ahead


def fortune(state: TrenchesState) -> None:
    """Fortune of War: the game master says if there are any special events this turn. A
    computer game master rolls a die on the event table (events.toml); a person chooses."""
    state.turn += 1
    state.phase = "Fortune of War"
    state.note("The Game Sequence", f"turn {state.turn}")
    state.event = "quiet"
    if state.turn in state.plans:
        state.event = state.plans.pop(state.turn)
        state.reveal()
        announce(state, "planned")
        if state.gm_seat:
            state.push("gm", side=GM, chosen=True)
        return
    if state.gm_seat:
        state.push("gm", side=GM, chosen=False)
        return
    roll = state.rng.die()
    rolled = ROLLED.get(state.c)  # rolled_events(c), read from a dict in C
    if rolled is None:
        rolled = ROLLED[state.c] = rolled_events(state.c)
    state.event, text = rolled[roll]  # announce(state, "rolled", [roll])'s text, made once
    state.note("Fortune of War", text, dice=[roll])


def rolled_events(c: Components) -> dict[int, tuple[str, str]]:
    """For each roll of the event table: its event (the first of that roll) and the text
    ``announce`` writes of it rolled."""
    found: dict[int, tuple[str, str]] = {}
    for e in c.events:
        roll = int(e["roll"])
        if roll not in found:
            found[roll] = (e["id"], f"{e['title']} (rolled): {e['text']}")
    return found


ROLLED: dict[Components, dict[int, tuple[str, str]]] = {}  # rolled_events(c), by the components


def announce(state: TrenchesState, how: str, dice: list[int] | None = None) -> None:
    event = state.c.event(state.event)
    assert event is not None
    state.note("Fortune of War", f"{event['title']} ({how}): {event['text']}", dice=dice or [])


class GameMaster(Prompt[TrenchesState]):
    """Fortune of War, the game master's seat: ``event E`` announces this turn's event;
    ``plan E T`` sets one down in secret for a later turn (revealed when it comes)."""

    name = "gm"
    title = "choose this turn's Fortune of War"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> Iterator[Action]:
        for e in state.c.events:
            if not frame["chosen"]:
                yield act("event", e["id"])
        for turn in range(state.turn + 1, state.turn + PLAN_AHEAD + 1):
            if turn not in state.plans:
                for e in state.c.events:
                    if e["id"] != "quiet":
                        yield act("plan", e["id"], turn)
        if frame["chosen"]:
            yield act("done")

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "plan":
            state.plans[int(action.args[1])] = action.args[0]
            state.note(
                "Fortune of War", f"planned: {action.args[0]} on turn {action.args[1]}", to=GM
            )
            return
        state.pop()
        if action.verb == "event":
            state.event = action.args[0]
            announce(state, "the game master's choice")


# --- winds and clouds ---------------------------------------------------------------------------

WIND_FROM = {1: "left", 2: "right", 3: "rear", 4: "rear", 5: "front"}
DRIFT = {"left": (1, 0), "right": (-1, 0), "rear": (0, 1), "front": (0, -1)}
VEER = {"left": "front", "front": "right", "right": "rear", "rear": "left"}


def winds(state: TrenchesState) -> None:
    """Determine Winds: a die; anything but a 6 and the wind stays. On a 6 a second die: 1
    from the French left, 2 right, 3-4 rear, 5 front, 6 the wind changes (PROPOSED: veers a
    quarter turn clockwise)."""
    state.phase = "Determine Winds"
    roll = state.rng.die()
    if roll != 6:
        state.note("Determine Winds", f"the wind stays from the French {state.wind}", dice=[roll])
        return
    second = state.rng.die()
    state.wind = WIND_FROM.get(second) or VEER[state.wind]
    state.note(
        "Determine Winds", f"the wind blows from the French {state.wind}", dice=[roll, second]
    )


def clouds(state: TrenchesState) -> None:
    """Move the Poison Gas Clouds and Smoke: 12" with the wind; a cloud blown off the table
    is gone; everybody under a gas cloud is pinned this turn and stays put."""
    f = state.f  # each figure's data (state.Figures)
    state.phase = "Clouds"
    drift = int(state.c.tables["scatter"]["cloud_drift"])
    dx, dy = DRIFT[state.wind]
    moved = []
    for kind, x, y in state.clouds:
        p = (x + dx * drift, y + dy * drift)
        if on_table(p, state.c.width, state.c.depth):  # called in C (sequence.pxd)
            moved.append((kind, p[0], p[1]))
        else:
            state.note(
                "Move the Poison Gas Clouds and Smoke", f"a {kind} cloud blows off the table"
            )
    state.clouds = moved
    radius = int(state.c.tables["scatter"]["gas_radius"])
    pinned: set[int] = set()
    for kind, x, y in moved:
        if kind == "gas":  # everybody within the cloud's radius (geo.within)
            under: list[int] = []
            for side in SIDES:
                near_in(state.index(side), f.x, f.y, x, y, radius, under)
            pinned.update(under)
    f.pinned = marks(f, pinned)
    if f.pinned:
        state.note("Poison Gas", f"{len(f.pinned)} figures are pinned under gas")


# --- the move phases ------------------------------------------------------------------------


def move_phase(state: TrenchesState, side: str) -> None:
    """Move and Fire: the movement dice (each French regiment 2 dice; German regulars 2 dice,
    elite 3; each tank 3), the enemy's machine guns loaded with three shots of opportunity."""
    f = state.f  # each figure's data (state.Figures)
    state.phase = MOVE_PHASES.get(side) or f"{side} move and fire"  # (the same text, kept)
    f.moved, f.fired = marks(f), marks(f)
    state.gun_fired, state.mgs_fired, f.no_fire = set(), set(), set()
    state.strafed = False
    f.allow = {}
    halve = 2 if state.event == "mud" else 1
    mv = state.c.tables["move"]
    if side == FRENCH:
        dice = int(mv["regiment_dice"])
        for group in on_table_groups(state, FRENCH):
            if group[0] == "T":  # a tank's (group.startswith("T"): a group is named)
                continue
            roll_group(state, group, dice, halve)
    else:
        regular = state.rng.dice(int(mv["regiment_dice"]))
        elite = state.rng.dice(int(mv["elite_dice"]))
        regulars = elites = 0  # sum(regular) and sum(elite), in C (sequence.pxd)
        for pip in regular:
            regulars += pip
        for pip in elite:
            elites += pip
        for group in on_table_groups(state, GERMAN):
            if group == "A":
                continue
            f.allow[group] = (elites if group == "E" else regulars) * 10 // halve
        state.note("German Move", f"German regulars move {regulars} in", dice=regular)
        state.note("German Move", f"German elite move {elites} in", dice=elite)
    for t in of_kinds(state.roster(side), TANKS):  # tanks(state, side), no list copied
        roll_tank(state, t)
    shots = int(state.c.tables["fire"]["opportunity_shots"])
    # the enemy's machine guns on the table, in figure order
    other = GERMAN if side == FRENCH else FRENCH  # enemy(side)
    f.shots = {i: shots for i in state.roster(other).kinds.get("mg", ())}
    for group, turns in list(f.broken.items()):
        if group in f.allow and side == FRENCH:
            state.note("Morale", f"{group} is broken and does not move this turn")
            f.broken[group] = turns - 1
            if f.broken[group] <= 0:
                del f.broken[group]
            f.allow[group] = 0
    state.push("move_fire", side=side)


# the move and fire phases' names, by side
MOVE_PHASES = {side: f"{side} move and fire" for side in SIDES}
FIRE_PHASES = {side: f"{side} fire" for side in SIDES}


def on_table_groups(state: TrenchesState, side: str) -> list[str]:
    """The groups of the side's figures on the table, sorted: the roster's groups that still
    have a man (a casualty leaves his group's entry, empty, in the roster)."""
    roster = state.roster(side)
    groups = roster.groups  # its names sorted: those with a man kept (no sort)
    return [group for group in roster.names if groups[group]]


def roll_group(state: TrenchesState, group: str, dice: int, halve: int) -> None:
    f = state.f  # each figure's data (state.Figures)
    rolled = state.rng.dice(dice)
    pips = 0
    for pip in rolled:  # sum(rolled), in C (sequence.pxd): no call of the builtin
        pips += pip
    allow = pips * 10 // halve
    f.allow[group] = allow
    state.note("French Move and Fire", f"{group} moves {tenths(allow)} in", dice=rolled)


def return_fire(state: TrenchesState, side: str) -> None:
    """German Return Fire / French Fire: the other side fires all its weapons."""
    f = state.f  # each figure's data (state.Figures)
    state.phase = FIRE_PHASES.get(side) or f"{side} fire"  # (the same text, kept)
    f.moved, f.fired = marks(f), marks(f)
    state.push("return_fire", side=side)


def hand_to_hand(state: TrenchesState) -> None:
    """Combat: any soldier in contact with an enemy fights hand to hand."""
    state.phase = "Combat"
    fire.hand_to_hand(state)
    check_victory(state)


# --- morale ---------------------------------------------------------------------------------


def morale(state: TrenchesState) -> None:
    """Morale: a French regiment under 50 % of its strength (see PROVENANCE for the reading)
    rolls; 1-2 breaks it when attacking, 1 when defending; +1 when the HQ is within 12" of
    its leader. A broken regiment falls back 2d6" and loses its next move (PROPOSED)."""
    f = state.f  # each figure's data (state.Figures)
    state.phase = "Morale"
    mor = state.c.tables["morale"]
    threshold = int(mor["threshold"])
    hq: list[int] | None = None  # the HQ, asked for the first regiment that rolls
    for group, leader in sorted(f.leader.items()):
        men = state.count(group)
        if men == 0 or men * 100 >= state.strength[group] * threshold:
            continue
        attacking = False  # any(f.group[i] == group for i in f.moved), no generator made
        for i in f.moved:
            if f.group[i] == group:
                attacking = True
                break
        breaks = int(mor["attack_breaks"] if attacking else mor["defend_breaks"])
        roll = state.rng.die()
        if hq is None:
            hq = state.of_kind(FRENCH, ("hq",))
        bonus = (
            1 if hq and geo.within(state.at(hq[0]), state.at(leader), int(mor["hq_radius"])) else 0
        )
        text = f"{group} ({men} of {state.strength[group]}) rolls {roll}" + (
            " +1 HQ" if bonus else ""
        )
        if roll + bonus > breaks:
            state.note("Morale", f"{text}: holds", dice=[roll])
            continue
        state.note("Morale", f"{text}: breaks", dice=[roll])
        back = state.rng.dice(int(mor["retreat_dice"]))
        for i in state.members(group):
            if not state.fig(i).is_tank:
                state.place(i, walk(state, i, (f.x[i], f.y[i] - sum(back) * 10)))
        f.broken[group] = 1
        state.note("Morale", f"{group} falls back {sum(back)} in", dice=back)


# --- reinforcements ---------------------------------------------------------------------------


def captures(state: TrenchesState) -> None:
    """French reinforcements, the triggers: a regiment captures a large shell hole (1 die),
    a bunker (2 dice), or enters an enemy trench for the first time (3 dice)."""
    f = state.f  # each figure's data (state.Figures)
    r = state.c.tables["reinforcements"]
    c = state.c
    # only a man within the y of a shell hole, a bunker or a trench can hold or capture one:
    # a byte per y of the table says which y are (feature_rows), read in C for each man
    rows = FEATURE_ROWS.get(c)
    if rows is None:
        rows = FEATURE_ROWS[c] = feature_rows(feature_bands(c), c.depth, len(c.holes))
    xs, ys = f.x, f.y
    bands, holes = feature_bands(c), len(c.holes)
    near = near_features(state.roster(FRENCH).figures, ys, rows, bands, holes, HOLES | LINES)
    if not near:
        return
    # read once for the hundred-odd men near a feature
    groups, leaders, owner = f.group, f.leader, state.owner
    held_holes: set[str | None] | None = None  # what the Germans hold, once asked
    held_bunkers: set[int | None] | None = None
    ground = terrain(c)  # state.hole_of, bunker_of and line_of, in machine integers
    last = len(rows)
    lines = LINE_ROWS.get(c)  # each point's line_in, a row of bytes by y (line_rows)
    if lines is None:
        lines = LINE_ROWS[c] = line_rows(c)
    hole_rows = HOLE_ROWS.get(c)  # each point's hole_in, likewise (hole_row)
    if hole_rows is None:
        hole_rows = HOLE_ROWS[c] = line_rows(c)
    for i in near:
        group = groups[i]
        if group not in leaders:
            continue
        x, y = xs[i], ys[i]
        # which features' bands hold his y (feature_rows' bits): the others are not asked
        kinds = rows[y] if 0 <= y < last else HOLES | LINES
        hole = hole_at(c, ground, hole_rows, x, y) if kinds & HOLES else None
        if hole:
            key = HOLE_KEYS.get(hole)  # f"hole:{hole}", made once
            if key is None:
                key = HOLE_KEYS[hole] = f"hole:{hole}"
            if key not in state.credited:  # else earn() would do nothing
                if held_holes is None:  # the Germans at a shell hole's y: the others hold none
                    germans = near_features(
                        state.roster(GERMAN).figures, ys, rows, bands, holes, HOLES
                    )
                    held_holes = {hole_at(c, ground, hole_rows, xs[g], ys[g]) for g in germans}
                if hole not in held_holes:
                    earn(state, group, key, int(r["shell_hole"]))
        if not kinds & LINES:
            continue  # no bunker and no trench line at his y
        bunker = bunker_in(ground, x, y)
        if bunker and f"bunker:{bunker}" not in state.credited:
            if held_bunkers is None:  # the Germans at a line's y: the others hold no bunker
                germans = near_features(state.roster(GERMAN).figures, ys, rows, bands, holes, LINES)
                held_bunkers = {bunker_in(ground, xs[g], ys[g]) for g in germans}
            if bunker not in held_bunkers:
                earn(state, group, f"bunker:{bunker}", int(r["bunker"]))
        line = line_at(c, lines, x, y)  # line_in, read from a row of bytes
        if line and owner[line - 1] == GERMAN:
            earn(state, group, f"trench:{line}:{group}", int(r["trench"]))


HOLE_KEYS: dict[str, str] = {}  # a shell hole's key in state.credited, by its id


def feature_rows(bands: tuple[tuple[int, int], ...], depth: int, holes: int) -> bytes:
    """A byte per y from 0 to ``depth``: HOLES if y lies in one of the first ``holes`` of
    ``bands`` (feature_bands: the shell holes', then the lines'), LINES if in one of the
    others (a trench line's, its bunker's too), 0 if in none (lo <= y <= hi)."""
    found = bytearray(depth + 1)
    for k, (lo, hi) in enumerate(bands):
        for y in range(max(lo, 0), min(hi, depth) + 1):
            found[y] |= HOLES if k < holes else LINES
    return bytes(found)


HOLES, LINES = 1, 2  # feature_rows' bits


FEATURE_ROWS: dict[Components, bytes] = {}  # feature_rows of the components' features


def near_features(
    figures: tuple[int, ...],
    ys: list[int],
    rows: bytes,
    bands: tuple[tuple[int, int], ...],
    holes: int,
    kinds: int,
) -> list[int]:
    """The ``figures`` whose y lies in the band of a feature of ``kinds`` (feature_rows'
    bits: the first ``holes`` of ``bands`` are HOLES, the others LINES), read from ``rows``,
    or from ``bands`` for a y beyond the table; in their order: the same men as the index's
    bands of those features would give."""
    found: list[int] = []
    last = len(rows)
    for man in figures:  # an object for the list (none made), a machine integer ``i``
        i = man
        y = ys[i]
        if 0 <= y < last:
            if rows[y] & kinds:
                found.append(man)
            continue
        for k in range(len(bands)):
            lo, hi = bands[k]
            if (HOLES if k < holes else LINES) & kinds and lo <= y <= hi:
                found.append(man)
                break
    return found


def earn(state: TrenchesState, group: str, key: str, dice: int) -> None:
    """Holes and bunkers earn once, for the first regiment to take them; each regiment
    earns its first entry into each line (PROPOSED reading of "for the first time")."""
    if key in state.credited:
        return
    state.credited.add(key)
    what = key.split(":")[0]
    state.eligible[group] = state.eligible.get(group, 0) + dice
    state.note("French reinforcements", f"{group} earns {dice} dice ({what})")


def reinforcements(state: TrenchesState) -> None:
    """French reinforcements: the dice earned, in men from the regiment's dead pile, next to
    its leader; with two regiments eligible, a roll on the support table too. Nothing is
    carried over (they cannot be accumulated)."""
    state.phase = "French reinforcements"
    captures(state)
    for group, dice in sorted(state.eligible.items()):
        rolled = state.rng.dice(dice)
        status = state.f.status
        dead = [i for i in figures_of(state.c, "", group, "rifle") if status[i] == DEAD]
        back = dead[: sum(rolled)]
        leader = state.f.leader[group]
        for n, i in enumerate(back):
            state.set_status(i, TABLE)
            state.set_group(i, group)
            state.place(i, beside(state, state.at(leader), n))
        state.note("French reinforcements", f"{group}: {len(back)} men return", dice=rolled)
    if len(state.eligible) >= 2:
        support(state)
    state.eligible = {}


def beside(state: TrenchesState, p: geo.Point2, n: int) -> geo.Point2:
    """The n-th free place in rings around a point (1.5" apart): on the table, not in uncut
    wire nor in gas. In machine integers (sequence.pxd): geo.heading, clamp and within
    spelt out."""
    c = state.c
    wire = [c.wire[w].box for w in state.uncut_wire()]  # a section is its box
    radius = int(c.tables["scatter"]["gas_radius"])
    gas = [(gx, gy) for kind, gx, gy in state.clouds if kind == "gas"]
    px, py = p
    steps = BESIDE_STEPS
    free = 0
    for k in range(8 * 12):
        ring, slot = k // 8, k % 8  # divmod(k, 8)
        dx, dy = steps[slot]
        reach = 15 * (ring + 1)
        x = min(max(px + dx * reach // 1000, 0), c.width)  # geo.clamp(geo.heading(...))
        y = min(max(py + dy * reach // 1000, 0), c.depth)
        blocked = False
        for x0, y0, x1, y1 in wire:
            if x0 <= x <= x1 and y0 <= y <= y1:
                blocked = True
                break
        for gx, gy in gas:
            if (x - gx) * (x - gx) + (y - gy) * (y - gy) <= radius * radius:  # geo.within
                blocked = True
                break
        if blocked:
            continue
        if free == n:
            return (x, y)
        free += 1
    return p


BESIDE_STEPS = tuple(geo.DIRECTIONS.values())  # beside's rings: each direction's step, in order


def support(state: TrenchesState) -> None:
    """French reinforcements, the support table: 1-2 a machine gun, 3 a mortar, 4 an
    artillery piece, 5 a Whippet, 6 a St Chamond, from the dead pile (the two tanks wait
    in it from the start, PROPOSED)."""
    roll = state.rng.die()
    kind = state.c.tables["reinforcements"]["support"][roll - 1]
    status = state.f.status
    found = [i for i in figures_of(state.c, FRENCH, "", kind) if status[i] in (DEAD, POOL)]
    if not found:
        state.note(
            "French reinforcements", f"support table: no {kind} in the dead pile", dice=[roll]
        )
        return
    i = found[0]
    hq = state.of_kind(FRENCH, ("hq",))
    at = state.at(hq[0]) if hq else (state.c.width // 2, 0)
    state.set_status(i, TABLE)
    if state.fig(i).is_tank:
        state.set_group(i, state.fig(i).group)
    state.place(i, beside(state, at, 1))
    state.note("French reinforcements", f"support table: {state.label(i)} arrives", dice=[roll])


# --- German new units ------------------------------------------------------------------------


def new_units(state: TrenchesState) -> None:
    """German New Units: a 5 or 6 allows a new unit from the off-table pool; a second die
    says which (1 ten soldiers, 2 MG, 3 mortar, 4 field gun, 5 three elite, 6 special); a
    special's die: 1 leader, 2 the A7V, 3 the airplane, 4-6 another immediate roll. A unit
    the pool no longer holds does not come (PROPOSED)."""
    state.phase = "German New Units"
    if state.plane == "off":
        state.plane = "ready"  # the airplane may return on later turns
    units = state.c.tables["german_units"]
    if state.event == "reserves":
        state.note("Fortune of War", "German reserves: a new unit without a roll")
    else:
        roll = state.rng.die()
        if roll < int(units["gate"]):
            state.note("German New Units", "no new unit", dice=[roll])
            return
        state.note("German New Units", "a new unit comes up", dice=[roll])
    arrivals: list[int] = []
    while True:
        roll = state.rng.die()
        kind, count = units["table"][roll - 1]
        if kind != "special":
            arrivals += draw(state, str(kind), int(count), roll)
            break
        special = state.rng.die()
        name = units["specials"][special - 1]
        state.note("German New Units", f"a special: {name}", dice=[roll, special])
        if name == "again":
            continue
        if name == "plane":
            if state.plane == "pool":
                state.plane = "ready"
                for f in state.c.figures:
                    if f.kind == "plane":
                        state.set_status(f.index, TABLE)
                state.note("German New Units", "the German airplane is overhead")
            break
        arrivals += draw(state, str(name), 1, special)
        break
    if arrivals:
        state.arrivals = arrivals
        state.push("arrive", side=GERMAN)


@cache
def figures_of(c: Components, side: str, group: str, kind: str) -> tuple[int, ...]:
    """The figures of a side, a starting group and a kind ("": any), in figure order: the
    forces never change, their status does."""
    return tuple(
        f.index
        for f in c.figures
        if (not side or f.side == side) and (not group or f.group == group) and f.kind == kind
    )


def draw(state: TrenchesState, kind: str, count: int, roll: int) -> list[int]:
    status = state.f.status
    pool = [i for i in figures_of(state.c, GERMAN, "", kind) if status[i] == POOL][:count]
    state.note("German New Units", f"{len(pool)} x {kind} ({count} called for)", dice=[roll])
    return pool


def entries(state: TrenchesState) -> list[str]:
    """Where new German units may come on: a trench line still German, or the rear edge."""
    return [f"line{t.line}" for t in state.c.trenches if state.owner[t.line - 1] == GERMAN] + [
        "rear"
    ]


class Arrive(Prompt[TrenchesState]):
    """German New Units: the German player brings them up in a line he still holds (by the
    communication trenches) or at his table edge, west, centre or east."""

    name = "arrive"
    title = "bring up the new unit (German New Units)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> list[Action]:
        return list(arrivals(state))

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        arrive(state, action)


def arrivals(state: TrenchesState) -> tuple[Action, ...]:
    """``arrive WHERE PART`` for each of ``entries`` and each part of it, kept by the lines
    still German (the same actions each time they are the same)."""
    owner = state.owner
    key = 0  # the lines still German, a bit each
    for line in range(len(owner)):
        if owner[line] == GERMAN:
            key |= 1 << line
    kept = ARRIVALS.get(state.c)
    if kept is None:
        kept = ARRIVALS[state.c] = {}
    found = kept.get(key)
    if found is None:
        found = kept[key] = tuple(
            [act("arrive", where, part) for where in entries(state) for part in ("W", "C", "E")]
        )
    return found


# arrivals' actions, by the components, then by the lines still German
ARRIVALS: dict[Components, dict[int, tuple[Action, ...]]] = {}


def arrive(state: TrenchesState, action: Action) -> None:
    """``Arrive.apply``: a function, so that sequence.pxd types it (the position's methods
    called in C)."""
    state.pop()
    where, part = action.args
    x = {"W": state.c.width // 6, "C": state.c.width // 2, "E": state.c.width * 5 // 6}[part]
    group = "R" if where == "rear" else f"L{where[-1]}"
    for n, i in enumerate(state.arrivals):
        f = state.fig(i)
        off = (n // 2 + 1) * 15 * (1 if n % 2 else -1)
        px = min(max(x + off, 0), state.c.width)
        if where == "rear":
            py = state.c.depth - 20
        else:
            py = state.c.trenches[int(where[-1]) - 1].y_at(px)
        state.set_status(i, TABLE)
        state.set_group(i, "A" if f.is_tank else "E" if f.is_elite else group)
        state.place(i, (px, py))
    state.note("German New Units", f"{len(state.arrivals)} figures arrive ({where} {part})")
    state.arrivals = []


# --- German morale and victory -------------------------------------------------------------


def garrison(state: TrenchesState, line: int, beyond: int = -1) -> list[int]:
    """The Germans in a trench line (its bunker included), tanks excepted, in figure order;
    only the first ``beyond`` + 1 of them if ``beyond`` >= 0 (enough to tell that more than
    ``beyond`` hold it)."""
    f = state.f  # each figure's data (state.Figures)
    c = state.c
    lo, hi = line_band(c, line)
    german: SideIndex = state.index(GERMAN)  # state.index, its band asked in C
    rows = LINE_ROWS.get(c)  # each point's line_in, a row of bytes by y (line_rows)
    if rows is None:
        rows = LINE_ROWS[c] = line_rows(c)
    tanks, xs, ys = c.tank_flags, f.x, f.y
    found = []
    for man in german.between(lo, hi):  # by y: sorted into figure order below
        i = man
        if tanks[i]:
            continue
        if line_at(c, rows, xs[i], ys[i]) == line:  # state.line_of
            found.append(man)
    found.sort()
    if 0 <= beyond < len(found) - 1:
        del found[beyond + 1 :]
    return found


def line_at(c: Components, rows: list[bytes | None], x: int, y: int) -> int:
    """``line_in`` (x, y), 0 for none, read from ``rows`` (LINE_ROWS) on the table."""
    if 0 <= x <= c.width and 0 <= y < len(rows):
        row = rows[y]
        if row is None:
            row = rows[y] = line_row(c, y)
        return row[x]
    return line_in(c, terrain(c), x, y) or 0  # off the table: asked of the terrain


def line_rows(c: Components) -> list[bytes | None]:
    """``line_row`` (or ``hole_row``) of each y of the table, None until first asked
    (LINE_ROWS, HOLE_ROWS)."""
    return [None] * (c.depth + 1)


def hole_at(c: Components, ground: Terrain, rows: list[bytes | None], x: int, y: int) -> str | None:
    """``hole_in`` (x, y), read from ``rows`` (HOLE_ROWS) on the table."""
    if 0 <= x <= c.width and 0 <= y < len(rows):
        row = rows[y]
        if row is None:
            row = rows[y] = hole_row(c, ground, y)
        k = row[x]
        return ground[1][k - 1] if k else None
    return hole_in(ground, x, y)  # off the table: asked of the terrain


def hole_row(c: Components, ground: Terrain, y: int) -> bytes:
    """The large shell hole (``hole_in``: 1 + its place among the holes; 0 for none) at each
    whole tenth x of the table's row ``y``, a byte each: French reinforcements ask it of
    every man at a hole's y at every turn's end; the terrain never changes."""
    discs, ids = ground[0], ground[1]
    found = bytearray(c.width + 1)
    for k in range(len(discs)):  # only the x within a disc's radius of its centre can be in it
        cx, cy, radius = discs[k]
        if y < cy - radius or y > cy + radius:
            continue
        for x in range(max(cx - radius, 0), min(cx + radius, c.width) + 1):  # in C
            hole = hole_in(ground, x, y)
            if hole is not None:
                found[x] = ids.index(hole) + 1  # the first hole of that id, as hole_in's
    return bytes(found)


def line_row(c: Components, y: int) -> bytes:
    """The trench line (``line_in``: its bunker included; 0 for none) at each whole tenth x of
    the table's row ``y``, a byte each: German morale asks it of every German in a line's
    band at every end of turn, and French reinforcements of every Frenchman at a line's y;
    the terrain never changes."""
    ground = terrain(c)
    found = bytearray(c.width + 1)
    for x in range(c.width + 1):  # a loop in C (sequence.pxd)
        line = line_in(c, ground, x, y)
        if line is not None:
            found[x] = line
    return bytes(found)


# line_row and hole_row of each y of the table (None: not yet asked), by the components
LINE_ROWS: dict[Components, list[bytes | None]] = {}
HOLE_ROWS: dict[Components, list[bytes | None]] = {}


def surrender(state: TrenchesState) -> None:
    """German morale: 5 or less Germans in a trench line surrender, and the line belongs to
    the French (for good, PROPOSED); the men in it are taken prisoner."""
    state.phase = "German morale"
    at_most = int(state.c.tables["surrender"]["at_most"])
    for t in state.c.trenches:
        if state.owner[t.line - 1] == FRENCH:
            continue
        men = garrison(state, t.line, at_most)  # all of them when at most at_most
        if len(men) <= at_most:
            state.owner[t.line - 1] = FRENCH
            for i in men:
                state.set_status(i, GONE)
            state.note(
                "German morale", f"line {t.line}: {len(men)} Germans surrender; the line is French"
            )
    check_victory(state)


def check_victory(state: TrenchesState) -> None:
    """The game ends when the French take all 3 trenches; the German victory is PROPOSED
    (option german_victory): the French spent, or the turn limit reached."""
    owner = state.owner
    for line in range(len(owner)):  # a loop in C (sequence.pxd), no generator made
        if owner[line] != FRENCH:
            break
    else:
        state.end(FRENCH, "The Game Sequence", "the French hold all three trench lines")
        return
    rule = str(state.game.options["german_victory"])
    spent = int(state.c.tables["victory"]["spent"])
    if rule == "both" and infantry_count(state.roster(FRENCH)) < spent:
        state.end(
            GERMAN,
            "The Game Sequence",
            f"PROPOSED German victory: the French are spent (fewer than {spent} men)",
        )


def infantry_count(roster: Roster) -> int:
    """``len(state.infantry(side))`` of the side's roster: its groups' infantry counted, no
    list of them made (a casualty's roster has none kept)."""
    count = 0
    for men in roster.infantry.values():
        count += len(men)
    return count


def end_turn(state: TrenchesState) -> None:
    state.phase = "End of Turn"
    limit = int(state.game.options["turn_limit"])
    rule = str(state.game.options["german_victory"])
    if rule in ("turns", "both") and state.turn >= limit:
        state.end(
            GERMAN,
            "The Game Sequence",
            f"PROPOSED German victory: the French did not take all three lines in {limit} turns",
        )


def dead_count(state: TrenchesState, side: str) -> int:
    return sum(1 for f in state.c.figures if f.side == side and state.f.status[f.index] == DEAD)

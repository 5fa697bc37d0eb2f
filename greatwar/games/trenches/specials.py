"""Tanks (you are welcome), The German Tank (Sausage on Wheels) and The German Airplane (Red
Baron): the tanks' three dice and their weapons, the strafing tape and its return fire."""

from __future__ import annotations

import math
from functools import lru_cache

import shapely
from shapely.geometry.base import BaseGeometry

from greatwar.core import Action, act
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, TANKS, Components
from greatwar.games.trenches.fire import (  # C calls (specials.pxd)
    any_in_reach,
    can_hit,
    casualty,
    nearest,
    shoot,
    targets,
)
from greatwar.games.trenches.geometry import tenths  # called in C (specials.pxd)
from greatwar.games.trenches.index import SideIndex
from greatwar.games.trenches.state import GONE, TABLE, TrenchesState

# --- tanks ----------------------------------------------------------------------------------


def tanks(state: TrenchesState, side: str) -> list[int]:
    return state.of_kind(side, TANKS)


def roll_tank(state: TrenchesState, i: int) -> None:
    """Tanks: three dice of move; a single 1 and it cannot fire this turn; two 1s, a
    mechanical problem, out of action for the third die's turns; three 1s, lost."""
    f = state.f  # each figure's data (state.Figures)
    label = state.label(i)
    out = f.tank_out
    if i in out:
        out[i] -= 1
        if out[i] <= 0:
            del out[i]
            state.note("Tanks", f"{label} is repaired")
        else:
            state.note("Tanks", f"{label} is out of action ({out[i]} more turns)")
        f.allow[f.group[i]] = 0
        return
    dice = state.rng.dice(int(state.c.tables["move"]["tank_dice"]))
    ones = pips = 0  # dice.count(1) and sum(dice), in C (specials.pxd)
    turns = 0  # the first die that is not a 1 (two 1s: the turns out of action), 1 if none
    for die in dice:
        pips += die
        if die == 1:
            ones += 1
        elif turns == 0:
            turns = die
    if turns == 0:
        turns = 1
    if ones == 3:
        state.set_status(i, GONE)
        state.note("Tanks", f"{label} suffers a fatal mechanical problem", dice=dice)
        return
    if ones == 2:
        f.tank_out[i] = turns
        f.allow[f.group[i]] = 0
        state.note("Tanks", f"{label} breaks down for {turns} turns", dice=dice)
        return
    if ones == 1:
        f.no_fire.add(i)
    reach = pips * 10 // (2 if state.event == "mud" else 1)
    f.allow[f.group[i]] = reach
    if ones:
        state.note("Tanks", f"{label} moves {tenths(reach)} in, no fire", dice=dice)
    else:
        state.note("Tanks", f"{label} moves {tenths(reach)} in", dice=dice)


def tank_weapons(state: TrenchesState, i: int) -> dict[str, object]:
    return dict(state.c.tables["tanks"][state.fig(i).kind])


def may_fire(state: TrenchesState, i: int) -> bool:
    f = state.f  # each figure's data (state.Figures)
    return f.status[i] == TABLE and i not in f.no_fire and i not in f.tank_out


def ap_targets(state: TrenchesState, shooter: int) -> list[int]:
    """Armour-piercing direct fire at 24": any target, tanks included (a 6 kills)."""
    return targets(state, "ap", shooter)


def tank_offers(state: TrenchesState, i: int) -> list[Action]:
    found: list[Action] = []
    if not may_fire(state, i):
        return found
    c = state.c
    arms = TANK_ARMS.get(c)  # tank_arms(c), read from a dict in C
    if arms is None:
        arms = TANK_ARMS[c] = tank_arms(c)
    # Tanks: no enemy within its weapons' longest range north or south of it (most often):
    # no target for its machine guns (mg_range), its gun (ap_range) or its HE (tank_he_range,
    # when within ap_range), each of which looks only within its own range (fire.in_reach)
    if arms[0] and not any_in_reach(state, (i,), TANK_REACH):
        return found
    weapons = arms[2][i]  # its machine guns (1) and gun (2), as tank_weapons has them
    if weapons & 1 and i not in state.mgs_fired:
        for t in targets(state, "mg", i):
            found.append(tank_action(c, 0, i, t))
    if weapons & 2 and i not in state.gun_fired:
        for t in targets(state, "ap", i):  # ap_targets
            found.append(tank_action(c, 1, i, t))
        for t in he_targets(state, i):
            found.append(tank_action(c, 2, i, t))
    return found


def tank_arms(c: Components) -> tuple[bool, int, tuple[int, ...]]:
    """What a tank's offer reads of the tables (Tanks): whether its HE's range lies within
    its gun's (ap_range), the HE's range, and each figure's weapons as bits, 1 for machine
    guns (``mgs`` above 0), 2 for a gun (0 for a figure that is no tank)."""
    he = int(c.tables["scatter"]["tank_he_range"])
    kinds = c.tables["tanks"]
    weapons = []
    for f in c.figures:
        w = kinds.get(f.kind) if f.is_tank else None
        weapons.append(
            0 if w is None else (1 if int(str(w["mgs"])) > 0 else 0) | (2 if w["gun"] else 0)
        )
    return (he <= int(c.fire_table["ap_range"]), he, tuple(weapons))


TANK_ARMS: dict[Components, tuple[bool, int, tuple[int, ...]]] = {}  # tank_arms(c), by c


def tank_action(c: Components, weapon: int, shooter: int, target: int) -> Action:
    """``fire`` (weapon 0), ``ap`` (1) or ``he`` (2) by tank ``shooter`` at ``target`` (their
    figure ids), each made once and kept by one integer (figures number fewer than 4096)."""
    kept = TANK_ACTIONS.get(c)
    if kept is None:
        kept = TANK_ACTIONS[c] = {}
    key = (weapon * 4096 + shooter) * 4096 + target
    found = kept.get(key)
    if found is None:
        figures = c.figures
        verb = TANK_VERBS[weapon]
        found = kept[key] = act(verb, figures[shooter].id, figures[target].id)
    return found


TANK_VERBS = ("fire", "ap", "he")
TANK_ACTIONS: dict[Components, dict[int, Action]] = {}


TANK_REACH = ("mg_range", "ap_range")  # a tank's direct-fire ranges (fire.any_in_reach)


def he_targets(state: TrenchesState, i: int) -> list[int]:
    """The three nearest enemy figures within a tank's HE range, tanks excepted."""
    f = state.f  # each figure's data (state.Figures)
    c = state.c
    arms = TANK_ARMS.get(c)  # tank_arms(c), read from a dict in C
    if arms is None:
        arms = TANK_ARMS[c] = tank_arms(c)
    reach = arms[1]  # the HE's range (tank_he_range)
    side = GERMAN if c.sides[i] == FRENCH else FRENCH  # enemy()
    hx, hy = f.x[i], f.y[i]
    index: SideIndex = state.index(side)
    near = index.between(hy - reach, hy + reach)
    if not near:
        return []
    # in_reach(state, side, hx, hy, reach, True)[:3], without sorting them all
    return nearest(near, f.x, f.y, state.c.tank_flags, hx, hy, reach, True, -1, 3)


def tank_accepts(state: TrenchesState, action: Action, side: str) -> bool:
    """Any target in reach of the tank's weapon: ``fire``, ``ap`` or ``he`` TANK TARGET."""
    if action.verb not in ("fire", "ap", "he") or len(action.args) != 2:
        return False
    a, b = state.c.figure(action.args[0]), state.c.figure(action.args[1])
    if a is None or b is None or a.side != side or not a.is_tank or b.side == side:
        return False
    if not may_fire(state, a.index) or state.f.status[b.index] != TABLE:
        return False
    w = tank_weapons(state, a.index)
    if action.verb == "fire":
        ok = a.index not in state.mgs_fired and int(str(w["mgs"])) > 0
        return ok and can_hit(state, "mg", a.index, b.index)
    if a.index in state.gun_fired or not w["gun"]:
        return False
    if action.verb == "ap":
        return can_hit(state, "ap", a.index, b.index)
    return b.index in he_targets(state, a.index) or (
        geo.within(
            state.at(a.index), state.at(b.index), int(state.c.tables["scatter"]["tank_he_range"])
        )
        and not b.is_tank
    )


def tank_fire(state: TrenchesState, action: Action) -> None:
    """Tanks: guns on tanks are direct fire; each weapon fires once per movement phase and
    firing does not stop the tank. MGs shoot one die each; armour-piercing at 24" kills on a
    6; high explosive is a cotton ball dropped from over the tank (scatter 1d6")."""
    from greatwar.games.trenches.bombardment import land_shell

    tank = state.c.figure(action.args[0])
    target = state.c.figure(action.args[1])
    assert tank is not None and target is not None
    i, t = tank.index, target.index
    if action.verb == "fire":
        state.mgs_fired.add(i)
        for _ in range(int(str(tank_weapons(state, i)["mgs"]))):
            if state.f.status[t] == TABLE:
                shoot(state, "mg", i, t, "Tanks")
    elif action.verb == "ap":
        state.gun_fired.add(i)
        shoot(state, "ap", i, t, "Tanks")
    else:
        state.gun_fired.add(i)
        dice = int(state.c.tables["scatter"]["tank_he_dice"])
        land_shell(state, tank.side, "he", state.at(t), dice, "Tanks")


# --- the airplane -----------------------------------------------------------------------------


def strafe_offers(state: TrenchesState, side: str) -> list[Action]:
    """The German Airplane: tapes across the table through each French leader (and the HQ),
    east-west, north-south and on both diagonals."""
    f = state.f  # each figure's data (state.Figures)
    found: list[Action] = []
    if side != GERMAN or state.plane != "ready" or state.strafed:
        return found
    kinds = state.roster(FRENCH).kinds  # on_table's leaders and HQ, in figure order
    men = [*kinds.get("leader", ()), *kinds.get("hq", ())]
    men.sort()
    w, d, xs, ys = state.c.width, state.c.depth, f.x, f.y
    seen = set()
    for i in men:
        for key, action in strafe_tapes(xs[i], ys[i], w, d):
            if key not in seen:
                seen.add(key)
                found.append(action)
    return found


STRAFE_SLOPES = ((1, 0), (0, 1), (1, 1), (1, -1))  # east-west, north-south, both diagonals


@lru_cache(maxsize=1 << 12)  # a leader stands on a few hundred points in a game
def strafe_tapes(
    x: int, y: int, width: int, depth: int
) -> tuple[tuple[tuple[int, int, int, int], Action], ...]:
    """The four tapes through (x, y), each as its two ends (x1, y1, x2, y2) in whole tenths
    and its ``strafe`` action: the geometry of a point, asked again at every offer."""
    found = []
    for dx, dy in STRAFE_SLOPES:
        ends = tape_ends(x, y, dx, dy, width, depth)
        if ends is None:  # (another table: shapely draws it)
            tape = geo.tape_line((x, y), (x + dx * 100, y + dy * 100), width, depth)
            (x1, y1), (x2, y2) = [(int(p[0]), int(p[1])) for p in tape.coords[:2]]
            ends = (x1, y1, x2, y2)
        found.append((ends, act("strafe", *ends)))
    return tuple(found)


# The table whose tapes ``tape_ends`` gives in integers: checked against geo.tape_line (shapely)
# at every whole point of it, for each of those slopes (2,771,524 tapes, all the same).
EXACT_TABLE = (960, 720)


def tape_ends(
    x: int, y: int, dx: int, dy: int, width: int, depth: int
) -> tuple[int, int, int, int] | None:
    """The ends of geo.tape_line through the point (x, y) of the table on the slope (dx, dy),
    truncated to whole tenths, in exact integers: east-west, north-south and the SW-NE
    diagonal of EXACT_TABLE (no rounding there: the ends fall on whole tenths), and the
    other diagonal as tape_line draws it (``clipped_ends``). None for any other table."""
    if (width, depth) != EXACT_TABLE or not (0 <= x <= width and 0 <= y <= depth):
        return None
    if dx == 1 and dy == 0:
        return (0, y, width, y)
    if dx == 0 and dy == 1:
        return (x, 0, x, depth)
    if dx == 1 and dy == 1:  # the line x - y = k, from its entry to its exit
        k = x - y
        lo, hi = max(0, -k), min(depth, width - k)
        if lo < hi:
            return (k + lo, lo, k + hi, hi)
        return (x, y, x + 100, y + 100)  # only a corner: tape_line's own a -> b
    if dx == 1 and dy == -1:
        return clipped_ends(x, y, 100, -100, width, depth)
    return None


def clipped_ends(
    x: int, y: int, dx: int, dy: int, width: int, depth: int
) -> tuple[int, int, int, int]:
    """geo.tape_line((x, y), (x + dx, y + dy)) as shapely draws it, in exact integers: the
    segment between its far points p and q (whole tenths, so the line it clips is p-q's, a
    little off the slope when a far point was floored), clipped to the table at the
    parameters t0 < t1 of p + t (q - p) (rationals, compared by cross-multiplying), each
    end truncated toward zero as int() truncates shapely's; tape_line's own a -> b if the
    segment only touches the table."""
    far = 4 * (width + depth)
    scale = math.isqrt(dx * dx + dy * dy) or 1
    px, py = x - dx * far // scale, y - dy * far // scale
    ux, uy = (x + dx * far // scale) - px, (y + dy * far // scale) - py
    # t0 = n0 / d0 and t1 = n1 / d1 (d0, d1 > 0): from 0 and 1, narrowed by each axis
    n0, d0, n1, d1 = 0, 1, 1, 1
    for p, u, hi in ((px, ux, width), (py, uy, depth)):
        if u == 0:
            if p < 0 or p > hi:
                return (x, y, x + dx, y + dy)
            continue
        # the parameters where this axis crosses 0 and hi, the smaller first
        a_n, b_n, den = -p, hi - p, u
        if den < 0:
            a_n, b_n, den = p, p - hi, -den
        if a_n > b_n:
            a_n, b_n = b_n, a_n
        if a_n * d0 > n0 * den:
            n0, d0 = a_n, den
        if b_n * d1 < n1 * den:
            n1, d1 = b_n, den
    if n0 * d1 >= n1 * d0:
        return (x, y, x + dx, y + dy)  # a point or nothing: tape_line's own a -> b
    return (
        _trunc(px * d0 + n0 * ux, d0),
        _trunc(py * d0 + n0 * uy, d0),
        _trunc(px * d1 + n1 * ux, d1),
        _trunc(py * d1 + n1 * uy, d1),
    )


def _trunc(n: int, d: int) -> int:
    """int(n / d) in exact integers (d > 0): truncated toward zero."""
    return n // d if n >= 0 else -(-n // d)


def strafe_accepts(state: TrenchesState, action: Action, side: str) -> bool:
    """A tape at any angle the German player desires: two distinct points of the table."""
    if action.verb != "strafe" or len(action.args) != 4 or side != GERMAN:
        return False
    if state.plane != "ready" or state.strafed:
        return False
    try:
        x1, y1, x2, y2 = (int(a) for a in action.args)
    except ValueError:
        return False
    on = geo.on_table((x1, y1), state.c.width, state.c.depth)
    return on and geo.on_table((x2, y2), state.c.width, state.c.depth) and (x1, y1) != (x2, y2)


def tape_band(state: TrenchesState, a: geo.Point2, b: geo.Point2) -> BaseGeometry:
    """The strip of table the tape lies on (1" wide, PROPOSED)."""
    tape = geo.tape_line(a, b, state.c.width, state.c.depth)
    band = tape.buffer(int(state.c.tables["airplane"]["tape"]), cap_style="flat")
    shapely.prepare(band)
    return band


def strafe(state: TrenchesState, action: Action) -> None:
    """The German Airplane (Red Baron): every Frenchman crossed by the tape is killed on 4-6;
    on a 1 he shoots back: 1-2 through the wing, 3-4 the plane breaks off (it may return on a
    later turn), 5-6 the pilot is hit and the plane crashes (anomaly D2: the text's "1 or 2 /
    2 or 3 / 5 or 6" read as 1-2 / 3-4 / 5-6)."""
    x1, y1, x2, y2 = (int(a) for a in action.args)
    air = state.c.tables["airplane"]
    tape = geo.tape_line((x1, y1), (x2, y2), state.c.width, state.c.depth)
    state.strafed = True
    state.strafe_line = [int(v) for p in tape.coords[:2] for v in p]
    f = state.f  # each figure's data (state.Figures): read per man, not through the state
    tanks, xs, ys = state.c.tank_flags, f.x, f.y
    men = [i for i in state.on_table(FRENCH) if not tanks[i]]
    # tape_band's shape, asked of shapely only for a man on its edge (geo.under_tape)
    hits = geo.under_tape(tape, int(air["tape"]), [(xs[i], ys[i]) for i in men])
    crossed = [i for i, hit in zip(men, hits, strict=True) if hit]
    start = (int(tape.coords[0][0]), int(tape.coords[0][1]))
    crossed.sort(key=lambda i: (geo.dist2(start, (xs[i], ys[i])), i))
    state.note("The German Airplane", f"strafing run over {len(crossed)} Frenchmen")
    for i in crossed:
        roll = state.rng.die()
        if roll >= int(air["kills"]):
            state.note("The German Airplane", f"{state.label(i)} is hit", dice=[roll])
            casualty(state, i, "The German Airplane", "strafing")
        elif roll <= int(air["return_shot"]):
            back = state.rng.die()
            if back <= int(air["wing"]):
                state.note("The German Airplane", "a bullet through the wing", dice=[roll, back])
            elif back <= int(air["breaks_off"]):
                state.plane = "off"
                state.note(
                    "The German Airplane", "hit in the vitals: breaks off", dice=[roll, back]
                )
                return
            else:
                state.plane = "crashed"
                for p in state.c.figures:
                    if p.kind == "plane":
                        state.set_status(p.index, GONE)
                state.note(
                    "The German Airplane", "the pilot is hit: the plane crashes", dice=[roll, back]
                )
                return

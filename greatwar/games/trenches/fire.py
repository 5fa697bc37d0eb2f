# cython: boundscheck=False, wraparound=False
# (Cython reads the line above when it compiles this module; Python and the type checker take it
# for a comment.) Every index the compiled module takes as a machine integer or a constant is
# within its list or tuple and never negative: figures index the components' per-figure tuples
# and the position's per-figure lists (0 <= i < their length); points and clouds are read at
# their fields; a list of men or targets is read at [0] only when it has one; the sweep of
# ``contacts`` reads 0 <= first <= k < count.
"""Fire (Hot Steel), Saving Rolls (Lucky Duck), Bunker (Archie) and Hand to hand combat: who
may shoot whom at what range, the dice, the saves, and melee."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, Components, enemy
from greatwar.games.trenches.geometry import within  # called in C (fire.pxd)
from greatwar.games.trenches.index import FIGURE_SLOTS, SideIndex
from greatwar.games.trenches.state import TABLE, TrenchesState, bunker_in, kill, terrain

# The range of each way of firing, by the table's key.
RANGE_KEYS = {
    "rifle": "rifle_range",
    "mg": "mg_range",
    "mortar": "mortar_max",
    "ap": "ap_range",
    "grenade": "grenade_range",
}


def table(state: TrenchesState, key: str) -> int:
    """A number of the fire table (Fire (Hot Steel)): a range, a roll needed..."""
    fire_table: dict[str, int] = state.c.fire_table
    return fire_table[key]


def reach(state: TrenchesState, weapon: str, a: geo.Point2, b: geo.Point2) -> int:
    """How far ``weapon`` may fire from a to b now: its range, cut by fog (Fortune of War),
    by gas or smoke at either end (Poison Gas: 4"), by smoke on the line (Smoke: 6")."""
    limit = table(state, RANGE_KEYS[weapon])
    if state.event == "fog":
        limit = min(limit, table(state, "smoke_fire"))
    clouds = state.clouds
    if not clouds:
        return limit
    radius = GAS_RADIUS.get(state.c, -1)  # gas_radius(c), read from a dict in C
    if radius < 0:
        radius = GAS_RADIUS[state.c] = gas_radius(state.c)
    ax, ay, bx, by = a[0], a[1], b[0], b[1]  # machine integers (fire.pxd): compared in C
    lo_x, hi_x = min(ax, bx) - radius, max(ax, bx) + radius
    lo_y, hi_y = min(ay, by) - radius, max(ay, by) + radius
    r2 = radius * radius
    for cloud in clouds:
        x, y = cloud[1], cloud[2]
        if x < lo_x or x > hi_x or y < lo_y or y > hi_y:
            continue  # farther than its radius from the box of a -> b: it touches neither
        dx, dy, ex, ey = ax - x, ay - y, bx - x, by - y
        if dx * dx + dy * dy <= r2 or ex * ex + ey * ey <= r2:  # geo.within of a or b
            limit = min(limit, table(state, "cloud_fire"))  # Poison Gas (Yuck)
        elif cloud[0] == "smoke" and geo.segment_meets_disc(a, b, (x, y), radius):
            limit = min(limit, table(state, "smoke_fire"))  # Smoke (Gets in Your Eyes)
    return limit


def gas_radius(c: Components) -> int:
    """A gas or smoke cloud's radius (Poison Gas), in tenths."""
    return int(c.tables["scatter"]["gas_radius"])


GAS_RADIUS: dict[Components, int] = {}  # gas_radius(c), by the components


def can_hit(state: TrenchesState, weapon: str, shooter: int, target: int) -> bool:
    """Whether ``target`` is within the shooter's reach with this weapon."""
    f = state.f  # each figure's data (state.Figures): the places read in C, not by state.at
    xs, ys = f.x, f.y
    a, b = (xs[shooter], ys[shooter]), (xs[target], ys[target])
    if weapon == "mortar" and within(a, b, table(state, "mortar_min") - 1):
        return False  # trench mortars fire from 2" to 12"
    if weapon != "ap" and state.c.tank_flags[target]:
        return False  # Tanks: only armour-piercing artillery kills them
    return within(a, b, reach(state, weapon, a, b))


def targets(state: TrenchesState, weapon: str, shooter: int, limit: int = 3) -> list[int]:
    """The nearest enemy figures ``shooter`` can hit with ``weapon``, nearest first (then in
    figure order): the weapon's range as a first cut, then ``can_hit``."""
    f = state.f  # each figure's data (state.Figures)
    c = state.c
    longest = table(state, RANGE_KEYS[weapon])
    if state.event == "fog":  # Fortune of War: ``reach`` is never more than smoke's 6"
        smoke = table(state, "smoke_fire")
        if smoke < longest:
            longest = smoke  # (nothing farther can be hit: no band read beyond it)
    own = c.sides[shooter]  # enemy(own): the sides' interned names told apart by identity
    if own is FRENCH:
        side = GERMAN
    elif own is GERMAN:
        side = FRENCH
    else:
        side = GERMAN if own == FRENCH else FRENCH  # (a name not interned: compared)
    xs, ys = f.x, f.y
    hx, hy = xs[shooter], ys[shooter]
    # no cloud: ``reach`` is ``longest`` (the weapon's range, cut by fog), which in_reach has
    # checked already
    plain = not state.clouds
    close = table(state, "mortar_min") - 1 if weapon == "mortar" else -1
    found: list[int] = []
    if limit <= 3:  # the nearest few beyond ``close``, without sorting them all
        index: SideIndex = state.index(side)
        near = index.between(hy - longest, hy + longest)
        if not near:
            return found
        soft = weapon != "ap"
        best = nearest(near, xs, ys, c.tank_flags, hx, hy, longest, soft, close, limit)
        if plain:
            return best
        # a cloud or fog may cut the reach: the nearest are the answer if each can be hit, or
        # if they are all the candidates (those too close for a mortar can_hit refuses too)
        for t in best:
            if can_hit(state, weapon, shooter, t):
                found.append(t)
            elif len(best) == limit:
                break  # a farther one may be hit instead: all of them sorted below
        else:
            return found
        found = []
    # Tanks: only armour-piercing artillery kills them, so in_reach leaves them out for any
    # other weapon (as can_hit would)
    for t in in_reach(state, side, hx, hy, longest, weapon != "ap"):
        if plain:
            if close >= 0:  # trench mortars fire from 2" to 12" (geo.within, in C)
                tx, ty = xs[t], ys[t]
                dx, dy = tx - hx, ty - hy
                if dx * dx + dy * dy <= close * close:
                    continue
        elif not can_hit(state, weapon, shooter, t):
            continue
        found.append(t)
        if len(found) >= limit:
            break
    return found


def in_reach(
    state: TrenchesState, side: str, hx: int, hy: int, reach: int, soft: bool
) -> list[int]:
    """``side``'s figures within ``reach`` of (hx, hy) (not tanks, if ``soft``), nearest
    first, then in figure order: the side's index's band, then ``by_distance``."""
    f = state.f  # each figure's data (state.Figures)
    index: SideIndex = state.index(side)
    near = index.between(hy - reach, hy + reach)
    if not near:
        return []
    return by_distance(near, f.x, f.y, state.c.tank_flags, hx, hy, reach, soft)


def nearest(
    near: tuple[int, ...],
    xs: list[int],
    ys: list[int],
    tanks: tuple[bool, ...],
    hx: int,
    hy: int,
    reach: int,
    soft: bool,
    close: int,
    limit: int,
) -> list[int]:
    """The first ``limit`` (at most 3) of ``by_distance(near, ...)`` farther than ``close``
    (-1: none too close), kept in three machine integers as the band is read (each a
    (squared distance, figure) packed as by_distance's), not all of them sorted."""
    slots = FIGURE_SLOTS
    b0 = b1 = b2 = -1  # the nearest three keys so far, -1 for none
    close2 = close * close if close >= 0 else -1
    for t in near:
        if soft and tanks[t]:
            continue
        tx, ty = xs[t], ys[t]  # machine integers (fire.pxd): the differences in C
        dx, dy = tx - hx, ty - hy
        d2 = dx * dx + dy * dy
        if d2 > reach * reach or d2 <= close2:
            continue
        key = d2 * slots + t
        if b0 < 0 or key < b0:
            b0, b1, b2 = key, b0, b1
        elif b1 < 0 or key < b1:
            b1, b2 = key, b1
        elif b2 < 0 or key < b2:
            b2 = key
    found: list[int] = []
    for key in (b0, b1, b2)[:limit]:
        if key < 0:
            break
        found.append(key & (slots - 1))
    return found


def by_distance(
    near: tuple[int, ...],
    xs: list[int],
    ys: list[int],
    tanks: tuple[bool, ...],
    hx: int,
    hy: int,
    reach: int,
    soft: bool,
) -> list[int]:
    """Those of ``near`` within ``reach`` of (hx, hy) (tanks left out if ``soft``), by
    (squared distance, figure); in machine integers (fire.pxd): (squared distance, figure)
    packed in one integer (figures number fewer than FIGURE_SLOTS), a sort of plain integers."""
    found = []
    slots = FIGURE_SLOTS
    for t in near:
        if soft and tanks[t]:
            continue
        tx, ty = xs[t], ys[t]  # machine integers (fire.pxd): the differences in C
        dx, dy = tx - hx, ty - hy
        d2 = dx * dx + dy * dy
        if d2 <= reach * reach:
            found.append(d2 * slots + t)
    found.sort()
    return [k & (slots - 1) for k in found]


def any_in_reach(
    state: TrenchesState, men: tuple[int, ...], keys: tuple[str, ...], direct: bool = False
) -> bool:
    """Whether an enemy of ``men`` (of one side) stands within the longest of the ranges
    ``keys`` (the fire table's) north or south of one of them: else none of them has a target
    for a weapon of those ranges (``targets`` and ``any_target`` look no farther; fog and
    clouds only shorten a range). ``direct``: every one of ``keys`` is the range of a weapon
    ``reach`` measures, which fog cuts to smoke's 6" (Fortune of War): under fog no farther."""
    if not men:
        return False
    c = state.c
    kept = LONGEST.get(keys)  # (the components, the longest of the ranges), made once
    if kept is None or kept[0] is not c:
        longest = 0
        for key in keys:
            reach = table(state, key)
            if reach > longest:
                longest = reach
        kept = LONGEST[keys] = (c, longest)
    longest = kept[1]
    if direct and state.event == "fog":
        smoke = table(state, "smoke_fire")
        if smoke < longest:
            longest = smoke
    side = c.sides[men[0]]
    own = state.kept_index(side)
    if own is not None and own.figures is men and own._by_y is not None:
        lo, hi = own.first_y(), own.last_y()  # the side's kept index, sorted, holds ``men``
    else:
        ys = state.f.y
        lo = hi = ys[men[0]]
        for i in men:
            y = ys[i]
            if y < lo:
                lo = y
            elif y > hi:
                hi = y
    index: SideIndex = state.index(GERMAN if side == FRENCH else FRENCH)  # enemy()
    return index.any_between(lo - longest, hi + longest)


LONGEST: dict[tuple[str, ...], tuple[Components, int]] = {}  # any_in_reach's, by its keys


def grenade_within_rifle(c: Components) -> bool:
    """``_grenade_within_rifle(c)``, read from a dict in C (fire.pxd)."""
    found = GRENADE_WITHIN_RIFLE.get(c)
    if found is None:
        found = GRENADE_WITHIN_RIFLE[c] = _grenade_within_rifle(c)
    return found


GRENADE_WITHIN_RIFLE: dict[Components, bool] = {}


@cache
def _grenade_within_rifle(c: Components) -> bool:
    """Whether a grenade's 3" (Bunker (Archie)) lies within a rifle's reach whatever fog or a
    cloud leaves of it (4", 6"): then a man with a grenade target has a rifle target too, and
    a group without a rifle target has no grenade target."""
    fire = c.tables["fire"]
    return int(fire["grenade_range"]) <= min(
        int(fire[key]) for key in ("rifle_range", "cloud_fire", "smoke_fire")
    )


def any_target(state: TrenchesState, weapon: str, men: list[int]) -> bool:
    """Whether any of ``men`` (of one side) has a target for a rifle or a grenade: the nearest
    enemy decides at once unless it lies between the shortest range that fog or a cloud can
    leave (Poison Gas, Smoke) and the weapon's own, where the pair is checked."""
    if not men:
        return False
    ys = state.f.y
    lo = hi = ys[men[0]]
    for i in men:
        y = ys[i]
        if y < lo:
            lo = y
        elif y > hi:
            hi = y
    return any_target_within(state, weapon, men, lo, hi)


def any_target_within(state: TrenchesState, weapon: str, men: list[int], lo: int, hi: int) -> bool:
    """``any_target`` of ``men`` (not empty) whose y lie within lo..hi, the least and the
    greatest (the caller has them already)."""
    side = state.c.sides[men[0]]
    index: SideIndex = state.index(GERMAN if side == FRENCH else FRENCH)  # enemy()
    return any_target_among(state, index, weapon, table(state, RANGE_KEYS[weapon]), men, lo, hi)


def any_target_among(
    state: TrenchesState,
    index: SideIndex,
    weapon: str,
    longest: int,
    men: Sequence[int],
    lo: int,
    hi: int,
) -> bool:
    """``any_target_within``, the enemy's index and the weapon's range given (a Move and Fire
    offer has them for every group); ``men`` a list or a tuple."""
    f = state.f  # each figure's data (state.Figures)
    c = state.c
    ys = f.y
    fog = state.event == "fog"
    if fog:  # Fortune of War: ``reach`` is never more than smoke's 6", no band read beyond
        smoke = table(state, "smoke_fire")
        if smoke < longest:
            longest = smoke
    foes = index.between(lo - longest, hi + longest)
    if not foes:
        return False  # nobody within range north or south
    sure = longest
    if state.clouds:
        sure = min(sure, table(state, "cloud_fire"), table(state, "smoke_fire"))
    if fog:
        sure = min(sure, table(state, "smoke_fire"))
    doubtful = _doubtful(men, foes, f.x, ys, c.tank_flags, sure, longest)
    if doubtful is None:
        return True
    for i in doubtful:  # noqa: SIM110 (no generator in a cpdef function, fire.pxd)
        if targets(state, weapon, i, 1):
            return True
    return False


def _doubtful(
    men: Sequence[int],
    foes: tuple[int, ...],
    xs: list[int],
    ys: list[int],
    tanks: tuple[bool, ...],
    sure: int,
    longest: int,
) -> list[int] | None:
    """For ``any_target``: None as soon as one of ``men`` has its nearest enemy that is not a
    tank (among ``foes``, those within ``longest`` north or south) within ``sure``; else the
    men whose nearest lies beyond ``sure`` but within ``longest``, in order. Machine integers
    (fire.pxd)."""
    found: list[int] = []
    sure2, longest2 = sure * sure, longest * longest
    for i in men:
        x, y = xs[i], ys[i]
        best = -1
        for e in foes:
            if tanks[e]:
                continue
            ex, ey = xs[e], ys[e]  # machine integers (fire.pxd): the differences in C
            dx, dy = ex - x, ey - y
            d2 = dx * dx + dy * dy
            if best < 0 or d2 < best:
                best = d2
        if 0 <= best <= sure2:
            return None
        if sure2 < best <= longest2:
            found.append(i)
    return found


def to_hit(state: TrenchesState, weapon: str, target: int) -> int:
    """Fire (Hot Steel): 5-6 in the open, 6 in cover; mortars 5-6 in or out of cover; a
    grenade's target is NOT in cover (Bunker); armour-piercing hits on a 6."""
    fire = state.c.tables["fire"]
    if weapon == "mortar":
        return int(fire["mortar_hit"])
    if weapon == "ap":
        return int(fire["ap_hit"])
    if weapon == "grenade" or not state.in_cover(target):
        return int(fire["rifle_open"])
    return int(fire["rifle_cover"])


def shoot(state: TrenchesState, weapon: str, shooter: int, target: int, rule: str) -> bool:
    """One shot: a die against the number needed; a hit is a casualty unless saved."""
    need = to_hit(state, weapon, target)
    roll = state.rng.die()
    what = f"{state.label(shooter)} fires ({weapon}) at {state.label(target)}"
    if roll < need:
        state.note(rule, f"{what}: {roll}, needs {need}, misses", dice=[roll])
        return False
    state.note(rule, f"{what}: {roll}, hits", dice=[roll])
    return casualty(state, target, rule, weapon)


def casualty(state: TrenchesState, target: int, rule: str, cause: str) -> bool:
    """A prospective casualty: tanks die only to armour-piercing rounds (Tanks); a man in a
    bunker saves on a 6, on 5-6 against grenades (Bunker (Archie)); elite men save on 4-6
    (Saving Rolls (Lucky Duck)). True if the figure dies."""
    figures = state.f  # each figure's data (state.Figures)
    if figures.status[target] != TABLE:
        return False
    f = state.fig(target)
    if f.is_tank:
        if cause != "ap":
            state.note("Tanks", f"{state.label(target)} shrugs off the {cause}")
            return False
        kill(state, target, rule, "armour-piercing hit")  # state.kill, called in C
        return True
    save = state.c.tables["save"]
    # state.bunker_of(state.at(target)), the bunkers' boxes read as machine integers
    if bunker_in(terrain(state.c), figures.x[target], figures.y[target]) is not None:
        need = int(save["bunker_grenade"] if cause == "grenade" else save["bunker"])
        roll = state.rng.die()
        if roll >= need:
            state.note("Bunker", f"{state.label(target)} saves in the bunker", dice=[roll])
            return False
    if f.is_elite:
        roll = state.rng.die()
        if roll >= int(save["elite"]):
            state.note("Saving Rolls", f"{state.label(target)} saves", dice=[roll])
            return False
    kill(state, target, rule, cause)  # state.kill, called in C
    return True


# --- volleys and grenades ----------------------------------------------------------------


def riflemen(state: TrenchesState, group: str) -> list[int]:
    """The men of a group who may still fire this phase."""
    return riflemen_among(state, state.group_infantry(group))


def riflemen_among(state: TrenchesState, men: tuple[int, ...]) -> list[int]:
    """``riflemen`` of a group whose men who fire rifles are ``men``."""
    f = state.f  # each figure's data (state.Figures)
    fired, pinned = f.fired, f.pinned
    if not fired.count and not pinned.count:
        return list(men)
    found = []
    for i in men:  # a loop, not a comprehension: each mark read in C (fire.pxd)
        if not fired.has(i) and not pinned.has(i):
            found.append(i)
    return found


def volley(state: TrenchesState, group: str, rule: str) -> None:
    """Fire (Hot Steel): every man of the group who has a target within 8" fires at the
    nearest; firing ends his movement."""
    f = state.f  # each figure's data (state.Figures)
    for i in riflemen(state, group):
        if f.status[i] != TABLE:
            continue
        found = targets(state, "rifle", i, 1)
        if found:
            f.fired.add(i)
            shoot(state, "rifle", i, found[0], rule)


def grenadiers(state: TrenchesState, group: str) -> list[tuple[int, int]]:
    """(thrower, target) pairs: men within 3" of an enemy (Bunker (Archie))."""
    pairs = []
    for i in riflemen(state, group):
        found = targets(state, "grenade", i, 1)
        if found:
            pairs.append((i, found[0]))
    return pairs


def grenades(state: TrenchesState, group: str) -> None:
    """Bunker (Archie): a hand grenade within 3", its target NOT in cover, a bunker saving
    on 5-6."""
    f = state.f  # each figure's data (state.Figures)
    for thrower, _ in grenadiers(state, group):
        if f.status[thrower] != TABLE:
            continue
        found = targets(state, "grenade", thrower, 1)
        if found:
            f.fired.add(thrower)
            shoot(state, "grenade", thrower, found[0], "Bunker")


# --- hand to hand ------------------------------------------------------------------------


def melees(state: TrenchesState) -> list[list[int]]:
    """Groups of figures in contact with an enemy (within 1"), linked through contacts; tanks
    do not fight hand to hand."""
    links: dict[int, set[int]] = {}
    for a, b in contacts(state):
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    seen: set[int] = set()
    groups = []
    for start in sorted(links):  # in figure order, as on the table
        if start in seen:
            continue
        todo, group = [start], []
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for j in sorted(links[i] - seen):
                seen.add(j)
                todo.append(j)
        groups.append(sorted(group))
    return groups


def contacts(state: TrenchesState) -> list[tuple[int, int]]:
    """(French, German) pairs within 1" of each other, tanks excepted (Hand to hand combat):
    for each Frenchman from south to north, the Germans within 1" north or south of him (a
    sweep of the German index's band), in machine integers (fire.pxd)."""
    f = state.f  # each figure's data (state.Figures)
    pairs: list[tuple[int, int]] = []
    french, german = state.index(FRENCH), state.index(GERMAN)
    tanks, xs, ys = state.c.tank_flags, f.x, f.y
    reach = table(state, "contact")
    germans, ours = german.by_y, french.by_y  # each side by y
    gys = german.y  # the Germans' y as the index sorted them
    count = len(germans)
    if not count or not ours:
        return pairs
    if french.first_y() - reach > german.last_y() or french.last_y() + reach < german.first_y():
        return pairs  # the two sides more than ``reach`` apart north or south: no contact
    first = 0  # the first German not more than ``reach`` south of the Frenchman
    for a in ours:  # northward, so ``first`` only moves on
        if tanks[a]:
            continue
        x, y = xs[a], ys[a]
        while first < count:
            b = germans[first]
            gy = gys[b]
            if gy >= y - reach:
                break
            first += 1
        k = first
        while k < count:
            b = germans[k]
            gy = gys[b]
            if gy > y + reach:
                break
            bx, by = xs[b], ys[b]  # machine integers (fire.pxd): the differences in C
            dx, dy = bx - x, by - y
            if not tanks[b] and dx * dx + dy * dy <= reach * reach:
                pairs.append((a, b))
            k += 1
    return pairs


def hand_to_hand(state: TrenchesState) -> None:
    """Hand to hand combat: any soldier in contact with an enemy fights until one or the
    other is killed. Each side throws a die, high die wins, +1 for each man beyond an even
    fight, elite +1; ties are thrown again; the loser loses a man (saves apply)."""
    for group in melees(state):
        fight(state, group)


def fight(state: TrenchesState, group: list[int]) -> None:
    while True:
        alive = [i for i in group if state.f.status[i] == TABLE]
        french = [i for i in alive if state.fig(i).side == FRENCH]
        german = [i for i in alive if state.fig(i).side == GERMAN]
        if not french or not german:
            return
        rolls = state.rng.dice(2)
        score = {FRENCH: rolls[0], GERMAN: rolls[1]}
        if len(french) > len(german):
            score[FRENCH] += len(french) - len(german)
        elif len(german) > len(french):
            score[GERMAN] += len(german) - len(french)
        for side, men in ((FRENCH, french), (GERMAN, german)):
            if any(state.fig(i).is_elite for i in men):
                score[side] += 1  # elite troops fight hand to hand +1
        text = (
            f"{len(french)} French against {len(german)} Germans: "
            f"{score[FRENCH]} to {score[GERMAN]}"
        )
        if score[FRENCH] == score[GERMAN]:
            state.note("Hand to hand combat", f"{text}, even", dice=rolls)
            continue
        loser = GERMAN if score[FRENCH] > score[GERMAN] else FRENCH
        men = german if loser == GERMAN else french
        victim = min(men, key=lambda i: (state.fig(i).is_elite, i))
        state.note("Hand to hand combat", f"{text}: {enemy(loser)} win the round", dice=rolls)
        casualty(state, victim, "Hand to hand combat", "hand to hand")

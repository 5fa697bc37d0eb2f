"""Bombardment Phase (French), German Bombardment, Poison Gas (Yuck) and Smoke (Gets in Your
Eyes): off-board shells, on-board guns, and the cotton balls as a scatter model.

The scatter model (PROPOSED, D3), the software's stand-in for cotton balls thrown with eyes
closed: the firer names an aim point; each shell lands 2d6 inches from it in one of 72
compass directions (5 degrees apart), all drawn from the game's own generator. A high
explosive shell is a casualty for every figure within 1" of where it lands (friend or foe;
tanks excepted); a gas shell puts a 3" cloud down, everyone under it throws a die and a 6
kills; a smoke shell puts a 3" cloud down and nothing else.
"""

from __future__ import annotations

from functools import cache

from greatwar.core import Action, Prompt, act
from greatwar.core.state import Frame
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, SIDES, Components, enemy
from greatwar.games.trenches.fire import can_hit, casualty, shoot, targets  # C calls
from greatwar.games.trenches.geometry import scatter, tenths  # C calls
from greatwar.games.trenches.index import of_kinds
from greatwar.games.trenches.state import TABLE, TrenchesState, near_in

MUNITIONS = ("he", "gas", "smoke")
# The munitions as the log names them (high explosive is "HE", as on the cards).
MUNITION_NAMES = {"he": "HE", "gas": "gas", "smoke": "smoke"}


def land_shell(
    state: TrenchesState, side: str, kind: str, aim: geo.Point2, dice: int, rule: str
) -> geo.Point2:
    """One cotton ball: scatter from the aim point, then its effect where it lands."""
    c = state.c
    numbers = SCATTER.get(c)  # scatter_numbers(c), read from a dict in C
    if numbers is None:
        numbers = SCATTER[c] = scatter_numbers(c)
    directions, blast, radius = numbers
    rolled = state.rng.dice(dice)
    point = state.rng.below(directions)
    pips = 0
    for pip in rolled:  # sum(rolled), in C (bombardment.pxd): no call of the builtin
        pips += pip
    landed = scatter(aim, pips * 10, point)
    lx, ly = landed[0], landed[1]  # machine integers (bombardment.pxd)
    state.shells.append([side, kind, aim[0], aim[1], landed[0], landed[1]])
    if not (0 <= lx <= c.width and 0 <= ly <= c.depth):  # geo.on_table
        state.note(rule, f"{side} {MUNITION_NAMES[kind]} shell lands off the table", dice=rolled)
        return landed
    state.note(  # one text, its pieces joined once
        rule, f"{side} {MUNITION_NAMES[kind]} shell lands at {tenths(lx)},{tenths(ly)}", dice=rolled
    )
    if kind == "he":
        for i in near(state, landed, blast):
            casualty(state, i, rule, "shell")
    else:
        state.clouds.append((kind, landed[0], landed[1]))
        if kind == "gas":
            for i in near(state, landed, radius):
                if not state.c.tank_flags[i]:
                    roll = state.rng.die()
                    if roll == 6:  # Poison Gas (Yuck): everybody hit throws a die, a 6 kills
                        state.note("Poison Gas", f"{state.label(i)} is gassed", dice=[roll])
                        casualty(state, i, "Poison Gas", "gas")
    return landed


def scatter_numbers(c: Components) -> tuple[int, int, int]:
    """The scatter table's compass points, high explosive's blast and a cloud's radius."""
    sc = c.tables["scatter"]
    return (int(sc["directions"]), int(sc["he_blast"]), int(sc["gas_radius"]))


SCATTER: dict[Components, tuple[int, int, int]] = {}  # scatter_numbers(c), by the components


def near(state: TrenchesState, p: geo.Point2, reach: int) -> list[int]:
    """``state.near(p, reach)``: the figures on the table within ``reach`` of p, in figure
    order, each side's index asked in C (bombardment.pxd)."""
    f = state.f  # each figure's data (state.Figures)
    found: list[int] = []
    xs, ys = f.x, f.y
    for side in SIDES:
        near_in(state.index(side), xs, ys, p[0], p[1], reach, found)
    found.sort()
    return found


def aims(state: TrenchesState, side: str) -> dict[str, geo.Point2]:
    """Named aim points: the French aim at the German lines not yet theirs (thirds and
    bunkers); the Germans at each French regiment's leader and the HQ, and at lines lost."""
    f = state.f  # each figure's data (state.Figures)
    found = dict(lines_aimed(state, side))
    if side == GERMAN:
        status, xs, ys = f.status, f.x, f.y  # state.at, read once
        for group, leader in sorted(f.leader.items()):
            if status[leader] == TABLE:
                found[group] = (xs[leader], ys[leader])
        hq = of_kinds(state.roster(FRENCH), HQ)  # state.of_kind, not copied
        if hq:
            last = hq[-1]
            found["HQ"] = (xs[last], ys[last])
    return found


def aim_names(state: TrenchesState, side: str) -> tuple[str, ...]:
    """``tuple(aims(state, side))``: the aims' names alone, in the same order (the lines',
    then each French regiment's on the table with its leader, then the HQ, a name already
    there keeping its place), without their points."""
    key = aims_key(state.owner, side)
    kept = LINE_NAMES.get(state.c)
    if kept is None:
        kept = LINE_NAMES[state.c] = {}
    lines = kept.get(key)
    if lines is None:
        lines = kept[key] = tuple([name for name, _ in lines_aimed(state, side)])
    if side != GERMAN:
        return lines
    f = state.f  # each figure's data (state.Figures)
    names = list(lines)
    status = f.status
    leaders = f.leader
    for group in leader_groups(state.c, leaders):  # sorted(f.leader.items()), no items made
        if status[leaders[group]] == TABLE and group not in names:
            names.append(group)
    if "HQ" not in names:
        hqs = HQ_FIGURES.get(state.c)  # hq_figures(c), read from a dict in C
        if hqs is None:
            hqs = HQ_FIGURES[state.c] = hq_figures(state.c)
        for i in hqs:  # of_kinds(state.roster(FRENCH), HQ): no roster made for it
            if status[i] == TABLE:
                names.append("HQ")
                break
    return tuple(names)


def hq_figures(c: Components) -> tuple[int, ...]:
    """The French HQ's figures (its kinds, HQ), on the table or not."""
    return tuple([f.index for f in c.figures if f.side == FRENCH and f.kind in HQ])


HQ_FIGURES: dict[Components, tuple[int, ...]] = {}  # hq_figures(c), by the components


LINE_NAMES: dict[Components, dict[int, tuple[str, ...]]] = {}  # aim_names' of the lines


def leader_groups(c: Components, leaders: dict[str, int]) -> tuple[str, ...]:
    """The groups ``leaders`` holds, sorted: kept by the components while they are those
    (the French regiments; a fallen leader's place is taken, the group stays)."""
    kept = LEADER_GROUPS.get(c)
    if kept is not None and len(kept) == len(leaders):
        for group in kept:
            if group not in leaders:
                break
        else:
            return kept
    found = LEADER_GROUPS[c] = tuple(sorted(leaders))
    return found


LEADER_GROUPS: dict[Components, tuple[str, ...]] = {}  # leader_groups', by the components


def lines_aimed(state: TrenchesState, side: str) -> tuple[tuple[str, geo.Point2], ...]:
    """``line_aims`` of the lines as they are owned now, kept by the side and the lines
    French (a bit each), read from dicts in C."""
    owner = state.owner
    key = aims_key(owner, side)
    kept = LINE_AIMS.get(state.c)
    if kept is None:
        kept = LINE_AIMS[state.c] = {}
    lines = kept.get(key)
    if lines is None:
        lines = kept[key] = line_aims(state.c, side, tuple(owner))
    return lines


def aims_key(owner: list[str], side: str) -> int:
    """The key the lines' aims are kept by: the side (a bit) and the lines French (a bit
    each, line n: bit n)."""
    key = 1 if side == GERMAN else 0
    for line in range(len(owner)):
        if owner[line] == FRENCH:
            key |= 2 << line
    return key


def named_aim(state: TrenchesState, side: str, name: str) -> geo.Point2 | None:
    """``aims(state, side).get(name)``, without making the whole dict: the HQ, then a French
    regiment's leader (the Germans' aims), then the lines, as ``aims`` lets each override
    the one before."""
    if side == GERMAN:
        f = state.f  # each figure's data (state.Figures)
        xs, ys = f.x, f.y
        if name == "HQ":
            hq = of_kinds(state.roster(FRENCH), HQ)  # state.of_kind, not copied
            if hq:
                last = hq[-1]
                return (xs[last], ys[last])
        leader = f.leader.get(name)
        if leader is not None and f.status[leader] == TABLE:
            return (xs[leader], ys[leader])
    found = None
    for aimed, p in lines_aimed(state, side):
        if aimed == name:
            found = p  # the last of that name, as a dict made of them keeps
    return found


HQ = ("hq",)  # the kinds of the French HQ (of_kinds' key)
# line_aims(c, side, owner) by the components, then by the side (1: German) and the lines
# French (line n: 2 << (n - 1))
LINE_AIMS: dict[Components, dict[int, tuple[tuple[str, geo.Point2], ...]]] = {}


@cache
def line_aims(
    c: Components, side: str, owner: tuple[str, ...]
) -> tuple[tuple[str, geo.Point2], ...]:
    """The thirds and bunkers of the lines ``side`` aims at, the lines' owners being
    ``owner``: the French at lines still German, the Germans at lines lost."""
    return tuple(
        (name, p)
        for name, p in c.objectives.items()
        if name[0] in "LB" and (owner[int(name[1]) - 1] == GERMAN) == (side == FRENCH)
    )


def aim_point(state: TrenchesState, side: str, args: tuple[str, ...]) -> geo.Point2 | None:
    """A named aim, or any point of the table given as x y in tenths of an inch."""
    if len(args) == 1:
        return named_aim(state, side, args[0])
    if len(args) == 2:
        try:
            p = (int(args[0]), int(args[1]))
        except ValueError:
            return None
        return p if geo.on_table(p, state.c.width, state.c.depth) else None
    return None


def off_board(state: TrenchesState, side: str) -> None:
    """Bombardment Phase: the French roll, 5 or 6 is that many shells; German Bombardment:
    off-board only on a 6, which allows 6 shells (Fortune of War may grant a barrage)."""
    state.phase = BOMBARDMENTS.get(side) or f"{side} bombardment"  # (the same text, kept)
    state.shells = []
    units = state.c.tables["german_units"]
    if side == FRENCH and state.event == "barrage":
        shells = 6
        state.note("Fortune of War", "corps barrage: 6 shells")
    else:
        roll = state.rng.die()
        gate = int(units["french_bombardment" if side == FRENCH else "bombardment"])
        shells = (roll if side == FRENCH else 6) if roll >= gate else 0
        rule = "Bombardment Phase" if side == FRENCH else "German Bombardment"
        state.note(rule, f"{side} off-board bombardment: {shells or 'no'} shells", dice=[roll])
    if shells:
        state.push("barrage", side=side, shells=shells)


BOMBARDMENTS = {side: f"{side} bombardment" for side in SIDES}  # the phase's name, by side


class Barrage(Prompt[TrenchesState]):
    """Off-board bombardment: high explosive, or instead poison gas or smoke, aimed at a
    point; each shell scatters (the cotton balls)."""

    name = "barrage"
    title = "aim the off-board bombardment (Bombardment Phase)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> list[Action]:
        names = aim_names(state, side)  # asked once for the three munitions
        found = BARRAGES.get(names)  # the actions of these aims, made once
        if found is None:
            found = BARRAGES[names] = barrage_actions(names)
        return list(found)

    def accepts(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> bool:
        args = action.args
        return (
            action.verb == "barrage"
            and len(args) == 3
            and args[0] in MUNITIONS
            and aim_point(state, side, args[1:]) is not None
        )

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        munition = action.args[0]
        aim = aim_point(state, side, action.args[1:])
        assert aim is not None
        dice = int(state.c.tables["scatter"]["dice"])
        rule = "Bombardment Phase" if side == FRENCH else "German Bombardment"
        if munition != "he":
            rule = "Poison Gas" if munition == "gas" else "Smoke"
        for _ in range(int(frame["shells"])):
            land_shell(state, side, munition, aim, dice, rule)


# --- on-board guns ------------------------------------------------------------------------------


def guns(state: TrenchesState, side: str) -> list[int]:
    return state.of_kind(side, ("gun",))


def on_board(state: TrenchesState, side: str) -> None:
    """The on-board artillery fires: a die per gun, each pip a shell; or armour-piercing
    direct fire at 24"."""
    if guns(state, side):
        state.push("guns", side=side, done=())


def barrage_actions(names: tuple[str, ...]) -> tuple[Action, ...]:
    """``barrage MUNITION AIM`` for each munition and each of the aims ``names``."""
    return tuple([act("barrage", munition, name) for munition in MUNITIONS for name in names])


def shell_actions(gid: str, names: tuple[str, ...]) -> tuple[Action, ...]:
    """``shell G AIM`` for gun ``gid`` and each of the aims ``names``."""
    return tuple([act("shell", gid, name) for name in names])


# The offers' actions by what they follow from (a few aims' names, a few guns): made once,
# not asked of act's cache for every aim at every offer
BARRAGES: dict[tuple[str, ...], tuple[Action, ...]] = {}
SHELLS: dict[tuple[str, tuple[str, ...]], tuple[Action, ...]] = {}


def gun_action(c: Components, g: int, t: int) -> Action:
    """``ap G T`` by gun ``g`` at ``t`` (``hold G`` for ``t`` the gun itself), each made once
    and kept by one integer (figures number fewer than GUN_SLOTS)."""
    kept = GUN_ACTIONS.get(c)
    if kept is None:
        kept = GUN_ACTIONS[c] = {}
    key = g * GUN_SLOTS + t
    found = kept.get(key)
    if found is None:
        gid = c.figures[g].id
        found = kept[key] = act("hold", gid) if t == g else act("ap", gid, c.figures[t].id)
    return found


GUN_SLOTS = 4096  # more than the figures
GUN_ACTIONS: dict[Components, dict[int, Action]] = {}  # gun_action's, by the components


class Guns(Prompt[TrenchesState]):
    """On-board artillery, gun by gun: ``shell G AIM`` (a die of shells), ``ap G T`` (a 6
    kills any target, not covered), or ``hold G``."""

    name = "guns"
    title = "fire the on-board artillery (Bombardment Phase)"

    def offer(self, state: TrenchesState, frame: Frame, side: str) -> list[Action]:
        return guns_offer(state, frame, side)

    def accepts(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> bool:
        if len(action.args) < 2:
            return False
        g = state.c.figure(action.args[0])
        if g is None or g.index not in guns(state, side) or g.index in frame["done"]:
            return False
        if action.verb == "shell":
            return aim_point(state, side, action.args[1:]) is not None
        if action.verb == "ap" and len(action.args) == 2:
            t = state.c.figure(action.args[1])
            return (
                t is not None
                and t.side == enemy(side)
                and state.f.status[t.index] == TABLE
                and can_hit(state, "ap", g.index, t.index)
            )
        return False

    def apply(self, state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
        guns_apply(state, frame, action, side)


def guns_offer(state: TrenchesState, frame: Frame, side: str) -> list[Action]:
    """The guns' offer (``Guns.offer``): a function, so that bombardment.pxd types it (the
    position's fields read in C, the guns read from the roster's kept tuple, no list copied,
    each gun's shells kept by its id and the aims' names)."""
    found: list[Action] = []
    names: tuple[str, ...] | None = None  # the aims, asked once for all the guns
    c = state.c
    figures, done = c.figures, frame["done"]
    for g in of_kinds(state.roster(side), GUNS):  # guns(state, side)
        if g in done:
            continue
        gid = figures[g].id
        if names is None:
            names = aim_names(state, side)
        shells = SHELLS.get((gid, names))
        if shells is None:
            shells = SHELLS[(gid, names)] = shell_actions(gid, names)
        found.extend(shells)
        for t in targets(state, "ap", g):
            found.append(gun_action(c, g, t))
        found.append(gun_action(c, g, g))
    return found


GUNS = ("gun",)  # the kinds ``guns`` reads


def guns_apply(state: TrenchesState, frame: Frame, action: Action, side: str) -> None:
    """The guns' action (``Guns.apply``): a function, so that bombardment.pxd types it (the
    position's fields read in C, the shells landed by a C call)."""
    c = state.c
    g = c.figure(action.args[0])
    assert g is not None
    gun = g.index
    frame["done"] = (*frame["done"], gun)
    verb = action.verb
    if verb == "shell":
        aim = aim_point(state, side, action.args[1:])
        assert aim is not None
        pips = state.rng.die()
        state.note("Bombardment Phase", f"{state.label(gun)} fires {pips} shells", dice=[pips])
        dice = int(c.tables["scatter"]["dice"])
        for _ in range(pips):
            land_shell(state, side, "he", aim, dice, "Bombardment Phase")
    elif verb == "ap":
        t = c.figure(action.args[1])
        assert t is not None
        shoot(state, "ap", gun, t.index, "Bombardment Phase")
    done = frame["done"]
    for i in guns(state, side):  # all of them have fired: the guns are done
        if i not in done:
            return
    state.pop()

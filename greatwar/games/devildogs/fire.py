"""5.8 MG fire and 7-8 combat: line of sight with slope hexes, combat damage, the target
priority chart, damage per terrain and the order of applying step losses."""

from __future__ import annotations

from greatwar.games.devildogs.data import enemy
from greatwar.games.devildogs.movement import advances, start_retreats
from greatwar.games.devildogs.pick import choose, take, units_of
from greatwar.games.devildogs.state import DevilDogsState

# --- line of sight (7.1) ----------------------------------------------------------------


def blocks_sight(state: DevilDogsState, firer: int, target: int, h: int) -> bool:
    """7.1: woods, urban and occupied hexes block; a slope hex blocks unless it is closer to
    the firing unit than to the target (contour lines never block)."""
    board = state.c.board
    if board.blocks[h] or h in state.at:
        return True
    if board.slope[h]:
        grid = board.grid
        return grid.distance(firer, h) >= grid.distance(h, target)
    return False


def has_los(state: DevilDogsState, a: int, b: int) -> bool:
    """7.1: a straight edge from centre to centre crossing no blocking hex; adjacent hexes
    always see each other. Along a hexside, sight is blocked only if both hexes block."""
    return is_clear(state.occupied, sight(state, a, b))


def is_clear(occupied: bytearray, line: Sight) -> bool:
    """7.1: whether a line of sight ``line`` is open with units standing as ``occupied`` says
    (the state's byte per hex, 1 where a unit stands: read with a machine index)."""
    singles = line[1]
    if singles is None:
        return False  # woods, urban or a slope on the line, whoever stands where
    for h in singles:
        if occupied[h]:
            return False  # an occupied hex on the line
    for plus, minus in line[2]:  # noqa: SIM110 (a loop: compiled, all() of a generator costs more)
        if occupied[plus] and occupied[minus]:
            return False  # both hexes of a hexside the line runs along
    return True


# (range, the hexes whose occupation blocks or None if the terrain blocks whoever stands
# where, the hexside pairs that block when both are occupied)
Sight = tuple[int, tuple[int, ...] | None, tuple[tuple[int, int], ...]]


def sights_from(state: DevilDogsState, a: int) -> list[Sight | None]:
    """The kept ``sight`` from hex a to every hex, by hex index; None where not worked out
    yet (then ask ``sight``). A list per hex: read with an index, no key to build."""
    row = _SIGHTS.get(a)
    if row is None:
        row = _SIGHTS[a] = [None] * state.c.board.grid.size
    return row


def sight(state: DevilDogsState, a: int, b: int) -> Sight:
    """``has_los`` from a to b with what the map alone decides worked out once (the map is the
    same in every game), and the range from a to b (10.6)."""
    row = sights_from(state, a)
    found = row[b]
    if found is None:
        found = row[b] = _sight(state, a, b)
    return found


def _sight(state: DevilDogsState, a: int, b: int) -> Sight:
    """``sight`` worked out: 7.1 ``blocks_sight`` with the units left out, a hexside pair
    blocking when both its hexes do (a hex that blocks by its terrain leaves the other hex of
    its pair to block alone)."""
    board = state.c.board
    grid = board.grid

    def fixed(h: int) -> bool:  # blocks_sight without the units
        if board.blocks[h]:
            return True
        return bool(board.slope[h]) and grid.distance(a, h) >= grid.distance(h, b)

    distance = grid.distance(a, b)
    if distance <= 1:
        return (distance, (), ())  # adjacent hexes always see each other
    singles: list[int] = []
    pairs: list[tuple[int, int]] = []
    for plus, minus in grid.line(a, b)[1:-1]:  # the steps between its ends
        if plus is None:
            continue
        if plus == minus:
            if fixed(plus):
                return (distance, None, ())
            singles.append(plus)
        elif minus is not None:
            plus_blocks, minus_blocks = fixed(plus), fixed(minus)
            if plus_blocks and minus_blocks:
                return (distance, None, ())
            if plus_blocks:
                singles.append(minus)
            elif minus_blocks:
                singles.append(plus)
            else:
                pairs.append((plus, minus))
    return (distance, tuple(singles), tuple(pairs))


_SIGHTS: dict[int, list[Sight | None]] = {}


# --- combat damage (7, 8.1) -----------------------------------------------------------


def unit_cd(state: DevilDogsState, unit: int) -> int:
    """7, 8.1: combat damage by unit type, +1 next to the enemy, halved (down) if pinned."""
    table = state.c.tables["combat_damage"]
    cd = int(table[state.c.units[unit].kind])
    if state.enemy_adjacent(unit):
        cd += int(table["adjacent_bonus"])
    if unit in state.pinned:
        cd //= int(table["pinned_divisor"])
    return cd


def shell_holes(state: DevilDogsState, sector: str, cd: int) -> int:
    """9 SHELL HOLES: both sides halve the damage they can do here (rounded up)."""
    if state.effects.get(f"shell_holes:{sector}"):
        return (cd + 1) // 2
    return cd


def is_hidden(state: DevilDogsState, unit: int, sector: str) -> bool:
    """9 HIDDEN MG'S: an MG of a side that played it here takes no combat damage unless
    adjacent to the enemy."""
    u = state.c.units[unit]
    return (
        u.kind == "mg"
        and state.effect("hidden_mgs", u.side, sector) > 0
        and not state.enemy_adjacent(unit)
    )


def unhidden(state: DevilDogsState, foe: str, sector: str, units: list[int]) -> list[int]:
    """``units`` of ``foe`` without those ``is_hidden`` hides; all of them, with no unit
    to test, unless ``foe`` played HIDDEN MG'S here (9)."""
    if state.effect("hidden_mgs", foe, sector) <= 0:
        return units
    return [u for u in units if not is_hidden(state, u, sector)]


# --- assigning damage (7.1, 8.2) -----------------------------------------------------


def priority_classes(state: DevilDogsState, targets: list[int]) -> list[tuple[int, list[int]]]:
    """7.1, 8.1: (CD per step, units) in the order they must be hit: open hexes before cover,
    infantry before heavy weapons before HQs."""
    cover, where, units = state.c.board.cover, state.where, state.c.units
    costs, of_kind = _priority_chart(state)
    buckets: list[list[int]] = [[] for _ in costs]
    half = len(costs) // 2
    for t in sorted(targets):  # each class keeps the targets in counter order
        first = half if cover[where[t]] else 0  # the open hexes' classes, then cover's
        for k in of_kind.get(units[t].kind, ()):
            buckets[first + k].append(t)
    return [(costs[i], buckets[i]) for i in range(len(costs)) if buckets[i]]


def _priority_chart(state: DevilDogsState) -> tuple[list[int], dict[str, tuple[int, ...]]]:
    """7.1, 8.1: the Target Priority Chart read once per process: the CD per step of each
    class (the open hexes' classes, then the same in cover), and for each unit kind the
    indexes of its classes among one terrain's."""
    if not _CHART:
        damage = state.c.tables["damage"]
        chart = state.c.tables["target_priority"]["classes"]
        costs = [int(damage["open_cd_per_step"])] * len(chart)
        costs += [int(damage["cover_cd_per_step"])] * len(chart)
        kinds = {kind for group in chart for kind in group}
        of_kind = {
            kind: tuple([k for k, group in enumerate(chart) if kind in group]) for kind in kinds
        }
        _CHART.append((costs, of_kind))
    return _CHART[0]


_CHART: list[tuple[list[int], dict[str, tuple[int, ...]]]] = []


def allocate(
    state: DevilDogsState, side: str, key: str, targets: list[int], cd: int, why: str
) -> None:
    """7.1, 8.2: turn ``cd`` into at most one step per target, by priority; damage that
    cannot be assigned is lost, but any damage at all inflicts at least one step."""
    hits: list[tuple[str, ...]] = []
    state.hits[key] = hits
    if cd <= 0 or not targets:
        return
    units = state.c.units
    budget = cd
    for cost, members in priority_classes(state, targets):
        can = budget // cost
        if can >= len(members):
            hits.extend([(units[u].id,) for u in members])
            budget -= cost * len(members)
            continue
        count = can if (can or hits) else int(state.c.tables["damage"]["minimum_steps"])
        options = [(units[u].id,) for u in members]
        choose(state, side, key, options, count, verb="hit", why=why)
        return


def apply_hits(state: DevilDogsState, side: str, key: str, rule: str, why: str) -> None:
    """Apply the step losses chosen under ``key``, one per unit."""
    for unit in units_of(state, take(state, key)):
        if state.is_terminal():
            return
        state.inflict(unit, rule, why)


# --- MG fire (5.8) ---------------------------------------------------------------------


def visible_enemies(state: DevilDogsState, side: str, sector: str) -> list[int]:
    """5.8: enemy units in the sector that a friendly unit in the sector can see."""
    where, occupied = state.where, state.occupied
    heres = [where[f] for f in state.in_sector(side, sector)]
    rows = [sights_from(state, here) for here in heres]
    count = len(heres)
    seen = []
    for e in state.in_sector(enemy(side), sector):
        target = where[e]
        for i in range(count):  # a loop over machine indexes (fire.pxd): no generator
            line = rows[i][target]
            if line is None:
                line = sight(state, heres[i], target)
            if line[1] is not None and is_clear(occupied, line):  # (terrain blocks: no call)
                seen.append(e)
                break
    return seen


def mg_step(state: DevilDogsState, side: str, sector: str, mg: int) -> None:
    """5.8: the card's MG number is CD against enemy units in the sector in LOS of a friendly
    unit; 5.3.3 battlefield initiative adds 1 to an Active order."""
    if state.row(side, sector) == "active" and side == state.battlefield:
        mg += int(state.c.tables["battlefield_initiative"]["active_mg_bonus"])
    mg = shell_holes(state, sector, mg)
    if mg <= 0:
        return
    targets = unhidden(state, enemy(side), sector, visible_enemies(state, side, sector))
    if not targets:
        state.note("5.8", f"{side} MG {mg} in sector {sector}: no enemy unit in sight")
        return
    state.note("5.8", f"{side} MG fire in sector {sector}: {mg} CD")
    key = f"mg:{side}:{sector}"
    allocate(state, side, key, targets, mg, "MG fire (5.8): target priority 7.1")
    state.then(("apply_hits", side, key, "5.8", f"{side} MG fire"))


# --- combat (5.9, 7, 7.3, 8) --------------------------------------------------------------


def combat_reach(state: DevilDogsState, side: str, sector: str, x: int) -> int:
    """9 COMBAT X, CONCEALMENT: the range at which ``side`` fights; one less against an enemy
    that played CONCEALMENT here (never below adjacent)."""
    cut = int(state.c.tables["keywords"]["concealment"])
    if state.effect("concealment", enemy(side), sector):
        return max(1, x - cut)
    return x


def combat_fire(
    state: DevilDogsState, side: str, sector: str, initiator: str, x: int
) -> tuple[int, list[int]]:
    """7, 8.1: (combat damage, targets) of one side: units within range and LOS of an enemy
    unit in the sector fire, with BAYONETS, DEFENSIVE FIRE and SHELL HOLES (9)."""
    where, occupied = state.where, state.occupied
    reach = combat_reach(state, side, sector, x)
    foes = state.in_sector(enemy(side), sector)
    theres = [where[e] for e in foes]
    count = len(foes)
    firers, targets = [], set()
    for f in state.in_sector(side, sector):
        here = where[f]
        row = sights_from(state, here)
        seen = False
        for i in range(count):  # a loop over machine indexes (fire.pxd)
            there = theres[i]
            line = row[there]
            if line is None:
                line = sight(state, here, there)
            if line[0] <= reach and line[1] is not None and is_clear(occupied, line):  # 10.6, 7.1
                targets.add(foes[i])
                seen = True
        if seen:
            firers.append(f)
    cd = sum([unit_cd(state, f) for f in firers])
    if state.effect("bayonets", side, sector):
        cd += len([f for f in firers if bayonet_unit(state, f)])
    if firers and initiator != side and state.effect("defensive_fire", side, sector):
        cd += int(state.c.tables["keywords"]["defensive_fire_cd"])
    cd = shell_holes(state, sector, cd)
    return cd, unhidden(state, enemy(side), sector, sorted(targets))


def bayonet_unit(state: DevilDogsState, unit: int) -> bool:
    """9 BAYONETS: an unpinned company (not MG or other heavy weapon) next to the enemy."""
    kind = state.unit(unit).kind
    return kind in ("infantry", "hq") and unit not in state.pinned and state.enemy_adjacent(unit)


def combats_step(state: DevilDogsState, sector: str) -> None:
    """5.9, 7.3: resolve each combat triggered here; the Active player's first, else the
    battlefield initiative player's."""
    combats = state.combats
    state.combats = []
    if not combats:
        return

    def rank(combat: tuple[str, int]) -> int:
        side = combat[0]
        if state.row(side, sector) == "active":
            return 0
        return 1 if side == state.battlefield else 2

    state.then(*[("combat", sector, side, x) for side, x in sorted(combats, key=rank)])


def combat_step(state: DevilDogsState, sector: str, initiator: str, x: int) -> None:
    """7: the initiative player determines combat damage first; both fire at once."""
    state.phase = "7"
    state.note("7", f"combat in sector {sector}: COMBAT {x} of {initiator}")
    first = state.initiative_player(sector)
    second = enemy(first)
    state.then(
        ("allocate", first, sector, initiator, x),
        ("allocate", second, sector, initiator, x),
        ("apply_combat", sector, initiator),
    )


def allocate_step(state: DevilDogsState, side: str, sector: str, initiator: str, x: int) -> None:
    """7.1, 8.1: one side's combat damage and its targets, by priority."""
    cd, targets = combat_fire(state, side, sector, initiator, x)
    state.note("7", f"{side} combat damage {cd} against {len(targets)} units in sight")
    allocate(state, side, f"combat:{side}", targets, cd, "combat damage (7.1 target priority)")


def apply_combat_step(state: DevilDogsState, sector: str, initiator: str) -> None:
    """8.3: the reactive player's damage is applied first, then the active player's; each
    step moves the initiative track for the side that inflicted it (7.2)."""
    active = state.initiative_player(sector)
    damaged: dict[str, list[int]] = {}
    for side in (enemy(active), active):
        hits = units_of(state, take(state, f"combat:{side}"))
        damaged[side] = [u for u in hits if state.inflict(u, "8.3", f"combat, {side} fire")]
        if state.is_terminal():
            return
    for side in (enemy(active), active):
        if state.effect("bayonets", side, sector):
            state.then(("bayonet_retreat", side, tuple(damaged[side])))


def bayonet_retreat_step(state: DevilDogsState, side: str, damaged: tuple[int, ...]) -> None:
    """9 BAYONETS: damaged enemy units next to ``side``'s units fall back one hex; then the
    adjacent friendly units may advance into the hexes they left."""
    beaten = [u for u in damaged if state.where[u] >= 0 and state.enemy_adjacent(u)]
    if not beaten:
        return
    origins = tuple(state.where[u] for u in beaten)
    start_retreats(state, enemy(side), beaten, "bayonets")
    state.then(("bayonet_advance", side, origins))


def bayonet_advance_step(state: DevilDogsState, side: str, origins: tuple[int, ...]) -> None:
    """9 BAYONETS: offer the advance when a friendly unit can take a vacated hex."""
    if advances(state, side, tuple(origins), ()):
        state.push("advance", side=side, hexes=tuple(origins), moved=())

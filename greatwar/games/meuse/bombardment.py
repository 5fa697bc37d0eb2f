"""MA 17.x artillery bombardment: markers from the Artillery Track on observed enemy units at the
end of the movement phase, a die per marker with its modifiers, breaches, and 17.5 retreats."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.data import ALLIED, FORTRESS, GERMAN
from greatwar.games.meuse.retreat import retreat_ends
from greatwar.games.meuse.state import OTHER, MeuseState, Task, pick

# --- observation (17.3) -------------------------------------------------------------------


def allied_near(state: MeuseState, radius: int) -> bytes:
    """One byte a hex, 1 within ``radius`` of an Allied unit (kept until an Allied unit
    moves)."""
    key = ("allied_near", radius)
    found: bytes | None = state.kept(ALLIED, key)
    if found is None:
        table = _within(state, radius)
        found = state.keep(ALLIED, key, _marks(table, state.hexes_of(ALLIED), len(table)))
    return found


def _marks(table: tuple[tuple[int, ...], ...], hexes: tuple[int, ...], size: int) -> bytes:
    """One byte a hex, 1 for each hex ``table`` lists for any of the ``hexes``."""
    marks = bytearray(size)
    for a in hexes:
        for h in table[a]:
            marks[h] = 1
    return bytes(marks)


def _marked(marks: bytes) -> tuple[int, ...]:
    """The hexes ``marks`` marks, in order."""
    found = []
    for h in range(len(marks)):
        if marks[h]:
            found.append(h)
    return tuple(found)


def _within(state: MeuseState, radius: int) -> tuple[tuple[int, ...], ...]:
    """``hexes_within(h, radius)`` for every hex: the map is the same in every game."""
    table = _WITHIN.get(radius)
    if table is None:
        grid = state.c.board.grid
        table = _WITHIN[radius] = tuple(tuple(grid.hexes_within(h, radius)) for h in grid)
    return table


_WITHIN: dict[int, tuple[tuple[int, ...], ...]] = {}


def near_allied(state: MeuseState, hex_index: int) -> bool:
    """17.3: within three hexes of an Allied unit (its hex not counted, the target's counted)."""
    reach = int(state.c.tables["bombardment"]["aircraft_range"])
    return bool(allied_near(state, reach)[hex_index])


def aircraft_view(state: MeuseState) -> set[int]:
    """17.3: each aircraft's hex and the hexes around it, where within range of an Allied unit."""
    neighbors = state.c.neighbors
    near = allied_near(state, int(state.c.tables["bombardment"]["aircraft_range"]))
    seen: set[int] = set()
    for hex_index in state.aircraft:
        if near[hex_index]:
            seen.add(hex_index)
        for h in neighbors[hex_index]:
            if near[h]:
                seen.add(h)
    return seen


def observed_units(state: MeuseState, side: str) -> list[int]:
    """17.3: enemy units adjacent to a unit of ``side``, and for the Allies those an aircraft
    observes; no line of sight at this scale. Kept until a unit moves, for each placing of the
    aircraft, since the bombardment prompt asks after every marker: read it, never change it."""
    key = ("observed", side, tuple(state.aircraft) if side == ALLIED else ())
    found: list[int] = state.derived_from_both(key, lambda: _observed_units(state, side))
    return found


def _observed_units(state: MeuseState, side: str) -> list[int]:
    """``observed_units`` worked out."""
    by_air = aircraft_view(state) if side == ALLIED else set()
    watched = _adjacent_to(state, side)
    stacks = state.stacks
    found = []
    for hex_index in state.hexes_of(OTHER[side]):
        if watched[hex_index] or hex_index in by_air:
            found.extend(stacks[hex_index])
    found.sort()
    return found


def _adjacent_to(state: MeuseState, side: str) -> bytes:
    """One byte a hex, 1 next to a unit of ``side`` (kept until a unit of ``side`` moves)."""
    found: bytes | None = state.kept(side, ("adjacent_to",))
    if found is None:
        table = state.c.neighbors
        found = state.keep(side, ("adjacent_to",), _marks(table, state.hexes_of(side), len(table)))
    return found


# --- placing markers (17.1, 17.2, 17.7) ---------------------------------------------------


def aircraft_hexes(state: MeuseState) -> list[int]:
    """17.3: hexes where an aircraft could observe something: within four hexes of an Allied
    unit (placing one farther away has no effect at all), not holding an aircraft already."""
    if len(state.aircraft) >= int(state.c.tables["bombardment"]["aircraft_markers"]):
        return []
    reach = int(state.c.tables["bombardment"]["aircraft_range"]) + 1
    placed = state.aircraft
    near: tuple[int, ...] | None = state.kept(ALLIED, ("allied_near_in_order", reach))
    if near is None:
        near = state.keep(
            ALLIED, ("allied_near_in_order", reach), _marked(allied_near(state, reach))
        )
    if not placed:
        return list(near)
    return [h for h in near if h not in placed]


def may_gas(state: MeuseState, side: str) -> bool:
    """17.7: the Allies may use gas on the first game turn only."""
    turns: list[int] = state.c.tables["bombardment"]["gas_turns"]
    return side == ALLIED and state.turn in turns and not state.gas


def targets(state: MeuseState, side: str) -> list[int]:
    """17.2: observed enemy units with fewer than two markers, while markers remain."""
    if state.markers[side] <= 0:
        return []
    limit = int(state.c.tables["bombardment"]["max_markers_per_unit"])
    placed = [u for u, _ in state.plan]
    return [u for u in observed_units(state, side) if placed.count(u) < limit]


def start_bombardment(state: MeuseState, side: str) -> None:
    """17.2: at the end of the movement phase; 17.3 the Allied aircraft are placed afresh."""
    state.plan = []
    state.gas = False
    if side == ALLIED:
        state.aircraft = []
    if state.markers[side] > 0 and state.hexes_of(OTHER[side]):
        state.push("bombard", side=side)
    elif not state.markers[side]:  # say why the phase passes without a choice
        state.note("17.1", f"{side} has no bombardment marker left: no bombardment this phase")


class Bombard(Prompt[MeuseState]):
    """17.2: place markers on observed enemy units (two at most on each), then fire them all."""

    name = "bombard"
    title = "place bombardment markers (and aircraft), then fire (17.2)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        bombard = state.unit_actions("bombard")
        actions = pick(bombard, targets(state, side))
        if may_gas(state, side):
            actions.append(act("gas"))
        if side == ALLIED and state.markers[side] > 0:
            aircraft = state.hex_actions("aircraft")
            actions += pick(aircraft, aircraft_hexes(state))
        actions.append(act("fire"))
        return actions

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "bombard":
            unit = state.c.counter(action.args[0]).index
            state.markers[side] -= 1
            state.plan.append((unit, state.where[unit]))
            state.note("17.2", f"{side} places a bombardment marker on {state.label(unit)}")
        elif action.verb == "gas":
            state.gas = True
            state.note("17.7", "the Allies use gas in this bombardment: -1 to every roll")
        elif action.verb == "aircraft":
            state.aircraft.append(state.c.board.grid.index(action.args[0]))
            state.note("17.3", f"an Allied aircraft observes from {action.args[0]}")
        else:
            state.pop()
            fire(state, side)

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "bombard":
            return (
                "only an observed enemy unit (adjacent, or seen by an aircraft: 17.3) with fewer "
                "than two markers, while markers remain (17.1, 17.2)"
            )
        if action.verb == "gas":
            return "the Allies may use gas on the first game turn only (17.7)"
        if action.verb == "aircraft":
            return "only the Allies have aircraft: two at most, near an Allied unit (17.3)"
        return None


def fire(state: MeuseState, side: str) -> None:
    """17.2: the placed markers are resolved hex by hex; unplaced markers are lost."""
    if state.markers[side]:
        state.note("17.2", f"{state.markers[side]} unused marker(s) are lost")
    state.markers[side] = 0
    order: list[int] = []
    for _, hex_index in state.plan:
        if hex_index not in order:
            order.append(hex_index)
    state.then(*(("bombard_hex", side, h) for h in order), ("bombard_done",))
    state.run_tasks()


def bombard_done_task(state: MeuseState, task: Task) -> bool:
    """17.2: the markers return to the Artillery Track once resolved."""
    state.plan = []
    return True


# --- resolution (17.4-17.6) --------------------------------------------------------------


def terrain_modifier(state: MeuseState, hex_index: int, unit: int) -> int:
    """Modifiers chart: the single highest terrain modifier in the hex; MA 14.2 works count
    only for a German unit and only while unbreached (17.6)."""
    table: dict[str, int] = state.c.tables["bombardment"]["terrain_modifier"]
    board = state.c.board
    values = [table[t] for t in board.terrain[hex_index]]
    if state.counter(unit).side == GERMAN and state.is_works(hex_index):
        values.append(table[board.works[hex_index]])
    return max(values)


def modifier(state: MeuseState, side: str, hex_index: int, unit: int) -> int:
    """17.4, 17.5 and the modifiers chart: gas, aircraft, German fire and terrain."""
    spec = state.c.tables["bombardment"]
    total = terrain_modifier(state, hex_index, unit)
    if side == GERMAN:
        total += int(spec["german_modifier"])
    if side == ALLIED and state.gas:
        total += int(spec["gas_modifier"])
    if side == ALLIED and hex_index in state.aircraft and near_allied(state, hex_index):
        total += int(spec["aircraft_modifier"])  # at most one aircraft per bombarded hex
    return total


def may_breach(state: MeuseState, hex_index: int) -> bool:
    """17.6: a Stellung, 2nd Tier Trench or Fortifications hex not yet breached (fortresses
    cannot be); a German bombardment of an Allied unit there breaches it too."""
    return state.is_works(hex_index) and not state.c.board.has(hex_index, FORTRESS)


def bombard_hex_task(state: MeuseState, task: Task) -> bool:
    """17.5: one die per marker, modified; 1-3 a hit. 17.6 a hit on works breaches the hex
    instead. Hits are taken, or retreated from (17.5), after every marker on the hex."""
    _, side, hex_index = task
    hit_rolls: list[int] = state.c.tables["bombardment"]["hit_rolls"]
    hits: dict[int, int] = {}
    for unit, aimed in state.plan:
        if aimed != hex_index or state.where[unit] != hex_index:
            continue
        roll = state.rng.die()
        total = roll + modifier(state, side, hex_index, unit)
        hit = total <= max(hit_rolls)
        text = f"marker on {state.label(unit)}: rolled {roll}, modified {total}"
        if hit and may_breach(state, hex_index):
            state.breached.add(hex_index)
            state.note("17.6", f"{text}: hit, {state.hex_id(hex_index)} is breached", dice=[roll])
        elif hit:
            hits[unit] = hits.get(unit, 0) + 1
            state.note("17.5", f"{text}: hit", dice=[roll])
        else:
            state.note("17.5", f"{text}: no effect", dice=[roll])
    state.then(*(("bombard_hits", unit, n) for unit, n in hits.items()))
    return True


def bombard_retreats(state: MeuseState, unit: int) -> list[int]:
    """17.5: the one hex a hit unit may retreat to instead, away from the enemy beside it."""
    if not state.cfg.bombardment_retreat:
        return []  # 16.0 read as forbidding every retreat from bombardment
    grid = state.c.board.grid
    enemy = OTHER[state.counter(unit).side]
    refs = tuple(h for h in grid.neighbors(state.where[unit]) if state.side_in(h) == enemy)
    hexes = int(state.c.tables["bombardment"]["retreat_hexes"])
    return retreat_ends(state, (unit,), hexes, refs).get(hexes, [])


def bombard_hits_task(state: MeuseState, task: Task) -> bool:
    """17.5: the owner takes the hits, or retreats one hex instead if he can."""
    _, unit, hits = task
    if state.where[unit] < 0:
        return True
    if not bombard_retreats(state, unit):
        take_hits(state, unit, hits)
        return True
    state.push("bombard_retreat", side=state.counter(unit).side, unit=unit, hits=hits)
    return False


def take_hits(state: MeuseState, unit: int, hits: int) -> None:
    """17.5: each hit depletes the unit, or eliminates it if already depleted."""
    for _ in range(hits):
        if state.where[unit] < 0:
            return
        state.lose_step(unit, "17.5", "bombardment hit")


class BombardRetreat(Prompt[MeuseState]):
    """17.5: retreat one hex instead of taking the bombardment hits."""

    name = "bombard_retreat"
    title = "retreat one hex instead of the hit, or accept it (17.5)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        for hex_index in bombard_retreats(state, frame["unit"]):
            yield act("retreat", state.hex_id(hex_index))
        yield act("accept")

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        unit = frame["unit"]
        if action.verb == "accept":
            take_hits(state, unit, frame["hits"])
        else:
            origin = state.hex_id(state.where[unit])
            state.note("17.5", f"{state.label(unit)} retreats from {origin} instead of the hit")
            state.put(unit, state.c.board.grid.index(action.args[0]))
        state.run_tasks()

"""5.5 mortar fire and gas drift; 9 BARRAGE, SAUSAGE/RECON'D BARRAGE and GAS BARRAGE, with
deviation drawn from the command deck and read on the compass."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.data import GERMAN, SIDES, US, enemy
from greatwar.games.devildogs.movement import start_retreats
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.hexes import COMPASS


def deviate(state: DevilDogsState, hex_index: int, deviation: int | None) -> int | None:
    """5.5: HIT leaves the chit; a number moves it one hex that way on the compass (None:
    off the map)."""
    if deviation is None:
        return hex_index
    return state.c.board.grid.neighbor(hex_index, state.c.compass[deviation])


# --- mortar fire (5.5) -------------------------------------------------------------------


def mortar_phase(state: DevilDogsState) -> None:
    """5.5: both players fire all their mortars, battlefield initiative first."""
    state.phase = "5.5"
    first = state.battlefield or state.sc.attacker
    state.then(("mortars", first), ("mortars", enemy(first)))


def mortars_step(state: DevilDogsState, side: str) -> None:
    units = state.c.units
    mortars = tuple([u for u in state.units_of(side) if units[u].kind == "mortar"])
    if mortars:
        state.push("mortar", side=side, units=mortars)


def mortar_targets(state: DevilDogsState, unit: int) -> list[int]:
    """5.5: playable hexes two to five spaces from the mortar."""
    table = state.c.tables["mortar"]
    grid = state.c.board.grid
    here = state.where[unit]
    low, high = int(table["min_range"]), int(table["max_range"])
    return [
        h
        for h in grid.hexes_within(here, high)
        if grid.distance(here, h) >= low and state.is_playable(h)
    ]


def mortar_actions(state: DevilDogsState, unit: int) -> tuple[Action, ...]:
    """``fire UNIT HEX`` at every ``mortar_targets`` hex: the map alone decides them, so they
    are made once per unit, hex and scenario in a process."""
    key = (unit, state.where[unit], state.sc.id)
    found = _MORTAR_ACTIONS.get(key)
    if found is None:
        unit_id = state.unit(unit).id
        found = _MORTAR_ACTIONS[key] = tuple(
            act("fire", unit_id, state.hex_id(h)) for h in mortar_targets(state, unit)
        )
    return found


_MORTAR_ACTIONS: dict[tuple[int, int, str], tuple[Action, ...]] = {}


class MortarFire(Prompt[DevilDogsState]):
    """5.5: place each mortar's artillery chit 2-5 hexes away; the deck gives deviation."""

    name = "mortar"
    title = "place each mortar's artillery chit 2-5 hexes away (5.5)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        return [action for unit in frame["units"] for action in mortar_actions(state, unit)]

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_index(action.args[0])
        aim = state.c.board.hex(action.args[1])
        state.note("5.5", f"{state.unit(unit).id} fires at {action.args[1]}")
        lands = deviate(state, aim, state.draw_deviation(side, "mortar deviation", "5.5"))
        mortar_hit(state, lands)
        # a mortar hit by friendly fire before its turn no longer fires
        frame["units"] = tuple(u for u in frame["units"] if u != unit and state.where[u] >= 0)
        if not frame["units"] or state.is_terminal():
            state.pop()

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        return "a mortar's chit goes 2 to 5 hexes from it, on the battlefield (5.5)"


def mortar_hit(state: DevilDogsState, hex_index: int | None) -> None:
    """5.5: a unit under the chit, friend or foe, is pinned; if already pinned it loses a
    step whatever the terrain."""
    if hex_index is None:
        state.note("5.5", "the mortar chit lands off the map")
        return
    state.tokens.append(("mortar", hex_index))
    unit = state.at.get(hex_index)
    if unit is None:
        state.note("5.5", f"the mortar chit lands on {state.hex_id(hex_index)}: no unit there")
    else:
        state.pin(unit, "5.5", f"mortar fire on {state.hex_id(hex_index)}")


# --- gas drift (5.5) ------------------------------------------------------------------


def gas_drift(state: DevilDogsState) -> None:
    """5.5, 9 GAS BARRAGE: each #1 gas marker flips to #2 and drifts by its owner's draw."""
    for owner, hex_index, stage in list(state.gas):
        if stage == 1:
            state.then(("drift_gas", owner, hex_index))


def drift_gas_step(state: DevilDogsState, owner: str, hex_index: int) -> None:
    """5.5: flip, draw for drift (HIT stays), then the gas strikes its new area again."""
    state.gas.remove((owner, hex_index, 1))
    deviation = state.draw_deviation(owner, "gas drift", "5.5")
    lands = deviate(state, hex_index, deviation)
    if lands is None:
        state.note("5.5", f"{owner} gas drifts off the map from {state.hex_id(hex_index)}")
        return
    state.gas.append((owner, lands, 2))
    state.note("5.5", f"{owner} gas #2 on {state.hex_id(lands)}")
    gas_cloud(state, lands)


def gas_cloud(state: DevilDogsState, token: int) -> None:
    """9 GAS BARRAGE: every unit under or next to the gas loses a step and must move the
    shortest way out of the area, not next to the enemy (pins removed)."""
    area = [token, *state.c.board.grid.neighbors(token)]
    struck = [state.at[h] for h in area if h in state.at]
    strike(state, struck, "9", "gas")
    for side in (GERMAN, US):  # pushed German first, so the US moves first
        units = [u for u in struck if state.unit(u).side == side and state.where[u] >= 0]
        start_retreats(state, side, units, "gas", token)


def strike(state: DevilDogsState, units: list[int], rule: str, why: str) -> None:
    """9 BARRAGE: one step to each unit; the track moves at most 5 spaces per barrage."""
    net = {side: 0 for side in SIDES}
    for unit in units:
        side = state.unit(unit).side
        if state.inflict(unit, rule, why, track=False):
            net[enemy(side)] += 1
        if state.is_terminal():
            return
    cap = int(state.c.tables["barrage"]["max_track_shift"])
    balance = net[US] - net[GERMAN]
    if balance:
        state.shift_track(US if balance > 0 else GERMAN, min(cap, abs(balance)), "9")


# --- barrages (9) ---------------------------------------------------------------------------


def barrage_step(state: DevilDogsState, side: str, sector: str, kind: str) -> None:
    """9: BARRAGE, SAUSAGE/RECON'D BARRAGE or GAS BARRAGE; with both gas markers on the map
    a gas strike is a regular barrage (component limitation)."""
    if kind == "gas" and len(state.gas) >= int(state.c.tables["gas"]["tokens"]):
        state.note("9", "both gas markers are on the map: the gas strike is a regular barrage")
        kind = "barrage"
    state.push("barrage", side=side, sector=sector, kind=kind)


class BarrageTarget(Prompt[DevilDogsState]):
    """9 BARRAGE 1: place the first artillery (or gas) token on any hex of the sector."""

    name = "barrage"
    title = "place the first artillery token in the sector (9 BARRAGE)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> tuple[Action, ...]:
        sector = frame["sector"]
        found = _TARGETS.get(sector)
        if found is None:  # made once per sector and process
            hexes = state.c.board.sector_hexes[sector]
            found = _TARGETS[sector] = tuple([act("target", state.hex_id(h)) for h in hexes])
        return found

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        aim = state.c.board.hex(action.args[0])
        kind = frame["kind"]
        state.note("9", f"{side} {kind} barrage aimed at {action.args[0]}")
        deviation = state.draw_deviation(side, "barrage deviation", "9")
        first = aim if kind == "sausage" else deviate(state, aim, deviation)
        if first is None:
            state.note("9", "the barrage deviates off the map")
            return
        if kind == "gas":
            state.gas.append((side, first, 1))
            state.tokens.append(("gas", first))
            state.note("9", f"gas #1 lands on {state.hex_id(first)}")
            gas_cloud(state, first)
        elif deviation is None:
            state.push("barrage_direction", side=side, first=first)
        else:
            second_token(state, first, state.c.compass[deviation])

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        return f"the first token goes on a hex of sector {frame['sector']} (9 BARRAGE)"


_TARGETS: dict[str, tuple[Action, ...]] = {}  # BarrageTarget's offer, by sector


class BarrageDirection(Prompt[DevilDogsState]):
    """9 BARRAGE 3: after a HIT the player chooses where the second token goes."""

    name = "barrage_direction"
    title = "choose the direction of the second artillery token (9 BARRAGE)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for direction in COMPASS:
            yield act("direction", direction)

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        second_token(state, frame["first"], action.args[0])


def second_token(state: DevilDogsState, first: int, direction: str) -> None:
    """9 BARRAGE 3-4: the second token two hexes on (it may fall in another sector); every
    unit under or next to either token loses one step."""
    grid = state.c.board.grid
    second: int | None = first
    distance = int(state.c.tables["barrage"]["second_token_distance"])
    for _ in range(distance):
        second = grid.neighbor(second, direction) if second is not None else None
    tokens = [first] if second is None else [first, second]
    area: set[int] = set()
    for token in tokens:
        state.tokens.append(("artillery", token))
        area.update((token, *grid.neighbors(token)))
    where = ", ".join(state.hex_id(t) for t in tokens)
    state.note("9", f"artillery tokens on {where}")
    strike(state, sorted(state.at[h] for h in area if h in state.at), "9", "barrage")

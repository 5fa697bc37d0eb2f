"""5.11 the reinforcement phase: withdrawals, reorganisation of this turn's dead, fresh USMC
replacements, and the scenario's reinforcing regiments."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.data import US
from greatwar.games.devildogs.keywords import reconstitute, reconstitute_hexes
from greatwar.games.devildogs.state import OFF, WITHDRAWN, DevilDogsState


def reinforcement_phase(state: DevilDogsState) -> None:
    """5.11, in order; the scenario attacker goes first where both sides act."""
    state.phase = "5.11"
    attacker, defender = state.sc.attacker, state.sc.defender
    state.then(
        ("withdrawals",),
        ("reorganise", attacker),
        ("reorganise", defender),
        ("set_aside",),
        ("replacements",),
        ("deploy", attacker),
        ("deploy", defender),
    )


def withdrawals_step(state: DevilDogsState) -> None:
    """1.2 unit removal tokens: a regiment leaves the battlefield before its turn of
    withdrawal (the removed units do not count as losses)."""
    for regiment, turn in state.sc.withdrawals:
        if turn > state.turn + 1:
            continue
        gone = [
            u.index for u in state.c.units if u.regiment == regiment and state.where[u.index] >= 0
        ]
        for unit in gone:
            state.take_off(unit, WITHDRAWN)
        if gone:
            state.note("5.11", f"{state.c.tables['regiments'][regiment]} is withdrawn")


# --- reorganisation (5.11) ---------------------------------------------------------------


def reorganisation_count(state: DevilDogsState, side: str) -> int:
    """5.11: Germans one unit per three dead this turn (rounded up), the US one per two
    (rounded down)."""
    table = state.c.tables["reorganisation"]
    dead = len(state.dead_pool[side])
    per = int(table[f"{side}_dead_per_unit"])
    if table[f"{side}_round"] == "up":
        return -(-dead // per)
    return dead // per


def reform_options(state: DevilDogsState, side: str) -> list[tuple[int, int]]:
    """5.11: (unit, hex): infantry of this turn's dead pool, next to its regiment's HQ."""
    return [
        (unit, h)
        for unit in state.dead_pool[side]
        if state.unit(unit).kind == "infantry"
        for h in reconstitute_hexes(state, unit)
    ]


def reorganise_step(state: DevilDogsState, side: str) -> None:
    count = reorganisation_count(state, side)
    if count and reform_options(state, side):
        state.note("5.11", f"{side} may reconstitute {count} of {len(state.dead_pool[side])} dead")
        state.push("reorganise", side=side, left=count)


class Reorganise(Prompt[DevilDogsState]):
    """5.11: place reconstituted infantry, reduced, next to their HQ."""

    name = "reorganise"
    title = "place a reconstituted unit next to its HQ (5.11)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for unit, h in reform_options(state, side):
            yield act("reform", state.unit(unit).id, state.hex_id(h))

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_index(action.args[0])
        reconstitute(state, unit, state.c.board.hex(action.args[1]), "5.11")
        frame["left"] -= 1
        if frame["left"] == 0 or not reform_options(state, side):
            state.pop()


def set_aside_step(state: DevilDogsState) -> None:
    """5.11: the rest of the dead pool is set aside for scoring."""
    for side in state.dead_pool:
        state.dead_pool[side] = []


# --- fresh USMC troops (5.11) -------------------------------------------------------------


def replaceable(state: DevilDogsState) -> list[int]:
    """5.11: damaged or pinned USMC units not adjacent to the enemy, one per regiment per turn."""
    lost, pinned, where = state.lost, state.pinned, state.where
    hurt = []
    for u in state.c.side_units[US]:  # a loop: its index is a machine integer (.pxd)
        if where[u] >= 0 and (lost[u] or u in pinned):
            hurt.append(u)
    if not hurt:
        return hurt  # (the rarest test first: most turns no unit qualifies)
    nation = state.c.tables["replacements"]["nation"]
    units, replaced = state.c.units, state.replaced
    zone = state.enemy_zone(US)  # 6.1: the hexes adjacent to a German unit
    return [
        u
        for u in hurt
        if units[u].nation == nation and units[u].regiment not in replaced and where[u] not in zone
    ]


def replacements_step(state: DevilDogsState) -> None:
    if state.replacements > 0 and replaceable(state):
        state.push("replace", side=US)


class Replace(Prompt[DevilDogsState]):
    """5.11: spend a replacement point: all tokens off, back to full strength."""

    name = "replace"
    title = "spend USMC replacement points, one per regiment (5.11)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        units = state.c.units
        return [act("replace", units[unit].id) for unit in replaceable(state)] + [act("done")]

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_or_done(action)
        if unit is None:
            return
        state.restore(unit)
        state.replacements -= 1
        state.replaced.append(state.unit(unit).regiment)
        state.note(
            "5.11", f"{state.label(unit)} gets fresh troops ({state.replacements} points left)"
        )
        if state.replacements == 0 or not replaceable(state):
            state.pop()

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        return (
            "a replacement goes to a damaged or pinned USMC unit not adjacent to the enemy, "
            "one per regiment per turn (5.11)"
        )


# --- scenario reinforcements (5.11) ---------------------------------------------------------


def due_groups(state: DevilDogsState, side: str) -> list[int]:
    """Regiments whose turn on the turn track is next turn (or already past)."""
    return [g for g in state.pending_groups(side) if state.arrivals[g] <= state.turn + 1]


def deploy_hexes(state: DevilDogsState, group: int) -> list[int]:
    """5.11: empty hexes within 5 of the entry hex, never within 3 of an enemy unit."""
    table = state.c.tables["reinforcements"]
    g = state.sc.reinforcements[group]
    grid = state.c.board.grid
    return [
        h
        for h in grid.hexes_within(g.entry, int(table["entry_radius"]))
        if h not in state.at
        and state.is_playable(h)
        and not state.enemy_units_near(g.side, h, int(table["enemy_distance"]))
    ]


def deploy_step(state: DevilDogsState, side: str) -> None:
    """5.11: deploy every regiment due; one that cannot enter waits a turn."""
    if state.turn >= state.sc.turns:
        return
    arriving = []
    for g in due_groups(state, side):
        if deploy_hexes(state, g):
            arriving.append(("deploy_group", g))
        else:
            state.arrivals[g] = state.turn + 2
            regiment = state.sc.reinforcements[g].regiment
            state.note("5.11", f"{regiment} finds no room to enter and waits a turn")
    state.then(*arriving)


def deploy_group_step(state: DevilDogsState, group: int) -> None:
    g = state.sc.reinforcements[group]
    state.note("5.11", f"{state.c.tables['regiments'][g.regiment]} arrives")
    state.push("deploy", side=g.side, group=group)


class Deploy(Prompt[DevilDogsState]):
    """5.11: place each unit of the arriving regiment near its entry hex."""

    name = "deploy"
    title = "place the arriving units within 5 hexes of the entry (5.11)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        hexes = deploy_hexes(state, frame["group"])
        for unit in waiting_units(state, frame["group"]):
            for h in hexes:
                yield act("place", state.unit(unit).id, state.hex_id(h))

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_index(action.args[0])
        state.put(unit, state.c.board.hex(action.args[1]))
        state.note("5.11", f"{state.label(unit)} enters")
        if not waiting_units(state, frame["group"]) or not deploy_hexes(state, frame["group"]):
            state.pop()


def waiting_units(state: DevilDogsState, group: int) -> list[int]:
    return [u for u in state.sc.reinforcements[group].units if state.where[u] == OFF]

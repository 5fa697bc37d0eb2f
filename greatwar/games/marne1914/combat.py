"""9. Combat: bombardment (9.1), then for each attacked hex in turn the attacker's declaration
(9.2), defense fire (9.3), the regular attack (9.4) and counter attacks (9.5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import (
    ALLIED,
    CITY,
    DEFENSIVE,
    FOREST,
    GERMAN,
    MODES,
    OFFENSIVE,
    OTHER,
    REGROUP,
    TOWN,
    TRANSFER,
)
from greatwar.games.marne1914.movement import in_supply
from greatwar.games.marne1914.state import HELD, SIDE_CODE, MarneState, Task, move_flags

GARRISON = "garrison"  # the Paris garrison as a firer in action strings (13.1.1)
# 9.4.6 ties go to the least advantageous mode: the lines from most vulnerable (D.2).
VULNERABILITY = ("transfer", "offensive", "regroup", "defensive")


def die(state: MarneState) -> int:
    return state.rng.die(int(state.c.tables["turns"]["die"]))


def distance(state: MarneState, a: int, b: int) -> int:
    return state.c.board.grid.distance(a, b)


# --- tables -----------------------------------------------------------------------------


def crt_column(state: MarneState, line: str, total: int) -> int:
    """D.2: the column (1-10) of a total on a target-mode line; 0 when the total is nil."""
    lows: list[int] = state.c.tables["crt"]["lines"][line]
    return sum(1 for low in lows if total >= low)


def crt_result(state: MarneState, column: int, roll: int) -> str:
    """D.2 cell; 9.7.2.2 a modified roll below 1 is 1, above 10 Engaged."""
    table = state.c.tables["crt"]
    ladder: list[str] = table["ladder"]
    if roll > 10:
        return "EN"
    roll = max(1, roll)
    return ladder[max(0, min(len(ladder) - 1, roll - column + int(table["offset"])))]


def bombard_column(state: MarneState, total: int) -> int:
    lows: list[int] = state.c.tables["bombardment"]["columns"]
    return sum(1 for low in lows if total >= low)


def bombard_result(state: MarneState, column: int, roll: int) -> str:
    """D.3 cell; 9.7.2.1 below 1 is 1, above 10 no effect."""
    table = state.c.tables["bombardment"]
    ladder: list[str] = table["ladder"]
    if roll > 10 or column == 0:
        return "-"
    roll = max(1, roll)
    return ladder[max(0, min(len(ladder) - 1, roll - column + int(table["offset"])))]


# --- die roll modifiers (9.7) -----------------------------------------------------------


def terrain_drm(state: MarneState, target: int) -> tuple[int, str]:
    """9.7.2 A-C: forest +1, town +1, city +2 (never for Defense Fire or Counter Attacks)."""
    drm = state.c.tables["drm"]
    terrain = state.c.board.terrain[target]
    if terrain in (FOREST, TOWN, CITY):
        return int(drm[terrain]), f"{terrain} +{drm[terrain]}"
    return 0, ""


def massed_drm(state: MarneState, target: int) -> tuple[int, str]:
    """9.7.2 D: a target hex of 11 or more stacking points."""
    if state.sp_in(target) >= int(state.c.tables["stacking"]["massed_target"]):
        value = int(state.c.tables["drm"]["massed"])
        return value, f"massed target +{value}"
    return 0, ""


def coordination_drm(state: MarneState, units: list[int]) -> tuple[int, str]:
    """9.7.2 G, H: units of two corps +1, of two armies +3 (not both)."""
    drm = state.c.tables["drm"]
    corps = {state.counter(u).corps for u in units}
    armies = {state.c.corps[c].army for c in corps}
    if len(armies) > 1:
        return int(drm["army"]), f"army coordination +{drm['army']}"
    if len(corps) > 1:
        return int(drm["corps"]), f"corps coordination +{drm['corps']}"
    return 0, ""


def crossing_drm(state: MarneState, attacker_hex: int, target: int) -> tuple[int, str]:
    """9.7.2 E, F (9.3.7): Defense Fire at attackers across a bridge -2, a river -3."""
    board = state.c.board
    drm = state.c.tables["drm"]
    if attacker_hex not in board.grid.neighbors(target):
        return 0, ""
    if board.is_bridge(attacker_hex, target):
        return int(drm["bridge"]), f"across a bridge {drm['bridge']}"
    if board.is_river(attacker_hex, target):
        return int(drm["river"]), f"across a river {drm['river']}"
    return 0, ""


def total_drm(parts: list[tuple[int, str]]) -> tuple[int, list[str]]:
    """9.7.1: the modifiers are cumulative (G and H never both: ``coordination_drm``)."""
    return sum(v for v, _ in parts), [t for _, t in parts if t]


# --- 9.1 bombardment ------------------------------------------------------------------------


def bombard_left(state: MarneState, unit: int) -> int:
    """9.1.4: the factor not yet spent this phase."""
    return state.bombard_factor(unit) - state.bombarded.get(unit, 0)


def may_bombard(state: MarneState, unit: int) -> bool:
    """9.1.3 not in an enemy ZOC, in supply; 9.1.6 not in Transfer mode, not rallied this
    turn; 5.1 Offensive, Defensive and Regroup artillery bombard; 8.1.4 not over-stacked;
    7.2.3 not after railroad movement; 9.6.2 not while Engaged."""
    counter = state.c.counters[unit]
    # (``unit_mode``, ``in_supply`` and ``bombard_left`` written out: asked of every artillery
    # unit at every bombardment offer)
    if not counter.is_artillery or state.mode[state.hq_of[unit]] == TRANSFER:
        return False
    if unit in state.rallied or unit in state.railed or unit in state.oos:
        return False
    here = state.where[unit]
    if state.zone_count[OTHER[state.c.side_of[unit]]][here]:  # ``in_enemy_zoc``
        return False
    if state.is_overstacked(here):
        return False
    for pair in state.engaged:  # ``is_engaged`` (artillery is no HQ)
        if here in pair:
            return False
    bombard = counter.bombard
    factor = bombard[1] if state.steps[unit] < state.c.steps_of[unit] else bombard[0]
    factor = max(0, factor - (2 if unit in state.disrupted else 0))  # ``bombard_factor``
    return factor - state.bombarded.get(unit, 0) > 0


def gunners(state: MarneState, side: str, target: int) -> list[int]:
    """9.1.2: artillery within two hexes of the target that may bombard."""
    # (``distance`` at most two: a set, asked of every artillery unit of the side)
    near, where = set(state.c.within(target, 2)), state.where
    return [u for u in artillery_on_map(state, side) if where[u] in near and may_bombard(state, u)]


def artillery_on_map(state: MarneState, side: str) -> list[int]:
    """The side's artillery units on the map, in order (the only units that bombard, 9.1):
    kept until the side's stacks change."""
    return list(state.cached(("artillery", side), state.versions[side], _artillery_on_map))


def _artillery_on_map(state: MarneState, side: str) -> tuple[int, ...]:
    counters = state.c.counters
    return tuple([u for u in state.held_units(side) if counters[u].is_artillery])


def bombard_targets(state: MarneState, side: str) -> list[int]:
    """9.1.1: enemy-occupied hexes two hexes from an artillery unit that may bombard."""
    # (the enemy's hexes read off ``holder``, HQs off the components' ``is_hq_of``: by index)
    code, holder = SIDE_CODE[OTHER[side]], state.holder
    stacks, is_hq, where = state.stacks, state.c.is_hq_of, state.where
    targets = set()
    for unit in artillery_on_map(state, side):
        if may_bombard(state, unit):
            for h in state.c.ring(where[unit], 2):
                if holder[h] != code or h in targets:
                    continue
                for u in stacks[h]:  # ``combat_units_in``: any combat unit
                    if not is_hq[u]:
                        targets.add(h)
                        break
    return sorted(targets)


def start_bombardment(state: MarneState) -> None:
    """4.C.2: the phasing player bombards, one target at a time (9.1.7)."""
    state.push("bombardment", side=state.active)


class Bombardment(Prompt[MarneState]):
    """9.1: pick a target hex to bombard, or end the phase."""

    name = "bombardment"
    title = "bombard a hex two hexes away, or end bombardment (9.1)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        bombard = state.c.hex_actions("bombard")  # (by hex: not made at every offer)
        for target in bombard_targets(state, side):
            yield bombard[target]
        yield act("end")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "end":
            state.pop()
        else:
            target = state.c.board.grid.index(action.args[0])
            state.push("bombard_with", side=side, target=target, shares={})

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "bombard":
            return (
                "a bombardment target is an enemy hex two hexes from artillery in supply, not "
                "in an enemy ZOC, not in Transfer mode and with factors left (9.1.1-9.1.6)"
            )
        return None


class BombardWith(Prompt[MarneState]):
    """9.1.4, 9.1.5: allot bombardment factors (a unit may split its factor), then fire."""

    name = "bombard_with"
    title = "allot artillery factors to the target, then fire (9.1.4, 9.1.5)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        shares: dict[str, int] = frame["shares"]
        if shares:
            yield act("fire")
        for unit in gunners(state, side, frame["target"]):
            left = bombard_left(state, unit) - shares.get(str(unit), 0)
            for n in range(left, 0, -1):
                yield act("add", state.counter(unit).id, n)
        yield act("cancel")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "add":
            unit = str(state.unit(action.args[0]))
            frame["shares"] = {
                **frame["shares"],
                unit: frame["shares"].get(unit, 0) + int(action.args[1]),
            }
        elif action.verb == "cancel":
            state.pop()
        else:
            state.pop()
            fire_bombardment(
                state, side, frame["target"], {int(u): n for u, n in frame["shares"].items()}
            )


def bombard_box(state: MarneState, target: int, shares: dict[int, int]) -> dict[str, Any]:
    """9.1.5, 9.7: the bombardment's total, column and modifiers, as rolled and as shown
    before the roll (the massed-target modifier apart: 8.1.5 hides the stack's points)."""
    total = sum(shares.values())
    massed = massed_drm(state, target)
    drm, why = total_drm(
        [terrain_drm(state, target), massed, coordination_drm(state, list(shares))]
    )
    return {
        "units": list(shares),
        "total": total,
        "column": bombard_column(state, total),
        "drm": drm,
        "modifiers": why,
        "massed": massed,
    }


def fire_bombardment(state: MarneState, side: str, target: int, shares: dict[int, int]) -> None:
    """9.1.5: total the factors, roll with the modifiers, apply the result (9.6)."""
    for unit, n in shares.items():
        state.bombarded[unit] = state.bombarded.get(unit, 0) + n
    box = bombard_box(state, target, shares)
    total, column, drm, why = box["total"], box["column"], box["drm"], box["modifiers"]
    roll = die(state)
    result = bombard_result(state, column, roll + drm)
    mods = f" {', '.join(why)}" if why else ""
    state.note(
        "9.1.5",
        f"{side} bombards {state.hex_id(target)} with {total} factors (column "
        f"B{column}): rolls {roll}{mods} = {roll + drm}: {result}",
        dice=[roll],
    )
    units = state.combat_units_in(target)
    state.then(("result", result, units, target, [], "bombardment"))


# --- 9.2 declaration ------------------------------------------------------------------------


def engaged_with(state: MarneState, hex_index: int) -> list[int]:
    """9.6.2: the hexes engaged with ``hex_index``, in order."""
    if not state.engaged:
        return []  # (no engagement: asked of every unit that may attack)
    return sorted(h for pair in state.engaged if hex_index in pair for h in pair if h != hex_index)


def may_attack(state: MarneState, unit: int, target: int) -> bool:
    """9.4.1 Offensive mode, or Defensive with a Reserve marker or locked by Engaged (5.1.2);
    in supply (9.4.9); adjacent (9.4.2); 8.1.4 not over-stacked; 7.2.3 not after rail."""
    here = state.where[unit]
    if state.c.is_hq_of[unit] or unit in state.attacked or unit in state.railed:
        return False
    if unit in state.recent:
        return False
    if here < 0 or target not in state.c.neighbors[here]:
        return False
    if unit in state.oos or state.is_overstacked(here):  # ``in_supply``
        return False
    locked = engaged_with(state, here) if state.engaged else []
    if locked and target not in locked:
        return False  # 9.6.2: engaged units attack only the units they are engaged with
    mode = state.mode[state.hq_of[unit]]  # ``unit_mode``
    if mode == OFFENSIVE:
        return True
    return mode == DEFENSIVE and (unit in state.reserve or target in locked)


def attack_targets(state: MarneState, side: str) -> list[int]:
    """9.4.2: enemy hexes (or garrisoned Paris hexes, 13.1) next to a unit that may attack;
    9.2.2 not a hex barred by an earlier declaration, nor one only units cut off by it could
    attack. Kept while what it reads stays as it was: both sides' stacks (their versions),
    the phase, the units attacked, targets, barred hexes, retreated units, railed units,
    units out of supply, Reserve markers, engagements and garrison (their copies), and the
    modes and attachments (their counts, kept by ``set_mode`` and ``attach``). The
    declaration prompt asks it again after each unit it adds, with nothing of these changed;
    a test checks the answer against a fresh one after every action of random games."""
    versions = state.versions
    kept = state.memo.get(("attack", side))
    if kept is not None:
        stamp: tuple[Any, ...] = kept[0]  # type: ignore[assignment]
        if (
            stamp[0] == versions[ALLIED]
            and stamp[1] == versions[GERMAN]
            and stamp[2] == state.phase
            and stamp[3] == state.attacked
            and stamp[4] == state.targets
            and stamp[5] == state.barred
            and stamp[6] == state.recent
            and stamp[7] == state.railed
            and stamp[8] == state.oos
            and stamp[9] == state.reserve
            and stamp[10] == state.engaged
            and stamp[11] == state.garrison
            and stamp[12] == state.modes_set
            and stamp[13] == state.attachments
        ):
            return list(kept[1])
    found = _attack_targets(state, side)
    stamp = (
        versions[ALLIED],
        versions[GERMAN],
        state.phase,
        set(state.attacked),
        set(state.targets),
        dict(state.barred),
        set(state.recent),
        set(state.railed),
        set(state.oos),
        set(state.reserve),
        set(state.engaged),
        set(state.garrison),
        state.modes_set,
        state.attachments,
    )
    state.memo["attack", side] = (stamp, tuple(found))
    return found


def _attack_targets(state: MarneState, side: str) -> list[int]:
    """``attack_targets`` read afresh."""
    # (the enemy's hexes read off ``holder``, HQs off the components' ``is_hq_of``: by index)
    code, holder, where, stacks = SIDE_CODE[OTHER[side]], state.holder, state.where, state.stacks
    neighbors, is_hq = state.c.neighbors, state.c.is_hq_of
    mode, hq_of, reserve, barred = state.mode, state.hq_of, state.reserve, state.barred
    garrison = state.garrison if side == GERMAN else frozenset()
    unlocked = not state.engaged
    # enemy-held hexes, and for the Germans the garrisoned Paris hexes (``enemy_held``): the
    # only hexes that may be targets, found by index
    flags, held = move_flags(state, side), HELD
    targets: set[int] = set()
    for unit in state.held_units(side):
        if is_hq[unit]:
            continue
        now = mode[hq_of[unit]]
        if unlocked and now != OFFENSIVE and not (now == DEFENSIVE and unit in reserve):
            continue  # ``may_attack`` 9.4.1: no mode to attack in (no engagement, 9.6.2)
        for h in neighbors[where[unit]]:
            if not flags[h] & held or h in targets or h in barred:
                continue
            if holder[h] == code:
                enemy_units = False
                for u in stacks[h]:
                    if not is_hq[u]:
                        enemy_units = True
                        break
            else:
                enemy_units = False
            paris = h in garrison and h not in stacks  # 13.1.1 ``is_garrisoned``
            if (enemy_units or paris) and may_join(state, unit, h):
                targets.add(h)
    return sorted(targets)


def forced_attacks(state: MarneState, side: str) -> list[int]:
    """9.6.2: engaged units able to attack must attack the units they are engaged with."""
    forced = set()
    for pair in state.engaged:
        for here in pair:
            for unit in state.combat_units_in(here):
                if state.counter(unit).side != side:
                    continue
                for there in pair - {here}:
                    if may_attack(state, unit, there):
                        forced.add(there)
    return sorted(forced)


# --- 9.2.2 attacks declared at the same time ----------------------------------------------


def may_give_support(state: MarneState, unit: int) -> bool:
    """9.3.2: a unit able to give supporting Defense Fire wherever its hex is next to an
    attacking hex: a combat unit with half its Defense factor at least 1 (artillery: its
    factor, 9.3.3), not just retreated in (9.8.3), in a hex neither over-stacked (8.1.4) nor
    a target this phase."""
    counter = state.counter(unit)
    here = state.where[unit]
    if counter.is_hq or unit in state.recent or here in state.targets:
        return False
    if state.is_overstacked(here):
        return False
    return state.defense(unit) > 0 if counter.is_artillery else state.defense(unit) // 2 > 0


def supporting_hexes(state: MarneState, side: str, hexes: list[int]) -> set[int]:
    """9.2.2, 9.3.2: the enemy hexes next to attacking ``hexes`` from which supporting
    Defense Fire could be issued at the attackers of ``side``."""
    grid = state.c.board.grid
    near = {n for h in hexes for n in grid.neighbors(h)} - set(hexes)
    return {
        n
        for n in near
        if state.side_in(n) == OTHER[side]
        and any(may_give_support(state, u) for u in state.units_in(n))
    }


def cut_by(state: MarneState, unit: int, target: int) -> int | None:
    """9.2.2: a hex attacked earlier this phase, next to ``unit``, whose units could have
    given supporting fire at it had they not been attacked first: the two attacks had to be
    declared at the same time, so the unit may not attack ``target`` now (None: it may)."""
    targets = state.targets
    if not targets:
        return None  # (no attack declared yet this phase)
    here = state.where[unit]
    side = state.counter(unit).side
    for h in state.c.neighbors[here]:
        if h != target and h in targets and state.side_in(h) == OTHER[side]:
            return h
    return None


def may_join(state: MarneState, unit: int, target: int) -> bool:
    """``may_attack`` (9.4.1), and not cut off from it by an earlier declaration (9.2.2)."""
    return may_attack(state, unit, target) and cut_by(state, unit, target) is None


def start_combat(state: MarneState) -> None:
    """4.C.3: the phasing player's Combat Phase."""
    state.attacked.clear()
    state.targets.clear()
    state.barred.clear()
    state.recent.clear()
    state.push("combat", side=state.active)


def locked_units(state: MarneState, side: str, target: int, taken: list[int]) -> list[int]:
    """9.6.2: units engaged with ``target`` join its attack at once."""
    partners = engaged_with(state, target)  # (engagement is mutual)
    if not partners:
        return []  # (no engagement)
    where = state.where
    return [
        u
        for u in state.held_units(side)
        if u not in taken and where[u] in partners and may_attack(state, u, target)
    ]


class CombatPhase(Prompt[MarneState]):
    """9: choose the next hex to attack (engaged units first, 9.6.2), or end the phase."""

    name = "combat"
    title = "attack an adjacent enemy hex, or end combat (9.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        forced = forced_attacks(state, side)
        attack = state.c.hex_actions("attack")  # (by hex: not made at every offer)
        for target in forced or attack_targets(state, side):
            yield attack[target]
        if not forced:
            yield act("end")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "end":
            state.pop()
            return
        target = state.c.board.grid.index(action.args[0])
        locked = locked_units(state, side, target, [])
        state.push("declare", side=side, target=target, units=locked, locked=bool(locked), group=[])

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "end" and forced_attacks(state, side):
            return "engaged units must attack the units they are engaged with first (9.6.2)"
        if action.verb == "attack":
            return explain_target(state, action, side)
        return None


def explain_target(state: MarneState, action: Action, side: str) -> str:
    """Why a hex may not be attacked now, with the rule."""
    target = (
        state.c.board.grid.index(action.args[0]) if action.args[0] in state.c.board.grid else -1
    )
    if target in state.barred:
        return (
            f"the units in {action.args[0]} could give supporting fire at the attack on "
            f"{state.hex_id(state.barred[target])}: an attack on {action.args[0]} had to be "
            "declared at the same time (9.2.2)"
        )
    cut = [
        (u, h)
        for u in state.units_on_map(side)
        if target >= 0
        and may_attack(state, u, target)
        and (h := cut_by(state, u, target)) is not None
    ]
    if cut:
        return (
            f"the units that could attack {action.args[0]} stand next to "
            f"{state.hex_id(cut[0][1])}, attacked earlier: its units could have given them "
            "supporting fire, so both attacks had to be declared at the same time (9.2.2)"
        )
    return (
        "the target must be an enemy hex next to a unit that may attack: Offensive "
        "mode, or Defensive with a Reserve marker or Engaged, in supply (9.4.1, 5.1.2)"
    )


class Declare(Prompt[MarneState]):
    """9.2.1: identify every unit attacking the hex; they are then committed (9.4.3). 9.2.2:
    further attacks may be declared at the same time (``also``), as they must be when one
    could change a unit's eligibility to give supporting fire in another."""

    name = "declare"
    title = "add the units attacking this hex, declare, or declare another attack with it (9.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        taken = group_units(frame)
        if frame["units"]:
            yield act("declare")
        add = state.c.unit_actions("add")
        for unit in units_next_to(state, side, frame["target"]):
            if unit not in taken and may_join(state, unit, frame["target"]):
                yield add[unit]
        if frame["units"]:
            chosen = {t for t, _ in frame["group"]} | {frame["target"]}
            for h in attack_targets(state, side):
                if h not in chosen and any(
                    u not in taken and may_join(state, u, h) for u in units_next_to(state, side, h)
                ):
                    yield state.c.hex_actions("also_attack")[h]
        if not frame["locked"]:
            yield act("cancel")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "add":
            frame["units"] = [*frame["units"], state.unit(action.args[0])]
        elif action.verb == "also_attack":
            target = state.c.board.grid.index(action.args[0])
            frame["group"] = [*frame["group"], [frame["target"], list(frame["units"])]]
            locked = locked_units(state, side, target, group_units(frame))
            frame["target"], frame["units"] = target, locked
            frame["locked"] = frame["locked"] or bool(locked)
        elif action.verb == "cancel":
            state.pop()
        else:
            state.pop()
            attacks = [*frame["group"], [frame["target"], list(frame["units"])]]
            declare(state, side, [(t, list(us)) for t, us in attacks])

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if len(action.args) != 1:
            return None
        if action.verb == "also_attack":
            return explain_target(state, action, side)
        if action.verb != "add" or action.args[0] not in state.c.by_id:
            return None
        unit = state.unit(action.args[0])
        if unit in group_units(frame):
            return f"{action.args[0]} already attacks in this declaration (9.2.1)"
        cut = cut_by(state, unit, frame["target"]) if state.where[unit] >= 0 else None
        if cut is not None and may_attack(state, unit, frame["target"]):
            return (
                f"{action.args[0]} stands next to {state.hex_id(cut)}, attacked earlier: its "
                "units could have given supporting fire at it, so the attacks had to be "
                "declared at the same time (9.2.2)"
            )
        return (
            f"{action.args[0]} may not attack {state.hex_id(frame['target'])}: it must be next "
            "to it, in Offensive mode (or Defensive with a Reserve marker or Engaged), in "
            "supply, not over-stacked and not yet attacking this phase (9.4.1, 9.4.2)"
        )


def units_next_to(state: MarneState, side: str, target: int) -> list[int]:
    """The side's units in the hexes around ``target`` (the only ones that may attack it,
    9.4.2), in counter order."""
    stacks, side_at = state.stacks, state.side_at
    return sorted(
        u for h in state.c.board.grid.neighbors(target) if side_at[h] == side for u in stacks[h]
    )


def group_units(frame: Frame) -> list[int]:
    """The units of every attack of a declaration (9.2.2), the one being built included."""
    return [u for _, units in frame["group"] for u in units] + list(frame["units"])


def declare(state: MarneState, side: str, attacks: list[tuple[int, list[int]]]) -> None:
    """9.2.1: the attacks are declared, all at the same time (9.2.2); 8.1.5 the defender may
    now confirm the attack totals. Then each is resolved in turn (9.3-9.5)."""
    for target, units in attacks:
        state.targets.add(target)
        state.attacked.update(units)
    hexes = sorted({state.where[u] for _, units in attacks for u in units})
    for h in sorted(supporting_hexes(state, side, hexes)):  # 9.2.2, 9.3.2
        state.barred.setdefault(h, attacks[0][0])
    for target, units in attacks:
        from_text = ", ".join(sorted({state.hex_id(state.where[u]) for u in units}))
        total = sum(state.attack(u) for u in units)
        state.tell(
            side,
            "9.2.1",
            f"{side} declares an attack on {state.hex_id(target)} from "
            f"{from_text}: {', '.join(state.name(u) for u in units)} ({total} factors)",
            public=f"{side} declares an attack on {state.hex_id(target)} from {from_text} "
            f"with {total} attack factors (8.1.5)",
        )
    if len(attacks) > 1:
        state.note(
            "9.2.2",
            f"{side} declares {len(attacks)} attacks at the same time, on "
            f"{', '.join(state.hex_id(t) for t, _ in attacks)}",
        )
    state.reveal()
    tasks: list[Task] = []
    for target, units in attacks:
        was_disrupted = sorted(u for u in units if u in state.disrupted)
        tasks += [("open", side, target, list(units), was_disrupted), ("defense_fire",)]
        tasks += [("attack",), ("counter",), ("end_attack",)]
    state.then(*tasks)


def open_task(state: MarneState, task: Task) -> bool:
    """The next declared attack is resolved: its attacking hexes as its units stand now."""
    _, side, target, units, was_disrupted = task
    units = [u for u in units if state.where[u] >= 0]
    state.combat = {
        "attacker": side,
        "target": target,
        "units": units,
        "hexes": sorted({state.where[u] for u in units}),
        "was_disrupted": list(was_disrupted),
        "fire": [],  # [firer (unit id or GARRISON), attacking hex, factors] (9.3.4)
        "result": "",
        "counter_hex": -1,
    }
    return True


# --- 9.3 defense fire -------------------------------------------------------------------------


def firers(state: MarneState) -> dict[str, tuple[int, list[int]]]:
    """9.3.1-9.3.3: who may fire at which attacking hexes, with how many factors: the target
    hex's units in full, units next to an attacking hex at half (rounded down) unless they
    are or were targets, artillery within two hexes of an attacking hex in full. Kept while
    what it reads stays as it was: the attack's target, hexes and side, both sides' stacks
    (their versions), the phase, the units retreated, targets, disrupted units, steps and
    garrison (their copies), and the modes and attachments (their counts, kept by
    ``set_mode`` and ``attach``). The Defense Fire prompt asks it at each offer and each
    allotment; a test checks the answer against a fresh one after every action of random
    games."""
    combat = state.combat
    assert combat is not None
    versions = state.versions
    kept = state.memo.get(("firers", ""))
    if kept is not None:
        stamp: tuple[Any, ...] = kept[0]  # type: ignore[assignment]
        if (
            stamp[0] == versions[ALLIED]
            and stamp[1] == versions[GERMAN]
            and stamp[2] == state.phase
            and stamp[3] == combat["target"]
            and stamp[4] == combat["hexes"]
            and stamp[5] == combat["attacker"]
            and stamp[6] == state.recent
            and stamp[7] == state.targets
            and stamp[8] == state.disrupted
            and stamp[9] == state.steps
            and stamp[10] == state.garrison
            and stamp[11] == state.modes_set
            and stamp[12] == state.attachments
        ):
            return dict(kept[1])
    found = _firers(state, combat)
    stamp = (
        versions[ALLIED],
        versions[GERMAN],
        state.phase,
        combat["target"],
        list(combat["hexes"]),
        combat["attacker"],
        set(state.recent),
        set(state.targets),
        set(state.disrupted),
        list(state.steps),
        set(state.garrison),
        state.modes_set,
        state.attachments,
    )
    state.memo["firers", ""] = (stamp, dict(found))
    return found


def _firers(state: MarneState, combat: dict[str, Any]) -> dict[str, tuple[int, list[int]]]:
    """``firers`` read afresh."""
    target, hexes = combat["target"], combat["hexes"]
    side = OTHER[combat["attacker"]]
    out: dict[str, tuple[int, list[int]]] = {}
    if state.is_garrisoned(target) and side == "allied":
        out[GARRISON] = (int(state.c.tables["paris"]["defense"]), list(hexes))  # 13.1.1
    c, where, steps, recent, disrupted = (
        state.c,
        state.where,
        state.steps,
        state.recent,
        state.disrupted,
    )
    for unit in units_near(state, side, [target, *hexes]):
        counter = c.counters[unit]
        here = where[unit]
        if counter.is_hq or unit in recent:
            continue
        # ``defense`` written out (asked of every unit near every attack)
        printed = counter.full
        if steps[unit] < counter.steps and counter.reduced is not None:
            printed = counter.reduced
        defense = max(0, printed[1] - (2 if unit in disrupted else 0))
        if defense <= 0:
            continue
        if here == target:
            out[counter.id] = (defense, list(hexes))
            continue
        if counter.is_artillery:
            near = c.within(here, 2)
            reach = [h for h in hexes if h in near]  # 9.3.3 within two hexes
        else:
            near = c.neighbors[here]
            reach = [h for h in hexes if h in near]  # 9.3.2 adjacent
        if not reach or here in state.targets or state.is_overstacked(here):
            continue
        if counter.is_artillery:
            out[counter.id] = (defense, reach)  # 9.3.3
        elif defense // 2 > 0:
            out[counter.id] = (defense // 2, reach)  # 9.3.2
    return out


def units_near(state: MarneState, side: str, hexes: list[int]) -> list[int]:
    """The side's units within two hexes of any of ``hexes`` (the farthest Defense Fire
    reaches, 9.3.3), in counter order."""
    c, stacks, side_at = state.c, state.stacks, state.side_at
    near = {n for h in hexes for n in c.within(h, 2) if side_at[n] == side}
    return sorted(u for h in near for u in stacks[h])


class DefenseFire(Prompt[MarneState]):
    """9.3.4, 9.3.5: allot each firing unit's factors to an attacking hex, then resolve."""

    name = "defense_fire"
    title = "allot Defense Fire to the attacking hexes, then resolve (9.3)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        assert state.combat is not None
        yield act("resolve")
        for firer, (power, reach) in firers(state).items():
            left = power - allotted(state, firer)
            if left <= 0:
                continue
            for h in reach:
                yield act("fire", firer, state.hex_id(h))  # all the factors left
                for n in range(left - 1, 0, -1):
                    yield act("fire", firer, state.hex_id(h), n)  # 9.3.4 a part of them

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        assert state.combat is not None
        if action.verb == "fire":
            firer = action.args[0]
            left = firers(state)[firer][0] - allotted(state, firer)
            n = int(action.args[2]) if len(action.args) == 3 else left
            at = state.c.board.grid.index(action.args[1])
            state.combat["fire"] = [*state.combat["fire"], [firer, at, n]]
            return
        state.pop()
        resolve_defense_fire(state)


def allotted(state: MarneState, firer: str) -> int:
    """9.3.4: the Defense factors of a firer already allotted to attacking hexes."""
    assert state.combat is not None
    return sum(n for who, _, n in state.combat["fire"] if who == firer)


def defense_fire_box(state: MarneState, h: int) -> dict[str, Any]:
    """9.3.5, 9.3.7: the Defense Fire allotted at attacking hex ``h``: firers, total, column
    of the Offensive line and modifiers (no beneficial terrain)."""
    combat = state.combat
    assert combat is not None
    power = firers(state)
    shots = sorted({f for f, at, _ in combat["fire"] if at == h and f in power})
    total = sum(n for f, at, n in combat["fire"] if at == h and f in power)
    units = [state.unit(f) for f in shots if f != GARRISON]
    drm, why = total_drm(
        [
            crossing_drm(state, h, combat["target"]),  # 9.3.7
            massed_drm(state, h),
            coordination_drm(state, units),
        ]
    )
    return {
        "firers": shots,
        "total": total,
        "line": OFFENSIVE,
        "column": crt_column(state, OFFENSIVE, total),
        "drm": drm,
        "modifiers": why,
    }


def resolve_defense_fire(state: MarneState) -> None:
    """9.3.5: one roll on the Offensive line per attacking hex fired at (9.3.6 EN no effect)."""
    combat = state.combat
    assert combat is not None
    tasks: list[Task] = []
    for h in combat["hexes"]:
        box = defense_fire_box(state, h)
        total, column, drm, why = box["total"], box["column"], box["drm"], box["modifiers"]
        if total <= 0:
            continue
        roll = die(state)
        result = crt_result(state, column, roll + drm)
        if result == "EN":
            result = "-"  # 9.3.6
        mods = f" {', '.join(why)}" if why else ""
        state.note(
            "9.3.5",
            f"defense fire at {state.hex_id(h)}: {total} factors (column {column}): "
            f"rolls {roll}{mods} = {roll + drm}: {result}",
            dice=[roll],
        )
        hit = [u for u in combat["units"] if state.where[u] == h]
        tasks.append(("result", result, hit, h, [combat["target"]], "defense_fire"))
    state.then(*tasks)


def defense_fire_task(state: MarneState, task: Task) -> bool:
    assert state.combat is not None
    if firers(state):
        state.push("defense_fire", side=OTHER[state.combat["attacker"]])
        return False
    return True


# --- 9.4 regular attacks -------------------------------------------------------------------


def target_line(state: MarneState, units: list[int]) -> str:
    """9.4.6: the mode of the majority of steps; a tie takes the least advantageous line."""
    steps = {mode: 0 for mode in MODES}
    for u in units:
        steps[state.unit_mode(u)] += state.steps[u]
    top = max(steps.values())
    return next(m for m in VULNERABILITY if steps[m] == top)


def defenders(state: MarneState, target: int) -> list[int]:
    """The target hex's combat units, less units that just retreated into it (9.8.3)."""
    return [u for u in state.combat_units_in(target) if u not in state.recent]


def attack_box(state: MarneState) -> dict[str, Any]:
    """The regular attack as the players see it before the roll (8.1.5 totals, 9.4.4)."""
    combat = state.combat
    assert combat is not None
    target = combat["target"]
    units = [u for u in combat["units"] if state.where[u] >= 0]
    attack = sum(state.attack(u) for u in units)
    if state.is_garrisoned(target):
        defense, line = int(state.c.tables["paris"]["defense"]), DEFENSIVE  # 13.1.1, 13.1.2
    else:
        held = defenders(state, target)
        defense, line = sum(state.defense(u) for u in held), target_line(state, held)
    ratio = int(state.c.tables["automatic"]["ratio"])
    column = crt_column(state, line, attack)
    drm, why = total_drm(
        [
            terrain_drm(state, target),
            massed_drm(state, target),
            coordination_drm(state, units),
        ]
    )
    return {
        "units": units,
        "attack": attack,
        "defense": defense,
        "line": line,
        "column": column,
        "drm": drm,
        "modifiers": why,
        "automatic": attack > ratio * defense,  # 9.6.5
    }


def attack_task(state: MarneState, task: Task) -> bool:
    combat = state.combat
    assert combat is not None
    survivors = [
        u for u in combat["units"] if state.where[u] >= 0 and u not in combat.get("aborted", [])
    ]
    combat["units"] = survivors
    if not survivors:
        state.note("9.4.3", "no declared attacker is left to attack")
        return True
    reveal_modes(state, survivors + defenders(state, combat["target"]))  # 5.2.5
    # the roll's line and column tell the attacker the defenders' mode (5.2.5, 9.4.6) even
    # when their HQ was revealed before: whatever led here may not be undone
    state.reveal()
    state.push("roll", side=combat["attacker"])
    return False


def reveal_modes(state: MarneState, units: list[int]) -> None:
    """5.2.5: combat reveals the modes of the units' HQs."""
    for u in units:
        hq = state.hq_of[u]
        if hq not in state.revealed:
            state.revealed.add(hq)
            state.reveal()
            state.note("5.2.5", f"combat reveals {state.counter(hq).id}: {state.mode[hq]} mode")


class Roll(Prompt[MarneState]):
    """9.4.4: the totals, line, column and modifiers are known; roll the die."""

    name = "roll"
    title = "roll for the regular attack (9.4.4)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        yield act("roll")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        regular_attack(state)


def regular_attack(state: MarneState) -> None:
    """9.4.4 with 9.6.5 automatic victory above 7:1 and 9.7 modifiers."""
    combat = state.combat
    assert combat is not None
    box = attack_box(state)
    target = combat["target"]
    held = defenders(state, target)
    if box["automatic"]:
        state.note(
            "9.6.5",
            f"{box['attack']} against {box['defense']} is above 7:1: the defenders "
            f"of {state.hex_id(target)} are eliminated",
        )
        combat["result"] = "auto"
        if state.is_garrisoned(target):
            state.defeat_garrison(target)
            state.note("13.1.4", f"the Paris garrison of {state.hex_id(target)} is defeated")
        for u in state.combat_units_in(target):
            state.eliminate(u, "9.6.5", "automatic victory")
        state.then(("advance",))
        return
    roll = die(state)
    result = crt_result(state, box["column"], roll + box["drm"])
    mods = f" {', '.join(box['modifiers'])}" if box["modifiers"] else ""
    state.note(
        "9.4.4",
        f"attack on {state.hex_id(target)}: {box['attack']} factors on the "
        f"{box['line']} line (column {box['column']}): rolls {roll}{mods} = "
        f"{roll + box['drm']}: {result}",
        dice=[roll],
    )
    combat["result"] = result
    apply_attack_result(state, result, held, target, combat["hexes"], "attack")


def apply_attack_result(
    state: MarneState, result: str, units: list[int], target: int, sources: list[int], kind: str
) -> None:
    """9.6.2 EN locks both sides; any other result ends their engagement."""
    pairs = {frozenset((target, h)) for h in sources}
    if result == "EN":
        state.engaged |= pairs
        state.note("9.6.2", f"{state.hex_id(target)} and the attacking hexes are Engaged")
        return
    state.engaged -= pairs
    if state.is_garrisoned(target):
        if result in ("1", "2", "3", "4"):
            state.defeat_garrison(target)  # 13.1.4
            state.note(
                "13.1.4",
                f"the Paris garrison of {state.hex_id(target)} is defeated; its "
                "defense is lost for good",
            )
            if kind == "attack":
                state.then(("advance",))
        else:
            state.note("13.1.4", f"{result}: no effect on the Paris garrison")
        return
    if kind == "attack":
        state.then(("result", result, units, target, sources, kind), ("advance",))
    else:
        state.then(("result", result, units, target, sources, kind))


# --- 9.5 counter attacks ----------------------------------------------------------------------


def counter_attackers(state: MarneState) -> list[int]:
    """9.5.1 Defensive mode units just Engaged; 9.5.8 in supply; 8.1.4; 9.8.3."""
    combat = state.combat
    assert combat is not None
    if combat["result"] != "EN":
        return []
    target = combat["target"]
    return [
        u
        for u in defenders(state, target)
        if state.unit_mode(u) == DEFENSIVE
        and in_supply(state, u)
        and not state.is_overstacked(target)
    ]


def counter_task(state: MarneState, task: Task) -> bool:
    combat = state.combat
    assert combat is not None
    if not counter_attackers(state):
        return True
    hexes = [h for h in combat["hexes"] if any(state.where[u] == h for u in combat["units"])]
    if not hexes:
        return True
    state.push("counter", side=OTHER[combat["attacker"]], hexes=hexes)
    return False


class CounterAttack(Prompt[MarneState]):
    """9.5: counter attack one of the hexes that attacked (9.5.2, 9.5.3), or decline."""

    name = "counter"
    title = "counter attack one attacking hex, or decline (9.5)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for h in frame["hexes"]:
            yield act("counter", state.hex_id(h))
        yield act("decline")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "counter":
            counter_attack(state, state.c.board.grid.index(action.args[0]))


def counter_box(state: MarneState, at: int) -> dict[str, Any]:
    """9.5.4-9.5.6: the counter attack on hex ``at``: all eligible units of the hex (artillery
    with its bombardment factor), the line of the attackers' mode, no terrain modifier."""
    combat = state.combat
    assert combat is not None
    units = counter_attackers(state)
    victims = [u for u in combat["units"] if state.where[u] == at]
    total = sum(state.attack(u) for u in units)
    line = target_line(state, victims)
    drm, why = total_drm([massed_drm(state, at), coordination_drm(state, units)])  # 9.5.5
    return {
        "units": units,
        "victims": victims,
        "total": total,
        "line": line,
        "column": crt_column(state, line, total),
        "drm": drm,
        "modifiers": why,
    }


def counter_attack(state: MarneState, at: int) -> None:
    """9.5.4-9.5.7: roll for the counter attack; no Defense Fire against it."""
    combat = state.combat
    assert combat is not None
    box = counter_box(state, at)
    units, victims = box["units"], box["victims"]
    reveal_modes(state, units + victims)
    total, line, column = box["total"], box["line"], box["column"]
    drm, why = box["drm"], box["modifiers"]
    roll = die(state)
    result = crt_result(state, column, roll + drm)
    mods = f" {', '.join(why)}" if why else ""
    state.note(
        "9.5.4",
        f"counter attack on {state.hex_id(at)}: {total} factors on the {line} "
        f"line (column {column}): rolls {roll}{mods} = {roll + drm}: {result}",
        dice=[roll],
    )
    for u in units:
        state.attacked.add(u)
    apply_attack_result(state, result, victims, at, [combat["target"]], "counter")


def end_attack_task(state: MarneState, task: Task) -> bool:
    from greatwar.games.marne1914.results import displace_hqs

    state.combat = None
    waits = [displace_hqs(state, side) for side in ("allied", "german")]  # 9.9
    return not any(waits)


TASKS = {
    "open": open_task,
    "defense_fire": defense_fire_task,
    "attack": attack_task,
    "counter": counter_task,
    "end_attack": end_attack_task,
}
PROMPTS = (
    Bombardment(),
    BombardWith(),
    CombatPhase(),
    Declare(),
    DefenseFire(),
    Roll(),
    CounterAttack(),
)
__all__ = ["GARRISON", "PROMPTS", "REGROUP", "TASKS"]

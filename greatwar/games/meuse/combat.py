"""Standard 7.1-7.6 combat by differential on the Integrated CRT, 8.x support fire, and the
exclusive terrain lines (MA 14.1, 14.2, 17.6) and the Lost Battalion (MA 18.1)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.bombardment import observed_units
from greatwar.games.meuse.data import ALLIED, GERMAN, MEUSE, RIVER, WOODS
from greatwar.games.meuse.retreat import queue_result
from greatwar.games.meuse.state import OTHER, MeuseState, Task, pick
from greatwar.games.meuse.supply import supply_mask

DEFENDER_HITS = ("Ex", "D1", "D2", "D3", "De")  # digest 8.4: each costs the target one step

# --- the Integrated Combat Results Table (digest 7.3, 7.4, 11.1, 11.2) -------------------


def crt(state: MeuseState) -> dict[str, Any]:
    table: dict[str, Any] = state.c.tables["crt"]
    return table


def line_for(
    state: MeuseState, target: int, attacker_hexes: Iterable[int], lost_battalion: bool = False
) -> str:
    """Digest 7.4: the most defensive terrain line that applies to an attack on ``target``.

    Hex terrain always counts (MA 14.1 rises). MA 14.2: unbreached works count only for a
    German defender, whatever the direction. A river or Meuse hexside counts when every
    attacker crosses one (or any, by option), never across a bridge. MA 18.1: the Lost
    Battalion forces the fortress line."""
    table = crt(state)
    by_feature: dict[str, str] = table["terrain_line"]
    board = state.c.board
    lines = [by_feature[f] for f in board.terrain[target]]
    if state.side_in(target) == GERMAN and state.is_works(target):
        lines.append(by_feature[board.works[target]])
    water = water_line(state, target, list(attacker_hexes))
    if water is not None:
        lines.append(by_feature[water])
    if lost_battalion:
        lines.append(by_feature["lost_battalion"])
    order: list[str] = table["line_order"]
    return min(lines, key=order.index)


def water_line(state: MeuseState, target: int, attacker_hexes: list[int]) -> str | None:
    """Digest 7.4: the Meuse or river crossed by the attack, if it counts (bridges never do)."""
    if not attacker_hexes:
        return None
    crossings = [state.c.board.water(a, target) for a in attacker_hexes]
    if state.cfg.river_line_when == "any":
        crossed = [w for w in crossings if w is not None]
        if not crossed:
            return None
        return MEUSE if MEUSE in crossed else crossed[0]
    if any(w is None for w in crossings):
        return None
    return MEUSE if all(w == MEUSE for w in crossings) else RIVER


def column(state: MeuseState, line: str, differential: int) -> int:
    """Digest 7.4, 11.2: the result column (1-12) of a differential on a terrain line; below
    the first heading is the first column, above the last the last."""
    headings: list[int] = crt(state)["lines"][line]["headings"]
    position = max(0, sum(1 for h in headings if differential >= h) - 1)
    offset = 0 if state.cfg.crt_alignment == "left" else 12 - len(headings)
    return offset + position + 1


def result(state: MeuseState, master_column: int, roll: int) -> str:
    """The CRT cell for a die roll (digest 7.6)."""
    row: list[str] = crt(state)["results"][str(roll)]
    return row[master_column - 1]


def attack_strength(state: MeuseState, units: Iterable[int]) -> int:
    """Digest 7.2: the sum of attack strengths; digest 9.3 halved out of supply (minimum 1)."""
    units = list(units)
    if not units:
        return 0
    supplied = supply_mask(state, state.counter(units[0]).side)
    divisor = state.cfg.supply_attack_divisor
    total = 0
    for unit in units:
        attack = state.values(unit)[0]
        total += attack if supplied[state.where[unit]] else max(1, attack // divisor)
    return total


def defense_strength(state: MeuseState, hex_index: int) -> int:
    """Digest 7.2: the sum of defense strengths of the units in the hex."""
    return sum(state.values(u)[1] for u in state.units_in(hex_index))


# --- declaring attacks (digest 7.1) ------------------------------------------------------


def ready_hexes(state: MeuseState, side: str, target: int) -> list[int]:
    """Friendly hexes adjacent to the target holding units that have not attacked yet."""
    return [
        h
        for h in state.c.board.grid.neighbors(target)
        if state.side_in(h) == side and any(u not in state.attacked for u in state.units_in(h))
    ]


def targets(state: MeuseState, side: str) -> list[int]:
    """Digest 7.1: enemy hexes not yet attacked this phase, next to a unit that may attack."""
    attacked = state.attacked
    stacks = state.stacks
    neighbors = state.c.neighbors
    ready = bytearray(len(neighbors))  # 1: a friendly hex holding a unit that has not attacked
    for h in state.hexes_of(side):
        for unit in stacks[h]:
            if unit not in attacked:
                ready[h] = 1
                break
    attacked_hexes = state.attacked_hexes
    found = []
    for h in state.hexes_of(OTHER[side]):
        if h not in attacked_hexes:
            for n in neighbors[h]:
                if ready[n]:
                    found.append(h)
                    break
    return found


def shell_targets(state: MeuseState, side: str) -> list[int]:
    """Digest 8.4 with MA 17.3: observed enemy hexes, not yet attacked, while markers remain."""
    if not state.cfg.support_bombardment or not state.support[side]:
        return []
    hexes = {state.where[u] for u in observed_units(state, side)}
    return sorted(h for h in hexes if h not in state.attacked_hexes)


def start_combat(state: MeuseState, side: str) -> None:
    """Digest 4.1 B3: the combat phase."""
    if targets(state, side) or shell_targets(state, side):
        state.push("combat", side=side)


class CombatPhase(Prompt[MeuseState]):
    """Digest 7.1: attacks one at a time, in any order; 8.4 support-fire bombardments."""

    name = "combat"
    title = "attack a hex, bombard with support fire, or end the phase (7.1)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        attack, shell = state.hex_actions("attack"), state.hex_actions("shell")
        actions = pick(attack, targets(state, side))
        actions += pick(shell, shell_targets(state, side))
        actions.append(act("end"))
        return actions

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "end":
            state.pop()
            return
        target = state.c.board.grid.index(action.args[0])
        if action.verb == "attack":
            state.push("attack", side=side, target=target, units=())
        else:
            state.push("shell", side=side, target=target, markers=())

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb not in ("attack", "shell") or not action.args:
            return None
        grid = state.c.board.grid
        if action.args[0] not in grid:
            return f"there is no hex {action.args[0]} on the map"
        target = grid.index(action.args[0])
        if state.side_in(target) != OTHER[side]:
            return f"{action.args[0]} holds no enemy unit (7.1)"
        if target in state.attacked_hexes:
            return f"{action.args[0]} has already been attacked this phase (7.1)"
        if action.verb == "shell":
            return "support-fire bombardment needs a marker left and an observed hex (8.4, 17.3)"
        return f"no unit that has not attacked is adjacent to {action.args[0]} (7.1)"


class AttackGroup(Prompt[MeuseState]):
    """Digest 7.1: any adjacent units that have not attacked join; then the attack is declared."""

    name = "attack"
    title = "add attacking units, then declare the attack (7.1)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        add = state.unit_actions("add")
        joined = frame["units"]
        actions = []
        for hex_index in ready_hexes(state, side, frame["target"]):
            units = state.units_in(hex_index)
            if units[0] not in joined:
                actions.append(add[units[0]])  # 13.2 a brigade stack is one unit
        if joined:
            actions.append(act("declare"))
        actions.append(act("cancel"))
        return actions

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "add":
            hex_index = state.where[state.c.counter(action.args[0]).index]
            joining = tuple(u for u in state.units_in(hex_index) if u not in state.attacked)
            frame["units"] = (*frame["units"], *joining)
        elif action.verb == "cancel":
            state.pop()
        else:
            state.pop()
            declare(state, side, frame["target"], frame["units"])

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "declare":
            return "add at least one attacking unit first (7.1)"
        if action.verb == "add" and action.args:
            return f"{action.args[0]} is not an adjacent unit of yours that may still attack (7.1)"
        return None


def declare(state: MeuseState, side: str, target: int, units: tuple[int, ...]) -> None:
    """Digest 7.1, 8.3: the attack is fixed; support fire is allotted, then the die rolls."""
    hexes = tuple(sorted({state.where[u] for u in units}))
    defenders = tuple(state.units_in(target))
    supplied = supply_mask(state, side)  # 9.2: checked the instant the attack is declared
    state.attacked.update(units)
    state.attacked_hexes.add(target)
    state.combat = {
        "attacker": side,
        "defender": OTHER[side],
        "target": target,
        "units": units,
        "hexes": hexes,
        "defenders": defenders,
        "attacker_support": (),
        "defender_support": (),
        "lost_battalion": False,
        "no_advance": False,
        "strength": attack_strength(state, units),
        "supplied": tuple([u for u in units if supplied[state.where[u]]]),  # 9.2, 9.3
    }
    names = ", ".join(state.counter(u).id for u in units)
    state.note("7.1", f"{side} attacks {state.hex_id(target)} with {names}")
    state.then(("support", side), ("support", OTHER[side]), ("roll",), ("end_combat",))
    state.run_tasks()


# --- support fire (digest 8.1-8.3) and the Lost Battalion (MA 18.1) ----------------------


def support_key(state: MeuseState, side: str) -> str:
    assert state.combat is not None
    return "attacker_support" if side == state.combat["attacker"] else "defender_support"


def may_support(state: MeuseState, side: str, used: tuple[int, ...]) -> bool:
    """Digest 8.3: markers left, within the per-combat cap (0: no cap)."""
    cap = state.cfg.support_cap
    return bool(state.support[side]) and (cap == 0 or len(used) < cap)


def may_declare_lost_battalion(state: MeuseState, side: str) -> bool:
    """18.1: once per game, the German defender against an Allied attack into a woods hex."""
    combat = state.combat
    return (
        combat is not None
        and side == GERMAN
        and combat["attacker"] == ALLIED
        and not state.lost_battalion_used
        and not combat["lost_battalion"]
        and state.c.board.has(combat["target"], WOODS)
    )


def support_task(state: MeuseState, task: Task) -> bool:
    """Ask a side for support fire (and the German for the Lost Battalion) if it has a choice."""
    side = task[1]
    used = state.combat[support_key(state, side)] if state.combat else ()
    if may_support(state, side, used) or may_declare_lost_battalion(state, side):
        state.push("support", side=side)
        return False
    return True


class Support(Prompt[MeuseState]):
    """8.3: the attacker, then the defender, allot support-fire markers; 18.1 the German may
    declare the Lost Battalion before the die is rolled."""

    name = "support"
    title = "allot support fire, then done (8.3)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        assert state.combat is not None
        if may_support(state, side, state.combat[support_key(state, side)]):
            for strength in sorted(set(state.support[side]), reverse=True):
                yield act("support", strength)
        if may_declare_lost_battalion(state, side):
            yield act("lost_battalion")
        yield act("done")

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        combat = state.combat
        assert combat is not None
        if action.verb == "support":
            strength = int(action.args[0])
            state.support[side].remove(strength)
            key = support_key(state, side)
            state.combat = {**combat, key: (*combat[key], strength)}
            state.note("8.3", f"{side} adds a support-fire marker of {strength}")
        elif action.verb == "lost_battalion":
            state.lost_battalion_used = True
            state.combat = {**combat, "lost_battalion": True}
            state.note("18.1", "the German player declares the Lost Battalion")
            state.then(("support", combat["attacker"]))  # 18.1 both may still add support
        left = [a for a in self.offer(state, frame, side) if a.verb != "done"]
        if action.verb == "done" or not left:
            state.pop()
            state.run_tasks()

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "lost_battalion":
            return "only once, against an Allied attack into a woods hex (18.1)"
        return "no support-fire marker of that strength left, or the cap is reached (8.1, 8.3)"


# --- resolution (digest 7.3-7.6) ---------------------------------------------------------


def differential(state: MeuseState) -> int:
    """7.3: attack total minus defense total, support fire included (7.2, 8.3)."""
    combat = state.combat
    assert combat is not None
    attack = int(combat["strength"]) + sum(combat["attacker_support"])
    defense = defense_strength(state, combat["target"]) + sum(combat["defender_support"])
    return int(attack - defense)


def roll_task(state: MeuseState, task: Task) -> bool:
    """7.6: one die on the attack's terrain line and differential column; apply the result."""
    combat = state.combat
    assert combat is not None
    diff = differential(state)
    line = line_for(state, combat["target"], combat["hexes"], combat["lost_battalion"])
    col = column(state, line, diff)
    roll = state.rng.die()
    code = result(state, col, roll)
    title = crt(state)["lines"][line]["title"]
    state.note(
        "7.6",
        f"differential {diff:+d} on the {title} line (column {col}), rolled {roll}: {code}",
        dice=[roll],
    )
    queue_result(state, code)
    return True


def end_combat_task(state: MeuseState, task: Task) -> bool:
    state.combat = None
    return True


# --- support-fire bombardment (digest 8.4, MA 16.0) --------------------------------------


class Shell(Prompt[MeuseState]):
    """8.4: support-fire markers against an observed hex without a ground attack."""

    name = "shell"
    title = "add support-fire markers, then resolve the bombardment (8.4)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        used: tuple[int, ...] = frame["markers"]
        left = list(state.support[side])
        for strength in used:
            left.remove(strength)
        cap = state.cfg.support_cap
        if left and (cap == 0 or len(used) < cap):
            for strength in sorted(set(left), reverse=True):
                yield act("support", strength)
        if used:
            yield act("resolve")
        yield act("cancel")

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "support":
            frame["markers"] = (*frame["markers"], int(action.args[0]))
            return
        state.pop()
        if action.verb == "resolve":
            shell(state, side, frame["target"], frame["markers"])

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "resolve":
            return "add at least one support-fire marker first (8.4)"
        return "no support-fire marker of that strength left, or the cap is reached (8.1, 8.3)"


def shell(state: MeuseState, side: str, target: int, markers: tuple[int, ...]) -> None:
    """8.4: markers against the target's defense on its terrain line; Ex, D1-D3 and De each cost
    one step; MA 16.0 (7.7.1) the target may not retreat instead."""
    for strength in markers:
        state.support[side].remove(strength)
    state.attacked_hexes.add(target)
    diff = sum(markers) - defense_strength(state, target)
    line = line_for(state, target, ())
    col = column(state, line, diff)
    roll = state.rng.die()
    code = result(state, col, roll)
    state.note(
        "8.4",
        f"support fire on {state.hex_id(target)}: differential {diff:+d}, column {col}, "
        f"rolled {roll}: {code}",
        dice=[roll],
    )
    if code not in DEFENDER_HITS:
        state.note("8.4", "the support fire has no effect on the target")
    else:
        state.note("16.0", "no retreat from bombardment: the step is lost")
        state.then(("lose", OTHER[side], tuple(state.units_in(target)), 1, "8.4"))
        state.run_tasks()

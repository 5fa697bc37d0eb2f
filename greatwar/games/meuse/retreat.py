"""Standard 7.6-7.9 results: step losses, retreats, stiff resistance and advance after combat,
with German combat experience (MA 18.2) and the three-step divisions (MA 13.1)."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.data import GERMAN
from greatwar.games.meuse.state import OTHER, MeuseState, Task

# --- applying a CRT result (digest 7.6) --------------------------------------------------


def queue_result(state: MeuseState, code: str) -> None:
    """Digest 7.6: the result's steps, defender losses before attacker losses."""
    combat = state.combat
    assert combat is not None
    attacker, defender = combat["attacker"], combat["defender"]
    units, defenders = combat["units"], combat["defenders"]
    target = combat["target"]
    if code == "(A)":
        state.then(("lose", attacker, units, 1, "7.6"))
    elif code == "Ae":
        state.then(("eliminate", units, "7.6"))
    elif code in ("A1", "A2", "A3"):
        hexes = combat["hexes"]
        groups = [tuple(u for u in units if state.where[u] == h) for h in hexes]
        state.then(*(("retreat", group, int(code[1]), (target,), "7.7") for group in groups))
    elif code == "Ex":
        steps = state.cfg.exchange_attacker_steps
        state.then(
            ("lose", defender, defenders, 1, "7.6"),
            ("lose", attacker, units, steps, "7.6"),
            ("advance",),
        )
    elif code in ("D1", "D2", "D3"):
        state.then(("defender_choice", int(code[1])), ("advance",))
    elif code == "De":
        state.then(("eliminate", defenders, "7.6"), ("advance",))


def on_map(state: MeuseState, units: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(u for u in units if state.where[u] >= 0)


def lose_task(state: MeuseState, task: Task) -> bool:
    """Lose ``count`` steps, one at a time, from the given units; the owner picks which."""
    _, side, units, count, rule = task
    alive = on_map(state, units)
    if not alive or count <= 0:
        return True
    if count > 1:
        state.then(("lose", side, units, count - 1, rule))
    if len(alive) == 1:
        state.lose_step(alive[0], rule, "step loss")
        return True
    state.push("step_loss", side=side, units=alive, rule=rule)
    return False


class StepLoss(Prompt[MeuseState]):
    """Digest 7.6: the owner picks which unit loses the step."""

    name = "step_loss"
    title = "choose the unit that loses a step (7.6)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        for unit in frame["units"]:
            yield act("lose", state.counter(unit).id)

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        state.lose_step(state.c.counter(action.args[0]).index, frame["rule"], "step loss")
        state.run_tasks()


def eliminate_task(state: MeuseState, task: Task) -> bool:
    """Digest 7.6 Ae/De: every unit loses every step (MA 13.1: a brigade step may remain)."""
    _, units, rule = task
    for unit in on_map(state, units):
        state.eliminate(unit, rule, "every step lost")
    return True


# --- D results: retreat, 18.2 combat experience, 7.8 stiff resistance --------------------


def stiff_options(state: MeuseState, hexes: int) -> list[int]:
    """Digest 7.8: steps the defender may lose to cut the retreat, by the chosen reading."""
    mode = state.cfg.stiff_resistance
    if mode == "any" or (mode == "d1_only" and hexes == 1):
        return [1]
    if mode == "per_hex":
        return list(range(1, hexes + 1))
    return []


def choice_actions(state: MeuseState, hexes: int) -> list[Action]:
    """The defender's answers to a D result (18.2 note: never a downgrade with stiff)."""
    assert state.combat is not None
    actions = [act("retreat")]
    if state.combat["defender"] == GERMAN and hexes >= 2:
        actions.append(act("downgrade"))  # 18.2
    actions.extend(act("stiff", k) for k in stiff_options(state, hexes))
    return actions


def defender_choice_task(state: MeuseState, task: Task) -> bool:
    """A D result: ask the defender unless a full retreat is his only answer."""
    combat = state.combat
    assert combat is not None
    hexes = task[1]
    if not on_map(state, combat["defenders"]):
        return True
    if len(choice_actions(state, hexes)) == 1:
        answer_d_result(state, hexes, act("retreat"))
        return True
    state.push("defender_choice", side=combat["defender"], hexes=hexes)
    return False


def answer_d_result(state: MeuseState, hexes: int, action: Action) -> None:
    """Queue the retreat or the stiff-resistance losses the defender chose."""
    combat = state.combat
    assert combat is not None
    defenders = on_map(state, combat["defenders"])
    refs = combat["hexes"]
    if action.verb == "retreat":
        state.then(("retreat", defenders, hexes, refs, "7.7"))
    elif action.verb == "downgrade":
        state.note("18.2", f"German combat experience: D{hexes} becomes D1")
        state.then(("retreat", defenders, 1, refs, "18.2"))
    else:
        steps = int(action.args[0])
        left = hexes - steps if state.cfg.stiff_resistance == "per_hex" else 0
        state.note("7.8", f"stiff resistance: {steps} step(s) lost, {left} hex(es) retreated")
        follow: list[Task] = [("lose", combat["defender"], defenders, steps, "7.8")]
        if left:
            follow.append(("retreat", defenders, left, refs, "7.8"))
        else:
            state.combat = {**combat, "no_advance": True}  # 7.8 the attacker cannot advance
        state.then(*follow)


class DefenderChoice(Prompt[MeuseState]):
    """7.7 retreat, 18.2 German downgrade to D1, or 7.8 stiff resistance."""

    name = "defender_choice"
    title = "retreat, downgrade to D1 (18.2) or offer stiff resistance (7.8)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        yield from choice_actions(state, frame["hexes"])

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        answer_d_result(state, frame["hexes"], action)
        state.run_tasks()


# --- how to retreat (digest 7.7, 6.2) ----------------------------------------------------


def retreat_ends(
    state: MeuseState, units: tuple[int, ...], hexes: int, refs: tuple[int, ...]
) -> dict[int, list[int]]:
    """Digest 7.7: for each length 1..hexes, the hexes where a legal retreat of exactly that
    length may end. Each step goes farther from every reference hex when possible, otherwise
    not closer; never into an enemy unit or an enemy ZOC hex without a friendly unit (6.2);
    friendly units may be passed through but not overstacked at the end (5.3)."""
    grid = state.c.board.grid
    counters = state.c.counters
    neighbors = state.c.neighbors
    stacks = state.stacks
    side = counters[units[0]].side
    enemy_zoc = state.zoc(OTHER[side])
    apart: dict[int, list[int]] = {}  # hex -> its distance to each reference hex
    after: dict[int, list[int]] = {}  # hex -> the steps a retreat may take out of it

    def distances(h: int) -> list[int]:
        found = apart.get(h)
        if found is None:
            found = apart[h] = [grid.distance(h, r) for r in refs]
        return found

    def steps_from(here: int) -> list[int]:
        found = after.get(here)
        if found is not None:
            return found
        options = []
        for h in neighbors[here]:
            stack = stacks.get(h)  # (the side in the hex, as ``side_in``)
            if stack:
                if counters[stack[0]].side != side:
                    continue  # never into an enemy unit
            elif h in enemy_zoc:
                continue  # 6.2: nor into an enemy ZOC hex without a friendly unit
            options.append(h)
        base = distances(here)
        farther = []
        for h in options:
            far = distances(h)
            for i in range(len(base)):
                if far[i] <= base[i]:
                    break
            else:
                farther.append(h)
        if not farther:  # otherwise not closer to any reference hex
            for h in options:
                far = distances(h)
                for i in range(len(base)):
                    if far[i] < base[i]:
                        break
                else:
                    farther.append(h)
        after[here] = farther
        return farther

    group = list(units)
    room: dict[int, bool] = {}  # hex -> whether the units have room there (5.3)
    paths: list[tuple[int, ...]] = [(state.where[units[0]],)]
    ends: dict[int, list[int]] = {}
    for length in range(1, hexes + 1):
        paths = [(*p, h) for p in paths for h in steps_from(p[-1]) if h not in p]
        found = set()
        for p in paths:
            end = p[-1]
            fits = room.get(end)
            if fits is None:
                fits = room[end] = state.room(end, group)
            if fits:
                found.add(end)
        ends[length] = sorted(found)
    return ends


def retreat_task(state: MeuseState, task: Task) -> bool:
    """Digest 7.7: retreat as far as possible; a step is lost for each hex short."""
    _, units, hexes, refs, rule = task
    units = on_map(state, units)
    if not units:
        return True
    ends = retreat_ends(state, units, hexes, refs)
    reached = max((n for n, found in ends.items() if found), default=0)
    short = hexes - reached
    side = state.counter(units[0]).side
    if short and not state.cfg.retreat_step_per_missing_hex:
        state.note(rule, f"{state.hex_id(state.where[units[0]])} cannot retreat {hexes} hexes")
        state.then(("eliminate", units, rule))
        return True
    follow: list[Task] = []
    if short:
        state.note(rule, f"the retreat falls {short} hex(es) short: a step for each")
        follow.append(("lose", side, units, short, rule))
    if reached:
        follow.append(("retreat_to", units, reached, refs, rule))
    state.then(*follow)
    return True


def retreat_to_task(state: MeuseState, task: Task) -> bool:
    """The owner picks where the retreat ends (forced when there is one hex)."""
    _, units, hexes, refs, rule = task
    units = on_map(state, units)
    if not units:
        return True
    ends = retreat_ends(state, units, hexes, refs).get(hexes, [])
    if len(ends) <= 1:
        if ends:
            move_group(state, units, ends[0], rule)
        return True
    side = state.counter(units[0]).side
    state.push("retreat", side=side, units=units, ends=tuple(ends), rule=rule)
    return False


def move_group(state: MeuseState, units: tuple[int, ...], hex_index: int, rule: str) -> None:
    origin = state.hex_id(state.where[units[0]])
    names = ", ".join(state.counter(u).id for u in units)
    verb = "retreats" if len(units) == 1 else "retreat"
    state.note(rule, f"{names} {verb} from {origin} to {state.hex_id(hex_index)}")
    for unit in units:
        state.put(unit, hex_index)


class Retreat(Prompt[MeuseState]):
    """Digest 7.7: the owner moves the retreating units to the end of a legal retreat."""

    name = "retreat"
    title = "choose where the retreat ends (7.7)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        for hex_index in frame["ends"]:
            yield act("retreat", state.hex_id(hex_index))

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        move_group(state, frame["units"], state.c.board.grid.index(action.args[0]), frame["rule"])
        state.run_tasks()


# --- advance after combat (digest 7.9) ---------------------------------------------------


def advancers(state: MeuseState) -> list[int]:
    """7.9: attackers still in their hexes, in supply when the attack was declared (9.2,
    9.3), that fit in the vacated hex."""
    combat = state.combat
    if combat is None:
        return []
    target = combat["target"]
    return [
        u
        for u in combat["supplied"]
        if state.where[u] in combat["hexes"] and state.room(target, [u])
    ]


def advance_task(state: MeuseState, task: Task) -> bool:
    """7.9: if the defender's hex is empty, the attacker may advance into it."""
    combat = state.combat
    if combat is None or not state.cfg.advance_after_combat or combat["no_advance"]:
        return True
    if state.units_in(combat["target"]) or not advancers(state):
        return True
    state.push("advance", side=combat["attacker"])
    return False


class Advance(Prompt[MeuseState]):
    """Digest 7.9: any or all attackers move into the vacated hex, ignoring ZOC and terrain."""

    name = "advance"
    title = "advance after combat, or done (7.9)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        for unit in advancers(state):
            yield act("advance", state.counter(unit).id)
        yield act("done")

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        combat = state.combat
        assert combat is not None
        if action.verb == "advance":
            unit = state.c.counter(action.args[0]).index
            origin = state.hex_id(state.where[unit])
            state.note("7.9", f"{state.label(unit)} advances from {origin}")
            state.put(unit, combat["target"])
        if action.verb == "done" or not advancers(state) or state.is_terminal():
            state.pop()
            state.run_tasks()

"""9.6 combat results, 9.8 retreats, 9.9 HQs and combat, 9.4.7 advance after combat."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import OTHER
from greatwar.games.marne1914.state import (
    HELD,
    IN_ZOC,
    SIDE_CODE,
    MarneState,
    Task,
    move_flags,
)

STEP_RESULTS = ("1", "2", "3", "4")
DISRUPT_RESULTS = ("D1", "D2", "D3")


def alive(state: MarneState, units: list[int], hex_index: int) -> list[int]:
    return [u for u in units if state.where[u] == hex_index]


def out_of_supply(state: MarneState, units: list[int]) -> bool:
    """11.2.2 (9.6.2): the target is out of supply when most of its steps are."""
    out = sum(state.steps[u] for u in units if u in state.oos)
    return out * 2 > sum(state.steps[u] for u in units)


def mostly_disrupted(state: MarneState, units: list[int]) -> bool:
    """9.6.2, 10.1.2: the majority of the units (by steps) were disrupted before the combat."""
    hit = sum(state.steps[u] for u in units if u in state.disrupted)
    return hit * 2 > sum(state.steps[u] for u in units)


def disrupt(state: MarneState, units: list[int], rule: str) -> None:
    """10.1.1 disrupted at once; 10.1.3 a second disruption has no further effect."""
    fresh = [u for u in units if u not in state.disrupted]
    state.disrupted.update(units)
    if fresh:
        side = state.counter(fresh[0]).side
        state.tell(
            side,
            rule,
            f"disrupted: {', '.join(state.name(u) for u in fresh)}",
            public=f"{len(fresh)} enemy unit(s) in {state.hex_id(state.where[fresh[0]])} "
            "are disrupted",
        )


def result_task(state: MarneState, task: Task) -> bool:
    """9.6.1, 9.6.2: apply one result to the units it hits, at once."""
    _, code, units, hex_index, sources, kind = task
    units = alive(state, list(units), hex_index)
    if not units or code in ("-", "EN"):
        return True
    owner = state.counter(units[0]).side
    extra = 1 if out_of_supply(state, units) else 0  # 11.2.2
    if code == "d":
        if len(units) == 1:
            disrupt(state, units, "9.6.2")
            return True
        state.push("disrupt_one", side=owner, units=units)
        return False
    if code == "D":
        disrupt(state, units, "9.6.2")
        return True
    if code in DISRUPT_RESULTS:
        disrupt(state, units, "9.6.2")  # 10.1.1 with 9.6.2
        state.then(("lose", units, hex_index, int(code[1]) + extra, "9.6.2"))
        return True
    n = int(code) + extra
    if kind == "defense_fire":
        combat = state.combat
        assert combat is not None
        aborted = [u for u in units if u in combat["was_disrupted"]]  # 9.6.2, 10.1.2
        combat["aborted"] = sorted(set(combat.get("aborted", [])) | set(aborted))
        if aborted:
            state.note(
                "9.6.2",
                f"{len(aborted)} disrupted attacker(s) in {state.hex_id(hex_index)} "
                "abort their attack",
            )
        state.then(("lose", units, hex_index, n, "9.6.2"))
        return True
    least = n // 2
    if mostly_disrupted(state, units):
        state.note(
            "10.1.2",
            f"the units in {state.hex_id(hex_index)} were mostly disrupted: "
            f"{least} step(s) and a retreat of {n - least} hex(es)",
        )
        state.then(*split_tasks(units, hex_index, sources, least, n - least, kind))
        return True
    state.push(
        "split", side=owner, units=units, at=hex_index, sources=list(sources), n=n, kind=kind
    )
    return False


def split_tasks(
    units: list[int], at: int, sources: list[int], steps: int, hexes: int, kind: str
) -> list[Task]:
    tasks: list[Task] = []
    if steps:
        tasks.append(("lose", units, at, steps, "9.6.2"))
    if hexes:
        tasks.append(("retreat", units, at, hexes, list(sources)))
    tasks.append(("recent_check", at))
    return tasks


class DisruptOne(Prompt[MarneState]):
    """9.6.2 d: the owner chooses the one unit disrupted."""

    name = "disrupt_one"
    title = "choose the unit to be disrupted (9.6.2 d)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for u in frame["units"]:
            yield act("disrupt", state.counter(u).id)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        disrupt(state, [state.unit(action.args[0])], "9.6.2")


class Split(Prompt[MarneState]):
    """9.6.2 1-4: the owner combines step losses and hexes of retreat, at least half (rounded
    down) in steps."""

    name = "split"
    title = "choose how many steps to lose; the rest is retreat (9.6.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        n = frame["n"]
        for steps in range(n // 2, n + 1):
            yield act("steps", steps)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        steps = int(action.args[0])
        n = frame["n"]
        state.note("9.6.2", f"{side} takes {steps} step loss(es) and retreats {n - steps} hex(es)")
        state.then(
            *split_tasks(
                list(frame["units"]),
                frame["at"],
                list(frame["sources"]),
                steps,
                n - steps,
                frame["kind"],
            )
        )


def lose_task(state: MarneState, task: Task) -> bool:
    _, units, at, n, rule = task
    units = alive(state, list(units), at)
    if not units or n <= 0:
        return True
    if len(units) == 1 and state.steps[units[0]] >= n:
        for _ in range(n):
            state.lose_step(units[0], rule, "combat")
        return True
    state.push("lose", side=state.counter(units[0]).side, units=units, at=at, left=n, rule=rule)
    return False


class Lose(Prompt[MarneState]):
    """9.6.2: the owner chooses which units lose the steps (9.6.4)."""

    name = "lose"
    title = "choose the unit that loses a step (9.6.2, 9.6.4)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for u in alive(state, list(frame["units"]), frame["at"]):
            yield act("lose", state.counter(u).id)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.lose_step(state.unit(action.args[0]), frame["rule"], "combat")
        frame["left"] -= 1
        if frame["left"] <= 0 or not alive(state, list(frame["units"]), frame["at"]):
            state.pop()


# --- 9.8 retreats -----------------------------------------------------------------------


def retreat_options(
    state: MarneState, side: str, at: int, visited: list[int], sources: list[int], left: int
) -> list[int]:
    """9.8.1 end the retreat away from the victors; 9.8.2 avoid enemy ZOCs (friendly units do
    not negate them) if possible; an enemy-held hex only when nothing else is left."""
    grid = state.c.board.grid
    zoc = state.zoc(OTHER[side])
    near = [n for n in grid.neighbors(at) if n not in visited]
    free = [n for n in near if not state.is_enemy_hex(n, side) and n not in zoc]
    zoned = [n for n in near if not state.is_enemy_hex(n, side) and n in zoc]
    options = free or zoned or near
    if sources:

        def gap(h: int) -> int:
            return min(grid.distance(h, s) for s in sources)

        here = gap(at)
        away = [h for h in options if (gap(h) > 1 if left == 1 else gap(h) >= here)]
        options = away or options
    return sorted(options)


def retreat_task(state: MarneState, task: Task) -> bool:
    _, units, at, hexes, sources = task
    units = alive(state, list(units), at)
    if not units:
        return True
    side = state.counter(units[0]).side
    state.push(
        "retreat", side=side, units=units, at=at, left=hexes, visited=[at], sources=list(sources)
    )
    return False


class Retreat(Prompt[MarneState]):
    """9.8: move the retreating units one hex at a time."""

    name = "retreat"
    title = "choose the next hex of the retreat (9.8)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        options = retreat_options(
            state, side, frame["at"], frame["visited"], frame["sources"], frame["left"]
        )
        for h in options:
            yield act("retreat", state.hex_id(h))
        if not options:
            yield act("surrender")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        units = alive(state, list(frame["units"]), frame["at"])
        if action.verb == "surrender":
            state.pop()
            for u in units:
                state.eliminate(u, "9.8.2", "no hex to retreat into")
            return
        to = state.c.board.grid.index(action.args[0])
        if state.is_enemy_hex(to, side):
            state.pop()
            for u in units:
                state.eliminate(u, "9.8.2", "forced to retreat into an enemy-held hex")
            return
        in_zoc = to in state.zoc(OTHER[side])
        had_friends = bool(state.units_in(to))
        for u in units:
            state.put(u, to)
        state.tell(
            side,
            "9.8",
            f"{', '.join(state.name(u) for u in units)} retreat to {action.args[0]}",
            public=f"the enemy retreats from {state.hex_id(frame['at'])} to {action.args[0]}",
        )
        disrupt(state, units, "9.8.4")  # 9.6.3, 9.8.4
        if in_zoc and len(units) == 1:
            state.lose_step(units[0], "9.8.2", ZOC_LOSS)
            units = alive(state, units, to)
        frame["at"], frame["units"] = to, units
        frame["visited"] = [*frame["visited"], to]
        combat = state.combat
        if combat is not None and frame["visited"][0] == combat["target"]:
            combat["path"] = frame["visited"][1:]  # 9.4.7: the victors may follow it
        frame["left"] -= 1
        if frame["left"] <= 0 or not units:
            state.pop()
            if had_friends:
                state.recent.update(units)  # 9.8.3
        if in_zoc and len(units) > 1:
            # 9.8.2 "any one retreating unit": the owner chooses, before the retreat goes on
            state.push("retreat_loss", side=side, units=units, at=to, blocking=True)


ZOC_LOSS = "retreat through an enemy ZOC"


class RetreatLoss(Prompt[MarneState]):
    """9.8.2: the owner chooses which retreating unit loses the step for a hex of enemy ZOC."""

    name = "retreat_loss"
    title = "choose the retreating unit that loses a step in the enemy ZOC (9.8.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for u in alive(state, list(frame["units"]), frame["at"]):
            yield act("lose", state.counter(u).id)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        unit = state.unit(action.args[0])
        state.lose_step(unit, "9.8.2", ZOC_LOSS)
        if state.where[unit] < 0:
            state.recent.discard(unit)  # 9.8.3 concerns only the units still there

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "lose":
            return None
        names = ", ".join(
            state.counter(u).id for u in alive(state, list(frame["units"]), frame["at"])
        )
        return (
            f"the step is lost by one of the units retreating into the enemy ZOC at "
            f"{state.hex_id(frame['at'])}: {names} (9.8.2)"
        )


def recent_check_task(state: MarneState, task: Task) -> bool:
    """9.8.3: once the hex's own units are defeated, units that retreated into it are
    eliminated."""
    at = task[1]
    units = state.combat_units_in(at)
    if units and all(u in state.recent for u in units):
        for u in units:
            state.eliminate(u, "9.8.3", "the units it had retreated to were defeated")
    return True


# --- 9.4.7 advance after combat -----------------------------------------------------------


def advancers(state: MarneState) -> list[int]:
    """9.4.7: attacking units next to the vacated hex, stacking allowing."""
    combat = state.combat
    assert combat is not None
    target = combat["target"]
    if state.side_in(target) == OTHER[combat["attacker"]] or state.is_garrisoned(target):
        return []
    return [
        u
        for u in combat["units"]
        if state.where[u] >= 0
        and state.where[u] != target
        and target in state.c.board.grid.neighbors(state.where[u])
        and state.has_room(target, [u])
    ]


def follow_step(state: MarneState, unit: int) -> int | None:
    """9.4.7: the next hex of the defeated units' retreat path for a unit that advanced, unless
    it stands in an enemy ZOC (it stopped there) or the next hex is enemy-held or full."""
    combat = state.combat
    assert combat is not None
    path: list[int] = [combat["target"], *combat.get("path", [])]
    here = state.where[unit]
    side = combat["attacker"]
    if unit not in combat.get("advanced", []) or here not in path[:-1]:
        return None
    if here in state.zoc(OTHER[side]):
        return None
    there = path[path.index(here) + 1]
    if state.is_enemy_hex(there, side) or not state.has_room(there, [unit]):
        return None
    return there


def followers(state: MarneState) -> list[int]:
    combat = state.combat
    assert combat is not None
    return [u for u in combat.get("advanced", []) if follow_step(state, u) is not None]


def advance_task(state: MarneState, task: Task) -> bool:
    combat = state.combat
    assert combat is not None
    if state.side_in(combat["target"]) == OTHER[combat["attacker"]]:
        return True  # an enemy HQ left alone is displaced first (9.9)
    if not advancers(state):
        return True
    state.push("advance", side=combat["attacker"])
    return False


class Advance(Prompt[MarneState]):
    """9.4.7: attacking units may advance into the vacated hex, stacking allowing, and follow
    the retreat path of the defeated units, stopping on entering an enemy ZOC."""

    name = "advance"
    title = "advance into the vacated hex, follow the retreat, or stop (9.4.7)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for u in advancers(state):
            yield act("advance", state.counter(u).id)
        for u in followers(state):
            yield act("follow", state.counter(u).id)
        yield act("stop")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        combat = state.combat
        assert combat is not None
        if action.verb == "stop":
            state.pop()
            return
        unit = state.unit(action.args[0])
        if action.verb == "follow":
            to = follow_step(state, unit)
            assert to is not None
        else:
            to = combat["target"]
            combat["advanced"] = [*combat.get("advanced", []), unit]
        state.put(unit, to)
        state.tell(
            side,
            "9.4.7",
            f"{state.name(unit)} advances into {state.hex_id(to)}",
            public=f"an enemy unit advances into {state.hex_id(to)}",
        )
        if not advancers(state) and not followers(state):
            state.pop()
        displace_hqs(state, OTHER[side])  # 9.9, answered before the next advance


# --- 9.9 HQs and combat -------------------------------------------------------------------


def refuges(state: MarneState, hq: int) -> tuple[list[int], bool]:
    """9.9: the hexes out of the enemy ZOC an HQ may retreat to, "as many hexes as necessary"
    (the fewest), through enemy ZOCs freely; and whether it must pass through enemy units
    to reach them (then it is out of supply for the rest of the game)."""
    flags = move_flags(state, state.counter(hq).side)  # ``enemy_held`` and enemy ``zoc``
    found = nearest(state, state.where[hq], flags, False)
    if found:
        return found, False
    return nearest(state, state.where[hq], flags, True), True


def displaced(state: MarneState, side: str) -> list[int]:
    """9.9: the side's HQs on the map standing in an enemy ZOC (``in_enemy_zoc`` written out:
    asked after every move). Kept while the side's stacks stay as they are (its HQs stand
    where they stood), within one stretch of ``touched`` (cleared only as a Movement Phase
    begins): then only the HQs next to a hex whose stack changed since are read again (a test
    checks the answer against a fresh one after every action of random games)."""
    touched = state.touched
    count = len(touched)
    version, turn, player_turn, phase = (
        state.versions[side],
        state.turn,
        state.player_turn,
        state.phase,
    )
    # (kept by side in a dict of its own, its stamp's parts compared one by one: asked after
    # every move, without a key or a stamp made at each ask)
    kept = state.displaced_kept.get(side)
    if (
        kept is not None
        and kept[0] == version
        and kept[1] == turn
        and kept[2] == player_turn
        and kept[3] == phase
        and kept[4] <= count
    ):
        found = kept[5]
        if kept[4] == count:
            return list(found)
        found = _displaced_since(state, side, found, touched[kept[4] :])
    else:
        found = _displaced(state, side)
    state.displaced_kept[side] = (version, turn, player_turn, phase, count, found)
    return list(found)


def _displaced_since(
    state: MarneState, side: str, found: tuple[int, ...], changed: list[int]
) -> tuple[int, ...]:
    """``found`` with the side's HQs next to the ``changed`` hexes read again (none of the
    side's units has moved since: an HQ's neighbours changed only if they are among them)."""
    # (the side's hexes read off ``holder``, an enemy ZOC off the enemy's ``zone_count``:
    # bytes by hex, kept with ``side_at``)
    holder, stacks, neighbors, is_hq = (
        state.holder,
        state.stacks,
        state.c.neighbors,
        state.c.is_hq_of,
    )
    code = SIDE_CODE[side]
    near = []
    for h in changed:
        for n in neighbors[h]:
            if holder[n] == code:
                for u in stacks[n]:
                    if is_hq[u]:
                        near.append(u)
    if not near:
        return found
    counts = state.zone_count[OTHER[side]]  # (not 0: in the enemy's ZOC, 8.2.1)
    now = set(found)
    for hq in near:
        now.discard(hq)
        if counts[state.where[hq]]:
            now.add(hq)
    return tuple(sorted(now))


def _displaced(state: MarneState, side: str) -> tuple[int, ...]:
    """``displaced`` read afresh."""
    where, counts = state.where, state.zone_count[OTHER[side]]  # (``in_enemy_zoc``)
    found = []
    hqs = state.c.side_hqs[side]
    for hq in hqs:
        here = where[hq]
        if here >= 0 and counts[here]:
            found.append(hq)
    return tuple(found)


def displace_hqs(state: MarneState, side: str) -> bool:
    """9.9: every HQ of ``side`` in an enemy ZOC retreats at once; its owner chooses where
    when more than one hex is as near (a prompt per HQ, answered before anything else).
    Whether a prompt now waits."""
    found = displaced(state, side)
    if not found:
        return False
    asked = {f["unit"] for f in state.stack if f["p"] == "hq_retreat"}
    waits = False
    for hq in reversed(found):  # the lowest HQ is asked first
        if hq in asked:
            continue
        options, cut = refuges(state, hq)
        if len(options) == 1:
            retreat_hq(state, hq, options[0], cut)
        elif options:
            state.push("hq_retreat", side=side, unit=hq, blocking=True)
            waits = True
    return waits


def retreat_hq(state: MarneState, hq: int, to: int, cut: bool) -> None:
    start = state.where[hq]
    state.put(hq, to)
    state.note(
        "9.9",
        f"{state.counter(hq).id} retreats from {state.hex_id(start)} to "
        f"{state.hex_id(to)} out of the enemy ZOC",
    )
    if cut:
        state.cut_off.add(hq)
        state.oos.add(hq)
        state.note(
            "9.9",
            f"{state.counter(hq).id} passed through enemy units: out of supply "
            "for the rest of the game",
        )


class HqRetreat(Prompt[MarneState]):
    """9.9: the owner chooses the hex out of the enemy ZOC where the displaced HQ goes."""

    name = "hq_retreat"
    title = "choose where the HQ retreats out of the enemy ZOC (9.9)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        for h in refuges(state, frame["unit"])[0]:
            yield act("retreat", state.hex_id(h))

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        cut = refuges(state, frame["unit"])[1]
        retreat_hq(state, frame["unit"], state.c.board.grid.index(action.args[0]), cut)

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb != "retreat":
            return None
        options, cut = refuges(state, frame["unit"])
        how = " (only through enemy units)" if cut else ""
        return (
            f"{state.counter(frame['unit']).id} retreats the fewest hexes needed to leave the "
            f"enemy ZOC{how}, to a hex free of enemy units and ZOC: "
            f"{', '.join(state.hex_id(h) for h in options)} (9.9)"
        )


def nearest(state: MarneState, start: int, flags: bytes, through: bool) -> list[int]:
    """Breadth-first: the hexes neither enemy-held nor in the enemy ZOC (``flags``: the side's
    ``move_flags``) nearest to ``start``, in hex order, through hexes not enemy-held (or
    ``through`` them)."""
    neighbors = state.c.neighbors
    held, stop = HELD, HELD | IN_ZOC
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in neighbors[here]:
                if there in seen:
                    continue
                seen.add(there)
                if through or not flags[there] & held:
                    nxt.append(there)
        found = sorted([h for h in nxt if not flags[h] & stop])
        if found:
            return found
        frontier = sorted(nxt)
    return []


TASKS = {
    "result": result_task,
    "lose": lose_task,
    "retreat": retreat_task,
    "recent_check": recent_check_task,
    "advance": advance_task,
}
PROMPTS = (DisruptOne(), Split(), Lose(), Retreat(), RetreatLoss(), Advance(), HqRetreat())

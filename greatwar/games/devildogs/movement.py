"""5.8 and 6 movement orders (ADV, RET, REP, HOLD), 6.1 zone of control, 6.2 pinning,
8 refusing orders, and the forced moves of ROUT!, BAYONETS and gas (9)."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.data import ENEMY, US
from greatwar.games.devildogs.state import DevilDogsState

ADV, RET, REP, HOLD = "ADV", "RET", "REP", "HOLD"
DONE = act("done")  # (actions are immutable values: one serves every offer)


def toward_enemy(state: DevilDogsState, side: str, a: int, b: int) -> int:
    """3: rows gained towards the enemy edge going from a to b (the US advance north)."""
    rows = state.c.board.row
    return rows[a] - rows[b] if side == US else rows[b] - rows[a]


def reach(state: DevilDogsState, unit: int, allowance: int) -> dict[int, float]:
    """5.8, 6.1, 4.1: hexes the unit can reach, one hex per step, through friends but never
    enemies; entering an enemy-adjacent hex ends the move (leaving one is allowed). It reads
    only the enemy's units, so it is kept while they stand still: read it, never change it."""
    side = state.c.units[unit].side
    start = state.where[unit]
    found = _open_reach(state, start, allowance)
    enemies = state.enemy_hexes(side)
    if enemies.isdisjoint(found):
        return found  # no enemy in reach to block or stop the move
    cache = state.by_side[ENEMY[side]]
    key = ("reach", start, allowance)
    kept: dict[int, float] | None = cache.get(key)
    if kept is None:
        kept = cache[key] = _search(state, start, allowance, enemies, state.enemy_zone(side))
    return kept


def _open_reach(state: DevilDogsState, start: int, allowance: int) -> dict[int, float]:
    """``reach`` with no enemy on the map, kept for the process (the map is the same in every
    game). An enemy changes a unit's reach only if it stands in this one: it must be in it to
    be blocked (4.1), and a hex next to it that stops the move (6.1) matters only if the move
    would go on from there, into the enemy's hex among others."""
    key = (state.sc.id, start, allowance)
    found = _OPEN_REACH.get(key)
    if found is None:
        found = _OPEN_REACH[key] = _search(state, start, allowance, frozenset(), frozenset())
    return found


_OPEN_REACH: dict[tuple[str, int, int], dict[int, float]] = {}


def _search(
    state: DevilDogsState,
    start: int,
    allowance: int,
    enemies: frozenset[int],
    zone: frozenset[int],
) -> dict[int, float]:
    """Hexes reached in up to ``allowance`` steps through the scenario's hexes without
    entering ``enemies``, stopping on entering ``zone``, with the steps taken: every step
    costs one hex, so a breadth-first search finds the same hexes and counts as a
    movement-point search would."""
    closed = set(enemies)  # 4.1 never entered; the hexes found join them
    closed.add(start)
    neighbors = state.playable_neighbors  # units never leave the scenario's sectors
    spent = {start: 0.0}
    frontier = [start]
    for step in range(1, allowance + 1):
        cost = float(step)
        following = []
        for here in frontier:
            if here != start and here in zone:
                continue  # 6.1 a unit that moves adjacent to an enemy must stop (reach)
            for there in neighbors[here]:
                if there not in closed:
                    closed.add(there)
                    spent[there] = cost
                    following.append(there)
        if not following:
            break  # (nowhere further to go)
        frontier = following
    return spent


def destinations(state: DevilDogsState, unit: int, allowance: int) -> list[int]:
    """4.1: where the unit may end its move: reachable and empty."""
    at = state.at  # the unit's own hex is in it too
    return [h for h in _ends(state, unit, allowance, REP) if h not in at]


def _ends(state: DevilDogsState, unit: int, allowance: int, kind: str) -> tuple[int, ...]:
    """The reachable hexes in order (REP), for ADV only those closer to the enemy and for RET
    only those farther (5.8), whoever stands in them (kept with ``reach``: for the process
    while no enemy is in reach)."""
    side = state.c.units[unit].side
    start = state.where[unit]
    whole = (state.sc.id, side, start, allowance, kind)
    kept_open = _OPEN_ENDS  # (a local: typed in movement.pxd)
    found = kept_open.get(whole)
    if found is None:
        hexes = _open_reach(state, start, allowance)
        found = kept_open[whole] = (frozenset(hexes), _directed(state, side, start, kind, hexes))
    cache = state.by_side[ENEMY[side]]
    enemies = cache.get("enemies")  # (``enemy_hexes`` when kept)
    if enemies is None:
        enemies = state.enemy_hexes(side)
    if enemies.isdisjoint(found[0]):
        return found[1]  # no enemy in reach to block or stop the move
    key = ("ends", start, allowance, kind)
    kept: tuple[int, ...] | None = cache.get(key)
    if kept is None:
        hexes = reach(state, unit, allowance)
        kept = cache[key] = _directed(state, side, start, kind, hexes)
    return kept


# ``_ends`` with no enemy on the map, with the hexes of the ``_open_reach`` it reads, kept for
# the process
_OPEN_ENDS: dict[tuple[str, str, int, int, str], tuple[frozenset[int], tuple[int, ...]]] = {}


def _directed(
    state: DevilDogsState, side: str, start: int, kind: str, hexes: dict[int, float]
) -> tuple[int, ...]:
    """The hexes in order, for ADV only those closer to the enemy and for RET only those
    farther than ``start`` (5.8)."""
    ends = sorted(hexes)
    if kind in (ADV, RET):  # toward_enemy, read in the same pass
        rows = state.c.board.row
        ahead = 1 if kind == ADV else -1
        if side != US:
            ahead = -ahead
        ends = [h for h in ends if (rows[start] - rows[h]) * ahead > 0]
    return tuple(ends)


# (the unit's hex, the ends of its move whoever stands there, its ``move_actions``, whether
# it starts next to the enemy under ADV): what the move prompt reads of a unit, kept in
# ``plans``
Plan = tuple[int, tuple[int, ...], tuple[Action, ...], bool]


def plans(state: DevilDogsState, side: str, kind: str, allowance: int) -> list[Plan | None]:
    """The side's units' ``Plan`` under an order, by unit index (None: not worked out yet).
    The move prompt offers each waiting unit's empty ends again after every move of the
    sector's units, which never changes a plan: only the enemy's moves do, and they drop the
    list with the rest of what is kept for the enemy's positions. A plan also names the hex
    it was made from, so a unit that has moved gets a new one."""
    cache = state.by_side[ENEMY[side]]
    key = ("plans", kind, allowance)
    found: list[Plan | None] | None = cache.get(key)
    if found is None:
        found = cache[key] = [None] * len(state.c.units)
    return found


def _plan(state: DevilDogsState, unit: int, kind: str, allowance: int) -> Plan:
    """The unit's ``Plan`` from where it stands, worked out (``plans`` keeps it)."""
    ends = _ends(state, unit, allowance, kind)
    adjacent = kind == ADV and state.enemy_adjacent(unit)
    return (state.where[unit], ends, move_actions(state, unit), adjacent)


def offer_moves(
    state: DevilDogsState, side: str, units: tuple[int, ...], kind: str, allowance: int
) -> tuple[list[Action], bool, bool]:
    """5.8: (for each unit in turn its ``move UNIT HEX`` actions, then ``stay UNIT`` if it may
    stay without penalty or else ``refuse UNIT``; whether every unit may stay; whether any
    unit can move) under an order."""
    stay = _UNIT_ACTIONS.get("stay") or unit_actions(state, "stay")  # (made once)
    refuse = _UNIT_ACTIONS.get("refuse") or unit_actions(state, "refuse")
    if kind == HOLD or allowance <= 0:
        return [stay[unit] for unit in units], True, False
    kept = plans(state, side, kind, allowance)
    # 4.1: a move ends in an empty hex (the unit's own hex counts as occupied)
    occupied, where, pinned = state.occupied, state.where, state.pinned
    advance, retreat = kind == ADV, kind == RET
    actions: list[Action] = []
    all_free = True
    can_move = False
    for unit in units:
        if not retreat and unit in pinned:
            actions.append(stay[unit])  # 6.2 a pinned unit may not move, and pays nothing
            continue
        plan = kept[unit]
        if plan is None or plan[0] != where[unit]:
            plan = kept[unit] = _plan(state, unit, kind, allowance)
        table, before = plan[2], len(actions)
        for h in plan[1]:  # a loop: its index is a machine integer (movement.pxd)
            if not occupied[h]:
                actions.append(table[h])
        if len(actions) == before:  # no empty end
            actions.append(stay[unit])
            continue
        can_move = True
        # 5.8: REP may remain; ADV must advance unless adjacent to the enemy; RET must go
        # at least one hex back
        if not retreat and (not advance or plan[3]):
            actions.append(stay[unit])
        else:
            actions.append(refuse[unit])
            all_free = False
    return actions, all_free, can_move


def can_move(
    state: DevilDogsState, side: str, units: tuple[int, ...], kind: str, allowance: int
) -> bool:
    """``offer_moves``' third answer (whether any unit can move) without making the offer:
    movement_step asks it before the prompt offers (5.8), so it stops at the first unit
    with an empty end, and the plans it works out are kept for the offer."""
    if kind == HOLD or allowance <= 0:
        return False
    kept = plans(state, side, kind, allowance)
    occupied, where, pinned = state.occupied, state.where, state.pinned
    retreat = kind == RET
    for unit in units:
        if not retreat and unit in pinned:
            continue  # 6.2 a pinned unit may not move
        plan = kept[unit]
        if plan is None or plan[0] != where[unit]:
            plan = kept[unit] = _plan(state, unit, kind, allowance)
        for h in plan[1]:  # a loop: its index is a machine integer (movement.pxd)
            if not occupied[h]:
                return True  # 4.1 an empty end
    return False


def hesitated(state: DevilDogsState, side: str, sector: str, allowance: int) -> int:
    """9 HESITATION: the enemy's movement here is cut by 2, to no less than 1."""
    cut = state.effect("hesitation", side, sector)
    if cut and allowance > 0:
        minimum = int(state.c.tables["keywords"]["hesitation_minimum"])
        return max(minimum, allowance - cut)
    return allowance


def movement_step(state: DevilDogsState, side: str, sector: str, kind: str, n: int) -> None:
    """5.8: every unit of the side in the sector moves under the order, one at a time."""
    allowance = hesitated(state, side, sector, n)
    if allowance != n:
        state.note("9", f"HESITATION: {side} movement in sector {sector} is {allowance}")
    units = tuple(state.in_sector(side, sector))
    if kind == HOLD or allowance == 0 or not units:
        return
    if can_move(state, side, units, kind, allowance):
        state.push("move", side=side, sector=sector, kind=kind, n=allowance, units=units)


def refuse(state: DevilDogsState, unit: int, rule: str) -> None:
    """8: a unit refusing a move is pinned; one already pinned keeps it and loses a step."""
    state.note(rule, f"{state.label(unit)} refuses to move")
    state.pin(unit, "8", "refused orders")


def move_actions(state: DevilDogsState, unit: int) -> tuple[Action, ...]:
    """``move UNIT HEX`` for every hex of the map, by index (made once per unit and process:
    the move prompt offers dozens of them after every move)."""
    found = _MOVES.get(unit)
    if found is None:
        grid = state.c.board.grid
        unit_id = state.unit(unit).id
        found = _MOVES[unit] = tuple([act("move", unit_id, grid.id(h)) for h in grid])
    return found


_MOVES: dict[int, tuple[Action, ...]] = {}


def unit_actions(state: DevilDogsState, verb: str) -> tuple[Action, ...]:
    """``VERB UNIT`` for every unit, by index (made once per verb and process)."""
    found = _UNIT_ACTIONS.get(verb)
    if found is None:
        found = _UNIT_ACTIONS[verb] = tuple([act(verb, u.id) for u in state.c.units])
    return found


_UNIT_ACTIONS: dict[str, tuple[Action, ...]] = {}


class Move(Prompt[DevilDogsState]):
    """5.8: move each unit of the sector, or leave it, or refuse a compulsory move (8)."""

    name = "move"
    title = "move the sector's units under the movement order (5.8)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        actions, all_free, _ = offer_moves(state, side, frame["units"], frame["kind"], frame["n"])
        if all_free:
            actions.append(DONE)
        return actions

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        verb = action.verb
        if verb == "done":
            state.pop()  # (``unit_or_done``, read inline: a move is applied at every step)
            return
        args = action.args
        unit = state.c.unit_by_id[args[0]].index
        if verb == "move":
            board = state.c.board
            origin = board.ids[state.where[unit]]
            state.put(unit, board.grid.index(args[1]))
            if frame["kind"] == RET:
                state.pinned.discard(unit)  # 5.8 retreating units remove their pins
            state.note("5.8", f"{args[0]} moves {origin} to {args[1]}")
        elif verb == "refuse":
            refuse(state, unit, "5.8")
        else:  # 5.8: an order is always explicit, and so is giving it up
            here = state.c.board.ids[state.where[unit]]
            state.note("5.8", f"{args[0]} stays in {here}: it does not move")
        frame["units"] = tuple([u for u in frame["units"] if u != unit])
        if not frame["units"] or state.is_terminal():
            state.pop()

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "done":
            return "a unit still has a compulsory move: move it or refuse (5.8, 8)"
        if not action.args or action.args[0] not in state.c.unit_by_id:
            return None
        unit = state.unit_index(action.args[0])
        if unit not in frame["units"]:
            return f"{action.args[0]} is not waiting to move in sector {frame['sector']} (5.8)"
        if action.verb == "stay":
            return f"{action.args[0]} must move under {frame['kind']}, or refuse (5.8, 8)"
        if action.verb == "move" and unit in state.pinned:
            return f"{action.args[0]} is pinned and may not move (6.2)"
        return (
            f"{action.args[-1]} is not a legal end of a {frame['kind']} {frame['n']} move for "
            f"{action.args[0]}: closer/farther as ordered, stopping next to the enemy, one "
            "unit per hex (5.8, 6.1, 4.1)"
        )


# --- forced moves: ROUT!, BAYONETS (one hex back) and gas (away from the cloud) ----------


def retreat_hexes(state: DevilDogsState, unit: int, mode: str, token: int) -> list[int]:
    """9: one empty hex back towards the friendly edge (ROUT!, BAYONETS), or the nearest
    empty hexes out of the gas area and not next to the enemy (GAS BARRAGE)."""
    side = state.c.units[unit].side
    here = state.where[unit]
    grid = state.c.board.grid
    if mode != "gas":
        at, rows = state.at, state.c.board.row
        ahead = 1 if side == US else -1  # ``toward_enemy``, read inline
        return sorted(
            [
                h
                for h in state.playable_neighbors[here]  # (the neighbours ``is_playable``)
                if h not in at and (rows[here] - rows[h]) * ahead < 0
            ]
        )
    zone = state.enemy_zone(side)
    reached = reach_ignoring_zoc(state, unit, 6)
    clear = {
        h: d
        for h, d in reached.items()
        if h not in state.at and grid.distance(h, token) >= 2 and h not in zone
    }
    if not clear:
        return []
    nearest = min(clear.values())
    return sorted([h for h, d in clear.items() if d == nearest])


def reach_ignoring_zoc(state: DevilDogsState, unit: int, allowance: int) -> dict[int, float]:
    """Hexes within ``allowance`` steps through empty or friendly hexes (a forced move)."""
    enemies = state.enemy_hexes(state.c.units[unit].side)
    return _search(state, state.where[unit], allowance, enemies, frozenset())


def start_retreats(
    state: DevilDogsState, side: str, units: list[int], mode: str, token: int = -1
) -> None:
    """Ask the owner where each unit goes (8: he may refuse); a unit that cannot go stays."""
    waiting = tuple(u for u in units if state.where[u] >= 0)
    if waiting:
        state.push("retreat", side=side, units=waiting, mode=mode, token=token)


class Retreat(Prompt[DevilDogsState]):
    """9 ROUT!, BAYONETS, GAS BARRAGE: the owner moves each unit or refuses (8); forced
    moves remove pinning tokens."""

    name = "retreat"
    title = "make the forced move of each unit, or refuse it (8, 9)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        actions: list[Action] = []
        for unit in frame["units"]:
            unit_id = state.c.units[unit].id
            ends = retreat_hexes(state, unit, frame["mode"], frame["token"])
            actions.extend([act("retreat", unit_id, state.hex_id(h)) for h in ends])
            actions.append(act("refuse" if ends else "stay", unit_id))
        return actions

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_index(action.args[0])
        if action.verb == "retreat":
            origin = state.hex_id(state.where[unit])
            state.put(unit, state.c.board.hex(action.args[1]))
            state.pinned.discard(unit)  # 6.2, 9: units forced to move remove their pins
            state.note("9", f"{state.unit(unit).id} falls back {origin} to {action.args[1]}")
        elif action.verb == "refuse":
            refuse(state, unit, "8")
        else:
            state.note("9", f"{state.label(unit)} has nowhere to go and stays")
        frame["units"] = tuple([u for u in frame["units"] if u != unit and state.where[u] >= 0])
        if not frame["units"] or state.is_terminal():
            state.pop()


class BayonetAdvance(Prompt[DevilDogsState]):
    """9 BAYONETS: friendly units adjacent to a hex the enemy left may advance into it."""

    name = "advance"
    title = "advance into the hexes the enemy gave up, or stop (9 BAYONETS)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for unit, hex_index in advances(state, side, frame["hexes"], frame["moved"]):
            yield act("advance", state.unit(unit).id, state.hex_id(hex_index))
        yield act("done")

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        unit = state.unit_or_done(action)
        if unit is None:
            return
        target = state.c.board.hex(action.args[1])
        origin = state.hex_id(state.where[unit])
        state.put(unit, target)
        state.note("9", f"{state.unit(unit).id} advances {origin} to {action.args[1]}")
        frame["moved"] = (*frame["moved"], unit)
        if not advances(state, side, frame["hexes"], frame["moved"]):
            state.pop()


def advances(
    state: DevilDogsState, side: str, hexes: tuple[int, ...], moved: tuple[int, ...]
) -> list[tuple[int, int]]:
    """(unit, hex) pairs: an unpinned friendly unit next to an empty vacated hex (6.2)."""
    grid = state.c.board.grid
    pairs = []
    for hex_index in hexes:
        if hex_index in state.at:
            continue
        for h in grid.neighbors(hex_index):
            unit = state.at.get(h)
            if (
                unit is not None
                and state.unit(unit).side == side
                and unit not in state.pinned
                and unit not in moved
            ):
                pairs.append((unit, hex_index))
    return sorted(pairs)

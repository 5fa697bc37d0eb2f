"""MA 11.3-11.7, 19.3, 19.6: reinforcements arrive by schedule; replacements return or rebuild."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.meuse.data import ALLIED, GERMAN, WOODS
from greatwar.games.meuse.state import BROKEN_DOWN, ELIMINATED, UNPLACED, MeuseState, Task
from greatwar.games.meuse.supply import hex_supplied

# --- reinforcements (11.4, 11.7, 19.3, 19.6) ---------------------------------------------


def scheduled(state: MeuseState, side: str) -> list[int]:
    """19.3, 19.6: the units due this turn, then any that found no entry hex before."""
    due: list[str] = state.c.tables["reinforcements"][side].get(str(state.turn), [])
    waiting = [u for u in state.delayed if state.counter(u).side == side]
    return waiting + [u for u in state.c.units(due) if state.where[u] == UNPLACED]


def entry_hexes(state: MeuseState, side: str, unit: int) -> list[int]:
    """19.3 (or 11.4 by option) Allied edge hexes; 19.6 German towns on the north/east edges;
    never into an occupied hex (digest 5.3)."""
    board = state.c.board
    if side == GERMAN:
        candidates: frozenset[int] | tuple[int, ...] = state.c.entry_towns
    elif state.cfg.allied_reinforcement_edge == "south":
        candidates = board.south_edge
    else:
        candidates = allied_edge(state)
    stacks = state.stacks
    empty_has_room = state.cfg.stacking_limit >= 1  # (as ``room`` finds without looking)
    hexes = [h for h in candidates if h not in stacks and (empty_has_room or state.room(h, [unit]))]
    hexes.sort()
    return hexes


def allied_edge(state: MeuseState) -> frozenset[int]:
    """11.3, 11.4: map-edge hexes south (and west) of the Stellung line."""
    return state.c.board.allied_edge


def start_arrivals(state: MeuseState, side: str) -> None:
    """At the start of the movement phase each arriving unit is placed on an entry hex."""
    units = scheduled(state, side)
    state.delayed = [u for u in state.delayed if state.counter(u).side != side]
    state.then(*(("reinforce", unit) for unit in units))
    state.run_tasks()


def reinforce_task(state: MeuseState, task: Task) -> bool:
    """Ask where the unit enters; with every entry hex blocked it waits a turn."""
    unit = task[1]
    side = state.counter(unit).side
    if not entry_hexes(state, side, unit):
        state.delayed.append(unit)
        rule = "19.6" if side == GERMAN else "19.3"
        state.note(rule, f"{state.label(unit)} finds no free entry hex: it waits a turn")
        return True
    state.push("reinforce", side=side, unit=unit)
    return False


class Reinforce(Prompt[MeuseState]):
    """11.4, 11.7, 19.3, 19.6: place the arriving unit on an entry hex; it may then move."""

    name = "reinforce"
    title = "place the arriving reinforcement (19.3, 19.6)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> list[Action]:
        enter = state.hex_actions("enter")
        return [enter[hex_index] for hex_index in entry_hexes(state, side, frame["unit"])]

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        unit = frame["unit"]
        state.pop()
        if unit in state.c.units(state.c.tables["reinforcements"]["arrive_depleted"]):
            state.steps[unit] = 1  # 19.6 arrives on map depleted
        rule = "19.6" if side == GERMAN else "19.3"
        state.note(rule, f"{state.label(unit)} arrives at {action.args[0]}")
        state.put(unit, state.c.board.grid.index(action.args[0]))
        state.run_tasks()

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if side == GERMAN:
            return "German reinforcements arrive in an empty town on the north or east edge (19.6)"
        return "Allied reinforcements arrive in an empty hex of the south edge (19.3)"


# --- replacements (11.3, 11.6, 13.1, 13.2) -----------------------------------------------


def may_replace(state: MeuseState, side: str) -> bool:
    """11.3 one per Allied movement phase; 11.6 one German replacement per game."""
    if side == GERMAN:
        return not state.german_replacement_used
    return state.replacement != "used"


def returnable(state: MeuseState, side: str) -> list[int]:
    """11.3, 11.6: eliminated units a replacement may bring back; never a brigade chit (11.3);
    13.2 a broken-down division only while three brigade chits are free."""
    if side == ALLIED and state.replacement:
        return []  # a replacement already half spent on rebuilding
    where = state.where
    units = []
    free = -1  # (counted once, at the first broken-down division)
    eliminated, broken_down = ELIMINATED, BROKEN_DOWN  # (machine integers where compiled)
    for unit in state.c.divisions[side]:
        place = where[unit]
        if place == eliminated:
            units.append(unit)
        elif place == broken_down:
            if free < 0:
                needed = int(state.c.tables["three_step"]["return_needs_free_brigades"])
                free = 1 if len(state.free_brigades()) >= needed else 0
            if free:
                units.append(unit)
    return units


def arrival_hexes(state: MeuseState, side: str, unit: int) -> list[int]:
    """11.3 Allied: a map-edge hex south or west of the Stellung line; 11.6 German: a north or
    east map-edge hex not occupied by nor in the ZOC of an Allied unit."""
    board = state.c.board
    if side == ALLIED:
        candidates = allied_edge(state)
    else:
        candidates = (board.north_edge | board.east_edge) - state.zoc(ALLIED)
    stacks = state.stacks
    empty_has_room = state.cfg.stacking_limit >= 1  # (as ``room`` finds without looking)
    hexes = [h for h in candidates if h not in stacks and (empty_has_room or state.room(h, [unit]))]
    hexes.sort()
    return hexes


def has_arrival_hex(state: MeuseState, side: str, unit: int) -> bool:
    """Whether ``arrival_hexes`` holds a hex (11.3, 11.6), looked for hex by hex without
    building the list: what the movement phase asks before offering a return."""
    board = state.c.board
    stacks = state.stacks
    empty_has_room = state.cfg.stacking_limit >= 1  # (as ``room`` finds without looking)
    if side == ALLIED:
        for h in allied_edge(state):
            if h not in stacks and (empty_has_room or state.room(h, [unit])):
                return True
        return False
    zoc = state.zoc(ALLIED)
    for edge in (board.north_edge, board.east_edge):
        for h in edge:
            if h not in zoc and h not in stacks and (empty_has_room or state.room(h, [unit])):
                return True
    return False


def rebuildable(state: MeuseState, side: str) -> list[int]:
    """11.3, 11.6: depleted units on the map, even in an enemy ZOC, but not in a forest hex;
    digest 9.3: not while out of supply."""
    where, steps, terrain = state.where, state.steps, state.c.board.terrain
    candidates = []
    for u in state.c.divisions[side]:
        if where[u] >= 0 and steps[u] < 2 and WOODS not in terrain[where[u]]:
            candidates.append(u)
    if not candidates:
        return []  # (the supply search is the costly part: only when it can matter)
    return [u for u in candidates if hex_supplied(state, side, where[u])]


def replacement_actions(state: MeuseState, side: str) -> list[Action]:
    """The replacement choices open now (offered by the movement phase)."""
    if not may_replace(state, side):
        return []
    returns = state.unit_actions("return")
    actions = [returns[u] for u in returnable(state, side) if has_arrival_hex(state, side, u)]
    rebuilds = state.unit_actions("rebuild")
    actions += [rebuilds[u] for u in rebuildable(state, side)]
    return actions


def use_replacement(state: MeuseState, side: str, action: Action) -> None:
    """Return an eliminated unit (choose its hex next) or rebuild a depleted one."""
    unit = state.c.counter(action.args[0]).index
    if action.verb == "return":
        state.push("arrive", side=side, unit=unit)
        return
    state.steps[unit] = 2
    rule = "11.3" if side == ALLIED else "11.6"
    state.note(rule, f"a replacement rebuilds {state.label(unit)} to full strength")
    spend(state, side, rebuild=True)


def spend(state: MeuseState, side: str, *, rebuild: bool) -> None:
    """11.3: an Allied replacement rebuilds two units or returns one; 11.6: the German one is
    the only one of the game."""
    if side == GERMAN:
        state.german_replacement_used = True
        return
    rebuilds = int(state.c.tables["replacements"]["allied_rebuilds"])
    if rebuild and not state.replacement and rebuilds > 1:
        state.replacement = "rebuild"
    else:
        state.replacement = "used"


def explain_replacement(state: MeuseState, side: str, action: Action) -> str:
    """Why a replacement action is not open now."""
    if not may_replace(state, side):
        if side == GERMAN:
            return "the German player has already used his one replacement (11.6)"
        return "this movement phase's Allied replacement is spent (11.3)"
    if action.verb == "rebuild":
        return "only a depleted unit in supply and not in a forest hex is rebuilt (11.3, 11.6)"
    return (
        "only an eliminated division returns, with a free arrival hex; never a brigade chit "
        "(11.3), and a broken-down division only while three brigade chits are free (13.2)"
    )


class Arrive(Prompt[MeuseState]):
    """11.3, 11.6: place the returning unit on an arrival hex, or keep the replacement."""

    name = "arrive"
    title = "place the returning unit (11.3, 11.6)"

    def offer(self, state: MeuseState, frame: Frame, side: str) -> Iterator[Action]:
        for hex_index in arrival_hexes(state, side, frame["unit"]):
            yield state.hex_actions("arrive")[hex_index]
        yield act("cancel")

    def apply(self, state: MeuseState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "cancel":
            return
        unit = frame["unit"]
        counter = state.counter(unit)
        depleted = side == GERMAN or counter.is_three_step or state.cfg.allied_returns != "full"
        state.steps[unit] = 1 if depleted else counter.counter_steps
        rule = "11.3" if side == ALLIED else "11.6"
        state.note(rule, f"a replacement brings {state.label(unit)} back at {action.args[0]}")
        spend(state, side, rebuild=False)
        state.put(unit, state.c.board.grid.index(action.args[0]))

    def explain(self, state: MeuseState, frame: Frame, action: Action, side: str) -> str | None:
        if side == GERMAN:
            return "an empty north or east edge hex outside any Allied ZOC (11.6)"
        return "an empty map-edge hex south or west of the Stellung line (11.3)"

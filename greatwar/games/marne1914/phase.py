"""4.C.1 the Movement Phase as a whole: the phasing player moves and rails units (7), rallies
and recovers them (10.2, 12.1), and brings on the reinforcements that enter during it (7.3,
15.2). It joins the movement rules (movement.py) and the reinforcement rules
(reinforcements.py), which know nothing of each other's prompts."""

from __future__ import annotations

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import DEFENSIVE
from greatwar.games.marne1914.movement import (
    is_engaged,
    movement_memo,
    rallies,
    rebuild,
    rebuildable,
    recover,
)
from greatwar.games.marne1914.reinforcements import (
    apply_extra,
    movement_extras,
    start_arrivals,
    variable_reinforcements,
)
from greatwar.games.marne1914.state import MarneState

END = act("end")


def start_movement(state: MarneState) -> None:
    """4.C.1: the phasing player's Movement Phase; 5.1.2 a) Reserve markers; 15.2 rolls."""
    side = state.active
    state.moved.clear()
    state.railed.clear()
    state.rallied.clear()
    state.attacked.clear()
    state.targets.clear()
    state.barred.clear()
    state.bombarded.clear()
    state.entered.clear()
    state.rail_used = {"german": 0, "french": 0, "british": 0}
    state.touched.clear()  # (only move_choices reads it, within a movement phase)
    if state.player_turn == 0:
        state.rebuilt_corps.clear()
    state.reserve = reserve_units(state, side)
    variable_reinforcements(state, side)
    state.push("movement", side=side)


def reserve_units(state: MarneState, side: str) -> set[int]:
    """5.1.2 a): the side's combat units on the map in Defensive mode, in supply and not in an
    enemy ZOC, that may attack this turn (a loop typed in phase.pxd: the tables read in C)."""
    is_hq, mode, hq_of, oos = state.c.is_hq_of, state.mode, state.hq_of, state.oos
    found = set()
    for u in state.held_units(side):
        if is_hq[u] or mode[hq_of[u]] != DEFENSIVE:  # ``unit_mode``
            continue
        if u in oos:  # ``in_supply``: 5.1.2 a) with 11.2.2
            continue
        if not state.in_enemy_zoc(u):
            found.add(u)
    return found


class MovementPhase(Prompt[MarneState]):
    """7: move units one at a time; 10.2 remove disruption; 12.1 recovery; 15.1 taxis."""

    name = "movement"
    title = "move a unit, rally, recover, or end movement (7)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> list[Action]:
        c = state.c
        memo = movement_memo(state, side, frame)
        rallying = rallies(state, side)
        recovering = memo.recovering
        offered: list[Action] = []
        if rallying or recovering:
            rally, recover = c.unit_actions("rally"), c.unit_actions("recover")
            # (most offers have no unit that may try Recovery: no union made then)
            for unit in sorted(rallying | recovering if recovering else rallying):
                if unit in rallying:
                    offered.append(rally[unit])
                if unit in recovering:
                    offered.append(recover[unit])
        # (12.1.1: not asked while no HQ is in Regroup mode, as the memo found with the modes)
        rebuilding = rebuildable(state, side) if memo.regroup else None
        if rebuilding:  # (most offers have none: the table not looked up)
            rebuild = c.unit_actions("rebuild")
            for unit in rebuilding:
                offered.append(rebuild[unit])
        offered.extend(movement_extras(state, side))
        offered.extend(memo.moves())  # by unit in order: rail, then move (7.2, 7.1)
        offered.append(END)
        return offered

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        verb = action.verb
        if verb == "move":  # (most answers: asked first)
            state.push("move", side=side, unit=state.c.by_id[action.args[0]].index)
            return
        if verb == "end":
            state.pop()
            start_arrivals(state, side)  # 7.3.1 at the end of the Movement Phase
            return
        unit = state.unit(action.args[0])
        if verb == "rally":
            state.disrupted.discard(unit)
            state.rallied.add(unit)
            state.tell(
                side,
                "10.2.1",
                f"{state.name(unit)} removes its Disrupted marker",
                public=f"an enemy unit in {state.hex_id(state.where[unit])} rallies",
            )
        elif verb == "recover":
            recover(state, unit)
        elif verb == "rebuild":
            rebuild(state, unit)
        elif verb == "rail":
            state.push("rail_to", side=side, unit=unit)
        else:
            apply_extra(state, side, action)

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if not action.args:
            return None
        counter = state.c.by_id.get(action.args[0])
        if counter is None or counter.side != side:
            return f"{action.args[0]} is not one of your units"
        unit = counter.index
        if action.verb == "rally":
            return "only a disrupted unit in supply and not in an enemy ZOC rallies (10.2.1)"
        if action.verb == "recover":
            return (
                "recovery needs Regroup mode, a reduced non-artillery unit in supply, not "
                "disrupted, not in an enemy ZOC, not moved (12.1.1-12.1.3)"
            )
        if action.verb == "rail":
            return (
                "railroad movement needs Transfer mode, a railroad hex not next to the enemy "
                "and railroad capacity left (7.2.2-7.2.7)"
            )
        if action.verb == "move":
            if is_engaged(state, unit):
                return f"{counter.id} is Engaged and may not move (9.6.2)"
            if unit in state.moved or unit in state.railed:
                return f"{counter.id} has already moved this phase (7.1.1, 7.2.3, 12.1.3)"
            return f"{counter.id} has no hex it may move to (7.1, 8.1, 8.2)"
        return None


PROMPTS = (MovementPhase(),)

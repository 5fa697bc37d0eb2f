"""What one side may see, built from a whitelist: new fields stay hidden.

Fire & Movement has no fog of war (digest 10): every unit, marker and die roll is public, so
both sides see the same board; only the prompt and legal actions are the acting side's own.
"""

from __future__ import annotations

from typing import Any

from greatwar.games.meuse.combat import (
    attack_strength,
    column,
    crt,
    defense_strength,
    differential,
    line_for,
)
from greatwar.games.meuse.data import ALLIED, GERMAN
from greatwar.games.meuse.state import (
    BROKEN_DOWN,
    ELIMINATED,
    PHASES,
    SETUP,
    UNPLACED,
    MeuseState,
)
from greatwar.games.meuse.supply import supplied_hexes


def unit_view(state: MeuseState, unit: int, supplied: frozenset[int]) -> dict[str, Any]:
    """A counter's face now showing (MA 13.1) and its state this phase."""
    c = state.counter(unit)
    attack, defense, move = state.values(unit)
    return {
        "id": c.id,
        "side": c.side,
        "kind": c.kind,
        "name": c.name,
        "nation": c.nation,
        "attack": attack,
        "defense": defense,
        "move": move,
        "depleted": state.is_depleted(unit),
        "three_step": c.is_three_step,
        "moved": unit in state.moved,
        "attacked": unit in state.attacked,
        "done": unit in state.moved or unit in state.attacked,
        "in_supply": state.where[unit] in supplied,
    }


def stacks_view(state: MeuseState) -> list[dict[str, Any]]:
    """Every stack, whole, for both sides (digest 10: no hidden units)."""
    supplied = {side: supplied_hexes(state, side) for side in (ALLIED, GERMAN)}
    views = []
    for hex_index in sorted(state.stacks):
        stack = state.units_in(hex_index)
        owner = state.counter(stack[0]).side
        views.append(
            {
                "hex": state.hex_id(hex_index),
                "side": owner,
                "count": len(stack),
                "units": [unit_view(state, u, supplied[owner]) for u in stack],
            }
        )
    return views


def phase_view(state: MeuseState) -> dict[str, Any]:
    if state.phase == SETUP:
        return {"index": SETUP, "side": ALLIED, "title": "Set Up (11.0)"}
    side, kind, title = PHASES[state.phase]
    return {"index": state.phase, "side": side, "kind": kind, "title": title}


def combat_view(state: MeuseState) -> dict[str, Any] | None:
    """The attack being resolved: strengths, support, terrain line and column (7.3, 7.4)."""
    combat = state.combat
    if combat is None:
        return None
    line = line_for(state, combat["target"], combat["hexes"], combat["lost_battalion"])
    diff = differential(state)
    return {
        "attacker": combat["attacker"],
        "target": state.hex_id(combat["target"]),
        "units": [state.counter(u).id for u in combat["units"]],
        "attack": combat["strength"],
        "defense": defense_strength(state, combat["target"]),
        "attacker_support": list(combat["attacker_support"]),
        "defender_support": list(combat["defender_support"]),
        "lost_battalion": combat["lost_battalion"],
        "differential": diff,
        "line": crt(state)["lines"][line]["title"],
        "column": column(state, line, diff),
    }


def attack_box(state: MeuseState, target: int, units: tuple[int, ...]) -> dict[str, Any]:
    """The attack as the client's fire box shows it: strengths, then differential, terrain
    line and result column (7.2-7.4); support fire and the Lost Battalion once allotted."""
    combat = state.combat
    hexes = sorted({state.where[u] for u in units})
    if combat is not None and combat["target"] == target:
        attack = combat["strength"] + sum(combat["attacker_support"])
        defense = defense_strength(state, target) + sum(combat["defender_support"])
        line = line_for(state, target, combat["hexes"], combat["lost_battalion"])
    else:
        attack = attack_strength(state, units)
        defense = defense_strength(state, target)
        line = line_for(state, target, hexes)
    diff = attack - defense
    title = crt(state)["lines"][line]["title"]
    return {
        "target": state.hex_id(target),
        "firers": [state.counter(u).id for u in units],
        "strength": attack,
        "defense": defense,
        "odds": f"{diff:+d} on {title} (column {column(state, line, diff)})",
    }


def prompt_view(state: MeuseState, side: str) -> dict[str, Any] | None:
    """The waiting prompt with what the side needs to decide it."""
    if side not in state.sides_to_act():
        return None
    frame = state.stack[-1]
    prompt = state.prompts[frame["p"]]
    view: dict[str, Any] = {"name": prompt.name, "title": prompt.title}
    if "unit" in frame:
        view["unit"] = state.counter(frame["unit"]).id
    if "units" in frame:
        view["units"] = [state.counter(u).id for u in frame["units"]]
    if "target" in frame:
        view["target"] = state.hex_id(frame["target"])
    if frame["p"] == "attack":
        view["fire"] = attack_box(state, frame["target"], frame["units"])
    elif state.combat is not None and frame["p"] in ("support", "step_loss", "defender_choice"):
        combat = state.combat
        view["fire"] = attack_box(state, combat["target"], combat["units"])
    for key in ("hexes", "hits", "markers", "rule"):
        if key in frame:
            view[key] = list(frame[key]) if isinstance(frame[key], tuple) else frame[key]
    return view


def off_map(state: MeuseState, side: str) -> dict[str, list[str]]:
    """Counters of a side not on the map, by where they are."""
    groups: dict[str, list[str]] = {"eliminated": [], "broken_down": [], "to_arrive": []}
    for counter in state.c.counters:
        if counter.side != side or counter.is_brigade:
            continue
        where = state.where[counter.index]
        if where == ELIMINATED:
            groups["eliminated"].append(counter.id)
        elif where == BROKEN_DOWN:
            groups["broken_down"].append(counter.id)
        elif where == UNPLACED and state.phase != SETUP:
            groups["to_arrive"].append(counter.id)
    return groups


def panels(state: MeuseState, side: str, actions: list[str]) -> list[dict[str, Any]]:
    """Tracks and pools the player must see (MA 11.1, 17.1, 8.1), with actions on them."""
    items = []
    for who in (ALLIED, GERMAN):
        items.append({"label": f"{who} bombardment markers left: {state.markers[who]}"})
        support = ", ".join(str(s) for s in state.support[who]) or "none"
        items.append({"label": f"{who} support-fire markers: {support}"})
    last = state.c.tables["turns"]["count"]
    track = [{"label": f"turn {state.turn} of {last}: {state.date()}"}, *items]
    pools = []
    away = off_map(state, side)
    for unit_id in away["eliminated"] + away["broken_down"]:
        action = f"return {unit_id}"
        item = {"label": unit_id}
        if action in actions:
            item["action"] = action
        pools.append(item)
    return [
        {"title": "Turn and artillery track (17.1)", "items": track},
        {"title": "Eliminated units (11.3, 11.6)", "items": pools},
    ]


def observation(state: MeuseState, side: str) -> dict[str, Any]:
    """Everything ``side`` may know now, as JSON-able data."""
    acting = side in state.sides_to_act()
    actions = [str(a) for a in state.legal_actions(side)] if acting else []
    end = state.end_cause()
    return {
        "game": "meuse",
        "side": side,
        "turn": state.turn,
        "date": state.date(),
        "phase": phase_view(state),
        "to_act": list(state.sides_to_act()),
        "prompt": prompt_view(state, side),
        "legal_actions": actions,
        "stacks": stacks_view(state),
        "markers": markers_view(state),
        "combat": combat_view(state),
        "off_map": {who: off_map(state, who) for who in (ALLIED, GERMAN)},
        "free_brigades": [state.counter(u).id for u in state.free_brigades()],
        "bombardment_markers": dict(state.markers),
        "support_markers": {who: list(m) for who, m in state.support.items()},
        "lost_battalion_used": state.lost_battalion_used,
        "german_replacement_used": state.german_replacement_used,
        "allied_replacement": state.replacement or "unused",
        "gas": state.gas,
        "panels": panels(state, side, actions),
        "can_undo": state.can_undo(side),
        "winner": state.winner(),
        "end": {"rule": end[0], "cause": end[1]} if end else None,
        "log": state.log_view(side),
    }


def markers_view(state: MeuseState) -> list[dict[str, Any]]:
    """Breach reminders (17.6), aircraft (17.3) and placed bombardment markers (17.2)."""
    marks: list[dict[str, Any]] = [
        {"kind": "breach", "hex": state.hex_id(h)} for h in sorted(state.breached)
    ]
    marks += [{"kind": "aircraft", "hex": state.hex_id(h)} for h in state.aircraft]
    marks += [
        {"kind": "bombardment", "hex": state.hex_id(h), "unit": state.counter(u).id}
        for u, h in state.plan
    ]
    return marks

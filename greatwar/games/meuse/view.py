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
    view = state.prompt_title(side)
    if view is None:
        return None
    frame = state.stack[-1]
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
    if frame["p"] == "bombard" and state.markers[side]:
        # 17.2: firing loses the markers not placed; the browser asks before it does
        left = state.markers[side]
        view["confirm"] = {
            "fire": f"{left} bombardment marker{'s' if left > 1 else ''} not placed will be "
            "lost when you fire (17.2)."
        }
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


SIDE_NAMES = {ALLIED: "Allies", GERMAN: "Germany"}


def panels(state: MeuseState, side: str, actions: list[str]) -> list[dict[str, Any]]:
    """Tracks and pools the player must see (MA 11.1, 17.1, 8.1), with actions on them."""
    items = []
    for who in (ALLIED, GERMAN):
        name = SIDE_NAMES[who]
        items.append({"label": f"{name}: {state.markers[who]} bombardment markers left"})
        support = ", ".join(f"+{s}" for s in state.support[who]) or "none"
        items.append({"label": f"{name}: support-fire markers {support}"})
    last = state.c.tables["turns"]["count"]
    track = [{"label": f"Turn {state.turn} of {last}: {state.date()}"}, *items]
    pools = []
    away = off_map(state, side)
    for unit_id in away["eliminated"] + away["broken_down"]:
        action = f"return {unit_id}"
        item = {"label": f"{state.c.counter(unit_id).name} ({unit_id})"}
        if action in actions:
            item["action"] = action
        pools.append(item)
    arriving = [state.c.counter(u).name for u in away["to_arrive"]]
    once = [
        {
            "label": "Lost Battalion (18.1): "
            + ("used" if state.lost_battalion_used else "not yet used")
        },
        {
            "label": "German replacement (11.6): "
            + ("used" if state.german_replacement_used else "not yet used")
        },
        {"label": f"Allied replacement (11.3): {state.replacement or 'not yet used'}"},
        {"label": f"Free US brigades (13.1): {len(state.free_brigades())}"},
    ]
    if state.gas:
        once.append({"label": "Gas in this bombardment (17.7): -1 to every roll"})
    return [
        {"title": "Turn and artillery track (17.1)", "items": track},
        {"title": "Once-a-game and pools", "items": once},
        {"title": "Eliminated units (11.3, 11.6)", "items": pools},
        {
            "title": f"Your reinforcements to come (19.6): {len(arriving)}",
            "items": [{"label": ", ".join(arriving)}] if arriving else [],
        },
    ]


def observation(state: MeuseState, side: str) -> dict[str, Any]:
    """Everything ``side`` may know now, as JSON-able data; for ``State.player_view`` (a
    computer player), only the board, the markers, the prompt and the attack being resolved."""
    shared = state.shared_view(side)
    if state.lean_view:
        return {**shared, **player_keys(state, side)}
    return {
        **shared,
        "turn": state.turn,
        "date": state.date(),
        "phase": phase_view(state),
        "prompt": prompt_view(state, side),
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
        "panels": panels(state, side, shared["legal_actions"]),
    }


def player_keys(state: MeuseState, side: str) -> dict[str, Any]:
    """The game's keys of ``observation`` a computer player reads, without the panels it has
    no use for: built by the same functions, so it never shows more."""
    return {
        "turn": state.turn,
        "prompt": prompt_view(state, side),
        "stacks": stacks_view(state),
        "markers": markers_view(state),
        "combat": combat_view(state),
        "support_markers": {who: list(m) for who, m in state.support.items()},
        "gas": state.gas,
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

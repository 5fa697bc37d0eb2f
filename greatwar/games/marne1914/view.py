"""What one side may see, built from a whitelist: new fields stay hidden.

5.2.5: enemy HQs lie face down, their modes unknown until combat reveals them. 8.1.5: the
contents of an enemy stack are never shown, only the counters' number and its HQs' faces;
the attack and defense totals become known once an attack is declared.
"""

from __future__ import annotations

from typing import Any

from greatwar.games.marne1914.combat import (
    GARRISON,
    attack_box,
    bombard_box,
    counter_box,
    defense_fire_box,
    firers,
)
from greatwar.games.marne1914.data import ALLIED, GERMAN, OTHER, SIDES
from greatwar.games.marne1914.modes import chosen, side_hqs
from greatwar.games.marne1914.rules import PHASE_ORDER, PHASE_TITLES
from greatwar.games.marne1914.state import ELIMINATED, NEVER, WAITING, MarneState
from greatwar.games.marne1914.victory import holder, victory_points

# The sides as the panels name them.
SIDE_NAMES = {ALLIED: "the Allies", GERMAN: "Germany"}


def own_unit(state: MarneState, unit: int, engaged: set[int]) -> dict[str, Any]:
    """A friendly counter, everything its owner knows (``engaged``: the Engaged hexes)."""
    c = state.c.counters[unit]
    hq = state.hq_of[unit]
    attack, defense, move = state.printed(unit)
    mode = chosen(state, hq)
    view: dict[str, Any] = {
        "id": c.id,
        "side": c.side,
        "kind": c.kind,
        "name": c.name,
        "corps": c.corps,
        "hq": state.c.counters[hq].id,
        "mode": mode,
        "attack": state.bombard_factor(unit) if c.is_artillery else attack,
        "defense": defense,
        "move": move,
        "sp": c.sp,
        "reduced": state.steps[unit] < c.steps,
        "disrupted": unit in state.disrupted,
        "in_supply": unit not in state.oos,
        "engaged": state.where[unit] in engaged and not c.is_hq,
        "done": unit in state.moved or unit in state.attacked,
    }
    if c.is_artillery:
        view["bombard_left"] = max(0, state.bombard_factor(unit) - state.bombarded.get(unit, 0))
    if c.is_hq:
        view["face"] = f"{c.id} {mode}"
    return view


def enemy_hq(state: MarneState, hq: int) -> dict[str, Any]:
    """5.2.5: the general's name face up, the mode face down until combat reveals it."""
    c = state.counter(hq)
    mode = state.mode[hq] if hq in state.revealed else "face down"
    return {"id": c.id, "side": c.side, "kind": "hq", "name": c.name, "mode": mode}


def stacks_view(state: MarneState, side: str) -> list[dict[str, Any]]:
    views = []
    counters = state.c.counters
    engaged = {h for pair in state.engaged for h in pair}
    for hex_index in sorted(state.stacks):
        stack = state.stacks[hex_index]
        owner = counters[stack[0]].side
        if owner == side:
            units = [own_unit(state, u, engaged) for u in stack]
            extra = {"sp": state.sp_in(hex_index), "limit": state.stack_limit(stack)}
        else:
            units = [enemy_hq(state, u) for u in stack if counters[u].is_hq]
            if any(not counters[u].is_hq for u in stack):
                units.append(
                    {"id": "hidden", "side": owner, "kind": "hidden", "name": "enemy stack (8.1.5)"}
                )
            extra = {}
        views.append(
            {
                "hex": state.hex_id(hex_index),
                "side": owner,
                "count": len(stack),
                "units": units,
                **extra,
            }
        )
    return views


def phase_view(state: MarneState) -> dict[str, Any]:
    return {
        "index": PHASE_ORDER.index(state.phase),
        "name": state.phase,
        "side": state.active,
        "title": PHASE_TITLES[state.phase],
    }


def combat_view(state: MarneState) -> dict[str, Any] | None:
    """8.1.5: after the declaration, both sides know the totals."""
    combat = state.combat
    if combat is None:
        return None
    box = attack_box(state)
    return {
        "attacker": combat["attacker"],
        "target": state.hex_id(combat["target"]),
        "hexes": [state.hex_id(h) for h in combat["hexes"]],
        "attack": box["attack"],
        "defense": box["defense"],
    }


def fire_box(state: MarneState) -> dict[str, Any]:
    """The regular attack as the client's fire box shows it (9.4.4, 9.7)."""
    combat = state.combat
    assert combat is not None
    box = attack_box(state)
    mods = ", ".join(box["modifiers"]) or "no modifiers"
    odds = (
        "above 7:1 automatic"
        if box["automatic"]
        else f"column {box['column']} on the {box['line']} line, {box['drm']:+d} ({mods})"
    )
    return {
        "target": state.hex_id(combat["target"]),
        "firers": [state.counter(u).id for u in box["units"]],
        "strength": box["attack"],
        "defense": box["defense"],
        "odds": odds,
    }


def odds_text(line: str, column: int, drm: int, modifiers: list[str]) -> str:
    """A roll as the player sees it before it is made: column, line and modifiers (9.7)."""
    mods = ", ".join(modifiers) or "no modifiers"
    return f"column {column} on the {line} line, {drm:+d} ({mods})"


def defense_fire_view(state: MarneState) -> dict[str, Any]:
    """9.3.5: the Defense Fire allotted so far, one roll per attacking hex fired at."""
    combat = state.combat
    assert combat is not None
    boxes = [(h, defense_fire_box(state, h)) for h in combat["hexes"]]
    fired = [(h, b) for h, b in boxes if b["total"] > 0]
    odds = "; ".join(
        f"at {state.hex_id(h)}: {b['total']} factors, "
        + odds_text(b["line"], b["column"], b["drm"], b["modifiers"])
        for h, b in fired
    )
    return {
        "target": state.hex_id(fired[0][0] if fired else combat["hexes"][0]),
        "firers": [f for _, b in fired for f in b["firers"] if f != GARRISON],
        "strength": sum(b["total"] for _, b in fired),
        "odds": odds or "no Defense Fire allotted yet (9.3.4)",
    }


def counter_view(state: MarneState, hexes: list[int]) -> dict[str, Any]:
    """9.5.4: each attacking hex that may be counter attacked, with its column and modifiers."""
    boxes = [(h, counter_box(state, h)) for h in hexes]
    first = boxes[0][1]
    # no "defense": the attackers' Defense factors stay hidden (8.1.5), the CRT does not use them
    return {
        "target": state.hex_id(hexes[0]),
        "firers": [state.counter(u).id for u in first["units"]],
        "strength": first["total"],
        "odds": "; ".join(
            (f"at {state.hex_id(h)}: " if len(boxes) > 1 else "")
            + odds_text(b["line"], b["column"], b["drm"], b["modifiers"])
            for h, b in boxes
        ),
    }


def bombard_view(state: MarneState, target: int, shares: dict[str, int]) -> dict[str, Any]:
    """9.1.5: the factors allotted, their Bombardment Table column and the modifiers the
    bombarding side can know before the roll (8.1.5: not the target stack's points)."""
    box = bombard_box(state, target, {int(u): n for u, n in shares.items()})
    massed, massed_text = box["massed"]
    shown = [m for m in box["modifiers"] if m != massed_text]
    mods = ", ".join(shown) or "no modifiers"
    if not box["total"]:
        odds = "no factors allotted yet (9.1.4)"
    else:
        odds = (
            f"column B{box['column']} of the Bombardment Table, {box['drm'] - massed:+d} "
            f"({mods}); +{state.c.tables['drm']['massed']} more if the target holds "
            f"{state.c.tables['stacking']['massed_target']} or more stacking points (9.7.2, "
            "known at the roll: 8.1.5)"
        )
    return {
        "target": state.hex_id(target),
        "firers": [state.counter(u).id for u in box["units"]],
        "strength": box["total"],
        "odds": odds,
    }


def prompt_view(state: MarneState, side: str) -> dict[str, Any] | None:
    if side not in state.sides_to_act():
        return None
    frame = state.stack[-1]
    prompt = state.prompts[frame["p"]]
    view: dict[str, Any] = {"name": prompt.name, "title": prompt.title}
    if "unit" in frame:
        view["unit"] = state.counter(frame["unit"]).id
    if "target" in frame:
        view["target"] = state.hex_id(frame["target"])
    if frame["p"] == "declare":
        units = list(frame["units"])
        view["declared"] = [state.counter(u).id for u in units]
        view["attack"] = sum(state.attack(u) for u in units)
        view["with"] = [  # 9.2.2: the attacks declared at the same time, so far
            {
                "target": state.hex_id(t),
                "units": [state.counter(u).id for u in us],
                "attack": sum(state.attack(u) for u in us),
            }
            for t, us in frame["group"]
        ]
    if frame["p"] == "roll" and state.combat is not None:
        view["fire"] = fire_box(state)
    if frame["p"] == "defense_fire" and state.combat is not None:
        power = firers(state)
        view["firers"] = {f: p for f, (p, _) in power.items()}
        view["allotted"] = [
            {"firer": f, "at": state.hex_id(h), "factors": n} for f, h, n in state.combat["fire"]
        ]
        view["fire"] = defense_fire_view(state)
    if frame["p"] == "counter" and state.combat is not None:
        view["fire"] = counter_view(state, list(frame["hexes"]))
    if frame["p"] == "bombard_with":
        view["shares"] = {state.counter(int(u)).id: n for u, n in frame["shares"].items()}
        view["fire"] = bombard_view(state, frame["target"], frame["shares"])
    for key in ("n", "left"):
        if key in frame:
            view[key] = frame[key]
    return view


def arrival_text(state: MarneState, group: str) -> str:
    """7.3: the turn a group is due, or 15.2 that it waits for its roll."""
    due = state.due.get(group, NEVER)
    return "on a die roll (15.2)" if due == NEVER else f"turn {due}"


def panels(state: MarneState, side: str, actions: list[str]) -> list[dict[str, Any]]:
    """HQ modes (5.2), the turn track, reinforcements (7.3) and victory points (14)."""

    offered = set(actions)

    def item(label: str, action: str) -> dict[str, Any]:
        out: dict[str, Any] = {"label": label}
        if action in offered:
            out["action"] = action
        return out

    first_mode: dict[str, str] = {}  # HQ -> the first of its mode actions
    for a in actions:
        if a.startswith("mode "):
            first_mode.setdefault(a.split(" ")[1], a)
    own = []
    for hq in side_hqs(state, side):
        c = state.counter(hq)
        where = state.hex_id(state.where[hq]) if state.where[hq] >= 0 else "to arrive"
        supply = " / out of supply" if hq in state.oos or hq in state.cut_off else ""
        label = f"{c.id}: {chosen(state, hq)} ({where}){supply}"
        own.append(item(label, first_mode.get(c.id, f"mode {c.id}")))
    enemy = [
        {"label": f"{state.counter(hq).id}: {enemy_hq(state, hq)['mode']}"}
        for hq in side_hqs(state, OTHER[side])
        if state.where[hq] >= 0
    ]
    points = victory_points(state)
    track = [
        {"label": f"turn {state.turn} of {state.last_turn()}: {state.date()}"},
        {"label": f"first player: {SIDE_NAMES.get(state.first, state.first)}"},
        {"label": f"victory points now: Allies {points[ALLIED]}, Germans {points[GERMAN]}"},
    ]
    waiting = [
        {"label": f"{c.id} ({c.name}), {arrival_text(state, c.group)}"}
        for c in state.c.counters
        if c.side == side and c.arrival and state.where[c.index] == WAITING
    ]
    lost = [
        {"label": c.id}
        for c in state.c.counters
        if c.side == side and state.where[c.index] == ELIMINATED
    ]
    lost = lost or [{"label": "none"}]
    return [
        {"title": "Your HQs and their modes (5.2)", "items": own},
        {"title": "Enemy HQs (5.2.5: face down until combat)", "items": enemy},
        {"title": "Turn and victory (4, 14)", "items": track},
        {"title": "Reinforcements to come (7.3)", "items": waiting},
        {"title": "Your eliminated units (12.1.5)", "items": lost},
    ]


def observation(state: MarneState, side: str) -> dict[str, Any]:
    """Everything ``side`` may know now, as JSON-able data; for ``State.player_view`` (a
    computer player) without the log and the legal actions' strings."""
    acting = side in state.sides_to_act() and not state.lean_view
    actions = [str(a) for a in state.legal_actions(side)] if acting else []
    end = state.end_cause()
    view = {
        "game": "marne1914",
        "side": side,
        "turn": state.turn,
        "date": state.date(),
        "phase": phase_view(state),
        "to_act": list(state.sides_to_act()),
        "prompt": prompt_view(state, side),
        "legal_actions": actions,
        "stacks": stacks_view(state, side),
        "combat": combat_view(state),
        "engaged": [
            {"hex": state.hex_id(h), "kind": "engaged"}
            for h in sorted({h for p in state.engaged for h in p})
        ],
        "garrison": [state.hex_id(h) for h in sorted(state.garrison)],
        "control": [
            {
                "hex": state.hex_id(h),
                "kind": state.c.board.value[h],
                "holder": holder(state, h) or "none",
            }
            for h in state.c.board.valued
        ],
        "points": victory_points(state),
        "taxi_used": state.taxi_used,
        "committed": [s for s in SIDES if s in state.committed],
        "panels": panels(state, side, actions),
        "can_undo": state.can_undo(side),
        "winner": state.winner(),
        "end": {"rule": end[0], "cause": end[1]} if end else None,
    }
    if state.lean_view:
        del view["legal_actions"]
    else:
        view["log"] = state.log_view(side)
    return view

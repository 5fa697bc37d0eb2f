"""What one side may see (6.5 fog of war), built from a whitelist: new fields stay hidden."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from greatwar.games.fbsm.data import Components
from greatwar.games.fbsm.events import TITLES
from greatwar.games.fbsm.fire import odds
from greatwar.games.fbsm.state import EXITED, PHASE_NAMES, SETUP, FbsmState


def unit_view(state: FbsmState, unit: int) -> dict[str, Any]:
    """A counter's printed face (2.5)."""
    return dict(_faces(state.c)[unit])


@cache
def _faces(components: Components) -> tuple[dict[str, Any], ...]:
    """Each counter's printed face by index, made once (views copy them: callers may change
    theirs)."""
    return tuple(
        {
            "id": c.id,
            "side": c.side,
            "kind": c.kind,
            "fire": c.fire,
            "range": c.range,
            "move": c.move,
            "name": c.name,
        }
        for c in components.counters
    )


def stack_view(state: FbsmState, hex_index: int, side: str) -> dict[str, Any]:
    """6.5: a side sees its own stacks whole, and only the top unit of an enemy stack."""
    stack = state.units_in(hex_index)
    owner = state.counter(stack[0]).side
    view: dict[str, Any] = {"hex": state.hex_id(hex_index), "side": owner, "count": len(stack)}
    if owner == side:
        faces, done = _faces(state.c), state.done
        view["units"] = [faces[u] | {"done": u in done} for u in stack]
    else:
        view["units"] = [unit_view(state, stack[-1])]
    return view


def lean_stack_views(state: FbsmState, side: str) -> list[dict[str, Any]]:
    """``stack_view`` of every stack in hex order, for ``player_view``: the same whitelist
    (6.5), the faces shared between calls (its reader treats them as read-only)."""
    c = state.c
    ids, side_of, faces = hex_ids(c), c.side_of, _faces(c)
    ready, moved = _lean_faces(c)
    done, placed = state.done, state.stacks
    views = []
    for h in sorted(placed):  # sorting the keys alone: a third of the time of the items
        stack = placed[h]
        owner = side_of[stack[0]]
        views.append(
            {
                "hex": ids[h],
                "side": owner,
                "count": len(stack),
                "units": [moved[u] if u in done else ready[u] for u in stack]
                if owner == side
                else [faces[stack[-1]]],
            }
        )
    return views


class IndexedView(NamedTuple):
    """``player_view`` in indices, for the computer players' picture: the same whitelist, with
    hexes and counters by index and no printed text. Each stack is (hex, owner, count, top
    counter, the side's own units bottom to top, or none for an enemy stack: 6.5)."""

    side: str
    turn: int
    phase: int
    event: str | None
    event_side: str | None
    heavy_mg: int | None  # 7.8: the counter index of this fire phase's heavy MG
    container: int  # 3.5: how many German units are left in it
    fired_into: frozenset[int]  # 10.5
    markers_left: tuple[str, ...]  # 11.1: while bombarding
    stacks: list[tuple[int, str, int, int, tuple[int, ...]]]
    done: frozenset[int]  # 9.1, 10.2: the side's own units that moved or fired this phase
    prompt: dict[str, Any] | None


def indexed_view(state: FbsmState, side: str) -> IndexedView:
    """What ``player_view(side)`` shows, in indices (tests check the two agree)."""
    side_of, placed = state.c.side_of, state.stacks
    stacks = []
    for h in sorted(placed):  # sorting the keys alone: a third of the time of the items
        stack = placed[h]
        owner = side_of[stack[0]]
        stacks.append((h, owner, len(stack), stack[-1], tuple(stack) if owner == side else ()))
    bombarding = state.stack and state.stack[-1]["p"] == "bombard"
    return IndexedView(
        side,
        state.turn,
        state.phase,
        state.event,
        state.event_side if state.event else None,
        state.heavy_mg,
        len(state.container),
        frozenset(state.fired_into),
        tuple(state.markers) if bombarding else (),
        stacks,
        frozenset([u for u in state.done if side_of[u] == side]),
        prompt_view(state, side),
    )


@cache
def hex_ids(components: Components) -> tuple[str, ...]:
    """Each hex's printed id by index, made once."""
    grid = components.board.grid
    return tuple(grid.id(h) for h in range(grid.size))


@cache
def _lean_faces(
    components: Components,
) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """Each counter's face with "done" false, and with it true, made once: what
    ``player_view`` shares between calls (its reader treats them as read-only)."""
    faces = _faces(components)
    return tuple(f | {"done": False} for f in faces), tuple(f | {"done": True} for f in faces)


def phase_view(state: FbsmState) -> dict[str, Any]:
    if state.phase == SETUP:
        return {"index": SETUP, "numeral": "", "title": "Set Up (3.0)"}
    numeral, title = PHASE_NAMES[state.phase]
    return {"index": state.phase, "numeral": numeral, "title": title}


def prompt_view(state: FbsmState, side: str) -> dict[str, Any] | None:
    """The waiting prompt, with the odds of a fire being declared by this side (10.3)."""
    view = state.prompt_title(side)
    if view is None:
        return None
    frame = state.stack[-1]
    if frame["p"] == "fire_group":
        strength, defense, ratio = odds(state, frame["firers"], frame["target"])
        view["fire"] = {
            "target": state.hex_id(frame["target"]),
            "firers": [state.counter(u).id for u in frame["firers"]],
            "strength": strength,
            "defense": defense,
            "odds": f"{ratio}:1" if ratio >= 1 else "below 1:1",
        }
    elif frame["p"] in ("move", "enter"):
        view["unit"] = state.counter(frame["unit"]).id
    elif frame["p"] == "advance":
        view["target"] = state.hex_id(frame["target"])
    elif frame["p"] == "bombard" and state.markers:
        # 11.1: a marker not placed now is not used this phase; the browser asks first
        left = len(state.markers)
        view["confirm"] = {
            "done": f"{left} bombardment marker{'s' if left > 1 else ''} not placed "
            f"({', '.join(state.markers)}) will not be used this phase (11.1)."
        }
    return view


SIDE_NAMES = {"us": "United States", "german": "Germany"}


def panels(state: FbsmState, side: str) -> list[dict[str, Any]]:
    """The browser's panels, in the rulebook's words: the random event in force (7.0), the
    German reinforcement container (3.5, 8.0), the bombardment markers (11.1), exits (4.3)."""
    event = TITLES[state.event] if state.event else "none this turn"
    if state.event and state.event_side:
        event += f", for {SIDE_NAMES.get(state.event_side, state.event_side)}"
    used = [TITLES[e] for e in sorted(state.used_once) if e in TITLES]
    situation = [
        {"label": f"Random event: {event}"},
        {"label": f"German units still in the container: {len(state.container)}"},
    ]
    if used:
        situation.append({"label": f"Events that cannot recur: {', '.join(used)}"})
    if state.heavy_mg is not None:
        heavy = state.counter(state.heavy_mg)
        situation.append({"label": f"German heavy machineguns with {heavy.name} ({heavy.id})"})
    bombarding = state.stack and state.stack[-1]["p"] == "bombard"
    markers = (
        [{"label": f"To place: {', '.join(state.markers) if state.markers else 'none'}"}]
        if bombarding
        else []
    )
    markers += [
        {"label": f"{kind.capitalize()} marker on {state.hex_id(h)}"} for kind, h in state.placed
    ]
    exited = [state.counter(u) for u, w in enumerate(state.where) if w == EXITED]
    return [
        {"title": "Situation (7.0, 3.5)", "items": situation},
        {"title": "Bombardment markers (11.1)", "items": markers},
        {
            "title": f"German units exited (4.3): {len(exited)}",
            "items": [{"label": ", ".join(f"{c.name} ({c.id})" for c in exited)}] if exited else [],
        },
    ]


def observation(state: FbsmState, side: str) -> dict[str, Any]:
    """Everything ``side`` may know now, as JSON-able data."""
    return {
        **state.shared_view(side),
        "turn": state.turn,
        "phase": phase_view(state),
        "prompt": prompt_view(state, side),
        "event": {"id": state.event, "title": TITLES[state.event], "side": state.event_side}
        if state.event
        else None,
        "events_used": sorted(state.used_once),
        "container": len(state.container),
        "heavy_mg": state.counter(state.heavy_mg).id if state.heavy_mg is not None else None,
        "markers_left": list(state.markers)
        if state.stack and state.stack[-1]["p"] == "bombard"
        else [],
        "markers_placed": [{"kind": k, "hex": state.hex_id(h)} for k, h in state.placed],
        "fired_into": sorted(state.hex_id(h) for h in state.fired_into),
        "stacks": lean_stack_views(state, side)
        if state.lean_view
        else [stack_view(state, h, side) for h in sorted(state.stacks)],
        "carnage": []  # player_view: for people, not players
        if state.lean_view
        else [
            {"hex": state.hex_id(h), "unit": unit_view(state, u)}
            for u, h in sorted(state.dead_at.items())
        ],
        "exited": [state.counter(u).id for u, w in enumerate(state.where) if w == EXITED],
        "panels": [] if state.lean_view else panels(state, side),  # panels: for people
    }

"""What each connection receives: a side's own observation, the same-screen view of the side
to act, or the spectators' view of what every side may see. Nothing else leaves the server."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from greatwar.core.state import State
from greatwar.server.store import Seat

LOG_WINDOW = 60  # pushed messages carry the newest log entries; the client keeps the rest

_MISSING = object()
_KEYS = ("id", "hex")  # list items carrying one of these are matched by it, not by position


def common_view(views: Sequence[Any]) -> Any:
    """The part of several observations that is the same in all of them: keys every view has
    with equal values, list items matched by id or hex (else in order), recursively. A value
    appears in the result only if every view shows it, so it reveals no side's secrets."""
    result = _common(list(views))
    return {} if result is _MISSING else result


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(isinstance(v, dict) for v in values):
        merged = {}
        for key in first:
            if all(key in v for v in values):
                value = _common([v[key] for v in values])
                if value is not _MISSING:
                    merged[key] = value
        return merged
    if all(isinstance(v, list) for v in values):
        return _common_list(values)
    if all(type(v) is type(first) and v == first for v in values):
        return first
    return _MISSING


def _item_key(items: list[Any]) -> str | None:
    for key in _KEYS:
        if all(isinstance(item, dict) and key in item for item in items):
            return key
    return None


def _common_list(lists: list[list[Any]]) -> list[Any]:
    key = _item_key([item for items in lists for item in items])
    if key is not None:
        indexed = [{item[key]: item for item in items} for items in lists]
        shared = [item[key] for item in lists[0] if all(item[key] in i for i in indexed[1:])]
        merged = [_common([i[k] for i in indexed]) for k in shared]
        return [m for m in merged if m is not _MISSING]
    return _in_order(lists)


def _in_order(lists: list[list[Any]]) -> list[Any]:
    """Items of the first list found, in the same order, in every other list (logs where one
    side also reads its private entries)."""
    positions = [0] * len(lists)
    result = []
    for item in lists[0]:
        found = []
        for n, other in enumerate(lists[1:], start=1):
            at = next((i for i in range(positions[n], len(other)) if other[i] == item), None)
            if at is None:
                break
            found.append((n, at))
        else:
            for n, at in found:
                positions[n] = at + 1
            result.append(item)
    return result


def viewing_side(state: State, seat: Seat) -> str | None:
    """Whose observation a seat receives: its side; on the same screen, the side to act (or
    the last side that acted); None for spectators."""
    if seat.role == "side":
        return seat.side
    if seat.role == "spectator":
        return None
    acting = state.sides_to_act()
    if acting:
        return acting[0]
    history = state.history()
    return history[-1].side if history else state.game.sides[0]


# What a side sees only because it is asked to act: never part of what every side sees.
ACTING_KEYS = ("prompt", "legal_actions", "can_undo", "hand")


def spectator_view(state: State) -> dict[str, Any]:
    """What every side may see: the common part of the sides' observations of the public state
    (during hidden simultaneous choices, the state before the first of them), without what a
    side sees because it is asked to act."""
    public = state.public_state()
    view: dict[str, Any] = common_view([public.observation(s) for s in public.game.sides])
    for key in ACTING_KEYS:
        view.pop(key, None)
    view["legal_actions"] = []  # spectators never act
    view["side"] = None
    return view


def observe(state: State, seat: Seat) -> tuple[str | None, dict[str, Any]]:
    """(the side whose view it is, the observation) for a seat."""
    side = viewing_side(state, seat)
    if side is not None:
        return side, state.observation(side)
    return None, spectator_view(state)


def seat_message(
    state: State, seat: Seat, ply: int, game: dict[str, Any], *, whole_log: bool
) -> dict[str, Any]:
    """The message a seat receives about the game at ``ply``; ``whole_log`` False keeps only the
    newest LOG_WINDOW entries (``log_start`` says where they begin)."""
    side, observation = observe(state, seat)
    log = observation.get("log", [])
    start = 0 if whole_log else max(0, len(log) - LOG_WINDOW)
    observation["log"] = log[start:]
    return {
        "type": "state",
        "ply": ply,
        "game": game | {"status": "over" if state.is_terminal() else "playing"},
        "seat": {"role": seat.role, "side": seat.side},
        "acting_as": side,
        "observation": observation,
        "log_start": start,
    }


def seat_text(state: State, seat: Seat, ply: int, game: dict[str, Any], whole_log: bool) -> str:
    """``seat_message`` as the JSON text sent (built off the event loop, sent as it is)."""
    return json.dumps(
        seat_message(state, seat, ply, game, whole_log=whole_log), separators=(",", ":")
    )

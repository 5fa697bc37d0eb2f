"""What a study records of each game besides who won: where units exited or died on the map.

A recorder watches one game through the game API (its actions and the sides' observations);
each game that has a map registers one in RECORDERS. Games without one record no places.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from greatwar.core.actions import Action
from greatwar.core.state import State


@dataclass
class Places:
    """Hex ids where units left the map (a win by exit) and where units were eliminated."""

    exit_hex: str | None = None
    dead_hexes: list[str] = field(default_factory=list)
    dead_sides: list[str] = field(default_factory=list)


class Recorder(Protocol):
    def on_action(self, state: State, side: str, action: Action) -> None: ...

    def places(self, state: State) -> Places: ...


class FbsmRecorder:
    """FBSM: the hex a German unit exits from (4.3) and every carnage marker (2.6)."""

    def __init__(self) -> None:
        self.exit_hex: str | None = None

    def on_action(self, state: State, side: str, action: Action) -> None:
        if action.verb != "to" or action.args != ("exit",):
            return
        view = state.observation(side)
        unit = (view["prompt"] or {}).get("unit")
        for stack in view["stacks"]:
            if any(u["id"] == unit for u in stack.get("units", [])):
                self.exit_hex = stack["hex"]

    def places(self, state: State) -> Places:
        carnage = state.observation(state.game.sides[0])["carnage"]  # public (2.6)
        return Places(
            exit_hex=self.exit_hex,
            dead_hexes=[c["hex"] for c in carnage],
            dead_sides=[c["unit"]["side"] for c in carnage],
        )


class NoPlaces:
    """For games that record no places."""

    def on_action(self, state: State, side: str, action: Action) -> None:
        return None

    def places(self, state: State) -> Places:
        return Places()


# game id -> factory of its recorder
RECORDERS: dict[str, Callable[[], Recorder]] = {
    "fbsm": FbsmRecorder,
}


def recorder(game_id: str) -> Recorder:
    return RECORDERS.get(game_id, NoPlaces)()

"""What a study records of an FBSM game besides who won (``greatwar.sim.facts`` finds this
module by its name): the hex a German unit exits from (4.3) and the hex of every carnage
marker with its unit's side (2.6). Read from the state, which is public in both: an exit is
played in the open and a carnage marker lies on the map for both sides to see."""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.state import State
from greatwar.games.fbsm.movement import EXIT_ACTION
from greatwar.games.fbsm.state import FbsmState


class Recorder:
    """Watches one game, action by action, then says where units exited or died."""

    def __init__(self) -> None:
        self.exit_hex: str | None = None

    def on_action(self, state: State, side: str, action: Action) -> None:
        """Called before ``action`` is applied: an exit (4.3) leaves from the moving unit's hex."""
        if action != EXIT_ACTION:
            return
        assert isinstance(state, FbsmState)
        unit: int = state.stack[-1]["unit"]
        self.exit_hex = state.hex_id(state.where[unit])

    def places(self, state: State) -> dict[str, Any]:
        """``greatwar.sim.facts.Places`` as keyword arguments, in counter order (2.6)."""
        assert isinstance(state, FbsmState)
        carnage = sorted(state.dead_at.items())
        return {
            "exit_hex": self.exit_hex,
            "dead_hexes": [state.hex_id(h) for _, h in carnage],
            "dead_sides": [state.counter(u).side for u, _ in carnage],
        }

"""What a study records of each game besides who won: where units exited or died on the map.

A game that has such places gives a recorder in its own package (``greatwar.games.<id>.facts``:
a ``Recorder`` class whose ``on_action(state, side, action)`` sees each action before it is
applied and whose ``places(state)`` returns the fields of ``Places``); it watches one game
through the game API and whatever of its own state every side may see. Games without one
record no places. Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from greatwar.core.actions import Action
from greatwar.core.registry import game_part
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


class NoPlaces:
    """For games that record no places."""

    def on_action(self, state: State, side: str, action: Action) -> None:
        return None

    def places(self, state: State) -> Places:
        return Places()


class GameRecorder:
    """A game's own recorder, its places as ``Places``."""

    def __init__(self, own: Any) -> None:
        self.own = own
        self.on_action = own.on_action

    def places(self, state: State) -> Places:
        return Places(**self.own.places(state))


def recorder(game_id: str) -> Recorder:
    module = game_part(game_id, "facts")
    if module is None:
        return NoPlaces()
    return GameRecorder(module.Recorder())

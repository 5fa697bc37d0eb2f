"""A turn sequence run as an agenda of plain-data steps, for games whose sequence of play is a
fixed list of phases with steps inserted as the rules call for them (Devil Dogs 5, the
miniatures game's Game Sequence). The agenda lives in the state, so clone, save and replay
keep it exactly."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from greatwar.core.state import State

Step = tuple[Any, ...]  # (step name, *arguments): one entry of the agenda


class AgendaState(State):
    """A state whose ``advance`` runs ``agenda`` steps (by name, from ``steps``, which the
    game's rules module fills in) until a prompt waits or the game ends; an empty agenda
    starts the next turn's ``turn_plan``."""

    steps: ClassVar[Mapping[str, Callable[..., None]]] = {}
    turn_plan: ClassVar[tuple[Step, ...]] = ()
    agenda: list[Step]

    def advance(self) -> None:
        while not self.stack and not self.is_terminal():
            if not self.agenda:
                self.agenda = list(self.turn_plan)
            step = self.agenda.pop(0)
            self.steps[step[0]](self, *step[1:])

    def then(self, *steps: Step) -> None:
        """Run these steps next, before the rest of the agenda."""
        self.agenda[0:0] = list(steps)

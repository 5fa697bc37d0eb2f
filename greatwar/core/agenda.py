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
        run_agenda(self)

    def then(self, *steps: Step) -> None:
        """Run these steps next, before the rest of the agenda."""
        self.agenda[0:0] = list(steps)


def run_agenda(state: AgendaState) -> None:
    """``AgendaState.advance``: the agenda's steps run until a prompt waits or the game ends.
    A function whose declarations (agenda.pxd) make ``state`` the engine's extension type,
    so the stack and the winner are read as C fields at every step."""
    steps = state.steps
    while not state.stack and state._winner is None:
        agenda = state.agenda  # (read at every step: a step may set a new agenda)
        if not agenda:
            agenda = state.agenda = list(state.turn_plan)
        step = agenda.pop(0)
        steps[step[0]](state, *step[1:])

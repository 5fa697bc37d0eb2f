"""The sequence of play (4.0): the phase order, what runs at each phase's start and end, and the
table of prompts and resolution steps."""

from __future__ import annotations

from greatwar.games.marne1914.data import ALLIED, GERMAN, OTHER
from greatwar.games.marne1914.state import MarneState

PHASE_TITLES = {
    "allied_setup": "Allied Deployment (3)",
    "german_setup": "German Deployment (3)",
    "modes": "A. Mutual Mode Alteration Phase (4.A, 5.2)",
    "initiative": "B. Initiative Determination Phase (4.B, 6)",
    "movement": "Movement Phase (4.C.1, 7)",
    "bombardment": "Bombardment Phase (4.C.2, 9.1)",
    "combat": "Combat Phase (4.C.3, 9.2-9.5)",
    "supply": "E. Supply Determination Phase (4.E, 11)",
}
PHASE_ORDER = tuple(PHASE_TITLES)
PLAYER_PHASES = ("movement", "bombardment", "combat")


def next_phase(state: MarneState) -> None:
    """4: end the phase just finished and start the next one."""
    from greatwar.games.marne1914.movement import end_of_phase_stacking
    from greatwar.games.marne1914.victory import final_victory

    if state.phase not in ("allied_setup", "german_setup"):
        end_of_phase_stacking(state)  # 8.1.3
    phase = state.phase
    if phase == "allied_setup":
        state.phase = "german_setup"
    elif phase == "german_setup":
        state.turn, state.phase = 1, "modes"
    elif phase == "modes":
        state.phase = "initiative"
    elif phase == "initiative":
        state.phase, state.player_turn = "movement", 0
    elif phase == "movement":
        state.phase = "bombardment"
    elif phase == "bombardment":
        state.phase = "combat"
    elif phase == "combat":
        if state.player_turn == 0:
            state.phase, state.player_turn = "movement", 1
        else:
            state.phase = "supply"
    elif phase == "supply":
        if state.turn >= state.last_turn():
            final_victory(state)
            return
        state.turn, state.phase, state.player_turn = state.turn + 1, "modes", 0
    title = PHASE_TITLES[state.phase]
    if state.phase in PLAYER_PHASES:
        title = f"{state.active} {title}"
    state.note("4", f"turn {state.turn} ({state.date()}): {title}")
    state.phase_starts[state.phase](state)


def first_player_text(state: MarneState) -> str:
    second = OTHER[state.first]
    return f"{state.first} moves first, {second} second"


def register() -> None:
    """Fill MarneState's prompt, phase and task tables."""
    from greatwar.games.marne1914 import (
        combat,
        modes,
        movement,
        phase,
        reinforcements,
        results,
        setup,
        supply,
    )

    prompts = (
        *setup.PROMPTS,
        *modes.PROMPTS,
        *movement.PROMPTS,
        *phase.PROMPTS,
        *reinforcements.PROMPTS,
        *combat.PROMPTS,
        *results.PROMPTS,
    )
    MarneState.prompts = {p.name: p for p in prompts}
    MarneState.phase_starts = {
        "german_setup": setup.start_german_setup,
        "modes": modes.start_modes,
        "initiative": modes.start_initiative,
        "movement": phase.start_movement,
        "bombardment": combat.start_bombardment,
        "combat": combat.start_combat,
        "supply": supply.supply_phase,
    }
    MarneState.task_handlers = {**combat.TASKS, **results.TASKS}
    MarneState.sequence = {"next_phase": next_phase}


__all__ = ["ALLIED", "GERMAN", "PHASE_TITLES", "next_phase", "register"]

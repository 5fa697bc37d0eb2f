"""The trenches rules program: the prompts (waiting points) and the steps of The Game
Sequence."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core import Prompt
from greatwar.games.trenches import bombardment, movement, sequence
from greatwar.games.trenches.state import TrenchesState

PROMPTS: tuple[Prompt[TrenchesState], ...] = (
    sequence.GameMaster(),  # Fortune of War
    bombardment.Barrage(),  # Bombardment Phase, German Bombardment, Poison Gas, Smoke
    bombardment.Guns(),  # on-board artillery
    movement.MoveFire(),  # Move and Fire, Tanks, The German Airplane
    movement.OpportunityFire(),  # machine gun opportunity fire
    movement.ReturnFire(),  # German Return Fire, French Fire
    sequence.Arrive(),  # German New Units
)

STEPS: dict[str, Callable[..., None]] = {
    "fortune": sequence.fortune,
    "winds": sequence.winds,
    "clouds": sequence.clouds,
    "off_board": bombardment.off_board,
    "on_board": bombardment.on_board,
    "move_phase": sequence.move_phase,
    "return_fire": sequence.return_fire,
    "hand_to_hand": sequence.hand_to_hand,
    "morale": sequence.morale,
    "reinforcements": sequence.reinforcements,
    "new_units": sequence.new_units,
    "surrender": sequence.surrender,
    "end_turn": sequence.end_turn,
}

TrenchesState.prompts = {prompt.name: prompt for prompt in PROMPTS}
TrenchesState.steps = STEPS
